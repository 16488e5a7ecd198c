//! The interchange question: whether two loops may be swapped, and the wavefront: swapped with the new outer loop's iterations in parallel.

use super::*;

impl<'c> PairEngine<'c> {
    // ------------------------------------------------------------ interchange

    /// Interchanging the loops at time dimensions `outer` < `inner` of a
    /// band whose statements are `statements` (all inside both): legal when
    /// no value crossing the band's iterations has its flow reversed and no
    /// array whose values cross them (or come from before the band, or are
    /// used after it) has a dependence reversed.
    pub fn interchange(&self, outer: u32, inner: u32, statements: &[String]) -> Result<PairInterchange, IslFailure> {
        self.cx.reset_budget();
        let (la, lb) = ((outer as usize - 1) / 2, (inner as usize - 1) / 2);
        if la >= lb {
            return Err(IslFailure::Error("the outer loop must come first".into()));
        }
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        if stmts.iter().any(|&s| self.m.stmts[s].depth() <= lb) {
            return Err(IslFailure::Error("a statement of the band is not inside both loops".into()));
        }
        let in_band = |s: usize| stmts.contains(&s);
        let mut reversed_flow = BTreeSet::new();
        let mut reversed_live = BTreeSet::new();
        let mut ignored = BTreeSet::new();
        for (array, accs) in &self.by_array {
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| in_band(a.0)).collect();
            let writes: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_write(a)).collect();
            if writes.is_empty() {
                continue;
            }
            let reads: Vec<Acc> = mine.iter().copied().filter(|&a| !self.is_write(a)).collect();
            // Does a value cross the band's iterations, come from before
            // it, or leave it?
            let crossing;
            let mut incoming = false;
            match self.facts.get(array) {
                Some(Fact::Value) => crossing = false,
                Some(Fact::Phi { header_level, block, .. }) => {
                    crossing = header_level.is_some_and(|l| l >= la && l <= lb) && in_band(*block);
                }
                None => {
                    let mut c = false;
                    for &r in &reads {
                        for &w in &writes {
                            for l in la..=lb {
                                if self.exposed_dep(r, l, w, Order::Carried(l), true)? {
                                    c = true;
                                }
                            }
                        }
                        incoming |= self.exposed_nonempty(r, la)?;
                    }
                    crossing = c;
                }
            }
            let leaving = self.is_live_out(array) || accs.iter().any(|&a| !in_band(a.0) && !self.is_write(a));
            if !crossing && !incoming && !leaving {
                ignored.insert(array.clone());
                continue;
            }
            // Every dependence on the array between band iterations.
            for &x in &mine {
                for &y in &mine {
                    if !self.is_write(x) && !self.is_write(y) {
                        continue;
                    }
                    if self.reversed(x, y, la, lb)? {
                        if self.is_write(x) && !self.is_write(y) && crossing {
                            reversed_flow.insert(array.clone());
                        } else {
                            reversed_live.insert(array.clone());
                        }
                    }
                }
            }
        }
        let legal = reversed_flow.is_empty() && reversed_live.is_empty();
        let join = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(", ");
        let reason = if !legal {
            let mut parts = Vec::new();
            if !reversed_flow.is_empty() {
                parts.push(format!("it reverses the flow of {}", join(&reversed_flow)));
            }
            if !reversed_live.is_empty() {
                parts.push(format!("it reverses dependences on {}, whose values cross the loops' iterations", join(&reversed_live)));
            }
            format!("interchange is illegal: {}", parts.join("; "))
        } else if ignored.is_empty() {
            "interchange is legal: it keeps every dependence".to_string()
        } else {
            format!(
                "interchange is legal: every flow is kept and no live range overlaps; it may reorder only values private to one iteration ({})",
                join(&ignored)
            )
        };
        let list = |s: BTreeSet<String>| s.into_iter().collect::<Vec<_>>();
        Ok(PairInterchange { legal, reason, reversed_flow: list(reversed_flow), reversed_live: list(reversed_live), private: list(ignored) })
    }

    /// Running the band's loops at time dimensions `outer` < `inner` by
    /// wavefronts: the loops interchanged (in iteration numbers), and each
    /// iteration of the new outer loop running its iterations of the old
    /// outer loop in parallel. Legal when the interchange is and no two
    /// iterations of the outer loop with the same iteration of the inner
    /// loop touch one cell, one of them writing (SSA values private to one
    /// iteration of the band apart). Returns the interchange's answer and
    /// the arrays whose cells iterations on one wavefront share (not
    /// looked for when the interchange is illegal).
    pub fn wavefront(&self, outer: u32, inner: u32, statements: &[String]) -> Result<(PairInterchange, Vec<String>), IslFailure> {
        let swap = self.interchange(outer, inner, statements)?;
        if !swap.legal {
            return Ok((swap, Vec::new()));
        }
        self.cx.reset_budget();
        let (la, lb) = ((outer as usize - 1) / 2, (inner as usize - 1) / 2);
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        let mut shared = BTreeSet::new();
        for (array, accs) in &self.by_array {
            if swap.private.contains(array) && self.facts.contains_key(array) {
                continue;
            }
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| stmts.contains(&a.0)).collect();
            'pairs: for &x in &mine {
                for &y in &mine {
                    if !self.is_write(x) && !self.is_write(y) {
                        continue;
                    }
                    let (s, t) = (x.0, y.0);
                    let ds = self.m.stmts[s].depth();
                    let n = self.np + ds + self.m.stmts[t].depth();
                    let mut conj = self.same_prefix(0, ds, la, n);
                    conj.push(self.eq_at(0, ds, lb, n));
                    conj.push(self.lt(0, ds, la, n));
                    conj.extend(self.same_cell(x, 0, y, ds, n));
                    if self.nonempty(n - self.np, &[self.dom(s, 0, n), self.dom(t, ds, n), vec![conj]])? {
                        shared.insert(array.clone());
                        break 'pairs;
                    }
                }
            }
        }
        Ok((swap, shared.into_iter().collect()))
    }
}
