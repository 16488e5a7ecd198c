//! Elimination over the engine's atoms: refuting conjunctions, eliminating variables, witnesses and negation.

use super::*;

/// Whether the conjunction is unsatisfiable by elimination alone.
pub(super) fn refuted(conj: &Conj) -> bool {
    eliminate(conj.to_vec()).is_none()
}

/// Substitutes away the equalities with a unit coefficient (exact over the
/// integers) and drops the atoms that became true; None when one became
/// false (or an equality fails the GCD test): the conjunction is empty. The
/// usual non-dependence (`A[i][j]` against `A[i][j]` in another iteration)
/// ends here without isl.
pub(super) fn eliminate(mut atoms: Vec<Atom>) -> Option<Vec<Atom>> {
    let n = atoms.iter().map(|a| a.e.coef.len()).max().unwrap_or(0);
    for a in atoms.iter_mut() {
        a.e.coef.resize(n, 0);
    }
    // On overflow, no elimination at all: isl gets the atoms as they are.
    let original = atoms.clone();
    match substitute(&mut atoms, 0..n) {
        Some(()) => {}
        None => return Some(original),
    }
    finish(atoms)
}

/// Substitutes away the variables of `vars` through equalities in which
/// they have a unit coefficient; None on overflow.
fn substitute(atoms: &mut Vec<Atom>, vars: std::ops::Range<usize>) -> Option<()> {
    loop {
        let pick = atoms.iter().enumerate().find_map(|(k, a)| {
            if !a.eq {
                return None;
            }
            vars.clone().find(|&v| a.e.coef[v].abs() == 1).map(|v| (k, v))
        });
        let Some((k, v)) = pick else { break };
        let eq = atoms.remove(k);
        let c = eq.e.coef[v];
        for a in atoms.iter_mut() {
            let f = a.e.coef[v];
            if f == 0 {
                continue;
            }
            // a - (f / c) * eq, with c = +-1.
            let m = f * c;
            for (x, y) in a.e.coef.iter_mut().zip(&eq.e.coef) {
                *x = y.checked_mul(m).and_then(|p| x.checked_sub(p))?;
            }
            a.e.k = eq.e.k.checked_mul(m).and_then(|p| a.e.k.checked_sub(p))?;
        }
    }
    Some(())
}

/// The atoms after substitution: None when one is false.
fn finish(atoms: Vec<Atom>) -> Option<Vec<Atom>> {
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    let mut out = Vec::with_capacity(atoms.len());
    for a in atoms {
        if a.e.is_constant() {
            let ok = if a.eq { a.e.k == 0 } else { a.e.k >= 0 };
            if !ok {
                return None;
            }
            continue;
        }
        if a.eq {
            let g = a.e.coef.iter().fold(0, |g, &c| gcd(g, c));
            if g != 0 && a.e.k % g != 0 {
                return None;
            }
        }
        if !out.contains(&a) {
            out.push(a);
        }
    }
    Some(out)
}

/// Whether a quick search finds an integer point of the conjunction (then
/// it is not empty, and isl need not be asked): each variable in turn takes
/// the middle of the bounds the atoms over it and the variables already
/// fixed give, with a few sizes for the variables nothing bounds yet (the
/// parameters, which come first). A point is only accepted after every atom
/// has been checked, so a wrong guess costs nothing but the time.
pub(super) fn witness(atoms: &[Atom], n: usize) -> bool {
    const LIMIT: i128 = 1 << 40;
    for (big, high) in [(1000i128, true), (1000, false), (37, true), (37, false), (5, true)] {
        let mut val: Vec<Option<i128>> = vec![None; n];
        for v in 0..n {
            let (mut lo, mut hi) = (-LIMIT, LIMIT);
            let mut exact: Option<i128> = None;
            for a in atoms {
                let c = a.e.coef[v];
                if c == 0 {
                    continue;
                }
                // Every other variable fixed: c * v + rest (>= | =) 0.
                let mut rest = a.e.k;
                let mut open = false;
                for (u, &cu) in a.e.coef.iter().enumerate() {
                    if u == v || cu == 0 {
                        continue;
                    }
                    match val[u] {
                        Some(x) => match cu.checked_mul(x).and_then(|p| rest.checked_add(p)) {
                            Some(r) => rest = r,
                            None => return false,
                        },
                        None => open = true,
                    }
                }
                if open {
                    continue;
                }
                if a.eq {
                    if rest % c != 0 {
                        exact = Some(LIMIT + 1);
                    } else {
                        exact = Some(-rest / c);
                    }
                } else if c > 0 {
                    // v >= ceil(-rest / c)
                    lo = lo.max((-rest).div_euclid(c) + if (-rest).rem_euclid(c) != 0 { 1 } else { 0 });
                } else {
                    // v <= floor(rest / -c)
                    hi = hi.min(rest.div_euclid(-c));
                }
            }
            let x = match exact {
                Some(x) => x,
                None if lo == -LIMIT && hi == LIMIT => big,
                None if lo == -LIMIT => hi.min(big),
                None if hi == LIMIT => {
                    if high {
                        lo.max(big)
                    } else {
                        lo
                    }
                }
                None => lo + (hi - lo) / 2,
            };
            val[v] = Some(x);
        }
        let ok = atoms.iter().all(|a| {
            let mut sum = a.e.k;
            for (u, &c) in a.e.coef.iter().enumerate() {
                match c.checked_mul(val[u].unwrap_or(0)).and_then(|p| sum.checked_add(p)) {
                    Some(x) => sum = x,
                    None => return false,
                }
            }
            if a.eq {
                sum == 0
            } else {
                sum >= 0
            }
        });
        if ok {
            return true;
        }
    }
    false
}

/// What eliminating a range of variables gave.
pub(super) enum Elim {
    /// The conjunction is empty.
    Empty,
    /// Some variable of the range is left.
    Partial,
    /// The atoms left, none mentioning the range.
    Done(Vec<Atom>),
}

/// Substitutes away the variables `from..to` through equalities in which
/// they have a unit coefficient.
pub(super) fn eliminate_range(mut atoms: Vec<Atom>, from: usize, to: usize) -> Elim {
    let n = atoms.iter().map(|a| a.e.coef.len()).max().unwrap_or(0).max(to);
    for a in atoms.iter_mut() {
        a.e.coef.resize(n, 0);
    }
    if substitute(&mut atoms, from..to).is_none() {
        return Elim::Partial;
    }
    if atoms.iter().any(|a| a.e.coef[from..to].iter().any(|&c| c != 0)) {
        return Elim::Partial;
    }
    match finish(atoms) {
        None => Elim::Empty,
        Some(rest) => Elim::Done(rest),
    }
}

/// The most conjunctions `negate_all` makes.
const MAX_NEGATED: usize = 8;

/// `not (K1 or K2 or ...)` with each `Ki` a conjunction, as a disjunction
/// of conjunctions over `n` variables; None when it would have too many.
pub(super) fn negate_all(kills: &[Vec<Atom>], n: usize) -> Option<Dnf> {
    let mut acc: Dnf = vec![Vec::new()];
    for k in kills {
        if k.is_empty() {
            // Killed everywhere.
            return Some(Vec::new());
        }
        let mut alts: Vec<Atom> = Vec::new();
        for a in k {
            let mut e = a.e.clone();
            e.coef.resize(n, 0);
            let neg = Lin { coef: e.coef.iter().map(|c| -c).collect(), k: -e.k };
            // not (e >= 0): -e - 1 >= 0; not (e = 0): e - 1 >= 0 or -e - 1 >= 0.
            if a.eq {
                alts.push(Atom { e: e.plus(-1)?, eq: false });
            }
            alts.push(Atom { e: neg.plus(-1)?, eq: false });
        }
        let mut next = Vec::new();
        for c in &acc {
            for alt in &alts {
                let mut c2 = c.clone();
                c2.push(alt.clone());
                next.push(c2);
            }
        }
        // Each conjunction is an emptiness test; past a few, isl's
        // subtraction is cheaper.
        if next.len() > MAX_NEGATED {
            return None;
        }
        acc = next;
    }
    Some(acc)
}
