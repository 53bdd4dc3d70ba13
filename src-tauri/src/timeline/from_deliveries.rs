//! Lines from the built-in Sandbox's webhook deliveries: each event about the
//! transaction, with its delivery state and attempts.

use super::entry::{TimelineEntry, TimelineKind as K, TimelineSource, parse_time};
use crate::sandbox_inspect::Delivery;

fn kind_of(event: &str) -> K {
    match event {
        "transaction.created" => K::Created,
        "transaction.payment.paid" | "transaction.payment.failed" => K::Payment,
        "transaction.succeeded" => K::Payout,
        "transaction.cancelled" => K::Cancel,
        _ => K::Webhook,
    }
}

pub fn entries(deliveries: &[Delivery]) -> Vec<TimelineEntry> {
    deliveries
        .iter()
        .map(|d| {
            let at = d.payload.get("eventDate").and_then(|v| v.as_str()).and_then(parse_time);
            let mut line = TimelineEntry::new(
                at.or_else(|| parse_time(&d.created)),
                kind_of(&d.event_name),
                TimelineSource::Webhook,
                &format!("webhook.{}", d.event_name),
            )
            .status(Some(d.state.clone()))
            .object(Some(d.webhook_id.clone()));
            // The number of attempts so far (the UI words it).
            line.detail = Some(d.attempts.to_string());
            line
        })
        .collect()
}
