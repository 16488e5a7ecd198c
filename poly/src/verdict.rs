//! Per-loop verdicts: can this loop run in parallel, and what does it take
//! (seed 004's "ignoring memory-based dependences" and its "supporting
//! privatization"; reductions on top).
//!
//! A loop is the time dimension `dim` of the 2d+1 schedule (the loop at depth
//! `d` is `dim = 2d + 1`) for a set of statements. Its *iterations* are the
//! time vectors' first `dim + 1` coordinates, and one *execution* of the loop
//! is the set of iterations that share the first `dim`. Running the loop in
//! parallel runs the iterations of one execution at once, so what matters
//! are the pairs of instances in different iterations of one execution:
//!
//! * a value flowing between them (a carried flow) forbids it, unless the
//!   array is a reduction the caller recognised and nothing else touches it
//!   across iterations;
//! * a value whose live range another iteration's write would cut (a
//!   conflict) is the memory-based dependence seed 004 ignores: each
//!   iteration gets its own copy (privatization). A copy must start with the
//!   incoming value where an iteration reads one (firstprivate), and hand the
//!   sequentially last value back where the value is used after the loop
//!   (lastprivate); where neither fits, the loop stays sequential and the
//!   blocker says why.
//!
//! Every relation is computed only on the pairs that a dependence or a shared
//! cell already relates (`pairs_in`), never on all pairs of instances.

use crate::bounded::{BoundedCtx, IslFailure};
use crate::dataflow::{empty_map, empty_set, pairs_in, Dependences, Side};
use crate::model::{AccessKind, IslScop};
use isl_rs::{DimType, Map, Set, Space, UnionMap, UnionSet};
use std::collections::{BTreeMap, BTreeSet};

/// An associative and commutative update `x = x op e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReductionOp {
    Add,
    Mul,
    Min,
    Max,
    And,
    Or,
    Xor,
}

impl ReductionOp {
    /// The operator as OpenMP's `reduction` clause writes it.
    pub fn clause(self) -> &'static str {
        match self {
            ReductionOp::Add => "+",
            ReductionOp::Mul => "*",
            ReductionOp::Min => "min",
            ReductionOp::Max => "max",
            ReductionOp::And => "&",
            ReductionOp::Or => "|",
            ReductionOp::Xor => "^",
        }
    }
}

/// A reduction candidate, as the GIMPLE side recognises it. The polyhedral
/// side does not see operators, only accesses; it checks that reordering
/// these updates is all that running the loop in parallel does.
///
/// Two forms:
/// * `in_place`: `statements` each update one cell of `array` by
///   `x = x op e` (one read and one write of the same cell); `arrays` are
///   zero-dimensional arrays that receive the updated value (an SSA copy of
///   it used after the loop): only the hinted statements write them in the
///   loop and nothing there reads them;
/// * not `in_place`: a cycle over several arrays, as SSA leaves it after
///   PRE: `array` holds the accumulator across iterations (the loop header
///   PHI's incoming value), `arrays` the cycle's other zero-dimensional
///   arrays (its intermediate SSA values) and the memory cells that receive
///   the running value in every iteration (`C[i][j] = acc`, which PRE leaves
///   in the loop). The caller vouches that the SSA cycle is a chain of `op`
///   whose values nothing else in the loop uses, and that each cell's store
///   stores the value at the end of the iteration; the engine checks that
///   every write (and every access to a zero-dimensional array) of these
///   arrays in the loop is by `statements`, that no read in the loop
///   touches a receiving cell in the same execution of the loop (other
///   cells of the array may be read) and that each execution of the loop
///   stores to one cell only. The reduction's result then replaces the
///   sequential final value, stored once after the loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReductionHint {
    pub array: String,
    pub op: ReductionOp,
    pub statements: Vec<String>,
    /// A floating-point reduction: reordering changes the rounding, so it
    /// counts only where the user allowed reassociation.
    pub float: bool,
    /// The cycle's further arrays, or the receivers of an in-place update
    /// (see above).
    pub arrays: Vec<String>,
    pub in_place: bool,
}

/// What the caller allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerdictOptions {
    /// GCC's `-fassociative-math`: floating-point reductions may be reordered.
    pub allow_reassociation: bool,
    /// Private copies may be made (off: a conflict is a blocker).
    pub allow_privatization: bool,
}

impl Default for VerdictOptions {
    fn default() -> VerdictOptions {
        VerdictOptions { allow_reassociation: false, allow_privatization: true }
    }
}

/// Which loop: time dimension `dim` of the 2d+1 schedule, for `statements`
/// (by name), or for every statement nested at least `dim / 2 + 1` deep —
/// then every loop at that position is judged at once, which is what one
/// wants for a loop that has no siblings at its depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopId {
    pub dim: u32,
    pub statements: Option<Vec<String>>,
    /// The loop's iterations as time keys (the first `dim + 1` time
    /// coordinates), e.g. `[N] -> { [0, i] : 0 <= i < N }`. The model only
    /// knows the iterations in which some statement runs; where guards can
    /// leave the loop's last iterations without any (`if (i < K)` around
    /// the whole body), the sequentially last iteration is not the model's
    /// and lastprivate needs this to be judged right.
    pub iterations: Option<String>,
}

impl LoopId {
    /// The loop(s) at time dimension `dim`, every statement inside.
    pub fn at(dim: u32) -> LoopId {
        LoopId { dim, statements: None, iterations: None }
    }

    /// The loop at time dimension `dim` around exactly `statements`.
    pub fn of(dim: u32, statements: &[&str]) -> LoopId {
        LoopId { dim, statements: Some(statements.iter().map(|s| s.to_string()).collect()), iterations: None }
    }

    /// The same loop, with its full iteration set (see `iterations`).
    pub fn with_iterations(mut self, iterations: &str) -> LoopId {
        self.iterations = Some(iterations.to_string());
        self
    }
}

/// The verdict's summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerdictKind {
    /// Parallel as it is.
    Doall,
    /// Parallel once `private` are privatized.
    Private,
    /// Parallel with reductions (and maybe privates).
    Reduction,
    /// Not parallel: see the blockers.
    None,
}

/// Why a loop stays sequential, for one variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BlockerKind {
    /// A value flows from one iteration to another.
    FlowCarried,
    /// Live ranges of different iterations overlap and privatization is
    /// not allowed.
    LiveRangeConflict,
    /// Live ranges overlap and a private copy cannot keep the semantics: the
    /// iterations read different incoming cells other iterations overwrite
    /// (it would take a snapshot copy), or the value live after the loop is
    /// not the sequentially last iteration's.
    NotPrivatizable,
    /// A floating-point reduction without permission to reassociate.
    NonAssociative,
}

/// One obstacle: `array`, and the statements at its two ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocker {
    pub array: String,
    pub kind: BlockerKind,
    /// The statement that defines (or first touches) the value.
    pub source: String,
    pub source_line: u32,
    /// The statement that reads it across iterations, or overwrites it.
    pub sink: String,
    pub sink_line: u32,
    /// One sentence for the remark.
    pub detail: String,
}

/// The verdict on one loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopVerdict {
    pub dim: u32,
    pub kind: VerdictKind,
    pub parallel: bool,
    /// The fewest variables to privatize: exactly those whose only obstacle
    /// is a live-range conflict between iterations.
    pub private: Vec<String>,
    /// Of `private`, those whose copies start with the value from before the
    /// loop (every reading iteration reads the same incoming cells).
    pub firstprivate: Vec<String>,
    /// Of `private`, those whose sequentially last iteration's value is the
    /// one used after the loop.
    pub lastprivate: Vec<String>,
    pub reductions: Vec<(String, ReductionOp)>,
    pub blockers: Vec<Blocker>,
}

/// The relations on iteration keys (the first `dim + 1` time coordinates).
struct Keys {
    /// `{ k -> k' : same execution }`.
    same_exec_map: UnionMap,
    /// The same, wrapped, for `pairs_in`.
    same_exec: UnionSet,
    /// `{ [k -> k'] : same execution, different iteration }`.
    across: UnionSet,
}

/// `{ [t0, .., t(n-1)] -> [t0, .., t(m-1)] }`, `m <= n`.
pub(crate) fn projection(cx: &BoundedCtx, n: u32, m: u32) -> Result<UnionMap, IslFailure> {
    let mut p = cx.ok(Map::universe(cx.ok(Space::alloc(cx.ctx(), 0, n, m))?))?;
    for k in 0..m as i32 {
        p = cx.ok(p.equate(DimType::In, k, DimType::Out, k))?;
    }
    cx.ok(p.to_union_map())
}

fn key_relations(cx: &BoundedCtx, dim: u32) -> Result<Keys, IslFailure> {
    let space = cx.ok(cx.ok(Space::set_alloc(cx.ctx(), 0, dim + 1))?.map_from_set())?;
    let mut same_exec = cx.ok(Map::universe(space))?;
    for k in 0..dim as i32 {
        same_exec = cx.ok(same_exec.equate(DimType::In, k, DimType::Out, k))?;
    }
    let same_iter = cx.ok(cx.ok(same_exec.copy())?.equate(DimType::In, dim as i32, DimType::Out, dim as i32))?;
    let across = cx.ok(cx.ok(same_exec.copy())?.subtract(same_iter))?;
    Ok(Keys {
        same_exec_map: cx.ok(cx.ok(same_exec.copy())?.to_union_map())?,
        same_exec: cx.ok(cx.ok(same_exec.wrap())?.to_union_set())?,
        across: cx.ok(cx.ok(across.wrap())?.to_union_set())?,
    })
}

/// What running one loop in parallel does to the dependences, under one
/// schedule (tagged).
pub(crate) struct LoopAnalysis {
    dim: u32,
    /// `{ tagged instance in the loop -> its iteration key }`.
    key: UnionMap,
    keys: Keys,
    /// Flows between different iterations of one execution.
    pub(crate) carried_flow: UnionMap,
    /// `{ x -> w2 }`: a value defined (or read as incoming) at `x` whose
    /// cell `w2`, in another iteration, writes.
    pub(crate) conflicts: UnionMap,
    /// The part of `conflicts` whose `x` reads an incoming value.
    conflicts_in: UnionMap,
    /// Reads in the loop that take a value from outside their execution.
    incoming_reads: UnionSet,
    /// Flows from the loop to outside its execution.
    outgoing: UnionMap,
    /// Writes in the loop whose value is live after its execution.
    out_defs: UnionSet,
}

impl LoopAnalysis {
    /// `theta` is the schedule on tagged instances, `time_dims` its
    /// dimension; `stmts` the statements inside the loop.
    pub(crate) fn compute(
        deps: &Dependences,
        theta: &UnionMap,
        time_dims: u32,
        dim: u32,
        stmts: &[usize],
    ) -> Result<LoopAnalysis, IslFailure> {
        let cx = deps.cx;
        if dim >= time_dims {
            return Err(IslFailure::Error(format!("no time dimension {dim} in a {time_dims}-dimensional schedule")));
        }
        let in_loop = |t: &&crate::dataflow::Tag| stmts.contains(&t.stmt);
        let mut inst = empty_set(cx)?;
        let mut writes = empty_map(cx)?;
        let mut reads = empty_map(cx)?;
        for t in deps.tags.iter().filter(in_loop) {
            inst = cx.ok(inst.union(cx.ok(t.inst.copy())?))?;
            let target = if t.kind == AccessKind::Read { &mut reads } else { &mut writes };
            let old = std::mem::replace(target, empty_map(cx)?);
            *target = cx.ok(old.union(cx.ok(t.tagged.copy())?))?;
        }
        let key = cx.ok(cx.ok(cx.ok(theta.copy())?.intersect_domain(cx.ok(inst.copy())?))?.apply_range(projection(cx, time_dims, dim + 1)?))?;
        let keys = key_relations(cx, dim)?;

        let flow_from = cx.ok(cx.ok(deps.flow.copy())?.intersect_domain(cx.ok(inst.copy())?))?;
        let flow_inside = cx.ok(cx.ok(flow_from.copy())?.intersect_range(cx.ok(inst.copy())?))?;
        let carried_flow = pairs_in(cx, &flow_inside, &key, &key, &keys.across)?;
        let within = pairs_in(cx, &flow_inside, &key, &key, &keys.same_exec)?;
        let flow_into = cx.ok(cx.ok(deps.flow.copy())?.intersect_range(cx.ok(inst.copy())?))?;
        let live_in_here = cx.ok(cx.ok(deps.live_in.copy())?.intersect(cx.ok(inst.copy())?))?;
        let incoming_reads = cx.ok(cx.ok(cx.ok(flow_into.subtract(cx.ok(within.copy())?))?.range())?.union(live_in_here))?;
        let outgoing = cx.ok(cx.ok(flow_from.copy())?.subtract(within))?;
        let live_out_here = cx.ok(cx.ok(deps.live_out_writes.copy())?.intersect(cx.ok(inst.copy())?))?;
        let out_defs = cx.ok(cx.ok(cx.ok(outgoing.copy())?.domain())?.union(cx.ok(live_out_here.copy())?))?;

        // Definitions (used, or final) against writes of their cell in other
        // iterations; incoming reads against the same.
        let writes_back = cx.ok(cx.ok(writes.copy())?.reverse())?;
        let defs = cx.ok(cx.ok(flow_from.domain())?.union(live_out_here))?;
        let ww = cx.ok(cx.ok(writes.intersect_domain(defs))?.apply_range(cx.ok(writes_back.copy())?))?;
        let conflicts_def = pairs_in(cx, &ww, &key, &key, &keys.across)?;
        let rw = cx.ok(cx.ok(reads.intersect_domain(cx.ok(incoming_reads.copy())?))?.apply_range(writes_back))?;
        let conflicts_in = pairs_in(cx, &rw, &key, &key, &keys.across)?;
        let conflicts = cx.ok(conflicts_def.union(cx.ok(conflicts_in.copy())?))?;
        Ok(LoopAnalysis { dim, key, keys, carried_flow, conflicts, conflicts_in, incoming_reads, outgoing, out_defs })
    }

    /// The last iteration of each execution, as keys: of the model's
    /// iterations and `declared` (the loop's own, when known).
    fn last_iterations(&self, cx: &BoundedCtx, declared: Option<&str>) -> Result<UnionSet, IslFailure> {
        let mut iters = cx.ok(cx.ok(self.key.copy())?.range())?;
        if let Some(text) = declared {
            iters = cx.ok(iters.union(cx.union_set(text)?))?;
        }
        let by_outer = cx.ok(cx.ok(projection(cx, self.dim + 1, self.dim)?.intersect_domain(iters))?.reverse())?;
        cx.ok(cx.ok(by_outer.lexmax())?.range())
    }
}

/// The statements of `lp`, as indices.
fn loop_statements(deps: &Dependences, lp: &LoopId) -> Result<Vec<usize>, IslFailure> {
    match &lp.statements {
        None => Ok((0..deps.stmts.len()).filter(|&k| deps.stmts[k].depth > lp.dim / 2).collect()),
        Some(names) => names
            .iter()
            .map(|n| {
                deps.stmts
                    .iter()
                    .position(|s| &s.name == n)
                    .ok_or_else(|| IslFailure::Error(format!("no statement {n} in the region")))
            })
            .collect(),
    }
}

/// The verdict under construction.
struct Builder<'a, 'c> {
    deps: &'a Dependences<'c>,
    blockers: Vec<Blocker>,
}

impl Builder<'_, '_> {
    /// One blocker per (source statement, sink statement) of `pairs`.
    fn block(&mut self, array: &str, kind: BlockerKind, pairs: &[(usize, usize)], detail: &str) {
        for &(x, y) in pairs {
            let (s, t) = (&self.deps.stmts[self.deps.tags[x].stmt], &self.deps.stmts[self.deps.tags[y].stmt]);
            let b = Blocker {
                array: array.to_string(),
                kind,
                source: s.name.clone(),
                source_line: s.line,
                sink: t.name.clone(),
                sink_line: t.line,
                detail: detail.to_string(),
            };
            if !self.blockers.contains(&b) {
                self.blockers.push(b);
            }
        }
    }
}

/// Tag pairs grouped by the array of the pair's `side` tag.
fn by_array(deps: &Dependences, pairs: Vec<(usize, usize)>, side: Side) -> BTreeMap<String, Vec<(usize, usize)>> {
    let mut m: BTreeMap<String, Vec<(usize, usize)>> = BTreeMap::new();
    for (x, y) in pairs {
        let t = match side {
            Side::Domain => x,
            Side::Range => y,
        };
        m.entry(deps.tags[t].array.clone()).or_default().push((x, y));
    }
    m
}

impl LoopVerdict {
    /// A verdict not reached yet: not parallel, nothing private, no
    /// blockers.
    pub fn new(dim: u32) -> LoopVerdict {
        LoopVerdict {
            dim,
            kind: VerdictKind::None,
            parallel: false,
            private: Vec::new(),
            firstprivate: Vec::new(),
            lastprivate: Vec::new(),
            reductions: Vec::new(),
            blockers: Vec::new(),
        }
    }

    /// Sets the blockers, and from them and the private and reduction
    /// lists whether the loop is parallel and of which kind.
    pub(crate) fn finish(&mut self, blockers: Vec<Blocker>) {
        self.blockers = blockers;
        self.parallel = self.blockers.is_empty();
        self.kind = if !self.parallel {
            VerdictKind::None
        } else if !self.reductions.is_empty() {
            VerdictKind::Reduction
        } else if !self.private.is_empty() {
            VerdictKind::Private
        } else {
            VerdictKind::Doall
        };
    }

    /// Judges loop `lp` under the original schedule. `hints` are the
    /// reduction candidates the caller recognised. The arrays live after the
    /// region are the ones `deps` was computed with. The whole computation
    /// runs in one operations budget of `model`'s context; running out gives
    /// `IslFailure::OutOfOperations`.
    pub fn compute(
        model: &IslScop,
        deps: &Dependences,
        lp: &LoopId,
        hints: &[ReductionHint],
        opts: &VerdictOptions,
    ) -> Result<LoopVerdict, IslFailure> {
        Self::judge(model, deps, None, lp, hints, opts)
    }

    /// As `compute`, for the loop at `lp.dim` of another schedule of the
    /// same region (an interchanged one, or isl's): the statements chosen
    /// by depth are those with more than `lp.dim / 2` loops, so give them
    /// by name unless `schedule` is 2d+1 too. `schedule` must be legal
    /// (`Dependences::check_schedule`).
    pub fn compute_under(
        model: &IslScop,
        deps: &Dependences,
        schedule: &UnionMap,
        lp: &LoopId,
        hints: &[ReductionHint],
        opts: &VerdictOptions,
    ) -> Result<LoopVerdict, IslFailure> {
        Self::judge(model, deps, Some(schedule), lp, hints, opts)
    }

    fn judge(
        model: &IslScop,
        deps: &Dependences,
        schedule: Option<&UnionMap>,
        lp: &LoopId,
        hints: &[ReductionHint],
        opts: &VerdictOptions,
    ) -> Result<LoopVerdict, IslFailure> {
        let cx = model.cx;
        cx.reset_budget();
        let stmts = loop_statements(deps, lp)?;
        let la = match schedule {
            None => LoopAnalysis::compute(deps, &deps.tagged_schedule, deps.time_dims, lp.dim, &stmts)?,
            Some(s) => LoopAnalysis::compute(deps, &deps.tag_schedule(s)?, deps.time_dims_of(s)?, lp.dim, &stmts)?,
        };
        let carried = by_array(deps, deps.tag_pairs(&la.carried_flow)?, Side::Domain);
        let conflicts = by_array(deps, deps.tag_pairs(&la.conflicts)?, Side::Range);
        let conflicts_in = by_array(deps, deps.tag_pairs(&la.conflicts_in)?, Side::Range);
        let arrays: BTreeSet<String> =
            deps.tags.iter().filter(|t| stmts.contains(&t.stmt)).map(|t| t.array.clone()).collect();

        let mut b = Builder { deps, blockers: Vec::new() };
        let mut v = LoopVerdict::new(lp.dim);
        let none = Vec::new();
        // Cycles over several arrays: judged as a whole where a value of the
        // cycle crosses iterations.
        let mut absorbed: BTreeSet<String> = BTreeSet::new();
        for h in hints {
            let cycle: Vec<&String> = std::iter::once(&h.array).chain(h.arrays.iter()).collect();
            let applies = if h.in_place {
                carried.get(&h.array).is_some_and(|c| !c.is_empty())
            } else {
                cycle.iter().any(|a| carried.get(*a).is_some_and(|c| !c.is_empty()))
            };
            if !applies {
                continue;
            }
            let verdict = if h.in_place {
                match reduction(deps, &la, &stmts, &h.array, h, opts)? {
                    Ok(()) => receivers(deps, &stmts, h)?,
                    e => e,
                }
            } else {
                cycle_reduction(deps, &la, &stmts, h, opts)?
            };
            match verdict {
                Ok(()) => {
                    if !v.reductions.iter().any(|(a, _)| a == &h.array) {
                        v.reductions.push((h.array.clone(), h.op));
                    }
                }
                Err((kind, pairs, why)) => {
                    let pairs = if pairs.is_empty() {
                        cycle.iter().filter_map(|a| carried.get(*a)).flatten().copied().collect()
                    } else {
                        pairs
                    };
                    b.block(&h.array, kind, &pairs, &why);
                }
            }
            absorbed.extend(cycle.iter().map(|a| a.to_string()));
        }
        for a in arrays.iter().filter(|a| !absorbed.contains(*a)) {
            let hint = hints.iter().find(|h| &h.array == a && h.in_place && h.arrays.is_empty());
            let cf = carried.get(a).unwrap_or(&none);
            let conf = conflicts.get(a).unwrap_or(&none);
            if !cf.is_empty() {
                b.block(a, BlockerKind::FlowCarried, cf, &format!("the value of {a} flows from one iteration to another"));
                continue;
            }
            if conf.is_empty() {
                continue; // Memory-based dependences only, and no live range cut.
            }
            if !opts.allow_privatization {
                b.block(a, BlockerKind::LiveRangeConflict, conf, &format!("iterations overwrite {a} while another iteration's value of it is live"));
                continue;
            }
            match privatize(deps, &la, lp, &stmts, a, conflicts_in.get(a).unwrap_or(&none))? {
                Ok((first, last)) => {
                    v.private.push(a.clone());
                    if first {
                        v.firstprivate.push(a.clone());
                    }
                    if last {
                        v.lastprivate.push(a.clone());
                    }
                }
                Err((pairs, why)) => {
                    let as_reduction = match hint {
                        Some(h) => reduction(deps, &la, &stmts, a, h, opts)?.is_ok(),
                        None => false,
                    };
                    match hint {
                        Some(h) if as_reduction => v.reductions.push((a.clone(), h.op)),
                        _ => b.block(a, BlockerKind::NotPrivatizable, if pairs.is_empty() { conf } else { &pairs }, &why),
                    }
                }
            }
        }
        v.finish(b.blockers);
        Ok(v)
    }
}

/// Why a reduction is refused: the blocker's kind, the tag pairs to blame
/// (none: the carried flows), and the detail.
type Refusal = (BlockerKind, Vec<(usize, usize)>, String);

/// Why privatization is refused: the tag pairs to blame and the detail.
type PrivateRefusal = (Vec<(usize, usize)>, String);

/// Whether `array` is a reduction of `hint` in the loop: each hinted
/// statement reads and writes one and the same cell of it, every pair of
/// accesses to one of its cells in different iterations is between hinted
/// statements (so the loop only reorders the updates), and reordering is
/// allowed for the type.
fn reduction(
    deps: &Dependences,
    la: &LoopAnalysis,
    stmts: &[usize],
    array: &str,
    hint: &ReductionHint,
    opts: &VerdictOptions,
) -> Result<Result<(), Refusal>, IslFailure> {
    let cx = deps.cx;
    let hinted: Vec<usize> = stmts.iter().copied().filter(|&s| hint.statements.contains(&deps.stmts[s].name)).collect();
    let refuse = |why: String| Ok(Err((BlockerKind::FlowCarried, Vec::new(), why)));
    if hinted.is_empty() {
        return refuse(format!("the value of {array} flows from one iteration to another (no hinted update in this loop)"));
    }
    let mut hinted_tags = Vec::new();
    for &s in &hinted {
        let mine: Vec<usize> = (0..deps.tags.len()).filter(|&t| deps.tags[t].stmt == s && deps.tags[t].array == array).collect();
        let rd: Vec<usize> = mine.iter().copied().filter(|&t| deps.tags[t].kind == AccessKind::Read).collect();
        let wr: Vec<usize> = mine.iter().copied().filter(|&t| deps.tags[t].kind == AccessKind::MustWrite).collect();
        let same_cell = rd.len() == 1 && wr.len() == 1 && mine.len() == 2 && {
            let r = cx.ok(cx.ok(deps.tags[rd[0]].tagged.copy())?.domain_factor_domain())?;
            let w = cx.ok(cx.ok(deps.tags[wr[0]].tagged.copy())?.domain_factor_domain())?;
            cx.ok(r.is_equal(&w))?
        };
        if !same_cell {
            return refuse(format!(
                "the value of {array} flows from one iteration to another ({} does not update one cell of it as x = x op e)",
                deps.stmts[s].name
            ));
        }
        hinted_tags.extend(mine);
    }
    // Every access to a cell of the array against every write of that cell
    // in another iteration.
    let mut acc = empty_map(cx)?;
    let mut wr = empty_map(cx)?;
    for t in deps.tags.iter().filter(|t| t.array == array && stmts.contains(&t.stmt)) {
        acc = cx.ok(acc.union(cx.ok(t.tagged.copy())?))?;
        if t.kind != AccessKind::Read {
            wr = cx.ok(wr.union(cx.ok(t.tagged.copy())?))?;
        }
    }
    let touch = cx.ok(acc.apply_range(cx.ok(wr.reverse())?))?;
    let across = pairs_in(cx, &touch, &la.key, &la.key, &la.keys.across)?;
    let foreign: Vec<(usize, usize)> = deps
        .tag_pairs(&across)?
        .into_iter()
        .filter(|(x, y)| !hinted_tags.contains(x) || !hinted_tags.contains(y))
        .collect();
    if !foreign.is_empty() {
        return Ok(Err((
            BlockerKind::FlowCarried,
            foreign,
            format!("{array} is also accessed across iterations outside the {} reduction", hint.op.clause()),
        )));
    }
    if hint.float && !opts.allow_reassociation {
        let t = hinted_tags[0];
        return Ok(Err((
            BlockerKind::NonAssociative,
            vec![(t, t)],
            format!("floating-point {} reduction on {array} needs -fassociative-math or -fplugin-arg-gccpoly-reassociate", hint.op.clause()),
        )));
    }
    Ok(Ok(()))
}

/// The receivers of an in-place update: written in the loop only by the
/// hinted statements and never read there.
fn receivers(deps: &Dependences, stmts: &[usize], hint: &ReductionHint) -> Result<Result<(), Refusal>, IslFailure> {
    for a in &hint.arrays {
        let bad: Vec<(usize, usize)> = (0..deps.tags.len())
            .filter(|&t| &deps.tags[t].array == a && stmts.contains(&deps.tags[t].stmt))
            .filter(|&t| deps.tags[t].kind == AccessKind::Read || !hint.statements.contains(&deps.stmts[deps.tags[t].stmt].name))
            .map(|t| (t, t))
            .collect();
        if !bad.is_empty() {
            return Ok(Err((
                BlockerKind::FlowCarried,
                bad,
                format!("{a}, which receives the running {} reduction on {}, is also used in the loop", hint.op.clause(), hint.array),
            )));
        }
    }
    Ok(Ok(()))
}

/// Whether the multi-array cycle `hint` can run as a reduction in the loop
/// (see `ReductionHint`).
fn cycle_reduction(
    deps: &Dependences,
    la: &LoopAnalysis,
    stmts: &[usize],
    hint: &ReductionHint,
    opts: &VerdictOptions,
) -> Result<Result<(), Refusal>, IslFailure> {
    let cx = deps.cx;
    let array = &hint.array;
    let hinted: Vec<usize> = stmts.iter().copied().filter(|&s| hint.statements.contains(&deps.stmts[s].name)).collect();
    if hinted.is_empty() {
        return Ok(Err((
            BlockerKind::FlowCarried,
            Vec::new(),
            format!("the value of {array} flows from one iteration to another (no hinted update in this loop)"),
        )));
    }
    for a in std::iter::once(array).chain(hint.arrays.iter()) {
        let mine: Vec<usize> = (0..deps.tags.len()).filter(|&t| &deps.tags[t].array == a && stmts.contains(&deps.tags[t].stmt)).collect();
        let mut cells = false;
        for &t in &mine {
            let list = cx.ok(deps.tags[t].tagged.get_map_list())?;
            if cx.ok(list.size())? > 0 && cx.ok(cx.ok(list.get_at(0))?.dim(DimType::Out))? > 0 {
                cells = true;
            }
        }
        // Every access is the cycle's; of a cell array, reads of other
        // cells are free.
        let foreign: Vec<(usize, usize)> = mine
            .iter()
            .filter(|&&t| !hinted.contains(&deps.tags[t].stmt) && (!cells || deps.tags[t].kind != AccessKind::Read))
            .map(|&t| (t, t))
            .collect();
        if !foreign.is_empty() {
            return Ok(Err((
                BlockerKind::FlowCarried,
                foreign,
                format!("{a} is also accessed in the loop outside the {} reduction on {array}", hint.op.clause()),
            )));
        }
        if !cells {
            continue;
        }
        let mut reads = empty_map(cx)?;
        let mut writes = empty_map(cx)?;
        for &t in &mine {
            let target = if deps.tags[t].kind == AccessKind::Read { &mut reads } else { &mut writes };
            let old = std::mem::replace(target, empty_map(cx)?);
            *target = cx.ok(old.union(cx.ok(deps.tags[t].tagged.copy())?))?;
        }
        let touch = cx.ok(reads.apply_range(cx.ok(cx.ok(writes.copy())?.reverse())?))?;
        let same = pairs_in(cx, &touch, &la.key, &la.key, &la.keys.same_exec)?;
        let hits = deps.tag_pairs(&same)?;
        if !hits.is_empty() {
            return Ok(Err((
                BlockerKind::FlowCarried,
                hits,
                format!("{a} is read in the loop where it receives the running {} reduction", hint.op.clause()),
            )));
        }
        // One cell per execution: { execution -> cell } is single-valued.
        let mut w = empty_map(cx)?;
        for &t in mine.iter().filter(|&&t| deps.tags[t].kind != AccessKind::Read) {
            w = cx.ok(w.union(cx.ok(deps.tags[t].tagged.copy())?))?;
        }
        let exec = cx.ok(cx.ok(la.key.copy())?.apply_range(projection(cx, la.dim + 1, la.dim)?))?;
        let by_exec = cx.ok(cx.ok(exec.reverse())?.apply_range(w))?;
        if !cx.ok(by_exec.is_single_valued())? {
            return Ok(Err((
                BlockerKind::FlowCarried,
                mine.iter().map(|&t| (t, t)).collect(),
                format!("{a} receives the running value of {array} in different cells: a scan, not a reduction"),
            )));
        }
    }
    if hint.float && !opts.allow_reassociation {
        let t = (0..deps.tags.len()).find(|&t| &deps.tags[t].array == array && hinted.contains(&deps.tags[t].stmt));
        return Ok(Err((
            BlockerKind::NonAssociative,
            t.map(|t| vec![(t, t)]).unwrap_or_default(),
            format!("floating-point {} reduction on {array} needs -fassociative-math or -fplugin-arg-gccpoly-reassociate", hint.op.clause()),
        )));
    }
    Ok(Ok(()))
}

/// Whether private copies of `array` keep the loop's semantics; `(first,
/// last)`: whether they need firstprivate / lastprivate treatment. On
/// refusal, the tag pairs to blame and why.
fn privatize(
    deps: &Dependences,
    la: &LoopAnalysis,
    lp: &LoopId,
    stmts: &[usize],
    array: &str,
    conflicts_in: &[(usize, usize)],
) -> Result<Result<(bool, bool), PrivateRefusal>, IslFailure> {
    let cx = deps.cx;
    let mut reads = empty_map(cx)?;
    let mut write_inst = empty_set(cx)?;
    for t in deps.tags.iter().filter(|t| t.array == array && stmts.contains(&t.stmt)) {
        if t.kind == AccessKind::Read {
            reads = cx.ok(reads.union(cx.ok(t.tagged.copy())?))?;
        } else {
            write_inst = cx.ok(write_inst.union(cx.ok(t.inst.copy())?))?;
        }
    }

    // Incoming values: each reading iteration must read the same cells, so
    // that one copy of them initialises every private copy. Otherwise the
    // iterations read different cells that others overwrite (`help[i] =
    // help[i + m]`, 0 < m < n) and only a snapshot of the array would do.
    let incoming = cx.ok(reads.intersect_domain(cx.ok(la.incoming_reads.copy())?))?;
    let first = !cx.ok(incoming.is_empty())?;
    if first {
        let by_iter = cx.ok(cx.ok(cx.ok(la.key.copy())?.reverse())?.apply_range(cx.ok(incoming.copy())?))?;
        let iters = cx.ok(cx.ok(by_iter.copy())?.domain())?;
        let peers = cx.ok(cx.ok(cx.ok(la.keys.same_exec_map.copy())?.intersect_domain(cx.ok(iters.copy())?))?.intersect_range(iters))?;
        let seen = cx.ok(peers.apply_range(cx.ok(by_iter.copy())?))?;
        if !cx.ok(seen.is_subset(&by_iter))? {
            let clobbered = cx.ok(cx.ok(la.conflicts_in.copy())?.domain())?;
            let cells = cx.ok(cx.ok(incoming.intersect_domain(clobbered))?.range())?;
            let cells = cx.ok(cx.ok(cells.gist_params(cx.ok(deps.context.copy())?))?.coalesce())?;
            let cells = cx.ok(cells.to_str())?.to_string();
            return Ok(Err((
                conflicts_in.to_vec(),
                format!("iterations read different incoming cells of {array} that other iterations overwrite: a snapshot copy of {cells} before the loop would be needed"),
            )));
        }
    }

    // Outgoing values: all must come from the last iteration of their
    // execution, since lastprivate copies back the last iteration's copy.
    let outs = cx.ok(cx.ok(la.out_defs.copy())?.intersect(write_inst))?;
    let last = !cx.ok(outs.is_empty())?;
    if last {
        let at = cx.ok(cx.ok(la.key.copy())?.intersect_domain(outs))?;
        let lasts = la.last_iterations(cx, lp.iterations.as_deref())?;
        let early = cx.ok(cx.ok(at.subtract_range(lasts))?.domain())?;
        if !cx.ok(early.is_empty())? {
            let flows = cx.ok(cx.ok(la.outgoing.copy())?.intersect_domain(cx.ok(early.copy())?))?;
            let mut pairs = deps.tag_pairs(&flows)?;
            if pairs.is_empty() {
                pairs = deps.tags_in(&early)?.into_iter().map(|t| (t, t)).collect();
            }
            return Ok(Err((
                pairs,
                format!("the value of {array} live after the loop is not always the last iteration's, so no private copy can hand it back"),
            )));
        }
    }
    Ok(Ok((first, last)))
}

/// The parameters for which loop `lp` carries no flow dependence: where it
/// can run in parallel once the memory-based conflicts are removed
/// (privatization, or a snapshot of the incoming values), as a parameter set
/// within the context. The complement is the run-time test of DESIGN.md
/// §2 step 7.
pub fn parallel_condition(model: &IslScop, deps: &Dependences, lp: &LoopId) -> Result<Set, IslFailure> {
    let cx = model.cx;
    cx.reset_budget();
    let stmts = loop_statements(deps, lp)?;
    let la = LoopAnalysis::compute(deps, &deps.tagged_schedule, deps.time_dims, lp.dim, &stmts)?;
    let bad = cx.ok(la.carried_flow.params())?;
    cx.ok(cx.ok(cx.ok(model.context.copy())?.subtract(bad))?.coalesce())
}

/// The parameters for which loop `lp` runs in parallel as it is: no carried
/// flow and no live-range conflict, within the context.
pub fn conflict_free_condition(model: &IslScop, deps: &Dependences, lp: &LoopId) -> Result<Set, IslFailure> {
    let cx = model.cx;
    cx.reset_budget();
    let stmts = loop_statements(deps, lp)?;
    let la = LoopAnalysis::compute(deps, &deps.tagged_schedule, deps.time_dims, lp.dim, &stmts)?;
    let bad = cx.ok(cx.ok(la.carried_flow.union(la.conflicts))?.params())?;
    cx.ok(cx.ok(cx.ok(model.context.copy())?.subtract(bad))?.coalesce())
}
