//! Changing a transaction through the client: the amount rules, adding parties, update
//! (expected completion, retail amount) and payment instructions, in DKK and EUR.

mod common;

use common::lifecycle::{deal, dec, title};
use escrow_api::enums::TransactionStatus;
use escrow_api::v2::*;
use escrow_api::{CallOptions, ErrorBody, ErrorKind, TransactionType};

#[tokio::test]
async fn change_amount_rules() {
    let d = deal().await;
    let id = d.create("400", "10", "20").await;
    let err = d
        .client
        .transactions()
        .change_amount(&id, &ChangeAmount { amount: dec("15"), payee_fixed_fee: None, payer_fixed_fee: None })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Invalid amount"), "must cover the payee fee");
    d.client
        .transactions()
        .change_amount(
            &id,
            &ChangeAmount { amount: dec("300"), payee_fixed_fee: Some(dec("30")), payer_fixed_fee: None },
        )
        .await
        .unwrap();
    let t = d.client.transactions().get(&id).await.unwrap();
    assert_eq!((t.amount, t.fees.as_ref().unwrap().payee), (dec("300"), Some(dec("30"))));
    d.pay(&id).await;
    let err = d
        .client
        .transactions()
        .change_amount(&id, &ChangeAmount { amount: dec("299"), payee_fixed_fee: None, payer_fixed_fee: None })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Invalid amount"), "only raised once authorized");
    d.client
        .transactions()
        .change_amount(&id, &ChangeAmount { amount: dec("350"), payee_fixed_fee: None, payer_fixed_fee: None })
        .await
        .unwrap();
    assert_eq!(d.status(&id).await, TransactionStatus::Created, "raising re-opens the payment");
    let instructions = d.client.transactions().payment_instructions(&id, &d.payer).await.unwrap();
    assert_eq!(instructions.amount, dec("50"), "the difference is left to pay");
    assert!(instructions.fik.as_deref().unwrap().starts_with("+71<"));
    d.pay(&id).await;
    d.client.transactions().payout(&id, &d.actor(), &CallOptions::default()).await.unwrap();
    let err = d
        .client
        .transactions()
        .change_amount(&id, &ChangeAmount { amount: dec("400"), payee_fixed_fee: None, payer_fixed_fee: None })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Transaction closed"));
}

#[tokio::test]
async fn parties_update_and_eur_instructions() {
    let d = deal().await;
    let mut req = CreateTransaction::new(dec("120000"));
    req.currency = Some(escrow_api::enums::Currency::Eur);
    req.payee_id = Some(d.payee.clone());
    let mut vehicle = AutoInformation::default();
    (vehicle.brand, vehicle.model) = (Some("Skoda".into()), Some("Enyaq".into()));
    req.auto_information = Some(vehicle);
    let id = d
        .client
        .transactions()
        .create(TransactionType::Auto, &req, &CallOptions::default())
        .await
        .unwrap()
        .value
        .transaction_id;
    assert!(d.client.transactions().get(&id).await.unwrap().payer.is_none());
    assert!(matches!(
        d.client.transactions().add_payer(&id, &AddParty::default()).await.unwrap_err().kind,
        ErrorKind::Validation { .. }
    ));
    d.client
        .transactions()
        .add_payer(&id, &AddParty { reference_id: Some("buyer".into()), ..Default::default() })
        .await
        .unwrap();
    assert_eq!(
        d.client.transactions().get(&id).await.unwrap().payer.unwrap().service_account_id.as_deref(),
        Some(d.payer.as_str())
    );
    let err = d
        .client
        .transactions()
        .add_payer(&id, &AddParty { service_account_id: Some(d.payer.clone()), ..Default::default() })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Payer already exists"));
    let err = d
        .client
        .transactions()
        .add_payee(&id, &AddParty { phone_number: Some("+4512345678".into()), ..Default::default() })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Payee already exists"));

    let when = chrono::Utc::now() + chrono::Duration::days(10);
    d.client
        .transactions()
        .update(
            &id,
            &UpdateTransaction { expected_completion: Patch::Set(when), retail_amount: Patch::Set(dec("125000")) },
        )
        .await
        .unwrap();
    let t = d.client.transactions().get(&id).await.unwrap();
    assert!(t.expected_completion.is_some());
    assert_eq!(t.auto_information.unwrap().retail_amount, Some(dec("125000")));
    d.client
        .transactions()
        .update(&id, &UpdateTransaction { expected_completion: Patch::Clear, ..Default::default() })
        .await
        .unwrap();
    assert!(d.client.transactions().get(&id).await.unwrap().expected_completion.is_none());
    let past = chrono::Utc::now() - chrono::Duration::days(1);
    let err = d
        .client
        .transactions()
        .update(&id, &UpdateTransaction { expected_completion: Patch::Set(past), ..Default::default() })
        .await
        .unwrap_err();
    assert_eq!(err.attempts, 0, "refused before sending");

    let market = d.create("10", "0", "0").await;
    let err = d
        .client
        .transactions()
        .update(&market, &UpdateTransaction { retail_amount: Patch::Set(dec("1")), ..Default::default() })
        .await
        .unwrap_err();
    assert!(matches!(err.kind, ErrorKind::BadRequest(ErrorBody::Text(_))), "update's 400 is a plain string");

    let eur = d.client.transactions().payment_instructions(&id, &d.payer).await.unwrap();
    assert_eq!(eur.fik.as_deref(), Some(""), "no FIK for EUR");
    assert_eq!(eur.amount, dec("120000"));
    assert!(eur.bank_message.unwrap().starts_with("ESC"));
}
