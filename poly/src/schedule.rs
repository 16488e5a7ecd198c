//! New schedules, judged by dataflow and live ranges rather than by every
//! memory-based dependence (seed 004 §4; PPCG's live-range reordering).
//!
//! Two ways to find one. The seed's: enumerate candidate schedules — here
//! the permutations of the loops of a band in the 2d+1 schedule — and keep
//! those `Dependences::check_schedule` accepts. PPCG's: let isl's scheduler
//! search, with the flow dependences as validity constraints and the
//! memory-based ones as *conditional* validity constraints, which bind only
//! where a live range (a flow) is carried by the band being built
//! (notes/anchors.md §3). Both are bounded by the context's operations cap.

use crate::bounded::{BoundedCtx, IslFailure};
use crate::dataflow::{empty_map, Dependences, Violations};
use crate::model::IslScop;
use isl_rs::{DimType, Map, ScheduleConstraints, Space, UnionMap};

/// The most loops `legal_permutations` permutes (5! = 120 checks).
pub const MAX_BAND: usize = 5;

/// `{ [t] -> [t'] }` on `n` time dimensions, `t'[band[k]] = t[order[k]]` and
/// every other coordinate kept.
fn permutation_map(cx: &BoundedCtx, n: u32, band: &[u32], order: &[u32]) -> Result<Map, IslFailure> {
    let mut m = cx.ok(Map::universe(cx.ok(Space::alloc(cx.ctx(), 0, n, n))?))?;
    for out in 0..n {
        let src = band.iter().position(|&b| b == out).map_or(out, |k| order[k]);
        m = cx.ok(m.equate(DimType::In, src as i32, DimType::Out, out as i32))?;
    }
    Ok(m)
}

/// `schedule` with the loops `band` (time dimensions of a 2d+1 schedule,
/// outermost first) reordered so that position `band[k]` runs the loop that
/// was at `order[k]`. Only statements inside every loop of the band (and in
/// `statements`, when given) move; the others keep their time stamps, which
/// is right for a perfectly nested band — for an imperfect one the result is
/// still only a candidate that `check_schedule` judges.
pub fn permute_schedule(
    cx: &BoundedCtx,
    schedule: &UnionMap,
    band: &[u32],
    order: &[u32],
    statements: Option<&[&str]>,
) -> Result<UnionMap, IslFailure> {
    let mut sorted = order.to_vec();
    sorted.sort();
    let mut b = band.to_vec();
    b.sort();
    if sorted != b {
        return Err(IslFailure::Error(format!("{order:?} is not a permutation of {band:?}")));
    }
    let deepest = band.iter().copied().max().unwrap_or(0);
    let list = cx.ok(schedule.get_map_list())?;
    let mut out = empty_map(cx)?;
    for k in 0..cx.ok(list.size())? {
        let m = cx.ok(list.get_at(k))?;
        let depth = cx.ok(m.dim(DimType::In))? as u32;
        let named = cx.ok(m.has_tuple_name(DimType::In))?;
        let chosen = match statements {
            None => true,
            Some(names) => named && names.contains(&cx.ok(m.get_tuple_name(DimType::In))?),
        };
        let n = cx.ok(m.dim(DimType::Out))? as u32;
        if deepest >= n {
            return Err(IslFailure::Error(format!("no time dimension {deepest} in a {n}-dimensional schedule")));
        }
        let m = if chosen && depth > deepest / 2 { cx.ok(m.apply_range(permutation_map(cx, n, band, order)?))? } else { m };
        out = cx.ok(out.union(cx.ok(m.to_union_map())?))?;
    }
    Ok(out)
}

/// The answer on interchanging two loops.
pub struct InterchangeVerdict {
    /// The interchanged schedule.
    pub schedule: UnionMap,
    /// Legal by dataflow and live ranges (`check_schedule`).
    pub legal: bool,
    pub violations: Violations,
    /// The classic answer: every dependence, memory-based included, kept.
    pub respects_all: bool,
    /// One sentence for the remark.
    pub reason: String,
}

/// Interchanging the loops at time dimensions `outer` and `inner` of the
/// original schedule, for the statements inside both.
pub fn check_interchange(
    model: &IslScop,
    deps: &Dependences,
    outer: u32,
    inner: u32,
) -> Result<InterchangeVerdict, IslFailure> {
    let cx = model.cx;
    cx.reset_budget();
    let schedule = permute_schedule(cx, &model.schedule, &[outer, inner], &[inner, outer], None)?;
    let violations = deps.check_schedule(&schedule)?;
    let respects_all = deps.respects_all(&schedule)?;
    let legal = violations.is_legal();
    let reason = if !legal {
        format!("interchange is illegal: {}", violations.describe())
    } else if respects_all {
        "interchange is legal: it keeps every dependence".to_string()
    } else {
        let arrays = deps.memory_reversed(&schedule)?;
        format!(
            "interchange is legal: every flow is kept and no live range overlaps; it reverses only memory-based dependences on {}, which the classic check would honour",
            arrays.join(", ")
        )
    };
    Ok(InterchangeVerdict { schedule, legal, violations, respects_all, reason })
}

/// One legal order of a band's loops.
pub struct BandPermutation {
    /// The loops (original time dimensions) from outermost to innermost.
    pub order: Vec<u32>,
    pub schedule: UnionMap,
    /// Whether the classic all-dependences check accepts it too.
    pub respects_all: bool,
}

/// Every permutation of `band`'s loops that `check_schedule` accepts, in
/// lexicographic order of `order` (the identity first). Each check has its
/// own operations budget.
pub fn legal_permutations(model: &IslScop, deps: &Dependences, band: &[u32]) -> Result<Vec<BandPermutation>, IslFailure> {
    if band.len() > MAX_BAND {
        return Err(IslFailure::Error(format!("a band of {} loops is more than the {MAX_BAND} permuted", band.len())));
    }
    let mut order = band.to_vec();
    order.sort();
    let mut legal = Vec::new();
    loop {
        let schedule = permute_schedule(model.cx, &model.schedule, band, &order, None)?;
        if deps.check_schedule(&schedule)?.is_legal() {
            let respects_all = deps.respects_all(&schedule)?;
            legal.push(BandPermutation { order: order.clone(), schedule, respects_all });
        }
        if !next_permutation(&mut order) {
            return Ok(legal);
        }
    }
}

/// The next permutation in lexicographic order; false after the last.
fn next_permutation(v: &mut [u32]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else { return false };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// A schedule isl's scheduler found.
pub struct ComputedSchedule {
    /// Statement instances (exactly the region's) to time, every
    /// statement's time vector padded to one length (so that the order
    /// tests see all of them).
    pub map: UnionMap,
    /// `check_schedule`'s verdict on it: empty unless isl and our model
    /// disagree, which the caller must then treat as "no schedule".
    pub violations: Violations,
}

/// isl's scheduler with PPCG's live-range reordering, under
/// `reschedule::constraints::live_range_constraints`.
pub fn schedule_with_live_range_reordering(model: &IslScop, deps: &Dependences) -> Result<ComputedSchedule, IslFailure> {
    model.cx.reset_budget();
    finish(model, deps, crate::reschedule::constraints::live_range_constraints(model, deps)?)
}

/// isl's scheduler with every dependence as a validity constraint (no
/// live-range reordering), for comparison: what GRAPHITE's model allows.
pub fn schedule_all_dependences(model: &IslScop, deps: &Dependences) -> Result<ComputedSchedule, IslFailure> {
    model.cx.reset_budget();
    finish(model, deps, crate::reschedule::constraints::all_dependence_constraints(model, deps)?)
}

fn finish(model: &IslScop, deps: &Dependences, sc: ScheduleConstraints) -> Result<ComputedSchedule, IslFailure> {
    let cx = model.cx;
    let schedule = cx.ok(sc.compute_schedule())?;
    // isl's map covers whole statement spaces: restrict it to the instances.
    let map = cx.ok(cx.ok(schedule.get_map())?.intersect_domain(cx.ok(model.domain.copy())?))?;
    let map = pad_time(cx, &map)?;
    let violations = deps.check_schedule(&map)?;
    Ok(ComputedSchedule { map, violations })
}

/// Pads every map of `schedule` with trailing zero time coordinates to the
/// longest one's length: isl's flattened schedules give statements under
/// shorter bands shorter vectors, and time vectors of different spaces are
/// never compared by isl's order tests.
pub fn pad_time(cx: &BoundedCtx, schedule: &UnionMap) -> Result<UnionMap, IslFailure> {
    let list = cx.ok(schedule.get_map_list())?;
    let mut maps = Vec::new();
    let mut longest = 0;
    for k in 0..cx.ok(list.size())? {
        let m = cx.ok(list.get_at(k))?;
        longest = longest.max(cx.ok(m.dim(DimType::Out))? as u32);
        maps.push(m);
    }
    let mut out = empty_map(cx)?;
    for m in maps {
        let n = cx.ok(m.dim(DimType::Out))? as u32;
        let mut m = cx.ok(m.add_dims(DimType::Out, longest - n))?;
        for pos in n..longest {
            m = cx.ok(m.fix_si(DimType::Out, pos, 0))?;
        }
        out = cx.ok(out.union(cx.ok(m.to_union_map())?))?;
    }
    Ok(out)
}
