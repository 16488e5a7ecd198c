//! Interchange of perfect loop pairs: which pairs to swap (a locality
//! model), whether the model allows it, and the swap itself (the shim).
//!
//! The locality model counts the cache lines the innermost loop's memory
//! accesses touch per iteration: an access invariant in the loop touches
//! none, one whose address moves by `s` bytes touches `s / 64` (at most
//! one). A pair is swapped when that count at least halves with the outer
//! loop innermost. docs/codegen.md describes it.

use crate::ffi;
use super::ir::Tree;
use super::loops::LoopForest;
use super::parallel::{block_of, pair_interchange, RegionOutcome};
use super::scop::{scalar_name, Region};
use poly::LightScop;

/// The model's cache line, in bytes.
const LINE: i128 = 64;

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

/// Lines per iteration of the loop at `depth` (1 = the region's outermost)
/// for the memory accesses of `stmts`.
fn lines_per_iteration(r: &Region, light: &LightScop, stmts: &[String], depth: usize) -> f64 {
    let mut total = 0.0;
    for s in light.stmts.iter().filter(|s| stmts.contains(&s.name) && s.depth() >= depth) {
        let var = light.params.len() + depth - 1;
        for a in &s.accesses {
            let Some(base) = r.bases.get(&a.array) else { continue };
            total += access_lines(a.subs.iter().map(|l| l.coef.get(var).copied().unwrap_or(0)).collect(), base);
        }
    }
    total
}

/// Lines one iteration touches for an access whose subscripts move by
/// `steps` (outermost first) in an array of shape `base`.
fn access_lines(steps: Vec<i128>, base: &super::scop::ArrayBase) -> f64 {
    if steps.iter().all(|&c| c == 0) {
        return 0.0;
    }
    // Elements per step of each dimension: the product of the sizes
    // inward; a size not known at compile time counts as a line or more.
    let dims = steps.len();
    let mut bytes: Option<i128> = Some(0);
    for (k, &c) in steps.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let inward = base.sizes.get(k..dims.saturating_sub(1)).unwrap_or(&[]);
        let stride = inward.iter().try_fold(1i128, |acc, p| p.as_constant().and_then(|v| acc.checked_mul(v)));
        bytes = bytes.zip(stride).and_then(|(b, st)| b.checked_add(c.checked_mul(st)?.checked_mul(base.elem)?));
    }
    match bytes {
        Some(b) if b.abs() < LINE => b.abs() as f64 / LINE as f64,
        _ => 1.0,
    }
}

/// The region loops directly inside `l`.
fn children(forest: &LoopForest, r: &Region, l: u32) -> Vec<u32> {
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
    let depth = |l: u32| -> usize {
        let mut d = 0;
        let mut x = Some(l);
        while let Some(y) = x.filter(|y| r.loops.contains(y)) {
            d += 1;
            x = forest.get(y).and_then(|q| q.parent);
        }
        d
    };
    let stmts: Vec<String> = r
        .scop
        .statements
        .iter()
        .filter(|s| block_of(&s.name).is_some_and(|b| forest.within(super::ir::bb_loop(b), inner)))
        .map(|s| s.name.clone())
        .collect();
    let before = lines_per_iteration(r, &light, &stmts, depth(inner));
    let mut after = lines_per_iteration(r, &light, &stmts, depth(outer));
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
        after += lines_per_iteration(r, &light, &[format!("S_{}", run.store_block)], depth(outer));
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
/// one).
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
        if parallel(a) {
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
        Err(e) => Err(format!("not analysed: {e:?}")),
    }
}

/// Swaps the pair (the shim); false when it could not.
pub fn apply(s: &Swap) -> bool {
    // SAFETY: s.outer is a loop of cfun that judge() accepted.
    unsafe { ffi::gp_loop_interchange(s.outer, 1, std::ptr::null_mut()) == ffi::gp_interchange_status::GP_IX_OK }
}
