//! The TypeScript wrappers of the command list: one typed function per command, named
//! in camelCase, passing its arguments by their camelCase names (Tauri's convention).

use std::collections::BTreeSet;

/// One command as the web view calls it.
#[derive(Debug, Clone)]
pub struct Command {
    pub name: &'static str,
    /// Argument names (snake_case, as in Rust) and TypeScript types.
    pub args: Vec<(&'static str, String)>,
    /// The TypeScript type of the answer.
    pub answer: String,
}

pub(crate) fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The type names a TypeScript type refers to (imported from the bindings).
fn type_names(ts: &str, into: &mut BTreeSet<String>) {
    for word in ts.split(|c: char| !c.is_ascii_alphanumeric() && c != '_') {
        if word.starts_with(|c: char| c.is_ascii_uppercase()) && word != "Array" {
            into.insert(word.to_owned());
        }
    }
}

pub fn render(commands: &[Command]) -> String {
    let mut types = BTreeSet::new();
    let mut body = String::new();
    for c in commands {
        let answer = if c.answer == "null" { "null".to_owned() } else { c.answer.clone() };
        type_names(&answer, &mut types);
        let params: Vec<String> = c
            .args
            .iter()
            .map(|(n, t)| {
                type_names(t, &mut types);
                format!("{}: {t}", camel(n))
            })
            .collect();
        let names: Vec<String> = c.args.iter().map(|(n, _)| camel(n)).collect();
        let args = if names.is_empty() { String::new() } else { format!(", {{ {} }}", names.join(", ")) };
        body.push_str(&format!(
            "  {}: ({}) => call<{answer}>('{}'{args}),\n",
            camel(c.name),
            params.join(", "),
            c.name
        ));
    }
    let imports = types.into_iter().collect::<Vec<_>>().join(", ");
    format!(
        "// Generated from Rust (src-tauri/src/ipc/list.rs) by `make bindings`. Do not edit by hand.\n\
         // Every Tauri command the window calls: one typed wrapper each.\n\
         import type {{ {imports} }} from '../lib/bindings';\n\
         import {{ call }} from './call';\n\n\
         export const ipc = {{\n{body}}};\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_arguments_are_camel_case_and_types_are_imported() {
        let ts = render(&[
            Command { name: "set_api_key", args: vec![("profile_id", "string".into())], answer: "null".into() },
            Command { name: "open_actions", args: vec![], answer: "Array<ActionRecord>".into() },
        ]);
        assert!(ts.contains("import type { ActionRecord } from '../lib/bindings';"));
        assert!(ts.contains("  setApiKey: (profileId: string) => call<null>('set_api_key', { profileId }),\n"));
        assert!(ts.contains("  openActions: () => call<Array<ActionRecord>>('open_actions'),\n"));
    }
}
