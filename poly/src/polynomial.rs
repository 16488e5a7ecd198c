//! Integer polynomials over named variables: the values the GIMPLE side reads
//! from GCC's scalar evolutions (loop iterators, parameters, and products of
//! them where a stride is a parameter, as in `A[i*n + j]`).
//!
//! Affine polynomials (degree at most one) print in isl notation; others are
//! what delinearization turns into affine subscripts.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A product of variables, sorted, with repetition (`["i", "n", "n"]` is
/// i*n^2). The empty monomial is the constant 1.
pub type Monomial = Vec<String>;

/// The highest degree a product may have: strides of arrays of up to
/// seven dimensions of variable size times an iterator, with room.
pub const MAX_DEGREE: usize = 8;
/// The most terms a product may have before they combine.
pub const MAX_TERMS: usize = 1024;

/// A sum of integer multiples of monomials. No zero coefficients are stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Polynomial {
    terms: BTreeMap<Monomial, i128>,
}

impl Polynomial {
    pub fn zero() -> Polynomial {
        Polynomial::default()
    }

    pub fn constant(c: i128) -> Polynomial {
        Polynomial::term(Vec::new(), c)
    }

    pub fn var(name: &str) -> Polynomial {
        Polynomial::term(vec![name.to_string()], 1)
    }

    /// `coefficient * monomial`; the monomial is sorted here.
    pub fn term(mut monomial: Monomial, coefficient: i128) -> Polynomial {
        monomial.sort();
        let mut terms = BTreeMap::new();
        if coefficient != 0 {
            terms.insert(monomial, coefficient);
        }
        Polynomial { terms }
    }

    /// The terms, monomials in sorted order.
    pub fn terms(&self) -> impl Iterator<Item = (&Monomial, i128)> {
        self.terms.iter().map(|(m, &c)| (m, c))
    }

    pub fn coefficient(&self, monomial: &[String]) -> i128 {
        let mut m = monomial.to_vec();
        m.sort();
        self.terms.get(&m).copied().unwrap_or(0)
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The value, when the polynomial is a constant.
    pub fn as_constant(&self) -> Option<i128> {
        match self.terms.len() {
            0 => Some(0),
            1 => self.terms.get(&Vec::new()).copied(),
            _ => None,
        }
    }

    /// The highest number of variables in one monomial.
    pub fn degree(&self) -> usize {
        self.terms.keys().map(|m| m.len()).max().unwrap_or(0)
    }

    pub fn is_affine(&self) -> bool {
        self.degree() <= 1
    }

    /// Every variable that occurs, sorted, once each.
    pub fn vars(&self) -> Vec<String> {
        let mut v: Vec<String> = self.terms.keys().flatten().cloned().collect();
        v.sort();
        v.dedup();
        v
    }

    pub fn mentions(&self, var: &str) -> bool {
        self.terms.keys().any(|m| m.iter().any(|v| v == var))
    }

    /// None on overflow of the coefficients.
    pub fn checked_add(&self, other: &Polynomial) -> Option<Polynomial> {
        let mut terms = self.terms.clone();
        for (m, &c) in &other.terms {
            let e = terms.entry(m.clone()).or_insert(0);
            *e = e.checked_add(c)?;
            if *e == 0 {
                terms.remove(m);
            }
        }
        Some(Polynomial { terms })
    }

    pub fn checked_scale(&self, k: i128) -> Option<Polynomial> {
        if k == 0 {
            return Some(Polynomial::zero());
        }
        let mut terms = BTreeMap::new();
        for (m, &c) in &self.terms {
            terms.insert(m.clone(), c.checked_mul(k)?);
        }
        Some(Polynomial { terms })
    }

    /// The polynomial with each coefficient replaced by the one congruent to
    /// it modulo 2^bits in [-2^(bits-1), 2^(bits-1)): equal to it modulo
    /// 2^bits at every point, as arithmetic of that width computes it.
    pub fn signed_modulo(&self, bits: u32) -> Polynomial {
        let bits = bits.clamp(1, 126);
        let (m, half) = (1i128 << bits, 1i128 << (bits - 1));
        let terms = self
            .terms
            .iter()
            .map(|(k, &c)| (k.clone(), (c + half).rem_euclid(m) - half))
            .filter(|&(_, c)| c != 0)
            .collect();
        Polynomial { terms }
    }

    pub fn checked_sub(&self, other: &Polynomial) -> Option<Polynomial> {
        self.checked_add(&other.checked_scale(-1)?)
    }

    /// None on overflow of the coefficients, and past `MAX_DEGREE` or
    /// `MAX_TERMS`: a value squared in a row (`q *= q` unrolled 28 times,
    /// GCC's pr88597.c) would have a monomial of 2^28 variables.
    pub fn checked_mul(&self, other: &Polynomial) -> Option<Polynomial> {
        if self.degree() + other.degree() > MAX_DEGREE || self.terms.len() * other.terms.len() > MAX_TERMS {
            return None;
        }
        let mut out = Polynomial::zero();
        for (m1, &c1) in &self.terms {
            for (m2, &c2) in &other.terms {
                let mut m = m1.clone();
                m.extend(m2.iter().cloned());
                out = out.checked_add(&Polynomial::term(m, c1.checked_mul(c2)?))?;
            }
        }
        Some(out)
    }

    /// Replaces `var` by `value` everywhere.
    pub fn substitute(&self, var: &str, value: &Polynomial) -> Option<Polynomial> {
        let mut out = Polynomial::zero();
        for (m, &c) in &self.terms {
            let mut t = Polynomial::constant(c);
            let mut rest = Vec::new();
            for v in m {
                if v == var {
                    t = t.checked_mul(value)?;
                } else {
                    rest.push(v.clone());
                }
            }
            out = out.checked_add(&t.checked_mul(&Polynomial::term(rest, 1))?)?;
        }
        Some(out)
    }

    /// The polynomial over counters instead of iteration numbers:
    /// `counters` lists (iterator, counter's name, counter's value over the
    /// iterators outside it and parameters), outermost first. Each
    /// iterator is replaced by what its counter's value gives for it
    /// (`1 + i + j'` is `j` where counter `j` is `1 + i + j'`); None where
    /// that is no integer combination of counters and parameters, or a
    /// name is used twice.
    pub fn in_counters(&self, counters: &[(&str, &str, &Polynomial)]) -> Option<Polynomial> {
        let mut names = BTreeSet::new();
        if !counters.iter().all(|(_, name, _)| names.insert(*name)) {
            return None;
        }
        let mut rest = self.clone();
        let mut out = Polynomial::zero();
        // Innermost first: a counter's value holds outer iterators only.
        for &(it, name, value) in counters.iter().rev() {
            let a = rest.coefficient(&[it.to_string()]);
            if a == 0 {
                continue;
            }
            let step = value.coefficient(&[it.to_string()]);
            if step == 0 || a % step != 0 {
                return None;
            }
            rest = rest.checked_sub(&value.checked_scale(a / step)?)?;
            out = out.checked_add(&Polynomial::var(name).checked_scale(a / step)?)?;
        }
        let vars = rest.vars();
        if !rest.is_affine() || vars.iter().any(|v| names.contains(v.as_str()) || counters.iter().any(|(it, _, _)| it == v)) {
            return None;
        }
        out.checked_add(&rest)
    }

    /// The polynomial in isl's notation (`2*i + n - 1`); isl parses products
    /// of variables only where they are affine, so this is for affine ones.
    pub fn to_isl(&self) -> String {
        if self.terms.is_empty() {
            return "0".to_string();
        }
        let mut s = String::new();
        for (i, (m, &c)) in self.terms.iter().enumerate() {
            let (neg, mag) = (c < 0, c.unsigned_abs());
            if i == 0 {
                if neg {
                    s.push('-');
                }
            } else {
                s.push_str(if neg { " - " } else { " + " });
            }
            if m.is_empty() {
                s.push_str(&mag.to_string());
            } else {
                if mag != 1 {
                    s.push_str(&format!("{mag}*"));
                }
                s.push_str(&m.join("*"));
            }
        }
        s
    }
}

impl fmt::Display for Polynomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_isl())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_and_printing() {
        let i = Polynomial::var("i");
        let n = Polynomial::var("n");
        let j = Polynomial::var("j");
        // (i*n + j) * 8
        let off = i.checked_mul(&n).unwrap().checked_add(&j).unwrap().checked_scale(8).unwrap();
        assert_eq!(off.to_isl(), "8*i*n + 8*j");
        assert_eq!(off.degree(), 2);
        assert!(!off.is_affine());
        assert_eq!(off.coefficient(&["n".into(), "i".into()]), 8);
        let aff = i.checked_sub(&Polynomial::constant(1)).unwrap();
        assert_eq!(aff.to_isl(), "-1 + i");
        assert!(aff.checked_sub(&aff).unwrap().is_zero());
        assert_eq!(off.substitute("n", &Polynomial::constant(10)).unwrap().to_isl(), "80*i + 8*j");
        assert_eq!(Polynomial::constant(-3).as_constant(), Some(-3));
    }

    #[test]
    fn subscripts_over_counters() {
        let v = |s: &str| Polynomial::var(s);
        let k = |c: i128| Polynomial::constant(c);
        // for (i = 0; ...) for (j = i + 1; ...): corr[i][j], the model's
        // corr[i4][1 + i4 + j5].
        let ci = v("i4");
        let cj = k(1).checked_add(&v("i4")).unwrap().checked_add(&v("j5")).unwrap();
        let counters = [("i4", "i", &ci), ("j5", "j", &cj)];
        assert_eq!(v("i4").in_counters(&counters).unwrap().to_isl(), "i");
        assert_eq!(cj.in_counters(&counters).unwrap().to_isl(), "j");
        // j - 1 and i + j + n.
        assert_eq!(v("i4").checked_add(&v("j5")).unwrap().in_counters(&counters).unwrap().to_isl(), "-1 + j");
        let e = k(1).checked_add(&v("i4").checked_scale(2).unwrap()).unwrap().checked_add(&v("j5")).unwrap().checked_add(&v("n")).unwrap();
        assert_eq!(e.in_counters(&counters).unwrap().to_isl(), "i + j + n");
        // for (i = n - 1; i >= 0; i--): table[-1 - i' + n] is table[i].
        let down = k(-1).checked_sub(&v("i1")).unwrap().checked_add(&v("n")).unwrap();
        assert_eq!(down.in_counters(&[("i1", "i", &down)]).unwrap().to_isl(), "i");
        // A step of 2: 3i' is no integer combination of i = 2i'.
        let two = v("i1").checked_scale(2).unwrap();
        assert!(v("i1").checked_scale(3).unwrap().in_counters(&[("i1", "i", &two)]).is_none());
        assert_eq!(v("i1").checked_scale(4).unwrap().in_counters(&[("i1", "i", &two)]).unwrap().to_isl(), "2*i");
        // A product with a parameter, and one name for two counters.
        assert!(v("i4").checked_mul(&v("n")).unwrap().in_counters(&counters).is_none());
        assert!(v("j5").in_counters(&[("i4", "i", &ci), ("j5", "i", &cj)]).is_none());
        // A parameter of a counter's name is not the counter.
        assert!(v("i").in_counters(&counters).is_none());
    }

    #[test]
    fn signed_modulo_folds_wrapped_coefficients() {
        let i = Polynomial::var("i");
        // (i + 2^62 - 1) * 4 in 64-bit arithmetic is 4i - 4.
        let wrapped = i.checked_add(&Polynomial::constant((1i128 << 62) - 1)).unwrap().checked_scale(4).unwrap();
        assert_eq!(wrapped.signed_modulo(64).to_isl(), "-4 + 4*i");
        // 2^64 * i vanishes; (2^64 - 8) * j is -8 * j; small ones stay.
        let p = Polynomial::term(vec!["i".into()], 1i128 << 64)
            .checked_add(&Polynomial::term(vec!["j".into()], (1i128 << 64) - 8))
            .unwrap()
            .checked_add(&Polynomial::term(vec!["i".into(), "n".into()], -8))
            .unwrap()
            .checked_add(&Polynomial::constant(-(1i128 << 63)))
            .unwrap();
        assert_eq!(p.signed_modulo(64).to_isl(), "-9223372036854775808 - 8*i*n - 8*j");
        assert_eq!(Polynomial::constant(1i128 << 63).signed_modulo(64).as_constant(), Some(-(1i128 << 63)));
        assert_eq!(Polynomial::constant(5).signed_modulo(64).as_constant(), Some(5));
        // 32-bit pointers.
        assert_eq!(Polynomial::constant((1i128 << 32) + 12).signed_modulo(32).as_constant(), Some(12));
    }

    #[test]
    fn products_are_bounded() {
        // Squaring in a row: degree 8 is the last allowed.
        let mut q = Polynomial::var("dd").checked_add(&Polynomial::constant(1)).unwrap();
        for _ in 0..3 {
            q = q.checked_mul(&q).unwrap();
        }
        assert_eq!(q.degree(), 8);
        assert!(q.checked_mul(&q).is_none());
        assert!(q.checked_mul(&Polynomial::var("i")).is_none());
        assert_eq!(q.checked_mul(&Polynomial::constant(3)).unwrap().degree(), 8);
        // Many terms times many terms.
        let wide = (0..40).fold(Polynomial::zero(), |p, k| p.checked_add(&Polynomial::var(&format!("v{k}"))).unwrap());
        assert!(wide.checked_mul(&wide).is_none());
    }
}
