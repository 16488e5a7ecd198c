//! The checks of a new schedule that do not take isl's word: each marked
//! loop judged by the loop verdict under the new schedule, and what the
//! schedule changed, read off it.

use super::bands::BandPlan;
use super::footprint::{each_affine_row, single_iterator};
use crate::bounded::{BoundedCtx, IslFailure};
use crate::dataflow::Dependences;
use crate::model::IslScop;
use crate::verdict::{LoopId, LoopVerdict, VerdictKind, VerdictOptions};
use isl_rs::{DimType, UnionMap};

/// The verdict on a band's candidate loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParallelProof {
    pub dim: Option<u32>,
    /// Parallel as it is or with `private` privatized; reductions are not
    /// taken (the scheduler gave no hints).
    pub parallel: bool,
    pub private: Vec<String>,
}

/// The loop verdict on `band`'s candidate loop under `map`.
pub fn parallel_proof(model: &IslScop, deps: &Dependences, map: &UnionMap, band: &BandPlan) -> Result<ParallelProof, IslFailure> {
    let Some(dim) = band.parallel_dim else {
        return Ok(ParallelProof { dim: None, parallel: false, private: Vec::new() });
    };
    let names: Vec<&str> = band.statements.iter().map(String::as_str).collect();
    let v = LoopVerdict::compute_under(model, deps, map, &LoopId::of(dim, &names), &[], &VerdictOptions::default())?;
    let parallel = v.parallel && matches!(v.kind, VerdictKind::Doall | VerdictKind::Private);
    Ok(ParallelProof { dim: Some(dim), parallel, private: if parallel { v.private } else { Vec::new() } })
}

/// The report's names of what `map` does that the region's schedule did
/// not: "fuse" (statements of different outermost nests share a loop),
/// "interchange" (a statement's loops run in another order), "tile".
pub fn transforms(model: &IslScop, map: &UnionMap, bands: &[BandPlan]) -> Result<Vec<&'static str>, IslFailure> {
    let cx = model.cx;
    let mut out = Vec::new();
    if fused(cx, &model.schedule, bands)? {
        out.push("fuse");
    }
    if interchanged(cx, map)? {
        out.push("interchange");
    }
    if bands.iter().any(|b| b.tile_side.is_some()) {
        out.push("tile");
    }
    Ok(out)
}

/// The first time coordinate of each statement in a 2d+1 schedule: which
/// outermost nest (or statement) of the region it belongs to.
fn outermost_nests(cx: &BoundedCtx, schedule: &UnionMap) -> Result<Vec<(String, Option<i64>)>, IslFailure> {
    let list = cx.ok(schedule.get_map_list())?;
    let mut out = Vec::new();
    for k in 0..cx.ok(list.size())? {
        let m = cx.ok(list.get_at(k))?;
        let name = cx.ok(m.get_tuple_name(DimType::In))?.to_string();
        let v = cx.ok(cx.ok(m.range())?.plain_get_val_if_fixed(DimType::Set, 0))?;
        let fixed = cx.ok(v.is_int())?.then(|| v.get_num_si()).transpose();
        out.push((name, cx.ok(fixed)?));
    }
    Ok(out)
}

fn fused(cx: &BoundedCtx, schedule: &UnionMap, bands: &[BandPlan]) -> Result<bool, IslFailure> {
    let nests = outermost_nests(cx, schedule)?;
    let nest_of = |s: &str| nests.iter().find(|(n, _)| n == s).and_then(|(_, v)| *v);
    Ok(bands.iter().any(|b| {
        let mut seen: Vec<Option<i64>> = b.statements.iter().map(|s| nest_of(s)).collect();
        seen.sort();
        seen.dedup();
        seen.len() > 1
    }))
}

/// Whether some statement's time dimensions step its iterators out of
/// their original (source) order. Tile loops step no iterator outside
/// their divisions and are skipped: their point loops say the order.
fn interchanged(cx: &BoundedCtx, map: &UnionMap) -> Result<bool, IslFailure> {
    let list = cx.ok(map.get_map_list())?;
    for k in 0..cx.ok(list.size())? {
        let rows = each_affine_row(cx, cx.ok(list.get_at(k))?, true)?;
        let stepped: Vec<usize> = rows.iter().flatten().filter_map(|r| single_iterator(r)).collect();
        if stepped.windows(2).any(|w| w[0] > w[1]) {
            return Ok(true);
        }
    }
    Ok(false)
}
