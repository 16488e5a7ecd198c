//! The skew question: the factor that makes an inner loop's dependences run forward.

use super::*;

impl<'c> PairEngine<'c> {
    /// The accesses of `stmts` that constrain a skew: (array, x, y), one
    /// writing; SSA values defined and used in one iteration apart.
    fn skew_pairs(&self, stmts: &[usize]) -> Vec<(&String, Acc, Acc)> {
        self.write_pairs(stmts, |f| matches!(f, Fact::Value))
    }

    /// The pairs of accesses of `stmts` to one array, one writing: (array,
    /// x, y); arrays of SSA facts that `skip` accepts apart.
    pub(super) fn write_pairs(&self, stmts: &[usize], skip: impl Fn(&Fact) -> bool) -> Vec<(&String, Acc, Acc)> {
        let mut pairs = Vec::new();
        for (array, accs) in &self.by_array {
            if self.facts.get(array).is_some_and(&skip) {
                continue;
            }
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| stmts.contains(&a.0)).collect();
            for &x in &mine {
                for &y in &mine {
                    if self.is_write(x) || self.is_write(y) {
                        pairs.push((array, x, y));
                    }
                }
            }
        }
        pairs
    }

    /// Whether each iteration of the inner loop at time dimension `inner`
    /// of a perfect pair reads the cell its iteration before wrote (a chain
    /// the diagonals would break), found without isl: what makes the pair
    /// a candidate for a skew at all.
    pub fn skew_chain_of(&self, inner: u32, statements: &[String]) -> bool {
        let lb = (inner as usize - 1) / 2;
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        // The chain: a read of the cell the write made in the inner loop's
        // iteration before, in every iteration (the same subscripts but
        // for the inner iterator, one step back). A dependence at some
        // iterations only (Floyd-Warshall's row k, read through
        // `path[i][k]`) is no chain: the loop, vectorized, ran ten times
        // slower by diagonals. Nor is a cell the inner loop keeps updating
        // (`q[i] += ...` over j), which a register carries.
        let step_back = |x: Acc, y: Acc| -> bool {
            let (fx, fy) = (&self.acc(x).subs, &self.acc(y).subs);
            if fx.is_empty() || fx.len() != fy.len() {
                return false;
            }
            let mut shift = None;
            for (f, g) in fx.iter().zip(fy) {
                let width = f.coef.len().max(g.coef.len());
                if (0..width).any(|v| f.coef.get(v).copied().unwrap_or(0) != g.coef.get(v).copied().unwrap_or(0)) {
                    return false;
                }
                // f(b) = g(b + c): f.k - g.k = c * (b's coefficient).
                let cb = f.coef.get(self.np + lb).copied().unwrap_or(0);
                let dk = f.k - g.k;
                if cb == 0 {
                    if dk != 0 {
                        return false;
                    }
                } else if dk % cb != 0 || shift.is_some_and(|c| c != dk / cb) {
                    return false;
                } else {
                    shift = Some(dk / cb);
                }
            }
            shift == Some(1)
        };
        self.skew_pairs(&stmts).into_iter().any(|(_, x, y)| {
            self.is_write(x) && !self.is_write(y) && self.m.stmts[x.0].depth() == self.m.stmts[y.0].depth() && step_back(x, y)
        })
    }

    /// Running the band's perfect pair of loops at time dimensions
    /// `outer` < `inner` by the diagonals `f * a + b` of its iteration
    /// numbers (a, b), in increasing order, each diagonal's iterations in
    /// any order (a skew). Legal for a factor f when no two iterations of
    /// different outer iterations touching one cell, one of them writing,
    /// have the later one on the same diagonal as the earlier or before it
    /// (iterations of one outer iteration keep their order: their
    /// diagonals grow with b). SSA values defined and used in one
    /// iteration apart (each iteration keeps its own). Returns the least
    /// such f up to `max_factor`, or the arrays that forbid `max_factor`,
    /// and the reads and rows an iteration touches. Whether the pair is
    /// worth it at all: `skew_chain_of`.
    pub fn skew(&self, outer: u32, inner: u32, statements: &[String], max_factor: i128) -> Result<PairSkew, IslFailure> {
        self.cx.reset_budget();
        let (la, lb) = ((outer as usize - 1) / 2, (inner as usize - 1) / 2);
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        if lb != la + 1 || stmts.iter().any(|&s| self.m.stmts[s].depth() != lb + 1) {
            return Err(IslFailure::Error("not a perfect pair of adjacent loops".into()));
        }
        let pairs = self.skew_pairs(&stmts);
        // x in an earlier outer iteration than y, y's diagonal at most x's.
        let clash = |f: i128, x: Acc, y: Acc| -> Result<bool, IslFailure> {
            let ds = self.m.stmts[x.0].depth();
            let n = self.np + ds + self.m.stmts[y.0].depth();
            let mut conj = self.same_prefix(0, ds, la, n);
            conj.push(self.lt(0, ds, la, n));
            let mut e = Lin::zero(n);
            e.coef[self.np + la] = f;
            e.coef[self.np + lb] = 1;
            e.coef[self.np + ds + la] = -f;
            e.coef[self.np + ds + lb] = -1;
            conj.push(Atom { e, eq: false });
            conj.extend(self.same_cell(x, 0, y, ds, n));
            self.nonempty(n - self.np, &[self.dom(x.0, 0, n), self.dom(y.0, ds, n), vec![conj]])
        };
        let mut factor = None;
        let mut blocking = BTreeSet::new();
        for f in 1..=max_factor {
            blocking.clear();
            for &(array, x, y) in &pairs {
                if !blocking.contains(array) && clash(f, x, y)? {
                    blocking.insert(array.clone());
                }
            }
            if blocking.is_empty() {
                factor = Some(f);
                break;
            }
        }
        // The work per cache line: by diagonals each iteration touches its
        // rows' lines afresh (the loop's next iteration is on other rows),
        // in rows' order it walks along them.
        let mut reads = 0;
        let mut rows: Vec<(&str, &[Lin])> = Vec::new();
        for &s in &stmts {
            for a in &self.m.stmts[s].accesses {
                if a.subs.is_empty() {
                    continue;
                }
                if a.kind == AccessKind::Read {
                    reads += 1;
                }
                let row = (a.array.as_str(), &a.subs[..a.subs.len() - 1]);
                if !rows.contains(&row) {
                    rows.push(row);
                }
            }
        }
        Ok(PairSkew { factor, blocking: blocking.into_iter().collect(), reads, rows: rows.len() })
    }

    /// Whether some x of `p` runs before some y of `q` on one cell with the
    /// loops at levels `la` and `lb` in the original order, and after it
    /// with them swapped (every level between keeps its place).
    pub(super) fn reversed(&self, p: Acc, q: Acc, la: usize, lb: usize) -> Result<bool, IslFailure> {
        let (s, t) = (p.0, q.0);
        let (ds, dt) = (self.m.stmts[s].depth(), self.m.stmts[t].depth());
        let n = self.np + ds + dt;
        let orig: Vec<usize> = (la..=lb).collect();
        let mut perm = orig.clone();
        perm.swap(0, orig.len() - 1);
        // x before y: first difference in `orig` order at position f with
        // x < y; after: first difference in `perm` order at g with x > y.
        for f in 0..orig.len() {
            for g in 0..perm.len() {
                // Per level: '=' before the first difference, '<' (or '>')
                // at it; pieces that ask one level for two of these are
                // empty and skipped.
                let rel = |order: &[usize], upto: usize, l: usize| -> Option<char> {
                    let k = order.iter().position(|&x| x == l)?;
                    if k < upto {
                        Some('=')
                    } else if k == upto {
                        Some('!')
                    } else {
                        None
                    }
                };
                let clash = orig.iter().any(|&l| match (rel(&orig, f, l), rel(&perm, g, l)) {
                    (Some(a), Some(b)) => a != '=' || b != '=',
                    _ => false,
                } && !(rel(&orig, f, l) == Some('=') && rel(&perm, g, l) == Some('=')));
                if clash {
                    continue;
                }
                let mut conj = self.same_prefix(0, ds, la, n);
                for &l in &orig[..f] {
                    conj.push(self.eq_at(0, ds, l, n));
                }
                conj.push(self.lt(0, ds, orig[f], n));
                for &l in &perm[..g] {
                    conj.push(self.eq_at(0, ds, l, n));
                }
                conj.push(self.lt(ds, 0, perm[g], n));
                conj.extend(self.same_cell(p, 0, q, ds, n));
                if self.nonempty(ds + dt, &[self.dom(s, 0, n), self.dom(t, ds, n), vec![conj]])? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}
