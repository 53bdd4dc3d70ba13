//! Shell completions and manual pages, generated from the command line's own definitions so
//! they never drift from it: `escrow completions SHELL`, and the hidden
//! `escrow __generate-docs DIR` the package build runs.

use crate::args::tools::GenerateDocs;
use crate::args::{Cli, EXAMPLE, EXIT_CODES, KEY_SOURCES};
use crate::exit::Failure;
use crate::output;
use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::roff::{Roff, bold, italic, roman};
use std::path::Path;

/// The completion script for `shell`, as text.
pub fn completion_script(shell: Shell) -> String {
    let mut cmd = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "escrow", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// `escrow completions SHELL`: the script on stdout.
pub fn completions(shell: Shell) -> Result<(), Failure> {
    output::emit(&completion_script(shell))
}

/// Writes `DIR/man1/escrow.1` and one page per subcommand (`escrow-transactions-list.1`, …),
/// and `DIR/completions/{escrow.bash,_escrow,escrow.fish}`.
pub fn generate(a: &GenerateDocs) -> Result<(), Failure> {
    let man = a.dir.join("man1");
    let completions = a.dir.join("completions");
    for dir in [&man, &completions] {
        std::fs::create_dir_all(dir).map_err(|e| Failure::local(format!("cannot create {}: {e}", dir.display())))?;
    }
    clap_mangen::generate_to(Cli::command(), &man).map_err(|e| written(&man, &e))?;
    // The top page again, with the sections of `escrow --help`'s epilogue as real sections.
    let top = man.join("escrow.1");
    std::fs::write(&top, top_page().map_err(|e| written(&top, &e))?).map_err(|e| written(&top, &e))?;
    for (shell, file) in [(Shell::Bash, "escrow.bash"), (Shell::Zsh, "_escrow"), (Shell::Fish, "escrow.fish")] {
        let path = completions.join(file);
        std::fs::write(&path, completion_script(shell)).map_err(|e| written(&path, &e))?;
    }
    let shown = a.dir.display();
    eprintln!("escrow: manual pages in {shown}/man1, completions in {shown}/completions");
    Ok(())
}

/// `escrow(1)`: clap's sections, then API KEY, EXIT STATUS, EXAMPLE and SEE ALSO written from
/// the same texts as `escrow --help`.
pub fn top_page() -> std::io::Result<Vec<u8>> {
    let page = clap_mangen::Man::new(Cli::command());
    let mut out = Vec::new();
    page.render_title(&mut out)?;
    page.render_name_section(&mut out)?;
    page.render_synopsis_section(&mut out)?;
    page.render_description_section(&mut out)?;
    page.render_options_section(&mut out)?;
    page.render_subcommands_section(&mut out)?;
    let mut roff = Roff::new();
    roff.control("SH", ["API KEY"]).text([roman(body_of(KEY_SOURCES).join(" "))]);
    roff.control("SH", ["EXIT STATUS"]);
    for line in body_of(EXIT_CODES) {
        if let Some((code, meaning)) = line.split_once(' ') {
            roff.control("TP", [] as [&str; 0]).text([bold(code)]).text([roman(meaning.trim())]);
        }
    }
    roff.control("SH", ["EXAMPLE"]).control("nf", [] as [&str; 0]);
    for line in body_of(EXAMPLE) {
        roff.text([roman(line)]);
    }
    roff.control("fi", [] as [&str; 0]);
    roff.control("SH", ["SHELL COMPLETION"]).text([
        roman("Scripts for bash, zsh and fish are installed with the package; "),
        bold("escrow completions"),
        roman(" "),
        italic("SHELL"),
        roman(" prints one."),
    ]);
    roff.control("SH", ["SEE ALSO"]).text([
        bold("escrow-desk"),
        roman("(1), "),
        bold("escrow-transactions"),
        roman("(1)"),
    ]);
    roff.to_writer(&mut out)?;
    page.render_version_section(&mut out)?;
    Ok(out)
}

/// The lines of a help epilogue after its heading line, trimmed.
fn body_of(text: &str) -> Vec<&str> {
    text.lines().skip(1).map(str::trim).filter(|l| !l.is_empty()).collect()
}

fn written(what: &Path, e: &std::io::Error) -> Failure {
    Failure::local(format!("writing {}: {e}", what.display()))
}
