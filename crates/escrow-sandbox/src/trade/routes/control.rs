//! Control routes of the trade API, for tests and demos (bearer key):
//!
//! - `POST /_sandbox/trade/users {marketplaceUserId, name, phoneNumber}`: a connected
//!   user with a payout account → `{serviceUserId, marketplaceUserId}`.
//! - `POST /_sandbox/trade/payments/{externalId}/paid`: the payment is paid, as the
//!   pay page would do → the payment record.

use crate::clock::stamp;
use crate::trade::api::{Fault, Outcome, check_path};
use crate::trade::call::Call;
use crate::trade::check::Check;
use crate::trade::described::body_read_by;
use crate::trade::machine::UserDoc;
use crate::trade::records::{demo_account, load_user, mark_paid};
use crate::trade::store::{self, USER};
use axum::response::Response;
use serde_json::json;

body_read_by!(
    /// The body of creating a trade API user (control API).
    NewUserBody,
    "SandboxTradeUser",
    read_new_user(b"")
);

/// `{marketplaceUserId, name, phoneNumber}`.
fn read_new_user(body: &[u8]) -> Outcome<(String, Option<String>, Option<String>)> {
    let mut c = Check::parse(body)?;
    let id = c.string("marketplaceUserId", 1, 64, true);
    let name = c.string("name", 1, 200, false);
    let phone = c.string("phoneNumber", 1, 64, false);
    let id = c.finish_with(id)?;
    Ok((id, name, phone))
}

pub async fn create_user(call: Call) -> Response {
    let now = stamp(call.state.clock.now());
    let r = async {
        let (id, name, phone) = read_new_user(&call.body)?;
        call.exec(move |conn, tenant| {
            if load_user(conn, tenant, &id)?.is_some() {
                return Err(Fault::rule(
                    "UserAlreadyConnected",
                    "User already connected",
                    format!("{id} is already connected"),
                ));
            }
            let name = name.unwrap_or_else(|| id.clone());
            let user = UserDoc {
                marketplace_user_id: id.clone(),
                service_user_id: uuid::Uuid::new_v4().to_string(),
                bank_account: Some(demo_account(&id, &name)),
                name,
                phone_number: phone,
                address: None,
                has_completed_onboarding: true,
                kyc_level: 1,
                connected: now.clone(),
                business: None,
            };
            store::put(conn, tenant, USER, &id, &now, &user)?;
            Ok(json!({ "serviceUserId": user.service_user_id, "marketplaceUserId": id }))
        })
        .await
    }
    .await;
    call.respond(r)
}

pub async fn paid(call: Call<String, ()>) -> Response {
    let external_id = call.path.clone();
    let now = stamp(call.state.clock.now());
    let r = async {
        check_path(&[("externalId", &external_id)])?;
        call.exec(move |c, tenant| Ok(mark_paid(c, tenant, &external_id, None, &now)?.json())).await
    }
    .await;
    call.respond(r)
}
