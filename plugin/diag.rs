//! Diagnostics: GCC errors, notes and opt-info remarks, from Rust strings.

use crate::ffi;
use std::ffi::CString;

fn c_text(msg: &str) -> CString {
    CString::new(msg.replace('\0', " ")).unwrap_or_default()
}

/// A GCC error: the compilation fails.
pub fn error(msg: &str) {
    let m = c_text(msg);
    // SAFETY: a NUL-terminated string that outlives the call.
    unsafe { ffi::gp_error(m.as_ptr()) }
}

/// A GCC note at `loc`: never a warning, so -Werror builds are unaffected.
pub fn note(loc: ffi::gp_location, msg: &str) {
    let m = c_text(msg);
    // SAFETY: as above.
    unsafe { ffi::gp_inform(loc, m.as_ptr()) }
}

/// Remark kinds, shown by -fopt-info-loop-{optimized,missed,note,all}.
pub use ffi::gp_remark_kind as RemarkKind;

/// An opt-info remark of this pass at `loc`.
pub fn remark(kind: RemarkKind, loc: ffi::gp_location, msg: &str) {
    let m = c_text(&format!("gccpoly: {msg}"));
    // SAFETY: as above; only called from within the pass's execute.
    unsafe { ffi::gp_remark(kind, loc, m.as_ptr()) }
}
