//! The app's own process (WebKit's UI process) without an OpenGL driver.
//!
//! With compositing off (`web_engine`), the window shows the web process's frames through
//! cairo and never draws with OpenGL. Two things still load Mesa's driver, and with it libLLVM,
//! into this process at start: GDK opening the X display (it asks GLX for visuals) and
//! WebKit's UI side opening an EGL display (a probe for GPU buffer sharing). Together ~23 MB
//! of this process's memory (relocated data, static constructors, code) and a few ms of start.
//! GDK is told so through its own switch (`GDK_GL=disable`). The web process needs its EGL
//! display (it aborts without one), so EGL is taken from this process only: libglvnd reads its
//! list of EGL vendors once, on the first EGL call of a process; that call is made here with
//! the list pointed at nothing, and the variable is put back before any web process can
//! inherit it. (`GDK_GL` does reach the web process, which opens no GDK display.)

/// libglvnd's list of vendor files, read once per process.
const VENDOR_FILES: &str = "__EGL_VENDOR_LIBRARY_FILENAMES";
/// libglvnd's folders of vendor files (a user who sets either chose their own EGL).
const VENDOR_DIRS: &str = "__EGL_VENDOR_LIBRARY_DIRS";
/// GDK's OpenGL switch (`disable`: no GLX at display open, no GL contexts).
#[cfg(target_os = "linux")]
const GDK_GL: &str = "GDK_GL";
/// A vendor file that can never exist (nothing can be created in /proc).
#[cfg(target_os = "linux")]
const NO_VENDOR: &str = "/proc/self/escrow-desk-no-egl-vendor.json";
/// Set to `1` to keep OpenGL in the UI process (a support lever, like the web engine's own).
pub const KEEP_GL: &str = "ESCROW_DESK_UI_GL";

/// Why the UI process keeps or loses its EGL vendors.
#[derive(Debug, PartialEq, Eq)]
pub enum Decision {
    /// The UI process loads no OpenGL driver.
    WithoutGl,
    /// Kept: the reason, for the start-up log.
    Kept(&'static str),
}

/// What to do, given how to read the environment (pure, so the rules are unit-tested).
pub fn decide(get: impl Fn(&str) -> Option<std::ffi::OsString>) -> Decision {
    if get(KEEP_GL).is_some_and(|v| v == "1") {
        return Decision::Kept("ESCROW_DESK_UI_GL=1");
    }
    // Accelerated compositing draws the web process's GPU buffers in this process.
    if get("WEBKIT_DISABLE_COMPOSITING_MODE").is_none_or(|v| v != "1") {
        return Decision::Kept("compositing is on");
    }
    if get(VENDOR_FILES).is_some() || get(VENDOR_DIRS).is_some() {
        return Decision::Kept("the EGL vendor list is set by the user");
    }
    Decision::WithoutGl
}

/// What `drop_gl_in_ui_process` decided, for the start-up log (logging starts later).
static DECIDED: std::sync::OnceLock<Decision> = std::sync::OnceLock::new();

/// What this process decided at start, if it got that far.
pub fn decided() -> Option<&'static Decision> {
    DECIDED.get()
}

/// Leaves this process without EGL vendors when `decide` says so.
///
/// # Safety
/// Call first thing in `main`, after `web_engine::apply_defaults` and before any other
/// thread exists (`std::env::set_var`, and no EGL call may have happened yet).
pub unsafe fn drop_gl_in_ui_process() {
    // SAFETY: the caller's promise, passed on.
    let decision = unsafe { decide_and_apply() };
    let _ = DECIDED.set(decision);
}

/// # Safety
/// As `drop_gl_in_ui_process`.
unsafe fn decide_and_apply() -> Decision {
    let decision = decide(|n| std::env::var_os(n));
    if decision != Decision::WithoutGl {
        return decision;
    }
    #[cfg(not(target_os = "linux"))]
    return Decision::Kept("not Linux");
    #[cfg(target_os = "linux")]
    {
        // SAFETY (all three): single thread, the caller's promise.
        if std::env::var_os(GDK_GL).is_none() {
            unsafe { std::env::set_var(GDK_GL, "disable") };
        }
        // Removed again below, so nothing started later (the web process) inherits it.
        unsafe { std::env::set_var(VENDOR_FILES, NO_VENDOR) };
        let loaded = first_egl_call();
        unsafe { std::env::remove_var(VENDOR_FILES) };
        if !loaded {
            return Decision::Kept("libEGL.so.1 not found");
        }
        decision
    }
}

/// Makes libglvnd read its vendor list now: `eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS)`
/// is the one call that loads the vendors without opening a display. libEGL is already in
/// the process (WebKit links it), so this finds it rather than loading anything.
#[cfg(target_os = "linux")]
fn first_egl_call() -> bool {
    const EGL_EXTENSIONS: i32 = 0x3055;
    type QueryString = unsafe extern "C" fn(*mut std::ffi::c_void, i32) -> *const std::ffi::c_char;
    // SAFETY: dlopen/dlsym with valid C strings; the symbol has eglQueryString's C signature
    // (EGLDisplay is a pointer, EGLint an i32), and EGL_NO_DISPLAY is the null pointer.
    unsafe {
        let lib = libc::dlopen(c"libEGL.so.1".as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL);
        if lib.is_null() {
            return false;
        }
        let sym = libc::dlsym(lib, c"eglQueryString".as_ptr());
        if sym.is_null() {
            return false;
        }
        let query: QueryString = std::mem::transmute::<*mut std::ffi::c_void, QueryString>(sym);
        query(std::ptr::null_mut(), EGL_EXTENSIONS);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
        let pairs: Vec<(String, String)> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |n| pairs.iter().find(|(k, _)| k == n).map(|(_, v)| OsString::from(v))
    }

    #[test]
    fn without_gl_when_compositing_is_off() {
        assert_eq!(decide(env(&[("WEBKIT_DISABLE_COMPOSITING_MODE", "1")])), Decision::WithoutGl);
    }

    #[test]
    fn kept_when_compositing_is_on() {
        assert!(matches!(decide(env(&[])), Decision::Kept(_)));
        assert!(matches!(decide(env(&[("WEBKIT_DISABLE_COMPOSITING_MODE", "0")])), Decision::Kept(_)));
    }

    #[test]
    fn kept_when_asked_or_when_the_user_chose_a_vendor() {
        let off = ("WEBKIT_DISABLE_COMPOSITING_MODE", "1");
        assert!(matches!(decide(env(&[off, (KEEP_GL, "1")])), Decision::Kept(_)));
        assert!(matches!(decide(env(&[off, (VENDOR_FILES, "/x.json")])), Decision::Kept(_)));
        assert!(matches!(decide(env(&[off, (VENDOR_DIRS, "/x")])), Decision::Kept(_)));
        assert_eq!(decide(env(&[off, (KEEP_GL, "0")])), Decision::WithoutGl);
    }
}
