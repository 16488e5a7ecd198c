//! gccpoly's analysis library (`gccpoly-core.so`), loaded by `gccpoly.so`
//! once the GCC version has been checked.
//!
//! Every entry from GCC goes through `contained`, which catches Rust panics:
//! a failure never reaches cc1 as an abort. A function whose analysis fails is
//! left exactly as GCC compiles it, with a note saying why.
//!
//! This file holds only the entry points, the options' hookup and the
//! containment; `pipeline` says what runs for a function, in order, and
//! `state` what a compilation accumulates.

mod diag;
mod ffi;
#[path = "../gimple/mod.rs"]
mod gimple;
mod options;
mod pipeline;
mod report;
mod state;
mod unit;

use gimple::{FrontEndLoops, SourcePos};
use report::FunctionReport;
use state::{LtoStage, Plugin};
use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_void, CString};
use std::fs::File;
use std::panic::{catch_unwind, AssertUnwindSafe};

const VERSION: &str = env!("CARGO_PKG_VERSION");

thread_local! {
    /// cc1 is single-threaded; all callbacks run on its one thread.
    static PLUGIN: RefCell<Option<Plugin>> = const { RefCell::new(None) };
    /// Where the last panic was raised, for the internal-error note.
    static PANIC_SITE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `f` on the compilation's state, once `init` has set it up.
fn with_plugin<R>(f: impl FnOnce(&mut Plugin) -> R) -> Option<R> {
    PLUGIN.with(|p| p.borrow_mut().as_mut().map(f))
}

/// Runs `f`, turning a panic into Err(message with its source position).
fn contained<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        let site = PANIC_SITE.with(|s| s.borrow().clone());
        if site.is_empty() {
            msg
        } else {
            format!("{msg} (at {site})")
        }
    })
}

/// The GCC version this library was built for.
fn built_for() -> String {
    // SAFETY: returns a static string from plugin-version.h.
    ffi::string_from(unsafe { ffi::gp_built_for_version() })
}

/// Entry point, called by the loader with GCC's plugin_init arguments.
///
/// # Safety
/// `info` and `version` are GCC's plugin_init arguments.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn gccpoly_core_init(
    info: *mut c_void,
    version: *mut c_void,
    loader_built_for: *const c_char,
) -> c_int {
    // The default hook prints to stderr; keep only the site for the note.
    std::panic::set_hook(Box::new(|p| {
        let site = p.location().map(|l| format!("{}:{}", l.file(), l.line()));
        PANIC_SITE.with(|s| *s.borrow_mut() = site.unwrap_or_default());
    }));
    // SAFETY: GCC's plugin_init arguments, forwarded unchanged.
    let (info, version) = unsafe {
        (&*(info as *const ffi::PluginNameArgs), &*(version as *const ffi::PluginGccVersion))
    };
    // The two files of one installation must come from one build.
    let loader_for = ffi::string_from(loader_built_for);
    if loader_for != built_for() {
        diag::error(&format!(
            "gccpoly: gccpoly.so was built for GCC {loader_for} but gccpoly-core.so for GCC {}; \
             install both files of one build",
            built_for()
        ));
        return 1;
    }
    let outcome = contained(|| init(info, version));
    match outcome {
        Ok(Ok(())) => 0,
        Ok(Err(msg)) => {
            diag::error(&msg);
            1
        }
        Err(panic) => {
            diag::error(&format!("gccpoly: internal error while loading: {panic}"));
            1
        }
    }
}

/// Parses the options, checks they fit this compilation, sets up the
/// compilation's state and registers the plugin's passes.
fn init(info: &ffi::PluginNameArgs, version: &ffi::PluginGccVersion) -> Result<(), String> {
    let mut args = Vec::new();
    for i in 0..info.argc.max(0) as usize {
        // SAFETY: GCC's argv holds argc entries.
        let a = unsafe { &*info.argv.add(i) };
        let value = (!a.value.is_null()).then(|| ffi::string_from(a.value));
        args.push((ffi::string_from(a.key), value));
    }
    let options = options::parse(&args)?;
    let running_gcc = ffi::string_from(version.basever);
    if options.version {
        eprintln!(
            "gccpoly {VERSION} (built for GCC {}; running in GCC {running_gcc})",
            built_for()
        );
    }
    // The source-level offload options are for the C front end, not for
    // lto1, which sees them again at an -flto link.
    // SAFETY: reading the language hooks GCC has set up.
    let c_front_end = unsafe { ffi::gp_in_c_front_end() } != 0;
    let mut options = options;
    if !c_front_end {
        options.annotate = None;
        options.offload_generate = None;
        options.offload_use = None;
    }
    // SAFETY: reading flags GCC has set from the command line.
    if c_front_end && (options.annotate.is_some() || options.offload_generate.is_some()) && unsafe { ffi::gp_lto_only() } != 0 {
        return Err("gccpoly: annotate=FILE and offload-generate=DIR need the loop optimizers in this compilation, which -flto leaves to the link: add -fno-lto or -ffat-lto-objects".into());
    }
    let plan_in_use = match &options.offload_use {
        Some(dir) => pipeline::use_offload_plan(&options, dir)?,
        None => None,
    };
    let lto = LtoStage::of_this_run();
    let dump = match &options.dump {
        // One partition of an -flto link adds to the dump lto1 -fwpa began,
        // each function's text in one write, as other partitions may write
        // at the same time.
        Some(path) if lto == LtoStage::Partition => Some(std::fs::OpenOptions::new().append(true).create(true).open(path).map_err(|e| {
            format!("gccpoly: cannot open the dump file '{}': {e}", path.display())
        })?),
        Some(path) => Some(File::create(path).map_err(|e| {
            format!("gccpoly: cannot open the dump file '{}': {e}", path.display())
        })?),
        None => None,
    };
    PLUGIN.with(|p| {
        *p.borrow_mut() = Some(Plugin {
            options,
            running_gcc,
            fe_loops: FrontEndLoops::default(),
            functions: Vec::new(),
            dump,
            marked: Vec::new(),
            annotations: Vec::new(),
            plan_in_use,
            lto,
        })
    });
    let name = CString::new(ffi::string_from(info.base_name)).unwrap_or_default();
    let version = CString::new(VERSION).unwrap_or_default();
    let help = CString::new(
        "polyhedral loop analysis after PRE; options: docs/options.md \
         (-fplugin-arg-gccpoly-report=FILE, -fplugin-arg-gccpoly-dump=FILE, ...)",
    )
    .unwrap_or_default();
    // SAFETY: GCC keeps these pointers for the whole compilation, so they are
    // leaked on purpose.
    unsafe { ffi::gp_register(name.into_raw(), version.into_raw(), help.into_raw()) };
    Ok(())
}

/// PLUGIN_PRE_GENERICIZE: remember where the loop statements start.
#[unsafe(no_mangle)]
pub extern "C" fn gccpoly_rs_pre_genericize(fndecl: *mut c_void) {
    // A failure here only costs loop lines their keyword position.
    let _ = contained(|| with_plugin(|p| pipeline::front_end(p, fndecl)));
}

/// The pass, on cfun.
#[unsafe(no_mangle)]
pub extern "C" fn gccpoly_rs_execute() {
    // SAFETY: called inside the pass, where cfun is set.
    let name = ffi::string_from(unsafe { ffi::gp_cfun_name() });
    // SAFETY: as above.
    let fn_loc = unsafe { ffi::gp_cfun_location() };
    let pos = SourcePos::of(fn_loc);
    let line = pos.as_ref().map(|p| p.line).unwrap_or(0);
    let file = pos.map(|p| p.file);
    let outcome = contained(|| with_plugin(|p| pipeline::after_pre(p, &name, file.clone(), line)));
    if let Err(msg) = outcome {
        diag::note(
            fn_loc,
            &format!("gccpoly: internal error in {name}: {msg}; function left unchanged"),
        );
        let _ = contained(|| {
            with_plugin(|p| {
                p.functions.push(FunctionReport {
                    name: name.clone(),
                    file: file.clone(),
                    line,
                    loops: Vec::new(),
                    scops: Vec::new(),
                    rejected: Vec::new(),
                    error: Some(msg.clone()),
                });
                p.dump_text(&format!(";; Function {name}\ninternal error: {msg}\n\n"));
            })
        });
    }
}

/// The parallelization pass, on cfun (before parloops).
#[unsafe(no_mangle)]
pub extern "C" fn gccpoly_rs_parallelize() {
    // SAFETY: called inside the pass, where cfun is set.
    let name = ffi::string_from(unsafe { ffi::gp_cfun_name() });
    // SAFETY: as above.
    let fn_loc = unsafe { ffi::gp_cfun_location() };
    if let Err(msg) = contained(|| with_plugin(|p| pipeline::before_parloops(p, &name))) {
        // Each loop is changed in one call into the shim, which cannot
        // unwind: the loops done before the failure are whole.
        diag::note(fn_loc, &format!("gccpoly: internal error in {name}: {msg}; its remaining loops left unmarked"));
    }
}

/// After parloops, on cfun: the schedules of the marked loops, and the
/// plugin's own regions for those parloops declined; a marked loop run by
/// neither is said to be declined, so that the report does not claim a
/// parallel loop that runs sequentially.
#[unsafe(no_mangle)]
pub extern "C" fn gccpoly_rs_after_parloops() {
    // SAFETY: called inside a pass, where cfun is set.
    let name = ffi::string_from(unsafe { ffi::gp_cfun_name() });
    let _ = contained(|| with_plugin(|p| pipeline::after_parloops(p, &name)));
}

/// PLUGIN_FINISH: write the report.
#[unsafe(no_mangle)]
pub extern "C" fn gccpoly_rs_finish() {
    let outcome = contained(|| with_plugin(pipeline::finish));
    match outcome {
        Ok(Some(Err(msg))) => diag::error(&msg),
        Err(panic) => diag::error(&format!("gccpoly: internal error writing the report: {panic}")),
        _ => {}
    }
}
