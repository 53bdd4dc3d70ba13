//! A link's environment found among the desk's: `sandbox` is the built-in Sandbox; otherwise
//! the environment whose address the link names (what two desks of a team share), then one
//! whose id or name it is. A link naming none opens nothing and says so.

use super::parse::{DeskLink, LinkTarget, SANDBOX, parse};
use crate::settings::environments::EnvironmentView;
use serde::Serialize;
use ts_rs::TS;

/// Why a link opens nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LinkProblem {
    /// Not a link this version reads (`reason` in English, for the log and the details).
    Unreadable { reason: String },
    /// It names an environment this desk does not have.
    UnknownEnvironment { environment: String },
}

/// A link as the window acts on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LinkView {
    /// The desk's environment to open it in, when the desk has it.
    pub environment_id: Option<String>,
    pub target: Option<LinkTarget>,
    pub problem: Option<LinkProblem>,
}

fn same_address(a: &str, b: &str) -> bool {
    a.trim_end_matches('/').eq_ignore_ascii_case(b.trim_end_matches('/'))
}

/// The environment `name` (as a link names it) among `environments`.
pub fn environment<'a>(name: &str, environments: &'a [EnvironmentView]) -> Option<&'a EnvironmentView> {
    if name == SANDBOX {
        return environments.iter().find(|e| e.built_in);
    }
    environments
        .iter()
        .find(|e| !e.built_in && same_address(&e.base_url, name))
        .or_else(|| environments.iter().find(|e| e.id == name))
        .or_else(|| environments.iter().find(|e| e.name.eq_ignore_ascii_case(name)))
}

/// What the window does with the link `raw`.
pub fn view(raw: &str, environments: &[EnvironmentView]) -> LinkView {
    match parse(raw) {
        Err(reason) => {
            tracing::info!(%reason, "a link that opens nothing");
            LinkView { environment_id: None, target: None, problem: Some(LinkProblem::Unreadable { reason }) }
        }
        Ok(DeskLink { environment: name, target }) => match environment(&name, environments) {
            Some(env) => LinkView { environment_id: Some(env.id.clone()), target: Some(target), problem: None },
            None => LinkView {
                environment_id: None,
                target: None,
                problem: Some(LinkProblem::UnknownEnvironment { environment: name }),
            },
        },
    }
}

/// How a link names `env`.
pub fn name_of(env: &EnvironmentView) -> String {
    if env.built_in { SANDBOX.to_owned() } else { env.base_url.trim_end_matches('/').to_owned() }
}
