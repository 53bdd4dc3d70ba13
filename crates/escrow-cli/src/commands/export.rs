//! `escrow transactions export --out FILE`: every matching transaction through the client's
//! export stream, written by the desk's own export writer (`desk-export`): `FILE.xlsx` is an
//! Excel workbook, anything else CSV in the convention of the language (`--lang`, or the OS's:
//! Danish is `;` with decimal commas). The file is written beside FILE and renamed into place
//! only when complete (an existing FILE is never touched without `--force`).

use super::ctx::Ctx;
use crate::args;
use crate::exit::Failure;
use crate::output;
use desk_export::{Format, SheetFile, transactions};
use escrow_api::export::{ExportOptions, ExportProgress};
use escrow_api::{Client, ListTransactions};
use futures::StreamExt;
use serde_json::json;
use std::io::{IsTerminal, Write};

pub async fn run(client: &Client, ctx: &Ctx, a: args::Export) -> Result<(), Failure> {
    if a.out.is_dir() {
        return Err(Failure::usage(format!(
            "{} is a folder: give a file name, e.g. --out transactions.xlsx",
            a.out.display()
        )));
    }
    if a.out.exists() && !a.force {
        return Err(Failure::usage(format!(
            "{} exists: choose another file or add --force to replace it",
            a.out.display()
        )));
    }
    let da = match a.lang {
        Some(args::LangArg::Da) => true,
        Some(args::LangArg::En) => false,
        None => system_danish(),
    };
    let format = Format::of_path(&a.out, da);
    let written = |e: desk_export::ExportError| Failure::local(format!("writing {}: {e}", a.out.display()));
    let mut file =
        SheetFile::create(&a.out, format, &transactions::COLUMNS, transactions::sheet_name(da)).map_err(written)?;
    let query = ListTransactions { search: a.filter.search, reference_id: a.filter.reference, ..Default::default() };
    // Interrupted, the unfinished file is dropped, which removes it.
    let people = matches!(format, Format::Xlsx { .. }).then_some(da);
    let exported = tokio::select! {
        result = write_all(client, &query, &mut file, people) => result?,
        _ = tokio::signal::ctrl_c() => return Err(Failure::Interrupted),
    };
    if a.out.exists() && !a.force {
        return Err(Failure::usage(format!(
            "{} appeared during the export: add --force to replace it",
            a.out.display()
        )));
    }
    file.finish().map_err(written)?;
    if ctx.json {
        return output::emit_json(&json!({ "file": a.out.display().to_string(), "rows": exported }));
    }
    output::emit(&format!("Exported {exported} transactions to {}\n", a.out.display()))
}

/// Whether the OS asks for Danish (`LC_ALL`, `LC_MESSAGES`, `LANG`, first set wins), as the app.
fn system_danish() -> bool {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
        .is_some_and(|l| l.starts_with("da"))
}

/// Streams every row into `file` (`people`: a workbook's words in Danish or English); the number
/// of rows written.
async fn write_all(
    client: &Client,
    query: &ListTransactions,
    file: &mut SheetFile,
    people: Option<bool>,
) -> Result<u64, Failure> {
    let bar = std::io::stderr().is_terminal();
    let stream = client.transactions().export(query, ExportOptions::default(), move |p| {
        if bar {
            draw(p)
        }
    });
    futures::pin_mut!(stream);
    let mut rows = 0u64;
    let result = async {
        while let Some(item) = stream.next().await {
            let item = item?;
            let row = match people {
                Some(da) => transactions::cells_for_people(&item, da),
                None => transactions::cells(&item),
            };
            file.row(&row).map_err(|e| Failure::local(format!("writing the export: {e}")))?;
            rows += 1;
        }
        Ok(rows)
    }
    .await;
    if bar {
        eprintln!();
    }
    result
}

/// `\r[#####.....] 120/512 transactions` on stderr.
fn draw(p: ExportProgress) {
    const WIDTH: u64 = 30;
    let filled = (p.fetched.saturating_mul(WIDTH)).checked_div(p.total).unwrap_or(WIDTH).min(WIDTH) as usize;
    let bar = format!("{}{}", "#".repeat(filled), ".".repeat(WIDTH as usize - filled));
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\r[{bar}] {}/{} transactions", p.fetched, p.total);
    let _ = err.flush();
}
