//! The route table of the trade API.
//!
//! The spec shows no method or path for any operation of this API, so every route is
//! a default chosen here (REST style, under [`PREFIX`]) and any of them can be
//! overridden by name, e.g. from a profile's settings, once the real routes are known.
//! The sandbox serves exactly these defaults.
//!
//! | Name | Default |
//! |---|---|
//! | `createBusinessUser` | `POST /v1/marketplace/business-users` |
//! | `editBusinessUser` | `PUT /v1/marketplace/business-users/{businessId}/{businessLocationId}` |
//! | `getBusinessUser` | `GET /v1/marketplace/business-users/{businessId}/{businessLocationId}` |
//! | `deleteBusinessUser` | `DELETE /v1/marketplace/business-users/{businessId}/{businessLocationId}` |
//! | `initiateTrade` | `POST /v1/marketplace/trades` |
//! | `cancelTrade` | `POST /v1/marketplace/trades/cancel` |
//! | `getTrades` | `GET /v1/marketplace/users/{marketplaceUserId}/trades` (`?page=&pageSize=`) |
//! | `getTrade` | `GET /v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}` |
//! | `getTradeStatusLink` | `POST …/users/{marketplaceUserId}/trades/{tradeId}/status-link` |
//! | `reimbursePayer` | `POST …/users/{payerMarketplaceUserId}/trades/{tradeId}/reimburse` |
//! | `initiateUserConnect` | `POST /v1/marketplace/connect` (`?forceOnboarding=`) |
//! | `selectPayoutAccount` | `POST …/users/{marketplaceUserId}/payout-account` |
//! | `getUser` | `GET /v1/marketplace/users/{marketplaceUserId}` |
//! | `acceptTrade` | `POST …/trades/{tradeId}/accept` |
//! | `acceptTradeAndPay` | `POST …/trades/{tradeId}/accept-and-pay` (`?receiverShopId=`) |
//! | `rejectTrade` | `POST …/trades/{tradeId}/reject` |
//! | `acceptItemCondition` | `POST …/trades/{tradeId}/item-condition/accept` |
//! | `rejectItemCondition` | `POST …/trades/{tradeId}/item-condition/reject` |
//! | `abandonTrade` | `POST …/trades/{tradeId}/abandon` |
//! | `performTradeAction` | `POST …/trades/{tradeId}/actions` (body: `{name}`) |
//! | `initiatePaymentFlow` | `POST …/users/{marketplaceUserId}/payments/{paymentId}/flow` |
//! | `getPayment` | `GET …/trades/{tradeId}/payment` |
//! | `buyDeliveryShipment` | `POST …/trades/{tradeId}/shipments/delivery` |
//! | `buyReturnShipment` | `POST …/trades/{tradeId}/shipments/return` |

use super::path::fill;
use crate::dialect::Dialect;
use crate::error::{Error, Result};
use reqwest::Method;
use std::collections::BTreeMap;

/// Where the defaults live; an override may use any path.
pub const PREFIX: &str = "/v1/marketplace";

macro_rules! trade_routes {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, $method:ident, $path:literal; )+) => {
        /// An operation of the trade API (spec document 2, section 4).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum TradeRoute {
            $( $(#[$doc])* $variant, )+
        }

        impl TradeRoute {
            /// Every operation, in the spec's order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The name used to override it (e.g. in a profile's settings).
            pub fn name(self) -> &'static str {
                match self { $( Self::$variant => $name, )+ }
            }

            /// The default method and path template (`{param}` placeholders).
            pub fn default_route(self) -> (Method, &'static str) {
                match self { $( Self::$variant => (Method::$method, concat!("/v1/marketplace", $path)), )+ }
            }

            /// The operation with this override name.
            pub fn from_name(name: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|r| r.name() == name)
            }

            /// Where the public documentation shows another path (see
            /// `docs/published-api.md`): the published dialect's preset. The other
            /// operations' published routes are not shown, so the defaults stay.
            pub fn published_route(self) -> Option<&'static str> {
                match self {
                    Self::InitiateTrade => Some("/v1/marketplace/trades/initiate"),
                    Self::InitiateUserConnect => Some("/v1/marketplace/users/connect"),
                    Self::SelectPayoutAccount => Some("/v1/marketplace/connect/{marketplaceUserId}/bankaccount/initiate"),
                    _ => None,
                }
            }
        }
    };
}

trade_routes! {
    /// Register a business user.
    CreateBusinessUser = "createBusinessUser", POST, "/business-users";
    /// Change a business user's name, phone, address and payout account.
    EditBusinessUser = "editBusinessUser", PUT, "/business-users/{businessId}/{businessLocationId}";
    /// Read a business user.
    GetBusinessUser = "getBusinessUser", GET, "/business-users/{businessId}/{businessLocationId}";
    /// Remove a business user.
    DeleteBusinessUser = "deleteBusinessUser", DELETE, "/business-users/{businessId}/{businessLocationId}";
    /// Create a trade between a payer and a payee.
    InitiateTrade = "initiateTrade", POST, "/trades";
    /// Cancel a trade by its state id.
    CancelTrade = "cancelTrade", POST, "/trades/cancel";
    /// The trades a user takes part in, one page.
    GetTrades = "getTrades", GET, "/users/{marketplaceUserId}/trades";
    /// One trade as a party sees it.
    GetTrade = "getTrade", GET, "/users/{marketplaceUserId}/trades/{tradeId}";
    /// A link to the trade's hosted status page.
    GetTradeStatusLink = "getTradeStatusLink", POST, "/users/{marketplaceUserId}/trades/{tradeId}/status-link";
    /// Pay part of the escrowed money back to the payer.
    ReimbursePayer = "reimbursePayer", POST, "/users/{payerMarketplaceUserId}/trades/{tradeId}/reimburse";
    /// A link where a user connects (signs in and onboards).
    InitiateUserConnect = "initiateUserConnect", POST, "/connect";
    /// A link where a user picks the payout account.
    SelectPayoutAccount = "selectPayoutAccount", POST, "/users/{marketplaceUserId}/payout-account";
    /// A connected user's details.
    GetUser = "getUser", GET, "/users/{marketplaceUserId}";
    /// The payer accepts the invitation.
    AcceptTrade = "acceptTrade", POST, "/users/{marketplaceUserId}/trades/{tradeId}/accept";
    /// The payer accepts and starts paying into escrow.
    AcceptTradeAndPay = "acceptTradeAndPay", POST, "/users/{marketplaceUserId}/trades/{tradeId}/accept-and-pay";
    /// The payer rejects the invitation.
    RejectTrade = "rejectTrade", POST, "/users/{marketplaceUserId}/trades/{tradeId}/reject";
    /// The payer accepts the item as received: the payee is paid.
    AcceptItemCondition = "acceptItemCondition", POST, "/users/{marketplaceUserId}/trades/{tradeId}/item-condition/accept";
    /// The payer rejects the item: the return phase starts.
    RejectItemCondition = "rejectItemCondition", POST, "/users/{marketplaceUserId}/trades/{tradeId}/item-condition/reject";
    /// A party walks away from the trade.
    AbandonTrade = "abandonTrade", POST, "/users/{marketplaceUserId}/trades/{tradeId}/abandon";
    /// A party performs an action its status lists, by the listed name (for names a
    /// client has no operation of its own for).
    PerformTradeAction = "performTradeAction", POST, "/users/{marketplaceUserId}/trades/{tradeId}/actions";
    /// A link where the user pays a payment to escrow.
    InitiatePaymentFlow = "initiatePaymentFlow", POST, "/users/{marketplaceUserId}/payments/{paymentId}/flow";
    /// The trade's payment to escrow.
    GetPayment = "getPayment", GET, "/users/{marketplaceUserId}/trades/{tradeId}/payment";
    /// The payee buys the delivery shipment.
    BuyDeliveryShipment = "buyDeliveryShipment", POST, "/users/{marketplaceUserId}/trades/{tradeId}/shipments/delivery";
    /// The payer buys the return shipment.
    BuyReturnShipment = "buyReturnShipment", POST, "/users/{marketplaceUserId}/trades/{tradeId}/shipments/return";
}

/// Placeholders of a template, in order.
fn placeholders(template: &str) -> Vec<&str> {
    template.split('{').skip(1).filter_map(|part| part.split_once('}').map(|(name, _)| name)).collect()
}

/// The trade API's routes, with any overrides applied.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TradeRoutes {
    overrides: BTreeMap<TradeRoute, (Method, String)>,
}

impl TradeRoutes {
    /// Overrides the path of `route` (the method stays the default's).
    pub fn with(self, route: TradeRoute, template: impl Into<String>) -> Result<Self> {
        let method = route.default_route().0;
        self.with_method(route, method, template)
    }

    /// Overrides method and path of `route`. The template must start with `/` and name
    /// exactly the placeholders of the default, so no id can go missing.
    pub fn with_method(mut self, route: TradeRoute, method: Method, template: impl Into<String>) -> Result<Self> {
        let template = template.into();
        let mut wanted = placeholders(route.default_route().1);
        let mut given = placeholders(&template);
        wanted.sort_unstable();
        given.sort_unstable();
        if !template.starts_with('/') || wanted != given {
            return Err(Error::validation(
                route.name(),
                format!("the route must start with / and use exactly the placeholders {{{}}}", wanted.join("}, {")),
            ));
        }
        self.overrides.insert(route, (method, template));
        Ok(self)
    }

    /// Overrides a route by its name (see the table above); `method` may be empty to
    /// keep the default's.
    pub fn with_named(self, name: &str, method: &str, template: impl Into<String>) -> Result<Self> {
        let route =
            TradeRoute::from_name(name).ok_or_else(|| Error::validation(name, "is not a trade API operation"))?;
        if method.trim().is_empty() {
            return self.with(route, template);
        }
        let method = Method::from_bytes(method.trim().to_ascii_uppercase().as_bytes())
            .map_err(|_| Error::validation(name, format!("{method} is not an HTTP method")))?;
        self.with_method(route, method, template)
    }

    /// Method and template in force for `route`.
    pub fn route(&self, route: TradeRoute) -> (Method, &str) {
        match self.overrides.get(&route) {
            Some((m, t)) => (m.clone(), t.as_str()),
            None => route.default_route(),
        }
    }

    /// Method and template for `route` in `dialect`: an override, else the dialect's
    /// preset, else the default.
    pub fn route_in(&self, route: TradeRoute, dialect: Dialect) -> (Method, &str) {
        match (self.overrides.get(&route), dialect, route.published_route()) {
            (Some((m, t)), _, _) => (m.clone(), t.as_str()),
            (None, Dialect::Published, Some(path)) => (route.default_route().0, path),
            _ => route.default_route(),
        }
    }

    /// Method and path for `route` with `params` filled in, each percent-encoded so an
    /// id can never change the route.
    #[cfg(test)]
    pub(crate) fn resolve(&self, route: TradeRoute, params: &[(&str, &str)]) -> (Method, String) {
        self.resolve_in(route, Dialect::Spec, params)
    }

    /// [`TradeRoutes::resolve`] in `dialect`.
    pub(crate) fn resolve_in(&self, route: TradeRoute, dialect: Dialect, params: &[(&str, &str)]) -> (Method, String) {
        let (method, template) = self.route_in(route, dialect);
        (method, fill(template, params))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_has_a_unique_name_and_its_placeholders() {
        let mut names: Vec<_> = TradeRoute::ALL.iter().map(|r| r.name()).collect();
        names.sort_unstable();
        names.dedup();
        // The spec's 23 operations, and `performTradeAction` for listed action names.
        assert_eq!(names.len(), 24, "the spec lists 23 operations; one more posts a listed action by name");
        for r in TradeRoute::ALL {
            assert_eq!(TradeRoute::from_name(r.name()), Some(*r));
            assert!(r.default_route().1.starts_with(PREFIX));
        }
    }

    #[test]
    fn overrides_replace_only_their_route_and_keep_ids() {
        let routes = TradeRoutes::default()
            .with_named("getTrade", "", "/trade/{marketplaceUserId}/t/{tradeId}")
            .unwrap()
            .with_named("editBusinessUser", "post", "/bu/{businessLocationId}/{businessId}/edit")
            .unwrap();
        assert_eq!(
            routes.resolve(TradeRoute::GetTrade, &[("marketplaceUserId", "a/b"), ("tradeId", "t 1")]),
            (Method::GET, "/trade/a%2Fb/t/t%201".to_owned())
        );
        assert_eq!(routes.route(TradeRoute::EditBusinessUser).0, Method::POST);
        assert_eq!(routes.route(TradeRoute::GetTrades), TradeRoute::GetTrades.default_route());
        assert!(
            TradeRoutes::default().with(TradeRoute::GetTrade, "/trade/{marketplaceUserId}").is_err(),
            "tradeId lost"
        );
        assert!(TradeRoutes::default().with(TradeRoute::GetTrade, "trade/{marketplaceUserId}/{tradeId}").is_err());
        assert!(TradeRoutes::default().with_named("noSuchThing", "", "/x").is_err());
    }
}
