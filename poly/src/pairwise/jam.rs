//! The unroll-and-jam question: whether a loop may be unrolled and the copies jammed.

use super::*;

impl<'c> PairEngine<'c> {
    /// Unrolling the loop at time dimension `outer` `factor` times and
    /// jamming the copies: each block of its body, its inner loops' blocks
    /// included, runs `factor` consecutive iterations a, a + 1, ... of the
    /// loop one after the other, at each point of the inner loops. So an
    /// instance y of iteration a + d (0 < d < factor) runs before an
    /// instance x of iteration a exactly when y's schedule after the
    /// loop's dimension comes before x's (a statement's instances of one
    /// point keep their order). Legal when no two such instances touch
    /// one cell, one of them writing. SSA values and PHIs apart: each copy
    /// computes its own (the shim renames them), and none crosses the
    /// loop's iterations but its counters. Returns the arrays that forbid
    /// it (empty: legal). `statements`: those of the loop's body.
    ///
    /// With `growing`, the body's last inner loop runs one iteration more
    /// at each iteration of the loop (cholesky's k < j): the copies of a
    /// group b, b + 1, ... share the iterations that b runs, and copy b +
    /// c runs its last c iterations after them, right before its own
    /// statements after that inner loop (those of the copies before it
    /// done). Of the instances y of that inner loop, then, only those of
    /// the shared iterations (where b's own instance with y's inner
    /// iterators exists) run before the statements after it of an
    /// iteration before y's; every other order is as above or runs the
    /// pair as written (a copy's last iterations after everything of the
    /// copies before it).
    pub fn jam(&self, outer: u32, statements: &[String], factor: i128, growing: bool) -> Result<Vec<String>, IslFailure> {
        self.cx.reset_budget();
        let la = (outer as usize - 1) / 2;
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        if stmts.iter().any(|&s| self.m.stmts[s].depth() <= la) {
            return Err(IslFailure::Error("a statement is not inside the loop".into()));
        }
        // The growing loop's place in the body: the last of its inner
        // loops.
        let grow_at = if growing { stmts.iter().filter(|&&s| self.m.stmts[s].depth() > la + 1).filter_map(|&s| self.m.stmts[s].consts.get(la + 1).copied()).max() } else { None };
        // The pieces of "y's schedule after level la comes before x's", x
        // at 0 and y at dx in a frame of n variables; with each, whether
        // it is y in the growing loop before x after it.
        let before = |x: usize, y: usize, dx: usize, n: usize| -> Vec<(Conj, bool)> {
            let (sx, sy) = (&self.m.stmts[x], &self.m.stmts[y]);
            let mut pieces = Vec::new();
            let mut eqs: Conj = Vec::new();
            let mut k = la + 1;
            while k < sx.consts.len() && k < sy.consts.len() {
                if sy.consts[k] != sx.consts[k] {
                    if sy.consts[k] < sx.consts[k] {
                        let shared_only = k == la + 1 && grow_at == Some(sy.consts[k]) && sy.depth() > la + 1;
                        pieces.push((eqs.clone(), shared_only));
                    }
                    break;
                }
                if k >= sx.depth() || k >= sy.depth() {
                    break;
                }
                let mut p = eqs.clone();
                p.push(self.lt(dx, 0, k, n));
                pieces.push((p, false));
                eqs.push(self.eq_at(0, dx, k, n));
                k += 1;
            }
            pieces
        };
        let mut blocking = BTreeSet::new();
        'pairs: for (array, x, y) in self.write_pairs(&stmts, |_| true) {
            if blocking.contains(array) {
                continue;
            }
            let (dx, dy) = (self.m.stmts[x.0].depth(), self.m.stmts[y.0].depth());
            // A third block of variables, at dx + dy: y's instance in the
            // group's first iteration b (growing only).
            let n = self.np + dx + dy + if grow_at.is_some() { dy } else { 0 };
            for (piece, shared_only) in before(x.0, y.0, dx, n) {
                for d in 1..factor {
                    let mut conj = self.same_prefix(0, dx, la, n);
                    let mut e = Lin::constant(n, -d);
                    e.coef[self.np + dx + la] = 1;
                    e.coef[self.np + la] = -1;
                    conj.push(Atom { e, eq: true });
                    conj.extend(piece.iter().cloned());
                    conj.extend(self.same_cell(x, 0, y, dx, n));
                    // x is copy c of its group (b = x - c), y copy c + d.
                    let groups: Vec<Option<i128>> = if shared_only { (0..factor - d).map(Some).collect() } else { vec![None] };
                    for c in groups {
                        let mut factors = vec![self.dom(x.0, 0, n), self.dom(y.0, dx, n)];
                        let mut conj = conj.clone();
                        if let Some(c) = c {
                            let z = dx + dy;
                            for k in 0..dy {
                                if k == la {
                                    let mut e = Lin::constant(n, c);
                                    e.coef[self.np + z + la] = 1;
                                    e.coef[self.np + la] = -1;
                                    conj.push(Atom { e, eq: true });
                                } else {
                                    conj.push(self.eq_at(z, dx, k, n));
                                }
                            }
                            factors.push(self.dom(y.0, z, n));
                        }
                        factors.push(vec![conj]);
                        if self.nonempty(dx + dy, &factors)? {
                            blocking.insert(array.clone());
                            continue 'pairs;
                        }
                    }
                }
            }
        }
        Ok(blocking.into_iter().collect())
    }
}
