//! `escrow profiles list|show`: Escrow Desk's environments on this computer, as `--profile`
//! reads them (offline: the app's database, read only, and whether each key is in the
//! keychain; never the key). The built-in Sandbox is the app's own and not a profile.

use super::ctx::Ctx;
use crate::args::Profiles;
use crate::exit::Failure;
use crate::key;
use crate::output::{self, Fields, Table};
use crate::profile::{self, Listed};
use serde::Serialize;

/// A profile with whether its key is stored.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Shown {
    #[serde(flatten)]
    profile: Listed,
    /// `None`: the keychain could not be read.
    key_stored: Option<bool>,
}

pub fn run(ctx: &Ctx, p: Profiles) -> Result<(), Failure> {
    let all = profile::all()?;
    let shown = |p: Listed| Shown { key_stored: key::stored(&p.id), profile: p };
    match p {
        Profiles::List => {
            let list: Vec<Shown> = all.into_iter().map(shown).collect();
            if ctx.json {
                return output::emit_json(&list);
            }
            if list.is_empty() {
                return output::emit("No profiles: add one in Escrow Desk (Environments).\n");
            }
            let mut table = Table::new(&["NAME", "BASE URL", "DIALECT", "KEY", "SET BY"]);
            for s in &list {
                table.row(vec![
                    s.profile.name.clone(),
                    s.profile.base_url.clone(),
                    s.profile.dialect.clone(),
                    key_words(s.key_stored).into(),
                    if s.profile.managed { "organisation".into() } else { "user".into() },
                ]);
            }
            output::emit(&table.render())
        }
        Profiles::Show(name) => {
            let wanted = name.name.trim().to_lowercase();
            let mut matching = all.into_iter().filter(|p| p.name.trim().to_lowercase() == wanted);
            let one = match (matching.next(), matching.next()) {
                (Some(p), None) => shown(p),
                (Some(_), Some(_)) => {
                    return Err(Failure::usage(format!(
                        "more than one profile is named `{}`: rename one in the app",
                        name.name.trim()
                    )));
                }
                (None, _) => return Err(Failure::usage(format!("no profile named `{}`", name.name.trim()))),
            };
            if ctx.json {
                return output::emit_json(&one);
            }
            let mut fields = Fields::new();
            fields
                .add("Name", one.profile.name.clone())
                .add("Id", one.profile.id.clone())
                .add("Base URL", one.profile.base_url.clone())
                .add("Dialect", one.profile.dialect.clone())
                .add("API key", key_words(one.key_stored))
                .add("Set by", if one.profile.managed { "your organisation" } else { "the user" });
            output::emit(&fields.render())
        }
    }
}

fn key_words(stored: Option<bool>) -> &'static str {
    match stored {
        Some(true) => "stored in the keychain",
        Some(false) => "none",
        None => "keychain unavailable",
    }
}
