//! What a PDF reader gets out of a document: `pdftotext` (poppler, installed by the set-up)
//! reads back every line, Danish letters and the euro sign included, and both pages.

use desk_paper::{Block, Paper};
use std::process::Command;

#[test]
fn a_reader_extracts_every_line() {
    let mut paper = Paper::new("Afregningsopgørelse", "Bilhuset Ærø A/S · Escrow Desk");
    paper
        .push(Block::Title("Afregningsopgørelse".into()))
        .push(Block::Subtitle("Udstedt 27-11-2026".into()))
        .push(Block::Heading("Køretøj".into()))
        .push(Block::Row("Nummerplade".into(), "EV 48 213".into()))
        .push(Block::Total("Sælger modtager".into(), "1.234,56 €".into()));
    for i in 0..60 {
        paper.push(Block::Row(format!("Linje {i}"), format!("{i},00 kr.")));
    }
    paper.push(Block::Note("Beløbene er afrundet til hele øre efter reglen om halve op væk fra nul.".into()));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.pdf");
    std::fs::write(&path, paper.to_pdf()).unwrap();
    let out = Command::new("pdftotext").args(["-layout", "-enc", "UTF-8"]).arg(&path).arg("-").output();
    let out = out.expect("pdftotext (poppler-utils) is installed by scripts/setup-system.sh");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "Afregningsopgørelse",
        "Udstedt 27-11-2026",
        "Køretøj",
        "EV 48 213",
        "1.234,56 €",
        "Linje 59",
        "halve op væk fra nul",
    ] {
        assert!(text.contains(line), "{line:?} not in:\n{text}");
    }
    let sold = text.lines().find(|l| l.contains("Sælger modtager")).unwrap();
    assert!(sold.trim_end().ends_with("1.234,56 €"), "the figure on the label's line: {sold}");
    assert_eq!(text.matches("Bilhuset Ærø A/S").count(), 2, "the footer on both pages");
    assert!(text.contains("2/2"));
}
