//! `escrow business-users create|edit|get|delete` and `escrow trade-users
//! connect|select-payout-account|get` (trade API).

use super::ctx::Ctx;
use super::reply;
use crate::args::trade::{BusinessUsers, TradeUsers};
use crate::exit::Failure;
use crate::output::{self, Fields};
use escrow_api::trade::{
    BusinessUser, CreateBusinessUser, EditBusinessUser, TradeBankAccount, TradeConnectRequest, TradeSelectPayoutAccount,
};
use escrow_api::{CallOptions, Client};
use serde_json::json;

pub async fn business_users(client: &Client, ctx: &Ctx, command: BusinessUsers) -> Result<(), Failure> {
    let (api, none) = (client.trade(), CallOptions::default());
    let user = match command {
        BusinessUsers::Create(a) => {
            let request: CreateBusinessUser = a.body.parse("business-users create")?;
            api.create_business_user(&request, &none).await?.value
        }
        BusinessUsers::Edit(a) => {
            let request: EditBusinessUser = a.body.parse("business-users edit")?;
            api.edit_business_user(&a.ids.business_id, &a.ids.location_id, &request, &none).await?.value
        }
        BusinessUsers::Get(a) => api.get_business_user(&a.business_id, &a.location_id, &none).await?,
        BusinessUsers::Delete(a) => {
            api.delete_business_user(&a.business_id, &a.location_id, &none).await?;
            let ids = json!({ "businessId": a.business_id, "businessLocationId": a.location_id });
            let message = format!("Deleted business user {}/{}", a.business_id, a.location_id);
            return reply::done(ctx, "delete", ids, &message);
        }
    };
    if ctx.json {
        return output::emit_json(&user);
    }
    output::emit(&business_fields(&user).render())
}

fn business_fields(u: &BusinessUser) -> Fields {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let mut f = Fields::new();
    f.add("User", text(&u.user_id))
        .add("Business", text(&u.business_id))
        .add("Location", text(&u.business_location_id))
        .add("Service user", text(&u.service_user_id))
        .add("Payout account", bank(u.bank_account.as_ref()));
    if let Some(address) = &u.address {
        f.add("Address", serde_json::to_value(address).map(|v| compact(&v)).unwrap_or_default());
    }
    f
}

/// A bank account as one line: its fields' values, space-separated.
fn bank(b: Option<&TradeBankAccount>) -> String {
    b.and_then(|b| serde_json::to_value(b).ok()).map(|v| compact(&v)).unwrap_or_default()
}

/// The text values of an object, in order, skipping empty ones.
fn compact(v: &serde_json::Value) -> String {
    let Some(map) = v.as_object() else { return String::new() };
    map.values()
        .filter_map(|x| match x {
            serde_json::Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub async fn trade_users(client: &Client, ctx: &Ctx, command: TradeUsers) -> Result<(), Failure> {
    let (api, none) = (client.trade(), CallOptions::default());
    match command {
        TradeUsers::Connect(a) => {
            let request = TradeConnectRequest {
                success_url: a.success_url,
                cancel_url: a.cancel_url,
                app_switch: None,
                marketplace_user_id: a.user,
                required_kyc_level: a.required_kyc_level,
            };
            let link = api.initiate_user_connect(&request, a.force_onboarding, &none).await?.value;
            reply::link(ctx, "Send the user to", &link.url, &link)
        }
        TradeUsers::SelectPayoutAccount(a) => {
            let request = TradeSelectPayoutAccount { return_url: a.return_url, app_switch: None };
            let link = api.select_payout_account(&a.user, &request, &none).await?.value;
            reply::link(ctx, "Send the user to", &link.url, &link)
        }
        TradeUsers::Get(a) => {
            let u = api.get_user(&a.user, &none).await?;
            if ctx.json {
                return output::emit_json(&u);
            }
            let mut f = Fields::new();
            f.add("User", a.user.as_str())
                .add("Service user", u.service_user_id.clone().unwrap_or_default())
                .add("Name", u.name.clone().unwrap_or_default())
                .add("Phone", u.phone_number.clone().unwrap_or_default())
                .add("Onboarded", if u.has_completed_onboarding { "yes" } else { "no" })
                .add("Payout account", bank(u.bank_account.as_ref()));
            output::emit(&f.render())
        }
    }
}
