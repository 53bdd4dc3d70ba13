//! Views several domains answer with.

use serde::Serialize;
use ts_rs::TS;

/// A hosted page or file link (connect, onboarding, signing, download).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct HostedUrlView {
    pub environment_id: String,
    pub url: String,
}
