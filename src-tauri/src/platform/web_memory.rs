//! WebKit's own processes hand freed memory back to the OS on a budget.
//!
//! Much of what the web process frees (GLib, cairo, fontconfig, its IPC buffers) goes back to
//! glibc's malloc, which keeps the pages until someone calls `malloc_trim`. WebKit does so
//! when its memory-pressure monitor finds the process above a budget, but the default budget
//! is a third of min(RAM, 3 GB): an app like this never reaches it, so everything freed after
//! a morning of paging stayed in the web process for good (16 MB measured with gdb). The
//! budget is WebKitGTK's `memory-pressure-settings`, which can only be given when the web
//! context is built, and wry builds that context without one. So the constructor of
//! `WebKitWebContext` is wrapped, the GObject way a subclass overrides it, to add these
//! settings when the caller gave none. The network process gets the same settings through
//! WebKit's own call for it.

use std::ffi::OsStr;

/// Turns the budget off (`off`) or sets it: `LIMIT_MB,CONSERVATIVE,STRICT,POLL_SECONDS`.
pub const VARIABLE: &str = "ESCROW_DESK_WEB_MEMORY";

/// WebKit's memory-pressure settings, in its own terms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// The memory limit in MB the fractions below are taken of.
    pub limit_mb: u32,
    /// Above this fraction: release caches and trim the heap (nothing visible is dropped).
    pub conservative: f64,
    /// Above this fraction: also collect garbage and drop compiled JavaScript.
    pub strict: f64,
    /// Seconds between two looks at the process's own dirty memory.
    pub poll_seconds: f64,
}

/// The budget unless `ESCROW_DESK_WEB_MEMORY` says otherwise. WebKit measures a process's
/// private dirty memory; the web process idles at 40–60 MB of it, so the conservative mark
/// (32 MB) makes each look end in a trim, and the strict one (192 MB) is reached only by a
/// page that really holds that much. Never killed (no kill threshold).
pub const DEFAULT: Budget = Budget { limit_mb: 256, conservative: 0.125, strict: 0.75, poll_seconds: 5.0 };

/// What to apply, given the variable's value: `Ok(None)` is off; an unreadable value is an
/// error carrying the reason (the caller keeps the default and logs it).
pub fn decide(value: Option<&OsStr>) -> Result<Option<Budget>, String> {
    let Some(value) = value else { return Ok(Some(DEFAULT)) };
    let text = value.to_str().ok_or("not UTF-8")?.trim();
    if text.eq_ignore_ascii_case("off") || text == "0" {
        return Ok(None);
    }
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [limit, conservative, strict, poll] = parts.as_slice() else {
        return Err(format!("expected off or LIMIT_MB,CONSERVATIVE,STRICT,POLL_SECONDS, got {text:?}"));
    };
    let budget = Budget {
        limit_mb: limit.parse().map_err(|_| format!("limit {limit:?} is not a whole number of MB"))?,
        conservative: conservative.parse().map_err(|_| format!("conservative {conservative:?} is not a number"))?,
        strict: strict.parse().map_err(|_| format!("strict {strict:?} is not a number"))?,
        poll_seconds: poll.parse().map_err(|_| format!("poll {poll:?} is not a number"))?,
    };
    // WebKit's own rules (it ignores a setter whose value breaks them).
    let fractions_ok = 0.0 < budget.conservative && budget.conservative < budget.strict && budget.strict < 1.0;
    if budget.limit_mb == 0 || !fractions_ok || budget.poll_seconds.is_nan() || budget.poll_seconds <= 0.0 {
        return Err(format!("needs a limit above 0, 0 < conservative < strict < 1 and a poll above 0, got {text:?}"));
    }
    Ok(Some(budget))
}

/// What `install` did, for the start-up log (logging starts later).
static DECIDED: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// What this process decided at start, if it got that far.
pub fn decided() -> Option<&'static str> {
    DECIDED.get().map(String::as_str)
}

/// Web contexts built with the budget (the window's: 1; 0 when off or not WebKitGTK).
static BUDGETED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// One line for the diagnostics: the budget and whether the window's web context got it.
pub fn summary() -> String {
    let contexts = BUDGETED.load(std::sync::atomic::Ordering::Relaxed);
    format!("{}; web contexts with it: {contexts}", decided().unwrap_or("not set up"))
}

/// Gives every web context built from now on, and the network process, the budget.
///
/// # Safety
/// Call on the main thread in `main`, before Tauri builds its window (no web context and no
/// network process may exist yet).
pub unsafe fn install() {
    let decision = match decide(std::env::var_os(VARIABLE).as_deref()) {
        Ok(Some(budget)) => apply(budget, String::new()),
        Ok(None) => format!("off ({VARIABLE})"),
        Err(why) => apply(DEFAULT, format!(" ({VARIABLE} ignored: {why})")),
    };
    let _ = DECIDED.set(decision);
}

#[cfg(target_os = "linux")]
fn apply(budget: Budget, note: String) -> String {
    // SAFETY: the caller's promise (main thread, before any web context).
    unsafe { hook::install(budget) };
    let Budget { limit_mb, conservative, strict, poll_seconds } = budget;
    format!(
        "{limit_mb} MB, trim above {:.0} MB, collect above {:.0} MB, every {poll_seconds} s{note}",
        f64::from(limit_mb) * conservative,
        f64::from(limit_mb) * strict
    )
}

#[cfg(not(target_os = "linux"))]
fn apply(_budget: Budget, _note: String) -> String {
    "not WebKitGTK".to_owned()
}

#[cfg(target_os = "linux")]
mod hook {
    use super::Budget;
    use std::ffi::{CStr, c_uint, c_void};
    use std::sync::OnceLock;
    use webkit2gtk::ffi as wk;
    use webkit2gtk::glib::ffi::GType;
    use webkit2gtk::glib::gobject_ffi as gobject;

    type Constructor =
        unsafe extern "C" fn(GType, c_uint, *mut gobject::GObjectConstructParam) -> *mut gobject::GObject;

    /// The constructor WebKitWebContext had before ours.
    static CHAINED: OnceLock<Constructor> = OnceLock::new();
    /// The settings (a WebKit boxed value, kept for the life of the process), as an address.
    static SETTINGS: OnceLock<usize> = OnceLock::new();

    /// # Safety
    /// Main thread, before any web context exists.
    pub unsafe fn install(budget: Budget) {
        // SAFETY: plain calls into WebKit's C API with a settings object it made; the class
        // pointer is WebKitWebContext's (a GObject class, so it starts with GObjectClass), kept
        // referenced for good; the caller guarantees no other thread builds a context meanwhile.
        unsafe {
            let settings = wk::webkit_memory_pressure_settings_new();
            // Strict before conservative: WebKit checks each against the other.
            wk::webkit_memory_pressure_settings_set_memory_limit(settings, budget.limit_mb);
            wk::webkit_memory_pressure_settings_set_strict_threshold(settings, budget.strict);
            wk::webkit_memory_pressure_settings_set_conservative_threshold(settings, budget.conservative);
            wk::webkit_memory_pressure_settings_set_poll_interval(settings, budget.poll_seconds);
            wk::webkit_website_data_manager_set_memory_pressure_settings(settings);
            let class = gobject::g_type_class_ref(wk::webkit_web_context_get_type()) as *mut gobject::GObjectClass;
            let Some(chained) = (*class).constructor else { return };
            if SETTINGS.set(settings as usize).is_err() || CHAINED.set(chained).is_err() {
                return; // installed before
            }
            (*class).constructor = Some(construct_with_budget);
        }
    }

    /// WebKitWebContext's constructor with the budget filled in when the caller gave none.
    unsafe extern "C" fn construct_with_budget(
        type_: GType,
        count: c_uint,
        params: *mut gobject::GObjectConstructParam,
    ) -> *mut gobject::GObject {
        if let Some(&settings) = SETTINGS.get() {
            for i in 0..count as usize {
                // SAFETY: GObject passes `count` construct parameters, each with a live pspec
                // and value; setting a boxed value copies it (the value owns the copy).
                unsafe {
                    let param = &*params.add(i);
                    let name = CStr::from_ptr(gobject::g_param_spec_get_name(param.pspec));
                    if name == c"memory-pressure-settings" && gobject::g_value_get_boxed(param.value).is_null() {
                        gobject::g_value_set_boxed(param.value, settings as *const c_void);
                        super::BUDGETED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            }
        }
        let chained = CHAINED.get().copied();
        match chained {
            // SAFETY: the class's own constructor, with GObject's arguments unchanged.
            Some(chained) => unsafe { chained(type_, count, params) },
            // Unreachable: ours is set only after CHAINED.
            None => std::ptr::null_mut(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    fn decide_text(text: &str) -> Result<Option<Budget>, String> {
        decide(Some(&OsString::from(text)))
    }

    #[test]
    fn the_default_without_the_variable() {
        assert_eq!(decide(None), Ok(Some(DEFAULT)));
    }

    #[test]
    fn off_turns_it_off() {
        assert_eq!(decide_text("off"), Ok(None));
        assert_eq!(decide_text("0"), Ok(None));
    }

    #[test]
    fn a_full_budget_is_read() {
        let budget = decide_text("300, 0.2, 0.6, 10").unwrap().unwrap();
        assert_eq!(budget, Budget { limit_mb: 300, conservative: 0.2, strict: 0.6, poll_seconds: 10.0 });
    }

    #[test]
    fn a_budget_webkit_would_refuse_is_an_error() {
        for bad in ["", "256", "256,0.5,0.4,5", "256,0,0.5,5", "256,0.2,1,5", "0,0.2,0.5,5", "256,0.2,0.5,0", "a,b,c,d"]
        {
            assert!(decide_text(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn the_default_obeys_webkits_rules() {
        let text = format!("{},{},{},{}", DEFAULT.limit_mb, DEFAULT.conservative, DEFAULT.strict, DEFAULT.poll_seconds);
        assert_eq!(decide_text(&text), Ok(Some(DEFAULT)));
    }
}
