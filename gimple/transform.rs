//! Parallel loops through GCC's parloops: which loops to mark
//! `can_be_parallel`, and the run-time test a loop needs when its region
//! assumes that arrays do not overlap (seed 003's predicated
//! parallelization; seed 001's overlap test over the exact access ranges).
//!
//! Runs just before parloops, on the GIMPLE parloops sees, with the same
//! detection and verdicts as the analysis after PRE. parloops privatizes
//! SSA values and recognizes scalar reductions itself (and gives up where
//! it cannot), so a loop is marked only when every variable it needs
//! private or reduced is an SSA value: privatized arrays and reductions in
//! memory need an OpenMP region of the plugin's own, which is not built.

use super::affine::Base;
use super::ir::Tree;
use super::loops::LoopForest;
use super::parallel::RegionOutcome;
use super::scop::Region;
use crate::ffi;
use poly::{access_boxes, BoundedCtx, Polynomial};
use std::collections::BTreeMap;

/// What happens to one loop.
#[derive(Clone, Debug)]
pub enum LoopPlan {
    /// Marked parallel, under `guard` when there is one (its text).
    Parallel { guard: Option<String> },
    /// Parallel by the analysis but left to run sequentially: why.
    Kept(String),
}

/// One byte range a region touches: `[base + lo, base + hi)`.
#[derive(Clone, Debug)]
struct Extent {
    array: String,
    lo: Polynomial,
    hi: Polynomial,
}

/// A run-time test: every pair of extents disjoint, every dimension size
/// that scales an extent non-negative (so that the box holds).
#[derive(Clone, Debug, Default)]
pub struct OverlapTest {
    pairs: Vec<(Extent, Extent)>,
    sizes: Vec<Polynomial>,
}

impl OverlapTest {
    pub fn text(&self) -> String {
        let ext = |e: &Extent| format!("{}+[{}, {})", e.array, e.lo.to_isl(), e.hi.to_isl());
        let mut parts: Vec<String> =
            self.pairs.iter().map(|(a, b)| format!("{} and {} disjoint", ext(a), ext(b))).collect();
        parts.extend(self.sizes.iter().map(|s| format!("{} >= 0", s.to_isl())));
        parts.join(" && ")
    }
}

/// The loops to mark in `regions`, with their plans, by GCC loop number.
pub fn plan(forest: &LoopForest, regions: &[Region], outcomes: &[RegionOutcome]) -> BTreeMap<u32, (LoopPlan, Option<OverlapTest>)> {
    let mut plans = BTreeMap::new();
    let inside = |l: u32, outer: u32| {
        let mut x = forest.get(l).and_then(|fl| fl.parent);
        while let Some(p) = x {
            if p == outer {
                return true;
            }
            x = forest.get(p).and_then(|fl| fl.parent);
        }
        false
    };
    for (r, o) in regions.iter().zip(outcomes) {
        let mut chosen: Vec<u32> = Vec::new();
        // Outermost first: a loop inside a marked one stays as it is.
        for &l in &r.loops {
            let Some(v) = o.loops.get(&l) else { continue };
            if !v.parallel || chosen.iter().any(|&c| inside(l, c)) {
                continue;
            }
            let in_memory: Vec<&String> = v
                .private
                .iter()
                .chain(v.reductions.iter().map(|(x, _)| x))
                .filter(|x| o.arrays.contains(x))
                .collect();
            if !in_memory.is_empty() {
                let names: Vec<&str> = in_memory.iter().map(|s| s.as_str()).collect();
                plans.insert(
                    l,
                    (LoopPlan::Kept(format!("needs private or reduced copies of memory ({}), which parloops does not make", names.join(", "))), None),
                );
                continue;
            }
            chosen.push(l);
        }
        if chosen.is_empty() {
            continue;
        }
        let test = match region_test(r) {
            Ok(t) => t,
            Err(why) => {
                for l in chosen {
                    plans.insert(l, (LoopPlan::Kept(why.clone()), None));
                }
                continue;
            }
        };
        for l in chosen {
            let guard = test.as_ref().map(|t| t.text());
            plans.insert(l, (LoopPlan::Parallel { guard }, test.clone()));
        }
    }
    plans
}

/// The region's run-time test: None when it assumes nothing.
fn region_test(r: &Region) -> Result<Option<OverlapTest>, String> {
    if let Some(a) = r.assumptions.iter().find(|a| a.kind != "no-alias") {
        return Err(format!("its region assumes '{}' ({}), which no run-time test checks yet", a.text, a.kind));
    }
    if r.alias_pairs.is_empty() {
        return Ok(None);
    }
    let mut names: Vec<&str> = r.alias_pairs.iter().flat_map(|(a, b)| [a.as_str(), b.as_str()]).collect();
    names.sort();
    names.dedup();
    let cx = BoundedCtx::new(poly::bounded::DEFAULT_MAX_OPERATIONS);
    let boxes = access_boxes(&cx, &r.scop, &names, &|_| true).map_err(|e| format!("no overlap test: {e:?}"))?;
    let mut test = OverlapTest::default();
    let mut extents: BTreeMap<&str, Extent> = BTreeMap::new();
    for &n in &names {
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
        let affine = |a: &poly::ParamAffine| -> Polynomial {
            a.terms.iter().fold(Polynomial::constant(a.k), |p, (v, c)| {
                p.checked_add(&Polynomial::var(v).checked_scale(*c).unwrap_or_default()).unwrap_or_default()
            })
        };
        let mut lo = Polynomial::zero();
        let mut hi = Polynomial::zero();
        for k in 0..dims {
            lo = lo.checked_add(&affine(&b.lo[k]).checked_mul(&strides[k]).ok_or("overflow")?).ok_or("overflow")?;
            hi = hi.checked_add(&affine(&b.hi[k]).checked_mul(&strides[k]).ok_or("overflow")?).ok_or("overflow")?;
        }
        let lo = lo.checked_scale(base.elem).ok_or("overflow")?;
        let hi = hi.checked_add(&Polynomial::constant(1)).and_then(|h| h.checked_scale(base.elem)).ok_or("overflow")?;
        for s in &base.sizes {
            if s.as_constant().is_none() && !test.sizes.contains(s) {
                test.sizes.push(s.clone());
            }
        }
        extents.insert(n, Extent { array: n.to_string(), lo, hi });
    }
    for (a, b) in &r.alias_pairs {
        // An array the region does not touch overlaps nothing.
        if let (Some(x), Some(y)) = (extents.get(a.as_str()), extents.get(b.as_str())) {
            test.pairs.push((x.clone(), y.clone()));
        }
    }
    // Every value of the test must fit the 128-bit arithmetic it runs in.
    let limit: i128 = 1 << 120;
    for p in test.pairs.iter().flat_map(|(x, y)| [&x.lo, &x.hi, &y.lo, &y.hi]).chain(&test.sizes) {
        match magnitude(r, p) {
            Some(m) if m < limit => {}
            _ => return Err(format!("the overlap test's value {} may not fit 128 bits", p.to_isl())),
        }
    }
    if test.pairs.is_empty() && test.sizes.is_empty() {
        return Ok(None);
    }
    Ok(Some(test))
}

/// A bound on |p| over its parameters' type ranges; None on overflow.
fn magnitude(r: &Region, p: &Polynomial) -> Option<i128> {
    let mut total: i128 = 0;
    for (m, c) in p.terms() {
        let mut t = c.checked_abs()?;
        for v in m {
            let range = r.param_values.get(v)?;
            t = t.checked_mul(range.lo.checked_abs()?.max(range.hi.checked_abs()?))?;
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
        let v = i64::try_from(v).ok()?;
        // SAFETY: builds a constant tree; called inside a pass.
        Self::tree(unsafe { ffi::gp_rt_const(v) })
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

    fn address(&self, array: &str, offset: &Polynomial) -> Option<Tree> {
        let base = match self.region.bases.get(array)?.base {
            // SAFETY: a declaration of the function or the unit.
            Base::Decl(d) => Self::tree(unsafe { ffi::gp_rt_address_of(d.raw()) })?,
            // SAFETY: a pointer SSA name defined before the region.
            Base::Ptr(p) => Self::tree(unsafe { ffi::gp_rt_value(p.raw()) })?,
        };
        self.binary(ffi::gp_rt_op_kind::GP_RT_ADD, base, self.poly(offset)?)
    }

    fn test(&self, t: &OverlapTest) -> Option<Tree> {
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
            let x_before_y = self.binary(GP_RT_LE, self.address(&x.array, &x.hi)?, self.address(&y.array, &y.lo)?)?;
            let y_before_x = self.binary(GP_RT_LE, self.address(&y.array, &y.hi)?, self.address(&x.array, &x.lo)?)?;
            and(self.binary(GP_RT_OR, x_before_y, y_before_x)?)?;
        }
        for s in &t.sizes {
            and(self.binary(GP_RT_LE, self.constant(0)?, self.poly(s)?)?)?;
        }
        all
    }
}

/// Carries out a plan on loop `l`: marks it, versioning it on its test
/// first. Returns false when versioning failed (nothing changed).
pub fn apply(region: &Region, l: u32, test: Option<&OverlapTest>) -> bool {
    match test {
        None => {
            // SAFETY: l is a loop of cfun.
            unsafe { ffi::gp_loop_mark_parallel(l) };
            true
        }
        Some(t) => {
            let Some(cond) = (Builder { region }).test(t) else { return false };
            // SAFETY: l is a loop of cfun; cond a tree over values defined
            // before the region, which dominate the loop.
            unsafe { ffi::gp_loop_version_parallel(l, cond.raw()) != 0 }
        }
    }
}
