//! How wide a line of Helvetica is, for right-aligned figures and wrapped notes: the advance
//! widths of the Adobe font metrics (in thousandths of the font size) of the characters a
//! statement uses; any other character counts as a digit's width.

/// Advance width of `c` in Helvetica (`bold`: Helvetica-Bold), per 1000 units of size.
fn advance(c: char, bold: bool) -> u16 {
    let regular = match c {
        ' ' | ',' | '.' | '/' | ':' | ';' | '!' | 'f' | 't' | 'I' | '[' | ']' | '\\' => 278,
        '0'..='9' | '#' | '$' | '_' | '?' | 'a' | 'b' | 'd' | 'e' | 'g' | 'h' | 'n' | 'o' | 'p' | 'q' | 'u' => 556,
        'å' | 'ä' | 'é' | 'ö' | 'ü' | '€' | '–' => 556,
        'i' | 'j' | 'l' => 222,
        '-' | '(' | ')' | 'r' | '`' => 333,
        'c' | 'k' | 's' | 'v' | 'x' | 'y' | 'z' | 'J' => 500,
        'm' | 'M' => 833,
        'w' => 722,
        'A' | 'B' | 'E' | 'K' | 'P' | 'S' | 'V' | 'X' | 'Y' | 'Å' => 667,
        'C' | 'D' | 'H' | 'N' | 'R' | 'U' => 722,
        'F' | 'T' | 'Z' => 611,
        'G' | 'O' | 'Q' | 'Ø' => 778,
        'L' => 556,
        'W' => 944,
        'æ' => 889,
        'ø' => 611,
        'Æ' | '—' => 1000,
        '+' | '<' | '=' | '>' | '~' => 584,
        '%' => 889,
        '&' => 667,
        '@' => 1015,
        '*' => 389,
        '\'' => 191,
        '"' => 355,
        '•' => 350,
        _ => 556,
    };
    if !bold {
        return regular;
    }
    match c {
        'b' | 'd' | 'g' | 'h' | 'n' | 'o' | 'p' | 'q' | 'u' => 611,
        'c' | 'e' | 'k' | 'v' | 'x' | 'y' => 556,
        'f' | 't' | '-' | ':' | ';' => 333,
        'i' | 'j' | 'l' => 278,
        'r' => 389,
        'm' => 889,
        'w' => 778,
        'A' | 'B' | 'K' => 722,
        'J' | 's' => 556,
        'L' => 611,
        _ => regular,
    }
}

/// The width of `text` set at `size` points.
pub fn width(text: &str, size: f32, bold: bool) -> f32 {
    text.chars().map(|c| f32::from(advance(c, bold))).sum::<f32>() * size / 1000.0
}

/// `text` broken into lines no wider than `max` points (at word boundaries; a word longer
/// than a line is cut).
pub fn wrap(text: &str, size: f32, bold: bool, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_owned() } else { format!("{line} {word}") };
        if width(&candidate, size, bold) <= max || line.is_empty() {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        }
        while width(&line, size, bold) > max && line.chars().count() > 1 {
            let keep: String = line
                .chars()
                .take_while({
                    let mut used = 0.0;
                    move |c| {
                        used += width(&c.to_string(), size, bold);
                        used <= max
                    }
                })
                .collect();
            let keep = if keep.is_empty() { line.chars().take(1).collect() } else { keep };
            let rest = line[keep.len()..].to_owned();
            lines.push(keep);
            line = rest;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{width, wrap};

    #[test]
    fn digits_are_as_wide_in_both_weights() {
        assert_eq!(width("1.234,50", 10.0, false), width("1.234,50", 10.0, true));
        assert!((width("0", 10.0, false) - 5.56).abs() < 1e-4);
    }

    #[test]
    fn long_text_wraps_and_nothing_is_lost() {
        let text = "Beløbet udbetales til sælger, når køber har godkendt handlen. Supercalifragilisticexpialidocious";
        let lines = wrap(text, 9.0, false, 120.0);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| width(l, 9.0, false) <= 120.0));
        assert_eq!(lines.join(" ").replace(' ', ""), text.replace(' ', ""));
    }
}
