//! Which live transactions a bulk action may touch, and with which acting account; the
//! same rules as the single-transaction actions bar.

use super::model::{BulkKind, Skip, SkipWhy};
use escrow_api::Transaction;
use escrow_api::enums::TransactionStatus;

/// The acting account, or why the transaction is left out of the run.
pub fn check(kind: BulkKind, t: &Transaction) -> Result<String, Skip> {
    let open = matches!(t.status, TransactionStatus::Created | TransactionStatus::InProgress);
    let allowed = match kind {
        BulkKind::Payout => t.status == TransactionStatus::Paid,
        BulkKind::Cancel => open || t.status == TransactionStatus::Paid,
        BulkKind::PaymentLink => open,
    };
    if !allowed {
        return Err(Skip { why: SkipWhy::Status, status: Some(t.status.as_str().to_owned()) });
    }
    let account = |p: &Option<escrow_api::Party>| p.as_ref().and_then(|p| p.service_account_id.clone());
    let acting = match kind {
        // The payer's account when there is one, as the action dialog chooses first.
        BulkKind::Payout | BulkKind::Cancel => account(&t.payer).or_else(|| account(&t.payee)),
        BulkKind::PaymentLink => account(&t.payer),
    };
    let why = if kind == BulkKind::PaymentLink { SkipWhy::NoPayerAccount } else { SkipWhy::NoAccount };
    acting.filter(|a| !a.trim().is_empty()).ok_or(Skip { why, status: None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tx(status: &str, payer: Option<&str>, payee: Option<&str>) -> Transaction {
        let party = |id: Option<&str>| id.map(|i| json!({ "serviceAccountId": i }));
        serde_json::from_value(json!({
            "transactionId": "t1", "status": status, "amount": "10.00", "currency": "DKK",
            "payer": party(payer), "payee": party(payee),
        }))
        .unwrap()
    }

    #[test]
    fn payout_takes_paid_only_and_acts_as_the_payer_first() {
        assert_eq!(check(BulkKind::Payout, &tx("PAID", Some("a"), Some("b"))), Ok("a".into()));
        assert_eq!(check(BulkKind::Payout, &tx("PAID", None, Some("b"))), Ok("b".into()));
        let skip = check(BulkKind::Payout, &tx("CREATED", Some("a"), None)).unwrap_err();
        assert_eq!(skip, Skip { why: SkipWhy::Status, status: Some("CREATED".into()) });
        assert_eq!(skip.message(), "Not possible while the transaction is CREATED.");
        assert!(check(BulkKind::Payout, &tx("SUCCEEDED", Some("a"), None)).is_err());
        assert_eq!(check(BulkKind::Payout, &tx("PAID", None, None)).unwrap_err().why, SkipWhy::NoAccount);
    }

    #[test]
    fn cancel_takes_open_and_paid_but_not_closed() {
        assert!(check(BulkKind::Cancel, &tx("CREATED", Some("a"), None)).is_ok());
        assert!(check(BulkKind::Cancel, &tx("PAID", Some("a"), None)).is_ok());
        assert!(check(BulkKind::Cancel, &tx("CANCELLED", Some("a"), None)).is_err());
        assert!(check(BulkKind::Cancel, &tx("SUCCEEDED", Some("a"), None)).is_err());
    }

    #[test]
    fn a_payment_link_needs_an_unpaid_deal_and_the_payers_account() {
        assert_eq!(check(BulkKind::PaymentLink, &tx("CREATED", Some("a"), Some("b"))), Ok("a".into()));
        assert_eq!(
            check(BulkKind::PaymentLink, &tx("CREATED", None, Some("b"))).unwrap_err().why,
            SkipWhy::NoPayerAccount
        );
        assert!(check(BulkKind::PaymentLink, &tx("PAID", Some("a"), None)).is_err());
    }
}
