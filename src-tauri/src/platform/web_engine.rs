//! Settings of the web engine (WebKitGTK) that must be in the environment before the first
//! thread starts: the web process inherits them from the app when WebKit spawns it. Each is
//! a default only; a value the user already set wins (to turn a feature back on, say).

/// What `make bench` measured each default saves (release build, 10,000-row list).
const DEFAULTS: &[(&str, &str)] = &[
    // A table-and-forms app gains nothing from accelerated compositing, and it roughly
    // doubles the web process's memory (225 → 122 MB PSS).
    ("WEBKIT_DISABLE_COMPOSITING_MODE", "1"),
    // JavaScriptCore without its JIT compilers: the UI's script mostly waits on IPC and the
    // DOM, and the JIT's code and profiling data held ~55 MB more of the web process's own
    // memory after paging through 10,000 rows; cold start did not change. No writable and
    // executable memory in the web process either.
    ("JSC_useJIT", "0"),
];

/// The defaults not already set, given how to read the environment.
pub fn missing_defaults(get: impl Fn(&str) -> Option<std::ffi::OsString>) -> Vec<(&'static str, &'static str)> {
    DEFAULTS.iter().copied().filter(|(name, _)| get(name).is_none()).collect()
}

/// Sets the defaults the environment lacks.
///
/// # Safety
/// Call first thing in `main`, before any other thread exists (`std::env::set_var`).
pub unsafe fn apply_defaults() {
    for (name, value) in missing_defaults(|n| std::env::var_os(n)) {
        // SAFETY: the caller guarantees no other thread exists yet.
        unsafe { std::env::set_var(name, value) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    #[test]
    fn sets_every_default_when_nothing_is_set() {
        let set = missing_defaults(|_| None);
        assert!(set.contains(&("WEBKIT_DISABLE_COMPOSITING_MODE", "1")));
        assert!(set.contains(&("JSC_useJIT", "0")));
    }

    #[test]
    fn a_value_the_user_set_wins() {
        let set = missing_defaults(|n| (n == "JSC_useJIT").then(|| OsString::from("1")));
        assert!(!set.iter().any(|(n, _)| *n == "JSC_useJIT"));
        assert!(set.iter().any(|(n, _)| *n == "WEBKIT_DISABLE_COMPOSITING_MODE"));
    }
}
