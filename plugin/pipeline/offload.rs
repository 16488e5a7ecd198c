//! Offload plans: after PRE, the plans of cfun's regions (their remarks,
//! report entries and the pragmas to write); at the end of the unit, the
//! annotated source or the plan file; at the start, offload-use's plan
//! compiled in the input's place.

use crate::diag::{self, RemarkKind};
use crate::ffi;
use crate::gimple::{self, LoopForest, SourcePos};
use crate::options::Options;
use crate::report::{LoopReport, OffloadAccessReport, OffloadReport};
use crate::state::{Annotation, Plugin};
use crate::unit::{preprocessor_options, source_files};
use std::ffi::CString;

/// The offload plans of cfun's regions: their remarks, report entries
/// (in `loops`) and the pragmas to write.
pub(super) fn plan_offload(
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
        let _work = r.work();
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

/// offload-use=DIR: compiles, in place of the input, the plan an earlier
/// build with offload-generate=DIR wrote of it (the source annotated with
/// OpenMP offload constructs, its lines kept at their numbers), so that
/// GCC's own OpenMP lowering offloads the nests; where there is no plan
/// of the source as it is, a note says so and the input is compiled as
/// written.
pub(crate) fn use_offload_plan(options: &Options, dir: &std::path::Path) -> Result<Option<(std::path::PathBuf, String, Vec<String>)>, String> {
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


/// Writes the main input file with the offload pragmas that fit it
/// to `path`, or (`plan`) as the plan file of offload-generate=`path`,
/// and notes in the report which were written.
fn write_annotated(p: &mut Plugin, path: &std::path::Path, plan: bool) -> Result<(), String> {
    // SAFETY: GCC's main input file name, set for the whole run.
    let input = ffi::string_from(unsafe { ffi::gp_main_input_filename() });
    let text = std::fs::read_to_string(&input).map_err(|e| format!("gccpoly: cannot read '{input}' to annotate it: {e}"))?;
    let input_name = gimple::offload::canonical_name(&input);
    if !plan && input_name.is_some() && gimple::offload::canonical_name(path) == input_name {
        return Err(format!("gccpoly: annotate={} names the input file itself; write the annotated copy elsewhere", path.display()));
    }
    if p.functions.is_empty() {
        diag::note(0, "gccpoly: no function went through the loop optimizers (-O0, -Og?): the annotated copy has no construct");
    }
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mine: Vec<&Annotation> = p.annotations.iter().filter(|a| a.pos.file == input).collect();
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
    for a in &p.annotations {
        let why = if a.pos.file != input {
            Some("the loop is not in the main input file".to_string())
        } else {
            skipped.iter().find(|(l, _)| *l == a.pos.line).map(|(_, w)| w.clone())
        };
        let Some(f) = p.functions.iter_mut().find(|f| f.name == a.function) else { continue };
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

/// At the end of the unit: annotate=FILE's annotated copy of the source
/// and offload-generate=DIR's plan file.
pub(super) fn write_annotated_sources(p: &mut Plugin) -> Result<(), String> {
    if let Some(path) = p.options.annotate.clone() {
        write_annotated(p, &path, false)?;
    }
    if let Some(dir) = p.options.offload_generate.clone() {
        write_annotated(p, &dir, true)?;
    }
    Ok(())
}

/// offload-use=DIR, at the end of the unit: the plan must have been
/// compiled with the headers its source was (quote includes are searched
/// from the plan's directory first).
pub(super) fn check_plan_in_use(p: &Plugin) -> Result<(), String> {
    if let Some((plan, source, expected)) = &p.plan_in_use {
        let read: Vec<String> = source_files()
            .into_iter()
            .map(|f| gimple::offload::canonical_name(&f).unwrap_or(f))
            .collect();
        if let Some(why) = gimple::offload::other_files(plan, source, &read, expected) {
            return Err(format!("gccpoly: the offload plan '{}' was compiled with other files than its source: {why}; remove the header of the same name from the plan's directory or the -iquote directories, or rebuild the plans", plan.display()));
        }
    }
    Ok(())
}
