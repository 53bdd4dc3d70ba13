//! `escrow-desk://` links: what a colleague's chat message, an e-mail or a ticket carries to open
//! a place on a desk. Each names its environment (the service's address, or `sandbox` for the
//! desk's built-in Sandbox), so a link works on every desk that has that environment:
//!
//! - `escrow-desk://open/transaction/<id>?environment=<env>`
//! - `escrow-desk://open/user/<serviceAccountId>?environment=<env>`
//! - `escrow-desk://open/trade/<tradeId>?environment=<env>`
//! - `escrow-desk://open/transactions?environment=<env>&search=<text>&status=<STATUS>...`
//! - `escrow-desk://open/attention?environment=<env>`
//!
//! Everything arrives from outside the app, so it is read strictly: anything else is refused
//! with a plain reason and opens nothing.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub const SCHEME: &str = "escrow-desk";
/// The built-in Sandbox's name in a link (its address differs on every desk).
pub const SANDBOX: &str = "sandbox";
const MAX_LEN: usize = 2000;

/// The place a link opens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LinkTarget {
    Transaction { id: String },
    User { id: String },
    Trade { id: String },
    Transactions { search: Option<String>, statuses: Vec<String> },
    Attention,
}

/// A link as read: its environment as the link names it, and its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeskLink {
    pub environment: String,
    pub target: LinkTarget,
}

/// An id of the service as a link may carry it: 1–100 letters, digits, `-`, `_`, `.`.
fn id(text: &str) -> Result<String, String> {
    // Dots alone would be a path's `.` or `..`, which a URL folds away.
    let ok = !text.is_empty()
        && text.len() <= 100
        && text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && !text.chars().all(|c| c == '.');
    if ok { Ok(text.to_owned()) } else { Err(format!("“{text}” is not an id the service gives")) }
}

/// Reads `text` as an `escrow-desk://` link.
pub fn parse(text: &str) -> Result<DeskLink, String> {
    if text.len() > MAX_LEN {
        return Err("the link is too long".into());
    }
    let url = url::Url::parse(text.trim()).map_err(|_| "it is not a link".to_owned())?;
    if url.scheme() != SCHEME || url.host_str() != Some("open") {
        return Err(format!("it is not an {SCHEME}://open/… link"));
    }
    let mut environment = None;
    let (mut search, mut statuses) = (None, Vec::new());
    for (key, value) in url.query_pairs() {
        match key.as_ref() {
            "environment" if !value.trim().is_empty() && value.len() <= 300 => {
                environment = Some(value.trim().trim_end_matches('/').to_owned())
            }
            "search" if value.chars().count() <= 200 => {
                search = Some(value.trim().to_owned()).filter(|s| !s.is_empty())
            }
            "status" if value.len() <= 40 && value.chars().all(|c| c.is_ascii_uppercase() || c == '_') => {
                statuses.push(value.into_owned())
            }
            other => return Err(format!("it has a part this version does not read (“{other}”)")),
        }
    }
    let environment = environment.ok_or("it names no environment")?;
    let segments: Vec<&str> = url.path_segments().map(|s| s.filter(|p| !p.is_empty()).collect()).unwrap_or_default();
    let target = match segments.as_slice() {
        ["transaction", x] => LinkTarget::Transaction { id: id(x)? },
        ["user", x] => LinkTarget::User { id: id(x)? },
        ["trade", x] => LinkTarget::Trade { id: id(x)? },
        ["transactions"] => LinkTarget::Transactions { search, statuses },
        ["attention"] => LinkTarget::Attention,
        _ => return Err("it opens no place this version knows".into()),
    };
    Ok(DeskLink { environment, target })
}

/// The link to `target` in `environment` (an address, or [`SANDBOX`]).
pub fn format(environment: &str, target: &LinkTarget) -> String {
    let (path, extra): (String, Vec<(&str, &str)>) = match target {
        LinkTarget::Transaction { id } => (format!("transaction/{id}"), vec![]),
        LinkTarget::User { id } => (format!("user/{id}"), vec![]),
        LinkTarget::Trade { id } => (format!("trade/{id}"), vec![]),
        LinkTarget::Transactions { search, statuses } => (
            "transactions".into(),
            search
                .iter()
                .map(|s| ("search", s.as_str()))
                .chain(statuses.iter().map(|s| ("status", s.as_str())))
                .collect(),
        ),
        LinkTarget::Attention => ("attention".into(), vec![]),
    };
    let query: String = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("environment", environment)
        .extend_pairs(extra)
        .finish();
    format!("{SCHEME}://open/{path}?{query}")
}

/// The link among a program's arguments (the desktop entry passes it as `%u`), if any.
pub fn in_args<I: IntoIterator<Item = S>, S: AsRef<str>>(args: I) -> Option<String> {
    args.into_iter().map(|a| a.as_ref().to_owned()).find(|a| a.starts_with(&format!("{SCHEME}:")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_place_reads_back_what_it_writes() {
        let places = [
            LinkTarget::Transaction { id: "d9626268-1d27".into() },
            LinkTarget::User { id: "acc_42".into() },
            LinkTarget::Trade { id: "T-1".into() },
            LinkTarget::Transactions {
                search: Some("Tesla Ærø & co".into()),
                statuses: vec!["PAID".into(), "CANCELLED".into()],
            },
            LinkTarget::Attention,
        ];
        for env in ["https://api.escrow.example/", "sandbox"] {
            for place in &places {
                let link = format(env, place);
                let read = parse(&link).unwrap();
                assert_eq!(read.target, *place, "{link}");
                assert_eq!(read.environment, env.trim_end_matches('/'));
            }
        }
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        for bad in [
            "https://example.com/transaction/x?environment=sandbox",
            "escrow-desk://evil/transaction/x?environment=sandbox",
            "escrow-desk://open/transaction/x",
            "escrow-desk://open/transaction/../../etc?environment=sandbox",
            "escrow-desk://open/transaction/a%20b?environment=sandbox",
            "escrow-desk://open/transaction/%2E?environment=sandbox",
            "escrow-desk://open/transaction/x?environment=sandbox&script=1",
            "escrow-desk://open/settings?environment=sandbox",
            "escrow-desk://open/transactions?environment=sandbox&status=paid'",
            "not a link",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(
            parse(&format!("escrow-desk://open/attention?environment=sandbox&search={}", "x".repeat(2000))).is_err()
        );
        assert_eq!(
            in_args(["escrow-desk", "--flag", "escrow-desk://open/attention?environment=sandbox"]).as_deref(),
            Some("escrow-desk://open/attention?environment=sandbox")
        );
        assert_eq!(in_args(["escrow-desk"]), None);
    }
}
