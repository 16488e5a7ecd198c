//! What runs for a function, in order, in each of the plugin's passes.
//!
//! **After PRE** (`after_pre`, the analysis pass):
//! 1. detect: cfun's loops and the regions (SCoPs) the model describes,
//!    with why each other loop is in none;
//! 2. model, dataflow and verdicts: each region's polyhedral model and
//!    dependences, and the verdict on each of its loops;
//! 3. remarks and report entries: a note and the verdict's remark at each
//!    loop, the rejected loops, the SCoPs (`analysis`);
//! 4. with offload-generate or annotate, the offload plans (`offload`);
//!    else, with threads, the early rewrites: index-set splits
//!    (`index_split`), then wavefronts (`wavefront`), before GCC's loop
//!    passes break the nests apart;
//! 5. the dump's text, and the function's report entry.
//!
//! **Before parloops** (`before_parloops`):
//! 1. detect: the loops and regions GCC's passes left;
//! 2. the rewrites that reorder iterations (`reorder`): interchange, runs
//!    by diagonals (skew), unroll-and-jam and the shift, each under its
//!    region's run-time test;
//! 3. detect again where they changed the function;
//! 4. with threads, the parallel marking (`marking`): run-time tests,
//!    versioning, and the rewrites that make parloops accept a loop;
//!    without, the cells carried in registers (`cells`).
//!
//! **After parloops** (`after_parloops`): schedule(static, 1) for marked
//! loops of varying inner trip counts, and the plugin's own OpenMP regions
//! for the marked loops parloops declined.
//!
//! **At the end of the unit** (`finish`): the annotated source or offload
//! plan, and the JSON report.

mod after_parloops;
mod analysis;
mod cells;
mod common;
mod finish;
mod index_split;
mod marking;
mod offload;
mod reorder;
mod unreached;
mod wavefront;

pub(crate) use offload::use_offload_plan;

use crate::ffi;
use crate::gimple::LoopForest;
use crate::report::FunctionReport;
use crate::state::Plugin;
use common::{analysis_options, detect, parallelizing, Versioned};
use std::ffi::c_void;

/// PLUGIN_PRE_GENERICIZE: where the loop statements of `fndecl` start
/// (and, for the offload plans, how their headers are written).
pub(crate) fn front_end(p: &mut Plugin, fndecl: *mut c_void) {
    let details = p.options.plans_offload();
    p.fe_loops.record_function(fndecl, details)
}

/// The pass after PRE, on cfun (function `name` at `file`:`line`): the
/// analysis, its remarks, report entry and dump, and the early rewrites.
pub(crate) fn after_pre(p: &mut Plugin, name: &str, file: Option<String>, line: u32) {
    let work = common::function_work(p, name);
    let forest = LoopForest::of_current_function(&p.fe_loops);
    if p.options.debug_panic.as_deref() == Some(name) {
        panic!("forced by -fplugin-arg-gccpoly-debug-panic={name}");
    }
    let (regions, rejections) = common::detect_regions(&forest);
    let aopts = analysis_options(p, false);
    let outcomes = analysis::verdicts(&forest, &regions, aopts);
    let mut text = format!(";; Function {name} (line {line})\n");
    let mut loops = analysis::loop_entries(&forest, &regions, &outcomes, &rejections, &mut text);
    let rejected = analysis::rejected_entries(&forest, &rejections, &mut text);
    let scops = analysis::scop_entries(&regions, &outcomes, &mut text);
    if p.options.plans_offload() {
        offload::plan_offload(p, name, &forest, &regions, &outcomes, aopts.max_operations, &mut loops);
    } else if parallelizing(p) {
        let split = if p.options.no_index_split {
            vec![false; regions.len()]
        } else {
            index_split::index_splits(&forest, &regions, &outcomes, aopts, &mut loops)
        };
        if !p.options.no_wavefront {
            wavefront::wavefronts(&forest, &regions, &outcomes, &split, aopts.max_operations, &mut loops);
        }
    }
    if std::env::var_os("GCCPOLY_TIME").is_some() {
        eprintln!("gccpoly time: function {name} after PRE: {} isl calls", work.used());
    }
    text.push('\n');
    p.dump_text(&text);
    p.functions.push(FunctionReport { name: name.to_string(), file, line, loops, scops, rejected, error: None });
}

/// The pass before parloops, on cfun (function `name`): the rewrites that
/// reorder iterations, then the parallel marking, or without threads the
/// cells carried in registers.
pub(crate) fn before_parloops(p: &mut Plugin, name: &str) {
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
    let _work = common::function_work(p, name);
    let found = detect(p);
    let versioned = if interchange { reorder::reorder(p, name, &found, parallel, swapping, jamming, shifting) } else { Versioned::default() };
    // Interchange's changes are analysed afresh.
    if parallel {
        let found = if versioned.changed { detect(p) } else { found };
        marking::mark_parallel(p, name, &found, &versioned)
    } else if !p.options.no_memory_reductions {
        let found = if versioned.changed { detect(p) } else { found };
        cells::carry_function(p, name, &found, &versioned)
    }
}

/// After parloops, on cfun (function `name`): the schedules of the loops
/// marked for it, and the plugin's own regions for those it declined.
pub(crate) fn after_parloops(p: &mut Plugin, name: &str) {
    let _work = common::function_work(p, name);
    after_parloops::schedules_and_own_regions(p, name)
}

/// PLUGIN_FINISH: the dump flushed, the annotated sources, the check of
/// offload-use's plan, and the report.
pub(crate) fn finish(p: &mut Plugin) -> Result<(), String> {
    finish::flush_dump(p);
    offload::write_annotated_sources(p)?;
    offload::check_plan_in_use(p)?;
    finish::write_report(p)
}
