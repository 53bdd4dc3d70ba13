//! The app's processes as /proc shows them: who descends from whom, and their memory.

use std::collections::HashMap;
use std::path::Path;

fn parents() -> HashMap<u32, u32> {
    let mut parents = HashMap::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        let Some((_, rest)) = stat.rsplit_once(") ") else { continue };
        if let Some(ppid) = rest.split_whitespace().nth(1).and_then(|p| p.parse::<u32>().ok()) {
            parents.insert(pid, ppid);
        }
    }
    parents
}

/// Pids of `root`'s descendants (all generations).
pub fn descendants(root: u32) -> Vec<u32> {
    let parents = parents();
    let descends = |mut pid: u32| {
        while let Some(&p) = parents.get(&pid) {
            if p == root {
                return true;
            }
            if p <= 1 {
                return false;
            }
            pid = p;
        }
        false
    };
    parents.keys().copied().filter(|&pid| descends(pid)).collect()
}

/// Pids of `root`'s descendants running `binary`.
pub fn app_pids(root: u32, binary: &Path) -> Vec<u32> {
    descendants(root)
        .into_iter()
        .filter(|&pid| std::fs::read_link(format!("/proc/{pid}/exe")).is_ok_and(|e| e == binary))
        .collect()
}

fn status_kb(path: &str, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines().find(|l| l.starts_with(field)).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok())
}

/// Resident memory (kB) of a process and all its descendants (the app and its WebKit processes).
pub fn tree_rss_kb(pid: u32) -> u64 {
    std::iter::once(pid).chain(descendants(pid)).filter_map(|p| status_kb(&format!("/proc/{p}/status"), "VmRSS:")).sum()
}

/// Proportional set size (kB) of a process and its descendants: shared pages (the WebKit
/// libraries mapped by every WebKit process) are counted once across the tree, not once
/// per process as RSS does.
pub fn tree_pss_kb(pid: u32) -> u64 {
    std::iter::once(pid)
        .chain(descendants(pid))
        .filter_map(|p| status_kb(&format!("/proc/{p}/smaps_rollup"), "Pss:"))
        .sum()
}

/// Anonymous PSS (kB) of a process and its descendants: what the processes allocated
/// themselves (heaps, JIT code), without the file-backed pages of the shared libraries,
/// which the kernel drops and reads again as the rest of the machine needs memory.
pub fn tree_anon_pss_kb(pid: u32) -> u64 {
    std::iter::once(pid)
        .chain(descendants(pid))
        .filter_map(|p| status_kb(&format!("/proc/{p}/smaps_rollup"), "Pss_Anon:"))
        .sum()
}

/// PSS (kB) of one process alone.
pub fn pss_kb(pid: u32) -> u64 {
    status_kb(&format!("/proc/{pid}/smaps_rollup"), "Pss:").unwrap_or(0)
}

/// Anonymous PSS (kB) of one process (see [`tree_anon_pss_kb`]). Unlike the file-backed part
/// of PSS it does not shrink when other processes (another app window elsewhere on the
/// machine) map the same libraries, so it compares runs on a busy machine.
pub fn pss_anon_kb(pid: u32) -> u64 {
    status_kb(&format!("/proc/{pid}/smaps_rollup"), "Pss_Anon:").unwrap_or(0)
}

/// SIGKILLs `pids` (already gone is fine).
pub fn kill_all(pids: &[u32]) {
    for pid in pids {
        let _ = std::process::Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .stderr(std::process::Stdio::null())
            .status();
    }
}

/// How long ago a process started, in ms (10 ms steps: the kernel counts a process's start
/// and its own uptime in clock ticks since boot, so both come from the same clock).
pub fn age_ms(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command's closing parenthesis start at field 3; starttime is field 22.
    let ticks: f64 = stat.rsplit_once(") ")?.1.split_whitespace().nth(19)?.parse().ok()?;
    let uptime: f64 = std::fs::read_to_string("/proc/uptime").ok()?.split_whitespace().next()?.parse().ok()?;
    // USER_HZ is 100 on every Linux ABI this runs on (the value /proc reports in).
    Some((uptime - ticks / 100.0) * 1000.0)
}
