//! The sources' readers: what each line of the record and the audit log becomes.

use super::entry::{TimelineKind as K, TimelineSource as S};
use super::{from_audit, from_deliveries, from_record, merge};
use crate::audit::AuditEntry;
use serde_json::json;
use std::collections::HashMap;

fn transaction() -> escrow_api::Transaction {
    serde_json::from_value(json!({
        "transactionId": "t-1", "status": "SUCCEEDED", "amount": "1000.00", "currency": "DKK",
        "created": "2026-03-01T09:00:00Z",
        "payer": { "serviceAccountId": "payer-1", "name": "Mette" },
        "payee": { "serviceAccountId": "payee-1", "name": "Bilhuset" },
        "autoInformation": { "billOfSale": { "enabled": true, "fileName": "slutseddel.pdf" }, "debt": null },
        "payments": {
            "inbound": { "amount": "1000.00", "payments": [
                { "paymentId": "p-1", "amount": "1000.00", "status": "AUTHORIZED", "method": "CARD",
                  "created": "2026-03-01T09:05:00Z", "authorized": "2026-03-01T09:06:00Z" }
            ]},
            "outbound": { "amount": "1000.00", "payments": [
                { "amount": "100.00", "status": "AUTHORIZED", "text": "Reimbursement",
                  "payee": { "serviceAccountId": "payer-1", "name": "Mette" },
                  "created": "2026-03-01T10:00:00Z", "authorized": "2026-03-01T10:00:00Z" },
                { "amount": "900.00", "status": "SCHEDULED", "payee": { "serviceAccountId": "payee-1", "name": "Bilhuset" },
                  "created": "2026-03-01T11:00:00Z" }
            ]}
        }
    }))
    .unwrap()
}

use crate::audit::entry::sample as row;

#[test]
fn the_record_gives_created_payment_times_payouts_and_reimbursements() {
    let lines = from_record::entries(&transaction(), &[], &[]);
    let events: Vec<(&str, K)> = lines.iter().map(|l| (l.event.as_str(), l.kind)).collect();
    assert_eq!(
        events,
        [
            ("transaction.created", K::Created),
            ("payment.created", K::Payment),
            ("payment.authorized", K::Payment),
            ("reimbursement.created", K::Reimbursement),
            ("reimbursement.paid", K::Reimbursement),
            ("payout.created", K::Payout),
            ("billOfSale.enabled", K::BillOfSale),
        ]
    );
    let authorized = &lines[2];
    assert_eq!(authorized.at.unwrap().to_rfc3339(), "2026-03-01T09:06:00+00:00");
    assert_eq!(authorized.amount.as_deref(), Some("1000.00"));
    assert_eq!(authorized.object_id.as_deref(), Some("p-1"));
    assert_eq!(authorized.status.as_deref(), Some("AUTHORIZED"));
    assert_eq!((authorized.method.as_deref(), authorized.detail.as_deref()), (Some("CARD"), None), "the method apart");
    assert!(lines.iter().all(|l| l.source == S::Record));
    assert_eq!(lines[6].at, None, "the bill of sale carries no time");
}

#[test]
fn split_payouts_and_signed_documents_are_lines() {
    let split: escrow_api::SplitPayout = serde_json::from_value(json!({
        "splitPayoutId": "sp-1", "amount": "50", "recipient": "TENANT", "status": "PENDING",
        "created": "2026-03-01T09:30:00Z", "description": "Klargøring"
    }))
    .unwrap();
    let doc: escrow_api::Document = serde_json::from_value(json!({
        "documentId": "d-1", "title": "Slutseddel", "created": "2026-03-01T09:10:00Z",
        "signers": [
            { "serviceAccountId": "payer-1", "name": "Mette", "signed": "2026-03-01T09:20:00Z" },
            { "serviceAccountId": "payee-1", "name": "Bilhuset", "signed": null }
        ]
    }))
    .unwrap();
    let lines = from_record::entries(&transaction(), &[split], &[doc]);
    let split = lines.iter().find(|l| l.event == "splitPayout.created").unwrap();
    assert_eq!(
        (split.kind, split.recipient.as_deref(), split.detail.as_deref(), split.amount.as_deref()),
        (K::SplitPayout, Some("TENANT"), Some("Klargøring"), Some("50.00"))
    );
    let signed: Vec<_> = lines.iter().filter(|l| l.event == "document.signed").collect();
    assert_eq!(signed.len(), 1, "only the signer who signed");
    assert_eq!(signed[0].detail.as_deref(), Some("Mette"));
    assert_eq!(signed[0].at.unwrap().to_rfc3339(), "2026-03-01T09:20:00+00:00");
}

#[test]
fn the_split_payout_settling_the_debt_is_paid_to_the_lender_not_the_payee() {
    let mut tx = serde_json::to_value(transaction()).unwrap();
    tx["autoInformation"]["debt"] =
        json!({ "amount": "300.00", "splitPayoutId": "sp-debt", "bankAccountText": "Santander" });
    let tx: escrow_api::Transaction = serde_json::from_value(tx).unwrap();
    let split = |id: &str| -> escrow_api::SplitPayout {
        serde_json::from_value(json!({
            "splitPayoutId": id, "amount": "300", "recipient": "PAYEE", "status": "PENDING",
            "created": "2026-03-01T09:30:00Z", "description": "Santander"
        }))
        .unwrap()
    };
    let lines = from_record::entries(&tx, &[split("sp-debt"), split("sp-other")], &[]);
    let to = |id: &str| lines.iter().find(|l| l.object_id.as_deref() == Some(id)).and_then(|l| l.recipient.clone());
    assert_eq!(to("sp-debt").as_deref(), Some(from_record::DEBT_SETTLEMENT));
    assert_eq!(to("sp-other").as_deref(), Some("PAYEE"), "any other split payout keeps the service's recipient");
}

#[test]
fn one_audit_line_per_action_with_who_its_correlation_id_and_last_row() {
    let failed = AuditEntry {
        detail: Some("the service refused the request (400): Transaction closed".into()),
        ..row(9, "a-1", "payout", "outcome", "failed", "2026-03-01T12:00:01.000+01:00")
    };
    let rows = vec![
        row(7, "a-1", "payout", "intent", "pending", "2026-03-01T12:00:00.000+01:00"),
        row(8, "a-2", "cancel", "intent", "pending", "2026-03-01T12:05:00.000+01:00"),
        failed,
    ];
    let reasons = HashMap::from([("a-2".to_owned(), "Kunden fortrød".to_owned())]);
    let mut lines = from_audit::entries(&rows, &reasons);
    lines.sort_by_key(|l| l.audit_seq);
    assert_eq!(lines.len(), 2);
    let cancel = &lines[0];
    assert_eq!((cancel.kind, cancel.audit_seq, cancel.status.as_deref()), (K::Cancel, Some(8), Some("pending")));
    assert_eq!(cancel.detail.as_deref(), Some("Kunden fortrød"));
    let payout = &lines[1];
    assert_eq!(payout.event, "staff.payout");
    assert_eq!((payout.kind, payout.audit_seq, payout.status.as_deref()), (K::Payout, Some(9), Some("failed")));
    let refused = crate::audit::AuditNote::Failure {
        code: crate::error::ErrorCode::BadRequest,
        status: Some(400),
        service: Some("Transaction closed".into()),
    };
    assert_eq!((payout.note.as_ref(), payout.detail.as_deref()), (Some(&refused), None), "the detail in parts");
    assert_eq!(payout.correlation_id.as_deref(), Some("corr-9"));
    assert_eq!(payout.actor.as_deref(), Some("Mette Hansen (mette@desk-1)"));
    assert_eq!(payout.at.unwrap().to_rfc3339(), "2026-03-01T11:00:01+00:00");
}

#[test]
fn deliveries_and_the_rest_merge_newest_first() {
    let delivery: crate::sandbox_inspect::Delivery = serde_json::from_value(json!({
        "webhookId": "w-1", "eventName": "transaction.payment.paid", "created": "2026-03-01T09:06:00Z",
        "state": "failed", "attempts": 1, "outcomes": [{ "at": "x", "error": "no webhook URL configured" }],
        "payload": { "eventDate": "2026-03-01T09:06:00Z", "transactionId": "t-1" }
    }))
    .unwrap();
    let hooks = from_deliveries::entries(&[delivery]);
    assert_eq!((hooks[0].kind, hooks[0].source, hooks[0].detail.as_deref()), (K::Payment, S::Webhook, Some("1")));
    let audit = from_audit::entries(
        &[row(1, "a-1", "payout", "outcome", "succeeded", "2026-03-01T12:00:00Z")],
        &HashMap::new(),
    );
    let all = merge::merge(vec![from_record::entries(&transaction(), &[], &[]), audit, hooks]);
    let events: Vec<&str> = all.iter().map(|l| l.event.as_str()).collect();
    assert_eq!(
        events,
        [
            "staff.payout",
            "payout.created",
            "reimbursement.created",
            "reimbursement.paid",
            "payment.authorized",
            "webhook.transaction.payment.paid",
            "payment.created",
            "transaction.created",
            "billOfSale.enabled",
        ]
    );
}

#[test]
fn a_payout_or_cancel_line_names_what_moved_by_its_consequence_not_the_deals_amount() {
    let with = |seq, action: &str, kind: &str, phase: &str, outcome: &str, detail: Option<&str>| AuditEntry {
        detail: detail.map(str::to_owned),
        amount: Some("245000.00".into()),
        ..row(seq, action, kind, phase, outcome, "2026-03-01T12:00:00Z")
    };
    let consequence =
        "consequence: payee receives 120000.00 DKK; to payer 0.00 DKK; payer owes 0.00 DKK; reimbursable 0.00 DKK";
    let back =
        "consequence: payee receives 0.00 DKK; to payer 50000.00 DKK; payer owes 0.00 DKK; reimbursable 50000.00 DKK";
    let rows = vec![
        with(1, "a-1", "payout", "intent", "pending", Some(consequence)),
        with(2, "a-1", "payout", "outcome", "succeeded", None),
        with(3, "a-2", "cancel", "intent", "pending", Some(back)),
        with(4, "a-2", "cancel", "outcome", "succeeded", None),
        with(5, "a-3", "changeAmount", "outcome", "succeeded", None),
    ];
    let lines = from_audit::entries(&rows, &HashMap::new());
    let amount = |kind: &str| lines.iter().find(|l| l.event == format!("staff.{kind}")).and_then(|l| l.amount.clone());
    assert_eq!(amount("payout").as_deref(), Some("120000.00"), "what the payee received");
    assert_eq!(amount("cancel").as_deref(), Some("50000.00"), "what went back to the payer");
    assert_eq!(amount("changeAmount").as_deref(), Some("245000.00"), "other actions keep their amount");
    let payout = lines.iter().find(|l| l.event == "staff.payout").unwrap();
    assert!(matches!(payout.note, Some(crate::audit::AuditNote::Consequence { .. })), "the consequence is shown");
}
