//! The pairwise engine's questions about a region: interchange, wavefront, skew, jam and shift.

use super::*;

/// Analyses region `r`.
/// What the pairwise engine needs of a region besides its model.
pub(super) struct Prepared {
    pub(super) lm: LoopMap,
    pub(super) arrays: Vec<String>,
    pub(super) ssa: SsaScan,
    /// Arrays and scalars whose values are used after the region.
    pub(super) live: Vec<String>,
}

pub(super) fn prepare(forest: &LoopForest, r: &Region) -> Prepared {
    let lm = loop_map(forest, r);
    let arrays = memory_arrays(r);
    let ssa = scan_ssa(forest, r, &lm, &arrays);
    let dead = dead_local_arrays(forest, r, &lm, &arrays);
    let mut live: Vec<String> = arrays.iter().filter(|a| !dead.contains(*a)).cloned().collect();
    live.push("errno".into());
    live.extend(r.live_out.iter().cloned());
    Prepared { lm, arrays, ssa, live }
}

/// Runs `f` on region `r`'s pairwise engine with the time dimensions of
/// loop `outer` and of `inner` inside it, `inner`'s statements and the
/// source name of a model's array; isl's failures in words.
fn on_pair<T>(
    forest: &LoopForest,
    r: &Region,
    outer: u32,
    inner: u32,
    max_operations: u64,
    f: impl FnOnce(&PairEngine, u32, u32, &[String], &dyn Fn(&str) -> String) -> Result<T, IslFailure>,
) -> Result<T, String> {
    let p = prepare(forest, r);
    let cx = BoundedCtx::new(max_operations);
    let e = PairEngine::new(&cx, LightScop::read(&r.scop)?, Some(p.live.clone()), &p.ssa.facts);
    let (Some(da), Some(db), Some(stmts)) = (p.lm.depth.get(&outer), p.lm.depth.get(&inner), p.lm.stmts.get(&inner)) else {
        return Err("the loops are not in the region".into());
    };
    // GCC's temporaries by what they hold, as in the private lists.
    let hints: HashMap<u32, Vec<(ReductionHint, String)>> =
        r.loops.iter().filter(|&&m| forest.within(m, outer)).map(|&m| (m, hints_of(forest, r, m, &p.arrays))).collect();
    let running = running_values(forest, r, outer, &hints, &p.ssa.temporaries);
    let display = |a: &str| p.ssa.private_name(&running, a);
    f(&e, 2 * *da as u32 - 1, 2 * *db as u32 - 1, stmts, &display).map_err(engine_failure)
}

/// Why the pairwise engine gave no answer, for a remark.
pub(super) fn engine_failure(e: IslFailure) -> String {
    match e {
        IslFailure::OutOfOperations => "isl ran out of operations".into(),
        e => format!("not analysed: {e}"),
    }
}

/// The interchange of loop `outer` of region `r` with its inner loop
/// `inner` (judged on `inner`'s statements), and its reason in source
/// names.
pub fn pair_interchange(forest: &LoopForest, r: &Region, outer: u32, inner: u32, max_operations: u64) -> Result<(poly::PairInterchange, String), String> {
    on_pair(forest, r, outer, inner, max_operations, |e, a, b, stmts, display| {
        let i = e.interchange(a, b, stmts)?;
        let reason = interchange_reason(&i, display);
        Ok((i, reason))
    })
}

/// Whether loop `outer` of region `r` and its inner loop `inner` may run
/// by wavefronts (`PairEngine::wavefront`), with the reason in source
/// terms.
pub fn pair_wavefront(forest: &LoopForest, r: &Region, outer: u32, inner: u32, max_operations: u64) -> Result<(bool, String), String> {
    on_pair(forest, r, outer, inner, max_operations, |e, a, b, stmts, display| {
        let (swap, shared) = e.wavefront(a, b, stmts)?;
        let reason = interchange_reason(&swap, display);
        Ok(if !swap.legal {
            (false, reason)
        } else if shared.is_empty() {
            (true, format!("{reason}; no two iterations on one wavefront touch one cell"))
        } else {
            (false, format!("iterations on one wavefront would share cells of {}", dedup(shared.iter().map(|a| display(a))).join(", ")))
        })
    })
}

/// Whether loop `outer` of region `r` and its inner loop `inner` may run
/// by the diagonals `f * a + b` of their iteration numbers
/// (`PairEngine::skew`, factors up to `max_factor`); None without a chain
/// along the inner loop (no isl computation then).
pub fn pair_skew(forest: &LoopForest, r: &Region, outer: u32, inner: u32, max_factor: i128, max_operations: u64) -> Result<Option<poly::PairSkew>, String> {
    on_pair(forest, r, outer, inner, max_operations, |e, a, b, stmts, display| {
        if !e.skew_chain_of(b, stmts) {
            return Ok(None);
        }
        let mut s = e.skew(a, b, stmts, max_factor)?;
        s.blocking = dedup(s.blocking.iter().map(|a| display(a)));
        Ok(Some(s))
    })
}

/// The arrays that forbid unrolling loop `l` of region `r` `factor` times
/// and jamming the copies (`PairEngine::jam`; `growing`: its last inner
/// loop runs one iteration more at each of its iterations), in source
/// names; empty: it is legal.
pub fn loop_jam(forest: &LoopForest, r: &Region, l: u32, factor: i128, growing: bool, max_operations: u64) -> Result<Vec<String>, String> {
    on_pair(forest, r, l, l, max_operations, |e, a, _, stmts, display| Ok(dedup(e.jam(a, stmts, factor, growing)?.iter().map(|x| display(x)))))
}

/// The arrays that forbid running the first inner loop `first` of loop
/// `l` of region `r` one iteration early inside its last inner loop `last`
/// (`PairEngine::shift`), in source names; empty: it is legal.
pub fn loop_shift(forest: &LoopForest, r: &Region, l: u32, first: u32, last: u32, max_operations: u64) -> Result<Vec<String>, String> {
    let p = prepare(forest, r);
    let (Some(&d), Some(body), Some(a), Some(b)) = (p.lm.depth.get(&l), p.lm.stmts.get(&l), p.lm.stmts.get(&first), p.lm.stmts.get(&last)) else {
        return Err("the loops are not in the region".into());
    };
    let cx = BoundedCtx::new(max_operations);
    let e = PairEngine::new(&cx, LightScop::read(&r.scop)?, Some(p.live.clone()), &p.ssa.facts);
    let blocking = e.shift(2 * d as u32 - 1, body, a, b).map_err(engine_failure)?;
    Ok(dedup(blocking.iter().map(|x| p.ssa.names.get(x).cloned().unwrap_or_else(|| x.clone()))))
}
