//! The trade record as the published trade API shows it, rendered from the same
//! [`TradeDoc`] as the spec's record ([`TradeDoc::json`]), whose other fields it keeps:
//!
//! - `status.iconId` is an integer ([`ICONS`]), `status.actions` is `[{type, text}]`
//!   ([`ACTIONS`]), an unset `deadline`/`deadlineDescription` is `""`;
//! - `timeline[]` is `{id, title, description, iconId, state, date, detailsTitle,
//!   detailsDeadlineDescription, detailsDescription}` ([`TIMELINE_STATES`]);
//! - `phases` carry the published dates (unset: `""`) and amounts;
//! - a party's `address` is one line of text, `city`/`postalCode` strings (`""` unknown);
//! - `images` is `[{url}]`.
//!
//! The party's `serviceUserId` is renamed `symblepayUserId` by the dialect layer, like
//! every other JSON body.

use crate::money::json as money;
use crate::trade::machine::{Role, Stage, TradeDoc, UserDoc};
use rust_decimal::Decimal;
use serde_json::{Value, json};

/// `iconId` (status and timeline): the sandbox's icon names as integers. `event` (0) marks
/// a timeline entry, and stands in for any name not listed.
pub const ICONS: [(&str, i64); 10] = [
    ("event", 0),
    ("invitation", 1),
    ("waiting", 2),
    ("payment", 3),
    ("shipping", 4),
    ("inspect", 5),
    ("return", 6),
    ("completed", 7),
    ("cancelled", 8),
    ("refunded", 9),
];

/// `status.actions[].type` and `.text`: the sandbox's action names as integers, with a
/// label. 0 stands for a name not listed (its text is then the name).
pub const ACTIONS: [(&str, i64, &str); 10] = [
    ("AcceptInvitation", 1, "Accept the invitation"),
    ("AcceptAndPay", 2, "Accept and pay"),
    ("RejectInvitation", 3, "Reject the invitation"),
    ("Pay", 4, "Pay into escrow"),
    ("BuyDeliveryShipment", 5, "Buy a delivery shipment"),
    ("PayShipment", 6, "Pay the shipment"),
    ("AcceptItemCondition", 7, "Accept the item's condition"),
    ("RejectItemCondition", 8, "Reject the item's condition"),
    ("BuyReturnShipment", 9, "Buy a return shipment"),
    ("Abandon", 10, "Abandon the trade"),
];

/// `timeline[].state`. The sandbox's timeline holds what happened, so every entry is `done`.
pub const TIMELINE_STATES: [(&str, i64); 3] = [("upcoming", 0), ("current", 1), ("done", 2)];

const DONE: i64 = TIMELINE_STATES[2].1;

pub fn icon_id(name: &str) -> i64 {
    ICONS.iter().find(|(n, _)| *n == name).map_or(0, |(_, id)| *id)
}

/// `{type, text}` of an action name.
pub fn action(name: &str) -> Value {
    match ACTIONS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, text)) => json!({ "type": kind, "text": text }),
        None => json!({ "type": 0, "text": name }),
    }
}

/// The published trade record.
pub fn trade(t: &TradeDoc, payer: Option<&UserDoc>, payee: Option<&UserDoc>) -> Value {
    let mut v = t.json(payer, payee);
    for (key, role, user) in [("payer", Role::Payer, payer), ("payee", Role::Payee, payee)] {
        let Some(party) = v.get_mut(key).and_then(Value::as_object_mut) else { continue };
        let address = user.and_then(|u| u.address.as_ref());
        let text = |k: &str| json!(address.and_then(|a| a.get(k)).and_then(Value::as_str).unwrap_or(""));
        party.insert("city".into(), text("city"));
        party.insert("postalCode".into(), text("postNumber"));
        party.insert("address".into(), json!(address_line(address)));
        party.insert("status".into(), status(t, role));
        party.insert("timeline".into(), timeline(t, role));
    }
    v["phases"] = phases(t);
    v["images"] = t.image_urls.iter().map(|url| json!({ "url": url })).collect();
    v
}

/// `streetName houseNumber, floor sideDoor` of an address object (a string stays as it is).
fn address_line(address: Option<&Value>) -> String {
    let Some(address) = address else { return String::new() };
    if let Some(line) = address.as_str() {
        return line.to_owned();
    }
    let words = |keys: &[&str]| {
        keys.iter()
            .filter_map(|k| address.get(*k).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    [words(&["streetName", "houseNumber"]), words(&["floor", "sideDoor"])]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

fn status(t: &TradeDoc, role: Role) -> Value {
    let mut s = t.status(role);
    let icon = s.get("iconId").and_then(Value::as_str).map_or(0, icon_id);
    s["iconId"] = json!(icon);
    let actions: Vec<Value> = s
        .get("actions")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).map(action).collect())
        .unwrap_or_default();
    s["actions"] = Value::Array(actions);
    for key in ["deadline", "deadlineDescription"] {
        if s.get(key).is_none_or(Value::is_null) {
            s[key] = json!("");
        }
    }
    s
}

fn timeline(t: &TradeDoc, role: Role) -> Value {
    let audience = if role == Role::Payer { "payer" } else { "payee" };
    t.events
        .iter()
        .filter(|e| e.to == "both" || e.to == audience)
        .enumerate()
        .map(|(i, e)| {
            json!({
                "id": i + 1,
                "title": e.text,
                "description": "",
                "iconId": icon_id("event"),
                "state": DONE,
                "date": e.at,
                "detailsTitle": "",
                "detailsDeadlineDescription": "",
                "detailsDescription": "",
            })
        })
        .collect()
}

/// A date, or `""` when it has not happened.
fn date(at: Option<&String>) -> Value {
    json!(at.map_or("", String::as_str))
}

/// The phases with published dates. The sandbox has no carrier: a sent item counts as
/// delivered at once, none is ever lost; the payee pays the delivery label, the payer
/// the return label.
fn phases(t: &TradeDoc) -> Value {
    let when = |cond: bool, at: &Option<String>| if cond { at.clone() } else { None };
    let invitation_rejected = when(t.stage == Stage::Rejected, &t.finished_at);
    let by_hand = t.delivery.is_none() && t.delivery_by_hand_allowed;
    let delivered = t.sent_at.clone().or_else(|| when(by_hand, &t.inspected_at));
    let approved = when(t.stage == Stage::Completed, &t.inspected_at);
    let rejected = when(t.rejection_reason.is_some(), &t.inspected_at);
    let returned = when(t.stage == Stage::Refunded && t.return_shipment.is_some(), &t.finished_at);
    let price = |s: &Option<crate::trade::machine::Shipment>| money(s.as_ref().map_or(Decimal::ZERO, |s| s.price));
    let finished = t.stage.finished();
    json!({
        "contract": {
            "started": t.created,
            "paid": date(t.paid_at.as_ref()),
            "invitationAccepted": date(t.accepted_at.as_ref()),
            "invitationRejected": date(invitation_rejected.as_ref()),
            "amount": money(t.payer_total()),
        },
        "delivery": {
            "started": date(t.paid_at.as_ref()),
            "paid": date(t.delivery.as_ref().and(t.sent_at.as_ref())),
            "sent": date(t.sent_at.as_ref()),
            "lost": "",
            "delivered": date(delivered.as_ref()),
            "approved": date(approved.as_ref()),
            "rejected": date(rejected.as_ref()),
            "labelPricePayer": money(Decimal::ZERO),
            "labelPricePayee": price(&t.delivery),
        },
        "return": {
            "started": date(rejected.as_ref()),
            "paid": date(returned.as_ref()),
            "sent": date(returned.as_ref()),
            "delivered": date(returned.as_ref()),
            "labelPricePayer": price(&t.return_shipment),
            "labelPricePayee": money(Decimal::ZERO),
        },
        "finished": {
            "date": date(t.finished_at.as_ref().filter(|_| finished)),
            "outcome": if finished { t.stage.name() } else { "" },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mappings_are_stable_and_unique() {
        assert_eq!(icon_id("invitation"), 1);
        assert_eq!(icon_id("refunded"), 9);
        assert_eq!(icon_id("no-such-icon"), 0);
        assert_eq!(action("AcceptAndPay"), json!({ "type": 2, "text": "Accept and pay" }));
        assert_eq!(action("Dance"), json!({ "type": 0, "text": "Dance" }));
        let mut ids: Vec<i64> = ICONS.iter().map(|(_, i)| *i).collect();
        ids.dedup();
        assert_eq!(ids.len(), ICONS.len());
        let mut kinds: Vec<i64> = ACTIONS.iter().map(|(_, k, _)| *k).collect();
        kinds.dedup();
        assert_eq!(kinds.len(), ACTIONS.len());
    }

    #[test]
    fn addresses_read_as_one_line() {
        let a = json!({"streetName": "Søndergade", "houseNumber": "21", "floor": "1", "sideDoor": "th", "city": "Aarhus C"});
        assert_eq!(address_line(Some(&a)), "Søndergade 21, 1 th");
        assert_eq!(address_line(Some(&json!({"streetName": "Vestergade"}))), "Vestergade");
        assert_eq!(address_line(Some(&json!("Mejlgade 14"))), "Mejlgade 14");
        assert_eq!(address_line(None), "");
    }
}
