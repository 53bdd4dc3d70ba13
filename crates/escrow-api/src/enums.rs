//! String-valued enums of the API.
//!
//! The spec lists only some values of most sets ("full value sets: not shown"), so each
//! enum is `#[non_exhaustive]` and keeps any value it does not know in `Unknown(String)`:
//! a new status on the server never breaks decoding, and it round-trips unchanged.

/// Declares a string enum with known variants, an `Unknown(String)` fallback,
/// `as_str()`, `Display`, `From<&str>` and serde as a plain string.
macro_rules! string_enum {
    (
        $(#[$meta:meta])*
        $name:ident { $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[cfg_attr(feature = "ts", ts(type = "string"))]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
            /// A value this client does not know yet, kept as sent.
            Unknown(String),
        }

        impl $name {
            /// Every value this client knows.
            pub const KNOWN: &'static [&'static str] = &[$($text),+];

            /// The value as it is sent on the wire.
            pub fn as_str(&self) -> &str {
                match self {
                    $( Self::$variant => $text, )+
                    Self::Unknown(other) => other.as_str(),
                }
            }
        }

        impl From<&str> for $name {
            fn from(value: &str) -> Self {
                match value {
                    $( $text => Self::$variant, )+
                    other => Self::Unknown(other.to_owned()),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                Ok(Self::from(text.as_ref()))
            }
        }
    };
}

string_enum! {
    /// Status of a transaction. The spec names only `CREATED`; the others are the
    /// names this project chose for the states of section 3 (see the README).
    TransactionStatus {
        /// Created; waiting for the payer to pay.
        Created = "CREATED",
        /// A payment is under way but not yet authorized (seen in the published
        /// documentation's examples; the spec lists it for payments only).
        InProgress = "INPROGRESS",
        /// Payments authorized: the money is in escrow.
        Paid = "PAID",
        /// Paid out to the payee.
        Succeeded = "SUCCEEDED",
        /// Cancelled; any payments are returned to the payer.
        Cancelled = "CANCELLED",
    }
}

string_enum! {
    /// Currency of a transaction or payment. DKK is the service default.
    Currency {
        /// Danish kroner, the service's default.
        Dkk = "DKK",
        /// Euro.
        Eur = "EUR",
    }
}

string_enum! {
    /// Status of an inbound payment (`INPROGRESS` is from the spec).
    PaymentStatus {
        /// Created; waiting for the payer to complete it.
        InProgress = "INPROGRESS",
        /// Authorized by the payer's bank: the money is in escrow.
        Authorized = "AUTHORIZED",
        /// The payment failed; nothing was paid.
        Failed = "FAILED",
        /// Paid back to the payer (transaction cancelled or payer reimbursed).
        Returned = "RETURNED",
    }
}

string_enum! {
    /// Status of an outbound payment (`SCHEDULED` is from the spec).
    PayoutStatus {
        /// Waiting for the next payout run.
        Scheduled = "SCHEDULED",
        /// Transferred to the receiver.
        Paid = "PAID",
        /// Will not be paid.
        Cancelled = "CANCELLED",
    }
}

string_enum! {
    /// How a payer pays.
    PaymentMethod {
        /// Approved in the payer's own bank from one of their accounts (recommended).
        Psd2 = "PSD2",
        /// From an account in a bank the payer picks.
        Bank = "BANK",
        /// With a mobile wallet.
        MobileWallet = "MOBILEWALLET",
        /// Manual bank transfer matched by the service.
        Transfer = "TRANSFER",
    }
}

string_enum! {
    /// Who receives a split payout.
    Recipient {
        /// The transaction's payee.
        Payee = "PAYEE",
        /// Back to the payer's bank account.
        Payer = "PAYER",
        /// The tenant's default account.
        Tenant = "TENANT",
    }
}

string_enum! {
    /// When a split payout is paid.
    Timing {
        /// With the next payout batch, whether the transaction is released or returned.
        NextPayout = "NEXT_PAYOUT",
        /// On release, out of the payee's share; not paid if the money is returned. The
        /// service's default.
        OnClose = "ON_CLOSE",
    }
}

string_enum! {
    /// Status of a split payout (`PENDING` is from the spec).
    SplitPayoutStatus {
        /// Not yet in a payout batch; can still be cancelled.
        Pending = "PENDING",
        /// Paid to the recipient.
        Paid = "PAID",
        /// Cancelled; the amount stays in escrow.
        Cancelled = "CANCELLED",
    }
}

string_enum! {
    /// Type of a user account (values not shown in the spec; the published documentation
    /// shows these three).
    UserType {
        /// A private person.
        Private = "Private",
        /// A business (with a CVR number).
        Business = "Business",
        /// A guest made by the tenant without the connect flow.
        Guest = "Guest",
    }
}

string_enum! {
    /// Account type for PSD2 bank-account onboarding.
    Psd2Type {
        /// The person's own online bank.
        Private = "Private",
        /// A business online bank.
        Business = "Business",
    }
}

#[allow(clippy::derivable_impls, reason = "the enum comes from `string_enum!`, which has no `#[default]`")]
impl Default for Currency {
    fn default() -> Self {
        Self::Dkk
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_values_round_trip() {
        let s: TransactionStatus = serde_json::from_str("\"ON_HOLD\"").unwrap();
        assert_eq!(s, TransactionStatus::Unknown("ON_HOLD".into()));
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"ON_HOLD\"");
        let s: TransactionStatus = serde_json::from_str("\"PAID\"").unwrap();
        assert_eq!(s, TransactionStatus::Paid);
        assert_eq!(s.as_str(), "PAID");
    }

    #[test]
    fn non_strings_are_errors_not_panics() {
        assert!(serde_json::from_str::<Currency>("12").is_err());
        assert!(serde_json::from_str::<Currency>("null").is_err());
    }
}
