//! Debt payment references: FIK codes and Danish bank accounts.

/// Normalizes a FIK code of card type +71: `+71<` + 15-digit payment id + `+` +
/// 8-digit creditor number + `<`. Spaces and the `<` marks are optional on input.
pub fn normalize_fik(raw: &str) -> Result<String, String> {
    let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let body = compact.strip_suffix('<').unwrap_or(&compact);
    let Some(rest) = body.strip_prefix('+') else {
        return Err("a FIK code starts with +71".into());
    };
    let card = rest.get(..2).unwrap_or(rest);
    let rest = rest.get(2..).unwrap_or("");
    if card != "71" {
        return Err(format!("only FIK card type +71 is accepted, not +{card}"));
    }
    let rest = rest.strip_prefix('<').unwrap_or(rest);
    let (payment_id, creditor) = rest.split_once('+').ok_or("a +71 FIK code is +71<payment id>+<creditor number>")?;
    if payment_id.len() != 15 || !payment_id.bytes().all(|b| b.is_ascii_digit()) {
        return Err("the payment id of a +71 FIK code has 15 digits".into());
    }
    if creditor.len() != 8 || !creditor.bytes().all(|b| b.is_ascii_digit()) {
        return Err("the creditor number of a FIK code has 8 digits".into());
    }
    Ok(format!("+71<{payment_id}+{creditor}<"))
}

/// A bank account as the spec wants it: 14-digit BBAN or 18-character Danish IBAN
/// with valid check digits, no dashes or spaces.
pub fn check_bank_account(raw: &str) -> Result<(), String> {
    if raw.bytes().any(|b| b == b' ' || b == b'-') {
        return Err("send the account number without dashes or spaces".into());
    }
    if raw.len() == 14 && raw.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(());
    }
    if raw.len() == 18 && raw.starts_with("DK") && raw[2..].bytes().all(|b| b.is_ascii_digit()) {
        // ISO 13616: move the first four characters to the end, letters to numbers, mod 97 = 1.
        let rearranged = format!("{}{}", &raw[4..], "1320");
        let digits = format!("{rearranged}{}", &raw[2..4]);
        let rem = digits.bytes().fold(0u32, |acc, b| (acc * 10 + u32::from(b - b'0')) % 97);
        return if rem == 1 { Ok(()) } else { Err("the IBAN's check digits are wrong".into()) };
    }
    Err("bankAccount is a 14-digit BBAN or an 18-character Danish IBAN (DK + 16 digits)".into())
}
