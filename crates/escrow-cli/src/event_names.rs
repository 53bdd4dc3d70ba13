//! Which webhook events `escrow trigger` can ask a sandbox for: the spec's transaction events
//! (its test route sends those). A name is checked here, before anything is sent, so a typo
//! is a usage error (exit 2) naming the choices.

use escrow_api::UserEventName;

/// The spec's transaction events (v2 spec, section 6), in its order.
pub const TRIGGERABLE: [&str; 5] = [
    "transaction.created",
    "transaction.payment.paid",
    "transaction.payment.failed",
    "transaction.succeeded",
    "transaction.cancelled",
];

/// clap's check of `escrow trigger EVENT`.
pub fn triggerable(raw: &str) -> Result<String, String> {
    let name = raw.trim();
    if TRIGGERABLE.contains(&name) {
        return Ok(name.to_owned());
    }
    if !matches!(UserEventName::from(name), UserEventName::Unknown(_)) {
        return Err(format!(
            "`{name}` is a user event, which the sandbox sends when it happens, not on request: \
             user.bankaccount.connected when a bank account is added (escrow users add-bank-account), \
             user.bankaccount.missing on a payout run to a payee without one"
        ));
    }
    Err(format!("`{name}` is not an event the sandbox can send; one of: {}", TRIGGERABLE.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use escrow_api::TransactionEventName;

    #[test]
    fn the_triggerable_names_are_the_clients_transaction_events() {
        for name in TRIGGERABLE {
            assert!(!matches!(TransactionEventName::from(name), TransactionEventName::Unknown(_)), "{name}");
            assert_eq!(triggerable(&format!(" {name} ")).as_deref(), Ok(name));
        }
        assert!(triggerable("user.bankaccount.missing").unwrap_err().contains("user event"));
        assert!(triggerable("transaction.paid").unwrap_err().contains("transaction.payment.paid"));
    }
}
