//! The shift question: whether the first inner loop of a loop may be shifted by one iteration and fused with its last.

use super::*;

impl<'c> PairEngine<'c> {
    /// Shifting the first inner loop A of the loop at time dimension
    /// `outer` by one iteration and fusing it with its last inner loop B
    /// (the shim's gp_loop_shift): in iteration k, B's iteration i is
    /// followed by A's iteration i of k + 1, for every i that B runs
    /// (`first`: A's statements, which only read memory; `last`: B's;
    /// `body`: every statement of the loop). A's instance y at (k + 1, i)
    /// then runs before the instances x that ran between B's (k, i) and
    /// y: B's later iterations of k, the statements after B in k, and
    /// those before A in k + 1. Legal when none of them writes a cell y
    /// reads. A's iterations past B's count run where they did. SSA values
    /// apart: the caller checks that A computes only from its own, the
    /// loop's counter, values defined before the loop and values computed
    /// from these without memory (which the shim computes anew for k + 1).
    /// Returns the arrays that forbid it (empty: legal).
    pub fn shift(&self, outer: u32, body: &[String], first: &[String], last: &[String]) -> Result<Vec<String>, IslFailure> {
        self.cx.reset_budget();
        let la = (outer as usize - 1) / 2;
        let index = |names: &[String]| -> Vec<usize> { names.iter().filter_map(|n| self.stmt_index(n)).collect() };
        let (body, a, b) = (index(body), index(first), index(last));
        let place_of = |set: &[usize]| -> Result<i128, IslFailure> {
            let at: BTreeSet<i128> = set.iter().map(|&s| self.m.stmts[s].consts.get(la + 1).copied().unwrap_or(-1)).collect();
            match (at.len(), set.iter().all(|&s| self.m.stmts[s].depth() == la + 2)) {
                (1, true) => Ok(*at.iter().next().unwrap()),
                _ => Err(IslFailure::Error("an inner loop of the shift is not one loop right inside the loop".into())),
            }
        };
        if a.is_empty() || b.is_empty() || body.iter().any(|&s| self.m.stmts[s].depth() <= la) {
            return Err(IslFailure::Error("the loops of the shift are not in the loop".into()));
        }
        let (pa, pb) = (place_of(&a)?, place_of(&b)?);
        if pa >= pb {
            return Err(IslFailure::Error("the first inner loop does not come before the last".into()));
        }
        // A writes only its own SSA values, which the shim renames.
        if a.iter().any(|&s| self.m.stmts[s].accesses.iter().any(|x| x.kind != AccessKind::Read && !self.facts.contains_key(&x.array))) {
            return Err(IslFailure::Error("the first inner loop writes memory".into()));
        }
        let at = |s: usize| self.m.stmts[s].consts[la + 1];
        let mut blocking = BTreeSet::new();
        for (array, accs) in &self.by_array {
            // SSA values and PHIs apart: A computes from its own, the
            // counter and values defined before the loop (the shim's
            // check), and the shim gives its moved copies names of their
            // own.
            if self.facts.contains_key(array) {
                continue;
            }
            let reads: Vec<Acc> = accs.iter().copied().filter(|x| a.contains(&x.0)).collect();
            let writes: Vec<Acc> = accs.iter().copied().filter(|&x| body.contains(&x.0) && self.is_write(x)).collect();
            'pairs: for &w in &writes {
                // Where the writer runs against A's moved instance y:
                // in B (a later iteration), after B (iteration k), or
                // before A (iteration k + 1).
                let (in_b, shift) = if b.contains(&w.0) {
                    (true, 1)
                } else if at(w.0) > pb {
                    (false, 1)
                } else if at(w.0) < pa {
                    (false, 0)
                } else {
                    continue;
                };
                for &r in &reads {
                    let (dx, dy) = (self.m.stmts[w.0].depth(), self.m.stmts[r.0].depth());
                    // x (the writer) at 0, y (A's read) at dx, B's instance
                    // of y's point in iteration k at dx + dy.
                    let z = dx + dy;
                    let n = self.np + z + dy;
                    let mut conj = self.same_prefix(0, dx, la, n);
                    let mut e = Lin::constant(n, -shift);
                    e.coef[self.np + dx + la] = 1;
                    e.coef[self.np + la] = -1;
                    conj.push(Atom { e, eq: true });
                    if in_b {
                        conj.push(self.lt(dx, 0, la + 1, n));
                    }
                    // y is one of the iterations B runs: B's (k, i), k one
                    // before y's.
                    conj.extend(self.same_prefix(z, dx, la, n));
                    let mut e = Lin::constant(n, 1);
                    e.coef[self.np + z + la] = 1;
                    e.coef[self.np + dx + la] = -1;
                    conj.push(Atom { e, eq: true });
                    conj.push(self.eq_at(z, dx, la + 1, n));
                    conj.extend(self.same_cell(w, 0, r, dx, n));
                    let factors = [self.dom(w.0, 0, n), self.dom(r.0, dx, n), self.dom(b[0], z, n), vec![conj]];
                    if self.nonempty(z + dy, &factors)? {
                        blocking.insert(array.clone());
                        break 'pairs;
                    }
                }
            }
        }
        Ok(blocking.into_iter().collect())
    }
}
