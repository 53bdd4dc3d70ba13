//! The typical checkout of the spec (section 1), end to end, with this client:
//! connect payer and payee, create a Marketplace transaction, create and initialize a
//! PSD2 payment, "redirect" the payer, see the `transaction.payment.paid` webhook, pay
//! out, and show the final status and where the money went.
//!
//! ```sh
//! cargo run -p escrow-integration --example checkout
//! ```
//!
//! With `ESCROW_BASE_URL` and `ESCROW_API_KEY` set it runs against that sandbox (for
//! example `escrow-sandbox serve`); otherwise it starts one in-process with an empty
//! tenant. Nobody is at the keyboard to click through the hosted pages, so the example
//! plays the person's part with sandbox-only means: it posts the hosted connect form
//! (or falls back to the control API `POST /_sandbox/users`) and approves the payment
//! through `POST /_sandbox/payments/{id}/authorize`. Against the production service
//! those steps are a real person in a browser, and the example stops there.
//!
//! `reqwest` is used directly only for those sandbox control calls and the hosted form;
//! everything the tenant's own system would do goes through [`escrow_api::Client`].

use escrow_api::enums::{PaymentMethod, TransactionStatus};
use escrow_api::{CallOptions, Client, IdempotencyKey, TransactionType};
use escrow_api::{
    ConnectRequest, CreatePayment, CreateTransaction, InitializePayment, PayoutTransaction, Transaction, WebhookEvent,
};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::io::Write;

/// Errors of the example: the client's, HTTP's, or a plain message.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Where the tenant's customers land after a hosted page (never opened here).
const RETURN_URL: &str = "https://shop.example/checkout/return";

/// What the run did, for the test to check against the service.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub transaction_id: String,
    pub payment_id: String,
    pub payer_id: String,
    pub payee_id: String,
    /// How each party was connected: "hosted connect page" or "control API".
    pub connected_via: [&'static str; 2],
    /// Whether retrying the create with the same Idempotency-Key was a replay.
    pub create_replayed: bool,
    /// The `webhookId` of the `transaction.payment.paid` event for our payment.
    pub paid_webhook_id: String,
    /// The transaction as read after payout.
    pub final_state: Transaction,
}

/// Runs the checkout against `base_url` with `api_key`, writing each step to `out`.
/// `run_id` keeps the referenceIds unique when the same sandbox is used again.
pub async fn run(base_url: &str, api_key: &str, run_id: &str, out: &mut dyn Write) -> Result<Outcome, BoxError> {
    let client = Client::builder(base_url, api_key).build()?;
    let control = Control { base: client.base_url().to_owned(), key: api_key.to_owned(), http: reqwest::Client::new() };

    // 1. Connect payer and payee.
    writeln!(out, "1. Connect payer and payee (connect flow)")?;
    let (payer_id, payer_via) =
        connect(&client, &control, &format!("buyer-{run_id}"), "Anne Jensen", "anne", out).await?;
    let (payee_id, payee_via) =
        connect(&client, &control, &format!("seller-{run_id}"), "Mads Nielsen", "mads", out).await?;

    // 2. Create the transaction, with an Idempotency-Key that a real system would
    //    store with its order before sending.
    let amount = dec("2500.00")?;
    let mut request = CreateTransaction::new(amount);
    request.title = Some("Brugt racercykel, Cannondale CAAD13".into());
    request.description = Some("Afhentes i Aarhus".into());
    request.payer_id = Some(payer_id.clone());
    request.payee_id = Some(payee_id.clone());
    request.payer_fixed_fee = Some(dec("25.00")?);
    request.payee_fixed_fee = Some(dec("50.00")?);
    request.reference_id = Some(format!("order-{run_id}"));
    let key = IdempotencyKey::generate();
    let opts = CallOptions::with_idempotency_key(key.clone());
    writeln!(out, "2. Create a Marketplace transaction (Idempotency-Key {})", key.as_str())?;
    let created = client.transactions().create(TransactionType::Marketplace, &request, &opts).await?;
    let transaction_id = created.value.transaction_id.clone();
    writeln!(out, "   transactionId {transaction_id} (correlation id {})", created.meta.correlation_id)?;
    if let Some(url) = &created.value.checkout_url {
        writeln!(out, "   checkoutUrl {url}")?;
    }
    // A retry after a lost answer sends the same key: the service replays, no duplicate.
    let again = client.transactions().create(TransactionType::Marketplace, &request, &opts).await?;
    if again.value.transaction_id != transaction_id {
        return Err(format!("the retry created another transaction ({})", again.value.transaction_id).into());
    }
    writeln!(out, "   retried with the same key: replayed={}, same transactionId", again.meta.replayed)?;
    let t = client.transactions().get(&transaction_id).await?;
    writeln!(out, "   status {}, {} {}", t.status, t.amount, t.currency)?;

    // 3. A payment for the remaining amount (the price plus the payer's fee).
    let payment_key = IdempotencyKey::generate();
    writeln!(out, "3. Create a payment (Idempotency-Key {})", payment_key.as_str())?;
    let payment = client
        .payments()
        .create(
            &CreatePayment {
                service_account_id: payer_id.clone(),
                transaction_id: transaction_id.clone(),
                return_url: Some(RETURN_URL.into()),
                ..Default::default()
            },
            &CallOptions::with_idempotency_key(payment_key),
        )
        .await?
        .value;
    writeln!(out, "   paymentId {}", payment.payment_id)?;
    writeln!(out, "   paymentUrl {} (the method-selection page)", payment.payment_url)?;

    // 4. Initialize with PSD2 from one of the payer's own bank accounts.
    let accounts = client.users().list_bank_accounts(&payer_id).await?.items;
    let account = accounts
        .iter()
        .find(|a| a.is_default)
        .or_else(|| accounts.first())
        .ok_or("the payer has no bank account to pay from with PSD2")?;
    writeln!(
        out,
        "4. Initialize the payment with PSD2 from the payer's account \"{}\" at {} ({})",
        account.account_name.as_deref().unwrap_or("unnamed"),
        account.bank.as_deref().unwrap_or(&account.bank_id),
        account.iban.as_deref().or(account.bban.as_deref()).unwrap_or(&account.bank_account_id),
    )?;
    let initialized = client
        .payments()
        .initialize(
            &payment.payment_id,
            &InitializePayment {
                payment_method: Some(PaymentMethod::Psd2),
                bank_account_id: Some(account.bank_account_id.clone()),
                ..Default::default()
            },
        )
        .await?;

    // 5. Redirect the payer; in the sandbox, approve on their behalf.
    writeln!(out, "5. Redirect the payer to {}", initialized.payment_url)?;
    control.post(&format!("/_sandbox/payments/{}/authorize", segment(&payment.payment_id)), json!({})).await?;
    writeln!(out, "   (sandbox) the payer approved in the bank: POST /_sandbox/payments/{{id}}/authorize")?;
    let t = client.transactions().get(&transaction_id).await?;
    let paid = t
        .payments
        .inbound
        .payments
        .iter()
        .find(|p| p.payment_id.as_deref() == Some(payment.payment_id.as_str()))
        .ok_or("the payment is not on the transaction")?;
    writeln!(out, "   transaction {}, payment {} {} {}", t.status, paid.status, paid.amount, t.currency)?;

    // 6. The webhook. The tenant's endpoint would receive it; the sandbox logs it.
    let log = control.get("/_sandbox/webhooks").await?;
    let mut paid_webhook_id = None;
    for item in log["items"].as_array().map(Vec::as_slice).unwrap_or_default() {
        let body = serde_json::to_vec(&item["payload"])?;
        if let Ok(WebhookEvent::Transaction(e)) = WebhookEvent::parse(&body)
            && e.event_name.as_str() == "transaction.payment.paid"
            && e.transaction_id == transaction_id
            && e.payment_id.as_deref() == Some(payment.payment_id.as_str())
        {
            writeln!(out, "6. Webhook {} logged (GET /_sandbox/webhooks)", e.event_name)?;
            writeln!(
                out,
                "   webhookId {}, paymentId {}, eventDate {}, delivery state {}",
                e.webhook_id,
                payment.payment_id,
                e.event_date.to_rfc3339(),
                item["state"].as_str().unwrap_or("?"),
            )?;
            paid_webhook_id = Some(e.webhook_id);
        }
    }
    let paid_webhook_id = paid_webhook_id.ok_or("no transaction.payment.paid webhook was logged for the payment")?;

    // 7. The buyer confirms delivery: pay out, exactly once.
    let payout_key = IdempotencyKey::generate();
    writeln!(out, "7. Payout on behalf of the payer (Idempotency-Key {})", payout_key.as_str())?;
    client
        .transactions()
        .payout(
            &transaction_id,
            &PayoutTransaction { service_account_id: payer_id.clone() },
            &CallOptions::with_idempotency_key(payout_key),
        )
        .await?;
    let t = client.transactions().get(&transaction_id).await?;
    writeln!(out, "   status {}", t.status)?;
    if t.status != TransactionStatus::Succeeded {
        return Err(format!("expected SUCCEEDED after payout, got {}", t.status).into());
    }
    // The service pays scheduled payouts in its payout run; the sandbox runs it on demand.
    control.post("/_sandbox/payout-run", json!({})).await?;
    writeln!(out, "   (sandbox) payout run executed: POST /_sandbox/payout-run")?;
    let t = client.transactions().get(&transaction_id).await?;
    money_breakdown(&t, out)?;

    Ok(Outcome {
        transaction_id,
        payment_id: payment.payment_id,
        payer_id,
        payee_id,
        connected_via: [payer_via, payee_via],
        create_replayed: again.meta.replayed,
        paid_webhook_id,
        final_state: t,
    })
}

/// Connects one person: the client starts the flow, then the sandbox's hosted page is
/// completed as the person would, falling back to the control API.
async fn connect(
    client: &Client,
    control: &Control,
    reference: &str,
    name: &str,
    mailbox: &str,
    out: &mut dyn Write,
) -> Result<(String, &'static str), BoxError> {
    let started = client
        .connect()
        .start(&ConnectRequest {
            reference_id: Some(reference.into()),
            return_url: Some(RETURN_URL.into()),
            ..Default::default()
        })
        .await?;
    writeln!(out, "   {name} ({reference}): connectUrl {}", started.connect_url)?;
    let email = format!("{mailbox}@example.dk");
    let via = match control.complete_connect_page(&started.connect_url, name, &email).await {
        Ok(()) => "hosted connect page",
        Err(why) => {
            writeln!(out, "   could not complete the hosted page ({why}); using the control API")?;
            control
                .post(
                    "/_sandbox/users",
                    json!({ "referenceId": reference, "name": name, "email": email,
                            "phoneNumber": "+45 20 30 40 50", "type": "Private" }),
                )
                .await?;
            "control API"
        }
    };
    let record = client.connect().get(reference).await?;
    writeln!(out, "   {name}: connected via the {via} -> serviceAccountId {}", record.service_account_id)?;
    Ok((record.service_account_id, via))
}

/// Prints what the payer paid, what each party and the tenant get, and each payout.
fn money_breakdown(t: &Transaction, out: &mut dyn Write) -> Result<(), BoxError> {
    let cur = &t.currency;
    let fees = t.fees.clone().unwrap_or_default();
    let zero = Decimal::ZERO;
    let payer_fee = fees.payer.unwrap_or(zero);
    let payee_fee = fees.payee.unwrap_or(zero);
    writeln!(out, "   Money ({cur}):")?;
    writeln!(out, "     transaction amount      {:>10}", t.amount)?;
    writeln!(out, "     payer fee               {payer_fee:>10}")?;
    writeln!(out, "     paid in by the payer    {:>10}", t.payments.inbound.amount.unwrap_or(zero))?;
    writeln!(out, "     payee fee               {payee_fee:>10}")?;
    writeln!(out, "     service fee (safepay)   {:>10}", fees.safepay.unwrap_or(zero))?;
    writeln!(out, "     tenant's net fee        {:>10}", fees.tenant.unwrap_or(zero))?;
    writeln!(out, "     paid out                {:>10}", t.payments.outbound.amount.unwrap_or(zero))?;
    for p in &t.payments.outbound.payments {
        let to = p.payee.as_ref().and_then(|p| p.name.clone()).unwrap_or_else(|| "?".into());
        let text = p.text.as_deref().unwrap_or("");
        writeln!(out, "       -> {to}: {} {} {} ({text})", p.amount, p.currency.as_ref().unwrap_or(cur), p.status)?;
    }
    Ok(())
}

/// Sandbox-only calls: the control API and the hosted pages a person would use.
struct Control {
    base: String,
    key: String,
    http: reqwest::Client,
}

impl Control {
    async fn post(&self, path: &str, body: Value) -> Result<Value, BoxError> {
        let res = self.http.post(format!("{}{path}", self.base)).bearer_auth(&self.key).json(&body).send().await?;
        Self::json(path, res).await
    }

    async fn get(&self, path: &str) -> Result<Value, BoxError> {
        let res = self.http.get(format!("{}{path}", self.base)).bearer_auth(&self.key).send().await?;
        Self::json(path, res).await
    }

    async fn json(path: &str, res: reqwest::Response) -> Result<Value, BoxError> {
        let status = res.status();
        let text = res.text().await?;
        if !status.is_success() {
            return Err(format!("{path}: {status} {text} (is this a sandbox?)").into());
        }
        Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Fills in the hosted connect form with what it asks for, as a browser would.
    async fn complete_connect_page(&self, url: &str, name: &str, email: &str) -> Result<(), BoxError> {
        let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build()?;
        let page = browser.get(url).send().await?;
        if !page.status().is_success() {
            return Err(format!("the page answered {}", page.status()).into());
        }
        let html = page.text().await?;
        if !html.contains("<form") {
            return Err("the page has no form".into());
        }
        let mut fields: Vec<(&str, String)> = vec![("name", name.into())];
        let asks = |field: &str| html.contains(&format!("name=\"{field}\""));
        if asks("email") {
            fields.push(("email", email.into()));
        }
        if asks("phoneNumber") {
            fields.push(("phoneNumber", "+45 20 30 40 50".into()));
        }
        if asks("type") {
            fields.push(("type", "Private".into()));
        }
        if asks("dateOfBirth") {
            fields.push(("dateOfBirth", "1990-04-17".into()));
        }
        if asks("bankId") {
            let bank = first_option(&html, "bankId").ok_or("no bank to choose on the page")?;
            fields.push(("bankId", bank));
        }
        fields.push(("action", "connect".into()));
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(&fields).finish();
        let res =
            browser.post(url).header("content-type", "application/x-www-form-urlencoded").body(body).send().await?;
        let status = res.status();
        // Done: the person is sent on to the returnUrl.
        if status.is_redirection() { Ok(()) } else { Err(format!("the form answered {status}").into()) }
    }
}

/// The value of the first `<option>` of the `<select name="...">` on a page.
fn first_option(html: &str, select: &str) -> Option<String> {
    let start = html.find(&format!("name=\"{select}\""))?;
    let rest = &html[start..];
    let option = rest.find("<option value=\"")? + "<option value=\"".len();
    let end = rest[option..].find('"')?;
    Some(rest[option..option + end].to_owned()).filter(|v| !v.is_empty())
}

/// An id as one path segment (ids come from the service, but never trust them blindly).
fn segment(id: &str) -> String {
    url::form_urlencoded::byte_serialize(id.as_bytes()).collect::<String>().replace('+', "%20")
}

fn dec(s: &str) -> Result<Decimal, BoxError> {
    Ok(s.parse()?)
}

/// A sandbox in this process: an empty tenant, data in a temporary folder.
pub struct LocalSandbox {
    /// The running server; `url` is the base URL.
    pub running: escrow_sandbox::RunningSandbox,
    /// The tenant's API key.
    pub key: String,
    _dir: tempfile::TempDir,
}

/// Starts an in-process sandbox with one empty tenant, `checkout`.
pub async fn local_sandbox() -> Result<LocalSandbox, BoxError> {
    let dir = tempfile::tempdir()?;
    let key = "checkout-example-key".to_owned();
    let running = escrow_sandbox::start(escrow_sandbox::SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().to_path_buf(),
        tenants: vec![escrow_sandbox::TenantConfig::parse(&format!("checkout={key}"))?],
        seed: escrow_sandbox::Seed::None,
        dialect: Default::default(),
    })
    .await?;
    Ok(LocalSandbox { running, key, _dir: dir })
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    match main_inner().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("checkout failed: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn main_inner() -> Result<(), BoxError> {
    let run_id = uuid::Uuid::new_v4().simple().to_string()[..8].to_owned();
    let mut stdout = std::io::stdout();
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    match (env("ESCROW_BASE_URL"), env("ESCROW_API_KEY")) {
        (Some(base), Some(key)) => {
            writeln!(stdout, "Checkout against {base} (ESCROW_BASE_URL)")?;
            run(&base, &key, &run_id, &mut stdout).await?;
        }
        _ => {
            let sandbox = local_sandbox().await?;
            writeln!(
                stdout,
                "Checkout against an in-process sandbox at {} (empty tenant \"checkout\")",
                sandbox.running.url
            )?;
            run(&sandbox.running.url, &sandbox.key, &run_id, &mut stdout).await?;
            sandbox.running.shutdown().await;
        }
    }
    writeln!(stdout, "Done.")?;
    Ok(())
}
