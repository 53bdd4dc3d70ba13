//! `escrow profiles list|show`: Escrow Desk's environments on this computer, as `--profile`
//! reads them (offline: the app's database, read only, and whether each key is in the
//! keychain; never the key), and the built-in Sandbox, usable as `--profile Sandbox`.

use super::ctx::Ctx;
use crate::args::Profiles;
use crate::builtin_sandbox;
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
    /// `None`: the keychain could not be read, or the built-in Sandbox (whose key is its demo key).
    key_stored: Option<bool>,
    /// The built-in Sandbox: its address is the shared sandbox's, or it is started by each command.
    built_in: bool,
}

/// The built-in Sandbox as listed: first, as in the app.
fn built_in() -> Shown {
    let base_url = builtin_sandbox::shared_url()
        .unwrap_or_else(|| "started in-process by each command (the app's sandbox folder)".into());
    let profile = Listed {
        id: "sandbox".into(),
        name: builtin_sandbox::NAME.into(),
        base_url,
        dialect: "spec".into(),
        managed: false,
    };
    Shown { profile, key_stored: None, built_in: true }
}

pub fn run(ctx: &Ctx, p: Profiles) -> Result<(), Failure> {
    // Without the app's database there are no profiles of the user's, only the built-in Sandbox.
    let stored = profile::data_dir()?.join(profile::DB_FILE).is_file();
    let all = if stored { profile::all()? } else { Vec::new() };
    let shown = |p: Listed| Shown { key_stored: key::stored(&p.id), profile: p, built_in: false };
    match p {
        Profiles::List => {
            let list: Vec<Shown> = std::iter::once(built_in()).chain(all.into_iter().map(shown)).collect();
            if ctx.json {
                return output::emit_json(&list);
            }
            let mut table = Table::new(&["NAME", "BASE URL", "DIALECT", "KEY", "SET BY"]);
            for s in &list {
                table.row(vec![
                    s.profile.name.clone(),
                    s.profile.base_url.clone(),
                    s.profile.dialect.clone(),
                    key_words(s).into(),
                    set_by(s).into(),
                ]);
            }
            output::emit(&table.render())
        }
        Profiles::Show(name) => {
            let wanted = name.name.trim().to_lowercase();
            let builtin = builtin_sandbox::is_named(&wanted).then(built_in);
            let mut matching = builtin
                .into_iter()
                .chain(all.into_iter().filter(|p| p.name.trim().to_lowercase() == wanted).map(shown));
            let one = match (matching.next(), matching.next()) {
                (Some(p), None) => p,
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
                .add("API key", key_words(&one))
                .add("Set by", set_by(&one));
            output::emit(&fields.render())
        }
    }
}

fn key_words(s: &Shown) -> &'static str {
    match s.key_stored {
        _ if s.built_in => "the sandbox's demo key (built in)",
        Some(true) => "stored in the keychain",
        Some(false) => "none",
        None => "keychain unavailable",
    }
}

fn set_by(s: &Shown) -> &'static str {
    match (s.built_in, s.profile.managed) {
        (true, _) => "built in",
        (false, true) => "organisation",
        (false, false) => "user",
    }
}
