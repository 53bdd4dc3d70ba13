//! Routes, links and request fields of the trade API that differ between the dialects
//! (the record itself is in [`super::published`]).

use crate::dialect::Dialect;
use crate::trade::check::Check;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

/// The routes (under [`crate::trade::api::PREFIX`]) the dialects disagree on. In the published
/// dialect the spec's routes are not served (404).
pub struct TradeRoutes {
    pub initiate: &'static str,
    pub connect: &'static str,
    pub payout_account: &'static str,
}

pub fn routes(dialect: Dialect) -> TradeRoutes {
    match dialect {
        Dialect::Spec => {
            TradeRoutes { initiate: "/trades", connect: "/connect", payout_account: "/users/{user}/payout-account" }
        }
        Dialect::Published => TradeRoutes {
            initiate: "/trades/initiate",
            connect: "/users/connect",
            payout_account: "/connect/{user}/bankaccount/initiate",
        },
    }
}

/// A hosted-page link: `{url}` (spec) or `{redirectUrl}` (published).
pub fn link(dialect: Dialect, url: &str) -> Value {
    let url = url.to_owned();
    match dialect {
        Dialect::Spec => json!(TradeLink { url }),
        Dialect::Published => json!(PublishedTradeLink { redirect_url: url }),
    }
}

/// The spec's hosted-page link of the trade API.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TradeLink {
    pub url: String,
}

/// The published hosted-page link of the trade API.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "TradeLink")]
pub struct PublishedTradeLink {
    pub redirect_url: String,
}

/// The answer to initiating a trade: the published dialect adds the payer's status page.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TradeInitiated {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect_url: Option<String>,
    pub trade_id: String,
}

/// The answer to initiating a trade: `{tradeId}` (spec), or `{redirectUrl, tradeId}` with
/// the payer's hosted status page (published).
pub fn initiated(trade_id: &str, redirect: Option<&str>) -> Value {
    json!(TradeInitiated { redirect_url: redirect.map(str::to_owned), trade_id: trade_id.to_owned() })
}

/// The user of a user-connect body: `marketplaceUserId` (spec) or `userId` (published;
/// the spec's name is refused there).
pub fn connect_user(c: &mut Check, dialect: Dialect) -> Option<String> {
    match dialect {
        Dialect::Spec => c.string("marketplaceUserId", 1, 64, true),
        Dialect::Published => {
            if c.has("marketplaceUserId") {
                c.errors.push((
                    "marketplaceUserId".into(),
                    "this sandbox speaks the published dialect: send userId, not marketplaceUserId".into(),
                ));
            }
            c.string("userId", 1, 64, true)
        }
    }
}

/// `appSwitch` (an optional object). In the published dialect its `operatingSystem` is an
/// integer, 0 = Android, 1 = iOS; a string (the spec's "Android") is refused.
pub fn app_switch(c: &mut Check, dialect: Dialect) -> Option<Value> {
    let value = c.object("appSwitch", false)?;
    if dialect == Dialect::Published {
        let fault = match value.get("operatingSystem") {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) if matches!(n.as_i64(), Some(0 | 1)) => None,
            Some(Value::Number(_)) => Some("must be 0 (Android) or 1 (iOS)"),
            Some(_) => Some("must be an integer in the published dialect: 0 = Android, 1 = iOS"),
        };
        if let Some(msg) = fault {
            c.errors.push(("appSwitch.operatingSystem".into(), msg.into()));
        }
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operating_system_is_an_integer_only_in_published() {
        for (body, spec_errors, published_errors) in [
            (r#"{"appSwitch":{"operatingSystem":"Android"}}"#, 0, 1),
            (r#"{"appSwitch":{"operatingSystem":1}}"#, 0, 0),
            (r#"{"appSwitch":{"operatingSystem":2}}"#, 0, 1),
            (r#"{"appSwitch":{"appSwitchCallbackUri":"x://y"}}"#, 0, 0),
            (r#"{}"#, 0, 0),
        ] {
            for (dialect, expected) in [(Dialect::Spec, spec_errors), (Dialect::Published, published_errors)] {
                let mut c = Check::parse(body.as_bytes()).unwrap();
                app_switch(&mut c, dialect);
                assert_eq!(c.errors.len(), expected, "{dialect} {body}");
            }
        }
    }

    #[test]
    fn connect_reads_the_dialects_user_field() {
        let mut c = Check::parse(br#"{"marketplaceUserId":"u1"}"#).unwrap();
        assert_eq!(connect_user(&mut c, Dialect::Spec).as_deref(), Some("u1"));
        let mut c = Check::parse(br#"{"marketplaceUserId":"u1"}"#).unwrap();
        assert_eq!(connect_user(&mut c, Dialect::Published), None);
        assert_eq!(c.errors.len(), 2, "the spec's name refused, userId missing: {:?}", c.errors);
        let mut c = Check::parse(br#"{"userId":"u2"}"#).unwrap();
        assert_eq!(connect_user(&mut c, Dialect::Published).as_deref(), Some("u2"));
        assert!(c.errors.is_empty());
    }
}
