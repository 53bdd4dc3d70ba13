//! The first `n` of a stream in one pass, each candidate built only when it is kept: a
//! search keeps its page, and the attention queue the items it shows, while scanning
//! 100,000 rows (most of which are compared against the last kept one and dropped without
//! an allocation).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Keeps the `n` smallest items offered.
pub struct FirstN<T: Ord> {
    n: usize,
    /// A max-heap of the kept items: its top is the greatest kept, the first to go.
    heap: BinaryHeap<T>,
}

impl<T: Ord> FirstN<T> {
    pub fn new(n: usize) -> Self {
        Self { n, heap: BinaryHeap::with_capacity(n.saturating_add(1).min(4096)) }
    }

    /// Offers a candidate: `against` orders it against a kept item, and `make` builds it,
    /// called only when it is kept. Ties keep the item already there.
    pub fn offer_with(&mut self, against: impl FnOnce(&T) -> Ordering, make: impl FnOnce() -> T) {
        if self.n == 0 {
            return;
        }
        if self.heap.len() == self.n {
            match self.heap.peek() {
                Some(greatest) if against(greatest) == Ordering::Less => {
                    self.heap.pop();
                }
                _ => return,
            }
        }
        self.heap.push(make());
    }

    /// Offers a built item.
    pub fn offer(&mut self, item: T) {
        if self.n == 0 {
            return;
        }
        if self.heap.len() == self.n {
            match self.heap.peek() {
                Some(greatest) if item < *greatest => {
                    self.heap.pop();
                }
                _ => return,
            }
        }
        self.heap.push(item);
    }

    /// The kept items, smallest first.
    pub fn into_sorted(self) -> Vec<T> {
        self.heap.into_sorted_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_n_smallest_of_a_whole_sort_in_order() {
        let all: Vec<u32> = (0..500).map(|i| (i * 7919) % 1000).collect();
        let mut first = FirstN::new(25);
        for &x in &all {
            first.offer(x);
        }
        let mut whole = all.clone();
        whole.sort();
        assert_eq!(first.into_sorted(), whole[..25].to_vec());
    }

    #[test]
    fn builds_only_what_it_keeps() {
        let mut first = FirstN::new(2);
        let mut built = 0;
        for x in [5u32, 3, 9, 1, 7, 8] {
            first.offer_with(
                |kept| x.cmp(kept),
                || {
                    built += 1;
                    x
                },
            );
        }
        assert_eq!(first.into_sorted(), vec![1, 3]);
        assert_eq!(built, 3, "5 and 3 fill it, 1 replaces 5; 9, 7 and 8 are compared and dropped");
    }

    #[test]
    fn fewer_than_n_and_zero() {
        let mut few = FirstN::new(5);
        few.offer(2);
        few.offer(1);
        assert_eq!(few.into_sorted(), vec![1, 2]);
        let mut none = FirstN::new(0);
        none.offer(1);
        assert!(none.into_sorted().is_empty());
    }
}
