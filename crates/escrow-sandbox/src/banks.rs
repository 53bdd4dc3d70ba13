//! The banks the sandbox offers for onboarding and BANK payments (realistic Danish banks).

/// (bankId, name, bankCentral)
pub const BANKS: &[(&str, &str, &str)] = &[
    ("danske-bank", "Danske Bank", "Danske Bank A/S"),
    ("nordea", "Nordea", "Nordea Danmark"),
    ("jyske-bank", "Jyske Bank", "Jyske Bank A/S"),
    ("nykredit", "Nykredit Bank", "Nykredit"),
    ("sydbank", "Sydbank", "Sydbank A/S"),
    ("spar-nord", "Spar Nord", "Spar Nord Bank A/S"),
    ("arbejdernes-landsbank", "Arbejdernes Landsbank", "Arbejdernes Landsbank A/S"),
    ("lunar", "Lunar", "Lunar Bank A/S"),
    ("sandbox-bank", "Sandbox Bank", "Sandbox"),
];

pub fn exists(bank_id: &str) -> bool {
    BANKS.iter().any(|(id, ..)| *id == bank_id)
}

/// DK IBAN with correct ISO 13616 check digits for a 14-digit BBAN.
pub fn danish_iban(bban: &str) -> String {
    // Move "DK00" to the end, letters to numbers (D=13, K=20), mod 97.
    let digits = format!("{bban}132000");
    let rem = digits.bytes().fold(0u32, |acc, b| (acc * 10 + u32::from(b - b'0')) % 97);
    format!("DK{:02}{bban}", 98 - rem)
}
