//! Delinearization: recovering a multi-dimensional view of an array from the
//! byte offsets of its accesses.
//!
//! A linearized access such as `A[i*n + j]` to a `double *A` has the byte
//! offset `8*i*n + 8*j`, which is not affine. Read as `A[i][j]` of an array
//! whose inner dimension has `n` elements, it is, provided `0 <= j < n`.
//!
//! The algorithm (after Grosser et al., IMPACT 2015):
//! 1. Divide every offset by the element size.
//! 2. Find the dimension sizes. Given a hint (the sizes of a C array type),
//!    use it. Otherwise take the parametric part (the product of the
//!    parameters, without the numeric coefficient) of every monomial that
//!    contains an iterator, over all offsets, plus `1`. Sorted by degree these
//!    must form a divisibility chain `1 | m | n*m | ...`; the successive
//!    quotients are the inner dimension sizes. Without a chain there is no
//!    single shape, and the accesses stay non-affine.
//! 3. Give each dimension a stride (the product of the sizes inward of it)
//!    and send each monomial to the outermost dimension whose stride divides
//!    it. Monomials without an iterator (constants, parameter terms) are
//!    instead split by truncating division, outermost stride first, so that a
//!    `-1` stays `j - 1` rather than borrowing from the outer dimension.
//! 4. Each subscript must be affine. The view is exact under the bounds
//!    `0 <= sub_k < size_k` for every inner dimension `k`, returned for the
//!    caller to prove (or to assume at run time).
//!
//! All offsets of one array are delinearized together, so that one shape
//! serves them all and their subscripts compare dimension by dimension.

use crate::polynomial::{Monomial, Polynomial};
use std::fmt;

/// An array's shape: the element size in bytes and the sizes, in elements,
/// of its inner dimensions, outermost first. The outermost dimension is
/// unbounded and not listed, so an `ArrayShape` has `sizes.len() + 1`
/// dimensions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayShape {
    pub elem_size: i128,
    pub sizes: Vec<Polynomial>,
}

impl ArrayShape {
    /// The number of dimensions, the unbounded outermost one included.
    pub fn dims(&self) -> usize {
        self.sizes.len() + 1
    }
}

/// The condition on one inner dimension `dim` (>= 1) of one access that makes
/// the multi-dimensional view exact: `lower >= 0` and `upper >= 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    pub dim: usize,
    /// The subscript, which must be non-negative.
    pub lower: Polynomial,
    /// `size - 1 - subscript`, which must be non-negative.
    pub upper: Polynomial,
}

/// The result: one shape, and per access (in the order of the offsets) its
/// affine subscripts, outermost first, and its bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delinearized {
    pub shape: ArrayShape,
    pub subscripts: Vec<Vec<Polynomial>>,
    pub bounds: Vec<Vec<Bound>>,
}

impl Delinearized {
    /// Access `a`'s subscripts with one row borrowed at inner dimension
    /// `dim` (>= 1): the outer subscript one less, this one `size` more,
    /// the same element. GCC writes `A[i][n-1-j]` of a reversed loop as
    /// `(i+1)*n - 1 - j`, which splits into `[i+1][-1-j]`; borrowing gives
    /// back `[i][n-1-j]`, whose bounds hold. With the new bounds.
    pub fn borrowed(&self, a: usize, dim: usize) -> Option<(Vec<Polynomial>, Vec<Bound>)> {
        self.borrowed_at(a, &[(dim, Shift::Borrow)])
    }

    /// Access `a`'s subscripts with a row borrowed or lent at each inner
    /// dimension of `shifts`, one after the other: a constant offset split
    /// by truncation can leave several inner subscripts outside their rows
    /// (`u[n - 2][j][k][m]` of `double u[96][96][96][5]`, offset
    /// `46080*n - 91675`, splits into `[n - 1][j - 94][k - 95][m]`: rows
    /// borrowed at dimensions 2 and 1 give back `[n - 2][j + 1][k + 1][m]`;
    /// `u[i][n - 2][k][m]`, `480*n + 45125` past the row of i, splits into
    /// `[i][n + 94][k + 1][m]`: a row lent at dimension 1 gives back
    /// `[i + 1][n - 2][k + 1][m]`). With the new bounds.
    pub fn borrowed_at(&self, a: usize, shifts: &[(usize, Shift)]) -> Option<(Vec<Polynomial>, Vec<Bound>)> {
        let mut subs = self.subscripts.get(a)?.clone();
        let mut bounds = self.bounds.get(a)?.clone();
        for &(dim, shift) in shifts {
            let size = self.shape.sizes.get(dim.checked_sub(1)?)?;
            let one = Polynomial::constant(1);
            let (outer, inner) = match shift {
                Shift::Borrow => (subs[dim - 1].checked_sub(&one)?, subs[dim].checked_add(size)?),
                Shift::Lend => (subs[dim - 1].checked_add(&one)?, subs[dim].checked_sub(size)?),
            };
            subs[dim - 1] = outer;
            subs[dim] = inner;
        }
        for b in bounds.iter_mut().filter(|b| shifts.iter().any(|&(dim, _)| b.dim == dim || b.dim == dim - 1)) {
            let sub = &subs[b.dim];
            b.lower = sub.clone();
            b.upper = self.shape.sizes[b.dim - 1].checked_sub(&Polynomial::constant(1))?.checked_sub(sub)?;
        }
        Some((subs, bounds))
    }

    /// The shifts of rows to try, in order: a row borrowed at one inner
    /// dimension (innermost first), then lent at one, then two dimensions
    /// shifted each way. At most two, so that an access of a six-dimensional
    /// array tries 50 and not 242.
    pub fn borrow_choices(&self) -> Vec<Vec<(usize, Shift)>> {
        let inner: Vec<usize> = (1..self.shape.dims()).rev().collect();
        let both = [Shift::Borrow, Shift::Lend];
        let mut out: Vec<Vec<(usize, Shift)>> = both.iter().flat_map(|&s| inner.iter().map(move |&d| vec![(d, s)])).collect();
        for (x, &d) in inner.iter().enumerate() {
            for &e in &inner[x + 1..] {
                for &s in &both {
                    for &t in &both {
                        out.push(vec![(d, s), (e, t)]);
                    }
                }
            }
        }
        out
    }
}

/// Which way a row moves between a subscript and the one outside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shift {
    /// The outer subscript one less, this one a row more.
    Borrow,
    /// The outer subscript one more, this one a row less.
    Lend,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DelinearizeError {
    /// An offset is not a multiple of the element size (or the element size
    /// is not positive).
    NotDivisible,
    /// No shape fits, e.g. `i*n + j*m` (no divisibility chain), or a hinted
    /// size that is not a positive constant times parameters.
    NoShape(String),
    /// A subscript under the chosen shape is still not affine.
    NonAffineSubscript(String),
    Overflow,
}

impl fmt::Display for DelinearizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DelinearizeError::NotDivisible => {
                f.write_str("offset is not a multiple of the element size")
            }
            DelinearizeError::NoShape(why) => write!(f, "no array shape: {why}"),
            DelinearizeError::NonAffineSubscript(why) => {
                write!(f, "non-affine subscript: {why}")
            }
            DelinearizeError::Overflow => f.write_str("arithmetic overflow"),
        }
    }
}

impl std::error::Error for DelinearizeError {}

/// A dimension's stride, `coeff * params` with `coeff > 0` and `params` a
/// sorted monomial of parameters.
struct Stride {
    coeff: i128,
    params: Monomial,
}

/// Delinearizes the byte `offsets` of all accesses to one array (from one
/// base) into one shape and affine subscripts. `is_iterator` tells loop
/// iterators from parameters; `hint`, when the C type gives them, is the
/// inner dimension sizes in elements, outermost first.
pub fn delinearize(
    offsets: &[Polynomial],
    elem_size: i128,
    is_iterator: &dyn Fn(&str) -> bool,
    hint: Option<&[Polynomial]>,
) -> Result<Delinearized, DelinearizeError> {
    if elem_size <= 0 {
        return Err(DelinearizeError::NotDivisible);
    }
    let elems = offsets
        .iter()
        .map(|o| divide_exact(o, elem_size))
        .collect::<Result<Vec<_>, _>>()?;

    let sizes = match hint {
        Some(h) => h.to_vec(),
        // Constant strides are exact in one dimension: no bounds to assume.
        None if elems.iter().all(Polynomial::is_affine) => Vec::new(),
        None => sizes_from_chain(&elems, is_iterator)?,
    };
    let strides = strides_of(&sizes, is_iterator)?;

    let mut subscripts = Vec::with_capacity(elems.len());
    let mut bounds = Vec::with_capacity(elems.len());
    for (a, off) in elems.iter().enumerate() {
        let subs = split(off, &strides, is_iterator)?;
        for (d, s) in subs.iter().enumerate() {
            if !s.is_affine() {
                return Err(DelinearizeError::NonAffineSubscript(format!(
                    "access {a}, dimension {d}: {s}"
                )));
            }
        }
        let mut bs = Vec::with_capacity(sizes.len());
        for (k, size) in sizes.iter().enumerate() {
            let sub = &subs[k + 1];
            let upper = size
                .checked_sub(&Polynomial::constant(1))
                .and_then(|p| p.checked_sub(sub))
                .ok_or(DelinearizeError::Overflow)?;
            bs.push(Bound {
                dim: k + 1,
                lower: sub.clone(),
                upper,
            });
        }
        subscripts.push(subs);
        bounds.push(bs);
    }
    Ok(Delinearized {
        shape: ArrayShape { elem_size, sizes },
        subscripts,
        bounds,
    })
}

fn divide_exact(p: &Polynomial, d: i128) -> Result<Polynomial, DelinearizeError> {
    let mut out = Polynomial::zero();
    for (m, c) in p.terms() {
        if c % d != 0 {
            return Err(DelinearizeError::NotDivisible);
        }
        out = out
            .checked_add(&Polynomial::term(m.clone(), c / d))
            .ok_or(DelinearizeError::Overflow)?;
    }
    Ok(out)
}

/// `a / b` for sorted monomials as multisets; None when `b` does not divide `a`.
fn monomial_div(a: &[String], b: &[String]) -> Option<Monomial> {
    let mut out = Vec::with_capacity(a.len());
    let mut bi = 0;
    for v in a {
        if bi < b.len() && b[bi] == *v {
            bi += 1;
            continue;
        }
        // Both sorted: a b-variable smaller than v can no longer be matched.
        if bi < b.len() && b[bi] < *v {
            return None;
        }
        out.push(v.clone());
    }
    (bi == b.len()).then_some(out)
}

fn show_monomial(m: &[String]) -> String {
    if m.is_empty() {
        "1".to_string()
    } else {
        m.join("*")
    }
}

/// The inner sizes from the parametric parts of the iterator monomials.
fn sizes_from_chain(
    elems: &[Polynomial],
    is_iterator: &dyn Fn(&str) -> bool,
) -> Result<Vec<Polynomial>, DelinearizeError> {
    // The innermost stride is 1 even when no iterator term has it.
    let mut parts: Vec<Monomial> = vec![Vec::new()];
    for off in elems {
        for (m, _) in off.terms() {
            if m.iter().any(|v| is_iterator(v)) {
                parts.push(m.iter().filter(|v| !is_iterator(v)).cloned().collect());
            }
        }
    }
    parts.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    parts.dedup();
    let mut sizes = Vec::with_capacity(parts.len() - 1);
    for w in parts.windows(2) {
        let q = monomial_div(&w[1], &w[0]).ok_or_else(|| {
            DelinearizeError::NoShape(format!(
                "strides {} and {} do not divide one another",
                show_monomial(&w[0]),
                show_monomial(&w[1])
            ))
        })?;
        sizes.push(Polynomial::term(q, 1));
    }
    // The chain runs innermost first; sizes are listed outermost first.
    sizes.reverse();
    Ok(sizes)
}

/// `coeff * monomial` with `coeff > 0` and only parameters, or None.
fn positive_param_term(
    p: &Polynomial,
    is_iterator: &dyn Fn(&str) -> bool,
) -> Option<(i128, Monomial)> {
    let mut terms = p.terms();
    let (m, c) = terms.next()?;
    if terms.next().is_some() || c <= 0 || m.iter().any(|v| is_iterator(v)) {
        return None;
    }
    Some((c, m.clone()))
}

/// One stride per dimension, outermost first; the innermost is 1.
fn strides_of(
    sizes: &[Polynomial],
    is_iterator: &dyn Fn(&str) -> bool,
) -> Result<Vec<Stride>, DelinearizeError> {
    let mut strides = vec![Stride {
        coeff: 1,
        params: Vec::new(),
    }];
    for size in sizes.iter().rev() {
        let (c, m) = positive_param_term(size, is_iterator).ok_or_else(|| {
            DelinearizeError::NoShape(format!(
                "size {size} is not a positive constant times parameters"
            ))
        })?;
        let inner = strides.last().ok_or(DelinearizeError::Overflow)?;
        let coeff = inner
            .coeff
            .checked_mul(c)
            .ok_or(DelinearizeError::Overflow)?;
        let mut params = inner.params.clone();
        params.extend(m);
        params.sort();
        strides.push(Stride { coeff, params });
    }
    strides.reverse();
    Ok(strides)
}

/// Splits one offset (in elements) into one subscript per stride.
fn split(
    off: &Polynomial,
    strides: &[Stride],
    is_iterator: &dyn Fn(&str) -> bool,
) -> Result<Vec<Polynomial>, DelinearizeError> {
    let mut subs = vec![Polynomial::zero(); strides.len()];
    for (m, c) in off.terms() {
        let (iters, params): (Vec<String>, Vec<String>) =
            m.iter().cloned().partition(|v| is_iterator(v));
        let mut rest = c;
        for (d, s) in strides.iter().enumerate() {
            let Some(q_params) = monomial_div(&params, &s.params) else {
                continue;
            };
            // An iterator term moves whole (or its dimension's bound would
            // not hold for any range of the iterator); an offset is split by
            // truncation so that small offsets stay in the inner dimension.
            let q = if iters.is_empty() || rest % s.coeff == 0 {
                rest / s.coeff
            } else {
                continue;
            };
            if q == 0 {
                continue;
            }
            let mut mono = iters.clone();
            mono.extend(q_params);
            subs[d] = subs[d]
                .checked_add(&Polynomial::term(mono, q))
                .ok_or(DelinearizeError::Overflow)?;
            rest = q
                .checked_mul(s.coeff)
                .and_then(|t| rest.checked_sub(t))
                .ok_or(DelinearizeError::Overflow)?;
            if rest == 0 {
                break;
            }
        }
        // The innermost stride is 1 and takes any remainder; kept as a guard.
        if rest != 0 {
            return Err(DelinearizeError::NoShape(format!(
                "term {} left over",
                show_monomial(m)
            )));
        }
    }
    Ok(subs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A polynomial from `(coefficient, variables)` terms.
    fn poly(terms: &[(i128, &[&str])]) -> Polynomial {
        terms.iter().fold(Polynomial::zero(), |acc, (c, vs)| {
            acc.checked_add(&Polynomial::term(
                vs.iter().map(|v| v.to_string()).collect(),
                *c,
            ))
            .unwrap()
        })
    }

    fn ijk(v: &str) -> bool {
        matches!(v, "i" | "j" | "k")
    }

    fn subs(d: &Delinearized) -> Vec<Vec<String>> {
        d.subscripts
            .iter()
            .map(|s| s.iter().map(Polynomial::to_isl).collect())
            .collect()
    }

    fn sizes(d: &Delinearized) -> Vec<String> {
        d.shape.sizes.iter().map(Polynomial::to_isl).collect()
    }

    #[test]
    fn two_dims_parametric() {
        let off = poly(&[(8, &["i", "n"]), (8, &["j"])]);
        let d = delinearize(&[off], 8, &ijk, None).unwrap();
        assert_eq!(d.shape.elem_size, 8);
        assert_eq!(sizes(&d), ["n"]);
        assert_eq!(subs(&d), [["i", "j"]]);
        assert_eq!(
            d.bounds,
            [[Bound {
                dim: 1,
                lower: poly(&[(1, &["j"])]),
                upper: poly(&[(1, &["n"]), (-1, &["j"]), (-1, &[])])
            }]]
        );
        assert_eq!(d.bounds[0][0].upper.to_isl(), "-1 - j + n");
    }

    #[test]
    fn three_dims_parametric() {
        // A[(i*n + j)*m + k], 4-byte elements.
        let off = poly(&[(4, &["i", "n", "m"]), (4, &["j", "m"]), (4, &["k"])]);
        let d = delinearize(&[off], 4, &ijk, None).unwrap();
        assert_eq!(sizes(&d), ["n", "m"]);
        assert_eq!(subs(&d), [["i", "j", "k"]]);
        assert_eq!(d.bounds[0].len(), 2);
        assert_eq!(d.bounds[0][0].dim, 1);
        assert_eq!(d.bounds[0][0].upper.to_isl(), "-1 - j + n");
        assert_eq!(d.bounds[0][1].dim, 2);
        assert_eq!(d.bounds[0][1].upper.to_isl(), "-1 - k + m");
    }

    #[test]
    fn three_dims_with_offsets() {
        // A[((i+1)*n + j-1)*m + k-1] = i*n*m + n*m + j*m - m + k - 1.
        let off = poly(&[
            (1, &["i", "n", "m"]),
            (1, &["n", "m"]),
            (1, &["j", "m"]),
            (-1, &["m"]),
            (1, &["k"]),
            (-1, &[]),
        ]);
        let d = delinearize(&[off], 1, &ijk, None).unwrap();
        assert_eq!(sizes(&d), ["n", "m"]);
        assert_eq!(subs(&d), [["1 + i", "-1 + j", "-1 + k"]]);
    }

    #[test]
    fn reversed_inner_loop_borrows_a_row() {
        // A[i][n-1-j] as GCC writes it: (i+1)*n - 1 - j, split [1+i][-1-j];
        // with a row borrowed at dimension 1, [i][n-1-j] and its bounds
        // j >= 0 (n-1-j >= 0 read as upper n-1-(n-1-j) = j).
        let off = poly(&[(1, &["i", "n"]), (1, &["n"]), (-1, &["j"]), (-1, &[])]);
        let d = delinearize(&[off], 1, &ijk, None).unwrap();
        assert_eq!(subs(&d), [["1 + i", "-1 - j"]]);
        let (s, b) = d.borrowed(0, 1).unwrap();
        let s: Vec<String> = s.iter().map(|p| p.to_string()).collect();
        assert_eq!(s, ["i", "-1 - j + n"]);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].lower.to_string(), "-1 - j + n");
        assert_eq!(b[0].upper.to_string(), "j");
        // No dimension 0 bound to borrow from, nor a dimension past the last.
        assert!(d.borrowed(0, 0).is_none());
        assert!(d.borrowed(0, 2).is_none());
    }

    #[test]
    fn stencil_shares_one_shape() {
        let a = poly(&[(8, &["i", "n"]), (8, &["j"])]);
        let b = poly(&[(8, &["i", "n"]), (8, &["n"]), (8, &["j"])]);
        let c = poly(&[(8, &["i", "n"]), (8, &["j"]), (-8, &[])]);
        let d = delinearize(&[a, b, c], 8, &ijk, None).unwrap();
        assert_eq!(sizes(&d), ["n"]);
        assert_eq!(subs(&d), [["i", "j"], ["1 + i", "j"], ["i", "-1 + j"]]);
        assert_eq!(d.bounds[2][0].lower.to_isl(), "-1 + j");
        assert_eq!(d.bounds[2][0].upper.to_isl(), "-j + n");
    }

    #[test]
    fn affine_stays_one_dimensional() {
        let off = poly(&[(8, &["i"]), (16, &[])]);
        let d = delinearize(&[off], 8, &ijk, None).unwrap();
        assert!(d.shape.sizes.is_empty());
        assert_eq!(d.shape.dims(), 1);
        assert_eq!(subs(&d), [["2 + i"]]);
        assert_eq!(d.bounds, [Vec::<Bound>::new()]);
    }

    #[test]
    fn constant_hint_splits_constants_by_truncation() {
        let hint = [Polynomial::constant(100)];
        let a = poly(&[(800, &["i"]), (8, &["j"]), (-8, &[])]);
        let b = poly(&[(800, &["i"]), (800, &[]), (8, &["j"])]);
        let c = poly(&[(800, &["i"]), (1200, &[])]);
        let d = delinearize(&[a, b, c], 8, &ijk, Some(&hint)).unwrap();
        assert_eq!(sizes(&d), ["100"]);
        assert_eq!(subs(&d), [["i", "-1 + j"], ["1 + i", "j"], ["1 + i", "50"]]);
        assert_eq!(d.bounds[0][0].upper.to_isl(), "100 - j");
    }

    #[test]
    fn rows_borrowed_at_two_dimensions() {
        // double u[96][96][96][5]; u[n - 2][1 + j][1 + k][m]: truncation
        // splits the constant into [n - 1][j - 94][k - 95][m].
        let hint = [Polynomial::constant(96), Polynomial::constant(96), Polynomial::constant(5)];
        let off = poly(&[(8 * 46080, &["n"]), (-8 * 91675, &[]), (8 * 480, &["j"]), (8 * 5, &["k"]), (8, &["m"])]);
        let d = delinearize(&[off], 8, &ijk, Some(&hint)).unwrap();
        assert_eq!(subs(&d), [["-1 + n", "-94 + j", "-95 + k", "m"]]);
        let (one, _) = d.borrowed(0, 2).unwrap();
        assert_eq!(one.iter().map(|p| p.to_isl()).collect::<Vec<_>>(), ["-1 + n", "-95 + j", "1 + k", "m"]);
        let (two, bounds) = d.borrowed_at(0, &[(2, Shift::Borrow), (1, Shift::Borrow)]).unwrap();
        assert_eq!(two.iter().map(|p| p.to_isl()).collect::<Vec<_>>(), ["-2 + n", "1 + j", "1 + k", "m"]);
        let lower: Vec<String> = bounds.iter().map(|b| b.lower.to_isl()).collect();
        assert_eq!(lower, ["1 + j", "1 + k", "m"]);
        let choices = d.borrow_choices();
        assert_eq!(choices.len(), 6 + 3 * 4);
        assert_eq!(choices[0], [(3, Shift::Borrow)]);
        assert_eq!(choices[3], [(3, Shift::Lend)]);
        assert!(choices.contains(&vec![(2, Shift::Borrow), (1, Shift::Borrow)]));
    }

    #[test]
    fn row_lent_at_one_dimension() {
        // u[i][n - 2][k][m]: 46080*i + 480*n + 5*k + m + 45125 splits into
        // [i][n + 94][k + 1][m]; lending a row at dimension 1 gives back
        // [1 + i][n - 2][k + 1][m].
        let hint = [Polynomial::constant(96), Polynomial::constant(96), Polynomial::constant(5)];
        let off = poly(&[(8 * 46080, &["i"]), (8 * 480, &["n"]), (8 * 45125, &[]), (8 * 5, &["k"]), (8, &["m"])]);
        let d = delinearize(&[off], 8, &ijk, Some(&hint)).unwrap();
        assert_eq!(subs(&d), [["i", "94 + n", "1 + k", "m"]]);
        let (lent, _) = d.borrowed_at(0, &[(1, Shift::Lend)]).unwrap();
        assert_eq!(lent.iter().map(|p| p.to_isl()).collect::<Vec<_>>(), ["1 + i", "-2 + n", "1 + k", "m"]);
    }

    #[test]
    fn constant_hint_on_affine_offsets() {
        // double A[N][100]; A[2*i+1][j] is affine yet still gets two dims.
        let hint = [Polynomial::constant(100)];
        let off = poly(&[(1600, &["i"]), (800, &[]), (8, &["j"])]);
        let d = delinearize(&[off], 8, &ijk, Some(&hint)).unwrap();
        assert_eq!(subs(&d), [["1 + 2*i", "j"]]);
    }

    #[test]
    fn vla_pointer_hint() {
        let hint = [Polynomial::var("m")];
        let off = poly(&[(8, &["i", "m"]), (8, &["j"])]);
        let d = delinearize(&[off], 8, &ijk, Some(&hint)).unwrap();
        assert_eq!(sizes(&d), ["m"]);
        assert_eq!(subs(&d), [["i", "j"]]);
    }

    #[test]
    fn no_chain_is_no_shape() {
        let off = poly(&[(8, &["i", "n"]), (8, &["j", "m"])]);
        let r = delinearize(&[off], 8, &ijk, None);
        assert!(matches!(r, Err(DelinearizeError::NoShape(_))), "{r:?}");
    }

    #[test]
    fn no_chain_across_accesses() {
        let a = poly(&[(8, &["i", "n"]), (8, &["j"])]);
        let b = poly(&[(8, &["i", "m"]), (8, &["j"])]);
        let r = delinearize(&[a, b], 8, &ijk, None);
        assert!(matches!(r, Err(DelinearizeError::NoShape(_))), "{r:?}");
    }

    #[test]
    fn misaligned_is_not_divisible() {
        let off = poly(&[(8, &["i"]), (4, &[])]);
        assert_eq!(
            delinearize(std::slice::from_ref(&off), 8, &ijk, None),
            Err(DelinearizeError::NotDivisible)
        );
        assert_eq!(
            delinearize(std::slice::from_ref(&off), 0, &ijk, None),
            Err(DelinearizeError::NotDivisible)
        );
        assert_eq!(
            delinearize(&[off], -8, &ijk, None),
            Err(DelinearizeError::NotDivisible)
        );
    }

    #[test]
    fn transposed_access_same_array() {
        let a = poly(&[(8, &["j", "n"]), (8, &["i"])]);
        let b = poly(&[(8, &["i", "n"]), (8, &["j"])]);
        let d = delinearize(&[a, b], 8, &ijk, None).unwrap();
        assert_eq!(sizes(&d), ["n"]);
        assert_eq!(subs(&d), [["j", "i"], ["i", "j"]]);
        assert_eq!(d.bounds[0][0].upper.to_isl(), "-1 - i + n");
    }

    #[test]
    fn gemm_arrays_separately() {
        let c = poly(&[(8, &["i", "nj"]), (8, &["j"])]);
        let a = poly(&[(8, &["i", "nk"]), (8, &["k"])]);
        let b = poly(&[(8, &["k", "nj"]), (8, &["j"])]);
        let dc = delinearize(&[c], 8, &ijk, None).unwrap();
        let da = delinearize(&[a], 8, &ijk, None).unwrap();
        let db = delinearize(&[b], 8, &ijk, None).unwrap();
        assert_eq!(
            (sizes(&dc), subs(&dc)),
            (
                vec!["nj".to_string()],
                vec![vec!["i".to_string(), "j".into()]]
            )
        );
        assert_eq!(
            (sizes(&da), subs(&da)),
            (
                vec!["nk".to_string()],
                vec![vec!["i".to_string(), "k".into()]]
            )
        );
        assert_eq!(
            (sizes(&db), subs(&db)),
            (
                vec!["nj".to_string()],
                vec![vec!["k".to_string(), "j".into()]]
            )
        );
    }

    #[test]
    fn stray_parameter_goes_innermost() {
        // A[i*n + j + p] and A[i*n + j + 2*n*q]: p stays inner, n*q moves out.
        let a = poly(&[(1, &["i", "n"]), (1, &["j"]), (1, &["p"])]);
        let b = poly(&[(1, &["i", "n"]), (1, &["j"]), (2, &["n", "q"])]);
        let d = delinearize(&[a, b], 1, &ijk, None).unwrap();
        assert_eq!(subs(&d), [["i", "j + p"], ["i + 2*q", "j"]]);
    }

    #[test]
    fn non_affine_subscripts() {
        // i*i*n: the chain is fine but dimension 0 gets i^2.
        let a = poly(&[(1, &["i", "i", "n"]), (1, &["j"])]);
        let r = delinearize(&[a], 1, &ijk, None);
        assert!(
            matches!(r, Err(DelinearizeError::NonAffineSubscript(_))),
            "{r:?}"
        );
        // i*j: no parameter, so one dimension, and it is not affine.
        let b = poly(&[(1, &["i", "j"])]);
        let r = delinearize(&[b], 1, &ijk, None);
        assert!(
            matches!(r, Err(DelinearizeError::NonAffineSubscript(_))),
            "{r:?}"
        );
        // A hint that does not explain the offset.
        let c = poly(&[(1, &["i", "n"]), (1, &["j"])]);
        let r = delinearize(&[c], 1, &ijk, Some(&[Polynomial::var("m")]));
        assert!(
            matches!(r, Err(DelinearizeError::NonAffineSubscript(_))),
            "{r:?}"
        );
    }

    #[test]
    fn bad_hints_and_overflow() {
        let off = poly(&[(1, &["i"])]);
        for h in [
            Polynomial::constant(0),
            Polynomial::constant(-4),
            poly(&[(1, &["n"]), (1, &[])]),
            Polynomial::var("i"),
        ] {
            let r = delinearize(std::slice::from_ref(&off), 1, &ijk, Some(&[h]));
            assert!(matches!(r, Err(DelinearizeError::NoShape(_))), "{r:?}");
        }
        let huge = [Polynomial::constant(i128::MAX), Polynomial::constant(2)];
        assert_eq!(
            delinearize(&[off], 1, &ijk, Some(&huge)),
            Err(DelinearizeError::Overflow)
        );
        // Extreme coefficients neither panic nor lose terms.
        let big = poly(&[(i128::MIN, &["i", "n"]), (i128::MAX, &[])]);
        let d = delinearize(&[big], 1, &ijk, None).unwrap();
        assert_eq!(d.subscripts[0][0], poly(&[(i128::MIN, &["i"])]));
        assert_eq!(
            delinearize(&[d.subscripts[0][0].clone()], -1, &ijk, None),
            Err(DelinearizeError::NotDivisible)
        );
    }

    #[test]
    fn empty_and_degenerate() {
        let d = delinearize(&[], 8, &ijk, None).unwrap();
        assert!(d.subscripts.is_empty() && d.shape.sizes.is_empty());
        // A[i*n] alone: inner subscript 0.
        let d = delinearize(&[poly(&[(1, &["i", "n"])])], 1, &ijk, None).unwrap();
        assert_eq!(subs(&d), [["i", "0"]]);
        assert_eq!(d.bounds[0][0].upper.to_isl(), "-1 + n");
    }
}
