//! Without threads: the cells a sequential loop updates in memory carried
//! in registers, in the copy of the loop where its region's test holds.

use super::common::{analysis_options, function_report, record_done, Detected, LoopDone, Versioned};
use crate::diag::{self, RemarkKind};
use crate::gimple::{self, LoopForest};
use crate::state::Plugin;

/// Without threads (the pass runs for interchange): only the cells
/// carried in registers, in the nests' copies where their regions' tests
/// hold (no verdicts: every loop counts as sequential).
pub(super) fn carry_function(p: &mut Plugin, name: &str, d: &Detected, versioned: &Versioned) {
    let (forest, regions) = (&d.forest, &d.regions);
    let max_operations = analysis_options(p, true).max_operations;
    let mut done: Vec<LoopDone> = Vec::new();
    for r in regions.iter().filter(|r| r.counted()) {
        let _work = r.work();
        let nests = gimple::transform::sequential_cells(forest, r, &|_| false, max_operations, p.options.fma_may_differ);
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
    let report = function_report(&mut p.functions, name);
    record_done(report, forest, done);
}

/// Versions loop `l`, which stays sequential, on `test` (unless it is
/// inside interchange's version on the same test) and carries `cells` in
/// registers in the copy where it holds; remarks at each loop whose cell
/// is carried. Returns what the report records of them.
pub(super) fn carry_cells(
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
