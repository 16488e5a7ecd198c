//! The loops the analysis after PRE proved parallel that the marking before
//! parloops never reached: each gets a remark and the report's `kept`
//! saying why, so that no parallel loop stays sequential in silence.

use super::common::position;
use crate::diag::{self, RemarkKind};
use crate::gimple::{self, LoopForest};
use crate::report::FunctionReport;
use std::collections::{HashMap, HashSet};

/// GCC's passes between PRE and parloops that rebuild loops.
const LOOP_PASSES: &str = "unswitching, splitting, versioning, unroll-and-jam, distribution";

/// Explains, in `report`, each loop proved parallel after PRE that the
/// marking neither marked nor kept with a reason, and that is not inside a
/// loop it did something to; `forest`, `regions` and `outcomes`: what the
/// marking found before parloops.
pub(super) fn explain_unreached(
    report: Option<&mut FunctionReport>,
    forest: &LoopForest,
    regions: &[gimple::Region],
    outcomes: &[gimple::parallel::RegionOutcome],
) {
    let Some(report) = report else { return };
    let touched: HashSet<u32> = report.loops.iter().filter(|l| !l.transform.is_empty() || l.kept.is_some()).map(|l| l.id).collect();
    let parent: HashMap<u32, Option<u32>> = report.loops.iter().map(|l| (l.id, l.parent)).collect();
    let under_touched = |mut id: u32| {
        while let Some(Some(p)) = parent.get(&id) {
            if touched.contains(p) {
                return true;
            }
            id = *p;
        }
        false
    };
    for lr in report.loops.iter_mut() {
        if !lr.parallel || touched.contains(&lr.id) || under_touched(lr.id) {
            continue;
        }
        let why = why_unreached(forest, regions, outcomes, (lr.line, lr.column));
        diag::remark(RemarkKind::GP_REMARK_MISSED, lr.location, &format!("parallel loop kept sequential: {why}"));
        lr.kept = Some(why);
    }
}

/// Why the loop at source position `pos` was not reached, from what the
/// marking found there.
fn why_unreached(
    forest: &LoopForest,
    regions: &[gimple::Region],
    outcomes: &[gimple::parallel::RegionOutcome],
    pos: (u32, u32),
) -> String {
    let now = forest.loops.iter().find(|l| position(l) == Some(pos));
    let Some(now) = now else {
        return format!("GCC's loop passes after PRE ({LOOP_PASSES}) removed or rebuilt it before parloops");
    };
    let verdict = regions.iter().zip(outcomes).find_map(|(r, o)| r.loops.contains(&now.num).then(|| o.loops.get(&now.num)).flatten());
    match verdict {
        None => format!(
            "GCC's loop passes after PRE ({LOOP_PASSES}) changed its nest, which before parloops is no longer a region the model describes"
        ),
        Some(v) if !v.parallel => format!(
            "GCC's loop passes after PRE ({LOOP_PASSES}) changed it, and before parloops it is no longer proved parallel"
        ),
        Some(_) => "the marking before parloops made no plan for it".to_string(),
    }
}
