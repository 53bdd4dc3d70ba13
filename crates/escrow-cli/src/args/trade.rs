//! Arguments of the business-user and trade API: `escrow trades`, `escrow business-users`,
//! `escrow trade-users`.

use crate::body::BodyArgs;
use clap::{Args, Subcommand};
use rust_decimal::Decimal;

const CREATE_FIELDS: &str = "\
Body fields (the spec's names; give them with --field or in --input):
  title, description, amount, payerFee, payerFixedFee, payeeFee, payeeFixedFee,
  payerMarketplaceUserId, payeeMarketplaceUserId, successUrl, cancelUrl, deliveryByHandAllowed,
  referenceId, shipping, returnShipping, checkoutType, imageUrls, appSwitch, …
Example:
  escrow trades create -F title=Bike -F description='Red bike' -F amount=1500 -F payerFee=0 \\
    -F payerFixedFee=0 -F payeeFee=0 -F payeeFixedFee=0 -F payerMarketplaceUserId=buyer-1 \\
    -F payeeMarketplaceUserId=seller-1 -F successUrl=https://shop.example/ok \\
    -F cancelUrl=https://shop.example/cancel -F deliveryByHandAllowed:=true";

#[derive(Debug, Subcommand)]
pub enum Trades {
    /// One page of the trades a user takes part in
    List(ListTrades),
    /// One trade as a party of it sees it: parties, phases, the actions open to each
    Get(UserTrade),
    /// Initiate a trade from a JSON body (keyed; see --idempotency-key)
    #[command(after_help = CREATE_FIELDS)]
    Create(BodyOnly),
    /// Cancel an ongoing trade by its state id (may refund the payer; keyed)
    Cancel(TradeStateId),
    /// A link to the trade's status page for the user
    StatusLink(StatusLink),
    /// Pay part of the escrowed money back to the payer (moves money; keyed)
    Reimburse(TradeReimburse),
    /// The payer accepts the invitation
    Accept(UserTrade),
    /// The payer accepts the invitation and starts paying (keyed)
    AcceptAndPay(AcceptAndPay),
    /// The payer rejects the invitation
    Reject(UserTrade),
    /// The payer accepts the item as received: the money goes to the payee (moves money; keyed)
    AcceptItemCondition(UserTrade),
    /// The payer rejects the item, with the reason: the return phase starts
    RejectItemCondition(RejectItem),
    /// A party walks away from the trade (may refund the payer; keyed)
    Abandon(UserTrade),
    /// A party performs an action its status lists, by name
    PerformAction(PerformAction),
    /// The trade's payment to escrow
    Payment(UserTrade),
    /// A link where the user pays a payment to escrow (keyed)
    PaymentFlow(PaymentFlow),
    /// The payee buys the delivery shipment (moves money; keyed)
    BuyDeliveryShipment(Shipment),
    /// The payer buys the return shipment (moves money; keyed)
    BuyReturnShipment(Shipment),
}

impl Trades {
    pub fn keyed(&self) -> bool {
        matches!(
            self,
            Self::Create(_)
                | Self::Cancel(_)
                | Self::Reimburse(_)
                | Self::AcceptAndPay(_)
                | Self::AcceptItemCondition(_)
                | Self::Abandon(_)
                | Self::PaymentFlow(_)
                | Self::BuyDeliveryShipment(_)
                | Self::BuyReturnShipment(_)
        )
    }
}

#[derive(Debug, Args)]
pub struct BodyOnly {
    #[command(flatten)]
    pub body: BodyArgs,
}

#[derive(Debug, Args)]
pub struct ListTrades {
    /// The tenant's id of the user (marketplaceUserId)
    #[arg(value_name = "USER_ID")]
    pub user: String,
    /// Page number, from 1
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(i32::MAX)))]
    pub page: Option<u32>,
    /// Trades per page
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(i32::MAX)))]
    pub page_size: Option<u32>,
}

#[derive(Debug, Args)]
pub struct UserTrade {
    /// The tenant's id of the acting user (marketplaceUserId)
    #[arg(value_name = "USER_ID")]
    pub user: String,
    /// The trade's id
    #[arg(value_name = "TRADE_ID")]
    pub trade: String,
}

#[derive(Debug, Args)]
pub struct TradeStateId {
    /// The trade's state id
    #[arg(value_name = "STATE")]
    pub state: String,
}

#[derive(Debug, Args)]
pub struct StatusLink {
    #[command(flatten)]
    pub ids: UserTrade,
    /// Where the user goes from the status page (an absolute http or https URL)
    #[arg(long, value_name = "URL")]
    pub return_url: String,
}

#[derive(Debug, Args)]
pub struct TradeReimburse {
    #[command(flatten)]
    pub ids: UserTrade,
    /// How much to pay back, e.g. 250.50
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse)]
    pub amount: Decimal,
}

#[derive(Debug, Args)]
pub struct AcceptAndPay {
    #[command(flatten)]
    pub ids: UserTrade,
    /// The parcel shop the payee delivers to
    #[arg(long, value_name = "SHOP_ID")]
    pub receiver_shop_id: Option<String>,
}

#[derive(Debug, Args)]
pub struct RejectItem {
    #[command(flatten)]
    pub ids: UserTrade,
    /// Why the item is rejected
    #[arg(long, value_name = "TEXT")]
    pub reason: String,
}

#[derive(Debug, Args)]
pub struct PerformAction {
    #[command(flatten)]
    pub ids: UserTrade,
    /// The action's name, as the trade's status lists it
    #[arg(value_name = "NAME")]
    pub name: String,
}

#[derive(Debug, Args)]
pub struct PaymentFlow {
    /// The tenant's id of the paying user (marketplaceUserId)
    #[arg(value_name = "USER_ID")]
    pub user: String,
    /// The payment's id (its externalId, from `trades payment` or `accept-and-pay`)
    #[arg(value_name = "PAYMENT_ID")]
    pub payment_id: String,
    /// Where the user goes after paying
    #[arg(long, value_name = "URL")]
    pub success_url: String,
    /// Where the user goes when cancelling
    #[arg(long, value_name = "URL")]
    pub cancel_url: String,
}

#[derive(Debug, Args)]
pub struct Shipment {
    #[command(flatten)]
    pub ids: UserTrade,
    /// What the user pays for the label, e.g. 49.00 (0: covered by the trade)
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse_non_negative)]
    pub price: Decimal,
    /// The shipment provider's id
    #[arg(long, value_name = "PROVIDER_ID")]
    pub provider: String,
    /// The parcel's expected maximum weight in grams
    #[arg(long, value_name = "GRAMS")]
    pub max_weight: i32,
}

#[derive(Debug, Subcommand)]
pub enum BusinessUsers {
    /// Register a business user (body: businessId, businessLocationId, name, phoneNumber, address,
    /// payoutsAccountNumber)
    Create(BodyOnly),
    /// Change a business user's name, phone, address and payout account (body: name, phoneNumber,
    /// address, payoutsAccountNumber)
    Edit(EditBusinessUser),
    /// One business user
    Get(BusinessIds),
    /// Remove a business user
    Delete(BusinessIds),
}

#[derive(Debug, Args)]
pub struct BusinessIds {
    /// The business's id
    #[arg(value_name = "BUSINESS_ID")]
    pub business_id: String,
    /// The business location's id
    #[arg(value_name = "LOCATION_ID")]
    pub location_id: String,
}

#[derive(Debug, Args)]
pub struct EditBusinessUser {
    #[command(flatten)]
    pub ids: BusinessIds,
    #[command(flatten)]
    pub body: BodyArgs,
}

#[derive(Debug, Subcommand)]
pub enum TradeUsers {
    /// A link where a user connects (signs in with national eID)
    Connect(TradeConnect),
    /// A link where a user picks the payout account
    SelectPayoutAccount(SelectPayoutAccount),
    /// A connected user's details
    Get(TradeUser),
}

#[derive(Debug, Args)]
pub struct TradeConnect {
    /// The tenant's id for the user (marketplaceUserId)
    #[arg(value_name = "USER_ID")]
    pub user: String,
    /// Where the user goes when connected
    #[arg(long, value_name = "URL")]
    pub success_url: String,
    /// Where the user goes when cancelling
    #[arg(long, value_name = "URL")]
    pub cancel_url: String,
    /// The KYC level the user must reach
    #[arg(long, value_name = "LEVEL")]
    pub required_kyc_level: Option<i32>,
    /// Ask for a national eID sign-in even when the user's session has cookies
    #[arg(long)]
    pub force_onboarding: bool,
}

#[derive(Debug, Args)]
pub struct SelectPayoutAccount {
    /// The tenant's id for the user (marketplaceUserId)
    #[arg(value_name = "USER_ID")]
    pub user: String,
    /// Where the user goes afterwards
    #[arg(long, value_name = "URL")]
    pub return_url: Option<String>,
}

#[derive(Debug, Args)]
pub struct TradeUser {
    /// The tenant's id for the user (marketplaceUserId)
    #[arg(value_name = "USER_ID")]
    pub user: String,
}
