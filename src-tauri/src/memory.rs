//! Hands freed memory back to the OS at idle moments. glibc's allocator keeps the pages
//! of freed blocks inside its heaps (every thread's arena) for reuse, so the app's memory
//! stays at its peak after big work — a mirror sync, an export — until something asks it
//! to trim. Measured with the release build on the demo data: 41.5 → 38.1 MB of anonymous
//! memory when idle; after big work the difference is the size of that work.

/// Gives the free pages of every heap back to the OS (a few milliseconds). Answers whether
/// anything was released. Elsewhere than glibc this does nothing.
pub fn trim() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: malloc_trim takes a byte count to keep and touches only free blocks.
        unsafe { libc::malloc_trim(0) == 1 }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        false
    }
}

/// Trims when the main window loses focus: the user has turned to something else.
pub fn on_window_event(event: &tauri::WindowEvent) {
    if let tauri::WindowEvent::Focused(false) = event {
        trim();
    }
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    /// Resident memory of this process, in kB.
    fn rss_kb() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    #[test]
    fn trim_gives_freed_pages_back() {
        // 48 MB in small blocks, then every block freed but one in 64: the heap keeps its
        // size (the survivors pin it), its free pages stay resident until trimmed.
        let mut blocks: Vec<Vec<u8>> = (0..48 * 1024).map(|i| vec![(i % 251) as u8; 1000]).collect();
        let mut kept = Vec::new();
        for (i, b) in blocks.drain(..).enumerate() {
            if i % 64 == 0 {
                kept.push(b);
            }
        }
        let before = rss_kb();
        assert!(super::trim(), "nothing was released");
        let after = rss_kb();
        assert!(before - after > 20 * 1024, "RSS {before} → {after} kB");
        assert_eq!(kept.len(), 768);
    }
}
