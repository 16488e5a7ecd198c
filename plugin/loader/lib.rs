//! `gccpoly.so`: the file GCC loads for `-fplugin=gccpoly`.
//!
//! The analysis library (`gccpoly-core.so`) links against cc1's internal C++
//! symbols, which differ between GCC releases: loaded into another GCC it would
//! fail inside `dlopen` with an "undefined symbol" message that names no
//! version. This loader references no GCC symbol at all, so it always loads;
//! it compares the running GCC with the one the plugin was built for, refuses
//! with a message naming both, and only on a match loads the analysis library
//! beside it and hands over.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::{Path, PathBuf};

/// GCC refuses plugins without this symbol.
#[unsafe(no_mangle)]
#[used]
pub static plugin_is_GPL_compatible: c_int = 0;

/// `struct plugin_gcc_version` of gcc-plugin.h (stable C layout since GCC 4.5).
#[repr(C)]
pub struct PluginGccVersion {
    basever: *const c_char,
    datestamp: *const c_char,
    devphase: *const c_char,
    revision: *const c_char,
    configuration_arguments: *const c_char,
}

/// The leading fields of `struct plugin_name_args`; only these are read here.
#[repr(C)]
pub struct PluginNameArgs {
    base_name: *mut c_char,
    full_name: *const c_char,
}

const BUILT_FOR_BASEVER: &str = env!("GCCPOLY_BUILT_FOR_BASEVER");
const BUILT_FOR_DATESTAMP: &str = env!("GCCPOLY_BUILT_FOR_DATESTAMP");
const BUILT_FOR_DEVPHASE: &str = env!("GCCPOLY_BUILT_FOR_DEVPHASE");

/// The analysis library's file name, beside this one.
const CORE_FILE: &str = "gccpoly-core.so";

type CoreInit = unsafe extern "C" fn(*mut c_void, *mut c_void, *const c_char) -> c_int;

fn c_str(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: GCC passes NUL-terminated strings that live as long as cc1.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// Reports an error through cc1's `error (const char *, ...)` when it has the
/// usual name, so it reads like any GCC error; else on stderr as cc1 would.
fn gcc_error(msg: &str) {
    let text = CString::new(msg.replace('%', "%%")).unwrap_or_default();
    // SAFETY: dlsym on the global scope with a NUL-terminated name.
    let sym = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"_Z5errorPKcz".as_ptr()) };
    if sym.is_null() {
        eprintln!("cc1: error: {msg}");
        return;
    }
    // SAFETY: `error` has had this signature in every GCC with plugins.
    let error: unsafe extern "C" fn(*const c_char, ...) = unsafe { std::mem::transmute(sym) };
    // SAFETY: the format is "%s" with one NUL-terminated argument.
    unsafe { error(c"%s".as_ptr(), text.as_ptr()) };
}

fn core_path(full_name: &str) -> PathBuf {
    let dir = Path::new(full_name).parent().unwrap_or(Path::new("."));
    dir.join(CORE_FILE)
}

fn load_core(info: *mut PluginNameArgs, version: *mut PluginGccVersion) -> c_int {
    // SAFETY: GCC hands plugin_init a valid plugin_name_args.
    let full_name = c_str(unsafe { (*info).full_name });
    let path = core_path(&full_name);
    let cpath = match CString::new(path.to_string_lossy().as_bytes()) {
        Ok(p) => p,
        Err(_) => return 1,
    };
    // SAFETY: dlopen with a NUL-terminated path; the handle is kept for the
    // life of cc1, as GCC does with plugins.
    let handle = unsafe { libc::dlopen(cpath.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if handle.is_null() {
        // SAFETY: dlerror returns a NUL-terminated string or NULL.
        let why = c_str(unsafe { libc::dlerror() });
        gcc_error(&format!(
            "gccpoly: cannot load the analysis library {}: {why}",
            path.display()
        ));
        return 1;
    }
    // SAFETY: dlsym on the handle just opened, with a NUL-terminated name.
    let sym = unsafe { libc::dlsym(handle, c"gccpoly_core_init".as_ptr()) };
    if sym.is_null() {
        gcc_error(&format!(
            "gccpoly: {} is not a gccpoly analysis library",
            path.display()
        ));
        return 1;
    }
    // SAFETY: gccpoly_core_init is defined with exactly this signature.
    let init: CoreInit = unsafe { std::mem::transmute(sym) };
    let built_for = CString::new(BUILT_FOR_BASEVER).unwrap_or_default();
    // SAFETY: forwards GCC's own arguments unchanged.
    unsafe { init(info.cast(), version.cast(), built_for.as_ptr()) }
}

/// GCC's entry point.
///
/// # Safety
/// Called by GCC with valid `plugin_name_args` and `plugin_gcc_version`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn plugin_init(
    info: *mut PluginNameArgs,
    version: *mut PluginGccVersion,
) -> c_int {
    let result = std::panic::catch_unwind(|| {
        if info.is_null() || version.is_null() {
            return 1;
        }
        // SAFETY: checked non-null; GCC's own version record.
        let v = unsafe { &*version };
        let (basever, datestamp, devphase) =
            (c_str(v.basever), c_str(v.datestamp), c_str(v.devphase));
        if basever != BUILT_FOR_BASEVER
            || datestamp != BUILT_FOR_DATESTAMP
            || devphase != BUILT_FOR_DEVPHASE
        {
            let running = if devphase.is_empty() {
                format!("{basever} ({datestamp})")
            } else {
                format!("{basever} {devphase} ({datestamp})")
            };
            gcc_error(&format!(
                "gccpoly: this plugin was built for GCC {BUILT_FOR_BASEVER} \
                 ({BUILT_FOR_DATESTAMP}) but is loaded into GCC {running}; \
                 rebuild it for this compiler (make PLUGIN_CC=gcc-{})",
                basever.split('.').next().unwrap_or("N")
            ));
            return 1;
        }
        load_core(info, version)
    });
    result.unwrap_or(1)
}
