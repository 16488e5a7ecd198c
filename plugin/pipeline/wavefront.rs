//! The wavefronts after PRE: a loop pair whose parallelism lies along its
//! diagonals run by them, versioned on its region's run-time test.

use super::common::{add_transform, loop_entry, position};
use crate::diag::{self, RemarkKind};
use crate::ffi;
use crate::gimple::{self, LoopForest};
use crate::report::LoopReport;

/// Runs by wavefronts the loop pairs whose parallelism lies along their
/// diagonals only (docs/codegen.md, Wavefronts): a loop outermost in its
/// region whose one inner loop holds loops, neither of them parallel, when
/// the interchange of their iteration numbers keeps every dependence and
/// the outer loop's iterations on one wavefront touch no common cell. This
/// runs right after the analysis, before GCC's loop passes (loop splitting
/// would break the pair apart); the parallel marking before parloops finds
/// the new inner loop parallel on its own model of the changed code.
pub(super) fn wavefronts(
    forest: &LoopForest,
    regions: &[gimple::Region],
    outcomes: &[gimple::parallel::RegionOutcome],
    changed: &[bool],
    max_operations: u64,
    loops: &mut [LoopReport],
) {
    for ((r, o), _) in regions.iter().zip(outcomes).zip(changed).filter(|((r, _), &c)| !c && r.counted()) {
        let _work = r.work();
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
                if let Some(lr) = loop_entry(loops, position(x)) {
                    add_transform(lr, "wavefront");
                }
            }
            // One pair per region: its model no longer describes the code.
            break;
        }
    }
}
