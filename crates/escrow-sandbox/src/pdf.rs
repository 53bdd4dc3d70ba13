//! A minimal PDF 1.4 writer: A4 pages of left-aligned text in Helvetica and
//! Helvetica-Bold (standard fonts, nothing embedded), with a correct cross-reference
//! table, so any PDF reader opens what it writes.
//!
//! Enough for the generated bill of sale; deliberately no dependency. Text is encoded
//! in WinAnsiEncoding, which covers Danish (æ ø å) and the usual typographic marks;
//! characters outside it print as `?`.

/// A4 in points.
const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 56.0;

/// Which of the two standard fonts a line uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    Regular,
    Bold,
}

impl Font {
    fn resource(self) -> &'static str {
        match self {
            Self::Regular => "F1",
            Self::Bold => "F2",
        }
    }
}

/// One line of text as laid out on a page.
#[derive(Debug, Clone)]
struct Line {
    text: Vec<u8>,
    font: Font,
    size: f32,
    y: f32,
}

/// Builds a document top to bottom; text wraps at the right margin and flows onto
/// new pages.
#[derive(Debug, Clone)]
pub struct Document {
    title: String,
    pages: Vec<Vec<Line>>,
    /// Baseline of the next line on the current page.
    y: f32,
}

impl Document {
    pub fn new(title: impl Into<String>) -> Self {
        Self { title: title.into(), pages: vec![Vec::new()], y: PAGE_HEIGHT - MARGIN }
    }

    /// Adds a paragraph, wrapped to the page width.
    pub fn text(&mut self, text: &str, font: Font, size: f32) -> &mut Self {
        let max_chars = max_chars(size, font);
        for paragraph in text.split('\n') {
            for line in wrap(paragraph, max_chars) {
                self.line(&line, font, size);
            }
        }
        self
    }

    /// Vertical space in points.
    pub fn gap(&mut self, points: f32) -> &mut Self {
        self.y -= points;
        self
    }

    fn line(&mut self, text: &str, font: Font, size: f32) {
        let leading = size * 1.35;
        if self.y - leading < MARGIN {
            self.pages.push(Vec::new());
            self.y = PAGE_HEIGHT - MARGIN;
        }
        self.y -= leading;
        let y = self.y;
        if let Some(page) = self.pages.last_mut() {
            page.push(Line { text: win_ansi(text), font, size, y });
        }
    }

    /// Number of pages so far.
    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// Serializes the document: header, objects, xref table with the byte offset of
    /// every object, trailer, `%%EOF`.
    pub fn render(&self) -> Vec<u8> {
        // Objects 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then per page: page, content.
        let first_page = 6;
        let page_ids: Vec<usize> = (0..self.pages.len()).map(|i| first_page + 2 * i).collect();
        let mut objects: Vec<Vec<u8>> = Vec::new();
        objects.push(b"<< /Type /Catalog /Pages 2 0 R >>".to_vec());
        let kids: Vec<String> = page_ids.iter().map(|id| format!("{id} 0 R")).collect();
        objects.push(format!("<< /Type /Pages /Kids [{}] /Count {} >>", kids.join(" "), page_ids.len()).into_bytes());
        objects.push(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_vec());
        objects
            .push(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".to_vec());
        let mut info = b"<< /Title (".to_vec();
        info.extend(escape(&win_ansi(&self.title)));
        info.extend(b") /Producer (escrow-sandbox) >>");
        objects.push(info);
        for (i, page) in self.pages.iter().enumerate() {
            let content_id = page_ids[i] + 1;
            objects.push(
                format!(
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] \
                     /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {content_id} 0 R >>"
                )
                .into_bytes(),
            );
            let mut stream = Vec::new();
            for line in page {
                stream.extend(
                    format!("BT /{} {} Tf {MARGIN} {:.2} Td (", line.font.resource(), line.size, line.y).into_bytes(),
                );
                stream.extend(escape(&line.text));
                stream.extend(b") Tj ET\n");
            }
            let mut obj = format!("<< /Length {} >>\nstream\n", stream.len()).into_bytes();
            obj.extend(stream);
            obj.extend(b"\nendstream");
            objects.push(obj);
        }

        // A binary comment after the header tells transfer tools the file is binary.
        let mut out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
        let mut offsets = Vec::with_capacity(objects.len());
        for (i, body) in objects.iter().enumerate() {
            offsets.push(out.len());
            out.extend(format!("{} 0 obj\n", i + 1).into_bytes());
            out.extend(body);
            out.extend(b"\nendobj\n");
        }
        let xref_at = out.len();
        out.extend(format!("xref\n0 {}\n", objects.len() + 1).into_bytes());
        // Every entry is exactly 20 bytes, ending in space + newline.
        out.extend(b"0000000000 65535 f \n");
        for offset in offsets {
            out.extend(format!("{offset:010} 00000 n \n").into_bytes());
        }
        out.extend(
            format!(
                "trailer\n<< /Size {} /Root 1 0 R /Info 5 0 R >>\nstartxref\n{xref_at}\n%%EOF\n",
                objects.len() + 1
            )
            .into_bytes(),
        );
        out
    }
}

/// How many characters fit on a line: Helvetica averages about 0.5 em per character
/// (0.55 bold); a little slack keeps long words inside the margin.
fn max_chars(size: f32, font: Font) -> usize {
    let em = if font == Font::Bold { 0.56 } else { 0.52 };
    let width = PAGE_WIDTH - 2.0 * MARGIN;
    ((width / (size * em)) as usize).max(10)
}

/// Greedy word wrap; words longer than a line are cut.
fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > max {
            if !current.is_empty() {
                lines.push(std::mem::take(&mut current));
            }
            let rest = word.split_off(max);
            lines.push(word.into_iter().collect());
            word = rest;
        }
        let len = current.chars().count();
        if len > 0 && len + 1 + word.len() > max {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.extend(word);
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

/// Text to WinAnsiEncoding bytes; control characters become spaces, the rest `?`.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '\t' | '\r' | '\n' => b' ',
            c if (' '..='~').contains(&c) => c as u8,
            c if ('\u{a0}'..='\u{ff}').contains(&c) => c as u32 as u8,
            '€' => 0x80,
            '‚' => 0x82,
            '„' => 0x84,
            '…' => 0x85,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '™' => 0x99,
            _ => b'?',
        })
        .collect()
}

/// Escapes a PDF literal string.
fn escape(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for &b in bytes {
        if matches!(b, b'(' | b')' | b'\\') {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
        hay.windows(needle.len()).rposition(|w| w == needle)
    }

    /// Checks the structure a reader relies on: header, `%%EOF`, `startxref` pointing at
    /// the xref table, and each xref entry pointing at `N 0 obj`. Works on bytes: the
    /// text is WinAnsi, not UTF-8.
    fn check(pdf: &[u8]) -> usize {
        assert!(pdf.starts_with(b"%PDF-1.4\n"));
        assert!(pdf.ends_with(b"%%EOF\n"));
        let start = find_last(pdf, b"startxref\n").expect("startxref") + b"startxref\n".len();
        let tail = std::str::from_utf8(&pdf[start..]).unwrap();
        let xref_at: usize = tail.lines().next().unwrap().trim().parse().unwrap();
        assert_eq!(&pdf[xref_at..xref_at + 5], b"xref\n");
        let table = std::str::from_utf8(&pdf[xref_at..]).unwrap();
        let mut lines = table.lines().skip(1);
        let count: usize = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
        let entries: Vec<&str> = lines.take(count).collect();
        assert_eq!(entries[0], "0000000000 65535 f ");
        for (n, entry) in entries.iter().enumerate().skip(1) {
            assert_eq!(entry.len(), 19, "entry + newline is 20 bytes");
            let offset: usize = entry[..10].parse().unwrap();
            let expected = format!("{n} 0 obj");
            assert_eq!(&pdf[offset..offset + expected.len()], expected.as_bytes(), "object {n}");
        }
        assert!(table.contains(&format!("/Size {count}")));
        count
    }

    #[test]
    fn renders_a_valid_single_page() {
        let mut doc = Document::new("Slutseddel");
        doc.text("Slutseddel — Tesla Model Y", Font::Bold, 18.0).gap(6.0).text(
            "Købesum: 289.500,00 DKK (inkl. moms)",
            Font::Regular,
            11.0,
        );
        let pdf = doc.render();
        assert_eq!(check(&pdf), 8, "free entry + 5 shared objects + page + content");
        // Danish letters and the em dash in WinAnsi; parentheses escaped.
        let needle = b"(K\xf8besum: 289.500,00 DKK \\(inkl. moms\\)) Tj";
        assert!(pdf.windows(needle.len()).any(|w| w == needle));
        assert!(pdf.windows(3).any(|w| w == b" \x97 "));
    }

    #[test]
    fn long_text_wraps_and_flows_onto_more_pages() {
        let mut doc = Document::new("Long");
        let words = "vilkår ".repeat(3000);
        doc.text(&words, Font::Regular, 10.0);
        assert!(doc.page_count() > 2);
        let pdf = doc.render();
        assert_eq!(check(&pdf), 6 + 2 * doc.page_count());
        let count = format!("/Count {}", doc.page_count());
        assert!(pdf.windows(count.len()).any(|w| w == count.as_bytes()));
    }

    #[test]
    fn wraps_on_words_and_cuts_overlong_words() {
        assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 4), vec![""]);
        assert_eq!(win_ansi("æ€😀"), vec![0xe6, 0x80, b'?']);
    }
}
