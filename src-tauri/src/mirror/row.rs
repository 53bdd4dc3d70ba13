//! One list item as the mirror stores it: the columns the overview, the attention queue
//! and local filtering query, plus the item itself (to show it again offline).

use escrow_api::TransactionListItem;
use rust_decimal::Decimal;

/// Money in exact ten-thousandths, so SQL can sum it without floating point. `None` when
/// the amount has more than four decimals or does not fit (then it is left out of sums,
/// and the overview says how many rows were).
pub fn e4(d: Decimal) -> Option<i64> {
    let scaled = d.checked_mul(Decimal::from(10_000))?;
    if scaled.fract() != Decimal::ZERO {
        return None;
    }
    i64::try_from(scaled.trunc()).ok()
}

/// The decimal an `e4` sum stands for, normalised (`1234.5`, not `1234.5000`).
pub fn from_e4(v: i64) -> Decimal {
    Decimal::new(v, 4).normalize()
}

/// Lower case, without spaces, dashes or accents: "EV 48 213" and "ev48213" match, and so
/// do "Kjær" and "kjaer".
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            ' ' | '-' | '\t' | '.' => {}
            'æ' => out.push_str("ae"),
            'ø' => out.push('o'),
            'å' => out.push_str("aa"),
            'é' | 'è' | 'ê' | 'ë' => out.push('e'),
            'ä' => out.push('a'),
            'ö' => out.push('o'),
            'ü' => out.push('u'),
            _ => out.push(c),
        }
    }
    out
}

/// The columns of one mirrored transaction.
#[derive(Debug, Clone, PartialEq)]
pub struct MirrorRow {
    pub transaction_id: String,
    pub status: String,
    pub auto: bool,
    pub currency: String,
    pub amount: Decimal,
    pub amount_e4: Option<i64>,
    pub paid_in_e4: Option<i64>,
    /// What the payer owes: amount plus payer fee.
    pub owed_e4: Option<i64>,
    pub title: Option<String>,
    pub reference_id: Option<String>,
    pub payer_name: Option<String>,
    pub payee_name: Option<String>,
    pub registration_number: Option<String>,
    pub created: Option<String>,
    pub expected_completion: Option<String>,
    pub has_debt: bool,
    /// `none`, `enabled` (signing state not told), `unsigned` or `signed`.
    pub bill_of_sale: &'static str,
    pub search: String,
    /// Changes whenever anything the list shows changes.
    pub fingerprint: String,
    pub item: String,
}

fn present(v: &Option<serde_json::Value>) -> bool {
    v.as_ref().is_some_and(|v| !v.is_null() && v != &serde_json::Value::Bool(false))
}

/// The bill of sale's state, read leniently: the spec does not show its fields, so an
/// object counts as enabled unless it says `"enabled": false`, and as signed or unsigned
/// only when it says `"signed"`.
pub fn bill_of_sale(v: Option<&serde_json::Value>) -> &'static str {
    match v {
        None | Some(serde_json::Value::Null) | Some(serde_json::Value::Bool(false)) => "none",
        Some(serde_json::Value::Object(o)) if o.get("enabled") == Some(&serde_json::Value::Bool(false)) => "none",
        Some(serde_json::Value::Object(o)) => match o.get("signed") {
            Some(serde_json::Value::Bool(true)) => "signed",
            Some(serde_json::Value::Bool(false)) => "unsigned",
            _ => "enabled",
        },
        Some(_) => "enabled",
    }
}

impl MirrorRow {
    pub fn from_item(t: &TransactionListItem) -> Result<Self, serde_json::Error> {
        let item = serde_json::to_string(t)?;
        let fingerprint = crate::audit::digest::sha256_hex(item.as_bytes());
        let paid_in = t.payments.as_ref().and_then(|p| p.inbound.as_ref()).and_then(|i| i.amount);
        let payer_fee = t.fees.as_ref().and_then(|f| f.payer).unwrap_or_default();
        let auto = t.auto_information.as_ref();
        let name = |p: &Option<escrow_api::Party>| p.as_ref().and_then(|p| p.name.clone());
        let registration_number = auto.and_then(|a| a.registration_number.clone());
        let search = [
            Some(t.transaction_id.clone()),
            t.title.clone(),
            t.reference_id.clone(),
            name(&t.payer),
            name(&t.payee),
            t.payer.as_ref().and_then(|p| p.email.clone()),
            t.payee.as_ref().and_then(|p| p.email.clone()),
            registration_number.clone(),
            auto.and_then(|a| a.vin.clone()),
            Some(t.amount.to_string()),
        ]
        .into_iter()
        .flatten()
        .map(|s| normalise(&s))
        .collect::<Vec<_>>()
        .join("\u{1f}");
        Ok(Self {
            transaction_id: t.transaction_id.clone(),
            status: t.status.as_str().to_owned(),
            auto: auto.is_some(),
            currency: t.currency.as_str().to_owned(),
            amount: t.amount,
            amount_e4: e4(t.amount),
            paid_in_e4: paid_in.and_then(e4),
            owed_e4: t.amount.checked_add(payer_fee).and_then(e4),
            title: t.title.clone(),
            reference_id: t.reference_id.clone(),
            payer_name: name(&t.payer),
            payee_name: name(&t.payee),
            registration_number,
            created: t.created.map(|d| d.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
            expected_completion: t.expected_completion.map(|d| d.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
            has_debt: auto.is_some_and(|a| present(&a.debt)),
            bill_of_sale: bill_of_sale(auto.and_then(|a| a.bill_of_sale.as_ref())),
            search,
            fingerprint,
            item,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn money_in_ten_thousandths_is_exact() {
        assert_eq!(e4(Decimal::from_str("289500.00").unwrap()), Some(2_895_000_000));
        assert_eq!(e4(Decimal::from_str("0.0001").unwrap()), Some(1));
        assert_eq!(e4(Decimal::from_str("0.00001").unwrap()), None);
        assert_eq!(from_e4(2_895_000_000).to_string(), "289500");
        assert_eq!(from_e4(12_345).to_string(), "1.2345");
    }

    #[test]
    fn a_bill_of_sale_is_read_leniently() {
        use serde_json::json;
        assert_eq!(bill_of_sale(None), "none");
        assert_eq!(bill_of_sale(Some(&json!({"enabled": false}))), "none");
        assert_eq!(bill_of_sale(Some(&json!({"enabled": true, "signed": false}))), "unsigned");
        assert_eq!(bill_of_sale(Some(&json!({"signed": true}))), "signed");
        assert_eq!(bill_of_sale(Some(&json!({"somethingElse": 1}))), "enabled");
        assert_eq!(bill_of_sale(Some(&json!("yes"))), "enabled");
    }

    #[test]
    fn plates_names_and_accents_match_however_typed() {
        assert_eq!(normalise("EV 48 213"), normalise("ev48213"));
        assert_eq!(normalise("Kjær"), "kjaer");
        assert_eq!(normalise("Søren Åby"), "sorenaaby");
    }
}
