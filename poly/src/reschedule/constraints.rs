//! The schedule constraints of a region under live-range reordering
//! (seed 004 §4, PPCG's live-range reordering; notes/anchors.md §3).
//!
//! Validity: the exact flow and the memory dependences that protect a value
//! crossing the region's boundary. Conditional validity: the other
//! memory-based dependences, binding only where a live range (a tagged flow)
//! is carried by the band being built, so PRE's scalars and reused
//! temporaries do not pin the order. Proximity: the flow (reuse of a value
//! written and read again). Coincidence: the validity dependences, so that a
//! loop whose only obstacles are live-range conflicts counts as parallel
//! (privatization removes them; the loop verdict names what to privatize).

use crate::bounded::IslFailure;
use crate::dataflow::Dependences;
use crate::model::IslScop;
use isl_rs::{ScheduleConstraints, UnionMap};

/// The constraints described above, on the region's instances and context.
pub fn live_range_constraints(model: &IslScop, deps: &Dependences) -> Result<ScheduleConstraints, IslFailure> {
    let cx = model.cx;
    let flow = deps.untagged_flow()?;
    let strip = |m: UnionMap| -> Result<UnionMap, IslFailure> {
        cx.ok(cx.ok(m.domain_factor_domain())?.range_factor_domain())
    };
    let validity = cx.ok(cx.ok(flow.copy())?.union(strip(deps.forced_memory()?)?))?;
    let coincidence = cx.ok(validity.copy())?;
    let sc = on_region(model)?;
    let sc = cx.ok(sc.set_validity(validity))?;
    let sc = cx.ok(sc.set_proximity(flow))?;
    let sc = cx.ok(sc.set_coincidence(coincidence))?;
    cx.ok(sc.set_conditional_validity(cx.ok(deps.flow.copy())?, deps.tagged_memory()?))
}

/// Every dependence, memory-based ones included, as validity and
/// coincidence: what GRAPHITE's model allows, for comparison.
pub fn all_dependence_constraints(model: &IslScop, deps: &Dependences) -> Result<ScheduleConstraints, IslFailure> {
    let cx = model.cx;
    let flow = deps.untagged_flow()?;
    let all = cx.ok(cx.ok(cx.ok(flow.copy())?.union(cx.ok(deps.anti.copy())?))?.union(cx.ok(deps.output.copy())?))?;
    let sc = on_region(model)?;
    let sc = cx.ok(sc.set_validity(cx.ok(all.copy())?))?;
    let sc = cx.ok(sc.set_proximity(flow))?;
    cx.ok(sc.set_coincidence(all))
}

fn on_region(model: &IslScop) -> Result<ScheduleConstraints, IslFailure> {
    let cx = model.cx;
    let sc = cx.ok(ScheduleConstraints::on_domain(cx.ok(model.domain.copy())?))?;
    cx.ok(sc.set_context(cx.ok(model.context.copy())?))
}
