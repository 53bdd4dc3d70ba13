//! The new deal's review: create's own checks, then what the deal will mean for each party
//! by the same consequence rules as every money dialog (`crate::consequence`), with the
//! debt that the Auto set-up registers right after the create.

use super::create::{Fields, NewTransactionInput};
use crate::consequence::{Consequence, of_create};
use crate::error::AppError;
use escrow_api::TransactionType;

impl NewTransactionInput {
    /// What the deal will mean for each party, for the review: create's own checks first,
    /// then the consequence of the request and of the debt that the new deal's set-up
    /// registers right after the create (`debt_amount`, Auto only; empty or `None`: none).
    pub fn review(&self, debt_amount: Option<&str>) -> Result<Consequence, AppError> {
        let (kind, req) = self.to_request()?;
        let mut f = Fields::default();
        let debt = debt_amount.and_then(|d| f.money("setup.debt.amount", d, true));
        if debt.is_some() && kind != TransactionType::Auto {
            f.fail("setup.debt.amount", "is for Auto transactions only");
        }
        let debt = f.finish(debt)?;
        let currency = req.currency.as_ref().map(|c| c.to_string()).unwrap_or_else(|| "DKK".into());
        Ok(of_create(
            req.amount,
            req.payee_fixed_fee.unwrap_or_default(),
            req.payer_fixed_fee.unwrap_or_default(),
            &currency,
            debt,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transactions::create::VehicleInput;

    fn auto_with_debt() -> NewTransactionInput {
        NewTransactionInput {
            transaction_type: "AUTO".into(),
            amount: "199900".into(),
            payee_reference_id: "dealer-1".into(),
            payee_fixed_fee: "1250".into(),
            payer_fixed_fee: "150".into(),
            vehicle: Some(VehicleInput::default()),
            ..Default::default()
        }
    }

    #[test]
    fn the_review_takes_the_debt_of_the_set_up_out_of_the_payees_share() {
        let c = auto_with_debt().review(Some("45000.00")).expect("valid");
        assert_eq!(c.payee_net, "153650.00", "199,900 − 1,250 payee fee − 45,000 debt");
        assert_eq!(c.payer_owes, "200050.00", "amount + payer fee");
        assert_eq!(c.splits.len(), 1);
        let s = &c.splits[0];
        assert!(s.debt_settlement, "the debt settlement line: {s:?}");
        assert_eq!((s.amount.as_str(), s.effect.as_str(), s.timing.as_str()), ("45000.00", "planned", "ON_CLOSE"));
        assert!(c.blocked.is_none());
        let plain = auto_with_debt().review(None).expect("valid");
        assert_eq!(plain.payee_net, "198650.00");
        assert!(plain.splits.is_empty());
        assert_eq!(auto_with_debt().review(Some("")).expect("valid"), plain, "empty is no debt");
    }

    #[test]
    fn the_review_expects_the_refusal_of_a_debt_above_the_payees_share() {
        let c = auto_with_debt().review(Some("198650.01")).expect("valid");
        let b = c.blocked.expect("above the share");
        assert_eq!((b.reason.as_str(), b.amount.as_deref()), ("overShare", Some("198650.00")));
        let err = auto_with_debt().review(Some("-5")).unwrap_err();
        assert_eq!(err.field_errors.unwrap()[0].field, "setup.debt.amount");
        let marketplace = NewTransactionInput {
            transaction_type: "MARKETPLACE".into(),
            amount: "12500".into(),
            title: "Cykel".into(),
            payer_id: "acc-payer".into(),
            payee_id: "acc-payee".into(),
            ..Default::default()
        };
        let err = marketplace.review(Some("100")).unwrap_err();
        assert_eq!(err.field_errors.unwrap()[0].message, "is for Auto transactions only");
    }
}
