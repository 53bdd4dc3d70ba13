//! The journal of a desk whose team link cannot be restored at start (its password is not in
//! the keychain): every action is refused with why, so nothing falls back to the desk's own
//! journal and splits the team's truth. Joining again (or leaving) replaces it.

use crate::error::AppError;
use crate::journal::{Facts, JournalStore, NewIntent, NewOutcome, StoreFuture, StoredRecord};

pub struct Refusing(pub AppError);

impl Refusing {
    fn refuse<'a, T: Send + 'a>(&'a self) -> StoreFuture<'a, T> {
        let e = self.0.clone();
        Box::pin(async move { Err(e) })
    }
}

impl JournalStore for Refusing {
    fn insert_intent<'a>(&'a self, _: NewIntent<'a>) -> StoreFuture<'a, StoredRecord> {
        self.refuse()
    }
    fn record_outcome<'a>(&'a self, _: NewOutcome<'a>) -> StoreFuture<'a, StoredRecord> {
        self.refuse()
    }
    fn dismiss<'a>(&'a self, _: Facts<'a>) -> StoreFuture<'a, StoredRecord> {
        self.refuse()
    }
    fn get<'a>(&'a self, _: &'a str) -> StoreFuture<'a, StoredRecord> {
        self.refuse()
    }
    fn open(&self) -> StoreFuture<'_, Vec<StoredRecord>> {
        self.refuse()
    }
}
