//! Parallel loops through GCC's parloops: which loops to mark
//! `can_be_parallel`, and the run-time test a loop needs where the proof
//! rests on values known only at run time: arrays that must not overlap
//! (seed 001's overlap test over the exact access ranges), the region's
//! other assumptions, and the parameter values for which a loop is
//! parallel at all (seed 003's predicated parallelization).
//!
//! Runs just before parloops, on the GIMPLE parloops sees, with the same
//! detection and verdicts as the analysis after PRE. parloops privatizes
//! SSA values and recognizes scalar reductions itself (and gives up where
//! it cannot), so a loop is marked only when every variable it needs
//! private or reduced is an SSA value: privatized arrays and reductions in
//! memory need an OpenMP region of the plugin's own, which is not built.

use super::affine::Base;
use super::ir::{Stmt, Tree};
use super::loops::LoopForest;
use super::parallel::{inner_trip_counts_vary, memory_parallel_conditions, private_storage_decls, RegionOutcome};
use super::scop::Region;
use crate::ffi;
use poly::{access_boxes, dim_bounds, param_dnf_known, param_sets_meet, BoundedCtx, ParamAffine, Piece, Polynomial};
use std::collections::BTreeMap;

/// What happens to one loop.
#[derive(Clone, Debug)]
pub enum LoopPlan {
    /// Marked parallel, in a copy run under the test when there is one;
    /// `otherwise`: loops inside it that are marked parallel in the copy
    /// run when the test fails (seed 003's version selector: the whole
    /// nest in parallel when a condition holds, its inner loops otherwise).
    /// `cyclic`: its inner loops' trip counts vary with its counter (a
    /// triangular nest), so its iterations are best dealt round-robin.
    /// `within`: the region's own test (arrays apart, its assumptions),
    /// when loops are marked `otherwise`: their parallelism rests on it, so
    /// the loop is first versioned on it, neither copy marked, and then on
    /// `test` inside the copy where it holds.
    /// `storage`: its private local arrays, which get storage of their own
    /// in each iteration (`gp_loop_private_storage`) before it is marked.
    /// `min_trips`: an innermost loop inside a sequential loop, to run in
    /// parallel only with enough iterations (`PlanOptions::min_trips`),
    /// tested at run time.
    /// `sinks`: the stores of its reductions in memory, moved after it
    /// (`gp_loop_sink_store`) before it is marked, so that parloops finds
    /// register reductions.
    /// `copies`: its reductions into arrays and its private arrays that
    /// are not its body's own, made with a copy per thread
    /// (`gp_loop_thread_copies`) before it is marked.
    /// `inner_sinks`: the cells its inner loops update in memory (their
    /// reductions into one cell), carried in registers in its marked copy,
    /// where the arrays are apart: the stores moved after those loops, and
    /// the loads, where PRE left them, before.
    Parallel {
        test: Option<RuntimeTest>,
        otherwise: Vec<u32>,
        cyclic: bool,
        within: Option<RuntimeTest>,
        storage: Vec<Tree>,
        min_trips: bool,
        sinks: Vec<Stmt>,
        copies: ThreadCopies,
        inner_sinks: Vec<CarriedCell>,
    },
    /// Parallel by the analysis but left to run sequentially: why.
    Kept(String),
    /// A loop that stays sequential, versioned on `test` (the region's,
    /// arrays apart) where there is one, so that in the copy where it
    /// holds the cells its loops update in memory are carried in registers
    /// (`cells`): GCC kept them in memory, since the arrays could overlap
    /// or the loops access other elements of theirs. `kept`: why it stays
    /// sequential where it is parallel.
    Registers { test: Option<RuntimeTest>, cells: Vec<CarriedCell>, kept: Option<String> },
}

/// A cell loop `l` updates in memory (through `loads` and `store`), to be
/// carried in a register while the loop runs (`gp_loop_carry_cell`); with
/// no loads, PRE's register cycle already. `cell`: what the remarks call
/// it (the verdict's `s[0]`, or `the cell of q`).
#[derive(Clone, Debug)]
pub struct CarriedCell {
    pub l: u32,
    pub cell: String,
    store: Stmt,
    loads: Vec<Stmt>,
}

impl CarriedCell {
    /// Whether its loads move out of the loop too (not PRE's register
    /// cycle).
    pub fn loaded(&self) -> bool {
        !self.loads.is_empty()
    }

    /// What the remarks call it, and what is done to it.
    pub fn describe(&self) -> String {
        if self.loads.is_empty() {
            format!("the running value of {} kept in a register, stored after the loop", self.cell)
        } else {
            format!("the running value of {} that the loop updates kept in a register, loaded before the loop and stored after it", self.cell)
        }
    }
}

/// One byte range a region touches: `[base + lo, base + hi)`.
#[derive(Clone, Debug)]
struct Extent {
    array: String,
    lo: ByteBound,
    hi: ByteBound,
}

/// What a thread's copy of an array is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyKind {
    /// A reduction into the array (`s[j] += a[i][j]` over i): the copies
    /// start zeroed and are added to the array after the loop.
    Sum,
    /// A private array no value of which is used after the loop.
    Private,
    /// A private array whose values after the loop are the last
    /// iteration's (doitgen's `sum`): that iteration works in the array
    /// itself.
    LastPrivate,
}

/// An array each thread running a loop's iterations works in a copy of:
/// the array's pointer or declaration, for a reduction one of the loop's
/// stores into it, and the bytes the loop touches (with the sizes that
/// must be non-negative for them to hold).
#[derive(Clone, Debug)]
pub struct ThreadCopy {
    pub array: String,
    pub kind: CopyKind,
    /// A private array whose copies start as its values before the loop
    /// (the verdict's firstprivate: iterations read them).
    pub filled: bool,
    base: Tree,
    store: Option<Stmt>,
    extent: Extent,
    sizes: Vec<Polynomial>,
}

/// A loop's arrays with copies per thread, and where one is `LastPrivate`
/// the counter (from 0) of the last iteration in which a statement of the
/// loop runs, by pieces.
#[derive(Clone, Debug, Default)]
pub struct ThreadCopies {
    pub arrays: Vec<ThreadCopy>,
    last: Option<Pieces>,
}

impl ThreadCopies {
    pub fn is_empty(&self) -> bool {
        self.arrays.is_empty()
    }

    /// The names of the arrays copied for `kinds`.
    pub fn names(&self, kinds: &[CopyKind]) -> Vec<&str> {
        self.arrays.iter().filter(|c| kinds.contains(&c.kind)).map(|c| c.array.as_str()).collect()
    }

    /// The names of the arrays whose copies start as their values.
    pub fn filled(&self) -> Vec<&str> {
        self.arrays.iter().filter(|c| c.filled).map(|c| c.array.as_str()).collect()
    }

    /// The names of the reduced arrays of signed integers, whose sums are
    /// computed in unsigned arithmetic.
    pub fn wrapped(&self) -> Vec<&str> {
        let signed = |st: &Stmt| {
            st.assign_lhs().and_then(|t| t.ty()).is_some_and(|t| t.class() == ffi::gp_type_kind::GP_TY_INTEGER && !t.unsigned())
        };
        self.arrays.iter().filter(|c| c.kind == CopyKind::Sum && c.store.as_ref().is_some_and(signed)).map(|c| c.array.as_str()).collect()
    }
}

/// A parameter set as a disjunction of conjunctions of `p >= 0` (`p = 0`
/// when true).
type Dnf = Vec<Vec<(Polynomial, bool)>>;

/// A bound by pieces: each value with the parameter set where it is the
/// bound (its isl text and its disjunction).
type Pieces = Vec<(Polynomial, String, Dnf)>;

fn pieces_of(ps: &[Piece]) -> Result<Pieces, String> {
    ps.iter()
        .map(|p| {
            let value = affine(&p.value).ok_or("overflow")?;
            Ok(match &p.domain {
                None => (value, String::new(), vec![vec![]]),
                Some((text, dnf)) => (value, text.clone(), dnf_of(dnf).ok_or("overflow")?),
            })
        })
        .collect()
}

/// `lo <= poly <= hi` wherever its statement runs, checked by interval
/// arithmetic over its iterators' least and greatest values.
#[derive(Clone, Debug)]
struct ProductTest {
    text: String,
    poly: Polynomial,
    lo: i128,
    hi: i128,
    ranges: BTreeMap<String, (Pieces, Pieces)>,
}

/// `fixed + sum stride * piecewise(pieces)`: a dimension whose bound has
/// several pieces (each with the parameter set where it is the bound) adds
/// one term; the others are summed into `fixed`.
#[derive(Clone, Debug)]
struct ByteBound {
    fixed: Polynomial,
    terms: Vec<(Polynomial, Pieces)>,
}

impl ByteBound {
    /// The bound as the test computes it: `8*n + 8*(n <= 1 ? 0 : -1 + n)`.
    fn text(&self) -> String {
        let mut parts = Vec::new();
        if !self.fixed.is_zero() || self.terms.is_empty() {
            parts.push(self.fixed.to_isl());
        }
        for (stride, pieces) in &self.terms {
            // d1 ? v1 : d2 ? v2 : ... : vk, as `piecewise` builds it.
            let choice = match pieces.split_last() {
                Some((last, rest)) => {
                    let mut t = String::new();
                    for (value, dom, _) in rest {
                        t += &format!("{} ? {} : ", condition_text(dom), value.to_isl());
                    }
                    t + &last.0.to_isl()
                }
                None => String::new(),
            };
            let factor = if stride.terms().count() == 1 { stride.to_isl() } else { format!("({})", stride.to_isl()) };
            parts.push(format!("{factor}*({choice})"));
        }
        parts.join(" + ")
    }

    /// Every polynomial the test evaluates for this bound.
    fn values(&self) -> Vec<Polynomial> {
        let mut v = vec![self.fixed.clone()];
        for (stride, pieces) in &self.terms {
            v.push(stride.clone());
            for (value, _, dnf) in pieces {
                // A product that overflows here fails the size check.
                v.push(value.checked_mul(stride).unwrap_or_else(|| Polynomial::constant(i128::MAX)));
                v.extend(dnf.iter().flatten().map(|(p, _)| p.clone()));
            }
        }
        v
    }
}

/// A parameter set's isl text as a part of a guard: C's operators, in
/// parentheses where a top-level `||` would bind looser than its place.
fn condition_text(isl: &str) -> String {
    poly::grouped(&poly::condition_text(isl))
}

/// Whether a disjunction of conjunctions holds everywhere: one of its
/// conjunctions has no constraint.
fn universe<T>(dnf: &[Vec<T>]) -> bool {
    dnf.iter().any(|conj| conj.is_empty())
}

/// A piece's parameter set as polynomials.
fn dnf_of(dnf: &[Vec<poly::ParamConstraint>]) -> Option<Dnf> {
    dnf.iter().map(|conj| conj.iter().map(|c| Some((affine(&c.affine)?, c.equality))).collect()).collect()
}

/// A run-time test, the conjunction of: every pair of extents disjoint,
/// every dimension size that scales an extent non-negative (so that the box
/// holds), every parameter set (with its isl text) holding, the parameters
/// within the magnitude the test's arithmetic allows, every product within
/// its range.
#[derive(Clone, Debug, Default)]
pub struct RuntimeTest {
    pairs: Vec<(Extent, Extent)>,
    sizes: Vec<Polynomial>,
    params: Vec<(String, Dnf)>,
    /// The parameter sets `params` was made of (isl text), as required.
    required: Vec<String>,
    /// `|v| <= 2^k` for the parameters whose values could overflow the test.
    magnitudes: Option<(String, Dnf)>,
    products: Vec<ProductTest>,
    /// What the text writes for parameters GCC made (`Region::param_texts`).
    names: BTreeMap<String, String>,
}

impl RuntimeTest {
    /// Adds the parameter set `set` (isl text) to the test, as far as the
    /// region's `context` (the parameters' types, and what some are of
    /// others: `Region::known`) does not imply it. The sets required are
    /// tested as one where their intersection reads no longer than they do
    /// side by side: a set that rules out another's alternative (`p >= 0`
    /// beside `p < 0 || ...`), or nine bounds of which one implies the rest.
    ///
    /// With `at`, the test versions that loop: what the branches before it
    /// say of the parameters is known too (`Region::known_at`).
    fn require(&mut self, cx: &BoundedCtx, set: &str, r: &Region, at: Option<u32>) -> Result<(), String> {
        let context = &r.scop.context;
        let known = r.known_where(at);
        let simplified = |text: &str| -> Result<(String, Dnf), String> {
            let (text, dnf) = param_dnf_known(cx, text, context, known).map_err(|e| e.to_string())?;
            Ok((text, dnf_of(&dnf).ok_or("overflow")?))
        };
        let alone = simplified(set)?;
        if universe(&alone.1) || self.params.iter().any(|(t, _)| *t == alone.0) {
            return Ok(());
        }
        self.required.push(set.to_string());
        if !self.params.is_empty() {
            let one = param_sets_meet(cx, &self.required).map_err(|e| e.to_string()).and_then(|all| simplified(&all));
            // Failing here only keeps the sets apart.
            if let Ok(one) = one {
                let apart: usize = self.params.iter().chain([&alone]).map(|(t, _)| condition_text(t).len() + " && ".len()).sum();
                if condition_text(&one.0).len() + " && ".len() <= apart {
                    self.params = if universe(&one.1) { Vec::new() } else { vec![one] };
                    return Ok(());
                }
            }
        }
        self.params.push(alone);
        Ok(())
    }

    /// Whether the test has nothing to check.
    fn is_empty(&self) -> bool {
        self.pairs.is_empty() && self.sizes.is_empty() && self.params.is_empty() && self.magnitudes.is_none() && self.products.is_empty()
    }

    /// The test as run at loop `at` of `r`: its parameter sets simplified
    /// with what the branches before the loop say (`Region::known_at`);
    /// None where nothing is left to test.
    fn at_loop(test: &Option<RuntimeTest>, cx: &BoundedCtx, r: &Region, at: u32) -> Option<RuntimeTest> {
        let t = test.as_ref()?;
        if !r.known_at.contains_key(&at) || t.required.is_empty() {
            return Some(t.clone());
        }
        let mut here = RuntimeTest { params: Vec::new(), required: Vec::new(), ..t.clone() };
        for set in &t.required {
            if here.require(cx, set, r, Some(at)).is_err() {
                return Some(t.clone());
            }
        }
        (!here.is_empty()).then_some(here)
    }

    /// Whether what is known of the parameters where loop `at` of `r`
    /// starts implies the parameter set `set` (isl text).
    fn implied(cx: &BoundedCtx, set: &str, r: &Region, at: u32) -> bool {
        param_dnf_known(cx, set, &r.scop.context, r.known_where(Some(at))).is_ok_and(|(_, dnf)| universe(&dnf))
    }

    /// Whether the parameter sets this test and `within` require leave
    /// values in `runs` (isl text) where loop `at` of `r` starts (what is
    /// known there); true where isl cannot tell.
    fn leaves_any(&self, cx: &BoundedCtx, within: Option<&RuntimeTest>, runs: &str, r: &Region, at: u32) -> bool {
        let mut sets: Vec<String> = self.required.iter().chain(within.iter().flat_map(|w| &w.required)).cloned().collect();
        sets.push(runs.to_string());
        sets.push(r.known_where(Some(at)).to_string());
        let empty = param_sets_meet(cx, &sets).ok().and_then(|all| cx.set(&all).ok()).and_then(|s| cx.ok(s.is_empty()).ok());
        empty != Some(true)
    }

    pub fn text(&self) -> String {
        let ext = |e: &Extent| format!("{}+[{}, {})", e.array, e.lo.text(), e.hi.text());
        let mut parts: Vec<String> =
            self.pairs.iter().map(|(a, b)| format!("{} and {} disjoint", ext(a), ext(b))).collect();
        parts.extend(self.sizes.iter().map(|s| format!("{} >= 0", s.to_isl())));
        parts.extend(self.params.iter().map(|(text, _)| condition_text(text)));
        parts.extend(self.magnitudes.iter().map(|(text, _)| text.clone()));
        parts.extend(self.products.iter().map(|p| p.text.clone()));
        poly::with_names(&parts.join(" && "), &self.names)
    }
}

/// A loop chosen to run in parallel: under `condition` (isl text of a
/// parameter set) when there is one, with the loops inside it that run in
/// parallel when the condition fails.
struct Choice {
    l: u32,
    condition: Option<String>,
    otherwise: Vec<u32>,
    storage: Vec<Tree>,
    sinks: Vec<Stmt>,
    copies: ThreadCopies,
}

/// What `plan` may do.
#[derive(Clone, Copy, Debug)]
pub struct PlanOptions {
    /// The isl operations budget of each computation.
    pub max_operations: u64,
    /// Private arrays declared in a loop's body get storage of each
    /// iteration's own (`no-privatize` says not).
    pub privatize: bool,
    /// Reductions into one memory cell have their stores moved after the
    /// loop (`no-memory-reductions` says not).
    pub sink_reductions: bool,
    /// Reductions into arrays get a zeroed copy per thread
    /// (`no-array-reductions` says not).
    pub array_reductions: bool,
    /// The least number of iterations of an innermost loop inside a
    /// sequential one (`MIN_TRIPS_INSIDE`, `min-trips=N`; 1: no minimum).
    pub min_trips: u64,
    /// Sums into arrays of signed integers are computed in unsigned
    /// arithmetic (`no-unsigned-reductions` says not).
    pub unsigned_reductions: bool,
}

/// Why an innermost loop inside a sequential one stays sequential when its
/// count is below `min_trips`.
pub fn too_few_trips(min_trips: u64) -> String {
    format!("too little work per start of the threads: fewer than {min_trips} iterations, inside a sequential loop")
}

/// The least number of iterations with which an innermost loop inside a
/// sequential loop runs in parallel, tested at run time: it starts the
/// threads once per iteration of the loop around it, and the cache lines
/// its threads share move between the cores each time (durbin's inner
/// loops, up to 40,000 iterations of one or two statements, made it slower
/// than -O3 in parallel on 2 cores; jacobi-1d's, 100,000 iterations, ran
/// 1.46 times faster).  parloops' own minimum is 100 iterations per
/// thread.
pub const MIN_TRIPS_INSIDE: u64 = 50_000;

/// The most copies of an array a loop gets, one per thread of
/// `-ftree-parallelize-loops=N` (the sums after a loop that reduces into
/// arrays read them all, unrolled).
pub const MAX_THREAD_COPIES: i32 = 64;

/// The most arrays one loop gets copies per thread of (the shim's limit
/// too).
pub const MAX_COPIED_ARRAYS: usize = 8;

/// The largest private array given storage of its own in each iteration:
/// it lives on the stack of the thread that runs the iteration.
pub const PRIVATE_STORAGE_MAX_BYTES: u64 = 256 * 1024;

/// `trees` as the shim's array of handles.
fn raw_trees(trees: &[Tree]) -> Vec<*const ffi::gp_tree> {
    trees.iter().map(|t| t.raw() as *const _).collect()
}

/// Gives loop `l`'s iterations storage of their own for the local arrays
/// `decls` (`gp_loop_private_storage`); with `apply` false only says
/// whether it can, changing nothing.
pub fn private_storage(l: u32, decls: &[Tree], apply: bool) -> bool {
    let raw = raw_trees(decls);
    // SAFETY: l is a loop of cfun and raw holds decls.len() declarations of cfun.
    unsafe { ffi::gp_loop_private_storage(l, raw.as_ptr(), raw.len() as u32, PRIVATE_STORAGE_MAX_BYTES as _, apply as i32) != 0 }
}

/// Moves `store`, a reduction's store in each iteration of loop `l`, after
/// the loop (`gp_loop_sink_store`); with `apply` false only says whether
/// it can, changing nothing.
pub fn sink_store(l: u32, store: Stmt, apply: bool) -> bool {
    // SAFETY: l is a loop of cfun and store a statement of cfun.
    unsafe { ffi::gp_loop_sink_store(l, store.raw(), apply as i32) != 0 }
}

/// Carries `c`'s cell in a register while its loop runs, loaded before
/// it and stored after it (`gp_loop_carry_cell`); with `apply` false only
/// says whether it can, changing nothing.
pub fn carry_cell(c: &CarriedCell, apply: bool) -> bool {
    let loads: Vec<*const ffi::gp_stmt> = c.loads.iter().map(|s| s.raw() as *const _).collect();
    // SAFETY: c.l is a loop of cfun, c.store and loads statements of cfun;
    // loads holds loads.len() handles.
    unsafe { ffi::gp_loop_carry_cell(c.l, c.store.raw(), loads.as_ptr(), loads.len() as u32, apply as i32) != 0 }
}

/// The cells the loops of `l` (itself included) in region `r` update
/// through memory that a register can carry where the region's
/// assumptions hold: those GCC cannot carry itself, since their array is
/// one the region's test keeps apart from others, or the loop also
/// accesses other elements of it that the model proves apart from the
/// cell. One per array and loop. With `stores_alone`, also cells PRE
/// already keeps in a register but stores each iteration (cholesky's
/// `A[i][j]`): only for nests that hold no marked loop, since inside
/// parallel loops, sinking those stores let the vectorizer make in-order
/// reductions that ran slower (gramschmidt; docs/codegen.md).
fn carried_cells_in(forest: &LoopForest, r: &Region, l: u32, stores_alone: bool, max_operations: u64) -> Vec<CarriedCell> {
    let cx = BoundedCtx::new(max_operations);
    // Built once, for the first cell with other accesses to judge.
    let mut model: Option<Option<poly::IslScop>> = None;
    let lm = super::parallel::loop_map(forest, r);
    let mut out: Vec<CarriedCell> = Vec::new();
    for &x in r.loops.iter().filter(|&&x| forest.within(x, l)) {
        let Some(&depth) = lm.depth.get(&x) else { continue };
        let mut done: Vec<String> = Vec::new();
        for c in super::parallel::carried_cells(forest, r, x, stores_alone) {
            if done.contains(&c.array) || (c.others.is_empty() && !r.alias_pairs.iter().any(|(a, b)| *a == c.array || *b == c.array)) {
                continue;
            }
            let array = super::parallel::array_origin_name(r, &c.array).unwrap_or_else(|| c.array.clone());
            let carried = CarriedCell { l: x, cell: format!("the cell of {array}"), store: c.store, loads: c.loads };
            if !carry_cell(&carried, false) {
                continue;
            }
            if !c.others.is_empty() {
                let Some(m) = model.get_or_insert_with(|| poly::IslScop::build(&cx, &r.scop).ok()) else { continue };
                let others: Vec<&str> = c.others.iter().map(String::as_str).collect();
                if m.apart_within(&c.cell, &others, 2 * depth as u32 - 1) != Ok(true) {
                    continue;
                }
            }
            done.push(c.array);
            out.push(carried);
        }
    }
    out
}

/// The cells that the loops inside loop `l` (not `l` itself) update in
/// memory and that can be carried in registers where the region's test
/// holds (as `sequential_cells` finds them): before an unroll-and-jam of
/// `l`, whose copies then carry their cells side by side.
pub fn cells_inside(forest: &LoopForest, r: &Region, l: u32, max_operations: u64) -> Vec<CarriedCell> {
    carried_cells_in(forest, r, l, true, max_operations).into_iter().filter(|c| c.l != l).collect()
}

/// The outermost loops of region `r` that stay sequential (`marked` says
/// which hold a marked loop: not those), each with the cells its loops
/// update through memory that registers can carry in its copy where the
/// region's test holds (bicg's `q[i]`, which GCC keeps in memory while
/// `s[j]` could be it).
pub fn sequential_cells(forest: &LoopForest, r: &Region, marked: &dyn Fn(u32) -> bool, max_operations: u64) -> Vec<(u32, Vec<CarriedCell>)> {
    let outermost = |l: u32| forest.get(l).and_then(|x| x.parent).is_none_or(|p| !r.loops.contains(&p));
    r.loops
        .iter()
        .filter(|&&l| outermost(l) && !marked(l))
        .map(|&l| (l, carried_cells_in(forest, r, l, true, max_operations)))
        .filter(|(_, cells)| !cells.is_empty())
        .collect()
}

/// Whether loop `l` of region `r` can have copies per thread of `n`
/// arrays: the bytes they touch are the region's, and the copies are
/// bounded.
fn thread_copies_allowed(forest: &LoopForest, r: &Region, l: u32, n: usize) -> Result<(), String> {
    if !r.loops.contains(&l) {
        return Err(format!("loop {l} is not a loop of its region"));
    }
    // The range is the region's, whatever its loops' counters: with a
    // loop of the region around this one, each run would take more than it
    // touches (and a reduction would add more).
    if forest.get(l).and_then(|x| x.parent).is_some_and(|p| r.loops.contains(&p)) {
        return Err("a loop of its region runs around it, and the ranges known are the whole region's".into());
    }
    // SAFETY: reads a flag of the compilation.
    let threads = unsafe { ffi::gp_parallelize_loops_threads() };
    if threads > MAX_THREAD_COPIES {
        return Err(format!("-ftree-parallelize-loops={threads} asks for more than {MAX_THREAD_COPIES} copies of each array"));
    }
    if n > MAX_COPIED_ARRAYS {
        return Err(format!("it needs copies of {n} arrays, more than {MAX_COPIED_ARRAYS}"));
    }
    Ok(())
}

/// The loop of a region whose iterations work in copies of arrays, with
/// the names of its model statements.
struct CopiedLoop<'a> {
    forest: &'a LoopForest,
    region: &'a Region,
    num: u32,
    stmts: Vec<String>,
}

impl<'a> CopiedLoop<'a> {
    fn new(forest: &'a LoopForest, region: &'a Region, num: u32) -> Self {
        let stmts = super::parallel::loop_map(forest, region).stmts.remove(&num).unwrap_or_default();
        CopiedLoop { forest, region, num, stmts }
    }
}

/// The copy per thread of `array` in loop `lp`, for `kind`; None where the array is updated in
/// the loop's own body and `kind` is a sum (a reduction into one cell:
/// Reductions in memory).
fn thread_copy_of(cx: &BoundedCtx, lp: &CopiedLoop, array: &str, kind: CopyKind, wrap_signed: bool) -> Result<Option<ThreadCopy>, String> {
    let &CopiedLoop { forest, region: r, num: l, ref stmts } = lp;
    let base = match r.bases.get(array).map(|b| &b.base) {
        Some(Base::Ptr(t)) | Some(Base::Decl(t)) => *t,
        None => return Err(format!("{array} has no base")),
    };
    let accesses =
        super::parallel::loop_array_accesses(forest, r, l, array).ok_or_else(|| format!("the accesses to {array} do not match the model"))?;
    let mut store = None;
    if kind == CopyKind::Sum {
        if accesses.iter().any(|(in_loop, _, _)| *in_loop == l) {
            return Ok(None);
        }
        let Some(&(_, st, _)) = accesses.iter().find(|(_, _, write)| *write) else {
            return Err(format!("no store into {array}"));
        };
        // Zero must be the sum's identity, and no thread's partial sum may
        // overflow where the whole does not: signed integers are summed in
        // unsigned arithmetic.
        match st.assign_lhs().and_then(|t| t.ty()).map(|t| (t.class(), t.unsigned())) {
            Some((ffi::gp_type_kind::GP_TY_REAL, _)) | Some((ffi::gp_type_kind::GP_TY_INTEGER, true)) => {}
            Some((ffi::gp_type_kind::GP_TY_INTEGER, false)) if wrap_signed => {}
            Some((ffi::gp_type_kind::GP_TY_INTEGER, false)) => {
                return Err(format!(
                    "{array} holds signed integers, and the partial sum of a thread may overflow where the whole does not (with -ftrapv or no-unsigned-reductions)"
                ))
            }
            _ => return Err(format!("{array} holds neither integers nor floating-point numbers")),
        }
        store = Some(st);
    }
    let mut sizes = Vec::new();
    let mut extents = extents_of(cx, r, &[array], &|s| stmts.iter().any(|n| n == s), &mut sizes)?;
    let extent = extents.remove(array).ok_or_else(|| format!("{array} is not touched"))?;
    let values = extent.lo.values().into_iter().chain(extent.hi.values()).chain(sizes.iter().cloned()).collect::<Vec<_>>();
    if let Some(p) = too_large(r, &values) {
        return Err(format!("the range's value {} may not fit {} bits", p.to_isl(), rt_bits()));
    }
    Ok(Some(ThreadCopy { array: array.to_string(), kind, filled: false, base, store, extent, sizes }))
}

/// The reductions into arrays of loop `l` of region `r`, `cells` (the
/// verdict's names, `s[j]`): the bytes the loop touches must be known
/// (isl's box of its accesses over the region, as for the overlap test).
/// None where an array is updated in the loop's own body (a reduction into
/// one cell: Reductions in memory).
pub fn array_reductions_of(
    forest: &LoopForest,
    r: &Region,
    l: u32,
    cells: &[String],
    max_operations: u64,
    wrap_signed: bool,
) -> Result<Option<ThreadCopies>, String> {
    let mut arrays: Vec<&str> = cells.iter().map(|c| c.split('[').next().unwrap_or("")).collect();
    arrays.dedup();
    thread_copies_allowed(forest, r, l, arrays.len())?;
    let cx = BoundedCtx::new(max_operations);
    let lp = CopiedLoop::new(forest, r, l);
    let mut out = ThreadCopies::default();
    for array in arrays {
        match thread_copy_of(&cx, &lp, array, CopyKind::Sum, wrap_signed)? {
            Some(c) => out.arrays.push(c),
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// The private arrays `arrays` of loop `l` of region `r`, those of `live`
/// with the values of its last iteration used after it, those of
/// `incoming` with values from before it read in it: the bytes the loop
/// touches must be known, as for reductions into arrays, and for `live`
/// the last iteration in which a statement of the loop runs.
pub fn private_copies_of(
    forest: &LoopForest,
    r: &Region,
    l: u32,
    arrays: &[String],
    live: &[String],
    incoming: &[String],
    max_operations: u64,
) -> Result<ThreadCopies, String> {
    thread_copies_allowed(forest, r, l, arrays.len())?;
    let cx = BoundedCtx::new(max_operations);
    let lp = CopiedLoop::new(forest, r, l);
    let mut out = ThreadCopies::default();
    for array in arrays {
        let kind = if live.contains(array) { CopyKind::LastPrivate } else { CopyKind::Private };
        let mut c = thread_copy_of(&cx, &lp, array, kind, false)?.ok_or_else(|| format!("{array} is not touched"))?;
        c.filled = incoming.contains(array);
        out.arrays.push(c);
    }
    if out.arrays.iter().any(|c| c.kind == CopyKind::LastPrivate) {
        // The verdict's last iteration: the last in which a statement of
        // the loop runs (the loop is its region's outermost: its counter is
        // every statement's first dimension).
        let domains: Vec<String> = r.scop.statements.iter().filter(|s| lp.stmts.contains(&s.name)).map(|s| s.domain.clone()).collect();
        let pieces = poly::first_dim_max(&cx, &domains).map_err(|e| e.to_string())?.ok_or("no statement of the loop runs")?;
        let pieces = pieces_of(&pieces)?;
        let values: Vec<Polynomial> = pieces.iter().flat_map(|(v, _, dnf)| std::iter::once(v.clone()).chain(dnf.iter().flatten().map(|(p, _)| p.clone()))).collect();
        if let Some(p) = too_large(r, &values) {
            return Err(format!("the last iteration's counter {} may not fit {} bits", p.to_isl(), rt_bits()));
        }
        out.last = Some(pieces);
    }
    Ok(out)
}

/// Gives loop `l`'s arrays `copies` a copy per thread
/// (`gp_loop_thread_copies`); with `apply` false only says whether it
/// can, changing nothing.
pub fn thread_copies(region: &Region, l: u32, copies: &ThreadCopies, apply: bool) -> bool {
    let b = Builder { region };
    let mut bases = Vec::new();
    let (mut los, mut his, mut stores, mut kinds, mut fill) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut sizes = Vec::new();
    for c in &copies.arrays {
        let (Some(lo), Some(hi)) = (b.bound(&c.extent.lo), b.bound(&c.extent.hi)) else { return false };
        bases.push(c.base.raw() as *const ffi::gp_tree);
        los.push(lo.raw() as *const ffi::gp_tree);
        his.push(hi.raw() as *const ffi::gp_tree);
        stores.push(c.store.map_or(std::ptr::null(), |s| s.raw() as *const ffi::gp_stmt));
        kinds.push(match c.kind {
            CopyKind::Sum => ffi::gp_copy_kind::GP_COPY_SUM,
            CopyKind::Private => ffi::gp_copy_kind::GP_COPY_PRIVATE,
            CopyKind::LastPrivate => ffi::gp_copy_kind::GP_COPY_LAST,
        });
        fill.push(c.filled as i32);
        for s in &c.sizes {
            if !sizes.contains(s) {
                sizes.push(s.clone());
            }
        }
    }
    let last = match &copies.last {
        None => std::ptr::null(),
        Some(p) => match b.piecewise(p) {
            Some(t) => t.raw() as *const ffi::gp_tree,
            None => return false,
        },
    };
    // The sizes that scale the ranges must be non-negative for them to hold.
    let cond = match sizes.is_empty() {
        true => std::ptr::null(),
        false => match b.test(&RuntimeTest { sizes, ..Default::default() }) {
            Some(c) => c.raw() as *const ffi::gp_tree,
            None => return false,
        },
    };
    // SAFETY: l is a loop of cfun; the arrays hold copies.arrays.len()
    // pointer SSA names or declarations, trees built over values defined
    // before the region, stores of cfun or nulls, and kinds; last and cond
    // are null or such trees.
    unsafe {
        ffi::gp_loop_thread_copies(
            l,
            bases.as_ptr(),
            los.as_ptr(),
            his.as_ptr(),
            stores.as_ptr(),
            kinds.as_ptr(),
            fill.as_ptr(),
            kinds.len() as u32,
            last,
            cond,
            apply as i32,
        ) != 0
    }
}

/// Takes the values marked loop `l` hands out through its exit from before
/// it, or computes them again after it, where it does not compute them or
/// computes them alike in every iteration
/// (`gp_loop_recompute_exit_values`); how many.
pub fn recompute_exit_values(l: u32) -> u32 {
    // SAFETY: l is a loop of cfun.
    unsafe { ffi::gp_loop_recompute_exit_values(l) }
}

/// Computes loop `l`'s reductions of signed integer types whose overflow is
/// undefined in the unsigned type of their precision, so that parloops
/// (or, with `any_nest`, around any nest, the plugin's own region) makes
/// them (`gp_loop_wrapping_reductions`); the variables' names (an unnamed
/// temporary as `(unnamed)`).
pub fn wrapping_reductions(l: u32, any_nest: bool) -> Vec<String> {
    const MAX: usize = 16;
    let mut names: [*const std::os::raw::c_char; MAX] = [std::ptr::null(); MAX];
    // SAFETY: l is a loop of cfun; names has room for MAX pointers.
    let n = unsafe { ffi::gp_loop_wrapping_reductions(l, any_nest as i32, names.as_mut_ptr(), MAX as u32) } as usize;
    names[..n.min(MAX)].iter().map(|&p| if p.is_null() { "(unnamed)".to_string() } else { ffi::string_from(p) }).collect()
}

/// Versions loop `l` on the test its inner loop is entered under, so that
/// in the copy where it holds the nest has the form in which parloops makes
/// double reductions (`gp_loop_enter_inner`); whether it did.
pub fn enter_inner(l: u32) -> bool {
    // SAFETY: l is a loop of cfun.
    unsafe { ffi::gp_loop_enter_inner(l) != 0 }
}

/// Gives the 64-bit conversions of loop `l`'s 32-bit counters counters of
/// their own, so that the loop keeps its vectors once parloops runs it
/// (`gp_loop_wide_counters`); how many.
pub fn wide_counters(l: u32) -> u32 {
    // SAFETY: l is a loop of cfun.
    unsafe { ffi::gp_loop_wide_counters(l) }
}

/// Makes loop `l`'s conditional updates of reductions unconditional, the
/// condition choosing the update's operand or the identity, so that the
/// loop's body is one block for parloops (`gp_loop_select_reductions`);
/// how many.
pub fn select_reductions(l: u32) -> u32 {
    // SAFETY: l is a loop of cfun.
    unsafe { ffi::gp_loop_select_reductions(l) as u32 }
}

/// Replaces the header PHIs of loop `l` through which PRE carries a load of
/// one of `refs` (references to memory the loop does not write) from one
/// iteration to the next by a load in each iteration
/// (`gp_loop_reload_invariants`); how many.
pub fn reload_invariants(l: u32, refs: &[Tree]) -> u32 {
    let raw = raw_trees(refs);
    // SAFETY: l is a loop of cfun and raw holds refs.len() trees of cfun.
    unsafe { ffi::gp_loop_reload_invariants(l, raw.as_ptr(), raw.len() as u32) }
}

/// How many loop levels loop `l` holds, itself included.
fn loop_height(forest: &LoopForest, l: u32) -> u32 {
    let depth = forest.get(l).map(|x| x.depth).unwrap_or(1);
    forest.loops.iter().filter(|x| x.num == l || forest.within(x.num, l)).map(|x| x.depth - depth + 1).max().unwrap_or(1)
}

/// The loops around loop `l`, sequential where `l` runs in parallel.
fn loops_around(forest: &LoopForest, l: u32) -> u32 {
    forest.get(l).map(|x| x.depth - 1).unwrap_or(0)
}

/// Why loop `l`, run in parallel, would have too little work per start of
/// the threads, which it makes once per iteration of the sequential loops
/// around it: it must hold at least as many loop levels as there are
/// around it (an innermost loop inside one sequential loop, yes; inside
/// two, no: the threads would start n^2 times for n iterations each).
pub fn too_little_work(forest: &LoopForest, l: u32) -> Option<String> {
    let (around, height) = (loops_around(forest, l), loop_height(forest, l));
    (around > height).then(|| {
        format!(
            "too little work per start of the threads: {around} sequential loops around it, {height} loop level{} in it",
            if height == 1 { "" } else { "s" }
        )
    })
}

/// The loops to mark in `regions`, with their plans, by GCC loop number.
pub fn plan(
    forest: &LoopForest,
    regions: &[Region],
    outcomes: &[RegionOutcome],
    opts: PlanOptions,
) -> BTreeMap<u32, LoopPlan> {
    let mut plans = BTreeMap::new();
    for (r, o) in regions.iter().zip(outcomes) {
        plan_region(forest, r, o, opts, &mut plans);
    }
    plans
}

/// The memory cells loop `v` needs copies of (private or reduced).
fn in_memory(v: &super::parallel::LoopOutcome) -> Vec<String> {
    v.in_memory.clone()
}

/// The state of planning one region `r` (with its analysis `o`): what is
/// computed once per region and used by several of its loops' plans.
struct RegionPlanner<'a> {
    forest: &'a LoopForest,
    r: &'a Region,
    o: &'a RegionOutcome,
    opts: PlanOptions,
    /// The most iterations the model allows a loop, whatever the
    /// parameters, computed once per loop.
    bounds: std::collections::HashMap<u32, Option<u64>>,
    /// The parameter conditions of the loops that may need one, computed
    /// (one dataflow for all) when the first is needed.
    conditions: Option<std::collections::HashMap<u32, Option<String>>>,
}

/// The plans of region `r`'s loops into `plans`: the loops chosen to run in
/// parallel, then the region's run-time test, then each chosen loop's plan.
fn plan_region(forest: &LoopForest, r: &Region, o: &RegionOutcome, opts: PlanOptions, plans: &mut BTreeMap<u32, LoopPlan>) {
    let PlanOptions { max_operations, sink_reductions, .. } = opts;
    let mut p = RegionPlanner { forest, r, o, opts, bounds: std::collections::HashMap::new(), conditions: None };
    let mut chosen: Vec<Choice> = Vec::new();
    // Outermost first: a loop inside a marked one stays as it is,
    // except that inside a loop marked under a condition the loops
    // parallel as they are run in parallel when the condition fails.
    for &l in &r.loops {
        p.consider(l, &mut chosen, plans);
    }
    let registers = if sink_reductions {
        sequential_cells(forest, r, &|l| chosen.iter().any(|c| c.l == l || p.inside(c.l, l)), max_operations)
    } else {
        Vec::new()
    };
    if chosen.is_empty() && registers.is_empty() {
        return;
    }
    let cx = BoundedCtx::new(max_operations);
    let region = region_test(&cx, r);
    if let Ok(t) = &region {
        for (l, cells) in registers {
            let kept = match plans.remove(&l) {
                Some(LoopPlan::Kept(why)) => Some(why),
                _ => None,
            };
            plans.insert(l, LoopPlan::Registers { test: t.clone(), cells, kept });
        }
    }
    if chosen.is_empty() {
        return;
    }
    let test = match region {
        Ok(t) => t,
        Err(why) => {
            for c in chosen {
                for l in std::iter::once(c.l).chain(c.otherwise) {
                    if o.loops.get(&l).is_some_and(|v| v.parallel) {
                        plans.insert(l, LoopPlan::Kept(why.clone()));
                    }
                }
            }
            return;
        }
    };
    for c in chosen {
        p.mark(c, &test, &cx, plans);
    }
}

impl RegionPlanner<'_> {
    /// Whether loop `l` is inside loop `outer` (and not `outer` itself).
    fn inside(&self, l: u32, outer: u32) -> bool {
        l != outer && self.forest.within(l, outer)
    }

    /// An innermost loop inside a sequential one starts the threads once per
    /// iteration of that loop: it needs enough iterations at run time.
    fn needs_trips(&self, l: u32) -> bool {
        loops_around(self.forest, l) >= 1 && loop_height(self.forest, l) == 1
    }

    /// The most iterations the model allows loop `l` (see `bounds`).
    fn most(&mut self, l: u32) -> Option<u64> {
        let (forest, r, max_operations) = (self.forest, self.r, self.opts.max_operations);
        *self.bounds.entry(l).or_insert_with(|| super::parallel::most_trips(forest, r, l, max_operations))
    }

    /// Loop `l`'s choice into `chosen`, or why it stays sequential into
    /// `plans`; a loop inside a chosen one joins its `otherwise` or stays.
    fn consider(&mut self, l: u32, chosen: &mut Vec<Choice>, plans: &mut BTreeMap<u32, LoopPlan>) {
        let (forest, r, o) = (self.forest, self.r, self.o);
        let PlanOptions { max_operations, privatize, .. } = self.opts;
        let Some(v) = o.loops.get(&l) else { return };
        let outer = chosen.iter().position(|c| self.inside(l, c.l));
        if let Some(k) = outer {
            let c = &chosen[k];
            if c.condition.is_none() || c.otherwise.iter().any(|&x| self.inside(l, x)) {
                return;
            }
        }
        // The minimum work per start of the threads.
        if let Some(why) = too_little_work(forest, l) {
            if v.parallel {
                plans.insert(l, LoopPlan::Kept(why));
            }
            return;
        }
        // A loop that runs at most once (a part GCC split off a loop
        // for its first iteration) has nothing to share out; the
        // loops inside it are considered instead.
        if v.parallel && outer.is_none() && self.most(l).is_some_and(|n| n < 2) {
            plans.insert(l, LoopPlan::Kept("too little work: it runs at most once".into()));
            return;
        }
        let copies = in_memory(v);
        // Why the loop's copies of memory cannot be made, where that is
        // more than "parloops does not make them".
        let mut why_copies_stay = None;
        let storage = self.own_storage(l, v, outer, &copies, &mut why_copies_stay);
        let sinks = self.sunk_reductions(l, v, outer, &copies, &storage, &mut why_copies_stay);
        let reduced = self.reduced_arrays(l, v, outer, &copies, &storage, &sinks, &mut why_copies_stay);
        if v.parallel && (copies.is_empty() || storage.is_some() || sinks.is_some() || reduced.is_some()) {
            match outer {
                Some(k) => chosen[k].otherwise.push(l),
                None => chosen.push(Choice {
                    l,
                    condition: None,
                    otherwise: Vec::new(),
                    storage: storage.unwrap_or_default(),
                    sinks: sinks.unwrap_or_default(),
                    copies: reduced.unwrap_or_default(),
                }),
            }
            return;
        }
        if outer.is_some() {
            // One version test per nest.
            return;
        }
        // Parallel without private copies of memory for some parameter
        // values only (seed 003: `help[i] = help[i + m]` for m >= n; a
        // private array that is written only when x > 5): under a test
        // of them. Its inner loops may still run in parallel otherwise.
        let conditions = self.conditions.get_or_insert_with(|| {
            let candidates: Vec<u32> = r
                .loops
                .iter()
                .copied()
                .filter(|x| o.loops.get(x).is_some_and(|v| (!v.parallel && !v.blocked_in_registers) || !in_memory(v).is_empty()))
                .collect();
            memory_parallel_conditions(forest, r, &candidates, max_operations)
        });
        if let Some(set) = conditions.get(&l).cloned().flatten() {
            chosen.push(Choice { l, condition: (!set.is_empty()).then_some(set), otherwise: Vec::new(), storage: Vec::new(), sinks: Vec::new(), copies: ThreadCopies::default() });
            return;
        }
        // Private arrays that are not the body's own (a scratch array
        // through a pointer, doitgen's `sum`): a copy per thread, the
        // last iteration working in the array where its values are
        // used after the loop.
        if privatize && v.parallel && storage.is_none() && !copies.is_empty() && copies.iter().all(|c| v.private.contains(c)) {
            let private = private_copies_of(forest, r, l, &copies, &v.lastprivate, &v.firstprivate, max_operations);
            let private = private.and_then(|c| if thread_copies(r, l, &c, false) { Ok(c) } else { Err("the loop uses their pointers otherwise than to load and store elements".into()) });
            match private {
                Ok(c) => {
                    chosen.push(Choice { l, condition: None, otherwise: Vec::new(), storage: Vec::new(), sinks: Vec::new(), copies: c });
                    return;
                }
                Err(e) => {
                    if why_copies_stay.is_none() {
                        why_copies_stay = Some(format!("needs private copies of its arrays ({}), and no copies of them per thread can be made: {e}", copies.join(", ")));
                    }
                }
            }
        }
        if v.parallel {
            let why = why_copies_stay.unwrap_or_else(|| format!("needs private or reduced copies of memory ({}), which parloops does not make", copies.join(", ")));
            plans.insert(l, LoopPlan::Kept(why));
        }
    }

    /// Private arrays whose scope is the loop's body: each iteration
    /// gets storage of its own, and parloops can run it.
    fn own_storage(
        &self,
        l: u32,
        v: &super::parallel::LoopOutcome,
        outer: Option<usize>,
        copies: &[String],
        why_copies_stay: &mut Option<String>,
    ) -> Option<Vec<Tree>> {
        let (forest, r) = (self.forest, self.r);
        if self.opts.privatize && v.parallel && outer.is_none() && !copies.is_empty() && copies.iter().all(|c| v.private.contains(c)) {
            match private_storage_decls(forest, r, l, copies) {
                Some(ds) if private_storage(l, &ds, false) => Some(ds),
                Some(_) => {
                    *why_copies_stay = Some(format!(
                        "needs private copies of its arrays ({}), and their storage cannot be its iterations' own (arrays over {} KiB, an address used otherwise than for loads and stores, or no exit test at the end of its body)",
                        copies.join(", "),
                        PRIVATE_STORAGE_MAX_BYTES / 1024
                    ));
                    None
                }
                None => None,
            }
        } else {
            None
        }
    }

    /// Reductions in memory whose running value PRE keeps in a
    /// register: their stores move after the loop, and parloops
    /// makes register reductions of them (unless the copies got
    /// `storage` of their own).
    fn sunk_reductions(
        &self,
        l: u32,
        v: &super::parallel::LoopOutcome,
        outer: Option<usize>,
        copies: &[String],
        storage: &Option<Vec<Tree>>,
        why_copies_stay: &mut Option<String>,
    ) -> Option<Vec<Stmt>> {
        let (forest, r) = (self.forest, self.r);
        let is_reduction = |c: &String| v.reduction_op(c).is_some();
        if self.opts.sink_reductions && v.parallel && outer.is_none() && storage.is_none() && !copies.is_empty() && copies.iter().all(is_reduction) {
            // (An array reduction, its store in an inner loop, keeps the
            // general reason.)
            match super::parallel::reduction_stores(forest, r, l, copies) {
                Some(st) if st.iter().all(|s| sink_store(l, *s, false)) => Some(st),
                Some(_) => {
                    *why_copies_stay = Some(format!(
                        "needs reductions in memory ({}), and their stores cannot be moved after it (not on every way out of it, or to an address computed in it)",
                        copies.join(", ")
                    ));
                    None
                }
                None => None,
            }
        } else {
            None
        }
    }

    /// Reductions into arrays (column sums): a zeroed copy per
    /// thread, added to the arrays after the loop (unless the copies
    /// got `storage` of their own or `sinks` moved their stores).
    #[allow(clippy::too_many_arguments)]
    fn reduced_arrays(
        &self,
        l: u32,
        v: &super::parallel::LoopOutcome,
        outer: Option<usize>,
        copies: &[String],
        storage: &Option<Vec<Tree>>,
        sinks: &Option<Vec<Stmt>>,
        why_copies_stay: &mut Option<String>,
    ) -> Option<ThreadCopies> {
        let (forest, r) = (self.forest, self.r);
        let PlanOptions { max_operations, array_reductions: reduce_arrays, unsigned_reductions, .. } = self.opts;
        let is_sum = |c: &String| v.reduction_op(c) == Some("+");
        if reduce_arrays
            && v.parallel
            && outer.is_none()
            && storage.is_none()
            && sinks.is_none()
            && !copies.is_empty()
            && copies.iter().all(is_sum)
        {
            let why = match array_reductions_of(forest, r, l, copies, max_operations, unsigned_reductions) {
                Ok(Some(reds)) if thread_copies(r, l, &reds, false) => Ok(Some(reds)),
                Ok(Some(_)) => Err("the loop uses their pointers otherwise than to load and store elements of the reduced type".to_string()),
                other => other,
            };
            match why {
                Ok(reds) => reds,
                Err(e) => {
                    if why_copies_stay.is_none() {
                        *why_copies_stay = Some(format!("needs reductions into arrays ({}), and no copies of them per thread can be made: {e}", copies.join(", ")));
                    }
                    None
                }
            }
        } else {
            None
        }
    }

    /// Whether loop `l`'s inner loops' trip counts vary with its counter.
    fn cyclic(&self, l: u32) -> bool {
        inner_trip_counts_vary(self.forest, self.r, l, self.opts.max_operations)
    }

    /// Inside a marked loop, where the region's test holds, an inner
    /// loop's reduction into one memory cell keeps its running value in
    /// a register too (its store moves after it), so that the
    /// vectorizer can make the reduction there.
    /// Cells updated in memory that PRE left there (the arrays could
    /// overlap) are carried in registers as well.
    fn inner_sinks(&self, l: u32) -> Vec<CarriedCell> {
        let (forest, r, o) = (self.forest, self.r, self.o);
        let PlanOptions { max_operations, sink_reductions, .. } = self.opts;
        if !sink_reductions {
            return Vec::new();
        }
        let mut out = Vec::new();
        for &x in r.loops.iter().filter(|&&x| self.inside(x, l)) {
            let Some(vx) = o.loops.get(&x) else { continue };
            let cells = in_memory(vx);
            if cells.is_empty() || !cells.iter().all(|c| vx.reduction_op(c).is_some()) {
                continue;
            }
            if let Some(st) = super::parallel::reduction_stores(forest, r, x, &cells) {
                if st.iter().all(|s| sink_store(x, *s, false)) {
                    out.extend(cells.iter().zip(st).map(|(c, s)| CarriedCell { l: x, cell: c.clone(), store: s, loads: Vec::new() }));
                }
            }
        }
        let more: Vec<CarriedCell> =
            carried_cells_in(forest, r, l, false, max_operations).into_iter().filter(|c| c.l != l && !out.iter().any(|o| o.store == c.store)).collect();
        out.extend(more);
        out
    }

    /// An innermost loop inside a sequential one whose iterations the
    /// model bounds below the minimum (a split loop's part) is kept
    /// without a run-time copy; others are tested at run time.
    fn checked(&mut self, l: u32, plan: LoopPlan) -> LoopPlan {
        let min_trips = self.opts.min_trips;
        if self.needs_trips(l) && min_trips > 1 && self.most(l).is_some_and(|n| n < min_trips) {
            LoopPlan::Kept(too_few_trips(min_trips))
        } else {
            plan
        }
    }

    /// The plan of chosen loop `c` (or of the loops inside it) into
    /// `plans`, under the region's `test`.
    fn mark(&mut self, c: Choice, test: &Option<RuntimeTest>, cx: &BoundedCtx, plans: &mut BTreeMap<u32, LoopPlan>) {
        let (forest, r) = (self.forest, self.r);
        let max_operations = self.opts.max_operations;
        // A condition that the branches before the loop imply is none.
        let condition = c.condition.as_deref().filter(|set| !RuntimeTest::implied(cx, set, r, c.l));
        let here = RuntimeTest::at_loop(test, cx, r, c.l);
        let Some(set) = condition else {
            let plan = LoopPlan::Parallel {
                test: here,
                otherwise: Vec::new(),
                cyclic: self.cyclic(c.l),
                within: None,
                storage: c.storage,
                min_trips: self.needs_trips(c.l),
                sinks: c.sinks,
                copies: c.copies,
                inner_sinks: self.inner_sinks(c.l),
            };
            plans.insert(c.l, self.checked(c.l, plan));
            return;
        };
        // With loops marked otherwise and a region test, the condition
        // alone is tested inside the copy where the region test holds.
        let nested = !c.otherwise.is_empty() && here.is_some();
        let mut t = if nested { RuntimeTest::default() } else { here.clone().unwrap_or_default() };
        t.names = r.param_texts();
        // A copy that would run only where the loop runs no iteration
        // (where it is parallel, the region's assumptions do not hold)
        // is not made.
        let required = t.require(cx, set, r, Some(c.l)).is_ok();
        let useless = required
            && super::parallel::runs_where(forest, r, c.l, max_operations)
                .is_some_and(|runs| !t.leaves_any(cx, if nested { here.as_ref() } else { None }, &runs, r, c.l));
        if useless {
            plans.insert(c.l, LoopPlan::Kept(format!("it is parallel only where {}, and there the region's assumptions leave it no iteration", poly::with_names(&condition_text(set), &t.names))));
        }
        if required && !useless {
            let within = if nested { here } else { None };
            let plan =
                LoopPlan::Parallel { test: Some(t), otherwise: c.otherwise, cyclic: self.cyclic(c.l), within, storage: Vec::new(), min_trips: self.needs_trips(c.l), sinks: Vec::new(), copies: ThreadCopies::default(), inner_sinks: Vec::new() };
            plans.insert(c.l, self.checked(c.l, plan));
        } else {
            // No test to version on: the inner loops alone.
            for l in c.otherwise {
                let plan = LoopPlan::Parallel { test: RuntimeTest::at_loop(test, cx, r, l), otherwise: Vec::new(), cyclic: self.cyclic(l), within: None, storage: Vec::new(), min_trips: self.needs_trips(l), sinks: Vec::new(), copies: ThreadCopies::default(), inner_sinks: Vec::new() };
                plans.insert(l, self.checked(l, plan));
            }
        }
    }
}

/// The byte ranges of `names` over the accesses of the statements `keep`
/// accepts (an array none of them touches has none); the sizes that scale
/// them and are not constants join `sizes` (they must be non-negative for
/// the ranges to hold).
fn extents_of(
    cx: &BoundedCtx,
    r: &Region,
    names: &[&str],
    keep: &dyn Fn(&str) -> bool,
    sizes: &mut Vec<Polynomial>,
) -> Result<BTreeMap<String, Extent>, String> {
    let boxes = access_boxes(cx, &r.scop, names, keep).map_err(|e| e.to_string())?;
    let mut extents = BTreeMap::new();
    for &n in names {
        let Some(Some(b)) = boxes.get(n) else { continue };
        let base = r.bases.get(n).ok_or_else(|| format!("no base for '{n}'"))?;
        // Strides in elements: the product of the sizes inward.
        let dims = b.lo.len();
        if dims != base.sizes.len() + 1 {
            return Err(format!("'{n}': the box and the shape disagree"));
        }
        let mut strides = vec![Polynomial::constant(1); dims];
        for k in (0..dims - 1).rev() {
            strides[k] = strides[k + 1].checked_mul(&base.sizes[k]).ok_or("overflow")?;
        }
        // In bytes: [elem * sum lo_k * stride_k, elem * (sum hi_k * stride_k + 1)).
        let mut lo = ByteBound { fixed: Polynomial::zero(), terms: Vec::new() };
        let mut hi = ByteBound { fixed: Polynomial::constant(base.elem), terms: Vec::new() };
        for (k, stride) in strides.iter().enumerate() {
            let stride = stride.checked_scale(base.elem).ok_or("overflow")?;
            for (bound, pieces) in [(&mut lo, &b.lo[k]), (&mut hi, &b.hi[k])] {
                if let [Piece { value, domain: None }] = pieces.as_slice() {
                    let one = affine(value).ok_or("overflow")?;
                    bound.fixed = bound.fixed.checked_add(&one.checked_mul(&stride).ok_or("overflow")?).ok_or("overflow")?;
                    continue;
                }
                bound.terms.push((stride.clone(), pieces_of(pieces)?));
            }
        }
        for s in &base.sizes {
            if s.as_constant().is_none() && !sizes.contains(s) {
                sizes.push(s.clone());
            }
        }
        extents.insert(n.to_string(), Extent { array: n.to_string(), lo, hi });
    }
    Ok(extents)
}

/// The region's run-time test: None when it assumes nothing.
pub fn region_test(cx: &BoundedCtx, r: &Region) -> Result<Option<RuntimeTest>, String> {
    if let Some(a) = r.assumptions.iter().find(|a| a.kind != "no-alias" && a.params.is_none() && a.product.is_none()) {
        return Err(format!("its region assumes '{}' ({}), which no run-time test checks yet", a.text, a.kind));
    }
    let mut test = RuntimeTest { names: r.param_texts(), ..Default::default() };
    for a in &r.assumptions {
        if let Some(set) = &a.params {
            test.require(cx, set, r, None).map_err(|e| format!("no run-time test for '{}': {e}", a.text))?;
        }
        if let Some(p) = &a.product {
            let (lo, hi) = dim_bounds(cx, &p.domain).map_err(|e| format!("no run-time test for '{}': {e}", a.text))?;
            let mut ranges = BTreeMap::new();
            for (k, it) in p.iters.iter().enumerate() {
                if p.poly.mentions(it) {
                    ranges.insert(it.clone(), (pieces_of(&lo[k])?, pieces_of(&hi[k])?));
                }
            }
            let text = format!("{} <= {} <= {}", p.lo, p.poly.to_isl(), p.hi);
            let p = ProductTest { text, poly: p.poly.clone(), lo: p.lo, hi: p.hi, ranges };
            // Two statements with the same product over the same ranges: one check.
            if !test.products.iter().any(|q| q.text == p.text && q.ranges == p.ranges) {
                test.products.push(p);
            }
        }
    }
    let mut names: Vec<&str> = r.alias_pairs.iter().flat_map(|(a, b)| [a.as_str(), b.as_str()]).collect();
    names.sort();
    names.dedup();
    let extents = extents_of(cx, r, &names, &|_| true, &mut test.sizes).map_err(|e| format!("no overlap test: {e}"))?;
    for (a, b) in &r.alias_pairs {
        // An array the region does not touch overlaps nothing.
        if let (Some(x), Some(y)) = (extents.get(a.as_str()), extents.get(b.as_str())) {
            test.pairs.push((x.clone(), y.clone()));
        }
    }
    // Every value of the test must fit the arithmetic it runs in.
    let in_sets = test.params.iter().flat_map(|(_, dnf)| dnf.iter().flatten().map(|(p, _)| p.clone()));
    let values: Vec<Polynomial> = test
        .pairs
        .iter()
        .flat_map(|(x, y)| [&x.lo, &x.hi, &y.lo, &y.hi])
        .flat_map(|b| b.values())
        .chain(test.sizes.iter().cloned())
        .chain(in_sets)
        .collect();
    let fits = |cap: i128| {
        values.iter().all(|p| magnitude(r, p, cap).is_some_and(|m| m < rt_limit()))
            && test.products.iter().all(|p| product_magnitude(r, p, cap).is_some_and(|m| m < rt_limit()))
    };
    if !fits(i128::MAX) {
        // Where the parameters' types allow values too large for the tests'
        // arithmetic (two int sizes multiplied, in 64 bits), the test
        // requires the parameters to stay within the largest 2^k that
        // makes every value fit; elsewhere the region runs as it is.
        let Some(k) = (8..=62).rev().find(|&k| fits(1i128 << k)) else {
            return Err(match too_large(r, &values) {
                Some(p) => format!("the overlap test's value {} may not fit {} bits", p.to_isl(), rt_bits()),
                None => format!("the overlap test's products may not fit {} bits", rt_bits()),
            });
        };
        let mut names: Vec<String> = values
            .iter()
            .chain(test.products.iter().map(|p| &p.poly))
            .flat_map(|p| p.vars())
            .chain(test.products.iter().flat_map(|p| p.ranges.values().flat_map(|(lo, hi)| lo.iter().chain(hi).flat_map(|(v, _, _)| v.vars()))))
            .filter(|v| param_magnitude(r, v, i128::MAX).is_some_and(|m| m > 1i128 << k))
            .collect();
        names.sort();
        names.dedup();
        // The check reads each parameter in the tests' type: one whose type
        // holds values that type does not (an unsigned 64-bit size in 64
        // signed bits) could pass it wrapped.
        let half = 1i128 << (rt_bits() - 1);
        if let Some(v) = names.iter().find(|v| r.param_values.get(v.as_str()).is_none_or(|t| t.lo < -half || t.hi >= half)) {
            return Err(format!("the overlap test needs {v} within 2^{k}, which {} bits cannot check", rt_bits()));
        }
        // -2^k <= v <= 2^k for each, as one more parameter set.
        let bound = Polynomial::constant(1i128 << k);
        let conj = names
            .iter()
            .flat_map(|v| {
                let x = Polynomial::var(v);
                [bound.checked_add(&x), x.checked_scale(-1).and_then(|y| bound.checked_add(&y))]
            })
            .map(|p| p.map(|p| (p, false)))
            .collect::<Option<Vec<_>>>()
            .ok_or("overflow")?;
        test.magnitudes = Some((format!("|{}| <= 2^{k}", names.join("|, |")), vec![conj]));
    }
    if test.is_empty() {
        return Ok(None);
    }
    Ok(Some(test))
}

/// The precision of the arithmetic the run-time tests run in: 128 bits, or
/// 64 where the target has no 128-bit arithmetic (x86 with -m32).
fn rt_bits() -> u32 {
    // SAFETY: reads type nodes GCC sets up before any pass.
    unsafe { ffi::gp_rt_precision() }
}

/// The bound every value a run-time test computes must stay below: 8 bits
/// short of the tests' precision, room for the sums of a few of them.
fn rt_limit() -> i128 {
    1i128 << (rt_bits().clamp(16, 128) - 8)
}

/// The first of `values` that might not stay below `rt_limit()`.
fn too_large<'a>(r: &Region, values: &'a [Polynomial]) -> Option<&'a Polynomial> {
    let limit = rt_limit();
    values.iter().find(|p| magnitude(r, p, i128::MAX).is_none_or(|m| m >= limit))
}

/// `k + sum c * param` as a polynomial (coefficients from isl, far from
/// overflowing).
fn affine(a: &ParamAffine) -> Option<Polynomial> {
    a.terms.iter().try_fold(Polynomial::constant(a.k), |p, (v, c)| p.checked_add(&Polynomial::var(v).checked_scale(*c)?))
}

/// A bound on every value the interval test of `p` computes, with every
/// parameter's magnitude at most `cap`; None on overflow.
fn product_magnitude(r: &Region, p: &ProductTest, cap: i128) -> Option<i128> {
    let of_iterator = |v: &str| -> Option<Option<i128>> {
        let (lo, hi) = p.ranges.get(v)?;
        Some(lo.iter().chain(hi).try_fold(0i128, |m, (x, _, _)| Some(m.max(magnitude(r, x, cap)?))))
    };
    let terms = bound_of(&p.poly, &|v| of_iterator(v).unwrap_or_else(|| param_magnitude(r, v, cap)))?;
    terms.checked_add(p.lo.checked_abs()?.max(p.hi.checked_abs()?))
}

/// A bound on |p| over its parameters' type ranges, each magnitude at most
/// `cap`; None on overflow.
fn magnitude(r: &Region, p: &Polynomial, cap: i128) -> Option<i128> {
    bound_of(p, &|v| param_magnitude(r, v, cap))
}

/// The largest magnitude of parameter `v`'s type, at most `cap`.
fn param_magnitude(r: &Region, v: &str, cap: i128) -> Option<i128> {
    let range = r.param_values.get(v)?;
    Some(range.lo.checked_abs()?.max(range.hi.checked_abs()?).min(cap))
}

/// `sum |c| * prod var(v)` over the terms of `p`; None on overflow.
fn bound_of(p: &Polynomial, var: &dyn Fn(&str) -> Option<i128>) -> Option<i128> {
    let mut total: i128 = 0;
    for (m, c) in p.terms() {
        let mut t = c.checked_abs()?;
        for v in m {
            t = t.checked_mul(var(v)?)?;
        }
        total = total.checked_add(t)?;
    }
    Some(total)
}

/// Builds GCC trees through the shim.
struct Builder<'r> {
    region: &'r Region,
}

impl Builder<'_> {
    fn tree(p: *mut ffi::gp_tree) -> Option<Tree> {
        Tree::from(p)
    }

    fn constant(&self, v: i128) -> Option<Tree> {
        if let Ok(small) = i64::try_from(v) {
            // SAFETY: builds a constant tree; called inside a pass.
            return Self::tree(unsafe { ffi::gp_rt_const(small) });
        }
        // (v >> 32) * 2^32 + (v & (2^32 - 1)), folded by GCC.
        let high = self.binary(ffi::gp_rt_op_kind::GP_RT_MUL, self.constant(v >> 32)?, self.constant(1 << 32)?)?;
        self.binary(ffi::gp_rt_op_kind::GP_RT_ADD, high, self.constant(v & 0xffff_ffff)?)
    }

    fn binary(&self, op: ffi::gp_rt_op_kind, a: Tree, b: Tree) -> Option<Tree> {
        // SAFETY: a and b are trees built for this test.
        Self::tree(unsafe { ffi::gp_rt_binary(op, a.raw(), b.raw()) })
    }

    fn poly(&self, p: &Polynomial) -> Option<Tree> {
        let mut sum = self.constant(0)?;
        for (m, c) in p.terms() {
            let mut t = self.constant(c)?;
            for v in m {
                let param = self.region.param_values.get(v)?;
                // SAFETY: a parameter's SSA name, defined before the region.
                let value = Self::tree(unsafe { ffi::gp_rt_value(param.tree.raw()) })?;
                t = self.binary(ffi::gp_rt_op_kind::GP_RT_MUL, t, value)?;
            }
            sum = self.binary(ffi::gp_rt_op_kind::GP_RT_ADD, sum, t)?;
        }
        Some(sum)
    }

    /// d1 ? v1 : d2 ? v2 : ... : vk; where no domain holds, the bound
    /// does not matter (nothing runs there), and any value will do.
    fn piecewise(&self, pieces: &Pieces) -> Option<Tree> {
        let (last, rest) = pieces.split_last()?;
        let mut v = self.poly(&last.0)?;
        for (value, _, dnf) in rest.iter().rev() {
            let c = self.dnf(dnf)?;
            // SAFETY: trees built for this test.
            v = Self::tree(unsafe { ffi::gp_rt_cond(c.raw(), self.poly(value)?.raw(), v.raw()) })?;
        }
        Some(v)
    }

    fn bound(&self, b: &ByteBound) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        let mut sum = self.poly(&b.fixed)?;
        for (stride, pieces) in &b.terms {
            sum = self.binary(GP_RT_ADD, sum, self.binary(GP_RT_MUL, self.poly(stride)?, self.piecewise(pieces)?)?)?;
        }
        Some(sum)
    }

    /// `lo <= poly <= hi` by intervals: a parameter is its value, an
    /// iterator its range; products take the least and the greatest of the
    /// products of the ends.
    fn product(&self, p: &ProductTest) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        let (mut sum_lo, mut sum_hi) = (self.constant(0)?, self.constant(0)?);
        for (m, c) in p.poly.terms() {
            let (mut lo, mut hi) = (self.constant(c)?, self.constant(c)?);
            for v in m {
                let (a, b) = match p.ranges.get(v) {
                    Some((vlo, vhi)) => (self.piecewise(vlo)?, self.piecewise(vhi)?),
                    None => {
                        let x = self.poly(&Polynomial::var(v))?;
                        (x, x)
                    }
                };
                let ends = [
                    self.binary(GP_RT_MUL, lo, a)?,
                    self.binary(GP_RT_MUL, lo, b)?,
                    self.binary(GP_RT_MUL, hi, a)?,
                    self.binary(GP_RT_MUL, hi, b)?,
                ];
                let (mut l, mut h) = (ends[0], ends[0]);
                for e in &ends[1..] {
                    l = self.binary(GP_RT_MIN, l, *e)?;
                    h = self.binary(GP_RT_MAX, h, *e)?;
                }
                (lo, hi) = (l, h);
            }
            sum_lo = self.binary(GP_RT_ADD, sum_lo, lo)?;
            sum_hi = self.binary(GP_RT_ADD, sum_hi, hi)?;
        }
        let low_ok = self.binary(GP_RT_LE, self.constant(p.lo)?, sum_lo)?;
        let high_ok = self.binary(GP_RT_LE, sum_hi, self.constant(p.hi)?)?;
        self.binary(GP_RT_AND, low_ok, high_ok)
    }

    /// A parameter set as a condition.
    fn dnf(&self, dnf: &Dnf) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        let mut any: Option<Tree> = None;
        for conj in dnf {
            let mut each: Option<Tree> = None;
            for (p, equality) in conj {
                let c = self.binary(if *equality { GP_RT_EQ } else { GP_RT_LE }, self.constant(0)?, self.poly(p)?)?;
                each = Some(match each {
                    None => c,
                    Some(e) => self.binary(GP_RT_AND, e, c)?,
                });
            }
            // An empty conjunction holds.
            let each = match each {
                Some(e) => e,
                None => self.binary(GP_RT_LE, self.constant(0)?, self.constant(0)?)?,
            };
            any = Some(match any {
                None => each,
                Some(a) => self.binary(GP_RT_OR, a, each)?,
            });
        }
        // An empty disjunction never holds.
        match any {
            Some(a) => Some(a),
            None => self.binary(GP_RT_LE, self.constant(1)?, self.constant(0)?),
        }
    }

    /// The address of `array` as a number.
    fn base(&self, array: &str) -> Option<Tree> {
        match self.region.bases.get(array)?.base {
            // SAFETY: a declaration of the function or the unit.
            Base::Decl(d) => Self::tree(unsafe { ffi::gp_rt_address_of(d.raw()) }),
            // SAFETY: a pointer SSA name defined before the region.
            Base::Ptr(p) => Self::tree(unsafe { ffi::gp_rt_value(p.raw()) }),
        }
    }

    /// `a - b`.
    fn minus(&self, a: Tree, b: Tree) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        self.binary(GP_RT_ADD, a, self.binary(GP_RT_MUL, self.constant(-1)?, b)?)
    }

    fn test(&self, t: &RuntimeTest) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        let mut all: Option<Tree> = None;
        let mut and = |c: Tree| -> Option<()> {
            all = Some(match all {
                None => c,
                Some(a) => self.binary(GP_RT_AND, a, c)?,
            });
            Some(())
        };
        for (x, y) in &t.pairs {
            // x + hi_x <= y + lo_y as hi_x - lo_y <= y - x: the addresses
            // stay in one difference computed once, apart from the offsets,
            // which may move with loops around the region. An address as a
            // number inside such a loop would be an induction variable that
            // GCC's ivopts could rebuild the loop's own pointers from,
            // leaving them no base (`MEM[0B + ivtmp]`), which GCC's
            // pure-const analysis then takes for a null dereference.
            let gap = self.minus(self.base(&y.array)?, self.base(&x.array)?)?;
            let x_before_y = self.binary(GP_RT_LE, self.minus(self.bound(&x.hi)?, self.bound(&y.lo)?)?, gap)?;
            let back = self.binary(GP_RT_MUL, self.constant(-1)?, gap)?;
            let y_before_x = self.binary(GP_RT_LE, self.minus(self.bound(&y.hi)?, self.bound(&x.lo)?)?, back)?;
            and(self.binary(GP_RT_OR, x_before_y, y_before_x)?)?;
        }
        for s in &t.sizes {
            and(self.binary(GP_RT_LE, self.constant(0)?, self.poly(s)?)?)?;
        }
        for (_, dnf) in t.params.iter().chain(&t.magnitudes) {
            and(self.dnf(dnf)?)?;
        }
        for p in &t.products {
            and(self.product(p)?)?;
        }
        all
    }
}

/// Versions loop `l` on `t`, neither copy marked: `l` is then the copy run
/// where it holds. Returns the number of the copy run where it fails; None
/// when versioning failed (nothing changed).
pub fn version_on(region: &Region, l: u32, t: &RuntimeTest) -> Option<u32> {
    let cond = (Builder { region }).test(t)?;
    // SAFETY: l is a loop of cfun; cond a tree over values defined before
    // the region, which dominate the loop; nothing is marked.
    let copy = unsafe { ffi::gp_loop_version_parallel(l, cond.raw(), std::ptr::null(), 0, 0) };
    (copy != 0).then_some(copy)
}

/// Carries out a plan on loop `l`: versions it on `within` first when
/// there is one (neither copy marked; `l` is then the copy where it holds),
/// then marks it, versioning it on `test` first, and marks the loops
/// `otherwise` (inside `l`) in the copy run when `test` fails; with `mark`
/// false it versions but marks nothing (to measure the tests). Returns
/// false when a versioning failed: then no loop is marked.
pub fn apply(region: &Region, l: u32, within: Option<&RuntimeTest>, test: Option<&RuntimeTest>, otherwise: &[u32], mark: bool) -> bool {
    if let Some(w) = within {
        if version_on(region, l, w).is_none() {
            return false;
        }
    }
    match test {
        None if !mark => true,
        None => {
            // SAFETY: l is a loop of cfun.
            unsafe { ffi::gp_loop_mark_parallel(l, 1) };
            true
        }
        Some(t) => {
            let Some(cond) = (Builder { region }).test(t) else { return false };
            // SAFETY: l is a loop of cfun; cond a tree over values defined
            // before the region, which dominate the loop; otherwise holds
            // otherwise.len() loop numbers.
            unsafe { ffi::gp_loop_version_parallel(l, cond.raw(), otherwise.as_ptr(), otherwise.len() as u32, mark as i32) != 0 }
        }
    }
}
