//! Names for the numeric action `type`s of the published trade API.
//!
//! The published documentation shows a party's open actions as `[{type: integer, text}]`
//! but does not say which number is which action; the spec names actions
//! (`AcceptAndPay`, `BuyDeliveryShipment`, …). This table is the client's documented
//! default (the sandbox's published dialect uses the same numbers, see
//! `docs/published-api.md`); a deployment that numbers them otherwise overrides entries
//! with [`TradeActionCodes::with`] (the app: a `tradeAction.N = Name` line in a profile's
//! route overrides). A code with no name stays as its digits, so nothing is lost.

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
}
