//! The language the window's person chose, for every text Rust shows outside the page (the
//! native menu, desktop notifications, dialog titles): set by the page (`set_language`) when
//! it starts and whenever the choice changes; until then, and when the choice is "follow the
//! system", the OS's (`LC_ALL`, `LC_MESSAGES`, `LANG`). Texts take the answer as a parameter,
//! so each is tested in both languages.

use std::sync::atomic::{AtomicU8, Ordering};

const SYSTEM: u8 = 0;
const ENGLISH: u8 = 1;
const DANISH: u8 = 2;

static CHOICE: AtomicU8 = AtomicU8::new(SYSTEM);

/// Records the page's choice: `en`, `da`, or anything else (`None`) for the system's.
pub fn set(choice: Option<&str>) {
    let value = match choice {
        Some("en") => ENGLISH,
        Some("da") => DANISH,
        _ => SYSTEM,
    };
    CHOICE.store(value, Ordering::Relaxed);
}

/// Whether Rust's texts are in Danish now.
pub fn danish() -> bool {
    match CHOICE.load(Ordering::Relaxed) {
        ENGLISH => false,
        DANISH => true,
        _ => system_danish(),
    }
}

/// Whether the OS asks for Danish (`LC_ALL`, `LC_MESSAGES`, `LANG`, first set wins).
pub fn system_danish() -> bool {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
        .is_some_and(|l| l.starts_with("da"))
}
