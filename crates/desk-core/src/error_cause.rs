//! The likely cause of a failure to reach the service, for a message in plain words: a
//! name that does not resolve, a refused connection, TLS, a timeout, a wrong key (401) or
//! a wrong base path (404). The UI says what to check for each.

use escrow_api::{Error, ErrorKind};

/// `dns`, `refused`, `tls`, `timeout`, `unreachable`, `wrongKey`, `wrongPath`, `server`,
/// `notTheService`, or `None` when the failure is not about reaching the service.
pub fn cause_of(e: &Error) -> Option<&'static str> {
    let text = |m: &str| m.to_ascii_lowercase();
    Some(match &e.kind {
        ErrorKind::Timeout => "timeout",
        ErrorKind::Connect(m) | ErrorKind::Network(m) => transport_cause(&text(m)),
        ErrorKind::Unauthorized(_) => "wrongKey",
        ErrorKind::NotFound(_) => "wrongPath",
        ErrorKind::Server { .. } => "server",
        ErrorKind::Decode { .. } => "notTheService",
        _ => return None,
    })
}

/// What the transport error's own words point to.
fn transport_cause(m: &str) -> &'static str {
    let any = |words: &[&str]| words.iter().any(|w| m.contains(w));
    if any(&[
        "dns error",
        "failed to lookup",
        "name or service not known",
        "no address associated",
        "nodename nor servname",
    ]) {
        "dns"
    } else if any(&["connection refused", "actively refused"]) {
        "refused"
    } else if any(&["certificate", "tls", "ssl", "handshake", "invalid peer", "unknownissuer"]) {
        "tls"
    } else if any(&["timed out", "timeout"]) {
        "timeout"
    } else {
        "unreachable"
    }
}

#[cfg(test)]
mod tests {
    use super::transport_cause;

    #[test]
    fn transport_errors_name_their_likely_cause() {
        for (message, cause) in [
            ("error sending request: client error (Connect): dns error: failed to lookup address information", "dns"),
            (
                "error sending request: client error (Connect): tcp connect error: Connection refused (os error 111)",
                "refused",
            ),
            ("error sending request: client error (Connect): invalid peer certificate: UnknownIssuer", "tls"),
            ("error sending request: operation timed out", "timeout"),
            ("error sending request: connection reset by peer", "unreachable"),
        ] {
            assert_eq!(transport_cause(&message.to_ascii_lowercase()), cause, "{message}");
        }
    }
}
