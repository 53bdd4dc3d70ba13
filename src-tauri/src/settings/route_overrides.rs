//! Per-profile route overrides. The specs leave some routes unshown (six v2 operations
//! and the whole business-user and trade API) and the published documentation shows
//! others for a few; the client has documented defaults (and the published dialect its
//! presets), and a profile may point any v2 or trade operation elsewhere without a new
//! build.
//!
//! Text format, one override per line (blank lines and `#` comments ignored):
//!
//! ```text
//! changeAmount = /v2/transactions/{transactionId}/change-amount
//! getUser = GET /v1/marketplace/users/{marketplaceUserId}
//! ```
//!
//! The name is the operation's override name (`V2Route::name`,
//! `TradeRoute::name`); the method is optional (v2 methods are fixed); the path must
//! start with `/` and use exactly the default's `{placeholders}`.
//!
//! The same text names the published trade API's numeric action types where a service
//! numbers them unlike the client's default table (`tradeAction.5 = BuyDeliveryShipment`).

use crate::error::{AppError, FieldErrorView};
use escrow_api::routes::{Routes, V2Route};
use escrow_api::trade::{TradeActionCodes, TradeRoute, TradeRoutes};

/// Longest override text accepted.
pub const MAX_LEN: usize = 8_000;

/// The route tables a profile's text describes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RouteOverrides {
    pub v2: Routes,
    pub trade: TradeRoutes,
    pub trade_action_codes: TradeActionCodes,
}

fn placeholders(template: &str) -> Vec<&str> {
    let mut out: Vec<&str> = template.split('{').skip(1).filter_map(|s| s.split_once('}').map(|(p, _)| p)).collect();
    out.sort_unstable();
    out
}

/// Parses the text, reporting every bad line at once (`field` is `routes:<line>`).
pub fn parse(text: &str) -> Result<RouteOverrides, AppError> {
    if text.len() > MAX_LEN {
        return Err(AppError::validation(format!("Route overrides are limited to {MAX_LEN} characters.")));
    }
    let mut out = RouteOverrides::default();
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |errors: &mut Vec<FieldErrorView>, message: String| {
            errors.push(FieldErrorView { field: format!("routes:{}", i + 1), message })
        };
        let Some((name, route)) = line.split_once('=') else {
            fail(&mut errors, "write name = [METHOD] /path".into());
            continue;
        };
        let (name, route) = (name.trim(), route.trim());
        let (method, path) = match route.split_once(char::is_whitespace) {
            Some((m, p)) if !m.starts_with('/') => (m.trim().to_ascii_uppercase(), p.trim()),
            _ => (String::new(), route),
        };
        if let Some(code) = name.strip_prefix("tradeAction.") {
            let is_name = !route.is_empty() && route.len() <= 64 && route.chars().all(|c| c.is_ascii_alphanumeric());
            if code.is_empty() || code.len() > 9 || !code.bytes().all(|b| b.is_ascii_digit()) {
                fail(&mut errors, format!("{name}: the action type must be a number"));
            } else if !is_name {
                fail(&mut errors, format!("{name}: write the action's name, e.g. AcceptAndPay"));
            } else {
                out.trade_action_codes = std::mem::take(&mut out.trade_action_codes).with(code, route);
            }
        } else if let Some(v2) = V2Route::from_name(name) {
            let (default_method, default_path) = v2.default_route();
            if !method.is_empty() && method != default_method {
                fail(&mut errors, format!("{name} is always {default_method}"));
            } else if !path.starts_with('/') || placeholders(path) != placeholders(default_path) {
                fail(
                    &mut errors,
                    format!("{name}: the path must start with / and use exactly {:?}", placeholders(default_path)),
                );
            } else {
                out.v2 = std::mem::take(&mut out.v2).with(v2, path);
            }
        } else if TradeRoute::from_name(name).is_some() {
            match std::mem::take(&mut out.trade).with_named(name, &method, path) {
                Ok(t) => out.trade = t,
                Err(e) => fail(&mut errors, e.to_string()),
            }
        } else {
            fail(&mut errors, format!("{name} is not an operation whose route can be changed"));
        }
    }
    if errors.is_empty() {
        return Ok(out);
    }
    let lines = errors
        .iter()
        .map(|e| format!("line {}: {}", e.field.trim_start_matches("routes:"), e.message))
        .collect::<Vec<_>>();
    let mut err = AppError::validation(format!("Check the route overrides: {}.", lines.join("; ")));
    err.field_errors = Some(errors);
    Err(err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_v2_and_trade_routes_by_name() {
        let o = parse("# our gateway\nchangeAmount = /v2/transactions/{transactionId}/change-amount\n\ngetUser = get /people/{marketplaceUserId}\n").unwrap();
        assert_eq!(o.v2.template(V2Route::ChangeAmount), "/v2/transactions/{transactionId}/change-amount");
        assert_eq!(o.v2.template(V2Route::AddPayee), V2Route::AddPayee.default_route().1);
        let (m, p) = o.trade.route(TradeRoute::GetUser);
        assert_eq!((m.as_str(), p), ("GET", "/people/{marketplaceUserId}"));
    }

    #[test]
    fn names_published_action_types() {
        let o = parse("tradeAction.5 = Pay\ntradeAction.42 = Abandon\n").unwrap();
        assert_eq!(o.trade_action_codes.name_of("5"), Some("Pay"));
        assert_eq!(o.trade_action_codes.name_of("42"), Some("Abandon"));
        assert_eq!(o.trade_action_codes.name_of("2"), Some("AcceptAndPay"), "the defaults stay");
        let err = parse("tradeAction.x = Pay\ntradeAction.3 = not a name\n").unwrap_err();
        assert_eq!(err.field_errors.unwrap().len(), 2);
    }

    #[test]
    fn every_bad_line_is_named() {
        let err = parse(
            "nonsense\nfoo = /x\nchangeAmount = PUT /v2/x/{transactionId}\naddPayee = /v2/{id}\ngetUser = /people\n",
        )
        .unwrap_err();
        let fields: Vec<_> = err.field_errors.unwrap().into_iter().map(|f| f.field).collect();
        assert_eq!(fields, ["routes:1", "routes:2", "routes:3", "routes:4", "routes:5"]);
        assert!(parse(&"#".repeat(MAX_LEN + 1)).is_err());
        assert_eq!(parse("").unwrap(), RouteOverrides::default());
    }
}
