//! gccpoly's analysis library (`gccpoly-core.so`), loaded by `gccpoly.so`
//! once the GCC version has been checked.
//!
//! Every entry from GCC goes through `contained`, which catches Rust panics:
//! a failure never reaches cc1 as an abort. A function whose analysis fails is
//! left exactly as GCC compiles it, with a note saying why.

mod diag;
mod ffi;
#[path = "../gimple/mod.rs"]
mod gimple;
mod options;
mod report;

use diag::RemarkKind;
use gimple::{FrontEndLoops, LoopForest, ScopDetector, SourcePos};
use options::Options;
use report::{OffloadAccessReport, OffloadReport, AssumptionReport, DependenceReport, FunctionReport, InterchangeReport, LoopReport, ReductionReport, RejectedReport, Report, ScopReport};
use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_void, CString};
use std::fs::File;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};

const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What one compilation (one cc1 run) accumulates.
struct Plugin {
    options: Options,
    running_gcc: String,
    fe_loops: FrontEndLoops,
    functions: Vec<FunctionReport>,
    dump: Option<File>,
    /// The loops marked for parloops, until parloops has run.
    marked: Vec<MarkedLoop>,
    /// The offload plans that can be written into the source.
    annotations: Vec<Annotation>,
    /// offload-use: the plan compiled in the input's place, and the files
    /// the first build read besides the source.
    plan_in_use: Option<(std::path::PathBuf, String, Vec<String>)>,
    lto: LtoStage,
}

/// Where in a build the plugin runs: a compilation, lto1 reading a link's
/// objects whole (-fwpa or no partitions), or one partition of the link.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LtoStage {
    Compile,
    Link,
    Partition,
}

impl LtoStage {
    fn of_this_run() -> Self {
        // SAFETY: reads the language name and flags GCC has set from the command line.
        match unsafe { ffi::gp_lto_stage() } {
            0 => LtoStage::Compile,
            2 => LtoStage::Partition,
            _ => LtoStage::Link,
        }
    }
}

/// An offload plan's pragma and the loop it goes before, the loops
/// whose headers it swaps, and the condition it runs under with the
/// loop's last character.
struct Annotation {
    function: String,
    pos: SourcePos,
    pragma: String,
    swap: Option<(SourcePos, SourcePos)>,
    guard: Option<gimple::offload::Guard>,
}

/// A loop marked for parloops, found again after parloops by its source
/// line (the line of the GIMPLE_OMP_FOR parloops makes of it).
struct MarkedLoop {
    function: String,
    line: u32,
    column: u32,
    location: ffi::gp_location,
    /// Its GCC loop number when it was marked.
    num: u32,
    /// Its iterations are to be dealt round-robin.
    cyclic: bool,
}

thread_local! {
    /// cc1 is single-threaded; all callbacks run on its one thread.
    static PLUGIN: RefCell<Option<Plugin>> = const { RefCell::new(None) };
    /// Where the last panic was raised, for the internal-error note.
    static PANIC_SITE: RefCell<String> = const { RefCell::new(String::new()) };
}

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
        Some(dir) => use_offload_plan(&options, dir)?,
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

/// offload-use=DIR: compiles, in place of the input, the plan an earlier
/// build with offload-generate=DIR wrote of it (the source annotated with
/// OpenMP offload constructs, its lines kept at their numbers), so that
/// GCC's own OpenMP lowering offloads the nests; where there is no plan
/// of the source as it is, a note says so and the input is compiled as
/// written.
fn use_offload_plan(options: &Options, dir: &std::path::Path) -> Result<Option<(std::path::PathBuf, String, Vec<String>)>, String> {
    if options.annotate.is_some() || options.offload_generate.is_some() {
        return Err("gccpoly: offload-use=DIR reads the plans that offload-generate=DIR writes in an earlier build; it cannot be combined with offload-generate or annotate".into());
    }
    // SAFETY: reading a flag GCC has set from the command line.
    if unsafe { ffi::gp_flag_openmp() } == 0 {
        return Err("gccpoly: offload-use=DIR needs -fopenmp (and -foffload=nvptx-none to run on an NVIDIA GPU)".into());
    }
    // SAFETY: the command line's input name, set before plugins start.
    let input = unsafe { ffi::gp_command_line_input() };
    if input.is_null() {
        return Ok(None);
    }
    let input = ffi::string_from(input);
    match gimple::offload::usable_plan(dir, &input, &preprocessor_options()) {
        Ok((plan, files)) => {
            let used = plan.clone();
            let quote = std::path::Path::new(&input).parent().map(|p| p.to_string_lossy().into_owned()).filter(|p| !p.is_empty()).unwrap_or_else(|| ".".into());
            let plan = CString::new(plan.to_string_lossy().into_owned()).map_err(|e| e.to_string())?;
            let quote = CString::new(quote).map_err(|e| e.to_string())?;
            // SAFETY: before the front end opens its input; the shim copies
            // both strings.
            if unsafe { ffi::gp_replace_input(plan.as_ptr(), quote.as_ptr()) } == 0 {
                return Err("gccpoly: offload-use=DIR: this compiler cannot read a plan in place of its input".into());
            }
            Ok(Some((used, input, files)))
        }
        Err(why) => {
            diag::note(0, &format!("gccpoly: {why}; '{input}' compiled as written, nothing offloaded"));
            Ok(None)
        }
    }
}

unsafe extern "C" fn push_name(data: *mut c_void, name: *const c_char) {
    // SAFETY: `data` is the &mut Vec<String> the caller passed.
    let names = unsafe { &mut *(data as *mut Vec<String>) };
    names.push(ffi::string_from(name));
}

/// The command line's options that change what the preprocessor reads or
/// defines.
fn preprocessor_options() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // SAFETY: the callback only appends to `out`, which outlives the call.
    unsafe { ffi::gp_preprocessor_options(Some(push_name), &mut out as *mut Vec<String> as *mut c_void) };
    out
}

/// The files the preprocessor read in this compilation.
fn source_files() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // SAFETY: as above.
    unsafe { ffi::gp_for_each_source_file(Some(push_name), &mut out as *mut Vec<String> as *mut c_void) };
    out
}

/// PLUGIN_PRE_GENERICIZE: remember where the loop statements start.
#[unsafe(no_mangle)]
pub extern "C" fn gccpoly_rs_pre_genericize(fndecl: *mut c_void) {
    // A failure here only costs loop lines their keyword position.
    let _ = contained(|| {
        with_plugin(|p| {
            let details = p.options.plans_offload();
            p.fe_loops.record_function(fndecl, details)
        })
    });
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
    let outcome = contained(|| with_plugin(|p| analyze_function(p, &name, file.clone(), line)));
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
    if let Err(msg) = contained(|| {
        with_plugin(|p| {
            let parallel = parallelizing(p);
            // SAFETY: called inside the pass, where cfun is set.
            let swapping = (!p.options.no_interchange || !p.options.no_skew) && unsafe { ffi::gp_loop_interchange_enabled() } != 0;
            // SAFETY: as above.
            let unroll_jam = unsafe { ffi::gp_loop_jam_enabled() } != 0;
            let jamming = !p.options.no_jam && unroll_jam;
            // The shift rides on the same flag: both reorder iterations
            // so that chains run beside other work.
            let shifting = !p.options.no_shift && unroll_jam;
            let interchange = swapping || jamming || shifting;
            if !parallel && !interchange {
                return;
            }
            let found = detect(p);
            let versioned = if interchange { interchange_function(p, &name, &found, parallel, swapping, jamming, shifting) } else { Versioned::default() };
            // Interchange's changes are analysed afresh.
            if parallel {
                let found = if versioned.changed { detect(p) } else { found };
                parallelize_function(p, &name, &found, &versioned)
            } else if !p.options.no_memory_reductions {
                let found = if versioned.changed { detect(p) } else { found };
                carry_function(p, &name, &found, &versioned)
            }
        })
    }) {
        // Each loop is changed in one call into the shim, which cannot
        // unwind: the loops done before the failure are whole.
        diag::note(fn_loc, &format!("gccpoly: internal error in {name}: {msg}; its remaining loops left unmarked"));
    }
}

/// After parloops, on cfun: the parallel loops of the marked ones whose
/// inner loops' trip counts grow or shrink with them get schedule(static, 1)
/// (parloops gives every loop schedule(static), whose halves of a
/// triangular nest hold a quarter and three quarters of the work); a
/// marked loop parloops made no GIMPLE_OMP_FOR of (its own remarks say
/// why) is said to be declined, so that the report does not claim a
/// parallel loop that runs sequentially.
#[unsafe(no_mangle)]
pub extern "C" fn gccpoly_rs_after_parloops() {
    // SAFETY: called inside a pass, where cfun is set.
    let name = ffi::string_from(unsafe { ffi::gp_cfun_name() });
    let _ = contained(|| {
        with_plugin(|p| {
            let (here, rest): (Vec<MarkedLoop>, Vec<MarkedLoop>) = std::mem::take(&mut p.marked).into_iter().partition(|m| m.function == name);
            p.marked = rest;
            let mut report = p.functions.iter_mut().rev().find(|f| f.name == name);
            for m in here {
                // SAFETY: cfun is set; the shim only edits clauses of its
                // GIMPLE_OMP_FORs.
                if unsafe { ffi::gp_omp_fors_at_line(m.line, if m.cyclic { 1 } else { 0 }) } > 0 {
                    continue;
                }
                let lr = loop_report(report.as_deref_mut(), Some((m.line, m.column)));
                // parloops declined it: the plugin's own region, where its
                // form allows one.
                let region = if p.options.no_own_regions { Err("-fplugin-arg-gccpoly-no-own-regions".to_string()) } else { own_region(m.num, m.line) };
                match region {
                    // parloops did run it, at another line than the loop's.
                    Ok(None) => {}
                    Ok(Some((reductions, last))) => {
                        diag::remark(RemarkKind::GP_REMARK_OPTIMIZED, m.location, &own_region_remark("parloops declined it", reductions, last));
                        if let Some(lr) = lr {
                            add_transform(lr, "own-region");
                        }
                    }
                    Err(not) => {
                        let why = format!("parloops did not parallelize it (its own -fopt-info-loop-missed remarks say why), nor the plugin in a region of its own ({not})");
                        diag::remark(RemarkKind::GP_REMARK_MISSED, m.location, &format!("loop marked parallel, but {why}"));
                        if let Some(lr) = lr {
                            lr.declined = Some(why);
                        }
                    }
                }
            }
        })
    });
}

/// Runs marked loop `num` (else the marked loop at source line `line`)
/// in an OpenMP region of the plugin's own (`gp_loop_own_region`): the
/// numbers of its reductions and of its values taken from the last
/// iteration; None where it already is in parloops' region; or why it is
/// not done.
fn own_region(num: u32, line: u32) -> Result<Option<(u32, u32)>, String> {
    let (mut reductions, mut last) = (0u32, 0u32);
    let mut why: *const std::os::raw::c_char = std::ptr::null();
    // SAFETY: called inside a pass of the loop pipeline, where cfun and its
    // loops are set; the out-pointers point to locals.
    let done = unsafe { ffi::gp_loop_own_region(num, line, &mut reductions, &mut last, &mut why) };
    if done == 1 {
        Ok(Some((reductions, last)))
    } else if done == 2 {
        Ok(None)
    } else if why.is_null() {
        Err("its form does not allow one".to_string())
    } else {
        Err(ffi::string_from(why))
    }
}

/// The remark of a loop run in a region of the plugin's own, `because`
/// parloops does not run it, with `reductions` and `last` values.
fn own_region_remark(because: &str, reductions: u32, last: u32) -> String {
    let mut msg = format!("loop run in parallel in an OpenMP region of gccpoly's own ({because}): each thread runs a block of its iterations");
    if reductions > 0 {
        msg.push_str(&format!("; {reductions} reduction{} combined after the region in thread order", if reductions == 1 { "" } else { "s" }));
    }
    if last > 0 {
        msg.push_str(&format!(
            "; {last} value{} used after the loop taken from the thread that ran its last iteration",
            if last == 1 { "" } else { "s" }
        ));
    }
    msg
}

/// The options of the analysis of the current function; `verdicts_only`
/// for the pass before parloops.
fn analysis_options(p: &Plugin, verdicts_only: bool) -> gimple::parallel::AnalysisOptions {
    gimple::parallel::AnalysisOptions {
        // SAFETY: called inside a pass, where cfun is set.
        reassociate: unsafe { ffi::gp_cfun_associative_math() } != 0,
        crosscheck: !verdicts_only && std::env::var_os("GCCPOLY_CROSSCHECK").is_some(),
        detail: !verdicts_only && p.dump.is_some(),
        max_operations: p.options.max_operations.unwrap_or(poly::bounded::DEFAULT_MAX_OPERATIONS),
        verdicts_only,
    }
}

/// The nests interchange versioned on their region's test, for the
/// parallel marking: (the loop run where it holds, the test's text), and
/// the copies run where it fails, to be left as written; `changed` when
/// interchange changed the function at all.
#[derive(Default)]
struct Versioned {
    under: Vec<(u32, String)>,
    as_written: Vec<u32>,
    changed: bool,
}

/// cfun's loops and regions, and how long finding the regions took.
struct Detected {
    forest: LoopForest,
    regions: Vec<gimple::Region>,
    took: std::time::Duration,
}

fn detect(p: &Plugin) -> Detected {
    let t0 = std::time::Instant::now();
    let forest = LoopForest::of_current_function(&p.fe_loops);
    let (regions, _) = ScopDetector::new(&forest).detect();
    Detected { forest, regions, took: t0.elapsed() }
}

/// A region's run-time test for the pair transformations of the pass
/// before parloops: computed for the first pair that needs it, each nest
/// of the region versioned on it once, when a pair of that nest needs it.
#[derive(Default)]
struct NestTest {
    test: Option<Result<Option<gimple::transform::RuntimeTest>, String>>,
    versioned: Vec<u32>,
}

impl NestTest {
    /// Versions the nest of region `r` around loop `l` (the region's
    /// outermost loop around it) on the region's test the first time (the
    /// copy where it fails, left as written, into `out`): the test's text
    /// (None: the region needs none), or why not (None: versioning
    /// failed). A region may hold several nests one after the other: the
    /// one versioned must be `l`'s, or `l` would be changed where the test
    /// fails.
    fn version(&mut self, forest: &LoopForest, r: &gimple::Region, l: u32, max_operations: u64, out: &mut Versioned) -> Result<Option<String>, Option<String>> {
        let test = match self.test.get_or_insert_with(|| gimple::transform::region_test(&poly::BoundedCtx::new(max_operations), r)) {
            Ok(t) => t.as_ref(),
            Err(why) => return Err(Some(why.clone())),
        };
        let Some(t) = test else { return Ok(None) };
        let text = t.text();
        let mut nest = l;
        while let Some(p) = forest.get(nest).and_then(|x| x.parent).filter(|p| r.loops.contains(p)) {
            nest = p;
        }
        if !self.versioned.contains(&nest) {
            let copy = gimple::transform::version_on(r, nest, t).ok_or(None)?;
            out.under.push((nest, text.clone()));
            out.as_written.push(copy);
            out.changed = true;
            self.versioned.push(nest);
        }
        Ok(Some(text))
    }
}

/// Interchanges the loop pairs the locality model favours and the dataflow
/// allows, runs by diagonals the pairs that carry chains (with
/// `swapping`: -floop-interchange on), and unrolls and jams the loops
/// whose inner loops carry chains (with `jamming`), runs the first inner
/// loop of a loop, one iteration early, inside its last (with
/// `shifting`), each nest resting on a run-time test first versioned on it; the parallel marking that follows
/// (when `parallel`) analyses the rewritten loops afresh.
fn interchange_function(p: &mut Plugin, name: &str, d: &Detected, parallel: bool, swapping: bool, jamming: bool, shifting: bool) -> Versioned {
    let mut versioned = Versioned::default();
    let forest = &d.forest;
    let aopts = analysis_options(p, true);
    let mut report = p.functions.iter_mut().rev().find(|f| f.name == name);
    for r in &d.regions {
        // The region's verdicts and run-time test, computed for its first
        // candidate pair; the nest is versioned on the test once.
        let mut outcomes = None;
        let mut test = NestTest::default();
        let mut swapped = false;
        for &o in r.loops.iter().filter(|_| !p.options.no_interchange && swapping) {
            let swap = match gimple::interchange::judge(forest, r, o, aopts.max_operations) {
                Ok(s) => s,
                Err(None) => continue,
                Err(Some(why)) => {
                    if let Some(fo) = forest.get(o) {
                        diag::remark(RemarkKind::GP_REMARK_MISSED, fo.location, &format!("loop at line {} not interchanged with its inner loop: {why}", fo.line()));
                    }
                    continue;
                }
            };
            let (Some(fo), Some(fi)) = (forest.get(swap.outer), forest.get(swap.inner)) else { continue };
            let missed = |why: &str| {
                diag::remark(RemarkKind::GP_REMARK_MISSED, fo.location, &format!("loops at lines {} and {} not interchanged: {why}", fo.line(), fi.line()));
            };
            let v = outcomes.get_or_insert_with(|| gimple::parallel::analyze_region(forest, r, aopts));
            if let Some(why) = gimple::interchange::parallelism_lost(forest, r, &swap, v, parallel) {
                missed(why);
                continue;
            }
            let guard = match test.version(forest, r, swap.outer, aopts.max_operations, &mut versioned) {
                Ok(g) => g,
                Err(why) => {
                    if let Some(why) = why {
                        missed(&why);
                    }
                    continue;
                }
            };
            if !gimple::interchange::apply(&swap) {
                continue;
            }
            swapped = true;
            versioned.changed = true;
            let within = guard.map(|g| format!(", in a copy run when {g}")).unwrap_or_default();
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fo.location,
                &format!(
                    "loops at lines {} and {} interchanged{within}: the inner loop's accesses touch {:.3} cache lines per iteration instead of {:.3}; {}",
                    fo.line(),
                    fi.line(),
                    swap.after,
                    swap.before,
                    swap.legality
                ),
            );
            for (a, b) in [(fo, fi), (fi, fo)] {
                if let Some(lr) = loop_report(report.as_deref_mut(), position(a)) {
                    add_transform(lr, "interchange");
                    lr.swapped_with = Some(b.line());
                }
            }
        }
        // A pair run by its diagonals, one per region (its model no
        // longer describes the code), where no pair was swapped.
        let mut skewed = false;
        for &o in r.loops.iter().filter(|_| !p.options.no_skew && swapping && !swapped) {
            let missed = |why: &str| {
                if let Some((fo, fi)) = forest.get(o).zip(gimple::interchange::children(forest, r, o).first().and_then(|&c| forest.get(c))) {
                    diag::remark(RemarkKind::GP_REMARK_MISSED, fo.location, &format!("loops at lines {} and {} not run by diagonals: {why}", fo.line(), fi.line()));
                }
            };
            let v = outcomes.get_or_insert_with(|| gimple::parallel::analyze_region(forest, r, aopts));
            let skew = match gimple::interchange::judge_skew(forest, r, o, v, parallel, aopts.max_operations) {
                Ok(s) => s,
                Err(why) => {
                    why.inspect(|w| missed(w));
                    continue;
                }
            };
            let (Some(fo), Some(fi)) = (forest.get(skew.outer), forest.get(skew.inner)) else { continue };
            let guard = match test.version(forest, r, skew.outer, aopts.max_operations, &mut versioned) {
                Ok(g) => g,
                Err(why) => {
                    why.inspect(|w| missed(w));
                    continue;
                }
            };
            if !gimple::interchange::apply_skew(&skew) {
                continue;
            }
            versioned.changed = true;
            let within = guard.map(|g| format!(", in a copy run when {g}")).unwrap_or_default();
            let f = match skew.factor {
                1 => String::new(),
                f => format!("{f} "),
            };
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fo.location,
                &format!(
                    "loops at lines {} and {} run by diagonals{within}: the outer loop counts the diagonals {f}a + b of their iteration numbers (a, b), the inner loop the iterations on one, which are independent: each no longer waits for the value its inner loop carried from the iteration before; every dependence goes from a diagonal to a later one",
                    fo.line(),
                    fi.line()
                ),
            );
            for x in [fo, fi] {
                if let Some(lr) = loop_report(report.as_deref_mut(), position(x)) {
                    add_transform(lr, "skew");
                }
            }
            skewed = true;
            break;
        }
        // Loops whose inner loops carry chains, unrolled and jammed, where
        // no pair was rewritten (the model no longer describes a rewritten
        // pair; a jam leaves the region's other loops as they were).
        let mut jammed = false;
        for &l in r.loops.iter().filter(|_| jamming && !swapped && !skewed) {
            let Some(fl) = forest.get(l) else { continue };
            let missed = |why: &str| {
                diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, &format!("loop at line {} not unrolled and jammed: {why}", fl.line()));
            };
            let v = outcomes.get_or_insert_with(|| gimple::parallel::analyze_region(forest, r, aopts));
            let jam = match gimple::interchange::judge_jam(forest, r, l, v, parallel, aopts.max_operations) {
                Ok(j) => j,
                Err(why) => {
                    why.inspect(|w| missed(w));
                    continue;
                }
            };
            let guard = match test.version(forest, r, l, aopts.max_operations, &mut versioned) {
                Ok(g) => g,
                Err(why) => {
                    why.inspect(|w| missed(w));
                    continue;
                }
            };
            let within = guard.map(|g| format!(", in a copy run when {g}")).unwrap_or_default();
            // The cells its inner loops update in memory (atax's tmp[i],
            // stored on every iteration where the arrays may overlap) go
            // to registers first, in the copy where the test holds: the
            // jammed copies then carry their chains in registers.
            for c in gimple::transform::cells_inside(forest, r, l, aopts.max_operations) {
                if !gimple::transform::carry_cell(&c, true) {
                    continue;
                }
                versioned.changed = true;
                if let Some(fx) = forest.get(c.l) {
                    diag::remark(RemarkKind::GP_REMARK_OPTIMIZED, fx.location, &format!("{}{within}", c.describe()));
                    if let Some(lr) = loop_report(report.as_deref_mut(), position(fx)) {
                        add_transform(lr, "register-cell");
                    }
                }
            }
            if !gimple::interchange::apply_jam(&jam) {
                continue;
            }
            versioned.changed = true;
            let lines: Vec<String> = jam.inner.iter().filter_map(|&c| forest.get(c)).map(|c| c.line().to_string()).collect();
            let (loops, lines) = match lines.len() {
                1 => ("loop at line", format!("{} runs", lines[0])),
                _ => ("loops at lines", format!("{} and {} run", lines[..lines.len() - 1].join(", "), lines[lines.len() - 1])),
            };
            // The inner loop whose count grows with the iteration: what
            // its copies run where the first copy's count ends.
            let growing = jam.growing.and_then(|g| forest.get(g)).map(|g| {
                format!(
                    "; the loop at line {} runs one iteration more at each iteration: the copies share the first's iterations, and each runs its last ones after them, right before its own statements after that loop",
                    g.line()
                )
            });
            let f = jam.factor;
            let chains = match jam.chains {
                1 => "the chain of floating-point operations they carry from one iteration to the next (each waits for the one before) runs".to_string(),
                c => format!("the {c} chains of floating-point operations they carry from one iteration to the next (each waits for the one before) run"),
            };
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fl.location,
                &format!(
                    "loop at line {} unrolled and jammed by {f}{within}: its inner {loops} {lines} {f} of its iterations at each of theirs, so that {chains} {f} times side by side{}; no dependence goes from an iteration to one of the next {} that the new order runs first; its last 1 to {f} iterations run after it, as written",
                    fl.line(),
                    growing.unwrap_or_default(),
                    f - 1
                ),
            );
            if let Some(lr) = loop_report(report.as_deref_mut(), position(fl)) {
                add_transform(lr, "jam");
            }
            jammed = true;
        }
        // A loop's first inner loop run one iteration early inside its
        // last, one per region, where nothing else was rewritten.
        let min_trips = p.options.min_trips.unwrap_or(gimple::transform::MIN_TRIPS_INSIDE);
        for &l in r.loops.iter().filter(|_| shifting && !swapped && !skewed && !jammed) {
            let Some(fl) = forest.get(l) else { continue };
            let missed = |why: &str| {
                diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, &format!("loop at line {} not shifted: {why}", fl.line()));
            };
            let v = outcomes.get_or_insert_with(|| gimple::parallel::analyze_region(forest, r, aopts));
            let shift = match gimple::interchange::judge_shift(forest, r, l, v, parallel, min_trips, aopts.max_operations) {
                Ok(s) => s,
                Err(why) => {
                    why.inspect(|w| missed(w));
                    continue;
                }
            };
            let (Some(fa), Some(fb)) = (forest.get(shift.first), forest.get(shift.last)) else { continue };
            let guard = match test.version(forest, r, l, aopts.max_operations, &mut versioned) {
                Ok(g) => g,
                Err(why) => {
                    why.inspect(|w| missed(w));
                    continue;
                }
            };
            if !gimple::interchange::apply_shift(&shift) {
                continue;
            }
            versioned.changed = true;
            let within = guard.map(|g| format!(", in a copy run when {g}")).unwrap_or_default();
            let below = match shift.max_count {
                0 => String::new(),
                m => format!(" and below {m} iterations (from there on it runs in parallel, as written)"),
            };
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fl.location,
                &format!(
                    "loop at line {} shifted{within}: its inner loop at line {} runs its next iteration's first iterations inside the loop at line {}, each right after that loop's own, wherever this iteration is not the last{below}, so that the chain of floating-point operations it carries (each waits for the one before) runs beside that loop's work; the next iteration runs only its last iteration; no statement that now runs after them writes a cell they read",
                    fl.line(),
                    fa.line(),
                    fb.line()
                ),
            );
            for x in [fl, fa, fb] {
                if let Some(lr) = loop_report(report.as_deref_mut(), position(x)) {
                    add_transform(lr, "shift");
                }
            }
            break;
        }
    }
    versioned
}

/// Marks the loops the analysis proves parallel for parloops, versioning
/// them on their run-time tests; records what it did in the report.
fn parallelize_function(p: &mut Plugin, name: &str, d: &Detected, versioned: &Versioned) {
    use gimple::transform::LoopPlan;
    let t0 = std::time::Instant::now();
    let (forest, regions) = (&d.forest, &d.regions);
    let aopts = analysis_options(p, true);
    let outcomes: Vec<gimple::parallel::RegionOutcome> =
        regions.iter().map(|r| gimple::parallel::analyze_region(forest, r, aopts)).collect();
    let t_verdicts = t0.elapsed();
    let mark = !p.options.unmarked_versions;
    // With unmarked versions no loop is tested for its iterations.
    let min_trips = if mark { p.options.min_trips.unwrap_or(gimple::transform::MIN_TRIPS_INSIDE) } else { 1 };
    let popts = gimple::transform::PlanOptions {
        max_operations: aopts.max_operations,
        privatize: !p.options.no_privatize,
        sink_reductions: !p.options.no_memory_reductions,
        array_reductions: !p.options.no_array_reductions,
        // SAFETY: reads a flag of the compilation.
        unsigned_reductions: !p.options.no_unsigned_reductions && unsafe { ffi::gp_flag_trapv() } == 0,
        min_trips,
    };
    let plans = gimple::transform::plan(forest, regions, &outcomes, popts);
    if std::env::var_os("GCCPOLY_TIME").is_some() {
        let sizes: Vec<String> = regions.iter().map(|r| format!("{}l/{}s", r.loops.len(), r.scop.statements.len())).collect();
        eprintln!("gccpoly-par {name}: detection {:?}, verdicts {:?}, plan {:?}; regions {}", d.took, t_verdicts, t0.elapsed() - t_verdicts, sizes.join(" "));
    }
    let report = p.functions.iter_mut().rev().find(|f| f.name == name);
    let mut done: Vec<LoopDone> = Vec::new();
    for (l, plan) in &plans {
        let Some(fl) = forest.get(*l) else { continue };
        // Where interchange's version test failed, the nest runs as written.
        if versioned.as_written.iter().any(|&c| forest.within(*l, c)) {
            continue;
        }
        let Some(ri) = regions.iter().position(|r| r.loops.contains(l)) else { continue };
        let region = &regions[ri];
        let kept = |why: &str| {
            diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, &format!("parallel loop kept sequential: {why}"));
            (*l, Vec::new(), None, Some(why.to_string()))
        };
        let mut marked = |l: u32, guard: Option<String>, msg: &str, cyclic: bool| {
            if let Some(x) = forest.get(l) {
                let msg = if mark { msg.to_string() } else { format!("(debug-unmarked-versions: not marked) {msg}") };
                diag::remark(RemarkKind::GP_REMARK_OPTIMIZED, x.location, &msg);
                if let (true, Some(pos)) = (mark, &x.pos) {
                    p.marked.push(MarkedLoop { function: name.to_string(), line: pos.line, column: pos.column, location: x.location, num: l, cyclic });
                }
            }
            (l, if mark { vec!["parallel"] } else { Vec::new() }, guard, None)
        };
        let (test, otherwise, cyclic, within, storage, needs_trips, sinks, copies, inner_sinks) = match plan {
            LoopPlan::Parallel { test, otherwise, cyclic, within, storage, min_trips, sinks, copies, inner_sinks } => {
                (test, otherwise, cyclic, within, storage, *min_trips, sinks, copies, inner_sinks)
            }
            LoopPlan::Kept(why) => {
                done.push(kept(why));
                continue;
            }
            LoopPlan::Registers { test, cells, kept: why } => {
                if let Some(why) = why {
                    done.push(kept(why));
                }
                if mark {
                    done.extend(carry_cells(forest, region, *l, test.as_ref(), cells, versioned));
                }
                continue;
            }
        };
        // Inside interchange's version on this very test: no other copy.
        let inside_version = test
            .as_ref()
            .map(|t| t.text())
            .filter(|text| within.is_none() && versioned.under.iter().any(|(u, g)| forest.within(*l, *u) && g == text));
        let (test, otherwise) = match inside_version {
            Some(_) => (None, &[][..]),
            None => (test.as_ref(), &otherwise[..]),
        };
        // What PRE may carry across its iterations, found before versioning
        // changes the function.
        let unwritten = if mark && !p.options.no_reload { gimple::parallel::unwritten_loads(forest, region, *l) } else { Vec::new() };
        if !gimple::transform::apply(region, *l, within.as_ref(), test, otherwise, mark) {
            done.push(kept("versioning the loop failed"));
            // The inner loops then run in parallel as they are, unless
            // their parallelism rests on a test.
            if within.is_none() {
                for &x in otherwise {
                    gimple::transform::apply(region, x, None, None, &[], mark);
                    done.push(marked(x, None, "loop marked parallel for parloops", false));
                }
            }
            continue;
        }
        let guard = inside_version.or_else(|| test.map(|t| t.text()));
        // Storage of its own in each iteration for its private arrays,
        // now that it is the marked copy.
        if !storage.is_empty() && mark && !gimple::transform::private_storage(*l, storage, true) {
            // SAFETY: l is a loop of cfun.
            unsafe { ffi::gp_loop_mark_parallel(*l, 0) };
            done.push(kept("its private arrays could not be given storage of their own"));
            continue;
        }
        // Its reductions in memory become register reductions, now that it
        // is the marked copy: their stores move after it.
        let sinking = mark && !sinks.is_empty();
        if sinking && !sinks.iter().all(|s| gimple::transform::sink_store(*l, *s, true)) {
            // SAFETY: l is a loop of cfun.
            unsafe { ffi::gp_loop_mark_parallel(*l, 0) };
            done.push(kept("the stores of its reductions in memory could not be moved after it"));
            continue;
        }
        // Its reductions into arrays and its private arrays get a copy per
        // thread, now that it is the marked copy.
        let copying = mark && !copies.is_empty();
        if copying && !gimple::transform::thread_copies(region, *l, copies, true) {
            // SAFETY: l is a loop of cfun.
            unsafe { ffi::gp_loop_mark_parallel(*l, 0) };
            done.push(kept("its arrays could not be given copies per thread"));
            continue;
        }
        use gimple::transform::CopyKind;
        let copied = |kinds: &[CopyKind]| if copying { copies.names(kinds) } else { Vec::new() };
        let (reduced, private) = (copied(&[CopyKind::Sum]), copied(&[CopyKind::Private, CopyKind::LastPrivate]));
        let last_private = copied(&[CopyKind::LastPrivate]);
        let wrapped = if copying { copies.wrapped() } else { Vec::new() };
        // Its inner loops' reductions into one cell keep their running
        // values in registers, stored after those loops.
        let mut sunk_inner: Vec<(u32, Vec<&gimple::transform::CarriedCell>)> = Vec::new();
        for c in inner_sinks.iter().filter(|_| mark) {
            if gimple::transform::carry_cell(c, true) {
                match sunk_inner.iter_mut().find(|(x, _)| *x == c.l) {
                    Some((_, cs)) => cs.push(c),
                    None => sunk_inner.push((c.l, vec![c])),
                }
            }
        }
        // parloops refuses a loop with a PHI that is neither a counter nor a
        // reduction ("scalar dependency between iterations"): a value PRE
        // loads at the end of one iteration for the next is loaded in
        // each instead.
        let reloaded = if mark && !unwritten.is_empty() { gimple::transform::reload_invariants(*l, &unwritten) } else { 0 };
        // parloops refuses a value the loop computes and uses after it, a
        // reduction's apart: one that is the same in every iteration is
        // computed again after the loop instead.
        let recomputed = if mark && !p.options.no_recompute { gimple::transform::recompute_exit_values(*l) } else { 0 };
        // parloops makes a double reduction only in a nest of the
        // vectorizer's form, without a test before the inner loop.
        let entered = mark && !p.options.no_enter_inner && gimple::transform::enter_inner(*l);
        // parloops makes no reduction of a signed integer type (a partial
        // sum could overflow where the whole does not): such reductions are
        // computed in unsigned arithmetic, which gives the same values.
        let unsigned = if mark && !p.options.no_unsigned_reductions { gimple::transform::wrapping_reductions(*l, false) } else { Vec::new() };
        // parloops makes reductions only in a body of one block: a
        // conditional update becomes an unconditional one of the operand or
        // the identity.
        let selected = if mark && !p.options.no_conditional_reductions { gimple::transform::select_reductions(*l) } else { 0 };
        // parloops' counter has the precision of the loop's widest: 64-bit
        // counters for the 64-bit values of 32-bit ones keep the
        // addresses affine for the vectorizer.
        let widened = if mark && !p.options.no_wide_counters { gimple::transform::wide_counters(*l) } else { 0 };
        // An innermost loop inside a sequential loop starts the threads
        // once per iteration of the loop around it: in parallel only with
        // enough iterations, tested at run time.
        let trips_test = if mark && needs_trips && min_trips > 1 {
            // SAFETY: l is a marked loop of cfun.
            unsafe { ffi::gp_loop_version_min_trips(*l, min_trips as _) }
        } else {
            0
        };
        if trips_test == 2 {
            done.push(kept(&gimple::transform::too_few_trips(min_trips)));
            continue;
        }
        let trips_text = (trips_test == 1).then(|| format!("iterations >= {min_trips}"));
        let inside = within.as_ref().map(|w| w.text());
        // The whole test of the marked copy: within's, then test's.
        let whole: Vec<&str> = inside.iter().chain(&guard).chain(&trips_text).map(|s| s.as_str()).collect();
        let whole = (!whole.is_empty()).then(|| whole.join(" && "));
        // What the remark says after its lead ("loop marked parallel for
        // parloops", or the plugin's own region's).
        let mut msg = whole.as_ref().map(|g| format!(", in a copy run when {g}")).unwrap_or_default();
        if !storage.is_empty() {
            let names: Vec<String> = storage.iter().map(|d| d.decl_name().unwrap_or_else(|| "(unnamed)".into())).collect();
            msg.push_str(&format!("; each iteration has storage of its own for {}", names.join(", ")));
        }
        if sinking {
            msg.push_str(&format!(
                "; the running value{} of {} kept in a register, stored after the loop",
                if sinks.len() == 1 { "" } else { "s" },
                plan_cells(&outcomes[ri], *l).join(", ")
            ));
        }
        if !reduced.is_empty() {
            msg.push_str(&format!(
                "; reductions into {}: each thread adds into a zeroed copy of its own, and the copies are added to {} after the loop",
                reduced.join(", "),
                if reduced.len() == 1 { "the array" } else { "the arrays" }
            ));
        }
        if !wrapped.is_empty() {
            msg.push_str(&format!("; the sums into {} computed in unsigned arithmetic", wrapped.join(", ")));
        }
        if !private.is_empty() {
            msg.push_str(&format!("; each thread works in a copy of its own of {}", private.join(", ")));
            let filled = copies.filled();
            if !filled.is_empty() {
                msg.push_str(&format!(", filled with the values of {} from before the loop", filled.join(", ")));
            }
            if !last_private.is_empty() {
                msg.push_str(&format!(
                    ", except the last iteration, which works in {} itself, so that {} after the loop",
                    last_private.join(", "),
                    if last_private.len() == 1 { "its values are the last iteration's" } else { "their values are the last iteration's" }
                ));
            }
        }
        if recomputed > 0 {
            msg.push_str(&format!(
                "; {recomputed} value{} used after the loop taken from before it or computed again after it",
                if recomputed == 1 { "" } else { "s" }
            ));
        }
        if !unsigned.is_empty() {
            msg.push_str(&format!(
                "; the reduction{} on {} computed in unsigned arithmetic, so that parloops makes {}",
                if unsigned.len() == 1 { "" } else { "s" },
                unsigned.join(", "),
                if unsigned.len() == 1 { "it" } else { "them" }
            ));
        }
        if entered {
            msg.push_str("; versioned on the test its inner loop is entered under, so that parloops makes its reductions around the inner loop");
        }
        if widened > 0 {
            msg.push_str(&format!(
                "; {widened} 64-bit value{} of its counter given a counter of {} own, so that its accesses stay affine for the vectorizer once parloops counts its iterations",
                if widened == 1 { "" } else { "s" },
                if widened == 1 { "its" } else { "their" }
            ));
        }
        if selected > 0 {
            msg.push_str(&format!(
                "; {selected} conditional update{} of a reduction made unconditional, the condition choosing the value added or the identity, so that the loop's body is one block for parloops",
                if selected == 1 { "" } else { "s" }
            ));
        }
        if reloaded > 0 {
            msg.push_str(&format!(
                "; {reloaded} value{} that PRE carried from one iteration to the next loaded in each iteration instead",
                if reloaded == 1 { "" } else { "s" }
            ));
        }
        let cyclic = *cyclic && mark && !p.options.no_cyclic;
        if cyclic {
            msg.push_str("; iterations dealt round-robin, schedule(static, 1): the inner loops' trip counts vary with it");
        }
        // parloops declines a reduction around a nest of three loops, or
        // a last value, and would run an inner loop instead: the plugin's
        // own region runs the loop.
        // SAFETY: l is a marked loop of cfun.
        let skipped = if mark && !p.options.no_own_regions && !cyclic { unsafe { ffi::gp_loop_parloops_skips(*l) } } else { 0 };
        let mut own: Option<String> = None;
        let mut wrapped_deep: Vec<String> = Vec::new();
        if skipped != 0 {
            let line = fl.line();
            // Its reductions of signed integers around the nest, in
            // unsigned arithmetic, so that partial results may wrap.
            if skipped == 1 && !p.options.no_unsigned_reductions {
                wrapped_deep = gimple::transform::wrapping_reductions(*l, true);
            }
            match own_region(*l, line) {
                Ok(None) => {}
                Ok(Some((reductions, last))) => {
                    let because = if skipped == 1 {
                        "parloops declines reductions around nests of three loops"
                    } else {
                        "parloops declines a value used after the loop that is not a reduction, and would run an inner loop"
                    };
                    own = Some(own_region_remark(because, reductions, last));
                }
                Err(why) => diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, &format!("loop not run in a region of gccpoly's own: {why}; left to parloops")),
            }
        }
        if !wrapped_deep.is_empty() {
            msg.push_str(&format!(
                "; the reduction{} on {} computed in unsigned arithmetic, so that partial results wrap as the whole does",
                if wrapped_deep.len() == 1 { "" } else { "s" },
                wrapped_deep.join(", ")
            ));
        }
        let mut d = match &own {
            // Run already: not left to parloops.
            Some(lead) => {
                diag::remark(RemarkKind::GP_REMARK_OPTIMIZED, fl.location, &format!("{lead}{msg}"));
                (*l, vec!["parallel"], whole, None)
            }
            None => marked(*l, whole, &format!("loop marked parallel for parloops{msg}"), cyclic),
        };
        if !storage.is_empty() && mark {
            d.1.push("privatize");
        }
        if sinking {
            d.1.push("reduction");
        }
        if !reduced.is_empty() {
            d.1.push("array-reduction");
        }
        if !private.is_empty() {
            d.1.push("privatize");
        }
        if reloaded > 0 {
            d.1.push("reload");
        }
        if recomputed > 0 {
            d.1.push("recompute");
        }
        if !unsigned.is_empty() || !wrapped.is_empty() || !wrapped_deep.is_empty() {
            d.1.push("unsigned-reduction");
        }
        if selected > 0 {
            d.1.push("conditional-reduction");
        }
        if widened > 0 {
            d.1.push("wide-counter");
        }
        if entered {
            d.1.push("enter-inner");
        }
        let line = fl.pos.as_ref().map(|p| p.line);
        if cyclic {
            d.1.push("cyclic");
        }
        if own.is_some() {
            d.1.push("own-region");
        }
        let collapsed = if mark && p.options.collapse && own.is_none() { gimple::interchange::collapse(forest, region, *l, &outcomes[ri]) } else { None };
        if let Some(c) = &collapsed {
            d.1.push("collapse");
            if let Some(fi) = forest.get(c.inner) {
                diag::remark(
                    RemarkKind::GP_REMARK_OPTIMIZED,
                    fl.location,
                    &format!(
                        "loops at lines {} and {} collapsed into one parallel loop of {} x (the inner trip count) iterations: {} iterations would keep {} threads unevenly busy",
                        line.unwrap_or(0),
                        fi.line(),
                        c.trips,
                        c.trips,
                        c.threads
                    ),
                );
            }
            done.push((c.inner, vec!["collapse"], None, None));
        }
        done.push(d);
        for (x, cs) in &sunk_inner {
            let x = *x;
            if let Some(fx) = forest.get(x) {
                // PRE's register cycles only: one sentence.
                let what = if cs.iter().all(|c| !c.loaded()) {
                    let cells: Vec<&str> = cs.iter().map(|c| c.cell.as_str()).collect();
                    format!("the running value of {} kept in a register, stored after the loop", cells.join(", "))
                } else {
                    cs.iter().map(|c| c.describe()).collect::<Vec<_>>().join("; ")
                };
                diag::remark(
                    RemarkKind::GP_REMARK_OPTIMIZED,
                    fx.location,
                    &format!("{what}, in the copy of the loop at line {} that runs in parallel", line.unwrap_or(0)),
                );
            }
            let t = if cs.iter().any(|c| c.loaded()) { "register-cell" } else { "reduction" };
            done.push((x, vec![t], None, None));
        }
        for &x in otherwise {
            let (msg, g) = match &inside {
                Some(w) => (
                    format!("loop marked parallel for parloops, in the copy run when {w} holds and the rest of the test of the loop at line {} fails", line.unwrap_or(0)),
                    guard.as_ref().map(|g| format!("{w} && !({g})")),
                ),
                None => (
                    format!("loop marked parallel for parloops, in the copy run when the test of the loop at line {} fails", line.unwrap_or(0)),
                    guard.as_ref().map(|g| format!("!({g})")),
                ),
            };
            done.push(marked(x, g, &msg, false));
        }
    }
    record_done(report, forest, done);
}

/// Records in the function's report what was done to its loops.
fn record_done(mut report: Option<&mut FunctionReport>, forest: &LoopForest, done: Vec<LoopDone>) {
    for (l, transform, guard, kept) in done {
        let Some(fl) = forest.get(l) else { continue };
        if let Some(lr) = loop_report(report.as_deref_mut(), position(fl)) {
            for t in transform {
                add_transform(lr, t);
            }
            lr.guard = guard;
            lr.kept = kept;
        }
    }
}

/// What the report records of a loop: (loop, transforms, guard, why kept).
type LoopDone = (u32, Vec<&'static str>, Option<String>, Option<String>);

/// Without threads (the pass runs for interchange): only the cells
/// carried in registers, in the nests' copies where their regions' tests
/// hold (no verdicts: every loop counts as sequential).
fn carry_function(p: &mut Plugin, name: &str, d: &Detected, versioned: &Versioned) {
    let (forest, regions) = (&d.forest, &d.regions);
    let max_operations = analysis_options(p, true).max_operations;
    let mut done: Vec<LoopDone> = Vec::new();
    for r in regions {
        let nests = gimple::transform::sequential_cells(forest, r, &|_| false, max_operations);
        if nests.is_empty() {
            continue;
        }
        let Ok(test) = gimple::transform::region_test(&poly::BoundedCtx::new(max_operations), r) else { continue };
        for (l, cells) in nests {
            if !versioned.as_written.iter().any(|&c| forest.within(l, c)) {
                done.extend(carry_cells(forest, r, l, test.as_ref(), &cells, versioned));
            }
        }
    }
    let report = p.functions.iter_mut().rev().find(|f| f.name == name);
    record_done(report, forest, done);
}

/// Versions loop `l`, which stays sequential, on `test` (unless it is
/// inside interchange's version on the same test) and carries `cells` in
/// registers in the copy where it holds; remarks at each loop whose cell
/// is carried. Returns what the report records of them.
fn carry_cells(
    forest: &LoopForest,
    region: &gimple::Region,
    l: u32,
    test: Option<&gimple::transform::RuntimeTest>,
    cells: &[gimple::transform::CarriedCell],
    versioned: &Versioned,
) -> Vec<LoopDone> {
    let text = test.map(|t| t.text());
    if let (Some(test), Some(text)) = (test, &text) {
        let under = versioned.under.iter().any(|(u, g)| forest.within(l, *u) && g == text);
        if !under && gimple::transform::version_on(region, l, test).is_none() {
            if let Some(fl) = forest.get(l) {
                diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, "cells updated in memory left there: versioning the loop on its region's test failed");
            }
            return Vec::new();
        }
    }
    let within = text.as_ref().map(|t| format!(", in a copy run when {t}")).unwrap_or_default();
    let mut done = Vec::new();
    for c in cells {
        if !gimple::transform::carry_cell(c, true) {
            continue;
        }
        if let Some(fx) = forest.get(c.l) {
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fx.location,
                &format!("{}{within}", c.describe()),
            );
        }
        done.push((c.l, vec!["register-cell"], text.clone(), None));
    }
    done
}

/// The cells of loop `l`'s reductions in memory, as the verdict names them.
fn plan_cells(o: &gimple::parallel::RegionOutcome, l: u32) -> Vec<String> {
    o.loops.get(&l).map(|v| v.in_memory.clone()).unwrap_or_default()
}

/// A loop's source position: (line, column).
/// Whether loops are to be run in parallel: `-ftree-parallelize-loops=N`,
/// N > 1, and not `no-parallelize`.
fn parallelizing(p: &Plugin) -> bool {
    // SAFETY: reads a flag of the compilation, inside a pass.
    !p.options.no_parallelize && unsafe { ffi::gp_parallelize_loops_threads() } > 1
}

fn position(l: &gimple::loops::Loop) -> Option<(u32, u32)> {
    l.pos.as_ref().map(|p| (p.line, p.column))
}

/// The report's entry of the loop at source position `pos`.
fn loop_report(report: Option<&mut FunctionReport>, pos: Option<(u32, u32)>) -> Option<&mut LoopReport> {
    report?.loops.iter_mut().find(|lr| Some((lr.line, lr.column)) == pos)
}

/// Adds `t` to what was done to a loop: once, whatever the copies
/// versioning made of it.
fn add_transform(lr: &mut LoopReport, t: &'static str) {
    if !lr.transform.contains(&t) {
        lr.transform.push(t);
    }
}

/// PLUGIN_FINISH: write the report.
#[unsafe(no_mangle)]
pub extern "C" fn gccpoly_rs_finish() {
    let outcome = contained(|| with_plugin(|p| p.finish()));
    match outcome {
        Ok(Some(Err(msg))) => diag::error(&msg),
        Err(panic) => diag::error(&format!("gccpoly: internal error writing the report: {panic}")),
        _ => {}
    }
}

fn analyze_function(p: &mut Plugin, name: &str, file: Option<String>, line: u32) {
    let forest = LoopForest::of_current_function(&p.fe_loops);
    if p.options.debug_panic.as_deref() == Some(name) {
        panic!("forced by -fplugin-arg-gccpoly-debug-panic={name}");
    }
    let (regions, rejections) = ScopDetector::new(&forest).detect();
    let mut region_of = std::collections::HashMap::new();
    for (k, r) in regions.iter().enumerate() {
        for &l in &r.loops {
            region_of.insert(l, k as u32 + 1);
        }
    }
    let aopts = analysis_options(p, false);
    let outcomes: Vec<gimple::parallel::RegionOutcome> =
        regions.iter().map(|r| gimple::parallel::analyze_region(&forest, r, aopts)).collect();
    let rejection_of: std::collections::HashMap<u32, &gimple::scop::LoopRejection> =
        rejections.iter().map(|r| (r.loop_num, r)).collect();
    let mut text = format!(";; Function {name} (line {line})\n");
    let mut loops = Vec::new();
    for l in &forest.loops {
        let (line, column) = l.pos.as_ref().map(|p| (p.line, p.column)).unwrap_or((0, 0));
        let parent_line = l
            .parent
            .and_then(|n| forest.get(n))
            .and_then(|pl| pl.pos.as_ref().map(|p| p.line));
        let place = match parent_line {
            Some(pl) => format!("nested in the loop at line {pl}"),
            None => "outermost".to_string(),
        };
        let scop = region_of.get(&l.num).copied();
        let in_scop = match scop {
            Some(id) => format!(", in SCoP {id}"),
            None => String::new(),
        };
        diag::remark(
            RemarkKind::GP_REMARK_NOTE,
            l.location,
            &format!("loop {} at depth {}, {place}{in_scop}", l.num, l.depth),
        );
        text.push_str(&format!(
            "{:indent$}loop {} ({}) at {}:{}: depth {}, parent {}{in_scop}\n",
            "",
            l.num,
            l.statement.unwrap_or("no statement found"),
            line,
            column,
            l.depth,
            l.parent.map(|n| n.to_string()).unwrap_or_else(|| "none".into()),
            indent = 2 * l.depth as usize
        ));
        // The verdict: the region's, or "not modelled".
        let verdict = match scop {
            Some(id) => outcomes[id as usize - 1].loops.get(&l.num).cloned(),
            None => None,
        };
        let verdict = verdict.unwrap_or_else(|| {
            let why = match rejection_of.get(&l.num) {
                Some(r) => format!("not modelled: {}: {}", r.rejection.reason.as_str(), r.rejection.detail),
                None => "not modelled: the loop is in no region".to_string(),
            };
            gimple::parallel::LoopOutcome::none(why)
        });
        if scop.is_some() {
            let (optimized, msg) = verdict.remark();
            let kind = if optimized { RemarkKind::GP_REMARK_OPTIMIZED } else { RemarkKind::GP_REMARK_MISSED };
            diag::remark(kind, l.location, &msg);
        }
        loops.push(LoopReport {
            id: l.num,
            file: l.pos.as_ref().map(|p| p.file.clone()),
            line,
            column,
            depth: l.depth,
            parent: l.parent,
            scop,
            parallel: verdict.parallel,
            kind: verdict.kind,
            private: verdict.private.clone(),
            firstprivate: verdict.firstprivate.clone(),
            lastprivate: verdict.lastprivate.clone(),
            reductions: verdict.reductions.iter().map(|(v, op)| ReductionReport { var: v.clone(), op }).collect(),
            blockers: verdict.blockers.clone(),
            interchange: verdict
                .interchange
                .iter()
                .map(|(w, legal, reason)| InterchangeReport { with: *w, legal: *legal, reason: reason.clone() })
                .collect(),
            transform: Vec::new(),
            swapped_with: None,
            guard: None,
            kept: None,
            declined: None,
            offload: None,
        });
    }
    let mut rejected = Vec::new();
    for r in &rejections {
        let fl = forest.get(r.loop_num);
        let lline = fl.and_then(|l| l.pos.as_ref().map(|p| p.line)).unwrap_or(0);
        let reason = r.rejection.reason.as_str();
        let detail = &r.rejection.detail;
        if let Some(l) = fl {
            diag::remark(RemarkKind::GP_REMARK_MISSED, l.location, &format!("loop not in a SCoP: {reason}: {detail}"));
        }
        text.push_str(&format!("rejected loop at line {lline}: {reason}: {detail}\n"));
        rejected.push(RejectedReport { line: lline, reason, detail: detail.clone() });
    }
    let mut scops = Vec::new();
    for (k, r) in regions.iter().enumerate() {
        let id = k as u32 + 1;
        diag::remark(
            RemarkKind::GP_REMARK_NOTE,
            r.location,
            &format!(
                "SCoP {id}: {} loop{}, {} statement{}",
                r.loops.len(),
                if r.loops.len() == 1 { "" } else { "s" },
                r.scop.statements.len(),
                if r.scop.statements.len() == 1 { "" } else { "s" }
            ),
        );
        text.push_str(&region_dump(id, r));
        let o = &outcomes[k];
        text.push_str(&o.dump);
        scops.push(ScopReport {
            id,
            line: r.line,
            loops: r.loops.len(),
            statements: r.scop.statements.len(),
            params: r.params.clone(),
            param_values: r.param_texts(),
            assumptions: r
                .assumptions
                .iter()
                .map(|a| AssumptionReport { kind: a.kind, text: a.text.clone() })
                .collect(),
            arrays: o.arrays.clone(),
            dependences: o.counts.map(|c| DependenceReport { flow: c.flow, memory: c.memory, memory_ignored: c.memory_ignored }),
        });
    }
    if p.options.plans_offload() {
        plan_offload(p, name, &forest, &regions, &outcomes, aopts.max_operations, &mut loops);
    } else if parallelizing(p) {
        let split = if p.options.no_index_split {
            vec![false; regions.len()]
        } else {
            index_splits(&forest, &regions, &outcomes, aopts, &mut loops)
        };
        if !p.options.no_wavefront {
            wavefronts(&forest, &regions, &outcomes, &split, aopts.max_operations, &mut loops);
        }
    }
    text.push('\n');
    p.dump_text(&text);
    p.functions.push(FunctionReport { name: name.to_string(), file, line, loops, scops, rejected, error: None });
}

/// Splits, around one iteration, the loops that are parallel on each side
/// of it and not as a whole (docs/codegen.md, Index-set splitting): a loop
/// not parallel whose verdicts on its iterations before and after the one
/// where its counter equals an enclosing loop's are parallel (row k of
/// Floyd-Warshall's i loop). The split itself keeps the iterations' order,
/// so it needs no model; the parallel marking before parloops then judges
/// each part on its own model. One loop per region, the outermost first:
/// the region's model no longer describes the code. Says which regions
/// changed.
fn index_splits(
    forest: &LoopForest,
    regions: &[gimple::Region],
    outcomes: &[gimple::parallel::RegionOutcome],
    aopts: gimple::parallel::AnalysisOptions,
    loops: &mut [LoopReport],
) -> Vec<bool> {
    let mut changed = vec![false; regions.len()];
    for (k, (r, o)) in regions.iter().zip(outcomes).enumerate() {
        // Loops not parallel whose sides would be worth starting the
        // threads for.
        let candidates: Vec<u32> = r
            .loops
            .iter()
            .copied()
            .filter(|l| o.loops.get(l).is_some_and(|v| !v.parallel) && gimple::transform::too_little_work(forest, *l).is_none())
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let Ok(judge) = gimple::parallel::SplitJudge::new(forest, r) else { continue };
        'region: for l in candidates {
            let Some(fl) = forest.get(l) else { continue };
            // Enclosing loops of the region, the innermost first.
            let mut outer: Vec<u32> = r.loops.iter().copied().filter(|&e| e != l && forest.within(l, e)).collect();
            outer.sort_by_key(|&e| std::cmp::Reverse(forest.get(e).map_or(0, |x| x.depth)));
            let (mut start, mut start_tree) = (0i64, std::ptr::null_mut());
            let (mut offset, mut base) = (0i64, std::ptr::null_mut());
            // SAFETY: l is a loop of cfun; the shim only reads it.
            let shaped = unsafe { ffi::gp_loop_split_start(l, &mut start, &mut start_tree, &mut base, &mut offset) }
                == ffi::gp_split_status::GP_SPLIT_OK;
            // The split points: the enclosing loops' counters, then the
            // region's parameters where the loop's counter starts at a
            // constant, at another parameter or at one plus a constant (the
            // model counts iterations from zero, so the cut is start +
            // iteration = parameter; a cut in the parameters' true values
            // is right whatever names the model gives the start). Each with
            // how it is made: around an enclosing loop's counter that starts
            // alike (None), or around that counter plus a constant.
            let mut points: Vec<(gimple::parallel::SplitAt, String, Option<i64>)> = Vec::new();
            for e in outer {
                let Some(fe) = forest.get(e) else { continue };
                let what = format!("the one of the loop at line {}", fe.line());
                let mut outer_start = 0i64;
                // SAFETY: l and e are loops of cfun; the shim only reads them.
                let apart = shaped
                    && start_tree.is_null()
                    && unsafe { ffi::gp_loop_outer_start(l, e, &mut outer_start) } == ffi::gp_split_status::GP_SPLIT_OK
                    && outer_start != start;
                if !apart {
                    points.push((gimple::parallel::SplitAt::Loop { outer: e, offset: 0 }, what, None));
                    continue;
                }
                // Constant starts apart by d: the counters are equal where
                // the iteration numbers differ by d, and the iteration
                // numbers where the counters differ by d.
                let d = outer_start - start;
                let by = if d < 0 { format!("{what} plus {}", -d) } else { format!("{what} minus {d}") };
                points.push((gimple::parallel::SplitAt::Loop { outer: e, offset: d as i128 }, what, Some(0)));
                points.push((gimple::parallel::SplitAt::Loop { outer: e, offset: 0 }, by, Some(-d)));
            }
            if shaped {
                let param_of = |t: *mut ffi::gp_tree| r.param_values.iter().find(|(_, v)| !t.is_null() && v.tree.raw() == t).map(|(n, _)| n.as_str());
                // A start computed before the loop must be a parameter, or
                // one plus a constant.
                let mut start_name = param_of(start_tree);
                if start_name.is_none() && !start_tree.is_null() {
                    start_name = param_of(base);
                    start = offset;
                }
                if start_tree.is_null() || start_name.is_some() {
                    for name in r.param_values.keys().filter(|n| Some(n.as_str()) != start_name) {
                        points.push((gimple::parallel::SplitAt::Param { name, start: start as i128, start_name }, judge.display(name), None));
                    }
                }
            }
            for (at, what, by) in points {
                let Ok((true, reason)) = judge.sides(l, at, aopts.reassociate, aopts.max_operations) else { continue };
                let status = match at {
                    // SAFETY: l and e are loops of cfun; the shim checks
                    // their shape before changing anything.
                    gimple::parallel::SplitAt::Loop { outer: e, .. } => match by {
                        None => unsafe { ffi::gp_loop_index_split(l, e) },
                        Some(c) => unsafe { ffi::gp_loop_index_split_offset(l, e, c) },
                    },
                    // SAFETY: l is a loop of cfun and the tree the SSA name
                    // the parameter stands for; the shim checks both.
                    gimple::parallel::SplitAt::Param { name, .. } => unsafe { ffi::gp_loop_index_split_at(l, r.param_values[name].tree.raw()) },
                };
                if status != ffi::gp_split_status::GP_SPLIT_OK {
                    diag::remark(
                        RemarkKind::GP_REMARK_MISSED,
                        fl.location,
                        &format!("loop not split around the iteration where its counter equals {what}: {}; {reason}", split_refusal(status)),
                    );
                    continue;
                }
                diag::remark(
                    RemarkKind::GP_REMARK_OPTIMIZED,
                    fl.location,
                    &format!(
                        "loop split around the iteration where its counter equals {what}: the iterations before it, that iteration and the iterations after it run as three loops, in that order; {reason}"
                    ),
                );
                if let Some(lr) = loops.iter_mut().find(|lr| Some((lr.line, lr.column)) == position(fl)) {
                    add_transform(lr, "index-split");
                }
                changed[k] = true;
                break 'region;
            }
        }
    }
    changed
}

/// Why `gp_loop_index_split` refused a loop.
fn split_refusal(s: ffi::gp_split_status) -> &'static str {
    use ffi::gp_split_status as S;
    match s {
        S::GP_SPLIT_OK => "it can be split",
        S::GP_SPLIT_SHAPE => "its exit is not its last test, or GCC cannot copy it",
        S::GP_SPLIT_COUNTER => "it carries values besides counters, or its exit test does not compare one signed counter stepping by one with an invariant bound",
        S::GP_SPLIT_OUTER_COUNTER => "the loops' counters do not start alike or step alike",
        S::GP_SPLIT_VALUE_OUT => "a value it computes is used after it",
        S::GP_SPLIT_START => "its counter starts neither at a constant nor at a value computed before it",
        S::GP_SPLIT_VALUE => "that value is not of its counter's type",
    }
}

/// Runs by wavefronts the loop pairs whose parallelism lies along their
/// diagonals only (docs/codegen.md, Wavefronts): a loop outermost in its
/// region whose one inner loop holds loops, neither of them parallel, when
/// the interchange of their iteration numbers keeps every dependence and
/// the outer loop's iterations on one wavefront touch no common cell. This
/// runs right after the analysis, before GCC's loop passes (loop splitting
/// would break the pair apart); the parallel marking before parloops finds
/// the new inner loop parallel on its own model of the changed code.
fn wavefronts(
    forest: &LoopForest,
    regions: &[gimple::Region],
    outcomes: &[gimple::parallel::RegionOutcome],
    changed: &[bool],
    max_operations: u64,
    loops: &mut [LoopReport],
) {
    for ((r, o), _) in regions.iter().zip(outcomes).zip(changed).filter(|(_, &c)| !c) {
        let children = |l: u32| gimple::interchange::children(forest, r, l);
        let sequential = |l: u32| o.loops.get(&l).is_some_and(|v| !v.parallel);
        for &l in &r.loops {
            if r.loops.iter().any(|&x| x != l && forest.within(l, x)) {
                continue;
            }
            let [n] = children(l)[..] else { continue };
            if children(n).is_empty() || !sequential(l) || !sequential(n) {
                continue;
            }
            let (Some(fo), Some(fi)) = (forest.get(l), forest.get(n)) else { continue };
            // SAFETY: l is a loop of cfun; with apply 0 nothing changes.
            if unsafe { ffi::gp_loop_wavefront(l, 0) } != ffi::gp_interchange_status::GP_IX_OK {
                continue;
            }
            let missed = |why: &str| {
                diag::remark(RemarkKind::GP_REMARK_MISSED, fo.location, &format!("loops at lines {} and {} not run by wavefronts: {why}", fo.line(), fi.line()));
            };
            let reason = match gimple::parallel::pair_wavefront(forest, r, l, n, max_operations) {
                Ok((true, reason)) => reason,
                Ok((false, why)) | Err(why) => {
                    missed(&why);
                    continue;
                }
            };
            // The model holds where the region's assumptions do: the pair
            // is first versioned on their run-time test, and runs by
            // wavefronts in the copy where it holds.
            let test = match gimple::transform::region_test(&poly::BoundedCtx::new(max_operations), r) {
                Ok(t) => t,
                Err(why) => {
                    missed(&why);
                    continue;
                }
            };
            if let Some(t) = &test {
                if gimple::transform::version_on(r, l, t).is_none() {
                    missed("versioning the pair on its region's run-time test failed");
                    continue;
                }
            }
            // SAFETY: as above; the pair's shape was just checked.
            if unsafe { ffi::gp_loop_wavefront(l, 1) } != ffi::gp_interchange_status::GP_IX_OK {
                missed("versioning the pair on its count failed");
                continue;
            }
            let within = test.map(|t| format!(", in a copy run when {}", t.text())).unwrap_or_default();
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fo.location,
                &format!(
                    "loops at lines {} and {} run by wavefronts{within}: the outer loop counts the inner loop's iterations, and for each the inner loop runs the outer loop's iterations that have it (a diagonal of the nest), which are independent; {reason}",
                    fo.line(),
                    fi.line()
                ),
            );
            for x in [fo, fi] {
                if let Some(lr) = loops.iter_mut().find(|lr| Some((lr.line, lr.column)) == position(x)) {
                    add_transform(lr, "wavefront");
                }
            }
            // One pair per region: its model no longer describes the code.
            break;
        }
    }
}

/// The offload plans of cfun's regions: their remarks, report entries
/// (in `loops`) and the pragmas to write.
fn plan_offload(
    p: &mut Plugin,
    name: &str,
    forest: &LoopForest,
    regions: &[gimple::Region],
    outcomes: &[gimple::parallel::RegionOutcome],
    max_operations: u64,
    loops: &mut [LoopReport],
) {
    // SAFETY: inside the pass, where cfun is set.
    let (start, end) = unsafe { (ffi::gp_cfun_location(), ffi::gp_cfun_end_location()) };
    let body = SourcePos::of(start).zip(SourcePos::of(end).map(|e| e.line));
    let opts = gimple::offload::PlanOptions {
        min_iterations: p.options.offload_min_iterations.map_or(gimple::offload::OFFLOAD_MIN_ITERATIONS, |n| n as i128),
        interchange: !p.options.no_interchange,
        max_operations,
    };
    let line_of = |l: u32| gimple::offload::line_of(forest, l);
    for (r, outcome) in regions.iter().zip(outcomes) {
        let plans = gimple::offload::plan_region(forest, &p.fe_loops, name, r, outcome, opts);
        for (l, mut plan) in plans {
            let Some(fl) = forest.get(l) else { continue };
            // The pragma needs a line of its own before the keyword, and
            // the loops' headers as OpenMP wants them.
            if let Ok(pl) = plan.as_mut() {
                if pl.pragma.is_ok() {
                    if let Some(why) = gimple::offload::source_obstacle(&mut p.fe_loops, name, forest, pl, l, body.clone()) {
                        pl.pragma = Err(why);
                    }
                }
            }
            let report = offload_report(&plan, &line_of);
            match &plan {
                Ok(pl) => {
                    let mut alone = format!("{:.1} with the outermost loop alone", pl.original_requests);
                    if let [a, b] = report.interchanged[..] {
                        alone.push_str(&format!("; the loops at lines {a} and {b} interchanged"));
                    }
                    let text = match &pl.pragma {
                        Ok(pragma) => {
                            let guard = pl.guard.as_ref().map_or(String::new(), |g| format!(" if {g}, else the loop as written"));
                            format!("offload plan: {pragma}{guard}; {:.1} memory requests per warp ({alone})", pl.requests)
                        }
                        Err(why) => format!("offload plan with collapse({}), {:.1} memory requests per warp ({alone}), not written in the source: {why}", pl.collapse, pl.requests),
                    };
                    diag::remark(RemarkKind::GP_REMARK_NOTE, fl.location, &text);
                    if let (Ok(pragma), Some(pos)) = (&pl.pragma, fl.pos.clone()) {
                        let at = |l: u32| forest.get(l).and_then(|x| x.pos.clone());
                        let swap = pl.swap.and_then(|(a, b)| Some((at(a)?, at(b)?)));
                        if pl.swap.is_none() || swap.is_some() {
                            let guard = pl.guard.clone().zip(pl.end);
                            p.annotations.push(Annotation { function: name.to_string(), pos, pragma: pragma.clone(), swap, guard });
                        }
                    }
                }
                Err(why) => diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, &format!("no offload plan: {why}")),
            }
            if let Some(lr) = loops.iter_mut().find(|x| x.id == l) {
                lr.offload = Some(report);
            }
        }
    }
}

/// The report entry of an offload plan, or of the reason there is none.
fn offload_report(plan: &Result<gimple::offload::OffloadPlan, String>, line_of: &dyn Fn(u32) -> u32) -> OffloadReport {
    let Ok(pl) = plan else {
        return OffloadReport { reason: plan.as_ref().err().cloned(), ..OffloadReport::default() };
    };
    OffloadReport {
        planned: true,
        collapse: Some(pl.collapse),
        requests: Some(pl.requests),
        original_requests: Some(pl.original_requests),
        accesses: pl
            .accesses
            .iter()
            .map(|a| OffloadAccessReport {
                array: a.array.clone(),
                line: a.line,
                write: a.write,
                requests: a.requests,
                coalescing: match a.coalescing {
                    poly::coalesce::Coalescing::Uniform => "uniform",
                    poly::coalesce::Coalescing::Coalesced => "coalesced",
                    poly::coalesce::Coalescing::Strided => "strided",
                    poly::coalesce::Coalescing::Uncoalesced => "uncoalesced",
                },
            })
            .collect(),
        pragma: pl.pragma.as_ref().ok().cloned(),
        guard: pl.pragma.as_ref().ok().and(pl.guard.clone()),
        unwritten: pl.pragma.as_ref().err().cloned(),
        interchanged: pl.swap.map(|(a, b)| vec![line_of(a), line_of(b)]).unwrap_or_default(),
        ..OffloadReport::default()
    }
}

/// A region in isl notation, for the dump.
fn region_dump(id: u32, r: &gimple::Region) -> String {
    let mut t = format!("SCoP {id} at line {}: loops {:?}\n", r.line, r.loops);
    t.push_str(&format!("  context: {}\n", r.scop.context));
    t.push_str(&format!("  arrays: {}\n", r.arrays.join(", ")));
    for a in &r.assumptions {
        t.push_str(&format!("  assumption ({}): {}\n", a.kind, a.text));
    }
    if let Some(k) = &r.known {
        t.push_str(&format!("  known: {k}\n"));
    }
    for (l, k) in &r.known_at {
        t.push_str(&format!("  known at loop {l}: {k}\n"));
    }
    if !r.live_out.is_empty() {
        t.push_str(&format!("  live-out scalars: {}\n", r.live_out.join(", ")));
    }
    if let Some(b) = r.entry_outside {
        t.push_str(&format!("  entry block {b}: only its final condition is in the region\n"));
    }
    for s in &r.scop.statements {
        t.push_str(&format!("  statement {} (line {})\n", s.name, s.line));
        t.push_str(&format!("    domain: {}\n", s.domain));
        t.push_str(&format!("    schedule: {}\n", s.schedule));
        for a in &s.accesses {
            let kind = match a.kind {
                poly::AccessKind::Read => "read",
                poly::AccessKind::MustWrite => "must-write",
                poly::AccessKind::MayWrite => "may-write",
            };
            t.push_str(&format!("    {kind}: {}\n", a.relation));
        }
    }
    t
}

impl Plugin {
    /// Writes the main input file with the offload pragmas that fit it
    /// to `path`, or (`plan`) as the plan file of offload-generate=`path`,
    /// and notes in the report which were written.
    fn write_annotated(&mut self, path: &std::path::Path, plan: bool) -> Result<(), String> {
        // SAFETY: GCC's main input file name, set for the whole run.
        let input = ffi::string_from(unsafe { ffi::gp_main_input_filename() });
        let text = std::fs::read_to_string(&input).map_err(|e| format!("gccpoly: cannot read '{input}' to annotate it: {e}"))?;
        let input_name = gimple::offload::canonical_name(&input);
        if !plan && input_name.is_some() && gimple::offload::canonical_name(path) == input_name {
            return Err(format!("gccpoly: annotate={} names the input file itself; write the annotated copy elsewhere", path.display()));
        }
        if self.functions.is_empty() {
            diag::note(0, "gccpoly: no function went through the loop optimizers (-O0, -Og?): the annotated copy has no construct");
        }
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mine: Vec<&Annotation> = self.annotations.iter().filter(|a| a.pos.file == input).collect();
        let plans: Vec<gimple::offload::AnnotationPlan> = mine
            .iter()
            .map(|a| gimple::offload::AnnotationPlan {
                line: a.pos.line,
                column: a.pos.column,
                pragma: a.pragma.clone(),
                swap: a.swap.as_ref().map(|(x, y)| ((x.line, x.column), (y.line, y.column))),
                guard: a.guard.clone(),
            })
            .collect();
        let (out, skipped) = gimple::offload::annotate(&lines, &plans, plan.then_some(input.as_str()));
        // Lines end as the source's do.
        let out = if text.contains("\r\n") { out.replace('\n', "\r\n") } else { out };
        let (path, out) = if plan {
            std::fs::create_dir_all(path).map_err(|e| format!("gccpoly: cannot create the offload plan directory '{}': {e}", path.display()))?;
            let file = gimple::offload::plan_path(path, &input);
            let deps = gimple::offload::dependencies_path(&file);
            std::fs::write(&deps, gimple::offload::plan_dependencies(&source_files(), &preprocessor_options()))
                .map_err(|e| format!("gccpoly: cannot write '{}': {e}", deps.display()))?;
            (file, gimple::offload::plan_text(&text, &out))
        } else {
            (path.to_path_buf(), out)
        };
        std::fs::write(&path, out).map_err(|e| format!("gccpoly: cannot write the annotated source '{}': {e}", path.display()))?;
        for a in &self.annotations {
            let why = if a.pos.file != input {
                Some("the loop is not in the main input file".to_string())
            } else {
                skipped.iter().find(|(l, _)| *l == a.pos.line).map(|(_, w)| w.clone())
            };
            let Some(f) = self.functions.iter_mut().find(|f| f.name == a.function) else { continue };
            for lr in f.loops.iter_mut().filter(|l| l.line == a.pos.line && l.column == a.pos.column) {
                if let Some(o) = lr.offload.as_mut() {
                    match &why {
                        None => o.annotated = true,
                        Some(w) => o.unwritten = Some(w.clone()),
                    }
                }
            }
        }
        Ok(())
    }

    fn dump_text(&mut self, text: &str) {
        if let Some(f) = self.dump.as_mut() {
            // A dump that cannot be written must not stop the compilation.
            let _ = f.write_all(text.as_bytes());
        }
    }

    fn finish(&mut self) -> Result<(), String> {
        if let Some(f) = self.dump.as_mut() {
            let _ = f.flush();
        }
        if let Some(path) = self.options.annotate.clone() {
            self.write_annotated(&path, false)?;
        }
        if let Some(dir) = self.options.offload_generate.clone() {
            self.write_annotated(&dir, true)?;
        }
        // The plan must have been compiled with the headers its source was
        // (quote includes are searched from the plan's directory first).
        if let Some((plan, source, expected)) = &self.plan_in_use {
            let read: Vec<String> = source_files()
                .into_iter()
                .map(|f| gimple::offload::canonical_name(&f).unwrap_or(f))
                .collect();
            if let Some(why) = gimple::offload::other_files(plan, source, &read, expected) {
                return Err(format!("gccpoly: the offload plan '{}' was compiled with other files than its source: {why}; remove the header of the same name from the plan's directory or the -iquote directories, or rebuild the plans", plan.display()));
            }
        }
        let Some(path) = self.options.report.clone() else {
            return Ok(());
        };
        let input = if self.lto == LtoStage::Compile {
            // SAFETY: GCC's main input file name, set for the whole run.
            ffi::string_from(unsafe { ffi::gp_main_input_filename() })
        } else {
            let mut files: Vec<String> = Vec::new();
            // SAFETY: the callback only appends to `files`, which outlives the call.
            unsafe { ffi::gp_for_each_input_file(Some(push_name), &mut files as *mut Vec<String> as *mut c_void) };
            files.join(" ")
        };
        let report = Report {
            plugin: "gccpoly",
            version: VERSION,
            gcc: self.running_gcc.clone(),
            input,
            functions: std::mem::take(&mut self.functions),
        };
        // One partition of an -flto link adds its functions to the report
        // the link's lto1 -fwpa began.
        let written = if self.lto == LtoStage::Partition { report.add_to_file(&path) } else { std::fs::write(&path, report.to_json()) };
        written.map_err(|e| format!("gccpoly: cannot write the report '{}': {e}", path.display()))
    }
}
