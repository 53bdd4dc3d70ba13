//! The route table.
//!
//! Routes the spec shows are fixed; the six it does not show get documented defaults
//! here, and a caller (or an app profile) may override any of them by name.

use std::collections::BTreeMap;

/// An operation whose route the spec leaves out; its default path template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum UnspecifiedRoute {
    /// Change a transaction's amount and fixed fees.
    ChangeAmount,
    /// Add the payee to a transaction that has none.
    AddPayee,
    /// Add the payer to a transaction that has none.
    AddPayer,
    /// Examples of every webhook payload.
    WebhookExamples,
    /// A transaction's split payouts.
    ListSplitPayouts,
    /// Cancel a split payout while it is PENDING.
    CancelSplitPayout,
}

impl UnspecifiedRoute {
    /// Every operation without a specified route.
    pub const ALL: [Self; 6] = [
        Self::ChangeAmount,
        Self::AddPayee,
        Self::AddPayer,
        Self::WebhookExamples,
        Self::ListSplitPayouts,
        Self::CancelSplitPayout,
    ];

    /// The name used to override it (e.g. in a profile's settings).
    pub fn name(self) -> &'static str {
        match self {
            Self::ChangeAmount => "changeAmount",
            Self::AddPayee => "addPayee",
            Self::AddPayer => "addPayer",
            Self::WebhookExamples => "webhookExamples",
            Self::ListSplitPayouts => "listSplitPayouts",
            Self::CancelSplitPayout => "cancelSplitPayout",
        }
    }

    /// Method and path template; `{transactionId}` and `{splitPayoutId}` are filled in.
    pub fn default_route(self) -> (&'static str, &'static str) {
        match self {
            Self::ChangeAmount => ("POST", "/v2/transactions/{transactionId}/amount"),
            Self::AddPayee => ("POST", "/v2/transactions/{transactionId}/payee"),
            Self::AddPayer => ("POST", "/v2/transactions/{transactionId}/payer"),
            Self::WebhookExamples => ("GET", "/v2/webhooks/examples"),
            Self::ListSplitPayouts => ("GET", "/v2/transactions/{transactionId}/split-payouts"),
            Self::CancelSplitPayout => (
                "POST",
                "/v2/transactions/{transactionId}/split-payouts/{splitPayoutId}/cancel",
            ),
        }
    }
}

/// Path templates for the unspecified routes, with any overrides applied.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Routes {
    overrides: BTreeMap<UnspecifiedRoute, String>,
}

impl Routes {
    /// Overrides the path template of `route` (the method stays the default's).
    pub fn with(mut self, route: UnspecifiedRoute, template: impl Into<String>) -> Self {
        self.overrides.insert(route, template.into());
        self
    }

    /// The path template in force for `route`.
    pub fn template(&self, route: UnspecifiedRoute) -> &str {
        self.overrides.get(&route).map(String::as_str).unwrap_or(route.default_route().1)
    }
}

/// Percent-encodes one path segment so an id can never change the route.
pub(crate) fn segment(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect::<String>().replace('+', "%20")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_replace_only_their_route() {
        let r = Routes::default().with(UnspecifiedRoute::AddPayee, "/v2/transactions/{transactionId}/add-payee");
        assert_eq!(r.template(UnspecifiedRoute::AddPayee), "/v2/transactions/{transactionId}/add-payee");
        assert_eq!(r.template(UnspecifiedRoute::AddPayer), "/v2/transactions/{transactionId}/payer");
    }

    #[test]
    fn segments_cannot_escape() {
        assert_eq!(segment("../users"), "..%2Fusers");
        assert_eq!(segment("a b?c"), "a%20b%3Fc");
    }
}
