//! What the stages share: finding cfun's loops and regions, the options of
//! their analysis, the nests interchange versioned, and the report's
//! entries of what was done to a loop.

use crate::ffi;
use crate::gimple::{self, LoopForest, ScopDetector};
use crate::report::{FunctionReport, LoopReport};
use crate::state::Plugin;

/// The options of the analysis of the current function; `verdicts_only`
/// for the pass before parloops.
pub(super) fn analysis_options(p: &Plugin, verdicts_only: bool) -> gimple::parallel::AnalysisOptions {
    gimple::parallel::AnalysisOptions {
        reassociate: gimple::ir::associative_math() || p.options.reassociate,
        reassociate_by_option: !gimple::ir::associative_math() && p.options.reassociate,
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
pub(super) struct Versioned {
    pub(super) under: Vec<(u32, String)>,
    pub(super) as_written: Vec<u32>,
    pub(super) changed: bool,
}

/// cfun's loops and regions, and how long finding the regions took.
pub(super) struct Detected {
    pub(super) forest: LoopForest,
    pub(super) regions: Vec<gimple::Region>,
    pub(super) took: std::time::Duration,
}

/// Finds cfun's loops and the regions the model describes (the pass
/// before parloops, which needs no rejections).
pub(super) fn detect(p: &Plugin) -> Detected {
    let t0 = std::time::Instant::now();
    let forest = LoopForest::of_current_function(&p.fe_loops);
    let (regions, _) = detect_regions(&forest);
    Detected { forest, regions, took: t0.elapsed() }
}

/// The regions of `forest` and the loops in none; with GCCPOLY_TIME, says
/// how long finding them took.
pub(super) fn detect_regions(forest: &LoopForest) -> (Vec<gimple::Region>, Vec<gimple::scop::LoopRejection>) {
    let t0 = std::time::Instant::now();
    let found = ScopDetector::new(forest).detect();
    if std::env::var_os("GCCPOLY_TIME").is_some() {
        eprintln!("gccpoly time: detection: {} regions, {:?}", found.0.len(), t0.elapsed());
    }
    found
}

/// The budget of isl calls of cfun's analysis in one pass, and of each of
/// its regions' in each step (options region-budget, function-budget).
pub(super) fn function_work(p: &Plugin, name: &str) -> poly::Work {
    let region = p.options.region_budget.unwrap_or(poly::bounded::DEFAULT_REGION_WORK);
    poly::Work::function(name, p.options.function_budget.unwrap_or(poly::bounded::DEFAULT_FUNCTION_WORK), region)
}

/// Records in the function's report what was done to its loops.
pub(super) fn record_done(mut report: Option<&mut FunctionReport>, forest: &LoopForest, done: Vec<LoopDone>) {
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
pub(super) type LoopDone = (u32, Vec<&'static str>, Option<String>, Option<String>);

/// Whether loops are to be run in parallel: `-ftree-parallelize-loops=N`,
/// N > 1, and not `no-parallelize`.
pub(super) fn parallelizing(p: &Plugin) -> bool {
    // SAFETY: reads a flag of the compilation, inside a pass.
    !p.options.no_parallelize && unsafe { ffi::gp_parallelize_loops_threads() } > 1
}

/// A loop's source position: (line, column).
pub(super) fn position(l: &gimple::loops::Loop) -> Option<(u32, u32)> {
    l.pos.as_ref().map(|p| (p.line, p.column))
}

/// The report's entry of the loop at source position `pos`.
pub(super) fn loop_report(report: Option<&mut FunctionReport>, pos: Option<(u32, u32)>) -> Option<&mut LoopReport> {
    loop_entry(&mut report?.loops, pos)
}

/// The entry among `loops` (a function's, being built) of the loop at
/// source position `pos`.
pub(super) fn loop_entry(loops: &mut [LoopReport], pos: Option<(u32, u32)>) -> Option<&mut LoopReport> {
    loops.iter_mut().find(|lr| Some((lr.line, lr.column)) == pos)
}

/// Adds `t` to what was done to a loop: once, whatever the copies
/// versioning made of it.
pub(super) fn add_transform(lr: &mut LoopReport, t: &'static str) {
    if !lr.transform.contains(&t) {
        lr.transform.push(t);
    }
}

/// The function's entry in the report (its latest, should a function be
/// compiled twice).
pub(super) fn function_report<'a>(functions: &'a mut [FunctionReport], name: &str) -> Option<&'a mut FunctionReport> {
    functions.iter_mut().rev().find(|f| f.name == name)
}

/// Runs marked loop `num` (else the marked loop at source line `line`)
/// in an OpenMP region of the plugin's own (`gp_loop_own_region`): the
/// numbers of its reductions and of its values taken from the last
/// iteration; None where it already is in parloops' region; or why it is
/// not done. Its floating-point reductions only under -fassociative-math
/// or with `reassociate` (-fplugin-arg-gccpoly-reassociate).
pub(super) fn own_region(num: u32, line: u32, reassociate: bool) -> Result<Option<(u32, u32)>, String> {
    let (mut reductions, mut last) = (0u32, 0u32);
    let mut why: *const std::os::raw::c_char = std::ptr::null();
    // SAFETY: called inside a pass of the loop pipeline, where cfun and its
    // loops are set; the out-pointers point to locals.
    let done = unsafe { ffi::gp_loop_own_region(num, line, reassociate as i32, &mut reductions, &mut last, &mut why) };
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
pub(super) fn own_region_remark(because: &str, reductions: u32, last: u32) -> String {
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
