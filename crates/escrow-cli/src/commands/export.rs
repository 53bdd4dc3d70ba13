//! `escrow transactions export --out FILE.csv`: every matching transaction through the
//! client's export stream, written to a temporary file next to FILE and renamed into place
//! only when complete (an existing FILE is never touched without `--force`).

use super::ctx::Ctx;
use crate::args;
use crate::csv;
use crate::exit::Failure;
use crate::output;
use escrow_api::export::{ExportOptions, ExportProgress};
use escrow_api::{Client, ListTransactions};
use futures::StreamExt;
use serde_json::json;
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

pub async fn run(client: &Client, ctx: &Ctx, a: args::Export) -> Result<(), Failure> {
    if a.out.is_dir() {
        return Err(Failure::usage(format!(
            "{} is a folder: give a file name, e.g. --out transactions.csv",
            a.out.display()
        )));
    }
    if a.out.exists() && !a.force {
        return Err(Failure::usage(format!(
            "{} exists: choose another file or add --force to replace it",
            a.out.display()
        )));
    }
    let query = ListTransactions { search: a.filter.search, reference_id: a.filter.reference, ..Default::default() };
    let mut partial = Partial::create(&a.out)?;
    let exported = tokio::select! {
        result = write_all(client, &query, &mut partial) => result?,
        _ = tokio::signal::ctrl_c() => return Err(Failure::Interrupted),
    };
    partial.commit(a.force)?;
    if ctx.json {
        return output::emit_json(&json!({ "file": a.out.display().to_string(), "rows": exported }));
    }
    output::emit(&format!("Exported {exported} transactions to {}\n", a.out.display()))
}

/// Streams every row into `partial`; the number of rows written.
async fn write_all(client: &Client, query: &ListTransactions, partial: &mut Partial) -> Result<u64, Failure> {
    let bar = std::io::stderr().is_terminal();
    let stream = client.transactions().export(query, ExportOptions::default(), move |p| {
        if bar {
            draw(p)
        }
    });
    futures::pin_mut!(stream);
    partial.write(&csv::header())?;
    let mut rows = 0u64;
    let result = async {
        while let Some(item) = stream.next().await {
            partial.write(&csv::row(&item?))?;
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

/// A temporary file next to the target, removed unless committed.
struct Partial {
    target: PathBuf,
    path: PathBuf,
    file: Option<BufWriter<File>>,
}

impl Partial {
    fn create(target: &Path) -> Result<Self, Failure> {
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "export.csv".into());
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let path = dir.join(format!(".{name}.{}.partial", uuid::Uuid::new_v4()));
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| Failure::local(format!("cannot write in {}: {e}", dir.display())))?;
        Ok(Self { target: target.to_path_buf(), path, file: Some(BufWriter::new(file)) })
    }

    fn write(&mut self, text: &str) -> Result<(), Failure> {
        let file = self.file.as_mut().ok_or_else(|| Failure::local("the export file is closed"))?;
        file.write_all(text.as_bytes()).map_err(|e| Failure::local(format!("writing {}: {e}", self.path.display())))
    }

    /// Flushes to disk and renames into place; without `force`, only if the target still does not exist.
    fn commit(mut self, force: bool) -> Result<(), Failure> {
        let writer = self.file.take().ok_or_else(|| Failure::local("the export file is closed"))?;
        let file = writer
            .into_inner()
            .map_err(|e| Failure::local(format!("writing {}: {}", self.path.display(), e.error())))?;
        file.sync_all().map_err(|e| Failure::local(format!("writing {}: {e}", self.path.display())))?;
        drop(file);
        if !force && self.target.exists() {
            return Err(Failure::usage(format!(
                "{} appeared during the export: add --force to replace it",
                self.target.display()
            )));
        }
        std::fs::rename(&self.path, &self.target)
            .map_err(|e| Failure::local(format!("cannot move the export to {}: {e}", self.target.display())))
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        self.file.take();
        let _ = std::fs::remove_file(&self.path);
    }
}
