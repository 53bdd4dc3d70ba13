//! Naming the numeric action types of a trade, with the client's [`TradeActionCodes`].

use super::models::trade::{Trade, TradePage};
use crate::routes::action_codes::TradeActionCodes;

impl TradeActionCodes {
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
