//! `escrow listen`, `escrow trigger` and `escrow events`: webhooks on a laptop.

use clap::{Args, Subcommand};

pub const LISTEN_ABOUT: &str = "\
Receives webhooks on this computer: starts an HTTP listener on 127.0.0.1, registers it with the sandbox as the \
tenant's webhook URL (PUT /_sandbox/webhook-url), prints one line per event (with --json its body as delivered, \
one per line), checks it against the spec's event shapes (section 6: user and transaction events; either \
dialect's names), forwards it with its headers to --forward-to and prints the local answer's status. The sandbox \
gets that answer back, so a failing local endpoint sees the sandbox's retries. Ctrl+C stops it (exit 0). The \
sandbox must reach 127.0.0.1 of this computer: one running here (--profile Sandbox, or a local escrow-sandbox).

The sandbox cannot tell which webhook URL it had before, so on stop the registration is cleared, not restored: \
a built-in Sandbox then delivers to its own receiver again, another sandbox to nowhere until a URL is set; the \
message says so.

Against the real service nothing is registered: the specs do not show how a webhook URL is registered with the \
service (a gap of the v2 spec's section 6), so it is arranged with the service itself (the tenant's portal, \
where API keys are made, or the service's support). `listen` then only listens, for a tunnel pointed at it.

Signing: the specs show no authentication or signing of deliveries, so nothing is verified and no signature \
header is expected; the headers are forwarded as they came.";

pub const LISTEN_EXAMPLE: &str = "\
Example:
  escrow --profile Sandbox listen --forward-to http://localhost:3000/webhooks
  escrow --profile Sandbox trigger transaction.payment.paid      # in another terminal (see ESCROW_DESK_SANDBOX_URL)";

#[derive(Debug, Args)]
pub struct Listen {
    /// Where to forward each event (POST, with the delivery's headers), e.g. http://localhost:3000/webhooks;
    /// without it events are printed and answered 200
    #[arg(long, value_name = "URL", value_parser = forward_url)]
    pub forward_to: Option<reqwest::Url>,
    /// The local port to listen on (127.0.0.1) [default: a free one]
    #[arg(long, value_name = "PORT", default_value_t = 0)]
    pub port: u16,
}

/// An http or https address with a host (checked before anything starts).
fn forward_url(raw: &str) -> Result<reqwest::Url, String> {
    let url = reqwest::Url::parse(raw.trim()).map_err(|e| e.to_string())?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err("give an http or https address, e.g. http://localhost:3000/webhooks".into());
    }
    Ok(url)
}

#[derive(Debug, Args)]
pub struct Trigger {
    /// The event: one of the spec's transaction events (transaction.created, transaction.payment.paid,
    /// transaction.payment.failed, transaction.succeeded, transaction.cancelled)
    #[arg(value_name = "EVENT", value_parser = crate::event_names::triggerable)]
    pub event: String,
    /// The transaction the event is about [default: the newest]
    #[arg(long, value_name = "TRANSACTION_ID")]
    pub transaction: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum Events {
    /// Every webhook the sandbox queued, oldest first, with its delivery state, attempts and last outcome
    List(EventsList),
}

#[derive(Debug, Args)]
pub struct EventsList {
    /// Only the events about this transaction
    #[arg(long, value_name = "TRANSACTION_ID")]
    pub transaction: Option<String>,
}
