//! The dependences between the accesses, with their levels, and the flows that survive the writes between.

use super::*;

impl<'c> PairEngine<'c> {
    // ------------------------------------------------------------ counts

    /// The region's dependences between accesses, and their counts (see
    /// `DependenceCounts`; `memory_ignored` here: memory-based pairs on
    /// zero-dimensional SSA arrays, whose live ranges never cross an
    /// iteration, and on arrays that some loop privatizes).
    /// `detail`: find every level of each dependence (for the dump), not
    /// only whether there is one.
    /// `exact`: decide, for arrays written by several accesses, whether a
    /// value really flows (a subtraction per pair); otherwise such a pair
    /// counts as a flow whenever a write precedes a read of the cell.
    pub fn dependences(&self, privatized: &BTreeSet<String>, detail: bool, exact: bool) -> Result<(Vec<PairDep>, DependenceCounts), IslFailure> {
        self.cx.reset_budget();
        let mut deps = Vec::new();
        for (array, accs) in &self.by_array {
            let writes: Vec<Acc> = accs.iter().copied().filter(|&a| self.is_write(a)).collect();
            if writes.is_empty() {
                continue;
            }
            let reads: Vec<Acc> = accs.iter().copied().filter(|&a| !self.is_write(a)).collect();
            if let Some(f) = self.facts.get(array) {
                self.fact_deps(array, f, &reads, &writes, &mut deps);
                continue;
            }
            let single = writes.len() == 1;
            for &w in &writes {
                for &r in &reads {
                    let (carried, independent) = self.levels(w, r, detail)?;
                    if carried.is_empty() && !independent {
                        continue;
                    }
                    // With several writing accesses a pair counts when
                    // some write precedes some read of one cell, even if
                    // another write always comes in between (exact
                    // survival would cost a subtraction per pair).
                    let flows = single || !exact || self.flow_survives(w, r)?;
                    if flows {
                        deps.push(PairDep { kind: "flow", array: array.clone(), source: w, sink: r, carried: carried.clone(), independent });
                    }
                }
            }
            for &r in &reads {
                for &w in &writes {
                    let (carried, independent) = self.levels(r, w, detail)?;
                    if !carried.is_empty() || independent {
                        deps.push(PairDep { kind: "anti", array: array.clone(), source: r, sink: w, carried, independent });
                    }
                }
            }
            for &w1 in &writes {
                for &w2 in &writes {
                    let (carried, independent) = self.levels(w1, w2, detail)?;
                    if !carried.is_empty() || independent {
                        deps.push(PairDep { kind: "output", array: array.clone(), source: w1, sink: w2, carried, independent });
                    }
                }
            }
        }
        let flow = deps.iter().filter(|d| d.kind == "flow").count();
        let memory = deps.len() - flow;
        let memory_ignored = deps
            .iter()
            .filter(|d| d.kind != "flow" && (self.facts.contains_key(&d.array) || privatized.contains(&d.array)))
            .count();
        Ok((deps, DependenceCounts { flow, memory, memory_ignored }))
    }

    /// The levels carrying a dependence from `p` to `q`, and whether it is
    /// also loop-independent.
    fn levels(&self, p: Acc, q: Acc, detail: bool) -> Result<(Vec<usize>, bool), IslFailure> {
        let c = self.common(p.0, q.0);
        let mut carried = Vec::new();
        // Innermost first: the cheapest to refute and the likeliest to hold.
        if self.dep(p, q, Order::Independent)? {
            if !detail {
                return Ok((carried, true));
            }
            for l in 0..c {
                if self.dep(p, q, Order::Carried(l))? {
                    carried.push(l);
                }
            }
            return Ok((carried, true));
        }
        for l in (0..c).rev() {
            if self.dep(p, q, Order::Carried(l))? {
                carried.push(l);
                if !detail {
                    break;
                }
            }
        }
        carried.sort();
        Ok((carried, false))
    }

    /// With several writes of the array: whether some read of `r` takes its
    /// value from `w` (no must-write of the cell in between). Exact; when
    /// the question has too many pieces, true (counted as a flow).
    fn flow_survives(&self, w: Acc, r: Acc) -> Result<bool, IslFailure> {
        let cx = self.cx;
        let array = &self.acc(w).array;
        let (dw, dr) = (self.m.stmts[w.0].depth(), self.m.stmts[r.0].depth());
        let n = self.np + dw + dr;
        let pieces = self.before_pieces(w.0, r.0, 0);
        let mut dep_conj: Dnf = Vec::new();
        for o in &pieces {
            if self.dep(w, r, *o)? {
                let mut c = self.order(w.0, 0, r.0, dw, *o, n).unwrap_or_default();
                c.extend(self.same_cell(w, 0, r, dw, n));
                dep_conj.push(c);
            }
        }
        if dep_conj.is_empty() {
            return Ok(false);
        }
        let mut pieces = Vec::new();
        for &z in &self.by_array[array] {
            if !self.is_must(z) {
                continue;
            }
            for o1 in self.before_pieces(w.0, z.0, 0) {
                if !self.dep(w, z, o1)? {
                    continue;
                }
                for o2 in self.before_pieces(z.0, r.0, 0) {
                    if self.dep(z, r, o2)? {
                        pieces.push((z, o1, o2));
                    }
                }
            }
        }
        if pieces.is_empty() {
            return Ok(true);
        }
        if pieces.len() > 64 {
            return Ok(true);
        }
        let dset = self.set_of(dw + dr, &[self.dom(w.0, 0, n), self.dom(r.0, dw, n), dep_conj])?;
        let mut killed = cx.ok(Set::empty(cx.ok(Space::set_alloc(cx.ctx(), self.np as u32, (dw + dr) as u32))?))?;
        for (z, o1, o2) in pieces {
            let dz = self.m.stmts[z.0].depth();
            let n3 = self.np + dw + dr + dz;
            {
                {
                    let mut c = self.order(w.0, 0, z.0, dw + dr, o1, n3).unwrap_or_default();
                    c.extend(self.order(z.0, dw + dr, r.0, dw, o2, n3).unwrap_or_default());
                    c.extend(self.same_cell(w, 0, z, dw + dr, n3));
                    c.extend(self.same_cell(w, 0, r, dw, n3));
                    let k = self.set_of(dw + dr + dz, &[self.dom(w.0, 0, n3), self.dom(r.0, dw, n3), self.dom(z.0, dw + dr, n3), vec![c]])?;
                    killed = cx.ok(killed.union(cx.ok(k.project_out(DimType::Set, (dw + dr) as u32, dz as u32))?))?;
                }
            }
        }
        Ok(!cx.ok(cx.ok(dset.subtract(killed))?.is_empty())?)
    }

    /// An SSA scalar's dependences, from its fact (every loop taken to run
    /// at least twice).
    fn fact_deps(&self, array: &str, f: &Fact, reads: &[Acc], writes: &[Acc], deps: &mut Vec<PairDep>) {
        let mut push = |kind: &'static str, x: Acc, y: Acc, carried: Vec<usize>, independent: bool| {
            if !carried.is_empty() || independent {
                deps.push(PairDep { kind, array: array.to_string(), source: x, sink: y, carried, independent });
            }
        };
        // x before y in some iteration pair: carried at each common level,
        // independent when x is textually first.
        let order = |x: usize, y: usize| -> (Vec<usize>, bool) {
            let c = self.common(x, y);
            let (a, b) = (&self.m.stmts[x], &self.m.stmts[y]);
            ((0..c).collect(), a.consts[c] < b.consts[c])
        };
        match *f {
            Fact::Value => {
                for &w in writes {
                    for &r in reads {
                        push("flow", w, r, Vec::new(), true);
                        let (c, i) = order(r.0, w.0);
                        push("anti", r, w, c, i);
                    }
                    let (c, _) = order(w.0, w.0);
                    push("output", w, w, c, false);
                }
            }
            Fact::Phi { header_level, latch, .. } => {
                for &w in writes {
                    for &r in reads {
                        let carried = match (header_level, latch) {
                            (Some(l), Some(lt)) if lt == w.0 => vec![l],
                            _ => Vec::new(),
                        };
                        let independent = carried.is_empty();
                        push("flow", w, r, carried, independent);
                        let (c, i) = order(r.0, w.0);
                        push("anti", r, w, c, i);
                    }
                    for &w2 in writes {
                        let (c, i) = order(w.0, w2.0);
                        push("output", w, w2, c, i);
                    }
                }
            }
        }
    }
}
