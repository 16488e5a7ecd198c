//! After parloops: the schedules of the loops marked for it, and the
//! plugin's own OpenMP regions for the marked loops it declined.

use super::common::{add_transform, function_report, loop_report, own_region, own_region_remark};
use crate::diag::{self, RemarkKind};
use crate::ffi;
use crate::state::{MarkedLoop, Plugin};

/// After parloops, on cfun: the parallel loops of the marked ones whose
/// inner loops' trip counts grow or shrink with them get schedule(static, 1)
/// (parloops gives every loop schedule(static), whose halves of a
/// triangular nest hold a quarter and three quarters of the work); a
/// marked loop parloops made no GIMPLE_OMP_FOR of (its own remarks say
/// why) runs in the plugin's own region where its form allows one, or is
/// said to be declined, so that the report does not claim a parallel loop
/// that runs sequentially.
pub(super) fn schedules_and_own_regions(p: &mut Plugin, name: &str) {
    let (here, rest): (Vec<MarkedLoop>, Vec<MarkedLoop>) = std::mem::take(&mut p.marked).into_iter().partition(|m| m.function == name);
    p.marked = rest;
    let mut report = function_report(&mut p.functions, name);
    for m in here {
        // SAFETY: cfun is set; the shim only edits clauses of its
        // GIMPLE_OMP_FORs.
        if unsafe { ffi::gp_omp_fors_at_line(m.line, if m.cyclic { 1 } else { 0 }) } > 0 {
            continue;
        }
        let lr = loop_report(report.as_deref_mut(), Some((m.line, m.column)));
        // parloops declined it: the plugin's own region, where its
        // form allows one.
        let region = if p.options.no_own_regions { Err("-fplugin-arg-gccpoly-no-own-regions".to_string()) } else { own_region(m.num, m.line, p.options.reassociate) };
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
}
