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
