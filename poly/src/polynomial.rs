//! Integer polynomials over named variables: the values the GIMPLE side reads
//! from GCC's scalar evolutions (loop iterators, parameters, and products of
//! them where a stride is a parameter, as in `A[i*n + j]`).
//!
//! Affine polynomials (degree at most one) print in isl notation; others are
//! what delinearization turns into affine subscripts.

use std::collections::BTreeMap;
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
