//! `escrow logs tail`: the last lines of the app's log files, of one action or one call if asked,
//! and with `--follow` the new ones as they are written (across the daily file change).
//! Offline: reads the files only. With `--json`, one JSON object a line (`file`, `line`).

use super::ctx::Ctx;
use crate::args::tools::LogsTail;
use crate::exit::Failure;
use crate::log_files::{self, Filter};
use serde_json::json;
use std::collections::VecDeque;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How often `--follow` looks for new lines.
const POLL: Duration = Duration::from_millis(200);

pub fn tail(ctx: &Ctx, a: &LogsTail) -> Result<(), Failure> {
    let dir = match &a.dir {
        Some(dir) => dir.clone(),
        None => log_files::dir()?,
    };
    let filter = Filter { action: a.action.clone(), correlation: a.correlation.clone() };
    let files = log_files::files(&dir)?;
    if files.is_empty() && !a.follow {
        eprintln!("escrow: no log files in {}", dir.display());
        return Ok(());
    }
    // The last matches, reading back from the newest file until there are enough. `--follow`
    // goes on from where the newest file was read, so no line written meanwhile is missed.
    let mut last: VecDeque<(PathBuf, String)> = VecDeque::new();
    let mut newest_end = 0;
    for (i, file) in files.iter().rev().enumerate() {
        let (mut bytes, end) = read_from(file, 0)?;
        if i == 0 {
            // A line still being written is left to --follow, whole.
            let complete = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |n| n + 1);
            newest_end = end - (bytes.len() - complete) as u64;
            bytes.truncate(complete);
        }
        let text = String::from_utf8_lossy(&bytes);
        let matches: Vec<&str> = text.lines().filter(|l| filter.matches(l)).collect();
        for line in matches.iter().rev() {
            if last.len() >= a.lines {
                break;
            }
            last.push_front((file.clone(), (*line).to_owned()));
        }
        if last.len() >= a.lines {
            break;
        }
    }
    for (file, line) in &last {
        if !print(ctx, file, line)? {
            return Ok(());
        }
    }
    if a.follow { follow(ctx, &dir, &filter, files.last().cloned(), newest_end) } else { Ok(()) }
}

/// Prints the new lines of the newest file until stdout closes (or Ctrl+C).
fn follow(ctx: &Ctx, dir: &Path, filter: &Filter, mut current: Option<PathBuf>, from: u64) -> Result<(), Failure> {
    let mut offset = from;
    let mut partial: Vec<u8> = Vec::new();
    loop {
        if let Some(file) = &current {
            let (bytes, end) = read_from(file, offset)?;
            offset = end;
            partial.extend_from_slice(&bytes);
            while let Some(newline) = partial.iter().position(|b| *b == b'\n') {
                let raw: Vec<u8> = partial.drain(..=newline).collect();
                let line = String::from_utf8_lossy(&raw);
                let line = line.trim_end_matches(['\n', '\r']);
                if filter.matches(line) && !print(ctx, file, line)? {
                    return Ok(());
                }
            }
        }
        // A newer file (the next day's): finish with this one, then read that from its start.
        let newest = log_files::files(dir).ok().and_then(|f| f.last().cloned());
        if newest.is_some() && newest != current {
            current = newest;
            offset = 0;
            partial.clear();
            continue;
        }
        std::thread::sleep(POLL);
    }
}

/// The bytes of `file` from `offset`, and the offset after them. A file shorter than `offset`
/// was replaced: it is read from its start.
fn read_from(file: &Path, offset: u64) -> Result<(Vec<u8>, u64), Failure> {
    let cannot = |e: std::io::Error| Failure::local(format!("cannot read {}: {e}", file.display()));
    let mut f = std::fs::File::open(file).map_err(cannot)?;
    let len = f.metadata().map_err(cannot)?.len();
    let start = if len < offset { 0 } else { offset };
    f.seek(SeekFrom::Start(start)).map_err(cannot)?;
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes).map_err(cannot)?;
    let end = start + bytes.len() as u64;
    Ok((bytes, end))
}

/// One line out; `false` when stdout is closed (`escrow logs tail -f | head`).
fn print(ctx: &Ctx, file: &Path, line: &str) -> Result<bool, Failure> {
    let text = if ctx.json {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        format!("{}\n", json!({ "file": name, "line": line }))
    } else {
        format!("{line}\n")
    };
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Failure::local(format!("writing the output: {e}"))),
    }
}
