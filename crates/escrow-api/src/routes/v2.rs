//! The v2 route table: every operation by name, its method and path template.
//!
//! Routes the spec shows are its defaults; the six it does not show get documented
//! defaults here. A caller (or an app profile) may point any of them elsewhere by name,
//! and the published dialect has presets where the public documentation shows another
//! route ([`V2Route::published_route`]). Methods are fixed.

use super::path::fill;
use crate::dialect::Dialect;
use std::collections::BTreeMap;

macro_rules! v2_routes {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, $method:literal, $path:literal; )+) => {
        /// An operation of the v2 API (spec document 1, section 4).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum V2Route {
            $( $(#[$doc])* $variant, )+
        }

        impl V2Route {
            /// Every operation, in the spec's order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The name used to override it (e.g. in a profile's settings).
            pub fn name(self) -> &'static str {
                match self { $( Self::$variant => $name, )+ }
            }

            /// Method and path template (`{param}` placeholders) of the spec, or of this
            /// crate where the spec shows none.
            pub fn default_route(self) -> (&'static str, &'static str) {
                match self { $( Self::$variant => ($method, $path), )+ }
            }
        }
    };
}

v2_routes! {
    /// Start the connect flow.
    StartConnect = "startConnect", "POST", "/v2/connect";
    /// A tenant referenceId's account.
    GetConnection = "getConnection", "GET", "/v2/connect/{referenceId}";
    /// Create a guest user.
    CreateGuest = "createGuest", "POST", "/v2/connect/{referenceId}/guest";
    /// Remove a connection.
    DeleteConnection = "deleteConnection", "POST", "/v2/connect/{referenceId}/delete";
    /// Upload a document.
    UploadDocument = "uploadDocument", "POST", "/v2/documents";
    /// The tenant's documents.
    ListDocuments = "listDocuments", "GET", "/v2/documents";
    /// One document.
    GetDocument = "getDocument", "GET", "/v2/documents/{documentId}";
    /// A signing link.
    SignDocument = "signDocument", "POST", "/v2/documents/{documentId}/sign";
    /// A download link.
    DownloadDocument = "downloadDocument", "GET", "/v2/documents/{documentId}/download";
    /// Delete a document.
    DeleteDocument = "deleteDocument", "POST", "/v2/documents/{documentId}/delete";
    /// The tenant's users.
    ListUsers = "listUsers", "GET", "/v2/users";
    /// One user's record (`getUser` names the trade API's operation).
    GetUserAccount = "getUserAccount", "GET", "/v2/users/{serviceAccountId}";
    /// Banks a user can onboard from.
    ListBanks = "listBanks", "GET", "/v2/users/{serviceAccountId}/banks";
    /// A user's bank accounts.
    ListBankAccounts = "listBankAccounts", "GET", "/v2/users/{serviceAccountId}/bank-accounts";
    /// Start bank-account onboarding.
    StartBankOnboarding = "startBankOnboarding", "POST", "/v2/users/{serviceAccountId}/bank-accounts/initialize";
    /// Bank-account onboarding's result.
    GetBankOnboarding = "getBankOnboarding", "GET", "/v2/users/{serviceAccountId}/bank-accounts/initialize";
    /// Add an onboarded account.
    AddBankAccount = "addBankAccount", "POST", "/v2/users/{serviceAccountId}/bank-accounts/add";
    /// Make an account the default.
    SetDefaultBankAccount = "setDefaultBankAccount", "POST", "/v2/users/{serviceAccountId}/bank-accounts/set-default";
    /// Remove an account.
    DeleteBankAccount = "deleteBankAccount", "POST", "/v2/users/{serviceAccountId}/bank-accounts/delete";
    /// List and search transactions.
    ListTransactions = "listTransactions", "GET", "/v2/transactions";
    /// Create a Marketplace transaction.
    CreateMarketplaceTransaction = "createMarketplaceTransaction", "POST", "/v2/transactions/marketplace";
    /// Create an Auto transaction.
    CreateAutoTransaction = "createAutoTransaction", "POST", "/v2/transactions/auto";
    /// One transaction.
    GetTransaction = "getTransaction", "GET", "/v2/transactions/{transactionId}";
    /// Delete a transaction without payments.
    DeleteTransaction = "deleteTransaction", "POST", "/v2/transactions/{transactionId}/delete";
    /// Cancel: the payer's money goes back.
    CancelTransaction = "cancelTransaction", "POST", "/v2/transactions/{transactionId}/cancel";
    /// Pay out: the transaction succeeds.
    PayoutTransaction = "payoutTransaction", "POST", "/v2/transactions/{transactionId}/payout";
    /// Change expected completion or retail amount.
    UpdateTransaction = "updateTransaction", "POST", "/v2/transactions/{transactionId}/update";
    /// Pay part of the escrow back to the payer (`reimbursePayer` names the trade API's).
    ReimburseTransactionPayer = "reimburseTransactionPayer", "POST", "/v2/transactions/{transactionId}/reimburse-payer";
    /// Create a split payout.
    CreateSplitPayout = "createSplitPayout", "POST", "/v2/transactions/{transactionId}/split-payouts";
    /// Register debt information (Auto).
    RegisterDebt = "registerDebt", "POST", "/v2/transactions/{transactionId}/debt-information";
    /// A link to the debt documentation (Auto).
    DownloadDebt = "downloadDebt", "GET", "/v2/transactions/{transactionId}/debt-information/download";
    /// Set up the bill of sale (Auto).
    SetBillOfSale = "setBillOfSale", "POST", "/v2/transactions/{transactionId}/bill-of-sale";
    /// Manual bank-transfer instructions for a payer.
    PaymentInstructions = "paymentInstructions", "GET", "/v2/transactions/{transactionId}/payment-instructions/{serviceAccountId}";
    /// Create a payment.
    CreatePayment = "createPayment", "POST", "/v2/payments";
    /// Choose a payment's method.
    InitializePayment = "initializePayment", "POST", "/v2/payments/{paymentId}/initialize";
    /// Change a transaction's amount and fixed fees (route not in the spec).
    ChangeAmount = "changeAmount", "POST", "/v2/transactions/{transactionId}/amount";
    /// Add the payee to a transaction that has none (route not in the spec).
    AddPayee = "addPayee", "POST", "/v2/transactions/{transactionId}/payee";
    /// Add the payer to a transaction that has none (route not in the spec).
    AddPayer = "addPayer", "POST", "/v2/transactions/{transactionId}/payer";
    /// Examples of every webhook payload (route not in the spec).
    WebhookExamples = "webhookExamples", "GET", "/v2/webhooks/examples";
    /// A transaction's split payouts (route not in the spec).
    ListSplitPayouts = "listSplitPayouts", "GET", "/v2/transactions/{transactionId}/split-payouts";
    /// Cancel a split payout while it is PENDING (route not in the spec).
    CancelSplitPayout = "cancelSplitPayout", "POST", "/v2/transactions/{transactionId}/split-payouts/{splitPayoutId}/cancel";
}

/// The six operations the spec names without a route; kept under their old name.
pub type UnspecifiedRoute = V2Route;

impl V2Route {
    /// The operations whose route the spec does not show (their defaults are this crate's).
    pub const UNSPECIFIED: [Self; 6] = [
        Self::ChangeAmount,
        Self::AddPayee,
        Self::AddPayer,
        Self::WebhookExamples,
        Self::ListSplitPayouts,
        Self::CancelSplitPayout,
    ];

    /// The operation with this override name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|r| r.name() == name)
    }

    /// Where the public documentation shows another path than the spec (see
    /// `docs/published-api.md`): the published dialect's preset.
    pub fn published_route(self) -> Option<&'static str> {
        match self {
            Self::CreateMarketplaceTransaction => Some("/v2/checkout/marketplace"),
            _ => None,
        }
    }
}

/// Path templates of the v2 operations, with any overrides applied.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Routes {
    overrides: BTreeMap<V2Route, String>,
}

impl Routes {
    /// Overrides the path template of `route` (the method stays the default's).
    pub fn with(mut self, route: V2Route, template: impl Into<String>) -> Self {
        self.overrides.insert(route, template.into());
        self
    }

    /// The path template in force for `route` in the spec dialect.
    pub fn template(&self, route: V2Route) -> &str {
        self.template_for(route, Dialect::Spec)
    }

    /// The path template in force for `route`: an override, else the dialect's preset,
    /// else the default.
    pub fn template_for(&self, route: V2Route, dialect: Dialect) -> &str {
        if let Some(t) = self.overrides.get(&route) {
            return t;
        }
        match dialect {
            Dialect::Published => route.published_route().unwrap_or(route.default_route().1),
            _ => route.default_route().1,
        }
    }

    /// The path for `route` with `params` filled in, each percent-encoded.
    pub fn resolve(&self, route: V2Route, dialect: Dialect, params: &[(&str, &str)]) -> String {
        fill(self.template_for(route, dialect), params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_replace_only_their_route() {
        let r = Routes::default().with(V2Route::AddPayee, "/v2/transactions/{transactionId}/add-payee");
        assert_eq!(r.template(V2Route::AddPayee), "/v2/transactions/{transactionId}/add-payee");
        assert_eq!(r.template(V2Route::AddPayer), "/v2/transactions/{transactionId}/payer");
        let r = r.with(V2Route::PayoutTransaction, "/gw/{transactionId}/payout");
        assert_eq!(
            r.resolve(V2Route::PayoutTransaction, Dialect::Spec, &[("transactionId", "a/b")]),
            "/gw/a%2Fb/payout"
        );
    }

    #[test]
    fn names_are_unique_and_the_published_preset_yields_to_an_override() {
        let mut names: Vec<_> = V2Route::ALL.iter().map(|r| r.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), V2Route::ALL.len());
        for r in V2Route::ALL {
            assert_eq!(V2Route::from_name(r.name()), Some(*r));
            assert!(r.default_route().1.starts_with("/v2/"));
        }
        let r = Routes::default();
        assert_eq!(
            r.template_for(V2Route::CreateMarketplaceTransaction, Dialect::Published),
            "/v2/checkout/marketplace"
        );
        assert_eq!(
            r.template_for(V2Route::CreateMarketplaceTransaction, Dialect::Spec),
            "/v2/transactions/marketplace"
        );
        let r = r.with(V2Route::CreateMarketplaceTransaction, "/v2/x");
        assert_eq!(r.template_for(V2Route::CreateMarketplaceTransaction, Dialect::Published), "/v2/x");
    }
}
