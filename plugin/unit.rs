//! What GCC says of the compilation unit: the files the preprocessor read,
//! the options that change what it reads, and the inputs of an -flto link.

use crate::ffi;
use std::ffi::{c_char, c_void};

/// Appends `name` to the Vec<String> behind `data`: the callback of the
/// shim's walks over names.
pub(crate) unsafe extern "C" fn push_name(data: *mut c_void, name: *const c_char) {
    // SAFETY: `data` is the &mut Vec<String> the caller passed.
    let names = unsafe { &mut *(data as *mut Vec<String>) };
    names.push(ffi::string_from(name));
}

/// The command line's options that change what the preprocessor reads or
/// defines.
pub(crate) fn preprocessor_options() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // SAFETY: the callback only appends to `out`, which outlives the call.
    unsafe { ffi::gp_preprocessor_options(Some(push_name), &mut out as *mut Vec<String> as *mut c_void) };
    out
}

/// The files the preprocessor read in this compilation.
pub(crate) fn source_files() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // SAFETY: as above.
    unsafe { ffi::gp_for_each_source_file(Some(push_name), &mut out as *mut Vec<String> as *mut c_void) };
    out
}

/// The object files an -flto link's lto1 read.
pub(crate) fn input_files() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // SAFETY: as above.
    unsafe { ffi::gp_for_each_input_file(Some(push_name), &mut out as *mut Vec<String> as *mut c_void) };
    out
}
