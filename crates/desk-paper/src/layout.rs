//! What a document says, block by block, and where each block lands on A4 pages: rows keep
//! their label on the left and their figure on the right margin, a page breaks before a block
//! that would not fit, and every page ends with the footer and "n/total".

use crate::metrics::{width, wrap};

pub(crate) const PAGE_WIDTH: f32 = 595.0;
pub(crate) const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 56.0;
const BODY: f32 = 10.0;

/// One block of a document.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// The document's title, large and bold.
    Title(String),
    /// A grey line under the title (who issued it, when).
    Subtitle(String),
    /// A section's heading.
    Heading(String),
    /// A label and its value, the value right-aligned.
    Row(String, String),
    /// A row in bold under a rule: the figure the section adds up to.
    Total(String, String),
    /// A paragraph in small type, wrapped.
    Note(String),
}

/// Text placed on a page (from its bottom-left corner, in points).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Placed {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub bold: bool,
    pub grey: bool,
    pub text: String,
}

/// A page: its text and its horizontal rules (`y` of each).
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Page {
    pub texts: Vec<Placed>,
    pub rules: Vec<f32>,
}

/// A document being written.
#[derive(Debug, Clone, PartialEq)]
pub struct Paper {
    pub(crate) title: String,
    pub(crate) footer: String,
    pub(crate) blocks: Vec<Block>,
}

impl Paper {
    /// A document titled `title` (the PDF's title too); `footer` ends every page.
    pub fn new(title: impl Into<String>, footer: impl Into<String>) -> Self {
        Self { title: title.into(), footer: footer.into(), blocks: Vec::new() }
    }

    /// Adds a block.
    pub fn push(&mut self, block: Block) -> &mut Self {
        self.blocks.push(block);
        self
    }

    /// The blocks laid out on pages.
    pub(crate) fn pages(&self) -> Vec<Page> {
        let mut pages = vec![Page::default()];
        let mut y = PAGE_HEIGHT - MARGIN;
        let bottom = MARGIN + 28.0;
        let right = PAGE_WIDTH - MARGIN;
        let text = |x: f32, y: f32, size: f32, bold: bool, grey: bool, text: &str| Placed {
            x,
            y,
            size,
            bold,
            grey,
            text: text.to_owned(),
        };
        for block in &self.blocks {
            let lines: Vec<(f32, f32, bool, bool, String)> = match block {
                Block::Title(t) => vec![(18.0, 26.0, true, false, t.clone())],
                Block::Subtitle(t) => vec![(BODY, 22.0, false, true, t.clone())],
                Block::Heading(t) => vec![(12.0, 28.0, true, false, t.clone())],
                Block::Row(label, _) | Block::Total(label, _) => {
                    wrap(label, BODY, matches!(block, Block::Total(..)), 300.0)
                        .into_iter()
                        .map(|l| (BODY, 15.0, matches!(block, Block::Total(..)), false, l))
                        .collect()
                }
                Block::Note(t) => {
                    wrap(t, 8.5, false, right - MARGIN).into_iter().map(|l| (8.5, 12.0, false, true, l)).collect()
                }
            };
            let needed: f32 =
                lines.iter().map(|l| l.1).sum::<f32>() + if matches!(block, Block::Total(..)) { 6.0 } else { 0.0 };
            if y - needed < bottom {
                pages.push(Page::default());
                y = PAGE_HEIGHT - MARGIN;
            }
            let Some(page) = pages.last_mut() else { continue };
            if matches!(block, Block::Total(..)) {
                y -= 6.0;
                page.rules.push(y);
            }
            for (i, (size, step, bold, grey, line)) in lines.iter().enumerate() {
                y -= step;
                page.texts.push(text(MARGIN, y, *size, *bold, *grey, line));
                if i == 0
                    && let Block::Row(_, value) | Block::Total(_, value) = block
                {
                    let w = width(value, *size, *bold);
                    page.texts.push(text(right - w, y, *size, *bold, false, value));
                }
            }
        }
        let total = pages.len();
        for (n, page) in pages.iter_mut().enumerate() {
            let number = format!("{}/{total}", n + 1);
            page.texts.push(text(MARGIN, MARGIN, 8.0, false, true, &self.footer));
            page.texts.push(text(right - width(&number, 8.0, false), MARGIN, 8.0, false, true, &number));
        }
        pages
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_end_at_the_right_margin_and_long_documents_break_pages() {
        let mut paper = Paper::new("Statement", "Escrow Desk");
        paper.push(Block::Title("Statement".into())).push(Block::Row("Price".into(), "289.500,00 kr.".into()));
        for i in 0..80 {
            paper.push(Block::Row(format!("Line {i}"), format!("{i},00 kr.")));
        }
        let pages = paper.pages();
        assert!(pages.len() >= 2);
        let price = pages[0].texts.iter().find(|t| t.text == "289.500,00 kr.").unwrap();
        assert!((price.x + width(&price.text, price.size, false) - (PAGE_WIDTH - MARGIN)).abs() < 0.01);
        assert!(pages.iter().flat_map(|p| &p.texts).all(|t| t.y >= MARGIN && t.x >= MARGIN));
        assert!(pages[1].texts.iter().any(|t| t.text == format!("2/{}", pages.len())));
    }
}
