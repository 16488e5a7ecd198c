//! Dependences that matter (seed 004): exact array dataflow, memory-based
//! dependences apart, live ranges, and the violation check of a schedule.
//!
//! Accesses are *tagged* — each statement instance is paired with the access
//! that made it, `[S[i] -> S_a1[]]` — so that a statement reading two cells of
//! one array keeps its two flows apart, as PPCG does.
//!
//! Values that cross the region's boundary have live ranges too: a read whose
//! value comes from before the region (a *live-in* read) lives from the
//! region's entry to that read, and the last write of a cell whose array is
//! live after the region lives from that write to the region's exit. Seed
//! 004's λ sets only cover values defined and used inside the region; the
//! checks below add these two kinds, or a schedule that moves a write before a
//! live-in read (or after the final write) would pass.

use crate::bounded::{BoundedCtx, IslFailure};
use crate::model::{AccessKind, IslScop, Scop};
use isl_rs::{DimType, Map, Set, Space, UnionMap, UnionSet};
use std::collections::HashMap;

/// One access's tag and what it names.
pub(crate) struct Tag {
    pub(crate) array: String,
    pub(crate) kind: AccessKind,
    /// Index of its statement in `Dependences::stmts`.
    pub(crate) stmt: usize,
    /// `{ [S[..] -> tag[]] -> cell }`.
    pub(crate) tagged: UnionMap,
    /// `{ [S[..] -> tag[]] }`: every tagged instance, whatever the relation.
    pub(crate) inst: UnionSet,
}

/// What the analyses need to know of a statement.
pub(crate) struct StmtInfo {
    pub(crate) name: String,
    pub(crate) line: u32,
    /// The number of loops around it (its domain's dimension).
    pub(crate) depth: u32,
}

/// The dependences of a SCoP, on tagged instances.
pub struct Dependences<'c> {
    pub(crate) cx: &'c BoundedCtx,
    pub(crate) tags: Vec<Tag>,
    pub(crate) stmts: Vec<StmtInfo>,
    /// Tag name (`S_a1`) to its index in `tags`.
    tag_of: HashMap<String, usize>,
    pub(crate) time_dims: u32,
    /// The parameters' context.
    pub(crate) context: Set,
    /// `{ [S -> tag] -> S }`: drops tags.
    pub(crate) untag: UnionMap,
    /// The original schedule on tagged instances.
    pub(crate) tagged_schedule: UnionMap,
    /// `{ [w1 -> r1] -> w1 }`: each flow to its definition.
    flow_def: UnionMap,
    /// `{ [w1 -> r1] -> w2 }`: each flow to the writes of the cell it carries.
    flow_cell_writes: UnionMap,
    /// Tagged reads that may take a value from before the region.
    pub(crate) live_in: UnionSet,
    /// Tagged writes whose value may still be in memory at the region's exit,
    /// in an array the caller declared live-out.
    pub(crate) live_out_writes: UnionSet,
    /// Anti dependences on tagged instances: `{ read -> later write }`.
    pub(crate) tagged_anti: UnionMap,
    /// Output dependences on tagged instances: `{ write -> later write }`.
    pub(crate) tagged_output: UnionMap,
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
    /// that definition: overlapping live ranges. Includes the live ranges
    /// that cross the region's boundary (a write moved before a read of the
    /// incoming value, or after the final write of a live-out cell).
    pub live_ranges: Vec<String>,
}

impl Violations {
    pub fn is_legal(&self) -> bool {
        self.flow.is_empty() && self.live_ranges.is_empty()
    }

    /// What is violated, for a remark: "it reverses the flow of A; it
    /// overlaps live ranges of t".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if !self.flow.is_empty() {
            parts.push(format!("it reverses the flow of {}", self.flow.join(", ")));
        }
        if !self.live_ranges.is_empty() {
            parts.push(format!("it overlaps live ranges of {}", self.live_ranges.join(", ")));
        }
        parts.join("; ")
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

/// The numbers of dependence relations, for the report.
///
/// A *relation* here is one pair of accesses (tagged: `S2`'s read of `t` and
/// `S1`'s write of `t` are one pair) with at least one dependent pair of
/// instances. isl keeps one map per pair of tagged spaces, so these are the
/// non-empty maps of the tagged dependence relations: counting them costs no
/// isl computation beyond an emptiness test per map.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DependenceCounts {
    /// (write access, read access) pairs with a value-based flow.
    pub flow: usize,
    /// (access, access) pairs with a memory-based dependence: anti (a read,
    /// then a later write of the cell) or output (a write, then a later write).
    pub memory: usize,
    /// Of `memory`, the pairs whose dependence the live-range model does not
    /// keep as a constraint for at least one pair of instances. A memory-based
    /// dependence `x -> y` is kept when (a) `x` and `y` are also linked by a
    /// flow dependence (the flow orders them anyway, e.g. the anti dependence
    /// from `t = t + e`'s read to the next instance's write), (b) `x` reads a
    /// value from before the region (the incoming value's live range), or (c)
    /// `y` is a final write of a live-out cell (the outgoing value's). Every
    /// other instance pair is replaced by the weaker live-range condition —
    /// that is what GRAPHITE's all-dependences model cannot drop.
    pub memory_ignored: usize,
}

/// The union of the tagged accesses of the kinds `pred` accepts.
fn union_of_tags(cx: &BoundedCtx, tags: &[Tag], pred: impl Fn(&Tag) -> bool) -> Result<UnionMap, IslFailure> {
    let mut u = empty_map(cx)?;
    for t in tags.iter().filter(|t| pred(t)) {
        u = cx.ok(u.union(cx.ok(t.tagged.copy())?))?;
    }
    Ok(u)
}

/// The tags of a relation's two sides, where they are tagged instances.
type SideTags = (Option<usize>, Option<usize>);

/// Which side of a relation names a tagged instance.
#[derive(Clone, Copy)]
pub(crate) enum Side {
    Domain,
    Range,
}

/// `{ x -> y in rel : (kx(x), ky(y)) in keys }` where `keys` is a set of
/// wrapped key pairs `[[..] -> [..]]`. The keys are computed only for the
/// pairs of `rel`, never for all pairs of instances: this is how every
/// "same iteration", "different iteration", "earlier in time" test is made.
pub(crate) fn pairs_in(
    cx: &BoundedCtx,
    rel: &UnionMap,
    kx: &UnionMap,
    ky: &UnionMap,
    keys: &UnionSet,
) -> Result<UnionMap, IslFailure> {
    let a = cx.ok(cx.ok(cx.ok(rel.copy())?.domain_map())?.apply_range(cx.ok(kx.copy())?))?;
    let b = cx.ok(cx.ok(cx.ok(rel.copy())?.range_map())?.apply_range(cx.ok(ky.copy())?))?;
    let both = cx.ok(a.range_product(b))?;
    let hit = cx.ok(cx.ok(both.intersect_range(cx.ok(keys.copy())?))?.domain())?;
    cx.ok(hit.unwrap())
}

/// An empty union map (built, not parsed: a parse that runs out of
/// operations reports a syntax error, not the quota).
pub(crate) fn empty_map(cx: &BoundedCtx) -> Result<UnionMap, IslFailure> {
    cx.ok(UnionMap::empty_ctx(cx.ctx()))
}

/// An empty union set.
pub(crate) fn empty_set(cx: &BoundedCtx) -> Result<UnionSet, IslFailure> {
    cx.ok(UnionSet::empty_ctx(cx.ctx()))
}

/// `{ [t] -> [u] : t ≺ u }` on `n`-dimensional time vectors, wrapped.
pub(crate) fn lex_lt_keys(cx: &BoundedCtx, n: u32) -> Result<UnionSet, IslFailure> {
    let space = cx.ok(Space::set_alloc(cx.ctx(), 0, n))?;
    let lt = cx.ok(Map::lex_lt(space))?;
    cx.ok(cx.ok(lt.wrap())?.to_union_set())
}

impl<'c> Dependences<'c> {
    /// `time_dims` is the dimension of the schedules' shared time space.
    /// Every array is taken to be live after the region (the safe default);
    /// see `compute_with_live_out`.
    pub fn compute(scop: &Scop, model: &IslScop<'c>, time_dims: u32) -> Result<Dependences<'c>, IslFailure> {
        Self::compute_with_live_out(scop, model, time_dims, None)
    }

    /// As `compute`, with the arrays whose contents are used after the region
    /// (`None`: all of them). A PRE temporary or a local scalar is usually not
    /// live-out, and saying so lets a loop privatize it without a copy-out.
    pub fn compute_with_live_out(
        scop: &Scop,
        model: &IslScop<'c>,
        time_dims: u32,
        live_out: Option<&[&str]>,
    ) -> Result<Dependences<'c>, IslFailure> {
        let cx = model.cx;
        let mut tags = Vec::new();
        let mut stmts = Vec::new();
        let mut tag_of = HashMap::new();
        let mut untag = empty_map(cx)?;
        for (si, s) in scop.statements.iter().enumerate() {
            let raw = cx.union_set(&s.domain)?;
            let list = cx.ok(raw.get_set_list())?;
            let depth = if cx.ok(list.size())? > 0 { cx.ok(cx.ok(list.get_at(0))?.n_dim())? as u32 } else { 0 };
            stmts.push(StmtInfo { name: s.name.clone(), line: s.line, depth });
            let dom = cx.ok(raw.intersect_params(cx.ok(model.context.copy())?))?;
            for (k, a) in s.accesses.iter().enumerate() {
                let name = format!("{}_a{}", s.name, k);
                let tag_space = cx.union_set(&format!("{{ {name}[] }}"))?;
                // { S -> tag[] } then { [S -> tag[]] -> S }.
                let tag = cx.ok(UnionMap::from_domain_and_range(cx.ok(dom.copy())?, tag_space))?;
                let back = cx.ok(cx.ok(tag.copy())?.domain_map())?;
                let inst = cx.ok(tag.wrap())?;
                let rel = cx.ok(cx.union_map(&a.relation)?.intersect_domain(cx.ok(dom.copy())?))?;
                let tagged = cx.ok(cx.ok(back.copy())?.apply_range(rel))?;
                untag = cx.ok(untag.union(back))?;
                tag_of.insert(name, tags.len());
                tags.push(Tag { array: a.array.clone(), kind: a.kind, stmt: si, tagged, inst });
            }
        }
        check_time_dims(cx, &model.schedule, time_dims)?;
        let tagged_schedule = cx.ok(cx.ok(untag.copy())?.apply_range(cx.ok(model.schedule.copy())?))?;
        let reads = union_of_tags(cx, &tags, |t| t.kind == AccessKind::Read)?;
        let must = union_of_tags(cx, &tags, |t| t.kind == AccessKind::MustWrite)?;
        let may = union_of_tags(cx, &tags, |t| t.kind == AccessKind::MayWrite)?;

        cx.reset_budget();
        let info = cx.ok(isl_rs::UnionAccessInfo::from_sink(cx.ok(reads.copy())?))?;
        let info = cx.ok(info.set_must_source(cx.ok(must.copy())?))?;
        let info = cx.ok(info.set_may_source(cx.ok(may.copy())?))?;
        let info = cx.ok(info.set_schedule_map(cx.ok(tagged_schedule.copy())?))?;
        let result = cx.ok(info.compute_flow())?;
        let flow = cx.ok(result.get_may_dependence())?;
        let live_in = cx.ok(cx.ok(result.get_may_no_source())?.domain())?;

        // Memory-based dependences, on tagged instances, array by array (so
        // that the order is only built between accesses to one array): the
        // pairs touching one cell where the first runs strictly before.
        let tagged_writes = cx.ok(cx.ok(must.copy())?.union(may))?;
        let mut tagged_anti = empty_map(cx)?;
        let mut tagged_output = empty_map(cx)?;
        let mut arrays: Vec<&str> = tags.iter().map(|t| t.array.as_str()).collect();
        arrays.sort();
        arrays.dedup();
        for a in arrays {
            let of = |read: bool| union_of_tags(cx, &tags, |t| t.array == a && (t.kind == AccessKind::Read) == read);
            let (r, w) = (of(true)?, of(false)?);
            if cx.ok(w.is_empty())? {
                continue;
            }
            let when = |m: &UnionMap| -> Result<UnionMap, IslFailure> {
                cx.ok(cx.ok(tagged_schedule.copy())?.intersect_domain(cx.ok(cx.ok(m.copy())?.domain())?))
            };
            let (tr, tw) = (when(&r)?, when(&w)?);
            let w_back = cx.ok(cx.ok(w.copy())?.reverse())?;
            let anti = cx.ok(cx.ok(r.apply_range(cx.ok(w_back.copy())?))?.intersect(cx.ok(tr.lex_lt_union_map(cx.ok(tw.copy())?))?))?;
            let out = cx.ok(cx.ok(w.apply_range(w_back))?.intersect(cx.ok(cx.ok(tw.copy())?.lex_lt_union_map(tw))?))?;
            tagged_anti = cx.ok(tagged_anti.union(anti))?;
            tagged_output = cx.ok(tagged_output.union(out))?;
        }
        let strip = |m: &UnionMap| -> Result<UnionMap, IslFailure> {
            cx.ok(cx.ok(cx.ok(m.copy())?.domain_factor_domain())?.range_factor_domain())
        };
        let anti = strip(&tagged_anti)?;
        let output = strip(&tagged_output)?;

        // Final writes of live-out arrays: the (write, cell) pairs that no
        // later must-write of the cell overwrites.
        let out_writes = union_of_tags(cx, &tags, |t| {
            t.kind != AccessKind::Read && live_out.is_none_or(|l| l.contains(&t.array.as_str()))
        })?;
        let must_inst = cx.ok(cx.ok(must.copy())?.domain())?;
        let overwritten = cx.ok(cx.ok(cx.ok(tagged_output.copy())?.intersect_range(must_inst))?.apply_range(must))?;
        let killed = cx.ok(overwritten.intersect(cx.ok(out_writes.copy())?))?;
        let live_out_writes = cx.ok(cx.ok(out_writes.subtract(killed))?.domain())?;

        let flow_def = cx.ok(cx.ok(flow.copy())?.domain_map())?;
        let flow_cell = cx.ok(cx.ok(flow_def.copy())?.apply_range(cx.ok(tagged_writes.copy())?))?;
        let flow_cell_writes = cx.ok(flow_cell.apply_range(cx.ok(tagged_writes.reverse())?))?;
        Ok(Dependences {
            cx,
            tags,
            stmts,
            tag_of,
            time_dims,
            context: cx.ok(model.context.copy())?,
            untag,
            tagged_schedule,
            flow_def,
            flow_cell_writes,
            live_in,
            live_out_writes,
            tagged_anti,
            tagged_output,
            flow,
            anti,
            output,
        })
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

    /// The memory-based dependences no schedule may reverse whatever the
    /// live ranges (tagged): from reads of incoming values to later writes
    /// of the cell, and from writes to the final write of a live-out cell.
    pub(crate) fn forced_memory(&self) -> Result<UnionMap, IslFailure> {
        let cx = self.cx;
        let from_live_in = cx.ok(cx.ok(self.tagged_anti.copy())?.intersect_domain(cx.ok(self.live_in.copy())?))?;
        let to_live_out = cx.ok(cx.ok(self.tagged_output.copy())?.intersect_range(cx.ok(self.live_out_writes.copy())?))?;
        cx.ok(from_live_in.union(to_live_out))
    }

    /// Tagged anti and output dependences together.
    pub(crate) fn tagged_memory(&self) -> Result<UnionMap, IslFailure> {
        let cx = self.cx;
        cx.ok(cx.ok(self.tagged_anti.copy())?.union(cx.ok(self.tagged_output.copy())?))
    }

    /// The instance pairs of memory-based dependences that the live-range
    /// model drops (tagged): see `DependenceCounts::memory_ignored`.
    pub fn ignored_memory(&self) -> Result<UnionMap, IslFailure> {
        let cx = self.cx;
        cx.reset_budget();
        // Flow lifted to every pair of tags of the two instances it links.
        let tag_back = cx.ok(cx.ok(self.untag.copy())?.reverse())?;
        let lifted = cx.ok(cx.ok(cx.ok(self.untag.copy())?.apply_range(self.untagged_flow()?))?.apply_range(tag_back))?;
        let dropped = cx.ok(self.tagged_memory()?.subtract(self.forced_memory()?))?;
        cx.ok(dropped.subtract(lifted))
    }

    /// The counts of dependence relations for the report.
    pub fn counts(&self) -> Result<DependenceCounts, IslFailure> {
        let ignored = self.ignored_memory()?;
        Ok(DependenceCounts {
            flow: self.count_maps(&self.flow)?,
            memory: self.count_maps(&self.tagged_memory()?)?,
            memory_ignored: self.count_maps(&ignored)?,
        })
    }

    /// The number of non-empty maps of `rel`.
    fn count_maps(&self, rel: &UnionMap) -> Result<usize, IslFailure> {
        let cx = self.cx;
        let list = cx.ok(rel.get_map_list())?;
        let mut n = 0;
        for k in 0..cx.ok(list.size())? {
            if !cx.ok(cx.ok(list.get_at(k))?.is_empty())? {
                n += 1;
            }
        }
        Ok(n)
    }

    /// `schedule` on tagged instances.
    pub(crate) fn tag_schedule(&self, schedule: &UnionMap) -> Result<UnionMap, IslFailure> {
        let cx = self.cx;
        cx.ok(cx.ok(self.untag.copy())?.apply_range(cx.ok(schedule.copy())?))
    }

    /// Checks `schedule` (untagged instances to a time space) against the
    /// flow dependences and the live ranges, sequentially: no flow may be
    /// reversed, and no write of a cell may fall between a definition of the
    /// cell and a use of that definition. Memory-based dependences themselves
    /// are not constraints, except where they protect a value crossing the
    /// region's boundary (a read of an incoming value must stay before the
    /// writes that followed it; the final write of a live-out cell must stay
    /// last).
    pub fn check_schedule(&self, schedule: &UnionMap) -> Result<Violations, IslFailure> {
        let cx = self.cx;
        cx.reset_budget();
        let theta = self.tag_schedule(schedule)?;
        // Reversed flow: the read no longer after the write.
        let after = cx.ok(cx.ok(theta.copy())?.lex_lt_union_map(cx.ok(theta.copy())?))?;
        let reversed = cx.ok(cx.ok(self.flow.copy())?.subtract(cx.ok(after.copy())?))?;
        // A write w2 of the flow's cell strictly between its definition w1
        // and its use r1.
        let at_def = cx.ok(cx.ok(self.flow_def.copy())?.apply_range(cx.ok(theta.copy())?))?;
        let at_use = cx.ok(cx.ok(cx.ok(self.flow.copy())?.range_map())?.apply_range(cx.ok(theta.copy())?))?;
        let after_def = cx.ok(at_def.lex_lt_union_map(cx.ok(theta.copy())?))?;
        let before_use = cx.ok(at_use.lex_gt_union_map(cx.ok(theta.copy())?))?;
        let inside = cx.ok(cx.ok(cx.ok(self.flow_cell_writes.copy())?.intersect(after_def))?.intersect(before_use))?;
        // The boundary's live ranges.
        let boundary = cx.ok(self.forced_memory()?.subtract(after))?;
        let mut live_ranges = self.arrays_on(&inside, Side::Range)?;
        live_ranges.extend(self.arrays_on(&boundary, Side::Range)?);
        live_ranges.sort();
        live_ranges.dedup();
        Ok(Violations { flow: self.arrays_on(&reversed, Side::Domain)?, live_ranges })
    }

    /// The tag index of a wrapped tagged-instance space `[S[..] -> tag[]]`.
    fn tag_of_space(&self, space: Space) -> Result<Option<usize>, IslFailure> {
        let cx = self.cx;
        if !cx.ok(space.is_wrapping())? {
            return Ok(None);
        }
        let pair = cx.ok(space.unwrap())?;
        if !cx.ok(pair.has_tuple_name(DimType::Out))? {
            return Ok(None);
        }
        Ok(self.tag_of.get(cx.ok(pair.get_tuple_name(DimType::Out))?).copied())
    }

    /// The (domain tag, range tag) of each non-empty map of `rel`, a
    /// relation between tagged instances; read from the spaces, no isl
    /// computation.
    pub(crate) fn tag_pairs(&self, rel: &UnionMap) -> Result<Vec<(usize, usize)>, IslFailure> {
        let mut out: Vec<(usize, usize)> =
            self.side_tags(rel)?.into_iter().filter_map(|(d, r)| Some((d?, r?))).collect();
        out.sort();
        out.dedup();
        Ok(out)
    }

    /// The tags (where the side is a tagged instance) of both sides of each
    /// non-empty map of `rel`.
    fn side_tags(&self, rel: &UnionMap) -> Result<Vec<SideTags>, IslFailure> {
        let cx = self.cx;
        let list = cx.ok(rel.get_map_list())?;
        let mut out = Vec::new();
        for k in 0..cx.ok(list.size())? {
            let m = cx.ok(list.get_at(k))?;
            if cx.ok(m.is_empty())? {
                continue;
            }
            let space = cx.ok(m.get_space())?;
            let d = self.tag_of_space(cx.ok(cx.ok(space.copy())?.domain())?)?;
            let r = self.tag_of_space(cx.ok(space.range())?)?;
            out.push((d, r));
        }
        Ok(out)
    }

    /// The tags of the non-empty sets of `set`, a set of tagged instances.
    pub(crate) fn tags_in(&self, set: &UnionSet) -> Result<Vec<usize>, IslFailure> {
        let cx = self.cx;
        let list = cx.ok(set.get_set_list())?;
        let mut out = Vec::new();
        for k in 0..cx.ok(list.size())? {
            let s = cx.ok(list.get_at(k))?;
            if cx.ok(s.is_empty())? {
                continue;
            }
            if let Some(t) = self.tag_of_space(cx.ok(s.get_space())?)? {
                out.push(t);
            }
        }
        out.sort();
        out.dedup();
        Ok(out)
    }

    /// The arrays of the tagged instances standing on `side` of `rel`,
    /// sorted.
    pub(crate) fn arrays_on(&self, rel: &UnionMap, side: Side) -> Result<Vec<String>, IslFailure> {
        let mut arrays: Vec<String> = self
            .side_tags(rel)?
            .into_iter()
            .filter_map(|(d, r)| match side {
                Side::Domain => d,
                Side::Range => r,
            })
            .map(|t| self.tags[t].array.clone())
            .collect();
        arrays.sort();
        arrays.dedup();
        Ok(arrays)
    }

    /// The arrays whose memory-based dependences `schedule` reverses (the
    /// ones GRAPHITE's model would object to), sorted.
    pub fn memory_reversed(&self, schedule: &UnionMap) -> Result<Vec<String>, IslFailure> {
        let cx = self.cx;
        cx.reset_budget();
        let theta = self.tag_schedule(schedule)?;
        let lt = lex_lt_keys(cx, self.time_dims_of(schedule)?)?;
        let mem = self.tagged_memory()?;
        let kept = pairs_in(cx, &mem, &theta, &theta, &lt)?;
        self.arrays_on(&cx.ok(mem.subtract(kept))?, Side::Domain)
    }

    /// The number of time dimensions of `schedule` (all its maps agree).
    pub(crate) fn time_dims_of(&self, schedule: &UnionMap) -> Result<u32, IslFailure> {
        Ok(crate::model::schedule_dims(self.cx, schedule)?.unwrap_or(self.time_dims))
    }

    /// Checks running time dimension `dim` (0-based) of `schedule` in
    /// parallel: iterations with the same outer time stamps run at once.
    /// Every statement takes part; `LoopVerdict` looks at one loop and says
    /// how to remove the conflicts.
    pub fn check_parallel(&self, schedule: &UnionMap, dim: u32) -> Result<ParallelCheck, IslFailure> {
        self.cx.reset_budget();
        let theta = self.tag_schedule(schedule)?;
        let all: Vec<usize> = (0..self.stmts.len()).collect();
        let la = crate::verdict::LoopAnalysis::compute(self, &theta, self.time_dims_of(schedule)?, dim, &all)?;
        Ok(ParallelCheck {
            carried_flow: self.arrays_on(&la.carried_flow, Side::Domain)?,
            conflicting: self.arrays_on(&la.conflicts, Side::Range)?,
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

/// Every map of `schedule` must land in a `time_dims`-dimensional space: the
/// order tests compare time vectors of one space only, and a statement with a
/// shorter vector would silently drop out of them.
fn check_time_dims(cx: &BoundedCtx, schedule: &UnionMap, time_dims: u32) -> Result<(), IslFailure> {
    let list = cx.ok(schedule.get_map_list())?;
    for k in 0..cx.ok(list.size())? {
        let m = cx.ok(list.get_at(k))?;
        let n = cx.ok(m.dim(DimType::Out))?;
        if n != time_dims as i32 {
            return Err(IslFailure::Error(format!(
                "a schedule has {n} time dimensions where {time_dims} were announced"
            )));
        }
    }
    Ok(())
}
