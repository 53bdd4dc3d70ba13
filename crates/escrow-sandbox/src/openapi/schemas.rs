//! The component schemas of the OpenAPI document: the main resources of each API, as
//! the handlers render them in the specs' names. [`components`] gives them in a dialect:
//! in `published` the API schemas take the published field names (as the dialect layer
//! renames every JSON body) and the few published shapes; the control API's schemas
//! (named `Sandbox…`) keep the specs' names in both, as the control API does.

use crate::dialect::{Dialect, published_name};
use serde_json::{Map, Value, json};

fn string() -> Value {
    json!({ "type": "string" })
}

fn nullable(kind: &str) -> Value {
    json!({ "type": [kind, "null"] })
}

fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn nullable_ref(name: &str) -> Value {
    json!({ "oneOf": [reference(name), { "type": "null" }] })
}

/// An object with exactly these properties (`closed`) or at least these.
fn object(required: &[&str], properties: Value, closed: bool) -> Value {
    let mut schema = json!({ "type": "object", "required": required, "properties": properties });
    if closed {
        schema["additionalProperties"] = json!(false);
    }
    schema
}

fn list_of(key: &str, item: &str) -> Value {
    object(&[key], json!({ key: { "type": "array", "items": reference(item) } }), false)
}

fn errors() -> Value {
    json!({
        "Problem": {
            "description": "A v2 or control-API refusal (application/problem+json). Some 404s have no body; \
                            update and reimburse answer a 400 with a plain JSON string.",
            "type": "object",
            "required": ["title", "status"],
            "properties": { "type": string(), "title": string(), "status": { "type": "integer" }, "detail": string() },
        },
        "TradeProblem": object(&["title", "status", "traceId", "typeCode"], json!({
            "title": string(), "detail": string(), "status": { "type": "integer" },
            "errors": { "type": "array", "items": { "type": "object", "properties": { "key": string(), "value": string() } } },
            "traceId": string(), "typeCode": string(),
        }), false),
    })
}

fn transactions() -> Value {
    let party = object(
        &[],
        json!({
            "serviceAccountId": nullable("string"), "referenceId": nullable("string"), "name": nullable("string"),
            "email": nullable("string"), "phoneNumber": nullable("string"),
        }),
        false,
    );
    let fees = object(
        &["payee", "payer", "tenant", "safepay"],
        json!({
            "payee": { "type": "number" }, "payer": { "type": "number" },
            "tenant": { "type": "number" }, "safepay": { "type": "number" },
        }),
        true,
    );
    let payments = json!({ "type": "object", "required": ["amount", "payments"], "properties": {
        "amount": { "type": "number" }, "payments": { "type": "array", "items": { "type": "object" } },
    }});
    let transaction = object(
        &["transactionId", "checkoutUrl", "paymentGuideUrl", "status", "amount", "currency", "fees", "payments"],
        json!({
            "transactionId": string(), "checkoutUrl": string(), "paymentGuideUrl": string(), "status": string(),
            "referenceId": nullable("string"), "amount": { "type": "number" }, "currency": string(),
            "fees": reference("Fees"), "payee": nullable_ref("Party"), "payer": nullable_ref("Party"),
            "title": nullable("string"), "description": nullable("string"), "created": string(),
            "autoInformation": {}, "expectedCompletion": nullable("string"),
            "imageUrls": { "type": ["array", "null"], "items": string() },
            "payments": object(&["inbound", "outbound"], json!({ "inbound": payments, "outbound": payments }), true),
        }),
        true,
    );
    let item = object(
        &["transactionId", "amount", "currency", "status", "created"],
        json!({
            "transactionId": string(), "amount": { "type": "number" }, "currency": string(), "status": string(),
            "created": string(), "referenceId": nullable("string"), "payee": nullable_ref("Party"),
            "payer": nullable_ref("Party"), "title": nullable("string"), "autoInformation": {},
            "fees": reference("Fees"), "expectedCompletion": nullable("string"),
            "payments": { "type": "object" },
        }),
        true,
    );
    let new = object(
        &["amount", "currency"],
        json!({
            "amount": { "type": "number" }, "currency": string(), "title": string(), "description": string(),
            "imageUrls": { "type": "array", "items": string() }, "payeeId": string(), "payerId": string(),
            "payeeReferenceId": string(), "payerReferenceId": string(), "payeePhoneNumber": string(),
            "payerPhoneNumber": string(), "splitPayouts": { "type": "array", "items": { "type": "object" } },
            "payerFixedFee": { "type": "number" }, "payeeFixedFee": { "type": "number" },
            "payeeExtraFee": { "type": "number" }, "payerExtraFee": { "type": "number" }, "referenceId": string(),
            "uniquenessKey": string(), "expectedCompletion": string(), "documentId": string(), "autoInformation": {},
        }),
        false,
    );
    json!({
        "Party": party,
        "Fees": fees,
        "Transaction": transaction,
        "TransactionListItem": item,
        "TransactionList": object(&["items", "count"], json!({
            "items": { "type": "array", "items": reference("TransactionListItem") }, "count": { "type": "integer" },
        }), true),
        "NewTransaction": new,
        "NewPayment": object(&["serviceAccountId", "transactionId"], json!({
            "serviceAccountId": string(), "transactionId": string(), "amount": { "type": "number" },
            "description": string(), "returnUrl": string(), "skipUI": { "type": "boolean" },
        }), false),
        "PaymentCreated": object(&["paymentId", "paymentUrl"], json!({ "paymentId": string(), "paymentUrl": string() }), false),
    })
}

fn users_and_documents() -> Value {
    let user = object(
        &["id", "serviceAccountId", "name", "type", "created"],
        json!({
            "id": string(), "serviceAccountId": string(), "connections": {}, "name": string(),
            "kyc": { "type": "object" }, "email": nullable("string"), "phoneNumber": nullable("string"),
            "phoneNumberVerified": { "type": "boolean" }, "dateOfBirth": nullable("string"), "cpr": nullable("string"),
            "cvr": nullable("string"), "address": {}, "type": string(), "created": string(),
        }),
        true,
    );
    let item = object(
        &["serviceAccountId", "name", "type", "created"],
        json!({
            "serviceAccountId": string(), "name": string(), "phoneNumber": nullable("string"),
            "phoneNumberVerified": { "type": "boolean" }, "created": string(), "type": string(),
        }),
        true,
    );
    let signer = object(
        &["serviceAccountId"],
        json!({
            "serviceAccountId": string(), "referenceId": nullable("string"), "name": nullable("string"),
            "title": nullable("string"), "signed": nullable("string"),
        }),
        false,
    );
    let document = object(
        &["documentId", "title", "signed", "signers", "created"],
        json!({
            "documentId": string(), "title": string(),
            "signed": { "type": ["string", "null"], "description": "when the last required signer signed" },
            "signers": { "type": "array", "items": reference("Signer") }, "signersRequired": nullable("integer"),
            "transactionId": nullable("string"), "created": string(), "fileName": string(), "contentType": string(),
            "size": { "type": "integer" },
        }),
        true,
    );
    json!({
        "User": user,
        "UserListItem": item,
        "UserList": list_of("items", "UserListItem"),
        "Signer": signer,
        "Document": document,
        "DocumentList": list_of("documents", "Document"),
        "DocumentCreated": object(&["documentId"], json!({ "documentId": string() }), true),
        "NewDocument": object(&["document"], json!({
            "document": { "type": "string", "contentMediaType": "application/octet-stream", "description": "the file" },
            "title": string(), "signersRequired": string(), "transactionId": string(),
        }), false),
    })
}

fn trades(dialect: Dialect) -> Value {
    let initiated = match dialect {
        Dialect::Spec => object(&["tradeId"], json!({ "tradeId": string() }), true),
        Dialect::Published => {
            object(&["tradeId", "redirectUrl"], json!({ "tradeId": string(), "redirectUrl": string() }), true)
        }
    };
    json!({
        "Trade": object(&["tradeId", "payer", "payee", "price", "phases"], json!({
            "tradeId": string(), "payer": { "type": "object" }, "payee": { "type": "object" },
            "createdBy": {}, "referenceId": nullable("string"), "title": string(), "description": string(),
            "price": { "type": "number" }, "prioritizedPayees": {}, "phases": {}, "images": { "type": "array" },
        }), true),
        "TradeList": object(&["trades", "pagination"], json!({
            "trades": { "type": "array", "items": reference("Trade") },
            "pagination": object(&["page", "pageSize"], json!({ "page": { "type": "integer" }, "pageSize": { "type": "integer" } }), true),
        }), true),
        "NewTrade": object(&["title", "description", "amount", "payerMarketplaceUserId", "payeeMarketplaceUserId", "successUrl", "cancelUrl"], json!({
            "title": string(), "description": string(), "amount": { "type": "number" },
            "payerFee": { "type": "number" }, "payerFixedFee": { "type": "number" },
            "payeeFee": { "type": "number" }, "payeeFixedFee": { "type": "number" },
            "payerMarketplaceUserId": string(), "payeeMarketplaceUserId": string(), "referenceId": string(),
            "shipping": { "type": "object" }, "returnShipping": { "type": "object" },
            "successUrl": string(), "cancelUrl": string(), "checkoutType": string(),
            "allowedTimeForItemDeliveryInMinutes": { "type": "integer" }, "prioritizedPayees": { "type": "array" },
        }), false),
        "TradeInitiated": initiated,
    })
}

fn links(dialect: Dialect) -> Value {
    let (link, created) = match dialect {
        Dialect::Spec => (
            object(&["url"], json!({ "url": string() }), true),
            object(
                &["transactionId", "checkoutUrl"],
                json!({
                    "transactionId": string(), "checkoutUrl": string(), "connectUrl": { "type": "null" }, "id": { "type": "null" },
                }),
                true,
            ),
        ),
        Dialect::Published => (
            object(&["redirectUrl"], json!({ "redirectUrl": string() }), true),
            object(
                &["id", "checkoutUrl", "connectUrl"],
                json!({ "id": string(), "checkoutUrl": string(), "connectUrl": string() }),
                true,
            ),
        ),
    };
    json!({
        "Url": object(&["url"], json!({ "url": string() }), true),
        "TradeLink": link,
        "TransactionCreated": created,
        "ConnectStarted": object(&["connectUrl"], json!({ "connectUrl": string() }), true),
    })
}

fn control() -> Value {
    json!({
        "SandboxHealth": object(&["status", "version", "dialect"], json!({
            "status": { "const": "ok" }, "version": string(), "dialect": { "enum": ["spec", "published"] },
        }), true),
        "SandboxNewUser": object(&["referenceId"], json!({
            "referenceId": string(), "name": string(), "email": string(), "phoneNumber": string(),
            "type": { "enum": ["Private", "Business"] },
        }), false),
        "SandboxUserCreated": object(&["serviceAccountId"], json!({ "serviceAccountId": string() }), true),
        "SandboxFaults": object(&["rules"], json!({ "rules": { "type": "array", "items": { "type": "object" } } }), false),
        "SandboxClockAdvance": object(&["seconds"], json!({ "seconds": { "type": "integer", "minimum": 0 } }), false),
        "SandboxItems": list_of("items", "SandboxAny"),
        "SandboxAny": { "type": "object" },
    })
}

/// Every schema, in `dialect`.
pub fn components(dialect: Dialect) -> Map<String, Value> {
    let mut all = Map::new();
    for group in [errors(), transactions(), users_and_documents(), trades(dialect), links(dialect), control()] {
        if let Value::Object(group) = group {
            all.extend(group);
        }
    }
    if dialect == Dialect::Published {
        for (name, schema) in all.iter_mut() {
            if !name.starts_with("Sandbox") {
                publish_names(schema);
            }
        }
    }
    all
}

/// Renames the specs' field names to the published ones in `properties` and `required`.
fn publish_names(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(props)) = map.get_mut("properties") {
                let renamed = std::mem::take(props)
                    .into_iter()
                    .map(|(k, v)| (published_name(&k).map_or(k, str::to_owned), v))
                    .collect();
                *props = renamed;
            }
            if let Some(Value::Array(required)) = map.get_mut("required") {
                for name in required.iter_mut() {
                    if let Some(published) = name.as_str().and_then(published_name) {
                        *name = json!(published);
                    }
                }
            }
            map.values_mut().for_each(publish_names);
        }
        Value::Array(items) => items.iter_mut().for_each(publish_names),
        _ => {}
    }
}
