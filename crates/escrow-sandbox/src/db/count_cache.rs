//! Remembered match counts of searches, valid while the tenant's transactions are unchanged.
//!
//! Why: a list's `count` is the number of all matches, so a broad term (one that matches
//! half of 100,000 transactions) costs a full walk of the trigram index on every page,
//! although paging through a term and the app's 30 s auto-refresh ask the same count
//! again and again. Each tenant has a generation (`search_tenants.gen`) that the triggers
//! keeping `transactions_fts` in step bump on every insert, delete and change of the
//! searched text, whoever writes. A count is reused only at the generation it was counted
//! at, read in the same snapshot, so it is never stale: any write makes the next list count
//! again. Held by the database ([`super::Db::search_counts`]) so every read connection
//! shares it; the transactions search (`v2::transactions::search`) fills and reads it.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// How many (tenant, term) counts are kept; the least recently used goes first.
pub const CAPACITY: usize = 256;

/// One search: the tenant and its terms, lowercased as they are matched.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CountKey {
    pub tenant: String,
    pub search: Option<String>,
    pub reference: Option<String>,
}

struct Entry {
    generation: i64,
    count: i64,
    last_used: u64,
}

#[derive(Default)]
struct Entries {
    map: HashMap<CountKey, Entry>,
    clock: u64,
}

/// Thread-safe and bounded; shared by the read connections (see [`super::Db::search_counts`]).
pub struct CountCache {
    capacity: usize,
    entries: Mutex<Entries>,
}

impl Default for CountCache {
    fn default() -> Self {
        Self::with_capacity(CAPACITY)
    }
}

impl CountCache {
    pub fn with_capacity(capacity: usize) -> Self {
        Self { capacity: capacity.max(1), entries: Mutex::default() }
    }

    /// The count of `key` if it was counted at `generation`.
    pub fn get(&self, key: &CountKey, generation: i64) -> Option<i64> {
        let mut guard = self.lock();
        let entries = &mut *guard;
        entries.clock += 1;
        let entry = entries.map.get_mut(key)?;
        if entry.generation != generation {
            return None;
        }
        entry.last_used = entries.clock;
        Some(entry.count)
    }

    /// Remembers `count` as counted at `generation`. A count from an older snapshot
    /// (lower generation) never replaces a newer one.
    pub fn put(&self, key: CountKey, generation: i64, count: i64) {
        let mut guard = self.lock();
        let entries = &mut *guard;
        entries.clock += 1;
        let last_used = entries.clock;
        if let Some(entry) = entries.map.get_mut(&key) {
            if entry.generation <= generation {
                *entry = Entry { generation, count, last_used };
            }
            return;
        }
        if entries.map.len() >= self.capacity {
            let oldest = entries.map.iter().min_by_key(|(_, e)| e.last_used).map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                entries.map.remove(&oldest);
            }
        }
        entries.map.insert(key, Entry { generation, count, last_used });
    }

    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A panic elsewhere while holding the lock leaves whole entries only (each one a
    /// count with its generation), so the map is still sound to use.
    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(tenant: &str, search: &str) -> CountKey {
        CountKey { tenant: tenant.into(), search: Some(search.into()), reference: None }
    }

    #[test]
    fn a_count_is_reused_only_at_its_generation() {
        let cache = CountCache::default();
        assert_eq!(cache.get(&key("demo", "tesla"), 1), None);
        cache.put(key("demo", "tesla"), 1, 42);
        assert_eq!(cache.get(&key("demo", "tesla"), 1), Some(42));
        assert_eq!(cache.get(&key("demo", "tesla"), 2), None, "a write happened");
        cache.put(key("demo", "tesla"), 2, 43);
        assert_eq!(cache.get(&key("demo", "tesla"), 2), Some(43));
    }

    #[test]
    fn an_older_snapshot_does_not_replace_a_newer_count() {
        let cache = CountCache::default();
        cache.put(key("demo", "tesla"), 5, 50);
        cache.put(key("demo", "tesla"), 4, 40);
        assert_eq!(cache.get(&key("demo", "tesla"), 5), Some(50));
        assert_eq!(cache.get(&key("demo", "tesla"), 4), None);
    }

    #[test]
    fn tenants_and_terms_are_apart() {
        let cache = CountCache::default();
        cache.put(key("demo", "tesla"), 1, 10);
        cache.put(key("other", "tesla"), 1, 3);
        let by_reference = CountKey { reference: Some("tesla".into()), search: None, ..key("demo", "") };
        cache.put(by_reference.clone(), 1, 7);
        assert_eq!(cache.get(&key("demo", "tesla"), 1), Some(10));
        assert_eq!(cache.get(&key("other", "tesla"), 1), Some(3));
        assert_eq!(cache.get(&by_reference, 1), Some(7));
        assert_eq!(cache.get(&key("demo", "bmw"), 1), None);
    }

    #[test]
    fn the_least_recently_used_count_goes_when_full() {
        let cache = CountCache::with_capacity(3);
        for (i, term) in ["a", "b", "c"].into_iter().enumerate() {
            cache.put(key("demo", term), 1, i as i64);
        }
        assert_eq!(cache.get(&key("demo", "a"), 1), Some(0), "a is used again");
        cache.put(key("demo", "d"), 1, 3);
        assert_eq!(cache.len(), 3);
        assert_eq!(cache.get(&key("demo", "b"), 1), None, "b was the least recently used");
        for term in ["a", "c", "d"] {
            assert!(cache.get(&key("demo", term), 1).is_some(), "{term} is kept");
        }
    }
}
