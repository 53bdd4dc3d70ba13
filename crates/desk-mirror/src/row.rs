//! One list item as the mirror stores it: the columns the overview, the attention queue
//! and local filtering query, plus the item itself (to show it again offline).

use chrono::{DateTime, NaiveDate, Utc};
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

/// A time the mirror stored (`2026-11-24T08:00:00Z`, as [`MirrorRow::from_item`] writes it),
/// read without a general RFC 3339 parser: the attention queue reads three per open deal.
/// Any other RFC 3339 text is still read; anything else is `None`.
pub fn parse_stamp(s: &str) -> Option<DateTime<Utc>> {
    canonical_stamp(s.as_bytes()).or_else(|| DateTime::parse_from_rfc3339(s).ok().map(|d| d.with_timezone(&Utc)))
}

/// `YYYY-MM-DDTHH:MM:SSZ` only (a leap second or a bad date falls through to the full parser).
fn canonical_stamp(b: &[u8]) -> Option<DateTime<Utc>> {
    let shaped = b.len() == 20
        && [4, 7].iter().all(|&i| b[i] == b'-')
        && b[10] == b'T'
        && [13, 16].iter().all(|&i| b[i] == b':')
        && b[19] == b'Z';
    if !shaped {
        return None;
    }
    let num = |from: usize, to: usize| -> Option<u32> {
        b[from..to].iter().try_fold(0u32, |n, &c| c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0')))
    };
    let date = NaiveDate::from_ymd_opt(i32::try_from(num(0, 4)?).ok()?, num(5, 7)?, num(8, 10)?)?;
    Some(date.and_hms_opt(num(11, 13)?, num(14, 16)?, num(17, 19)?)?.and_utc())
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

/// An amount as the search reads it: its plain decimal without trailing zeros
/// (`289500.00` → `289500`, `289500.50` → `289500.5`). The UI turns an amount typed as the
/// language shows it ("289.500,00", "289,500") into the same form, so either finds the deal.
pub fn amount_token(amount: Decimal) -> String {
    amount.normalize().to_string()
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

/// SHA-256 of the item as the service sent it, in hex: a change to any field is a change.
fn fingerprint_of(item: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(item).iter().map(|b| format!("{b:02x}")).collect()
}

impl MirrorRow {
    pub fn from_item(t: &TransactionListItem) -> Result<Self, serde_json::Error> {
        let item = serde_json::to_string(t)?;
        let fingerprint = fingerprint_of(item.as_bytes());
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
            Some(amount_token(t.amount)),
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
    fn stored_times_read_fast_and_any_rfc3339_still_reads() {
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
        assert_eq!(parse_stamp("2026-11-24T08:00:05Z"), Some(at("2026-11-24T08:00:05Z")));
        assert_eq!(parse_stamp("2026-11-24T09:00:05+01:00"), Some(at("2026-11-24T08:00:05Z")));
        assert_eq!(parse_stamp("2026-11-24T08:00:05.250Z"), Some(at("2026-11-24T08:00:05.250Z")));
        for bad in ["2026-02-30T08:00:00Z", "2026-11-24T25:00:00Z", "2026-1x-24T08:00:00Z", "", "yesterday"] {
            assert_eq!(parse_stamp(bad), None, "{bad}");
        }
        let row_time = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        assert_eq!(parse_stamp(&row_time), DateTime::parse_from_rfc3339(&row_time).ok().map(|d| d.with_timezone(&Utc)));
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
    fn an_amount_is_searchable_without_its_trailing_zeros() {
        let token = |s: &str| normalise(&amount_token(Decimal::from_str(s).unwrap()));
        assert_eq!(token("289500.00"), "289500");
        assert_eq!(token("289500"), "289500");
        assert_eq!(token("289500.50"), "2895005");
        assert_eq!(token("0.10"), "01");
    }

    #[test]
    fn plates_names_and_accents_match_however_typed() {
        assert_eq!(normalise("EV 48 213"), normalise("ev48213"));
        assert_eq!(normalise("Kjær"), "kjaer");
        assert_eq!(normalise("Søren Åby"), "sorenaaby");
    }
}
