//! Dependences that matter (seed 004): exact array dataflow, memory-based
//! dependences apart, live ranges, and the violation check of a schedule.
//!
//! Accesses are *tagged* — each statement instance is paired with the access
//! that made it, `[S[i] -> S_a1[]]` — so that a statement reading two cells of
//! one array keeps its two flows apart, as PPCG does.

use crate::bounded::{BoundedCtx, IslFailure};
use crate::model::{AccessKind, IslScop, Scop};
use isl_rs::UnionMap;

/// One access's tag and what it names.
struct Tag {
    array: String,
    kind: AccessKind,
    /// `{ [S[..] -> tag[]] -> cell }`.
    tagged: UnionMap,
}

/// The dependences of a SCoP, on tagged instances.
pub struct Dependences<'c> {
    cx: &'c BoundedCtx,
    tags: Vec<Tag>,
    time_dims: u32,
    /// `{ [S -> tag] -> S }`: drops tags.
    untag: UnionMap,
    /// `{ [w1 -> r1] -> w1 }`: each flow to its definition.
    flow_def: UnionMap,
    /// `{ [w1 -> r1] -> w2 }`: each flow to the writes of the cell it carries.
    flow_cell_writes: UnionMap,
    /// Value-based flow: `{ write -> read }` (tagged), from isl's exact
    /// dataflow with must-writes killing.
    pub flow: UnionMap,
    /// Memory-based: read then later write of the same cell (anti), write
    /// then later write (output); on untagged instances.
    pub anti: UnionMap,
    pub output: UnionMap,
}

/// The outcome of checking a schedule.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Violations {
    /// Flow dependences reversed: arrays whose values would be read before
    /// they are written.
    pub flow: Vec<String>,
    /// Arrays with a write of a cell between a definition of it and a use of
    /// that definition: overlapping live ranges.
    pub live_ranges: Vec<String>,
}

impl Violations {
    pub fn is_legal(&self) -> bool {
        self.flow.is_empty() && self.live_ranges.is_empty()
    }
}

/// The verdict on running one schedule dimension in parallel.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ParallelCheck {
    /// Arrays whose values flow from one iteration of the dimension to
    /// another.
    pub carried_flow: Vec<String>,
    /// Arrays whose live ranges in different iterations overlap when the
    /// iterations run at once: each needs a private copy per iteration.
    pub conflicting: Vec<String>,
}

/// The union of the tagged accesses of the kinds `pred` accepts.
fn union_of_tags(cx: &BoundedCtx, tags: &[Tag], pred: impl Fn(AccessKind) -> bool) -> Result<UnionMap, IslFailure> {
    let mut u = cx.union_map("{ }")?;
    for t in tags.iter().filter(|t| pred(t.kind)) {
        u = cx.ok(u.union(cx.ok(t.tagged.copy())?))?;
    }
    Ok(u)
}

/// Which side of a relation names a write instance.
#[derive(Clone, Copy)]
enum Side {
    Domain,
    Range,
}

impl<'c> Dependences<'c> {
    /// `time_dims` is the dimension of the schedules' shared time space.
    pub fn compute(scop: &Scop, model: &IslScop<'c>, time_dims: u32) -> Result<Dependences<'c>, IslFailure> {
        let cx = model.cx;
        let mut tags = Vec::new();
        let mut untag = cx.union_map("{ }")?;
        for s in &scop.statements {
            let dom = cx.ok(cx.union_set(&s.domain)?.intersect_params(cx.ok(model.context.copy())?))?;
            for (k, a) in s.accesses.iter().enumerate() {
                let tag_space = cx.union_set(&format!("{{ {}_a{}[] }}", s.name, k))?;
                // { S -> tag[] } then { [S -> tag[]] -> S }.
                let tag = cx.ok(UnionMap::from_domain_and_range(cx.ok(dom.copy())?, tag_space))?;
                let back = cx.ok(tag.domain_map())?;
                let rel = cx.ok(cx.union_map(&a.relation)?.intersect_domain(cx.ok(dom.copy())?))?;
                let tagged = cx.ok(cx.ok(back.copy())?.apply_range(rel))?;
                untag = cx.ok(untag.union(back))?;
                tags.push(Tag { array: a.array.clone(), kind: a.kind, tagged });
            }
        }
        let tagged_schedule = cx.ok(cx.ok(untag.copy())?.apply_range(cx.ok(model.schedule.copy())?))?;
        let reads = union_of_tags(cx, &tags, |k| k == AccessKind::Read)?;
        let must = union_of_tags(cx, &tags, |k| k == AccessKind::MustWrite)?;
        let may = union_of_tags(cx, &tags, |k| k == AccessKind::MayWrite)?;

        cx.reset_budget();
        let info = cx.ok(isl_rs::UnionAccessInfo::from_sink(cx.ok(reads.copy())?))?;
        let info = cx.ok(info.set_must_source(cx.ok(must.copy())?))?;
        let info = cx.ok(info.set_may_source(cx.ok(may.copy())?))?;
        let info = cx.ok(info.set_schedule_map(cx.ok(tagged_schedule.copy())?))?;
        let flow = cx.ok(cx.ok(info.compute_flow())?.get_may_dependence())?;

        // Memory-based dependences, on untagged instances.
        let order = cx.ok(cx.ok(model.schedule.copy())?.lex_lt_union_map(cx.ok(model.schedule.copy())?))?;
        let writes = model.writes()?;
        let same_cell = |from: &UnionMap, to: &UnionMap| -> Result<UnionMap, IslFailure> {
            let pairs = cx.ok(cx.ok(from.copy())?.apply_range(cx.ok(cx.ok(to.copy())?.reverse())?))?;
            cx.ok(pairs.intersect(cx.ok(order.copy())?))
        };
        let anti = same_cell(&model.reads, &writes)?;
        let output = same_cell(&writes, &writes)?;

        let tagged_writes = union_of_tags(cx, &tags, |k| k != AccessKind::Read)?;
        let flow_def = cx.ok(cx.ok(flow.copy())?.domain_map())?;
        let flow_cell = cx.ok(cx.ok(flow_def.copy())?.apply_range(cx.ok(tagged_writes.copy())?))?;
        let flow_cell_writes = cx.ok(flow_cell.apply_range(cx.ok(tagged_writes.reverse())?))?;
        Ok(Dependences { cx, tags, time_dims, untag, flow_def, flow_cell_writes, flow, anti, output })
    }

    /// The flow dependences on untagged instances.
    pub fn untagged_flow(&self) -> Result<UnionMap, IslFailure> {
        let cx = self.cx;
        cx.ok(cx.ok(cx.ok(self.flow.copy())?.domain_factor_domain())?.range_factor_domain())
    }

    /// Seed 004's live-range intervals λ: each definition (untagged write
    /// instance) to the last instance, in the original schedule, that reads
    /// its value.
    pub fn live_ranges(&self, model: &IslScop) -> Result<UnionMap, IslFailure> {
        let cx = self.cx;
        let in_time = cx.ok(self.untagged_flow()?.apply_range(cx.ok(model.schedule.copy())?))?;
        let last = cx.ok(in_time.lexmax())?;
        cx.ok(last.apply_range(cx.ok(cx.ok(model.schedule.copy())?.reverse())?))
    }

    /// `schedule` on tagged instances.
    fn tag_schedule(&self, schedule: &UnionMap) -> Result<UnionMap, IslFailure> {
        let cx = self.cx;
        cx.ok(cx.ok(self.untag.copy())?.apply_range(cx.ok(schedule.copy())?))
    }

    /// Checks `schedule` (untagged instances to a time space) against the
    /// flow dependences and the live ranges, sequentially: no flow may be
    /// reversed, and no write of a cell may fall between a definition of the
    /// cell and a use of that definition. Memory-based dependences themselves
    /// are not constraints.
    pub fn check_schedule(&self, schedule: &UnionMap) -> Result<Violations, IslFailure> {
        let cx = self.cx;
        cx.reset_budget();
        let theta = self.tag_schedule(schedule)?;
        // Reversed flow: the read no longer after the write.
        let after = cx.ok(cx.ok(theta.copy())?.lex_lt_union_map(cx.ok(theta.copy())?))?;
        let reversed = cx.ok(cx.ok(self.flow.copy())?.subtract(after))?;
        // A write w2 of the flow's cell strictly between its definition w1
        // and its use r1.
        let at_def = cx.ok(cx.ok(self.flow_def.copy())?.apply_range(cx.ok(theta.copy())?))?;
        let at_use = cx.ok(cx.ok(cx.ok(self.flow.copy())?.range_map())?.apply_range(cx.ok(theta.copy())?))?;
        let after_def = cx.ok(at_def.lex_lt_union_map(cx.ok(theta.copy())?))?;
        let before_use = cx.ok(at_use.lex_gt_union_map(cx.ok(theta.copy())?))?;
        let inside = cx.ok(cx.ok(cx.ok(self.flow_cell_writes.copy())?.intersect(after_def))?.intersect(before_use))?;
        Ok(Violations {
            flow: self.arrays_written(&reversed, Side::Domain)?,
            live_ranges: self.arrays_written(&inside, Side::Range)?,
        })
    }

    /// The arrays whose write instances stand on `side` of `rel`, sorted.
    fn arrays_written(&self, rel: &UnionMap, side: Side) -> Result<Vec<String>, IslFailure> {
        let cx = self.cx;
        let mut arrays = Vec::new();
        for t in self.tags.iter().filter(|t| t.kind != AccessKind::Read) {
            let inst = cx.ok(cx.ok(t.tagged.copy())?.domain())?;
            let hit = match side {
                Side::Domain => cx.ok(cx.ok(rel.copy())?.intersect_domain(inst))?,
                Side::Range => cx.ok(cx.ok(rel.copy())?.intersect_range(inst))?,
            };
            if !cx.ok(hit.is_empty())? {
                arrays.push(t.array.clone());
            }
        }
        arrays.sort();
        arrays.dedup();
        Ok(arrays)
    }

    /// `{ x -> y : θ(x) and θ(y) agree on the first `k` time dimensions }`.
    fn same_prefix(&self, theta: &UnionMap, k: u32) -> Result<UnionMap, IslFailure> {
        let cx = self.cx;
        let dims: Vec<String> = (0..self.time_dims).map(|d| format!("t{d}")).collect();
        let keep = &dims[..k as usize];
        let project = cx.union_map(&format!("{{ [{}] -> [{}] }}", dims.join(", "), keep.join(", ")))?;
        let prefix = cx.ok(cx.ok(theta.copy())?.apply_range(project))?;
        cx.ok(cx.ok(prefix.copy())?.apply_range(cx.ok(prefix.reverse())?))
    }

    /// Checks running time dimension `dim` (0-based) of `schedule` in
    /// parallel: iterations with the same outer time stamps run at once.
    pub fn check_parallel(&self, schedule: &UnionMap, dim: u32) -> Result<ParallelCheck, IslFailure> {
        let cx = self.cx;
        cx.reset_budget();
        let theta = self.tag_schedule(schedule)?;
        // Pairs in different iterations of `dim` under the same outer ones.
        let across = cx.ok(self.same_prefix(&theta, dim)?.subtract(self.same_prefix(&theta, dim + 1)?))?;
        let carried = cx.ok(cx.ok(self.flow.copy())?.intersect(cx.ok(across.copy())?))?;
        // Writes of the flow's cell in another iteration than its definition.
        let others = cx.ok(cx.ok(self.flow_def.copy())?.apply_range(across))?;
        let clash = cx.ok(cx.ok(self.flow_cell_writes.copy())?.intersect(others))?;
        Ok(ParallelCheck {
            carried_flow: self.arrays_written(&carried, Side::Domain)?,
            conflicting: self.arrays_written(&clash, Side::Range)?,
        })
    }

    /// Whether `schedule` keeps every dependence, memory-based ones included:
    /// the classic check (GRAPHITE's), stricter than `check_schedule`.
    pub fn respects_all(&self, schedule: &UnionMap) -> Result<bool, IslFailure> {
        let cx = self.cx;
        cx.reset_budget();
        let order = cx.ok(cx.ok(schedule.copy())?.lex_lt_union_map(cx.ok(schedule.copy())?))?;
        let all = cx.ok(cx.ok(self.untagged_flow()?.union(cx.ok(self.anti.copy())?))?.union(cx.ok(self.output.copy())?))?;
        cx.ok(all.is_subset(&order))
    }
}
