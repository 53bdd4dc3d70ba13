//! The two wire dialects the sandbox speaks: the specs' (`spec`, the default) and the
//! service's public documentation's (`published`, see `docs/published-api.md`).
//!
//! The data model stays the same; the dialect is applied at the edge:
//!
//! - [`crate::layers::dialect`]: one middleware over `/v2` and `/v1/marketplace` that, in
//!   `published`, refuses request bodies using the specs' names, renames the published
//!   names to the specs' before the handlers see them, and renames every JSON response
//!   body the other way ([`FIELD_NAMES`], at any depth, by [`rename`]);
//! - the webhook worker renames each payload the same way before POSTing it;
//! - each API keeps what else it does differently: the trade API's published record
//!   ([`crate::trade::published`]) and its routes, links, user-connect field and
//!   `appSwitch` ([`crate::trade::wire`]); v2's published create answer and route
//!   ([`crate::v2::transactions::published`]).
//!
//! What is here sits below the state and every API (they all read [`Dialect`]) and names
//! none of them; the middleware that applies it sits above them.
//!
//! Control routes (`/_sandbox/...`) and hosted pages are the same in both dialects: their
//! JSON keeps the specs' names (`serviceAccountId`, `serviceUserId`), including the
//! payloads listed by `GET /_sandbox/webhooks` (as stored; the POST carries the dialect's).
//!
//! Idempotent answers are stored as rendered: replaying a key after restarting the same
//! data folder in the other dialect answers the stored (first dialect's) body.

pub mod rename;

// Its JSON Schema (the health answer) gives the names `Dialect::name` writes.
/// What the sandbox speaks on the wire.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, schemars::JsonSchema)]
#[schemars(rename_all = "lowercase")]
pub enum Dialect {
    /// The specs' names and the client's default routes.
    #[default]
    Spec,
    /// The public documentation's names, routes and trade shapes.
    Published,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Self; 2] = [Self::Spec, Self::Published];

    /// `spec` or `published`, as the command line writes it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Spec => "spec",
            Self::Published => "published",
        }
    }

    /// The dialect named `name` (case-insensitive).
    pub fn parse(name: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| format!("dialect `{name}`: expected spec or published"))
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Field names the specs and the published documentation disagree on, at any depth of a
/// JSON body: (spec's name, published name).
pub const FIELD_NAMES: [(&str, &str); 2] =
    [("serviceAccountId", "safepayAccountId"), ("serviceUserId", "symblepayUserId")];

/// The pairs turned around: (published name, spec's name).
pub const PUBLISHED_TO_SPEC: [(&str, &str); 2] =
    [(FIELD_NAMES[0].1, FIELD_NAMES[0].0), (FIELD_NAMES[1].1, FIELD_NAMES[1].0)];

/// The published name of a spec's field name, if the two differ.
pub fn published_name(spec: &str) -> Option<&'static str> {
    FIELD_NAMES.iter().find(|(s, _)| *s == spec).map(|(_, p)| *p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_pairs_turn_around() {
        assert_eq!(Dialect::parse(" Published "), Ok(Dialect::Published));
        assert_eq!(Dialect::parse("spec"), Ok(Dialect::Spec));
        assert!(Dialect::parse("v3").is_err());
        assert_eq!(Dialect::default(), Dialect::Spec);
        assert_eq!(PUBLISHED_TO_SPEC[1], ("symblepayUserId", "serviceUserId"));
        assert_eq!(published_name("serviceAccountId"), Some("safepayAccountId"));
        assert_eq!(published_name("name"), None);
    }
}
