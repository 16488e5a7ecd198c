//! The index-set split after PRE: a loop parallel on each side of one
//! iteration, and not as a whole, split around it into three loops.

use super::common::{add_transform, loop_entry, position};
use crate::diag::{self, RemarkKind};
use crate::ffi;
use crate::gimple::{self, LoopForest};
use crate::report::LoopReport;

/// Splits, around one iteration, the loops that are parallel on each side
/// of it and not as a whole (docs/codegen.md, Index-set splitting): a loop
/// not parallel whose verdicts on its iterations before and after the one
/// where its counter equals an enclosing loop's are parallel (row k of
/// Floyd-Warshall's i loop). The split itself keeps the iterations' order,
/// so it needs no model; the parallel marking before parloops then judges
/// each part on its own model. One loop per region, the outermost first:
/// the region's model no longer describes the code. Says which regions
/// changed.
pub(super) fn index_splits(
    forest: &LoopForest,
    regions: &[gimple::Region],
    outcomes: &[gimple::parallel::RegionOutcome],
    aopts: gimple::parallel::AnalysisOptions,
    loops: &mut [LoopReport],
) -> Vec<bool> {
    let mut changed = vec![false; regions.len()];
    for (k, (r, o)) in regions.iter().zip(outcomes).enumerate().filter(|(_, (r, _))| r.counted()) {
        // Loops judged not parallel (not those the analysis gave up on)
        // whose sides would be worth starting the threads for.
        let candidates: Vec<u32> = r
            .loops
            .iter()
            .copied()
            .filter(|l| o.loops.get(l).is_some_and(|v| v.judged && !v.parallel) && gimple::transform::too_little_work(forest, *l).is_none())
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let _work = r.work();
        let Ok(judge) = gimple::parallel::SplitJudge::new(forest, r) else { continue };
        for l in candidates {
            let Some(fl) = forest.get(l) else { continue };
            let points = split_points(forest, r, &judge, l);
            if split_at_one(fl, l, r, &judge, points, aopts, loops) {
                changed[k] = true;
                break;
            }
        }
    }
    changed
}

/// The iterations loop `l` of region `r` may be split around, each with
/// how the remark names it and how the split is made (see below).
fn split_points<'r>(
    forest: &LoopForest,
    r: &'r gimple::Region,
    judge: &gimple::parallel::SplitJudge,
    l: u32,
) -> Vec<(gimple::parallel::SplitAt<'r>, String, Option<i64>)> {
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
    points
}

/// Splits loop `l` (`fl`) around the first of `points` on each side of
/// which it is parallel; false where it is split around none.
fn split_at_one(
    fl: &gimple::loops::Loop,
    l: u32,
    r: &gimple::Region,
    judge: &gimple::parallel::SplitJudge,
    points: Vec<(gimple::parallel::SplitAt, String, Option<i64>)>,
    aopts: gimple::parallel::AnalysisOptions,
    loops: &mut [LoopReport],
) -> bool {
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
        if let Some(lr) = loop_entry(loops, position(fl)) {
            add_transform(lr, "index-split");
        }
        return true;
    }
    false
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
