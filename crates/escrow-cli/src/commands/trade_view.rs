//! How a trade and a payment to escrow are shown to people.

use crate::output::{Fields, time};
use escrow_api::trade::{PaymentToEscrow, Trade, TradeParty, TradePhase};

/// A payment to escrow's lines.
pub fn payment_fields(p: &PaymentToEscrow) -> Fields {
    let mut f = Fields::new();
    f.add("Payment", p.external_id.as_str())
        .add("Amount", p.amount.map(|a| escrow_api::money::round(a).to_string()).unwrap_or_default())
        .add("Paid", if p.is_paid { "yes" } else { "no" })
        .add("State", p.state.as_ref().map(ToString::to_string).unwrap_or_default());
    f
}

pub fn price(t: &Trade) -> String {
    t.price.map(|p| escrow_api::money::round(p).to_string()).unwrap_or_default()
}

pub fn party_name(p: Option<&TradeParty>) -> String {
    p.and_then(|p| p.name.clone().or_else(|| p.service_user_id.clone())).unwrap_or_default()
}

/// The phases in order, as `name: state`.
fn phases(t: &Trade) -> Vec<(&'static str, &TradePhase)> {
    let Some(p) = &t.phases else { return Vec::new() };
    [("contract", &p.contract), ("delivery", &p.delivery), ("return", &p.return_phase), ("finished", &p.finished)]
        .into_iter()
        .filter_map(|(name, phase)| phase.as_ref().map(|ph| (name, ph)))
        .collect()
}

/// The last phase that has started, with its state.
pub fn current_phase(t: &Trade) -> String {
    let started = phases(t).into_iter().rev().find(|(_, p)| p.state.as_deref().is_some_and(|s| s != "Pending"));
    started.map(|(name, p)| format!("{name} {}", p.state.clone().unwrap_or_default())).unwrap_or_default()
}

/// A trade's main lines: parties, phases, each party's status and open actions.
pub fn trade_fields(t: &Trade) -> Fields {
    let mut f = Fields::new();
    f.add("Trade", t.trade_id.as_str())
        .add("Title", t.title.clone().unwrap_or_default())
        .add("Description", t.description.clone().unwrap_or_default())
        .add("Price", price(t))
        .add("Reference", t.reference_id.clone().unwrap_or_default())
        .add("Payer", party_name(t.payer.as_ref()))
        .add("Payee", party_name(t.payee.as_ref()));
    for (name, p) in phases(t) {
        let state = p.state.clone().unwrap_or_default();
        f.add(&format!("Phase {name}"), format!("{state} {}", time(p.started)).trim().to_owned());
    }
    for (role, party) in [("Payer", &t.payer), ("Payee", &t.payee)] {
        let Some(status) = party.as_ref().and_then(|p| p.status.as_ref()) else { continue };
        f.add(&format!("{role} status"), status.title.clone().unwrap_or_default());
        let actions: Vec<&str> = status.actions.iter().map(|a| a.name.as_str()).collect();
        f.add(&format!("{role} can"), actions.join(", "));
    }
    f
}
