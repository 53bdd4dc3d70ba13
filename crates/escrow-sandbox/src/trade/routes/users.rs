//! Marketplace users: connect (a hosted link), choose the payout account (a hosted
//! link), details.

use crate::clock::stamp;
use crate::form::{query_pairs, query_value};
use crate::trade::api::{Fault, check_path};
use crate::trade::call::Call;
use crate::trade::check::Check;
use crate::trade::records::{hosted_link, require_user};
use crate::trade::session::SessionDoc;
use crate::trade::wire;
use axum::response::Response;

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
        let mut c = Check::parse(&call.body)?;
        let success = c.string("successUrl", 1, 2048, true);
        let cancel = c.string("cancelUrl", 1, 2048, true);
        wire::app_switch(&mut c, st.dialect);
        let user = wire::connect_user(&mut c, st.dialect);
        let kyc = c.int("requiredKycLevel", 1, 2, false);
        let errors = c.errors.clone();
        c.finish()?;
        let Some(user) = user else {
            return Err(Fault::fields(errors));
        };
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
