//! Names for the numeric action `type`s of the published trade API.
//!
//! The published documentation shows a party's open actions as `[{type: integer, text}]`
//! but does not say which number is which action; the spec names actions
//! (`AcceptAndPay`, `BuyDeliveryShipment`, …). This table is the client's documented
//! default (the sandbox's published dialect uses the same numbers, see
//! `docs/published-api.md`); a deployment that numbers them otherwise overrides entries
//! with [`TradeActionCodes::with`] (the app: a `tradeAction.N = Name` line in a profile's
//! route overrides). A code with no name stays as its digits, so nothing is lost.

use super::models::{Trade, TradePage};
use std::collections::BTreeMap;

/// The default table: code → the spec's action name.
pub const DEFAULT_ACTION_CODES: &[(&str, &str)] = &[
    ("1", "AcceptInvitation"),
    ("2", "AcceptAndPay"),
    ("3", "RejectInvitation"),
    ("4", "Pay"),
    ("5", "BuyDeliveryShipment"),
    ("6", "PayShipment"),
    ("7", "AcceptItemCondition"),
    ("8", "RejectItemCondition"),
    ("9", "BuyReturnShipment"),
    ("10", "Abandon"),
];

/// Code → action name, the defaults unless overridden.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TradeActionCodes {
    names: BTreeMap<String, String>,
}

impl Default for TradeActionCodes {
    fn default() -> Self {
        let names = DEFAULT_ACTION_CODES.iter().map(|(c, n)| ((*c).to_owned(), (*n).to_owned())).collect();
        TradeActionCodes { names }
    }
}

impl TradeActionCodes {
    /// Names `code` (digits) `name`, replacing the default for that code.
    pub fn with(mut self, code: &str, name: &str) -> Self {
        self.names.insert(code.trim().to_owned(), name.trim().to_owned());
        self
    }

    /// The action name of `code`, if the table has one.
    pub fn name_of(&self, code: &str) -> Option<&str> {
        self.names.get(code).map(String::as_str)
    }

    /// Gives every numeric action of the trade's parties its name, keeping the number in
    /// `code`. Actions that already have a name (the spec dialect) are left as they are.
    pub fn name_trade(&self, trade: &mut Trade) {
        for party in [trade.payer.as_mut(), trade.payee.as_mut()].into_iter().flatten() {
            let Some(status) = party.status.as_mut() else { continue };
            for action in &mut status.actions {
                let is_code = !action.name.is_empty() && action.name.bytes().all(|b| b.is_ascii_digit());
                if !is_code {
                    continue;
                }
                if let Some(name) = self.name_of(&action.name) {
                    action.code = Some(std::mem::replace(&mut action.name, name.to_owned()));
                } else {
                    action.code = Some(action.name.clone());
                }
            }
        }
    }

    /// [`TradeActionCodes::name_trade`] for every trade of a page.
    pub fn name_page(&self, page: &mut TradePage) {
        for trade in &mut page.trades {
            self.name_trade(trade);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trade_with(actions: serde_json::Value) -> Trade {
        serde_json::from_value(serde_json::json!({
            "tradeId": "t",
            "payer": {"status": {"actions": actions}},
        }))
        .unwrap()
    }

    #[test]
    fn numeric_types_get_names_and_keep_their_code() {
        let mut t = trade_with(
            serde_json::json!([{"type": 2, "text": "Accept and pay"}, {"type": 77, "text": "?"}, "Abandon"]),
        );
        TradeActionCodes::default().name_trade(&mut t);
        let actions = &t.payer.unwrap().status.unwrap().actions;
        assert_eq!(actions[0].name, "AcceptAndPay");
        assert_eq!(actions[0].code.as_deref(), Some("2"));
        assert_eq!(actions[0].text.as_deref(), Some("Accept and pay"));
        assert_eq!((actions[1].name.as_str(), actions[1].code.as_deref()), ("77", Some("77")));
        assert_eq!((actions[2].name.as_str(), actions[2].code.as_deref()), ("Abandon", None));
    }

    #[test]
    fn an_override_replaces_a_default() {
        let mut t = trade_with(serde_json::json!([{"type": 2, "text": "x"}]));
        TradeActionCodes::default().with("2", "Pay").name_trade(&mut t);
        assert_eq!(t.payer.unwrap().status.unwrap().actions[0].name, "Pay");
    }
}
