//! Process-wide SQLite settings, made before the sandbox opens its first connection.
//!
//! Why: by default SQLite keeps memory statistics, which puts one process-wide mutex around
//! every allocation. FTS5 allocates for every match it walks, so two threads counting on two
//! connections spent their time queueing on that mutex: the two halves of a 17 ms count took
//! 22 ms in parallel, 8.4 ms with the statistics off. The sandbox reads no memory statistics
//! (and sets no soft heap limit, which needs them).

use rusqlite::ffi;
use std::sync::OnceLock;

/// Turns SQLite's memory statistics off, if SQLite is not yet initialized in this process;
/// otherwise (another part of the process opened a database first) SQLite refuses the
/// setting and keeps its own. Idempotent.
pub(crate) fn memstatus_off() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        // SAFETY: MEMSTATUS takes exactly one int argument. `sqlite3_config` must not run
        // while another thread calls into SQLite: it runs once (OnceLock), from `Db::open`
        // before the sandbox's first connection. Should another part of the process open a
        // database at that very moment, the call only stores one flag that SQLite reads once
        // per allocation, or returns SQLITE_MISUSE without effect if SQLite is initialized.
        let rc = unsafe { ffi::sqlite3_config(ffi::SQLITE_CONFIG_MEMSTATUS, 0 as std::ffi::c_int) };
        tracing::debug!(rc, "SQLite memory statistics off (0: done, else SQLite was initialized already)");
    });
}

/// Whether SQLite keeps no memory statistics (so parallel reads do not queue on its
/// allocator). Only meaningful while a connection is open: with statistics on, SQLite's
/// count of memory in use is above zero then.
pub(crate) fn parallel_reads_pay() -> bool {
    // SAFETY: `sqlite3_memory_used` takes no arguments and is thread-safe.
    unsafe { ffi::sqlite3_memory_used() == 0 }
}
