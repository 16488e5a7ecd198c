//! Exposed reads and final writes: the instances of a read no earlier write in the iteration kills, and the last writes of a cell in a loop.

use super::*;

impl<'c> PairEngine<'c> {
    /// The instances of read `r` not killed by a must-write of their cell
    /// earlier in the same iteration of the loop at `level` (its first
    /// `level + 1` iterators fixed).
    ///
    /// A killing write is usually determined by the read (its iterators are
    /// the read's, or the read's cell): then eliminating them leaves the
    /// condition "y is killed" as a conjunction over y, and its negation, a
    /// disjunction of negated atoms, describes the exposed reads without
    /// isl's projection and subtraction, which are only used otherwise.
    pub(super) fn exposed(&self, r: Acc, level: usize) -> Result<Exposure, IslFailure> {
        if let Some(e) = self.exposed_cache.borrow().get(&(r, level)) {
            return e.copy(self.cx);
        }
        let array = &self.acc(r).array;
        let dr = self.m.stmts[r.0].depth();
        let mut pieces: Vec<(Acc, Order)> = Vec::new();
        for &z in &self.by_array[array] {
            if !self.is_must(z) || self.common(z.0, r.0) <= level {
                continue;
            }
            for o in self.before_pieces(z.0, r.0, level + 1) {
                if self.dep(z, r, o)? {
                    pieces.push((z, o));
                }
            }
        }
        let out = if pieces.is_empty() {
            Exposure::All
        } else {
            // Each piece as a conjunction over y once z is eliminated.
            let nr = self.np + dr;
            let mut negations: Option<Vec<Vec<Atom>>> = Some(Vec::new());
            for &(z, o) in &pieces {
                let dz = self.m.stmts[z.0].depth();
                let n = nr + dz;
                let mut conj = self.order(z.0, dr, r.0, 0, o, n).unwrap_or_default();
                conj.extend(self.same_cell(z, dr, r, 0, n));
                // z's domain must be one conjunction for this.
                if self.m.stmts[z.0].domain.len() != 1 {
                    negations = None;
                    break;
                }
                conj.extend(self.dom(z.0, dr, n).remove(0));
                match eliminate_range(conj, nr, n) {
                    Elim::Empty => {}
                    Elim::Partial => {
                        negations = None;
                        break;
                    }
                    Elim::Done(rest) => {
                        if let Some(v) = negations.as_mut() {
                            v.push(rest.into_iter().map(|mut a| {
                                a.e.coef.truncate(nr);
                                a
                            }).collect());
                        }
                    }
                }
            }
            match negations {
                Some(kills) => match negate_all(&kills, nr) {
                    Some(dnf) => Exposure::Dnf(dnf),
                    None => self.exposure_set(r, &pieces)?,
                },
                None => self.exposure_set(r, &pieces)?,
            }
        };
        let ret = out.copy(self.cx)?;
        self.exposed_cache.borrow_mut().insert((r, level), out);
        Ok(ret)
    }

    /// The exposed reads by isl's projection and subtraction.
    fn exposure_set(&self, r: Acc, pieces: &[(Acc, Order)]) -> Result<Exposure, IslFailure> {
        let cx = self.cx;
        let dr = self.m.stmts[r.0].depth();
        let mut killed = cx.ok(Set::empty(cx.ok(Space::set_alloc(cx.ctx(), self.np as u32, dr as u32))?))?;
        for &(z, o) in pieces {
            let dz = self.m.stmts[z.0].depth();
            let n = self.np + dr + dz;
            let mut conj = self.order(z.0, dr, r.0, 0, o, n).unwrap_or_default();
            conj.extend(self.same_cell(z, dr, r, 0, n));
            let k = self.set_of(dr + dz, &[self.dom(z.0, dr, n), vec![conj]])?;
            let k = cx.ok(k.project_out(DimType::Set, dr as u32, dz as u32))?;
            killed = cx.ok(killed.union(k))?;
        }
        let dom = self.set_of(dr, &[self.dom(r.0, 0, self.np + dr)])?;
        Ok(Exposure::Set(cx.ok(dom.subtract(killed))?))
    }

    /// Whether some instance of read `r` is exposed at `level`.
    pub(super) fn exposed_nonempty(&self, r: Acc, level: usize) -> Result<bool, IslFailure> {
        match self.exposed(r, level)? {
            Exposure::All => Ok(true),
            Exposure::Dnf(d) => {
                if d.is_empty() {
                    return Ok(false);
                }
                let dr = self.m.stmts[r.0].depth();
                self.nonempty(dr, &[self.dom(r.0, 0, self.np + dr), d])
            }
            Exposure::Set(e) => Ok(!self.cx.ok(e.is_empty())?),
        }
    }

    /// Whether some exposed instance y of read `r` (exposure at `level`) and
    /// some instance x of `w` satisfy `o` in the direction given (`w_first`:
    /// x runs first) on one cell.
    pub(super) fn exposed_dep(&self, r: Acc, level: usize, w: Acc, o: Order, w_first: bool) -> Result<bool, IslFailure> {
        let (first, second) = if w_first { (w, r) } else { (r, w) };
        if !self.dep(first, second, o)? {
            return Ok(false);
        }
        let exposure = self.exposed(r, level)?;
        if let Exposure::All = exposure {
            return Ok(true);
        }
        let cx = self.cx;
        let (dr, dw) = (self.m.stmts[r.0].depth(), self.m.stmts[w.0].depth());
        // Frame: y (the read) first, then x (the write).
        let n = self.np + dr + dw;
        let conj = if w_first {
            let mut c = self.order(w.0, dr, r.0, 0, o, n).unwrap_or_default();
            c.extend(self.same_cell(w, dr, r, 0, n));
            c
        } else {
            let mut c = self.order(r.0, 0, w.0, dr, o, n).unwrap_or_default();
            c.extend(self.same_cell(r, 0, w, dr, n));
            c
        };
        match exposure {
            Exposure::All => Ok(true),
            Exposure::Dnf(d) => {
                if d.is_empty() {
                    return Ok(false);
                }
                let d: Dnf = d
                    .into_iter()
                    .map(|c| {
                        c.into_iter()
                            .map(|mut a| {
                                a.e.coef.resize(n, 0);
                                a
                            })
                            .collect()
                    })
                    .collect();
                self.nonempty(dr + dw, &[self.dom(r.0, 0, n), self.dom(w.0, dr, n), vec![conj], d])
            }
            Exposure::Set(e) => {
                let rest = self.set_of(dr + dw, &[self.dom(w.0, dr, n), vec![conj]])?;
                let e = cx.ok(e.add_dims(DimType::Set, dw as u32))?;
                *self.tests.borrow_mut() += 1;
                Ok(!cx.ok(cx.ok(e.intersect(rest))?.is_empty())?)
            }
        }
    }

    /// The instances of write `w` not overwritten later in the same
    /// execution of the loop at `level` (first `level` iterators fixed);
    /// None: none is overwritten.
    pub(super) fn final_writes(&self, w: Acc, level: usize, in_loop: &dyn Fn(usize) -> bool) -> Result<Option<Set>, IslFailure> {
        let array = &self.acc(w).array;
        let dw = self.m.stmts[w.0].depth();
        let mut pieces = Vec::new();
        for &z in &self.by_array[array] {
            if !self.is_must(z) || !in_loop(z.0) {
                continue;
            }
            for o in self.before_pieces(w.0, z.0, level) {
                if self.dep(w, z, o)? {
                    pieces.push((z, o));
                }
            }
        }
        if pieces.is_empty() {
            return Ok(None);
        }
        let cx = self.cx;
        let mut killed = cx.ok(Set::empty(cx.ok(Space::set_alloc(cx.ctx(), self.np as u32, dw as u32))?))?;
        for (z, o) in pieces {
            let dz = self.m.stmts[z.0].depth();
            let n = self.np + dw + dz;
            let mut conj = self.order(w.0, 0, z.0, dw, o, n).unwrap_or_default();
            conj.extend(self.same_cell(w, 0, z, dw, n));
            let k = self.set_of(dw + dz, &[self.dom(z.0, dw, n), vec![conj]])?;
            killed = cx.ok(killed.union(cx.ok(k.project_out(DimType::Set, dw as u32, dz as u32))?))?;
        }
        let dom = self.set_of(dw, &[self.dom(w.0, 0, self.np + dw)])?;
        Ok(Some(cx.ok(dom.subtract(killed))?))
    }
}

/// The exposed instances of a read (see `PairEngine::exposed`).
pub(super) enum Exposure {
    /// No write can kill it: every instance.
    All,
    /// The read's domain and one of these conjunctions (over the
    /// parameters and the read's iterators); none: no instance.
    Dnf(Dnf),
    /// As an isl set.
    Set(Set),
}

impl Exposure {
    fn copy(&self, cx: &BoundedCtx) -> Result<Exposure, IslFailure> {
        Ok(match self {
            Exposure::All => Exposure::All,
            Exposure::Dnf(d) => Exposure::Dnf(d.clone()),
            Exposure::Set(s) => Exposure::Set(cx.ok(s.copy())?),
        })
    }
}
