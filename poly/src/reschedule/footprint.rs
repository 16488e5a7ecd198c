//! How a band's accesses move as its loops step: the facts the cache model
//! (tile sizes) and the point-loop order (stride one innermost) read.
//!
//! Everything is read from affine coefficients. A step of one band member,
//! the others fixed, is the iteration step `dx` solving `M dx = e_k` over
//! the iterators the band uses (`M`: the members' rows): for the members of
//! interchanged nests `dx` is one iterator's unit step, for a skewed
//! stencil's `(t, t + i)` stepping the second member steps i alone. Where
//! the band is not square in its iterators or `dx` is not integral, the
//! step is `Unknown`.

use crate::bounded::{BoundedCtx, IslFailure};
use isl_rs::{Aff, DimType, Map, PwMultiAff, UnionMap};
use std::collections::HashMap;

/// What one step of one band member does to one access's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The same cell.
    Invariant,
    /// The next or previous cell of the innermost dimension.
    UnitStride,
    /// Another row, or a stride over several cells.
    Strided,
    /// Not affine in one iterator: assume it moves.
    Unknown,
}

/// One access of a statement under the band.
#[derive(Clone, Debug)]
pub struct AccessSteps {
    pub statement: String,
    pub array: String,
    /// One entry per band member.
    pub steps: Vec<Step>,
    /// Cell dimensions that vary inside one iteration of the loops outside
    /// the band: a tile touches about `T^rank` cells.
    pub rank: u32,
}

/// The integer coefficients of `map`'s outputs on its input dimensions,
/// one row per output; None where an output is not one affine expression.
pub fn affine_rows(cx: &BoundedCtx, map: Map) -> Result<Option<Vec<Vec<i64>>>, IslFailure> {
    Ok(each_affine_row(cx, map, false)?.into_iter().collect())
}

/// As `affine_rows`, output by output: None for an output that is not one
/// affine expression of the inputs, or for all of them where `map` is not
/// a function. An expression with integer divisions is None too, unless
/// `past_divisions`: then its coefficients outside them are given (a tile
/// loop's `floor(i / 32)` has none; its point loop's `i - 32 floor(i / 32)`
/// steps i).
pub fn each_affine_row(cx: &BoundedCtx, map: Map, past_divisions: bool) -> Result<Vec<Option<Vec<i64>>>, IslFailure> {
    let n_in = cx.ok(map.dim(DimType::In))?;
    let n_out = cx.ok(map.dim(DimType::Out))?;
    if !cx.ok(map.is_single_valued())? {
        return Ok(vec![None; n_out as usize]);
    }
    let pma = cx.ok(PwMultiAff::from_map(map))?;
    let mut rows = Vec::new();
    for o in 0..n_out {
        let pa = cx.ok(pma.get_at(o))?;
        let dom = cx.ok(cx.ok(pa.copy())?.domain())?;
        let pa = cx.ok(pa.gist(dom))?;
        rows.push(if cx.ok(pa.isa_aff())? { row_of(cx, cx.ok(pa.as_aff())?, n_in, past_divisions)? } else { None });
    }
    Ok(rows)
}

fn row_of(cx: &BoundedCtx, aff: Aff, n_in: i32, past_divisions: bool) -> Result<Option<Vec<i64>>, IslFailure> {
    if !past_divisions && cx.ok(aff.dim(DimType::Div))? > 0 {
        return Ok(None);
    }
    let mut row = Vec::new();
    for d in 0..n_in {
        let v = cx.ok(aff.get_coefficient_val(DimType::In, d))?;
        if !cx.ok(v.is_int())? {
            return Ok(None);
        }
        row.push(cx.ok(v.get_num_si())?);
    }
    Ok(Some(row))
}

/// The iterator a schedule row steps, when it is exactly one (±1).
pub fn single_iterator(row: &[i64]) -> Option<usize> {
    let nonzero: Vec<usize> = (0..row.len()).filter(|&d| row[d] != 0).collect();
    match nonzero[..] {
        [d] if row[d].abs() == 1 => Some(d),
        _ => None,
    }
}

/// The iteration step of each band member (`members`: one row per
/// member), or None for a member whose step is not an integer vector.
fn member_steps(members: &[Vec<i64>]) -> Vec<Option<Vec<i64>>> {
    let n_iter = members.first().map_or(0, |r| r.len());
    let used: Vec<usize> = (0..n_iter).filter(|&d| members.iter().any(|r| r[d] != 0)).collect();
    if used.len() != members.len() {
        return vec![None; members.len()];
    }
    let square: Vec<Vec<f64>> = members.iter().map(|r| used.iter().map(|&d| r[d] as f64).collect()).collect();
    (0..members.len())
        .map(|k| {
            let dx = solve(&square, k)?;
            let mut full = vec![0; n_iter];
            for (u, &d) in used.iter().enumerate() {
                full[d] = dx[u];
            }
            // Exact in integers, or no answer.
            let exact = members.iter().enumerate().all(|(m, r)| r.iter().zip(&full).map(|(a, b)| a * b).sum::<i64>() == i64::from(m == k));
            exact.then_some(full)
        })
        .collect()
}

/// The integer solution of `a x = e_k` rounded from Gauss-Jordan
/// elimination, `a` square; None where `a` is singular.
fn solve(a: &[Vec<f64>], k: usize) -> Option<Vec<i64>> {
    let n = a.len();
    let mut m: Vec<Vec<f64>> = a.iter().enumerate().map(|(r, row)| row.iter().copied().chain([f64::from(u8::from(r == k))]).collect()).collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| m[x][c].abs().total_cmp(&m[y][c].abs()))?;
        if m[p][c].abs() < 1e-9 {
            return None;
        }
        m.swap(c, p);
        for r in 0..n {
            if r != c {
                let f = m[r][c] / m[c][c];
                for j in c..=n {
                    m[r][j] -= f * m[c][j];
                }
            }
        }
    }
    Some((0..n).map(|r| (m[r][n] / m[r][r]).round() as i64).collect())
}

/// The step an access (rows per cell dimension) takes for the iteration
/// step `dx`.
fn step_of(cells: &[Vec<i64>], dx: &[i64]) -> Step {
    let delta: Vec<i64> = cells.iter().map(|row| row.iter().zip(dx).map(|(a, b)| a * b).sum()).collect();
    let moved: Vec<usize> = (0..delta.len()).filter(|&c| delta[c] != 0).collect();
    match moved[..] {
        [] => Step::Invariant,
        [c] if c + 1 == delta.len() && delta[c].abs() == 1 => Step::UnitStride,
        _ => Step::Strided,
    }
}

/// The rows of each statement's maps in `rel`, by statement name.
fn rows_by_statement(cx: &BoundedCtx, rel: &UnionMap) -> Result<HashMap<String, Option<Vec<Vec<i64>>>>, IslFailure> {
    let list = cx.ok(rel.get_map_list())?;
    let mut out = HashMap::new();
    for k in 0..cx.ok(list.size())? {
        let m = cx.ok(list.get_at(k))?;
        let name = cx.ok(m.get_tuple_name(DimType::In))?.to_string();
        out.insert(name, affine_rows(cx, m)?);
    }
    Ok(out)
}

/// The accesses of `accesses`, one map each: isl keeps one map per
/// (statement, array) pair, `A[i][k]` and `A[j][k]` of one statement in
/// it together, as its basic maps (an access split into pieces by its
/// domain counts once per piece, which errs on the small-tile side).
fn single_accesses(cx: &BoundedCtx, accesses: &UnionMap) -> Result<Vec<Map>, IslFailure> {
    let list = cx.ok(accesses.get_map_list())?;
    let mut out = Vec::new();
    for k in 0..cx.ok(list.size())? {
        let m = cx.ok(list.get_at(k))?;
        if cx.ok(m.is_single_valued())? {
            out.push(m);
            continue;
        }
        let pieces = cx.ok(m.get_basic_map_list())?;
        for p in 0..cx.ok(pieces.size())? {
            out.push(cx.ok(Map::from_basic_map(cx.ok(pieces.get_at(p))?))?);
        }
    }
    Ok(out)
}

/// The steps of every access in `accesses` (statement instances to cells)
/// of the statements `band` schedules (`band`: statement instances to the
/// band's `n_members` members; `prefix`: to the time of the loops outside
/// it).
pub fn band_access_steps(
    cx: &BoundedCtx,
    n_members: usize,
    band: &UnionMap,
    prefix: &UnionMap,
    accesses: &UnionMap,
) -> Result<Vec<AccessSteps>, IslFailure> {
    let members = rows_by_statement(cx, band)?;
    let outer = rows_by_statement(cx, prefix)?;
    let mut out = Vec::new();
    for m in single_accesses(cx, accesses)? {
        let statement = cx.ok(m.get_tuple_name(DimType::In))?.to_string();
        let Some(member_rows) = members.get(&statement) else { continue };
        let array = cx.ok(m.get_tuple_name(DimType::Out))?.to_string();
        let cells = affine_rows(cx, m)?;
        let outer_iters: Vec<usize> = match outer.get(&statement) {
            Some(Some(rows)) => rows.iter().filter_map(|r| single_iterator(r)).collect(),
            _ => Vec::new(),
        };
        out.push(steps_of(statement, array, n_members, member_rows.as_deref(), cells.as_deref(), &outer_iters));
    }
    Ok(out)
}

fn steps_of(
    statement: String,
    array: String,
    n: usize,
    members: Option<&[Vec<i64>]>,
    cells: Option<&[Vec<i64>]>,
    outer: &[usize],
) -> AccessSteps {
    let (Some(members), Some(cells)) = (members, cells) else {
        let rank = cells.map_or(1, |c| c.len() as u32);
        return AccessSteps { statement, array, steps: vec![Step::Unknown; n], rank };
    };
    let steps = member_steps(members).iter().map(|dx| dx.as_ref().map_or(Step::Unknown, |dx| step_of(cells, dx))).collect();
    let rank = cells.iter().filter(|row| (0..row.len()).any(|d| row[d] != 0 && !outer.contains(&d))).count() as u32;
    AccessSteps { statement, array, steps, rank }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_of_interchanged_and_skewed_bands() {
        // (j, i) over iterators (i, j): stepping j, then i.
        assert_eq!(member_steps(&[vec![0, 1], vec![1, 0]]), vec![Some(vec![0, 1]), Some(vec![1, 0])]);
        // A skewed stencil's (t, t + i): the second member steps i alone,
        // the first steps t and takes i back.
        assert_eq!(member_steps(&[vec![1, 0], vec![1, 1]]), vec![Some(vec![1, -1]), Some(vec![0, 1])]);
        // (2i) steps half an iteration: no integer step.
        assert_eq!(member_steps(&[vec![2]]), vec![None]);
        // A band over fewer iterators than members.
        assert_eq!(member_steps(&[vec![1, 0], vec![1, 0]]), vec![None, None]);
        // A[i][j] under the skew: stepping t + i is unit stride.
        let cells = [vec![0, 0], vec![0, 1]];
        assert_eq!(step_of(&cells, &[0, 1]), Step::UnitStride);
        assert_eq!(step_of(&cells, &[1, -1]), Step::UnitStride);
        assert_eq!(step_of(&[vec![1, 0], vec![0, 1]], &[1, 0]), Step::Strided);
        assert_eq!(step_of(&[vec![0, 1]], &[1, 0]), Step::Invariant);
    }
}
