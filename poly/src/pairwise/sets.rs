//! The engine's core: the sets of statement instances and access pairs over the light model, their order, and the dependence test.

use super::*;

impl<'c> PairEngine<'c> {
    /// The number of loops statements `s` and `t` share.
    pub(super) fn common(&self, s: usize, t: usize) -> usize {
        let (a, b) = (&self.m.stmts[s], &self.m.stmts[t]);
        let mut c = 0;
        while c < a.depth() && c < b.depth() && a.consts[c] == b.consts[c] {
            c += 1;
        }
        c
    }

    // ------------------------------------------------------------ isl

    /// The basic set of a conjunction, built in one piece from constraint
    /// matrices (adding constraints one by one would simplify after each).
    fn bset(&self, dims: usize, atoms: &[&Atom]) -> Result<BasicSet, IslFailure> {
        let cx = self.cx;
        let ncol = 1 + self.np + dims;
        let fill = |rows: Vec<&&Atom>| -> Result<Mat, IslFailure> {
            let mut m = cx.built(Mat::alloc(cx.ctx(), rows.len() as u32, ncol as u32))?;
            for (r, a) in rows.iter().enumerate() {
                for col in 0..ncol {
                    let k = if col == 0 { a.e.k } else { a.e.coef.get(col - 1).copied().unwrap_or(0) };
                    m = match i32::try_from(k) {
                        Ok(k) => cx.built(m.set_element_si(r as i32, col as i32, k))?,
                        Err(_) => cx.built(m.set_element_val(r as i32, col as i32, self.val(k)?))?,
                    };
                }
            }
            Ok(m)
        };
        let eq = fill(atoms.iter().filter(|a| a.eq).collect())?;
        let ineq = fill(atoms.iter().filter(|a| !a.eq).collect())?;
        let space = cx.built(Space::set_alloc(cx.ctx(), self.np as u32, dims as u32))?;
        cx.ok(BasicSet::from_constraint_matrices(space, eq, ineq, DimType::Cst, DimType::Param, DimType::Set, DimType::Div))
    }

    /// A basic set over `dims` variables and no parameters.
    fn bset_free(&self, dims: usize, atoms: &[&Atom]) -> Result<BasicSet, IslFailure> {
        let cx = self.cx;
        let ncol = 1 + dims;
        let fill = |rows: Vec<&&Atom>| -> Result<Mat, IslFailure> {
            let mut m = cx.built(Mat::alloc(cx.ctx(), rows.len() as u32, ncol as u32))?;
            for (r, a) in rows.iter().enumerate() {
                for col in 0..ncol {
                    let k = if col == 0 { a.e.k } else { a.e.coef[col - 1] };
                    m = match i32::try_from(k) {
                        Ok(k) => cx.built(m.set_element_si(r as i32, col as i32, k))?,
                        Err(_) => cx.built(m.set_element_val(r as i32, col as i32, self.val(k)?))?,
                    };
                }
            }
            Ok(m)
        };
        let eq = fill(atoms.iter().filter(|a| a.eq).collect())?;
        let ineq = fill(atoms.iter().filter(|a| !a.eq).collect())?;
        let space = cx.built(Space::set_alloc(cx.ctx(), 0, dims as u32))?;
        cx.ok(BasicSet::from_constraint_matrices(space, eq, ineq, DimType::Cst, DimType::Param, DimType::Set, DimType::Div))
    }

    fn val(&self, k: i128) -> Result<Val, IslFailure> {
        let cx = self.cx;
        match i64::try_from(k) {
            Ok(k) => cx.built(Val::int_from_si(cx.ctx(), k)),
            Err(_) => cx.built(Val::read_from_str(cx.ctx(), &k.to_string())),
        }
    }

    /// The union of the conjunctions of the product of `factors` (each a
    /// disjunction), as an isl set over `dims` iterator dimensions.
    pub(super) fn set_of(&self, dims: usize, factors: &[Dnf]) -> Result<Set, IslFailure> {
        let cx = self.cx;
        let mut out: Option<Set> = None;
        self.each_conj(factors, &mut |atoms| {
            let b = cx.ok(Set::from_basic_set(self.bset(dims, atoms)?))?;
            out = Some(match out.take() {
                None => b,
                Some(o) => cx.ok(o.union(b))?,
            });
            Ok(false)
        })?;
        match out {
            Some(s) => Ok(s),
            None => cx.ok(Set::empty(cx.ok(Space::set_alloc(cx.ctx(), self.np as u32, dims as u32))?)),
        }
    }

    /// Calls `f` on every conjunction of the product of `factors` (with the
    /// context) until it returns true; returns whether it did.
    fn each_conj(&self, factors: &[Dnf], f: &mut dyn FnMut(&[&Atom]) -> Result<bool, IslFailure>) -> Result<bool, IslFailure> {
        fn go<'a>(
            factors: &'a [Dnf],
            k: usize,
            acc: &mut Vec<&'a Atom>,
            f: &mut dyn FnMut(&[&Atom]) -> Result<bool, IslFailure>,
        ) -> Result<bool, IslFailure> {
            if k == factors.len() {
                return f(acc);
            }
            for conj in &factors[k] {
                let n = acc.len();
                acc.extend(conj.iter());
                let hit = go(factors, k + 1, acc, f)?;
                acc.truncate(n);
                if hit {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        let mut acc: Vec<&Atom> = self.context.iter().collect();
        go(factors, 0, &mut acc, f)
    }

    /// Whether the product of `factors` has an integer point.
    pub(super) fn nonempty(&self, dims: usize, factors: &[Dnf]) -> Result<bool, IslFailure> {
        let _ = dims;
        self.each_conj(factors, &mut |atoms| {
            let conj: Conj = atoms.iter().map(|a| (*a).clone()).collect();
            // Emptiness does not care which variables are parameters: the
            // unit equalities are substituted away and what is left goes
            // to isl over the variables still mentioned.
            let Some(rest) = eliminate(conj) else { return Ok(false) };
            if rest.is_empty() {
                return Ok(true);
            }
            let n = rest.iter().map(|a| a.e.coef.len()).max().unwrap_or(0);
            let used: Vec<usize> = (0..n).filter(|&v| rest.iter().any(|a| a.e.coef.get(v).is_some_and(|&c| c != 0))).collect();
            let compact: Vec<Atom> = rest
                .iter()
                .map(|a| Atom { e: Lin { coef: used.iter().map(|&v| a.e.coef.get(v).copied().unwrap_or(0)).collect(), k: a.e.k }, eq: a.eq })
                .collect();
            if witness(&compact, used.len()) {
                return Ok(true);
            }
            self.isl_nonempty(compact, used.len())
        })
    }

    /// Whether the conjunction `atoms` over `dims` variables has an integer
    /// point, asked of isl once per distinct system: the statements of an
    /// unrolled block (a 5x5 product written out) pose the same system for
    /// many pairs, so the region's cost follows its distinct shapes, not the
    /// square of its statement count.
    fn isl_nonempty(&self, mut atoms: Vec<Atom>, dims: usize) -> Result<bool, IslFailure> {
        atoms.sort();
        atoms.dedup();
        if let Some(&known) = self.nonempty_cache.borrow().get(&atoms) {
            return Ok(known);
        }
        *self.tests.borrow_mut() += 1;
        let refs: Vec<&Atom> = atoms.iter().collect();
        let b = self.bset_free(dims, &refs)?;
        let r = !self.cx.ok(b.is_empty())?;
        self.nonempty_cache.borrow_mut().insert(atoms, r);
        Ok(r)
    }

    // ------------------------------------------------------------ frames

    /// Statement `s`'s form `l` with its iterators at `off` (after the
    /// parameters) in a frame of `n` variables.
    pub(super) fn place(&self, l: &Lin, s: usize, off: usize, n: usize) -> Lin {
        let d = self.m.stmts[s].depth();
        let map: Vec<usize> = (0..self.np).chain((0..d).map(|k| self.np + off + k)).collect();
        let mut l = l.clone();
        l.coef.resize(self.np + d, 0);
        l.remap(n, &map)
    }

    pub(super) fn dom(&self, s: usize, off: usize, n: usize) -> Dnf {
        self.m.stmts[s].domain.iter().map(|c| c.iter().map(|a| Atom { e: self.place(&a.e, s, off, n), eq: a.eq }).collect()).collect()
    }

    /// `x_k = y_k` for `k < upto`, x at `ox`, y at `oy`.
    pub(super) fn same_prefix(&self, ox: usize, oy: usize, upto: usize, n: usize) -> Conj {
        (0..upto)
            .map(|k| {
                let mut e = Lin::zero(n);
                e.coef[self.np + ox + k] = 1;
                e.coef[self.np + oy + k] = -1;
                Atom { e, eq: true }
            })
            .collect()
    }

    /// `x_k + 1 <= y_k`.
    pub(super) fn lt(&self, ox: usize, oy: usize, k: usize, n: usize) -> Atom {
        let mut e = Lin::constant(n, -1);
        e.coef[self.np + oy + k] = 1;
        e.coef[self.np + ox + k] = -1;
        Atom { e, eq: false }
    }

    /// The order piece between x (statement s at ox) and y (t at oy).
    pub(super) fn order(&self, s: usize, ox: usize, t: usize, oy: usize, o: Order, n: usize) -> Option<Conj> {
        let c = self.common(s, t);
        match o {
            Order::Carried(l) => {
                if l >= c {
                    return None;
                }
                let mut conj = self.same_prefix(ox, oy, l, n);
                conj.push(self.lt(ox, oy, l, n));
                Some(conj)
            }
            Order::Independent => {
                let (a, b) = (&self.m.stmts[s], &self.m.stmts[t]);
                (a.consts[c] < b.consts[c]).then(|| self.same_prefix(ox, oy, c, n))
            }
        }
    }

    /// `cell(p at x) = cell(q at y)`; None when the shapes differ (then the
    /// accesses may touch one cell anyhow: no constraint).
    pub(super) fn same_cell(&self, p: Acc, ox: usize, q: Acc, oy: usize, n: usize) -> Conj {
        let (a, b) = (self.acc(p), self.acc(q));
        if a.subs.len() != b.subs.len() {
            return Vec::new();
        }
        a.subs
            .iter()
            .zip(&b.subs)
            .filter_map(|(f, g)| {
                let e = self.place(f, p.0, ox, n).sub(&self.place(g, q.0, oy, n))?;
                Some(Atom { e, eq: true })
            })
            .collect()
    }

    /// Whether instances x of `p` and y of `q`, in the order `o`, touch one
    /// cell.
    pub(super) fn dep(&self, p: Acc, q: Acc, o: Order) -> Result<bool, IslFailure> {
        if let Some(&b) = self.dep_cache.borrow().get(&(p, q, o)) {
            return Ok(b);
        }
        let (s, t) = (p.0, q.0);
        let (ds, dt) = (self.m.stmts[s].depth(), self.m.stmts[t].depth());
        let n = self.np + ds + dt;
        let r = match self.order(s, 0, t, ds, o, n) {
            None => false,
            Some(mut conj) => {
                conj.extend(self.same_cell(p, 0, q, ds, n));
                !refuted(&conj) && self.nonempty(ds + dt, &[self.dom(s, 0, n), self.dom(t, ds, n), vec![conj]])?
            }
        };
        self.dep_cache.borrow_mut().insert((p, q, o), r);
        Ok(r)
    }

    /// Every order piece in which x (statement s) runs before y (statement
    /// t) with their first `from` common levels equal.
    pub(super) fn before_pieces(&self, s: usize, t: usize, from: usize) -> Vec<Order> {
        let c = self.common(s, t);
        let mut v: Vec<Order> = (from..c).map(Order::Carried).collect();
        let (a, b) = (&self.m.stmts[s], &self.m.stmts[t]);
        if c >= from && a.consts[c] < b.consts[c] {
            v.push(Order::Independent);
        }
        v
    }

    pub(super) fn eq_at(&self, ox: usize, oy: usize, k: usize, n: usize) -> Atom {
        let mut e = Lin::zero(n);
        e.coef[self.np + ox + k] = 1;
        e.coef[self.np + oy + k] = -1;
        Atom { e, eq: true }
    }
}
