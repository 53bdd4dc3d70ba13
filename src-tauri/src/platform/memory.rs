//! Keeps the app's own heap small: two malloc arenas rather than one per thread, and freed
//! memory handed back to the OS at idle moments. glibc's allocator keeps the pages
//! of freed blocks inside its heaps (every thread's arena) for reuse, so the app's memory
//! stays at its peak after big work — a mirror sync, an export — until something asks it
//! to trim. Measured with the release build on the demo data: 41.5 → 38.1 MB of anonymous
//! memory when idle; after big work the difference is the size of that work.

/// At most two malloc arenas. glibc gives each new thread that allocates an arena of its own
/// (up to 8 per core), so garbage of work spread over tokio's blocking pool (the mirror's
/// reads and writes) stays behind in many heaps: the lead measured the app at 230–290 MB after
/// a 100,000-row sync, 196 MB with two arenas. Idle on the app bench it changed nothing.
///
/// # Safety
/// Call first thing in `main`, before any other thread exists.
pub unsafe fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallopt with a valid parameter; the caller guarantees a single thread.
        unsafe { libc::mallopt(libc::M_ARENA_MAX, 2) };
    }
}

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
    /// The number of malloc arenas (`<heap nr=…>` in glibc's malloc_info report).
    fn arenas() -> usize {
        let mut buf: *mut libc::c_char = std::ptr::null_mut();
        let mut len: libc::size_t = 0;
        // SAFETY: open_memstream allocates the buffer; fclose flushes it; it is freed below.
        let text = unsafe {
            let stream = libc::open_memstream(&mut buf, &mut len);
            assert!(!stream.is_null());
            assert_eq!(libc::malloc_info(0, stream), 0);
            libc::fclose(stream);
            let text = std::slice::from_raw_parts(buf as *const u8, len).to_vec();
            libc::free(buf.cast());
            text
        };
        String::from_utf8_lossy(&text).matches("<heap nr=").count()
    }

    #[test]
    fn no_new_arena_after_the_limit() {
        // SAFETY: mallopt is thread-safe in glibc; other tests' threads only allocate.
        unsafe { super::limit_arenas() };
        let before = arenas();
        let start = std::sync::Arc::new(std::sync::Barrier::new(8));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let start = start.clone();
                std::thread::spawn(move || {
                    let held: Vec<Vec<u8>> = (0..256).map(|i| vec![i as u8; 512]).collect();
                    start.wait(); // all eight hold memory at once
                    held.len()
                })
            })
            .collect();
        let after_spawn: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
        assert_eq!(after_spawn, 8 * 256);
        let after = arenas();
        assert!(after <= before.max(2), "arenas {before} → {after}");
    }

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
