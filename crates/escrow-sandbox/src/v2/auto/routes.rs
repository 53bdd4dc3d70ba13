//! The Auto modules (spec section 4, Transactions): debt information with its
//! 5-minute download link, and the bill of sale (uploaded, or generated as a PDF).
//!
//! Both routes are for Auto transactions of tenants with the module enabled. Rules the
//! spec leaves out, chosen here (the README lists them):
//! - unknown or foreign transaction: 404 without a body (checked first);
//! - module off: 400 `Module not enabled`; Marketplace transaction: 400
//!   `Invalid transaction type`; SUCCEEDED or CANCELLED: 400 `Transaction closed`;
//! - bad file: 400 `Invalid file` (type is decided by the bytes, and the name's extension
//!   must agree); over 10 MiB: 400 `File too large`;
//! - `Invalid amount`, `Invalid FIK code`, `Invalid bank account`, `Invalid debt
//!   information` (neither or both of fikCode and bankAccount), `Invalid signers`,
//!   `Invalid request` (malformed form or a missing `enable`).
//!
//! What is recorded in the transaction's `autoInformation`:
//! - `billOfSale`: `{enabled, fileId, fileName, generated, size, amount, currency,
//!   additionalTerms, requiredSigners, signed, created}`;
//! - `debt`: `{amount, currency, fikCode, bankAccount, bankAccountText, fileId, fileName,
//!   contentType, size, splitPayoutId, created}`.
//!
//! Registering debt also plans the debt-settlement split payout (purpose
//! `DEBT_SETTLEMENT`, paid ON_CLOSE to the creditor's account out of the payee's share,
//! never cancellable); registering debt again replaces it.
//!
//! Handlers are in [`super::debt`] and [`super::bill_of_sale`]; reading their forms and
//! files in [`super::files`], the checks every route makes in [`super::access`].

use super::bill_of_sale::{bill_of_sale_file, post_bill_of_sale};
use super::debt::{debt_link, hosted_debt_document, post_debt};
use super::files::MAX_BODY_BYTES;
use super::sign::sign_bill_of_sale;
use crate::openapi::op::Op;
use crate::openapi::table::{CONTROL_TAG, Routes};
use axum::extract::DefaultBodyLimit;

/// The modules' routes, with a body limit that fits a 10 MiB file.
pub fn routes() -> Routes {
    let t = "/v2/transactions/{transaction_id}";
    Routes::new("Auto")
        .post(format!("{t}/debt-information"), Op::new("Register debt information").upload_any().empty(), post_debt)
        .get(
            format!("{t}/debt-information/download"),
            Op::new("A 5-minute link to the debt document").returns::<crate::answers::Link>().titled_404(),
            debt_link,
        )
        .post(
            format!("{t}/bill-of-sale"),
            Op::new("Upload or generate the bill of sale").upload_any().empty(),
            post_bill_of_sale,
        )
        .get(
            "/hosted/debt-documents/{token}",
            Op::page("The debt document behind a download link").file().bare_404(),
            hosted_debt_document,
        )
        .tagged(CONTROL_TAG)
        .get(
            "/_sandbox/transactions/{transaction_id}/bill-of-sale",
            Op::new("The current bill-of-sale PDF").file(),
            bill_of_sale_file,
        )
        .post(
            "/_sandbox/transactions/{transaction_id}/bill-of-sale/sign",
            Op::new("Sign the bill of sale as its signers would (body: signer, or empty for all)").takes_object(),
            sign_bill_of_sale,
        )
        .map_router(|router| router.layer(DefaultBodyLimit::max(MAX_BODY_BYTES)))
}
