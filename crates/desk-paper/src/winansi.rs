//! Text as the bytes of WinAnsiEncoding (the standard fonts' encoding): Latin-1 plus the
//! typographic marks in 0x80–0x9F; anything else becomes `?`.

/// The WinAnsi byte of `c`, if it has one.
pub fn byte(c: char) -> Option<u8> {
    let special = match c {
        '€' => 0x80,
        '‚' => 0x82,
        '„' => 0x84,
        '…' => 0x85,
        '‰' => 0x89,
        '‹' => 0x8B,
        '‘' => 0x91,
        '’' => 0x92,
        '“' => 0x93,
        '”' => 0x94,
        '•' => 0x95,
        '–' => 0x96,
        '—' => 0x97,
        '›' => 0x9B,
        '\u{2212}' => b'-',
        '\u{202F}' | '\u{2009}' => b' ',
        _ => 0,
    };
    if special != 0 {
        return Some(special);
    }
    match c as u32 {
        0x20..=0x7E | 0xA0..=0xFF => Some(c as u8),
        _ => None,
    }
}

/// `text` in WinAnsiEncoding.
pub fn encode(text: &str) -> Vec<u8> {
    text.chars().map(|c| byte(c).unwrap_or(b'?')).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn danish_and_marks_are_kept() {
        assert_eq!(super::encode("æøå ÆØÅ"), [0xE6, 0xF8, 0xE5, b' ', 0xC6, 0xD8, 0xC5]);
        assert_eq!(
            super::encode("1 000 € – ok"),
            [b'1', b' ', b'0', b'0', b'0', b' ', 0x80, b' ', 0x96, b' ', b'o', b'k']
        );
        assert_eq!(super::encode("✓\u{1F600}"), b"??");
    }
}
