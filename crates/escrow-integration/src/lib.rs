//! Nothing to link: this crate is its tests, the checkout example and the export bench,
//! kept apart so `escrow-api` needs no sandbox to build or test.
