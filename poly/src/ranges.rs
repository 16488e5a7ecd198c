//! The elements a region's accesses touch, per array and dimension, as
//! affine functions of the parameters: what a run-time overlap test between
//! two arrays compares (seed 001's exact access ranges, over-approximated by
//! their bounding box).

use crate::bounded::{BoundedCtx, IslFailure};
use crate::model::Scop;
use isl_rs::{DimType, Map, PwAff, Set};
use std::collections::BTreeMap;

/// `k + sum coef * param`, over named parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamAffine {
    pub terms: Vec<(String, i128)>,
    pub k: i128,
}

/// The box of one array: per dimension, outermost first, the least and the
/// greatest subscript any access of the region touches. `lo[d] <= sub_d <=
/// hi[d]` holds for every access, for every parameter value under which it
/// runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessBox {
    pub lo: Vec<ParamAffine>,
    pub hi: Vec<ParamAffine>,
}

/// Why a box is not available.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoxError {
    /// isl failed or ran out of operations.
    Isl(String),
    /// A bound is not one affine function of the parameters (several
    /// pieces, or a division).
    NotAffine(String),
}

impl From<IslFailure> for BoxError {
    fn from(e: IslFailure) -> Self {
        BoxError::Isl(e.to_string())
    }
}

/// The boxes of `arrays` over the accesses of `scop` whose statement
/// `keep` accepts. An array no kept access touches gets `None`.
pub fn access_boxes(
    cx: &BoundedCtx,
    scop: &Scop,
    arrays: &[&str],
    keep: &dyn Fn(&str) -> bool,
) -> Result<BTreeMap<String, Option<AccessBox>>, BoxError> {
    let mut touched: BTreeMap<String, Set> = BTreeMap::new();
    for st in scop.statements.iter().filter(|s| keep(&s.name)) {
        let domain = cx.set(&st.domain)?;
        for a in st.accesses.iter().filter(|a| arrays.contains(&a.array.as_str())) {
            let map = cx.ok(Map::read_from_str(cx.ctx(), &a.relation))?;
            let elems = cx.ok(cx.ok(map.intersect_domain(cx.ok(domain.copy())?))?.range())?;
            let all = match touched.remove(&a.array) {
                Some(s) => cx.ok(cx.ok(s.union(elems))?.coalesce())?,
                None => elems,
            };
            touched.insert(a.array.clone(), all);
        }
    }
    let mut out = BTreeMap::new();
    for &name in arrays {
        let Some(set) = touched.remove(name) else {
            out.insert(name.to_string(), None);
            continue;
        };
        if cx.ok(set.is_empty())? {
            out.insert(name.to_string(), None);
            continue;
        }
        let dims = cx.ok(set.dim(DimType::Set))? as i32;
        let (mut lo, mut hi) = (Vec::new(), Vec::new());
        for d in 0..dims {
            lo.push(single_affine(cx, cx.ok(cx.ok(set.copy())?.dim_min(d))?, name)?);
            hi.push(single_affine(cx, cx.ok(cx.ok(set.copy())?.dim_max(d))?, name)?);
        }
        out.insert(name.to_string(), Some(AccessBox { lo, hi }));
    }
    Ok(out)
}

/// The one affine piece of `pa`, with integer coefficients.
fn single_affine(cx: &BoundedCtx, pa: PwAff, array: &str) -> Result<ParamAffine, BoxError> {
    let pa = cx.ok(pa.coalesce())?;
    let pieces = cx.ok(pa.n_piece())?;
    if pieces != 1 {
        return Err(BoxError::NotAffine(format!("a bound of '{array}' has {pieces} pieces")));
    }
    // Defined only where the array is touched: extend the piece to every
    // parameter value (where nothing is touched the bound does not matter).
    let domain = cx.ok(cx.ok(pa.copy())?.domain())?;
    let aff = cx.ok(cx.ok(pa.gist(domain))?.as_aff())?;
    let int = |v: isl_rs::Val| -> Result<i128, BoxError> {
        if !cx.ok(v.is_int())? {
            return Err(BoxError::NotAffine(format!("a bound of '{array}' is fractional")));
        }
        Ok(cx.ok(v.get_num_si())? as i128)
    };
    if cx.ok(aff.dim(DimType::Div))? > 0 {
        return Err(BoxError::NotAffine(format!("a bound of '{array}' has a division")));
    }
    if int(cx.ok(aff.get_denominator_val())?)? != 1 {
        return Err(BoxError::NotAffine(format!("a bound of '{array}' is fractional")));
    }
    let mut terms = Vec::new();
    for p in 0..cx.ok(aff.dim(DimType::Param))? {
        let c = int(cx.ok(aff.get_coefficient_val(DimType::Param, p))?)?;
        if c != 0 {
            terms.push((cx.ok(aff.get_dim_name(DimType::Param, p as u32))?.to_string(), c));
        }
    }
    Ok(ParamAffine { terms, k: int(cx.ok(aff.get_constant_val())?)? })
}
