//! `escrow documents upload|list|get|sign|download|delete` and `escrow auto bill-of-sale|
//! debt-information|debt-information-download`. Files are checked before anything is sent
//! (see [`crate::upload`]).

use super::ctx::Ctx;
use super::reply;
use crate::args::documents::{Auto, Documents, SignerArg};
use crate::exit::Failure;
use crate::output::{self, Fields, Table, time};
use crate::upload;
use escrow_api::{BillOfSale, Client, DebtInformation, Document, RequiredSigner, SignRequest};
use serde_json::json;

pub async fn documents(client: &Client, ctx: &Ctx, command: Documents) -> Result<(), Failure> {
    match command {
        Documents::Upload(a) => {
            let mut doc = upload::document(&a.file, &a.title)?;
            doc.signers_required = a.signers_required;
            doc.transaction_id = a.transaction_id;
            let created = client.documents().upload(&doc).await?;
            if ctx.json {
                return output::emit_json(&created);
            }
            output::emit(&format!("Uploaded {} as document {}\n", doc.file_name, output::clean(&created.document_id)))
        }
        Documents::List => {
            let list = client.documents().list().await?;
            if ctx.json {
                return output::emit_json(&list);
            }
            let mut table = Table::new(&["DOCUMENT ID", "TITLE", "TRANSACTION", "SIGNED", "SIGNERS", "CREATED"]);
            for d in &list.documents {
                table.row(vec![
                    d.document_id.clone(),
                    d.title.clone().unwrap_or_default(),
                    d.transaction_id.clone().unwrap_or_default(),
                    yes(d.is_signed()),
                    signers(d),
                    time(d.created),
                ]);
            }
            let rows = table.render_if_any();
            output::emit(&format!("{rows}{} documents\n", list.documents.len()))
        }
        Documents::Get(a) => {
            let d = client.documents().get(&a.document_id).await?;
            if ctx.json {
                return output::emit_json(&d);
            }
            let mut f = Fields::new();
            f.add("Document", d.document_id.as_str())
                .add("Title", d.title.clone().unwrap_or_default())
                .add("File", d.file_name.clone().unwrap_or_default())
                .add("Transaction", d.transaction_id.clone().unwrap_or_default())
                .add("Signed", yes(d.is_signed()))
                .add("Signers", signers(&d))
                .add("Created", time(d.created));
            for s in &d.signers {
                let name = s.name.clone().unwrap_or_else(|| s.service_account_id.clone());
                f.add(
                    "Signer",
                    format!("{name} ({}){}", s.service_account_id, if s.has_signed() { ", signed" } else { "" }),
                );
            }
            output::emit(&f.render())
        }
        Documents::Sign(a) => {
            let request = SignRequest {
                title: a.title,
                reference_id: a.reference,
                return_url: a.return_url,
                ..SignRequest::new(a.account)
            };
            let page = client.documents().sign(&a.document_id, &request).await?;
            reply::link(ctx, "Send the signer to", &page.url, &page)
        }
        Documents::Download(a) => {
            let link = client.documents().download(&a.document_id).await?;
            reply::link(ctx, "Download from", &link.url, &link)
        }
        Documents::Delete(a) => {
            client.documents().delete(&a.document_id).await?;
            reply::done(ctx, "delete", json!({ "documentId": a.document_id }), &format!("Deleted: {}", a.document_id))
        }
    }
}

fn yes(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

/// `1 of 2` signed.
fn signers(d: &Document) -> String {
    let signed = d.signers.iter().filter(|s| s.has_signed()).count();
    match d.signers_required {
        Some(n) => format!("{signed} of {n}"),
        None => format!("{signed} of {}", d.signers.len()),
    }
}

pub async fn auto(client: &Client, ctx: &Ctx, command: Auto) -> Result<(), Failure> {
    match command {
        Auto::BillOfSale(a) => {
            let bill = if a.disable {
                BillOfSale::disabled()
            } else {
                let mut bill = match &a.document {
                    Some(path) => BillOfSale::from_document(upload::auto_file(path)?),
                    None => BillOfSale::generated(),
                };
                bill.amount = a.amount;
                bill.additional_terms = a.terms;
                if !a.signer.is_empty() {
                    let signer = |s: &SignerArg| match s {
                        SignerArg::Payee => RequiredSigner::Payee,
                        SignerArg::Payer => RequiredSigner::Payer,
                        SignerArg::None => RequiredSigner::None,
                    };
                    bill.required_signers = Some(a.signer.iter().map(signer).collect());
                }
                bill
            };
            client.auto().set_bill_of_sale(&a.transaction_id, &bill).await?;
            let what = match (a.disable, &a.document) {
                (true, _) => "turned off".to_owned(),
                (false, Some(path)) => format!("set from {}", path.display()),
                (false, None) => "set (generated by the service)".to_owned(),
            };
            let ids = json!({ "transactionId": a.transaction_id, "enabled": !a.disable });
            reply::done(ctx, "bill-of-sale", ids, &format!("Bill of sale of {} {what}", a.transaction_id))
        }
        Auto::DebtInformation(a) => {
            let mut debt = DebtInformation::new(upload::auto_file(&a.documentation)?, a.amount);
            debt.fik_code = a.fik_code;
            debt.bank_account = a.bank_account;
            debt.bank_account_text = a.bank_account_text;
            client.auto().add_debt_information(&a.transaction_id, &debt).await?;
            let ids = json!({ "transactionId": a.transaction_id, "amount": a.amount });
            let message = format!("Debt of {} registered on {}", escrow_api::money::round(a.amount), a.transaction_id);
            reply::done(ctx, "debt-information", ids, &message)
        }
        Auto::DebtInformationDownload(a) => {
            let link = client.auto().debt_information_download(&a.transaction_id).await?;
            reply::link(ctx, "Download (valid for 5 minutes) from", &link.url, &link)
        }
    }
}
