//! Small JSON answers shared by several handlers, as types: the handlers write them and the
//! OpenAPI document describes them from the same definition. Fields are declared in the
//! order of their JSON names, so a body reads byte for byte as the `json!` it replaced.

use schemars::JsonSchema;
use serde::Serialize;

/// A link to a hosted page or a download (`{url}`).
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Url")]
pub struct Link {
    pub url: String,
}

/// The link a person follows to connect (`POST /v2/connect`).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectStarted {
    pub connect_url: String,
}

/// The account a v2 route made (`POST /v2/connect/{referenceId}/guest`).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountCreated {
    pub service_account_id: String,
}

/// The account the control API made (`POST /_sandbox/users`): always the specs' names.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "SandboxUserCreated")]
pub struct SandboxUserCreated {
    pub service_account_id: String,
}

/// A payment into escrow and the page that pays it.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentCreated {
    pub payment_id: String,
    pub payment_url: String,
}
