//! Input checks shared by operations of both APIs, so bad input is refused before
//! anything is sent (a refused call has `attempts == 0`).
//!
//! - Danish bank accounts: a 14-digit BBAN (4-digit registration number + 10-digit
//!   account number) or an 18-character Danish IBAN with valid ISO 13616 check digits.
//!   Spaces and dashes people type are removed; the wire form has none (the spec).
//! - FIK codes of card type +71 (`+71<` 15-digit payment id `+` 8-digit creditor
//!   number `<`), with or without spaces and the `<` marks.
//! - Files: not empty, at most [`MAX_FILE_BYTES`], of an allowed type by the name's
//!   extension *and* by the content's signature (a renamed file is refused).

use crate::error::{Error, Result};
use rust_decimal::Decimal;

/// The spec's "10 MB" limit on uploaded files, read as 10 MiB.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;

/// A file type the service accepts somewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileType {
    /// PDF (`%PDF-`).
    Pdf,
    /// JPEG (`FF D8 FF`), named .jpg or .jpeg.
    Jpeg,
    /// PNG.
    Png,
    /// GIF (87a or 89a).
    Gif,
    /// BMP (`BM`).
    Bmp,
    /// WebP (`RIFF….WEBP`).
    Webp,
}

/// Types accepted as debt documentation (spec: PDF, JPG, JPEG, PNG, GIF, BMP, WEBP).
pub const DEBT_FILE_TYPES: &[FileType] =
    &[FileType::Pdf, FileType::Jpeg, FileType::Png, FileType::Gif, FileType::Bmp, FileType::Webp];
/// Types accepted as a bill of sale (spec: PDF).
pub const BILL_OF_SALE_FILE_TYPES: &[FileType] = &[FileType::Pdf];

impl FileType {
    /// The type the content really is, from its leading signature bytes.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(b"%PDF-") {
            Some(Self::Pdf)
        } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
            Some(Self::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Self::Gif)
        } else if bytes.len() >= 14 && bytes.starts_with(b"BM") {
            Some(Self::Bmp)
        } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else {
            None
        }
    }

    /// The type a file name claims, from its extension (any case; jpg and jpeg alike).
    pub fn from_file_name(name: &str) -> Option<Self> {
        let (_, ext) = name.rsplit_once('.')?;
        match ext.to_ascii_lowercase().as_str() {
            "pdf" => Some(Self::Pdf),
            "jpg" | "jpeg" => Some(Self::Jpeg),
            "png" => Some(Self::Png),
            "gif" => Some(Self::Gif),
            "bmp" => Some(Self::Bmp),
            "webp" => Some(Self::Webp),
            _ => None,
        }
    }

    /// The MIME type sent with the file part.
    pub fn mime(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Gif => "image/gif",
            Self::Bmp => "image/bmp",
            Self::Webp => "image/webp",
        }
    }

    /// The name people know the type by, for messages.
    pub fn label(self) -> &'static str {
        match self {
            Self::Pdf => "PDF",
            Self::Jpeg => "JPEG",
            Self::Png => "PNG",
            Self::Gif => "GIF",
            Self::Bmp => "BMP",
            Self::Webp => "WEBP",
        }
    }
}

/// Checks an upload: a file name with an allowed extension, non-empty content of at
/// most [`MAX_FILE_BYTES`] whose signature matches the extension. Returns the type.
pub fn file(field: &str, file_name: &str, bytes: &[u8], allowed: &[FileType]) -> Result<FileType> {
    let allowed_text = allowed.iter().map(|t| t.label()).collect::<Vec<_>>().join(", ");
    let name = file_name.rsplit(['/', '\\']).next().unwrap_or("").trim();
    if name.is_empty() {
        return Err(Error::validation(field, "needs a file name"));
    }
    if bytes.is_empty() {
        return Err(Error::validation(field, format!("{name} is empty")));
    }
    if bytes.len() > MAX_FILE_BYTES {
        return Err(Error::validation(
            field,
            format!("{name} is {} bytes; at most 10 MB ({MAX_FILE_BYTES} bytes) is accepted", bytes.len()),
        ));
    }
    let named = FileType::from_file_name(name)
        .filter(|t| allowed.contains(t))
        .ok_or_else(|| Error::validation(field, format!("{name} must be one of {allowed_text}")))?;
    match FileType::sniff(bytes) {
        Some(actual) if actual == named => Ok(named),
        Some(actual) => Err(Error::validation(
            field,
            format!("{name} is named as {} but its content is {}", named.label(), actual.label()),
        )),
        None => Err(Error::validation(
            field,
            format!("{name} is named as {} but its content is not a {} file", named.label(), named.label()),
        )),
    }
}

/// What people type around account numbers: spaces (also non-breaking) and dashes.
fn compact(input: &str) -> String {
    input.chars().filter(|c| !c.is_whitespace() && *c != '-' && *c != '\u{2010}' && *c != '\u{2013}').collect()
}

/// A Danish BBAN: 14 digits. Returns it without spaces or dashes.
pub fn bban(field: &str, input: &str) -> Result<String> {
    let value = compact(input);
    if value.len() != 14 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::validation(field, "a BBAN is 14 digits (registration number and account number)"));
    }
    Ok(value)
}

/// ISO 13616 check: the first four characters moved to the end, letters as numbers
/// (A = 10 … Z = 35), the whole number mod 97 must be 1.
pub fn iban_checksum_ok(iban: &str) -> bool {
    if iban.len() < 5 || !iban.is_ascii() {
        return false;
    }
    let (head, tail) = iban.split_at(4);
    let mut rem: u32 = 0;
    for c in tail.chars().chain(head.chars()) {
        let value = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'A'..='Z' => c as u32 - 'A' as u32 + 10,
            _ => return false,
        };
        rem = if value >= 10 { (rem * 100 + value) % 97 } else { (rem * 10 + value) % 97 };
    }
    rem == 1
}

/// A Danish IBAN: `DK`, 2 check digits, the 14-digit BBAN (18 characters) with valid
/// check digits. Returns it upper-case without spaces or dashes.
pub fn iban(field: &str, input: &str) -> Result<String> {
    let value = compact(input).to_ascii_uppercase();
    if !value.starts_with("DK") {
        return Err(Error::validation(field, "only Danish IBANs (starting with DK) are accepted"));
    }
    if value.len() != 18 || !value[2..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::validation(field, "a Danish IBAN is DK followed by 16 digits (18 characters)"));
    }
    if !iban_checksum_ok(&value) {
        return Err(Error::validation(field, "the IBAN's check digits are wrong (mistyped?)"));
    }
    Ok(value)
}

/// A 14-digit BBAN or an 18-character Danish IBAN, normalized for the wire.
pub fn bank_account(field: &str, input: &str) -> Result<String> {
    let value = compact(input);
    if value.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
        iban(field, &value)
    } else {
        bban(field, &value)
    }
}

/// A parsed FIK code of card type +71.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fik {
    /// 15 digits identifying the payment.
    pub payment_id: String,
    /// 8-digit creditor number.
    pub creditor_number: String,
}

impl std::fmt::Display for Fik {
    /// The form printed on Danish payment slips, and the one sent: `+71<payment+creditor<`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "+71<{}+{}<", self.payment_id, self.creditor_number)
    }
}

/// Parses a FIK code; only card type +71 is accepted (the spec). Spaces and the `<`
/// marks are optional: `+71<123456789012345+12345678<`, `+71 123456789012345 +12345678`.
pub fn fik(field: &str, input: &str) -> Result<Fik> {
    let shape = "a FIK code is +71<15-digit payment id>+<8-digit creditor number>";
    let value: String = input.chars().filter(|c| !c.is_whitespace()).collect();
    let value = value.strip_suffix('<').unwrap_or(&value);
    let rest = value.strip_prefix('+').ok_or_else(|| Error::validation(field, shape))?;
    let card: String = rest.chars().take(2).collect();
    if card != "71" {
        return Err(Error::validation(field, format!("only FIK card type +71 is accepted, not +{card}")));
    }
    let rest = &rest[2..];
    let rest = rest.strip_prefix('<').unwrap_or(rest);
    let (payment_id, creditor) = rest.split_once('+').ok_or_else(|| Error::validation(field, shape))?;
    if payment_id.len() != 15 || !payment_id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::validation(field, "the payment id of a +71 FIK code has 15 digits"));
    }
    if creditor.len() != 8 || !creditor.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::validation(field, "the creditor number of a FIK code has 8 digits"));
    }
    Ok(Fik { payment_id: payment_id.to_owned(), creditor_number: creditor.to_owned() })
}

/// Refuses an empty id before it turns into a different route.
pub(crate) fn non_empty<'a>(field: &str, value: &'a str) -> Result<&'a str> {
    let v = value.trim();
    if v.is_empty() {
        return Err(Error::validation(field, "is required"));
    }
    Ok(v)
}

/// Amounts that move money are never zero or negative.
pub(crate) fn positive(field: &str, amount: Decimal) -> Result<()> {
    if amount <= Decimal::ZERO {
        return Err(Error::validation(field, "must be greater than zero"));
    }
    Ok(())
}

/// Refuses a returnUrl the service could never redirect to.
pub(crate) fn check_return_url(field: &str, url: &str) -> Result<()> {
    match url::Url::parse(url.trim()) {
        Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => Ok(()),
        _ => Err(Error::validation(field, "must be an absolute http or https URL")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn message(err: Error) -> (String, String) {
        match err.kind {
            ErrorKind::Validation { field, message } => (field, message),
            other => panic!("not a validation error: {other:?}"),
        }
    }

    const PDF: &[u8] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    #[test]
    fn bban_is_fourteen_digits_after_removing_spaces_and_dashes() {
        assert_eq!(bban("b", "00400440116243").unwrap(), "00400440116243");
        assert_eq!(bban("b", "0040 0440116243").unwrap(), "00400440116243");
        assert_eq!(bban("b", "0040-0440116243").unwrap(), "00400440116243");
        for bad in ["0040044011624", "004004401162430", "0040044011624x", "", "DK5000400440116243"] {
            assert_eq!(message(bban("bankAccount", bad).unwrap_err()).0, "bankAccount", "{bad}");
        }
    }

    #[test]
    fn iban_is_danish_eighteen_characters_with_mod_97() {
        assert_eq!(iban("i", "DK5000400440116243").unwrap(), "DK5000400440116243");
        assert_eq!(iban("i", "dk50 0040 0440 1162 43").unwrap(), "DK5000400440116243");
        assert!(message(iban("i", "DK5100400440116243").unwrap_err()).1.contains("check digits"));
        assert!(message(iban("i", "DK5000400440116234").unwrap_err()).1.contains("check digits"), "swapped digits");
        assert!(message(iban("i", "DK500040044011624").unwrap_err()).1.contains("18"));
        assert!(message(iban("i", "DK50004004401162A3").unwrap_err()).1.contains("18"));
        // A valid German IBAN is still refused: the spec asks for an 18-character one.
        assert!(iban_checksum_ok("DE89370400440532013000"));
        assert!(message(iban("i", "DE89370400440532013000").unwrap_err()).1.contains("Danish"));
        assert!(iban_checksum_ok("GB82WEST12345698765432"));
        assert!(!iban_checksum_ok("GB82WEST12345698765433"));
        assert!(!iban_checksum_ok("DK5"));
    }

    #[test]
    fn bank_account_picks_bban_or_iban() {
        assert_eq!(bank_account("a", " 0040 044 011 6243 ").unwrap(), "00400440116243");
        assert_eq!(bank_account("a", "DK50-0040-0440-1162-43").unwrap(), "DK5000400440116243");
        assert!(bank_account("a", "DK00 0040 0440 1162 43").is_err());
        assert!(bank_account("a", "12345").is_err());
    }

    #[test]
    fn fik_71_with_or_without_spaces_and_marks() {
        let expected = Fik { payment_id: "123456789012345".into(), creditor_number: "12345678".into() };
        for ok in [
            "+71<123456789012345+12345678<",
            "+71 123456789012345 +12345678",
            "+71123456789012345+12345678",
            " +71< 123456789012345 +12345678< ",
        ] {
            assert_eq!(fik("fikCode", ok).unwrap(), expected, "{ok}");
        }
        assert_eq!(expected.to_string(), "+71<123456789012345+12345678<");
        for (bad, says) in [
            ("+73<123456789012345+12345678<", "+73"),
            ("+75<123456789012345+12345678<", "+75"),
            ("+01<123456789012345+12345678<", "+01"),
            ("71<123456789012345+12345678<", "+71<"),
            ("+71<12345678901234+12345678<", "15 digits"),
            ("+71<1234567890123456+12345678<", "15 digits"),
            ("+71<12345678901234X+12345678<", "15 digits"),
            ("+71<123456789012345+1234567<", "8 digits"),
            ("+71<123456789012345+123456789<", "8 digits"),
            ("+71<123456789012345", "+71<"),
            ("+", "+"),
            ("+ø", "+ø"),
        ] {
            let (field, msg) = message(fik("fikCode", bad).unwrap_err());
            assert_eq!(field, "fikCode");
            assert!(msg.contains(says), "{bad}: {msg}");
        }
    }

    #[test]
    fn files_are_checked_by_extension_and_content() {
        assert_eq!(file("f", "deed.pdf", PDF, DEBT_FILE_TYPES).unwrap(), FileType::Pdf);
        assert_eq!(file("f", "C:\\scans\\deed.PDF", PDF, BILL_OF_SALE_FILE_TYPES).unwrap(), FileType::Pdf);
        assert_eq!(file("f", "photo.png", PNG, DEBT_FILE_TYPES).unwrap(), FileType::Png);
        assert_eq!(file("f", "a.jpg", b"\xff\xd8\xff\xe0JFIF", DEBT_FILE_TYPES).unwrap(), FileType::Jpeg);
        assert_eq!(file("f", "a.jpeg", b"\xff\xd8\xff\xe1Exif", DEBT_FILE_TYPES).unwrap(), FileType::Jpeg);
        assert_eq!(file("f", "a.gif", b"GIF89a\x01\0\x01\0", DEBT_FILE_TYPES).unwrap(), FileType::Gif);
        assert_eq!(file("f", "a.bmp", b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0", DEBT_FILE_TYPES).unwrap(), FileType::Bmp);
        assert_eq!(file("f", "a.webp", b"RIFF\x1a\0\0\0WEBPVP8 ", DEBT_FILE_TYPES).unwrap(), FileType::Webp);

        let (field, msg) = message(file("document", "renamed.pdf", PNG, BILL_OF_SALE_FILE_TYPES).unwrap_err());
        assert_eq!(field, "document");
        assert!(msg.contains("content is PNG"), "{msg}");
        assert!(message(file("f", "fake.pdf", b"hello", DEBT_FILE_TYPES).unwrap_err()).1.contains("not a PDF"));
        assert!(
            message(file("f", "photo.png", PNG, BILL_OF_SALE_FILE_TYPES).unwrap_err()).1.contains("must be one of PDF")
        );
        assert!(message(file("f", "notes.txt", b"text", DEBT_FILE_TYPES).unwrap_err()).1.contains("must be one of"));
        assert!(message(file("f", "noext", PDF, DEBT_FILE_TYPES).unwrap_err()).1.contains("must be one of"));
        assert!(message(file("f", "empty.pdf", b"", DEBT_FILE_TYPES).unwrap_err()).1.contains("empty"));
        assert!(message(file("f", " ", PDF, DEBT_FILE_TYPES).unwrap_err()).1.contains("file name"));

        let mut big = PDF.to_vec();
        big.resize(MAX_FILE_BYTES, b' ');
        assert!(file("f", "max.pdf", &big, DEBT_FILE_TYPES).is_ok(), "exactly 10 MiB is allowed");
        big.push(b' ');
        assert!(message(file("f", "big.pdf", &big, DEBT_FILE_TYPES).unwrap_err()).1.contains("at most 10 MB"));
    }
}
