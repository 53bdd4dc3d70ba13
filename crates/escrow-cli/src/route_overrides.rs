//! A profile's route overrides, as the app stores them (`profiles.routes`, one
//! `name = [METHOD] /path` per line, `#` comments; `tradeAction.N = Name` for the published
//! trade API's action numbers). The app checks the text when it is saved; the command line
//! reads the same text into the client's tables, so every call goes where the desk's would.

use crate::exit::Failure;
use escrow_api::Dialect;
use escrow_api::overrides::OverridesError;
use escrow_api::routes::{Routes, V2Route};
use escrow_api::trade::{TradeRoute, TradeRoutes};

pub use escrow_api::overrides::RouteOverrides;

/// Reads profile `profile`'s text with the client's reader (the app's); a line the app would
/// not have saved is refused, named by its number, rather than silently sending to a default.
pub fn parse(profile: &str, text: &str) -> Result<RouteOverrides, Failure> {
    let why = match escrow_api::overrides::parse(text) {
        Ok(o) => return Ok(o),
        Err(OverridesError::TooLong) => "the text is too long".to_owned(),
        Err(OverridesError::Lines(bad)) => {
            bad.iter().map(|b| format!("line {}: {}", b.line, b.message)).collect::<Vec<_>>().join("; ")
        }
    };
    Err(Failure::usage(format!(
        "profile `{profile}` has route overrides this version cannot read ({why}): correct them in Escrow Desk (Environments)"
    )))
}

/// Where a raw request (`escrow api`) goes under the profile's overrides: a path that fills an
/// operation's usual template (in `dialect`) goes to that operation's override, its ids and
/// query kept; anything else as given. Answers the method, the path and the operation's name
/// when it was moved.
pub fn rewrite(
    o: &RouteOverrides,
    dialect: Dialect,
    method: &str,
    path: &str,
) -> Option<(String, String, &'static str)> {
    let (path_only, query) = match path.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (path, None),
    };
    let mut candidates: Vec<(&'static str, String, String, String)> = Vec::new();
    let usual_v2 = Routes::default();
    for &r in V2Route::ALL {
        let (usual, now) = (usual_v2.template_for(r, dialect), o.v2.template_for(r, dialect));
        if usual != now {
            candidates.push((r.name(), r.default_route().0.to_owned(), usual.to_owned(), now.to_owned()));
        }
    }
    let usual_trade = TradeRoutes::default();
    for &r in TradeRoute::ALL {
        let (usual_method, usual) = usual_trade.route_in(r, dialect);
        let (now_method, now) = o.trade.route_in(r, dialect);
        if (usual_method.as_str(), usual) != (now_method.as_str(), now) {
            candidates.push((r.name(), usual_method.to_string(), usual.to_owned(), format!("{now_method} {now}")));
        }
    }
    let (name, (now, params), _) = candidates
        .iter()
        .filter(|(_, m, _, _)| m.eq_ignore_ascii_case(method))
        .filter_map(|(name, _, usual, now)| fill_from(usual, path_only).map(|(f, l)| (*name, (now, f), l)))
        .max_by_key(|(_, _, literals)| *literals)?;
    let (new_method, template) = match now.split_once(' ') {
        Some((m, t)) => (m.to_owned(), t),
        None => (method.to_ascii_uppercase(), now.as_str()),
    };
    let mut new_path = template.to_owned();
    for (key, value) in params {
        new_path = new_path.replace(&format!("{{{key}}}"), &value);
    }
    if let Some(q) = query {
        new_path = format!("{new_path}?{q}");
    }
    Some((new_method, new_path, name))
}

/// The placeholders' values when `path` fills `template` segment by segment, and how many
/// segments matched literally (the more, the closer the match).
fn fill_from(template: &str, path: &str) -> Option<(Vec<(String, String)>, usize)> {
    let (t, p): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), path.split('/').collect());
    if t.len() != p.len() {
        return None;
    }
    let mut params = Vec::new();
    let mut literals = 0;
    for (t, p) in t.iter().zip(&p) {
        match t.strip_prefix('{').and_then(|x| x.strip_suffix('}')) {
            Some(name) if !p.is_empty() => params.push((name.to_owned(), (*p).to_owned())),
            Some(_) => return None,
            None if t == p => literals += 1,
            None => return None,
        }
    }
    Some((params, literals))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_apps_text_and_names_every_bad_line() {
        let o = parse(
            "P",
            "# our gateway\ngetTransaction = /gw/deals/{transactionId}\n\ngetUser = get /people/{marketplaceUserId}\ntradeAction.42 = Abandon\n",
        )
        .unwrap();
        assert_eq!(o.v2.resolve(V2Route::GetTransaction, Dialect::Spec, &[("transactionId", "t")]), "/gw/deals/t");
        assert_eq!(o.v2.template(V2Route::AddPayee), V2Route::AddPayee.default_route().1);
        let (m, p) = o.trade.route(TradeRoute::GetUser);
        assert_eq!((m.as_str(), p), ("GET", "/people/{marketplaceUserId}"));
        assert_eq!(o.trade_action_codes.name_of("42"), Some("Abandon"));
        assert_eq!(parse("P", "").unwrap(), RouteOverrides::default());

        let Err(Failure::Usage(message)) = parse(
            "P",
            "nonsense\nfoo = /x\nchangeAmount = PUT /v2/x/{transactionId}\naddPayee = /v2/{id}\ngetUser = /people\n",
        ) else {
            panic!("bad lines are refused");
        };
        for line in 1..=5 {
            assert!(message.contains(&format!("line {line}:")), "{message}");
        }
    }

    #[test]
    fn a_raw_path_of_an_overridden_operation_goes_to_its_override() {
        let o = parse("P", "getTransaction = /gw/deals/{transactionId}\ngetUser = POST /people/{marketplaceUserId}\n")
            .unwrap();
        let moved = |m, p| rewrite(&o, Dialect::Spec, m, p);
        assert_eq!(
            moved("GET", "/v2/transactions/t%201?x=1"),
            Some(("GET".into(), "/gw/deals/t%201?x=1".into(), "getTransaction"))
        );
        assert_eq!(moved("GET", "/v2/transactions"), None, "listTransactions is not overridden");
        assert_eq!(moved("POST", "/v2/transactions/t/payout"), None);
        assert_eq!(moved("get", "/v1/marketplace/users/u"), Some(("POST".into(), "/people/u".into(), "getUser")));
        assert_eq!(rewrite(&RouteOverrides::default(), Dialect::Published, "POST", "/v2/checkout/marketplace"), None);
    }
}
