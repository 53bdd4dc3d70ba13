//! Laid-out pages written as PDF objects: a catalog, a page tree, the two standard fonts
//! (WinAnsiEncoding) and one content stream a page.

use crate::layout::{PAGE_HEIGHT, PAGE_WIDTH, Page, Paper};
use crate::winansi::encode;
use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str, TextStr};

const MARGIN: f32 = 56.0;

impl Paper {
    /// The document as PDF bytes.
    pub fn to_pdf(&self) -> Vec<u8> {
        pdf(&self.title, &self.pages())
    }
}

/// The PDF of `pages`, titled `title` in its metadata.
pub(crate) fn pdf(title: &str, pages: &[Page]) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let first = 6;
    let page_ids: Vec<Ref> = (0..pages.len()).map(|i| Ref::new(first + 2 * i as i32)).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(page_ids.iter().copied()).count(pages.len() as i32);
    pdf.document_info(info).title(TextStr(title)).producer(TextStr("Escrow Desk"));
    for (id, name) in [(regular, "Helvetica"), (bold, "Helvetica-Bold")] {
        pdf.type1_font(id).base_font(Name(name.as_bytes())).encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    for (page, &id) in pages.iter().zip(&page_ids) {
        let contents = Ref::new(id.get() + 1);
        let mut p = pdf.page(id);
        p.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT)).parent(tree).contents(contents);
        p.resources().fonts().pair(Name(b"F1"), regular).pair(Name(b"F2"), bold);
        drop(p);
        pdf.stream(contents, &content(page).finish());
    }
    pdf.finish()
}

fn content(page: &Page) -> Content {
    let mut c = Content::new();
    c.set_stroke_gray(0.6).set_line_width(0.5);
    for &y in &page.rules {
        c.move_to(MARGIN, y).line_to(PAGE_WIDTH - MARGIN, y).stroke();
    }
    for t in &page.texts {
        c.set_fill_gray(if t.grey { 0.35 } else { 0.0 });
        c.begin_text();
        c.set_font(Name(if t.bold { b"F2" } else { b"F1" }), t.size);
        c.next_line(t.x, t.y);
        c.show(Str(&encode(&t.text)));
        c.end_text();
    }
    c
}

#[cfg(test)]
mod tests {
    use crate::{Block, Paper};

    #[test]
    fn a_document_is_a_pdf_with_its_text_in_winansi() {
        let mut paper = Paper::new("Afregning", "Bilhuset A/S");
        paper
            .push(Block::Title("Afregningsopgørelse".into()))
            .push(Block::Total("Sælger modtager".into(), "1.000,00 kr.".into()));
        let bytes = paper.to_pdf();
        assert!(bytes.starts_with(b"%PDF-"));
        assert!(bytes.windows(5).any(|w| w == b"%%EOF"));
        let text = String::from_utf8_lossy(&bytes).to_ascii_lowercase();
        // "Sælger" in WinAnsi, as pdf-writer writes a string with bytes beyond ASCII: hex.
        assert!(text.contains("<53e66c676572"), "the text is in the content stream");
        assert!(bytes.windows(15).any(|w| w == b"WinAnsiEncoding"));
    }
}
