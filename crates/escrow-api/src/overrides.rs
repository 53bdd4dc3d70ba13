//! Route overrides as a desk's profile stores them: the specs leave some routes unshown and the
//! published documentation shows others, so a profile may point any v2 or trade operation
//! elsewhere without a new build. One reader for the app (which checks the text when it is
//! saved) and the CLI (which reads the same text), so both send every call to the same place.
//!
//! Text format, one override per line (blank lines and `#` comments ignored):
//!
//! ```text
//! changeAmount = /v2/transactions/{transactionId}/change-amount
//! getUser = GET /v1/marketplace/users/{marketplaceUserId}
//! tradeAction.5 = BuyDeliveryShipment
//! ```
//!
//! The name is the operation's override name ([`V2Route::name`], [`TradeRoute::name`]); the
//! method is optional (v2 methods are fixed); the path must start with `/` and use exactly the
//! default's `{placeholders}`. `tradeAction.N = Name` names the published trade API's numeric
//! action types where a service numbers them unlike the client's default table.

use crate::routes::{Routes, V2Route};
use crate::trade::{TradeActionCodes, TradeRoute, TradeRoutes};

/// Longest override text accepted.
pub const MAX_LEN: usize = 8_000;

/// The route tables a profile's text describes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RouteOverrides {
    /// The v2 API's routes.
    pub v2: Routes,
    /// The business-user and trade API's routes.
    pub trade: TradeRoutes,
    /// The published trade API's numeric action types.
    pub trade_action_codes: TradeActionCodes,
}

/// A line that cannot be read (numbered from 1), and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadLine {
    /// Its number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

/// Why a text is refused: too long, or these lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OverridesError {
    /// Longer than [`MAX_LEN`].
    TooLong,
    /// These lines cannot be read.
    Lines(Vec<BadLine>),
}

fn placeholders(template: &str) -> Vec<&str> {
    let mut out: Vec<&str> = template.split('{').skip(1).filter_map(|s| s.split_once('}').map(|(p, _)| p)).collect();
    out.sort_unstable();
    out
}

/// Reads the text, reporting every bad line at once.
pub fn parse(text: &str) -> Result<RouteOverrides, OverridesError> {
    if text.len() > MAX_LEN {
        return Err(OverridesError::TooLong);
    }
    let mut out = RouteOverrides::default();
    let mut bad = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Err(message) = apply(&mut out, line) {
            bad.push(BadLine { line: i + 1, message });
        }
    }
    if bad.is_empty() { Ok(out) } else { Err(OverridesError::Lines(bad)) }
}

/// One line applied to the tables (unchanged on a fault).
fn apply(out: &mut RouteOverrides, line: &str) -> Result<(), String> {
    let (name, route) = line.split_once('=').ok_or("write name = [METHOD] /path")?;
    let (name, route) = (name.trim(), route.trim());
    let (method, path) = match route.split_once(char::is_whitespace) {
        Some((m, p)) if !m.starts_with('/') => (m.trim().to_ascii_uppercase(), p.trim()),
        _ => (String::new(), route),
    };
    if let Some(code) = name.strip_prefix("tradeAction.") {
        let is_name = !route.is_empty() && route.len() <= 64 && route.chars().all(|c| c.is_ascii_alphanumeric());
        if code.is_empty() || code.len() > 9 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{name}: the action type must be a number"));
        }
        if !is_name {
            return Err(format!("{name}: write the action's name, e.g. AcceptAndPay"));
        }
        out.trade_action_codes = std::mem::take(&mut out.trade_action_codes).with(code, route);
        return Ok(());
    }
    if let Some(v2) = V2Route::from_name(name) {
        let (default_method, default_path) = v2.default_route();
        if !method.is_empty() && method != default_method {
            return Err(format!("{name} is always {default_method}"));
        }
        if !path.starts_with('/') || placeholders(path) != placeholders(default_path) {
            return Err(format!("{name}: the path must start with / and use exactly {:?}", placeholders(default_path)));
        }
        out.v2 = std::mem::take(&mut out.v2).with(v2, path);
        return Ok(());
    }
    if TradeRoute::from_name(name).is_none() {
        return Err(format!("{name} is not an operation whose route can be changed"));
    }
    out.trade = out.trade.clone().with_named(name, &method, path).map_err(|e| e.to_string())?;
    Ok(())
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
        let Err(OverridesError::Lines(bad)) = parse("tradeAction.x = Pay\ntradeAction.3 = not a name\n") else {
            panic!("refused")
        };
        assert_eq!(bad.len(), 2);
    }

    #[test]
    fn every_bad_line_is_named() {
        let text =
            "nonsense\nfoo = /x\nchangeAmount = PUT /v2/x/{transactionId}\naddPayee = /v2/{id}\ngetUser = /people\n";
        let Err(OverridesError::Lines(bad)) = parse(text) else { panic!("refused") };
        assert_eq!(bad.iter().map(|b| b.line).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
        assert_eq!(parse(&"#".repeat(MAX_LEN + 1)), Err(OverridesError::TooLong));
        assert_eq!(parse("").unwrap(), RouteOverrides::default());
    }
}
