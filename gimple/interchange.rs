//! Interchange of perfect loop pairs: which pairs to swap (a locality
//! model), whether the model allows it, and the swap itself (the shim).
//!
//! The locality model (poly::locality) counts the cache lines the
//! innermost loop's memory accesses touch per iteration; a pair is swapped
//! when that count at least halves with the outer loop innermost.
//! docs/codegen.md describes it.

use crate::ffi;
use super::ir::Tree;
use super::loops::LoopForest;
use super::parallel::{loop_map, pair_interchange, pair_skew, RegionOutcome};
use super::scop::{scalar_name, Region};
use poly::locality::Layout;
use poly::LightScop;
use std::collections::BTreeMap;

/// A pair swapped only when the inner loop's lines per iteration at least
/// divide by this.
const MIN_GAIN: f64 = 2.0;

/// A pair worth swapping, with what the model says of it.
#[derive(Clone, Debug)]
pub struct Swap {
    pub outer: u32,
    pub inner: u32,
    /// Lines per iteration of the innermost loop, as it is and swapped.
    pub before: f64,
    pub after: f64,
    /// Why the swap is legal, in source terms.
    pub legality: String,
}

/// The swap, or why a pair the locality model favours is not swapped
/// (None: not a candidate, or no gain).
pub type Judgement = Result<Swap, Option<String>>;

/// The region loops directly inside `l`.
pub fn children(forest: &LoopForest, r: &Region, l: u32) -> Vec<u32> {
    r.loops.iter().copied().filter(|&c| forest.get(c).and_then(|x| x.parent) == Some(l)).collect()
}

/// The shim's reason for a pair it cannot swap.
fn shape_reason(s: ffi::gp_interchange_status) -> &'static str {
    use ffi::gp_interchange_status::*;
    match s {
        GP_IX_OK => "",
        GP_IX_NOT_PERFECT => "not a perfect pair of counted loops",
        GP_IX_COUNT => "a trip count unknown before the pair or varying with the outer loop",
        GP_IX_CARRIED => "a value carried across iterations that is not a counter or a running value stored each iteration",
        GP_IX_OUTER_CODE => "the outer loop has code that cannot move into the inner loop, or a value leaves the pair",
    }
}

/// Judges swapping loop `outer` of region `r` with its only inner loop:
/// profitable by the locality model, possible for the shim, legal by the
/// dataflow.
pub fn judge(forest: &LoopForest, r: &Region, outer: u32, max_operations: u64) -> Judgement {
    let inner = match children(forest, r, outer).as_slice() {
        [c] if children(forest, r, *c).is_empty() => *c,
        _ => return Err(None),
    };
    let light = LightScop::read(&r.scop).map_err(|_| None)?;
    let lm = loop_map(forest, r);
    let depth = |l: u32| lm.depth.get(&l).copied().unwrap_or(0);
    let stmts = lm.stmts.get(&inner).cloned().unwrap_or_default();
    let layouts: BTreeMap<String, Layout> =
        r.bases.iter().map(|(name, b)| (name.clone(), Layout { elem: b.elem, sizes: b.sizes.clone() })).collect();
    let lines = |stmts: &[String], d: usize| poly::locality::lines_per_iteration(&light, stmts, d, &layouts);
    let before = lines(&stmts, depth(inner));
    let mut after = lines(&stmts, depth(outer));
    if before == 0.0 || after * MIN_GAIN > before {
        return Err(None);
    }
    let mut run = ffi::gp_running_value { phi: std::ptr::null_mut(), next: std::ptr::null_mut(), stored_after: 0, lcssa: std::ptr::null_mut(), store_block: 0 };
    // SAFETY: outer is a loop of cfun; with apply 0 nothing changes.
    let status = unsafe { ffi::gp_loop_interchange(outer, 0, &mut run) };
    if status != ffi::gp_interchange_status::GP_IX_OK {
        return Err(Some(shape_reason(status).into()));
    }
    // The running value goes back to memory: its scalars' dependences
    // vanish with it.
    let phi_array = |t: Tree| format!("{}_phi", scalar_name(t));
    let running: Vec<String> = [Tree::from(run.phi).map(phi_array), Tree::from(run.next).map(scalar_name), Tree::from(run.lcssa).map(phi_array)]
        .into_iter()
        .flatten()
        .collect();
    if run.stored_after != 0 {
        // Stored on every iteration once swapped.
        after += lines(&[format!("S_{}", run.store_block)], depth(outer));
        if after * MIN_GAIN > before {
            return Err(None);
        }
        stored_once_per_iteration(r, &stmts, run.store_block, max_operations).map_err(Some)?;
    }
    let (x, reason) = pair_interchange(forest, r, outer, inner, max_operations).map_err(Some)?;
    let blocking: Vec<&String> = x.reversed_flow.iter().chain(&x.reversed_live).filter(|a| !running.contains(a)).collect();
    if !blocking.is_empty() {
        return Err(Some(reason));
    }
    let legality = if x.legal {
        reason
    } else {
        "legal once the running value is kept in memory: every other dependence is kept".to_string()
    };
    Ok(Swap { outer, inner, before, after, legality })
}

/// What a swap would cost in parallelism (`o`: the region's verdicts), or
/// None: it would put a loop carrying a dependence innermost in place of a
/// parallel one (which the vectorizer could use), or, with `threads`,
/// move the nest's outermost parallel loop inward, no parallel loop being
/// left around it (one parallel region per outer iteration instead of
/// one). A parallel loop around that needs copies of memory (doitgen's r
/// loop, its `sum` private) does not count: the swap may keep a running
/// value in that memory across the pair (`sum[p]` read back in each
/// iteration), and the loop around would then be sequential.
pub fn parallelism_lost(forest: &LoopForest, r: &Region, s: &Swap, o: &RegionOutcome, threads: bool) -> Option<&'static str> {
    let parallel = |l: u32| o.loops.get(&l).is_some_and(|v| v.parallel && v.reductions.is_empty());
    if parallel(s.inner) && !parallel(s.outer) {
        return Some("it would put a loop carrying a dependence innermost in place of a parallel one");
    }
    if !threads {
        return None;
    }
    let mut around = forest.get(s.outer).and_then(|x| x.parent);
    while let Some(a) = around.filter(|a| r.loops.contains(a)) {
        if parallel(a) && o.loops.get(&a).is_some_and(|v| v.in_memory.is_empty()) {
            return None;
        }
        around = forest.get(a).and_then(|x| x.parent);
    }
    (parallel(s.outer) && !parallel(s.inner)).then_some("it would move the nest's outermost parallel loop inward")
}

/// A running value stored once after the inner loop will be stored on
/// every iteration of it: that is invisible only when no statement of the
/// inner loop (`inner_stmts`) accesses the array and no two iterations
/// around store to the same cell (the store of block `block` is
/// injective).
fn stored_once_per_iteration(r: &Region, inner_stmts: &[String], block: i32, max_operations: u64) -> Result<(), String> {
    let name = format!("S_{block}");
    let st = r.scop.statements.iter().find(|s| s.name == name).ok_or("the store after the inner loop is not in the model")?;
    let writes: Vec<&poly::Access> = st.accesses.iter().filter(|a| a.kind != poly::AccessKind::Read && r.bases.contains_key(&a.array)).collect();
    let [w] = writes.as_slice() else { return Err("the store after the inner loop is not the model's one write there".into()) };
    if r.scop.statements.iter().filter(|s| inner_stmts.contains(&s.name)).any(|s| s.accesses.iter().any(|a| a.array == w.array)) {
        return Err(format!("the inner loop accesses {}, which the running value is stored to", w.array));
    }
    let cx = poly::BoundedCtx::new(max_operations);
    let injective = cx
        .union_map(&w.relation)
        .and_then(|m| Ok((m, cx.union_set(&st.domain)?)))
        .and_then(|(m, d)| cx.ok(m.intersect_domain(d)))
        .and_then(|m| cx.ok(m.is_injective()));
    match injective {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!("two iterations store the running value to the same cell of {}", w.array)),
        Err(e) => Err(format!("not analysed: {e}")),
    }
}

/// Swaps the pair (the shim); false when it could not.
pub fn apply(s: &Swap) -> bool {
    // SAFETY: s.outer is a loop of cfun that judge() accepted.
    unsafe { ffi::gp_loop_interchange(s.outer, 1, std::ptr::null_mut()) == ffi::gp_interchange_status::GP_IX_OK }
}

/// The greatest factor of a skew tried: steeper diagonals hold fewer
/// iterations each.
const MAX_SKEW: i128 = 4;

/// A pair to run by its diagonals `factor * a + b` (iteration numbers).
#[derive(Clone, Debug)]
pub struct Skew {
    pub outer: u32,
    pub inner: u32,
    pub factor: i128,
}

/// The innermost loop of region `r` around loop `l` that the verdicts `o`
/// do not find sequential (parallel, or not judged), if any.
fn parallel_around(forest: &LoopForest, r: &Region, l: u32, o: &RegionOutcome) -> Option<u32> {
    let mut around = forest.get(l).and_then(|x| x.parent);
    while let Some(a) = around.filter(|a| r.loops.contains(a)) {
        if !o.loops.get(&a).is_some_and(|v| !v.parallel) {
            return Some(a);
        }
        around = forest.get(a).and_then(|x| x.parent);
    }
    None
}

/// Judges running loop `outer` of region `r` and its only inner loop by
/// the diagonals of their iteration numbers (docs/codegen.md, Skewed
/// pairs): neither loop parallel (`o`: the region's verdicts), the inner
/// loop carrying a value through memory from one iteration to a later one
/// (a chain each iteration waits on), a skew the model allows whose
/// diagonals' iterations are independent, and a pair the shim can rewrite.
/// None: not a candidate.
/// With `threads`, a loop around the pair that runs in parallel keeps it
/// as it is: the marking that follows could not model the skewed pair's
/// bounds within that loop's region.
pub fn judge_skew(forest: &LoopForest, r: &Region, outer: u32, o: &RegionOutcome, threads: bool, max_operations: u64) -> Result<Skew, Option<String>> {
    let inner = match children(forest, r, outer).as_slice() {
        [c] if children(forest, r, *c).is_empty() => *c,
        _ => return Err(None),
    };
    let sequential = |l: u32| o.loops.get(&l).is_some_and(|v| !v.parallel);
    if !sequential(outer) || !sequential(inner) {
        return Err(None);
    }
    // SAFETY: outer is a loop of cfun; with apply 0 nothing changes.
    if unsafe { ffi::gp_loop_skew(outer, 1, 0) } != ffi::gp_interchange_status::GP_IX_OK {
        return Err(None);
    }
    let Some(s) = pair_skew(forest, r, outer, inner, MAX_SKEW, max_operations).map_err(Some)? else {
        return Err(None);
    };
    if let Some(a) = parallel_around(forest, r, outer, o).filter(|_| threads) {
        let line = forest.get(a).map(|x| x.line()).unwrap_or(0);
        return Err(Some(format!("the loop at line {line} around them runs in parallel")));
    }
    let Some(factor) = s.factor else {
        return Err(Some(format!(
            "no diagonals f * i + j with f up to {MAX_SKEW} keep the dependences on {} and leave each diagonal's iterations independent",
            s.blocking.join(", ")
        )));
    };
    // By diagonals each iteration touches its rows' cache lines afresh:
    // the chain's wait must be worth more than those lines. Measured at
    // n = 1000: three reads over two rows ran 1.6 times slower, five over
    // two 1.6 times faster, seidel-2d's nine over three 2.7 times faster.
    if 2 * s.reads < 5 * s.rows {
        return Err(Some(format!(
            "too little work per cache line: {} reads over {} rows an iteration, where by diagonals each iteration touches its rows' lines afresh (at least 2.5 reads a row pay)",
            s.reads, s.rows
        )));
    }
    Ok(Skew { outer, inner, factor })
}

/// Runs the pair by its diagonals (the shim); false when it could not.
pub fn apply_skew(s: &Skew) -> bool {
    // SAFETY: s.outer is a loop of cfun that judge_skew() accepted, and
    // s.factor is at most MAX_SKEW.
    unsafe { ffi::gp_loop_skew(s.outer, s.factor as i32, 1) == ffi::gp_interchange_status::GP_IX_OK }
}

/// The factors an unroll-and-jam tries, most first: four rows' chains side
/// by side ran atax's kernel faster than two (bench/extra/atax-by-hand.c,
/// -DJAM, performance.md).
const JAM_FACTORS: [u32; 2] = [4, 2];

/// A loop to unroll and jam.
#[derive(Clone, Debug)]
pub struct Jam {
    pub l: u32,
    pub factor: u32,
    /// Its inner loops (in the region), for the remark.
    pub inner: Vec<u32>,
    /// The floating-point chains they carry.
    pub chains: u32,
    /// The inner loop that runs one iteration more at each of its
    /// iterations (`gp_loop_jam`'s growing loop), if any.
    pub growing: Option<u32>,
}

/// Judges unrolling loop `l` of region `r` and jamming its copies: its
/// inner loops, all innermost, carry chains of floating-point operations
/// from one iteration to the next (each waits for the one before; the
/// copies' chains run side by side: the gain); it is sequential (a
/// parallel loop shares its iterations among the threads instead), and
/// with `threads` no loop around it runs in parallel; the shim can make it
/// (`gp_loop_jam`); no dependence forbids it (`PairEngine::jam`). Err(None):
/// not a candidate.
pub fn judge_jam(forest: &LoopForest, r: &Region, l: u32, o: &RegionOutcome, threads: bool, max_operations: u64) -> Result<Jam, Option<String>> {
    let inner = children(forest, r, l);
    if inner.is_empty() || inner.iter().any(|&c| !children(forest, r, c).is_empty()) {
        return Err(None);
    }
    let sequential = |x: u32| o.loops.get(&x).is_some_and(|v| !v.parallel);
    if !sequential(l) {
        return Err(None);
    }
    if threads && parallel_around(forest, r, l, o).is_some() {
        return Err(None);
    }
    let (mut chains, mut growing) = (0u32, 0u32);
    // SAFETY: l is a loop of cfun; with apply 0 nothing changes.
    if unsafe { ffi::gp_loop_jam(l, JAM_FACTORS[0], 0, &mut chains, &mut growing) } != ffi::gp_jam_status::GP_JAM_OK || chains == 0 {
        return Err(None);
    }
    // The growing loop is the model's too: the last of the inner loops.
    if growing != 0 && !inner.contains(&growing) {
        return Err(None);
    }
    let growing = (growing != 0).then_some(growing);
    let mut blocking = Vec::new();
    for factor in JAM_FACTORS {
        blocking = super::parallel::loop_jam(forest, r, l, factor as i128, growing.is_some(), max_operations).map_err(Some)?;
        if blocking.is_empty() {
            return Ok(Jam { l, factor, inner, chains, growing });
        }
    }
    Err(Some(format!(
        "dependences on {} go from an iteration to the next and to a point its inner loops reach first once jammed",
        blocking.join(", ")
    )))
}

/// Unrolls and jams the loop judged by `judge_jam`; false when the shim
/// refused (nothing changed).
pub fn apply_jam(j: &Jam) -> bool {
    // The growing loop the legality was judged with, or none.
    let mut growing = j.growing.unwrap_or(0);
    // SAFETY: j.l is a loop of cfun whose shape judge_jam checked.
    unsafe { ffi::gp_loop_jam(j.l, j.factor, 1, std::ptr::null_mut(), &mut growing) == ffi::gp_jam_status::GP_JAM_OK }
}

/// A loop whose first inner loop runs one iteration early, inside its
/// last inner loop (`gp_loop_shift`).
#[derive(Clone, Debug)]
pub struct Shift {
    pub l: u32,
    pub first: u32,
    pub last: u32,
    /// The last loop's count from which it runs as written (it runs in
    /// parallel from there on); 0: none.
    pub max_count: u64,
}

/// Judges running the first inner loop of loop `l` of region `r`, at the
/// loop's next iteration, inside its last inner loop at this one (durbin's
/// sum of k + 1 in its copy loop of k): the first carries a chain of
/// floating-point operations that the last's work then hides (the gain),
/// and only reads memory; both loops are innermost and sequential, and so
/// is `l` (with `threads`, no loop around it runs in parallel; a last loop
/// that does runs as written from `min_trips` iterations on); the shim can
/// make it (`gp_loop_shift`); no statement that the new order runs after
/// the first loop's moved iterations writes what they read
/// (`PairEngine::shift`). Err(None): not a candidate.
pub fn judge_shift(forest: &LoopForest, r: &Region, l: u32, o: &RegionOutcome, threads: bool, min_trips: u64, max_operations: u64) -> Result<Shift, Option<String>> {
    let inner = children(forest, r, l);
    if inner.len() < 2 || inner.iter().any(|&c| !children(forest, r, c).is_empty()) {
        return Err(None);
    }
    let sequential = |x: u32| o.loops.get(&x).is_some_and(|v| !v.parallel);
    if !sequential(l) || (threads && parallel_around(forest, r, l, o).is_some()) {
        return Err(None);
    }
    let (mut first, mut last) = (0u32, 0u32);
    // SAFETY: l is a loop of cfun; with apply 0 nothing changes.
    if unsafe { ffi::gp_loop_shift(l, 0, 0, &mut first, &mut last) } != ffi::gp_shift_status::GP_SHIFT_OK {
        return Err(None);
    }
    if !inner.contains(&first) || !inner.contains(&last) || !sequential(first) {
        return Err(None);
    }
    let max_count = if threads && !sequential(last) { min_trips } else { 0 };
    // From one iteration on it runs in parallel: never fused.
    if max_count == 1 {
        return Err(None);
    }
    let blocking = super::parallel::loop_shift(forest, r, l, first, last, max_operations).map_err(Some)?;
    if !blocking.is_empty() {
        let line = |x: u32| forest.get(x).map(|f| f.line()).unwrap_or(0);
        return Err(Some(format!(
            "the loop at line {}, run one iteration early inside the loop at line {}, would read cells of {} before the statements that write them",
            line(first),
            line(last),
            blocking.join(", ")
        )));
    }
    Ok(Shift { l, first, last, max_count })
}

/// Shifts and fuses the loops judged by `judge_shift`; false when the
/// shim refused (nothing changed but, at worst, the last loop versioned on
/// the fusion's test with both copies as written).
pub fn apply_shift(s: &Shift) -> bool {
    let (mut first, mut last) = (s.first, s.last);
    // SAFETY: s.l is a loop of cfun whose shape judge_shift checked.
    unsafe { ffi::gp_loop_shift(s.l, 1, s.max_count, &mut first, &mut last) == ffi::gp_shift_status::GP_SHIFT_OK }
}

/// A marked loop collapsed with its inner loop.
pub struct Collapse {
    pub inner: u32,
    pub trips: u32,
    pub threads: u32,
}

/// Collapses marked loop `l` with its only inner loop when its constant
/// trip count would keep the threads unevenly busy (fewer than 4 per
/// thread and not a multiple of their number) and the inner loop is
/// parallel too (`o`: the region's verdicts); the inner loop then runs
/// both loops' iterations and takes the mark.
pub fn collapse(forest: &LoopForest, r: &Region, l: u32, o: &RegionOutcome) -> Option<Collapse> {
    // SAFETY: called inside the pass, where cfun is set.
    let threads = u32::try_from(unsafe { ffi::gp_parallelize_loops_threads() }).ok().filter(|&t| t > 1)?;
    // SAFETY: l is a loop of cfun.
    let trips = unsafe { ffi::gp_loop_constant_trips(l) };
    if trips == 0 || trips >= 4 * threads || trips % threads == 0 {
        return None;
    }
    let [inner] = children(forest, r, l)[..] else { return None };
    // Parallel without reductions or private copies of memory, which
    // parloops makes for neither loop.
    let doall = |x: u32| o.loops.get(&x).is_some_and(|v| v.parallel && v.reductions.is_empty() && v.in_memory.is_empty());
    if !doall(l) || !doall(inner) {
        return None;
    }
    // SAFETY: l is a loop of cfun; the shim checks the pair's shape.
    let done = unsafe { ffi::gp_loop_collapse(l, 1) } == ffi::gp_interchange_status::GP_IX_OK;
    done.then_some(Collapse { inner, trips, threads })
}
