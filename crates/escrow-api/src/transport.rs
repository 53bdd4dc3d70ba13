//! An API key never travels unencrypted: plain `http` is allowed only to this machine (a
//! local sandbox), never to another host, whatever the profile says.

use crate::error::{Error, ErrorKind, Result};

/// `localhost`, `127.0.0.0/8` or `::1`.
pub fn is_loopback(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// Refuses a base URL over which a key would be sent in clear: `http` to a host other
/// than this machine.
pub fn check_key_transport(base: &url::Url) -> Result<()> {
    if base.scheme() == "http" && !is_loopback(base) {
        let host = base.host_str().unwrap_or("?");
        return Err(Error::new(ErrorKind::Config(format!(
            "the API key is never sent over plain http to {host}: use https (http only to this machine)"
        ))));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(u: &str) -> bool {
        check_key_transport(&url::Url::parse(u).unwrap()).is_ok()
    }

    #[test]
    fn plain_http_only_to_this_machine() {
        for ok in [
            "https://api.example.dk",
            "http://127.0.0.1:8080",
            "http://localhost:1",
            "http://[::1]:9/",
            "http://127.9.9.9",
        ] {
            assert!(check(ok), "{ok}");
        }
        for refused in
            ["http://api.example.dk", "http://10.0.0.5:8080", "http://localhost.example.com", "http://[::2]/"]
        {
            assert!(!check(refused), "{refused}");
        }
    }
}
