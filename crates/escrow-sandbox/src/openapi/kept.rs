//! The answers still rendered with `json!` by their handlers (the main records: transactions,
//! users, documents, trades, and the control API's lists), described here next to each
//! other until their renderers become types of their own. Each is a schema-only type, so the
//! handlers' registrations name them like the generated ones (`Op::returns::<Transaction>()`).

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Value, json};
use std::borrow::Cow;

fn string() -> Value {
    json!({ "type": "string" })
}

fn nullable(kind: &str) -> Value {
    json!({ "type": [kind, "null"] })
}

fn object(required: &[&str], properties: Value, closed: bool) -> Value {
    let mut schema = json!({ "type": "object", "required": required, "properties": properties });
    if closed {
        schema["additionalProperties"] = json!(false);
    }
    schema
}

fn reference<T: JsonSchema>(generator: &mut SchemaGenerator) -> Value {
    generator.subschema_for::<T>().to_value()
}

fn nullable_ref<T: JsonSchema>(generator: &mut SchemaGenerator) -> Value {
    json!({ "oneOf": [reference::<T>(generator), { "type": "null" }] })
}

/// A schema-only type named `$name` whose schema `$build` makes with the generator.
macro_rules! kept {
    ($(#[$doc:meta])* $ty:ident, $name:literal, |$g:ident| $build:expr) => {
        $(#[$doc])*
        pub struct $ty;
        impl JsonSchema for $ty {
            fn schema_name() -> Cow<'static, str> {
                $name.into()
            }
            fn json_schema($g: &mut SchemaGenerator) -> Schema {
                let value: Value = $build;
                Schema::try_from(value).unwrap_or_default()
            }
        }
    };
}

kept!(Party, "Party", |_g| object(
    &[],
    json!({
        "serviceAccountId": nullable("string"), "referenceId": nullable("string"), "name": nullable("string"),
        "email": nullable("string"), "phoneNumber": nullable("string"),
    }),
    false,
));

kept!(Fees, "Fees", |_g| object(
    &["payee", "payer", "tenant", "safepay"],
    json!({
        "payee": { "type": "number" }, "payer": { "type": "number" },
        "tenant": { "type": "number" }, "safepay": { "type": "number" },
    }),
    true,
));

kept!(
    /// `GET /v2/transactions/{id}`.
    Transaction, "Transaction", |g| {
    let payments = json!({ "type": "object", "required": ["amount", "payments"], "properties": {
        "amount": { "type": "number" }, "payments": { "type": "array", "items": { "type": "object" } },
    }});
    object(
        &["transactionId", "checkoutUrl", "paymentGuideUrl", "status", "amount", "currency", "fees", "payments"],
        json!({
            "transactionId": string(), "checkoutUrl": string(), "paymentGuideUrl": string(), "status": string(),
            "referenceId": nullable("string"), "amount": { "type": "number" }, "currency": string(),
            "fees": reference::<Fees>(g), "payee": nullable_ref::<Party>(g), "payer": nullable_ref::<Party>(g),
            "title": nullable("string"), "description": nullable("string"), "created": string(),
            "autoInformation": {}, "expectedCompletion": nullable("string"),
            "imageUrls": { "type": ["array", "null"], "items": string() },
            "payments": object(&["inbound", "outbound"], json!({ "inbound": payments, "outbound": payments }), true),
        }),
        true,
    )
});

kept!(TransactionListItem, "TransactionListItem", |g| object(
    &["transactionId", "amount", "currency", "status", "created"],
    json!({
        "transactionId": string(), "amount": { "type": "number" }, "currency": string(), "status": string(),
        "created": string(), "referenceId": nullable("string"), "payee": nullable_ref::<Party>(g),
        "payer": nullable_ref::<Party>(g), "title": nullable("string"), "autoInformation": {},
        "fees": reference::<Fees>(g), "expectedCompletion": nullable("string"),
        "payments": { "type": "object" },
    }),
    true,
));

kept!(
    /// `GET /v2/transactions`.
    TransactionList, "TransactionList", |g| object(
    &["items", "count"],
    json!({ "items": { "type": "array", "items": reference::<TransactionListItem>(g) }, "count": { "type": "integer" } }),
    true,
));

kept!(
    /// `GET /v2/users/{id}`.
    User, "User", |_g| object(
    &["id", "serviceAccountId", "name", "type", "created"],
    json!({
        "id": string(), "serviceAccountId": string(), "connections": {}, "name": string(),
        "kyc": { "type": "object" }, "email": nullable("string"), "phoneNumber": nullable("string"),
        "phoneNumberVerified": { "type": "boolean" }, "dateOfBirth": nullable("string"), "cpr": nullable("string"),
        "cvr": nullable("string"), "address": {}, "type": string(), "created": string(),
    }),
    true,
));

kept!(UserListItem, "UserListItem", |_g| object(
    &["serviceAccountId", "name", "type", "created"],
    json!({
        "serviceAccountId": string(), "name": string(), "phoneNumber": nullable("string"),
        "phoneNumberVerified": { "type": "boolean" }, "created": string(), "type": string(),
    }),
    true,
));

kept!(
    /// `GET /v2/users`.
    UserList, "UserList", |g| object(&["items"], json!({ "items": { "type": "array", "items": reference::<UserListItem>(g) } }), false));

kept!(Signer, "Signer", |_g| object(
    &["serviceAccountId"],
    json!({
        "serviceAccountId": string(), "referenceId": nullable("string"), "name": nullable("string"),
        "title": nullable("string"), "signed": nullable("string"),
    }),
    false,
));

kept!(
    /// `GET /v2/documents/{id}`.
    Document, "Document", |g| object(
    &["documentId", "title", "signed", "signers", "created"],
    json!({
        "documentId": string(), "title": string(),
        "signed": { "type": ["string", "null"], "description": "when the last required signer signed" },
        "signers": { "type": "array", "items": reference::<Signer>(g) }, "signersRequired": nullable("integer"),
        "transactionId": nullable("string"), "created": string(), "fileName": string(), "contentType": string(),
        "size": { "type": "integer" },
    }),
    true,
));

kept!(
    /// `GET /v2/documents`.
    DocumentList, "DocumentList", |g| object(&["documents"], json!({ "documents": { "type": "array", "items": reference::<Document>(g) } }), false));

kept!(
    /// `POST /v2/documents`.
    DocumentCreated, "DocumentCreated", |_g| object(&["documentId"], json!({ "documentId": string() }), true));

kept!(
    /// A trade's details.
    Trade, "Trade", |_g| object(&["tradeId", "payer", "payee", "price", "phases"], json!({
    "tradeId": string(), "payer": { "type": "object" }, "payee": { "type": "object" },
    "createdBy": {}, "referenceId": nullable("string"), "title": string(), "description": string(),
    "price": { "type": "number" }, "prioritizedPayees": {}, "phases": {}, "images": { "type": "array" },
}), true));

kept!(
    /// A user's trades.
    TradeList, "TradeList", |g| object(&["trades", "pagination"], json!({
    "trades": { "type": "array", "items": reference::<Trade>(g) },
    "pagination": object(&["page", "pageSize"], json!({ "page": { "type": "integer" }, "pageSize": { "type": "integer" } }), true),
}), true));

kept!(
    /// `GET /_sandbox/health`.
    SandboxHealth, "SandboxHealth", |_g| object(&["status", "version", "dialect"], json!({
    "status": { "const": "ok" }, "version": string(), "dialect": { "enum": ["spec", "published"] },
}), true));

kept!(
    /// A control-API list (`{items: [...]}`).
    SandboxItems, "SandboxItems", |_g| object(&["items"], json!({ "items": { "type": "array", "items": { "type": "object" } } }), false));

kept!(
    /// The body of initiating a trade, as the trade API reads it field by field.
    NewTrade, "NewTrade", |_g| object(&["title", "description", "amount", "payerMarketplaceUserId", "payeeMarketplaceUserId", "successUrl", "cancelUrl"], json!({
    "title": string(), "description": string(), "amount": { "type": "number" },
    "payerFee": { "type": "number" }, "payerFixedFee": { "type": "number" },
    "payeeFee": { "type": "number" }, "payeeFixedFee": { "type": "number" },
    "payerMarketplaceUserId": string(), "payeeMarketplaceUserId": string(), "referenceId": string(),
    "shipping": { "type": "object" }, "returnShipping": { "type": "object" },
    "successUrl": string(), "cancelUrl": string(), "checkoutType": string(),
    "allowedTimeForItemDeliveryInMinutes": { "type": "integer" }, "prioritizedPayees": { "type": "array" },
}), false));
