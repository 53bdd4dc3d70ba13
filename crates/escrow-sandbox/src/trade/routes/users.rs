//! Marketplace users: connect (a hosted link), choose the payout account (a hosted
//! link), details.

use crate::clock::stamp;
use crate::dialect::Dialect;
use crate::form::{query_pairs, query_value};
use crate::trade::api::{Fault, Outcome, check_path};
use crate::trade::call::Call;
use crate::trade::check::Check;
use crate::trade::described::body_read_by;
use crate::trade::records::{hosted_link, require_user};
use crate::trade::session::SessionDoc;
use crate::trade::wire;
use axum::response::Response;

/// A user-connect body as read.
struct Connect {
    success: Option<String>,
    cancel: Option<String>,
    user: String,
    kyc: Option<i64>,
}

body_read_by!(
    /// The body of starting user connect in the spec's dialect (`marketplaceUserId`).
    ConnectBody,
    "UserConnect",
    read_connect(b"", Dialect::Spec)
);

body_read_by!(
    /// The body of starting user connect in the published dialect (`userId`).
    PublishedConnectBody,
    "UserConnect",
    read_connect(b"", Dialect::Published)
);

fn read_connect(body: &[u8], dialect: Dialect) -> Outcome<Connect> {
    let mut c = Check::parse(body)?;
    let success = c.string("successUrl", 1, 2048, true);
    let cancel = c.string("cancelUrl", 1, 2048, true);
    wire::app_switch(&mut c, dialect);
    let user = wire::connect_user(&mut c, dialect);
    let kyc = c.int("requiredKycLevel", 1, 2, false);
    let user = c.finish_with(user)?;
    Ok(Connect { success, cancel, user, kyc })
}

pub async fn connect(call: Call) -> Response {
    let now = stamp(call.state.clock.now());
    let st = call.state.clone();
    let r = async {
        let pairs = query_pairs(call.query.as_deref());
        let force = match query_value(&pairs, "forceOnboarding") {
            None | Some("") | Some("false") => false,
            Some("true") => true,
            Some(_) => return Err(Fault::field("forceOnboarding", "must be true or false")),
        };
        let Connect { success, cancel, user, kyc } = read_connect(&call.body, st.dialect)?;
        call.exec(move |conn, tenant| {
            let mut session = SessionDoc::new("connect", &user, &now).urls(success, cancel);
            session.force = force;
            session.kyc_level = kyc;
            hosted_link(&st, conn, tenant, "connect", &session)
        })
        .await
    }
    .await;
    call.respond(r)
}

pub async fn payout_account_link(call: Call<String>) -> Response {
    let user = call.path.clone();
    let now = stamp(call.state.clock.now());
    let st = call.state.clone();
    let r = async {
        check_path(&[("marketplaceUserId", &user)])?;
        let return_url = super::bodies::read_return_url(&call.body, st.dialect, false)?;
        call.exec(move |conn, tenant| {
            require_user(conn, tenant, &user)?;
            let session = SessionDoc::new("payout-account", &user, &now).urls(return_url, None);
            hosted_link(&st, conn, tenant, "payout-account", &session)
        })
        .await
    }
    .await;
    call.respond(r)
}

pub async fn details(call: Call<String, ()>) -> Response {
    let user = call.path.clone();
    let r = async {
        check_path(&[("marketplaceUserId", &user)])?;
        call.exec(move |conn, tenant| Ok(require_user(conn, tenant, &user)?.json())).await
    }
    .await;
    call.respond(r)
}
