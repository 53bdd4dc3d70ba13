//! The plain HTTP client of the calls the typed client does not make (`escrow api`, a
//! sandbox's own routes), with the typed client's checks of the address first.

use crate::exit::Failure;
use crate::key::Target;
use std::time::Duration;

/// The target's checked base URL (an http(s) address, the key never over plain http to
/// another host) and a client that waits `timeout` seconds and follows no redirect (the key
/// goes to the base URL's host only).
pub fn client(target: &Target, timeout: u64) -> Result<(String, reqwest::Client), Failure> {
    let checked = escrow_api::Client::builder(target.base_url.clone(), target.api_key.clone()).build()?;
    let builder = target.network.apply(reqwest::Client::builder())?;
    let http = builder
        .timeout(Duration::from_secs(timeout))
        .connect_timeout(Duration::from_secs(timeout.min(10)))
        .user_agent(concat!("escrow-cli/", env!("CARGO_PKG_VERSION")))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| Failure::local(format!("cannot start HTTP: {e}")))?;
    Ok((checked.base_url().to_owned(), http))
}
