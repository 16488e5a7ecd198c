//! Affine conditions over named variables, built into isl sets through isl's
//! constraint API.
//!
//! Region detection builds thousands of small sets (edge conditions, loop
//! bounds, no-wrap obligations). Printing them as isl text and parsing that
//! back was most of the plugin's compile time; a `Cond` goes to isl as
//! constraints directly, and prints as isl text only for messages.

use crate::bounded::{BoundedCtx, IslFailure};
use crate::polynomial::Polynomial;
use isl_rs::{BasicSet, Constraint, DimType, LocalSpace, Set, Space, Val};
use std::fmt;

/// A comparison operator between two polynomials.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// A condition: comparisons of affine polynomials joined by and, or, not.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cond {
    True,
    False,
    /// `p >= 0`.
    NonNeg(Polynomial),
    /// `p = 0`.
    Zero(Polynomial),
    And(Vec<Cond>),
    Or(Vec<Cond>),
    Not(Box<Cond>),
}

impl Cond {
    /// `a op b`; None when the difference overflows.
    pub fn cmp(op: CmpOp, a: &Polynomial, b: &Polynomial) -> Option<Cond> {
        let one = Polynomial::constant(1);
        Some(match op {
            CmpOp::Ge => Cond::NonNeg(a.checked_sub(b)?),
            CmpOp::Le => Cond::NonNeg(b.checked_sub(a)?),
            CmpOp::Gt => Cond::NonNeg(a.checked_sub(b)?.checked_sub(&one)?),
            CmpOp::Lt => Cond::NonNeg(b.checked_sub(a)?.checked_sub(&one)?),
            CmpOp::Eq => Cond::Zero(a.checked_sub(b)?),
            CmpOp::Ne => Cond::Or(vec![Cond::cmp(CmpOp::Lt, a, b)?, Cond::cmp(CmpOp::Gt, a, b)?]),
        })
    }

    /// `lo <= p <= hi`; None on overflow.
    pub fn within(p: &Polynomial, lo: i128, hi: i128) -> Option<Cond> {
        Some(Cond::And(vec![
            Cond::cmp(CmpOp::Ge, p, &Polynomial::constant(lo))?,
            Cond::cmp(CmpOp::Le, p, &Polynomial::constant(hi))?,
        ]))
    }

    pub fn and(self, other: Cond) -> Cond {
        match (self, other) {
            (Cond::True, c) | (c, Cond::True) => c,
            (Cond::And(mut a), Cond::And(b)) => {
                a.extend(b);
                Cond::And(a)
            }
            (Cond::And(mut a), c) => {
                a.push(c);
                Cond::And(a)
            }
            (a, b) => Cond::And(vec![a, b]),
        }
    }

    pub fn or(self, other: Cond) -> Cond {
        match (self, other) {
            (Cond::False, c) | (c, Cond::False) => c,
            (Cond::Or(mut a), c) => {
                a.push(c);
                Cond::Or(a)
            }
            (a, b) => Cond::Or(vec![a, b]),
        }
    }

    #[allow(clippy::should_implement_trait)]
    pub fn not(self) -> Cond {
        match self {
            Cond::Not(c) => *c,
            c => Cond::Not(Box::new(c)),
        }
    }

    /// Every variable the condition mentions.
    pub fn vars(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.visit(&mut |p| out.extend(p.vars()));
        out.sort();
        out.dedup();
        out
    }

    pub fn is_affine(&self) -> bool {
        let mut ok = true;
        self.visit(&mut |p| ok &= p.is_affine());
        ok
    }

    /// The polynomials compared.
    pub fn polys(&self) -> Vec<Polynomial> {
        let mut out = Vec::new();
        self.visit(&mut |p| out.push(p.clone()));
        out
    }

    /// The condition with `var` replaced by `value`; None on overflow.
    pub fn substitute(&self, var: &str, value: &Polynomial) -> Option<Cond> {
        let all = |v: &[Cond]| v.iter().map(|c| c.substitute(var, value)).collect::<Option<Vec<_>>>();
        Some(match self {
            Cond::True => Cond::True,
            Cond::False => Cond::False,
            Cond::NonNeg(p) => Cond::NonNeg(p.substitute(var, value)?),
            Cond::Zero(p) => Cond::Zero(p.substitute(var, value)?),
            Cond::And(v) => Cond::And(all(v)?),
            Cond::Or(v) => Cond::Or(all(v)?),
            Cond::Not(c) => Cond::Not(Box::new(c.substitute(var, value)?)),
        })
    }

    fn visit(&self, f: &mut impl FnMut(&Polynomial)) {
        match self {
            Cond::True | Cond::False => {}
            Cond::NonNeg(p) | Cond::Zero(p) => f(p),
            Cond::And(v) | Cond::Or(v) => v.iter().for_each(|c| c.visit(f)),
            Cond::Not(c) => c.visit(f),
        }
    }

    /// The condition with negations pushed to the comparisons, which absorb
    /// them (`not p >= 0` is `-p - 1 >= 0`).
    fn normal(&self, negate: bool) -> Option<Cond> {
        Some(match (self, negate) {
            (Cond::True, false) | (Cond::False, true) => Cond::True,
            (Cond::True, true) | (Cond::False, false) => Cond::False,
            (Cond::NonNeg(p), false) => Cond::NonNeg(p.clone()),
            (Cond::NonNeg(p), true) => Cond::NonNeg(Polynomial::constant(-1).checked_sub(p)?),
            (Cond::Zero(p), false) => Cond::Zero(p.clone()),
            (Cond::Zero(p), true) => Cond::Or(vec![
                Cond::NonNeg(p.checked_sub(&Polynomial::constant(1))?),
                Cond::NonNeg(Polynomial::constant(-1).checked_sub(p)?),
            ]),
            (Cond::And(v), false) | (Cond::Or(v), true) => {
                Cond::And(v.iter().map(|c| c.normal(negate)).collect::<Option<_>>()?)
            }
            (Cond::Or(v), false) | (Cond::And(v), true) => {
                Cond::Or(v.iter().map(|c| c.normal(negate)).collect::<Option<_>>()?)
            }
            (Cond::Not(c), n) => c.normal(!n)?,
        })
    }

    /// `{ [iters] : self }` over `params`, both named in the set's space.
    /// Fails (isl error) when the condition mentions another variable or is
    /// not affine.
    pub fn to_set(&self, cx: &BoundedCtx, params: &[&str], iters: &[&str]) -> Result<Set, IslFailure> {
        let space = Self::space(cx, params, iters)?;
        let normal = self.normal(false).ok_or_else(|| IslFailure::Error("coefficient overflow".into()))?;
        let builder = SetBuilder { cx, space, params, iters };
        builder.build(&normal)
    }

    /// The set space `[params] -> { [iters] }`, dimensions named.
    pub fn space(cx: &BoundedCtx, params: &[&str], iters: &[&str]) -> Result<Space, IslFailure> {
        let mut space = cx.ok(Space::set_alloc(cx.ctx(), params.len() as u32, iters.len() as u32))?;
        for (k, p) in params.iter().enumerate() {
            space = cx.ok(space.set_dim_name(DimType::Param, k as u32, p))?;
        }
        for (k, v) in iters.iter().enumerate() {
            space = cx.ok(space.set_dim_name(DimType::Set, k as u32, v))?;
        }
        Ok(space)
    }
}

/// Turns normalized conditions into sets of one space.
struct SetBuilder<'a> {
    cx: &'a BoundedCtx,
    space: Space,
    params: &'a [&'a str],
    iters: &'a [&'a str],
}

impl SetBuilder<'_> {
    fn build(&self, c: &Cond) -> Result<Set, IslFailure> {
        let cx = self.cx;
        match c {
            Cond::True => cx.ok(Set::universe(cx.ok(self.space.copy())?)),
            Cond::False => cx.ok(Set::empty(cx.ok(self.space.copy())?)),
            Cond::NonNeg(_) | Cond::Zero(_) => cx.ok(Set::from_basic_set(self.basic(&[c])?)),
            Cond::And(v) => {
                // The comparisons of a conjunction make one basic set.
                let atoms: Vec<&Cond> = v.iter().filter(|c| matches!(c, Cond::NonNeg(_) | Cond::Zero(_))).collect();
                let mut set = cx.ok(Set::from_basic_set(self.basic(&atoms)?))?;
                for c in v.iter().filter(|c| !matches!(c, Cond::NonNeg(_) | Cond::Zero(_))) {
                    set = cx.ok(set.intersect(self.build(c)?))?;
                }
                Ok(set)
            }
            Cond::Or(v) => {
                let mut set = cx.ok(Set::empty(cx.ok(self.space.copy())?))?;
                for c in v {
                    set = cx.ok(set.union(self.build(c)?))?;
                }
                Ok(set)
            }
            Cond::Not(_) => unreachable!("normalized conditions have no negation"),
        }
    }

    /// The basic set of a conjunction of comparisons.
    fn basic(&self, atoms: &[&Cond]) -> Result<BasicSet, IslFailure> {
        let cx = self.cx;
        let mut bset = cx.ok(BasicSet::universe(cx.ok(self.space.copy())?))?;
        for a in atoms {
            let (p, eq) = match a {
                Cond::NonNeg(p) => (p, false),
                Cond::Zero(p) => (p, true),
                _ => unreachable!("atoms only"),
            };
            let ls = cx.ok(LocalSpace::from_space(cx.ok(self.space.copy())?))?;
            let mut con = cx.ok(if eq { Constraint::alloc_equality(ls) } else { Constraint::alloc_inequality(ls) })?;
            for (m, k) in p.terms() {
                let value = self.val(k)?;
                con = match m.as_slice() {
                    [] => cx.ok(con.set_constant_val(value))?,
                    [v] => {
                        let (ty, pos) = self.position(v)?;
                        cx.ok(con.set_coefficient_val(ty, pos, value))?
                    }
                    _ => return Err(IslFailure::Error(format!("non-affine condition {}", p.to_isl()))),
                };
            }
            bset = cx.ok(bset.add_constraint(con))?;
        }
        Ok(bset)
    }

    fn position(&self, v: &str) -> Result<(DimType, i32), IslFailure> {
        if let Some(k) = self.iters.iter().position(|x| *x == v) {
            return Ok((DimType::Set, k as i32));
        }
        if let Some(k) = self.params.iter().position(|x| *x == v) {
            return Ok((DimType::Param, k as i32));
        }
        Err(IslFailure::Error(format!("'{v}' is neither a parameter nor an iterator")))
    }

    fn val(&self, k: i128) -> Result<Val, IslFailure> {
        let cx = self.cx;
        match i64::try_from(k) {
            Ok(k) => cx.ok(Val::int_from_si(cx.ctx(), k)),
            Err(_) => cx.ok(Val::read_from_str(cx.ctx(), &k.to_string())),
        }
    }
}

impl fmt::Display for Cond {
    /// isl notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |f: &mut fmt::Formatter<'_>, v: &[Cond], sep: &str| -> fmt::Result {
            write!(f, "(")?;
            for (k, c) in v.iter().enumerate() {
                if k > 0 {
                    write!(f, " {sep} ")?;
                }
                write!(f, "{c}")?;
            }
            write!(f, ")")
        };
        match self {
            Cond::True => write!(f, "1 = 1"),
            Cond::False => write!(f, "1 = 0"),
            Cond::NonNeg(p) => write!(f, "{} >= 0", p.to_isl()),
            Cond::Zero(p) => write!(f, "{} = 0", p.to_isl()),
            Cond::And(v) if v.is_empty() => write!(f, "1 = 1"),
            Cond::Or(v) if v.is_empty() => write!(f, "1 = 0"),
            Cond::And(v) => join(f, v, "and"),
            Cond::Or(v) => join(f, v, "or"),
            Cond::Not(c) => write!(f, "not ({c})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounded::DEFAULT_MAX_OPERATIONS;

    fn p(terms: &[(&str, i128)], c: i128) -> Polynomial {
        let mut out = Polynomial::constant(c);
        for (v, k) in terms {
            out = out.checked_add(&Polynomial::term(vec![v.to_string()], *k)).unwrap();
        }
        out
    }

    /// The set built through the API equals the one isl parses from the
    /// condition's own text.
    fn same_as_text(c: &Cond, params: &[&str], iters: &[&str]) {
        let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        let built = c.to_set(&cx, params, iters).unwrap();
        let text = format!("[{}] -> {{ [{}] : {c} }}", params.join(", "), iters.join(", "));
        let parsed = cx.set(&text).unwrap();
        assert!(built.is_equal(&parsed).unwrap(), "{c}: built {} parsed {}", built.to_str().unwrap(), parsed.to_str().unwrap());
    }

    #[test]
    fn comparisons_match_isl_text() {
        let (i, n) = (p(&[("i", 1)], 0), p(&[("n", 1)], 0));
        for op in [CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge, CmpOp::Eq, CmpOp::Ne] {
            let c = Cond::cmp(op, &i, &n).unwrap();
            same_as_text(&c, &["n"], &["i"]);
            same_as_text(&c.not(), &["n"], &["i"]);
        }
    }

    #[test]
    fn nested_conditions_and_large_constants() {
        let (i, j, n) = (p(&[("i", 1)], 0), p(&[("j", 1)], 0), p(&[("n", 2)], -3));
        let c = Cond::cmp(CmpOp::Lt, &i, &n)
            .unwrap()
            .and(Cond::cmp(CmpOp::Ne, &j, &i).unwrap().not().or(Cond::within(&j, -9223372036854775808, 18446744073709551615).unwrap()))
            .and(Cond::cmp(CmpOp::Ge, &j, &Polynomial::zero()).unwrap().not().not());
        same_as_text(&c, &["n"], &["i", "j"]);
        same_as_text(&Cond::True.and(Cond::False.not()), &["n"], &[]);
        same_as_text(&Cond::False, &[], &["i"]);
    }

    #[test]
    fn unknown_variables_and_products_are_errors() {
        let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        let c = Cond::cmp(CmpOp::Lt, &p(&[("m", 1)], 0), &Polynomial::zero()).unwrap();
        assert!(c.to_set(&cx, &["n"], &["i"]).is_err());
        let prod = Polynomial::term(vec!["i".into(), "n".into()], 1);
        let c = Cond::cmp(CmpOp::Lt, &prod, &Polynomial::zero()).unwrap();
        assert!(!c.is_affine());
        assert!(c.to_set(&cx, &["n"], &["i"]).is_err());
    }
}
