//! Run-time tests: the conditions a loop's parallel run rests on, the byte ranges of arrays, and the bounds that keep the test's arithmetic exact.

use super::*;

/// A parameter set as a disjunction of conjunctions of `p >= 0` (`p = 0`
/// when true).
pub(super) type Dnf = Vec<Vec<(Polynomial, bool)>>;

/// A bound by pieces: each value with the parameter set where it is the
/// bound (its isl text and its disjunction).
pub(super) type Pieces = Vec<(Polynomial, String, Dnf)>;

pub(super) fn pieces_of(ps: &[Piece]) -> Result<Pieces, String> {
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
pub(super) struct ProductTest {
    text: String,
    pub(super) poly: Polynomial,
    pub(super) lo: i128,
    pub(super) hi: i128,
    pub(super) ranges: BTreeMap<String, (Pieces, Pieces)>,
}

/// `fixed + sum stride * piecewise(pieces)`: a dimension whose bound has
/// several pieces (each with the parameter set where it is the bound) adds
/// one term; the others are summed into `fixed`.
#[derive(Clone, Debug)]
pub(super) struct ByteBound {
    pub(super) fixed: Polynomial,
    pub(super) terms: Vec<(Polynomial, Pieces)>,
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
    pub(super) fn values(&self) -> Vec<Polynomial> {
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
pub(super) fn condition_text(isl: &str) -> String {
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
    pub(super) pairs: Vec<(Extent, Extent)>,
    pub(super) sizes: Vec<Polynomial>,
    pub(super) params: Vec<(String, Dnf)>,
    /// The parameter sets `params` was made of (isl text), as required.
    pub(super) required: Vec<String>,
    /// `|v| <= 2^k` for the parameters whose values could overflow the test.
    pub(super) magnitudes: Option<(String, Dnf)>,
    pub(super) products: Vec<ProductTest>,
    /// What the text writes for parameters GCC made (`Region::param_texts`).
    pub(super) names: BTreeMap<String, String>,
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
    pub(super) fn require(&mut self, cx: &BoundedCtx, set: &str, r: &Region, at: Option<u32>) -> Result<(), String> {
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
    pub(super) fn at_loop(test: &Option<RuntimeTest>, cx: &BoundedCtx, r: &Region, at: u32) -> Option<RuntimeTest> {
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
    pub(super) fn implied(cx: &BoundedCtx, set: &str, r: &Region, at: u32) -> bool {
        param_dnf_known(cx, set, &r.scop.context, r.known_where(Some(at))).is_ok_and(|(_, dnf)| universe(&dnf))
    }

    /// Whether the parameter sets this test and `within` require leave
    /// values in `runs` (isl text) where loop `at` of `r` starts (what is
    /// known there); true where isl cannot tell.
    pub(super) fn leaves_any(&self, cx: &BoundedCtx, within: Option<&RuntimeTest>, runs: &str, r: &Region, at: u32) -> bool {
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

/// The byte ranges of `names` over the accesses of the statements `keep`
/// accepts (an array none of them touches has none); the sizes that scale
/// them and are not constants join `sizes` (they must be non-negative for
/// the ranges to hold).
pub(super) fn extents_of(
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
    let extents = extents_of(cx, r, &names, &|_| true, &mut test.sizes).map_err(|e| match r.uncounted.first() {
        // The model runs such a loop any number of times: what it reaches is unbounded.
        Some((_, line)) => format!("no overlap test: the count of the loop at line {line} is read from memory, so the cells the region reaches have no bound ({e})"),
        None => format!("no overlap test: {e}"),
    })?;
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
pub(super) fn rt_bits() -> u32 {
    // SAFETY: reads type nodes GCC sets up before any pass.
    unsafe { ffi::gp_rt_precision() }
}

/// The bound every value a run-time test computes must stay below: 8 bits
/// short of the tests' precision, room for the sums of a few of them.
fn rt_limit() -> i128 {
    1i128 << (rt_bits().clamp(16, 128) - 8)
}

/// The first of `values` that might not stay below `rt_limit()`.
pub(super) fn too_large<'a>(r: &Region, values: &'a [Polynomial]) -> Option<&'a Polynomial> {
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
