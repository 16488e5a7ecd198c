//! The parallel question: a loop's verdict, with its blockers, privatizable arrays and reductions.

use super::*;

impl<'c> PairEngine<'c> {
    // ------------------------------------------------------------ verdicts

    /// Judges `lp`; `hints` are the reductions the caller recognised.
    pub fn verdict(&self, lp: &PairLoop, hints: &[ReductionHint], opts: &VerdictOptions) -> Result<LoopVerdict, IslFailure> {
        self.cx.reset_budget();
        if lp.dim.is_multiple_of(2) {
            return Err(IslFailure::Error(format!("time dimension {} is not a loop", lp.dim)));
        }
        let lv = (lp.dim as usize - 1) / 2;
        let stmts: Vec<usize> = lp
            .statements
            .iter()
            .map(|n| self.stmt_index(n).ok_or_else(|| IslFailure::Error(format!("no statement {n} in the region"))))
            .collect::<Result<_, _>>()?;
        let Some(&s0) = stmts.first() else {
            return Err(IslFailure::Error("a loop without statements".into()));
        };
        if stmts.iter().any(|&s| self.m.stmts[s].depth() <= lv || self.common(s, s0) <= lv) {
            return Err(IslFailure::Error(format!("the statements are not in one loop at time dimension {}", lp.dim)));
        }
        let in_loop = |s: usize| stmts.contains(&s);
        let mut v = LoopVerdict::new(lp.dim);

        // Per array: carried flows, conflicts.
        let mut analyses: BTreeMap<String, ArrayState> = BTreeMap::new();
        for (array, accs) in &self.by_array {
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| in_loop(a.0)).collect();
            if !mine.iter().any(|&a| self.is_write(a)) {
                continue;
            }
            let st = match self.facts.get(array) {
                Some(f) => self.fact_state(f, lv, &in_loop, &mine),
                None => self.array_state(lv, &mine)?,
            };
            analyses.insert(array.clone(), st);
        }

        // Reductions: a hint applies when a value of its cycle crosses
        // iterations here.
        let mut absorbed: BTreeSet<String> = BTreeSet::new();
        let mut blockers = Vec::new();
        for h in hints {
            let cycle: Vec<&String> = std::iter::once(&h.array).chain(h.arrays.iter()).collect();
            let applies = if h.in_place {
                analyses.get(&h.array).is_some_and(|s| !s.carried.is_empty())
            } else {
                cycle.iter().any(|a| analyses.get(*a).is_some_and(|s| !s.carried.is_empty()))
            };
            if !applies {
                continue;
            }
            match self.reduction(lv, &in_loop, h, opts)? {
                Ok(()) => {
                    if !v.reductions.iter().any(|(a, _)| a == &h.array) {
                        v.reductions.push((h.array.clone(), h.op));
                    }
                    absorbed.extend(cycle.iter().map(|a| a.to_string()));
                }
                Err((kind, pairs, why)) => {
                    let pairs = if pairs.is_empty() {
                        cycle.iter().filter_map(|a| analyses.get(*a)).flat_map(|s| s.carried.clone()).collect()
                    } else {
                        pairs
                    };
                    self.block(&mut blockers, &h.array, kind, &pairs, &why);
                    absorbed.extend(cycle.iter().map(|a| a.to_string()));
                }
            }
        }

        for (array, st) in &analyses {
            if absorbed.contains(array) {
                continue;
            }
            if !st.carried.is_empty() {
                self.block(&mut blockers, array, BlockerKind::FlowCarried, &st.carried, &format!("the value of {array} flows from one iteration to another"));
                continue;
            }
            if !st.conflict {
                continue;
            }
            if !opts.allow_privatization {
                let pairs = if st.conflict_pairs.is_empty() { st.some_write.iter().map(|&w| (w, w)).collect() } else { st.conflict_pairs.clone() };
                self.block(&mut blockers, array, BlockerKind::LiveRangeConflict, &pairs, &format!("iterations overwrite {array} while another iteration's value of it is live"));
                continue;
            }
            match self.privatize(lv, &in_loop, &stmts, lp, array, st)? {
                Ok((first, last)) => {
                    v.private.push(array.clone());
                    if first {
                        v.firstprivate.push(array.clone());
                    }
                    if last {
                        v.lastprivate.push(array.clone());
                    }
                }
                Err((pairs, why)) => self.block(&mut blockers, array, BlockerKind::NotPrivatizable, &pairs, &why),
            }
        }
        v.finish(blockers);
        Ok(v)
    }

    fn block(&self, out: &mut Vec<Blocker>, array: &str, kind: BlockerKind, pairs: &[(Acc, Acc)], detail: &str) {
        for &(x, y) in pairs {
            let (s, t) = (&self.m.stmts[x.0], &self.m.stmts[y.0]);
            let b = Blocker {
                array: array.to_string(),
                kind,
                source: s.name.clone(),
                source_line: s.line,
                sink: t.name.clone(),
                sink_line: t.line,
                detail: detail.to_string(),
            };
            if !out.contains(&b) {
                out.push(b);
            }
        }
    }

    /// An SSA scalar in the loop at `level`: no isl.
    fn fact_state(&self, f: &Fact, lv: usize, in_loop: &dyn Fn(usize) -> bool, mine: &[Acc]) -> ArrayState {
        let writes: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_write(a)).collect();
        let mut st = ArrayState { some_write: writes.clone(), conflict: true, ..Default::default() };
        match *f {
            Fact::Value => {}
            Fact::Phi { block, header_level, latch, ref recompute } => {
                let recomputable = recompute.as_ref().is_some_and(|arrays| {
                    arrays.iter().all(|a| self.by_array.get(a).is_none_or(|v| !v.iter().any(|&x| in_loop(x.0) && self.is_write(x))))
                });
                if header_level == Some(lv) && in_loop(block) && !recomputable {
                    // The latch's value reaches the header's next iteration.
                    if let Some(l) = latch {
                        let read = mine.iter().copied().find(|a| a.0 == block && !self.is_write(*a));
                        let lw = writes.iter().copied().find(|a| a.0 == l);
                        if let (Some(r), Some(w)) = (read, lw) {
                            st.carried.push((w, r));
                        }
                    }
                }
            }
        }
        st
    }

    /// A memory array (or a scalar without a fact) in the loop at `lv`.
    fn array_state(&self, lv: usize, mine: &[Acc]) -> Result<ArrayState, IslFailure> {
        let writes: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_write(a)).collect();
        let reads: Vec<Acc> = mine.iter().copied().filter(|&a| !self.is_write(a)).collect();
        let mut st = ArrayState { some_write: writes.clone(), ..Default::default() };
        let o = Order::Carried(lv);
        for &r in &reads {
            for &w in &writes {
                if self.exposed_dep(r, lv, w, o, true)? {
                    st.carried.push((w, r));
                }
            }
        }
        if !st.carried.is_empty() {
            return Ok(st);
        }
        // Conflicts: two iterations write one cell, or an exposed read's
        // cell is written by a later iteration.
        for (k, &w1) in writes.iter().enumerate() {
            for &w2 in &writes[k..] {
                if self.dep(w1, w2, o)? || (w1 != w2 && self.dep(w2, w1, o)?) {
                    st.conflict = true;
                    st.conflict_pairs.push((w1, w2));
                }
            }
        }
        for &r in &reads {
            for &w in &writes {
                if self.exposed_dep(r, lv, w, o, false)? {
                    st.conflict = true;
                    st.conflict_in.push((r, w));
                    st.conflict_pairs.push((r, w));
                }
            }
        }
        Ok(st)
    }

    /// Whether private copies of `array` keep the semantics: (firstprivate,
    /// lastprivate), or the pairs to blame and why not.
    fn privatize(
        &self,
        lv: usize,
        in_loop: &dyn Fn(usize) -> bool,
        stmts: &[usize],
        lp: &PairLoop,
        array: &str,
        st: &ArrayState,
    ) -> Result<Result<(bool, bool), PrivateRefusal>, IslFailure> {
        let accs = &self.by_array[array];
        let mine: Vec<Acc> = accs.iter().copied().filter(|a| in_loop(a.0)).collect();
        if let Some(f) = self.facts.get(array) {
            // SSA: every read in the loop follows its write in the same
            // iteration, and the last iteration writes what is used after
            // (a definition that dominates a use after the loop runs in the
            // iteration that leaves it; a PHI's predecessor inside the loop
            // is its exit).
            let used_after = match *f {
                Fact::Value => self.is_live_out(array) || accs.iter().any(|&a| !self.is_write(a) && !in_loop(a.0)),
                Fact::Phi { block, .. } => !in_loop(block),
            };
            return Ok(Ok((false, used_after)));
        }
        let reads: Vec<Acc> = mine.iter().copied().filter(|&a| !self.is_write(a)).collect();
        let writes: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_write(a)).collect();

        // Incoming values: exposed reads.
        let mut first = false;
        for &r in &reads {
            first |= self.exposed_nonempty(r, lv)?;
        }
        if first && !st.conflict_in.is_empty() && !self.same_incoming_cells(lv, &reads)? {
            return Ok(Err((
                st.conflict_in.clone(),
                format!("iterations read different incoming cells of {array} that other iterations overwrite: a snapshot copy of them before the loop would be needed"),
            )));
        }

        // Outgoing values.
        let used_after = self.is_live_out(array)
            || accs.iter().any(|&a| !self.is_write(a) && !in_loop(a.0))
            || (first && lv > 0);
        let mut last = false;
        if used_after && lp.iterations == Iterations::Unknown {
            // Some write's value survives the execution (the last write of
            // each cell does), and the last iteration is not known.
            let w = writes[0];
            return Ok(Err((
                vec![(w, w)],
                format!("the value of {array} live after the loop must come from its last iteration, which the model does not know"),
            )));
        }
        if used_after {
            for &w in &writes {
                let fin = self.final_writes(w, lv, in_loop)?;
                let dw = self.m.stmts[w.0].depth();
                let fin = match fin {
                    Some(s) => s,
                    None => self.set_of(dw, &[self.dom(w.0, 0, self.np + dw)])?,
                };
                if self.cx.ok(fin.is_empty())? {
                    continue;
                }
                last = true;
                // A later iteration of the same execution exists?
                if let Iterations::Latch(n) = &lp.iterations {
                    let t = self.stmt_index(n).ok_or_else(|| IslFailure::Error(format!("no statement {n}")))?;
                    let dt = self.m.stmts[t].depth();
                    let n = self.np + dw + dt;
                    let conj = self.same_prefix(0, dw, lv + 1, n);
                    let rest = self.set_of(dw + dt, &[self.dom(t, dw, n), vec![conj]])?;
                    let f = self.cx.ok(self.cx.ok(fin.copy())?.add_dims(DimType::Set, dt as u32))?;
                    if !self.cx.ok(self.cx.ok(f.intersect(rest))?.is_empty())? {
                        return Ok(Err((
                            vec![(w, w)],
                            format!("the value of {array} live after the loop is not always the last iteration's, so no private copy can hand it back"),
                        )));
                    }
                    continue;
                }
                let later_from: Vec<usize> = match &lp.iterations {
                    Iterations::Model => stmts.to_vec(),
                    Iterations::Statement(n) => vec![self.stmt_index(n).ok_or_else(|| IslFailure::Error(format!("no statement {n}")))?],
                    Iterations::Latch(_) => unreachable!("handled above"),
                    Iterations::Unknown => {
                        return Ok(Err((
                            vec![(w, w)],
                            format!("the value of {array} live after the loop must come from its last iteration, which the model does not know"),
                        )))
                    }
                };
                for t in later_from {
                    let dt = self.m.stmts[t].depth();
                    let n = self.np + dw + dt;
                    let mut conj = self.same_prefix(0, dw, lv, n);
                    conj.push(self.lt(0, dw, lv, n));
                    let rest = self.set_of(dw + dt, &[self.dom(t, dw, n), vec![conj]])?;
                    let f = self.cx.ok(self.cx.ok(fin.copy())?.add_dims(DimType::Set, dt as u32))?;
                    if !self.cx.ok(self.cx.ok(f.intersect(rest))?.is_empty())? {
                        return Ok(Err((
                            vec![(w, w)],
                            format!("the value of {array} live after the loop is not always the last iteration's, so no private copy can hand it back"),
                        )));
                    }
                }
            }
        }
        Ok(Ok((first, last)))
    }

    /// Whether every iteration that reads incoming cells reads the same
    /// ones (then one copy of them initialises every private copy).
    fn same_incoming_cells(&self, lv: usize, reads: &[Acc]) -> Result<bool, IslFailure> {
        let cx = self.cx;
        // { [key] -> [cell] } over keys of lv + 1 iterators.
        let mut by_iter: Option<Set> = None;
        let mut cells = None;
        for &r in reads {
            let dr = self.m.stmts[r.0].depth();
            let nsub = self.acc(r).subs.len();
            cells = Some(nsub);
            // Frame: key (lv+1), cell (nsub), instance (dr).
            let n = self.np + lv + 1 + nsub + dr;
            let off = lv + 1 + nsub;
            let mut conj: Conj = Vec::new();
            for k in 0..=lv {
                let mut e = Lin::zero(n);
                e.coef[self.np + k] = 1;
                e.coef[self.np + off + k] = -1;
                conj.push(Atom { e, eq: true });
            }
            for (k, f) in self.acc(r).subs.iter().enumerate() {
                let mut e = self.place(f, r.0, off, n);
                e.coef[self.np + lv + 1 + k] -= 1;
                conj.push(Atom { e, eq: true });
            }
            let s = self.set_of(lv + 1 + nsub + dr, &[self.dom(r.0, off, n), vec![conj]])?;
            let e = match self.exposed(r, lv)? {
                Exposure::All => None,
                Exposure::Set(e) => Some(e),
                Exposure::Dnf(d) => Some(self.set_of(dr, &[self.dom(r.0, 0, self.np + dr), d])?),
            };
            let s = match e {
                None => s,
                Some(e) => {
                    let e = cx.ok(e.insert_dims(DimType::Set, 0, (lv + 1 + nsub) as u32))?;
                    cx.ok(s.intersect(e))?
                }
            };
            let s = cx.ok(s.project_out(DimType::Set, off as u32, dr as u32))?;
            by_iter = Some(match by_iter {
                None => s,
                Some(b) => cx.ok(b.union(s))?,
            });
        }
        let (Some(b), Some(nsub)) = (by_iter, cells) else { return Ok(true) };
        // The union's pieces overlap (a read's exposure by pieces): merged,
        // the subtraction below is several times cheaper.
        let b = cx.ok(b.coalesce())?;
        // Iterations X, X' of one execution; a cell read at X' but not at X.
        let keys = cx.ok(cx.ok(b.copy())?.project_out(DimType::Set, (lv + 1) as u32, nsub as u32))?;
        // { [X, X', c] : (X', c) in b, X in keys, same execution }
        let k1 = cx.ok(cx.ok(keys.copy())?.add_dims(DimType::Set, (lv + 1 + nsub) as u32))?;
        let b2 = cx.ok(cx.ok(b.copy())?.insert_dims(DimType::Set, 0, (lv + 1) as u32))?;
        let mut pair = cx.ok(k1.intersect(b2))?;
        for k in 0..lv {
            pair = cx.ok(pair.equate(DimType::Set, k as i32, DimType::Set, (lv + 1 + k) as i32))?;
        }
        // (X, c) in b, lifted over X'.
        let b1 = cx.ok(b.insert_dims(DimType::Set, (lv + 1) as u32, (lv + 1) as u32))?;
        let missing = cx.ok(pair.subtract(b1))?;
        cx.ok(missing.is_empty())
    }

    pub(super) fn is_live_out(&self, array: &str) -> bool {
        self.live_out.as_ref().is_none_or(|l| l.iter().any(|a| a == array))
    }

    /// Whether `h`'s cycle can be run as a reduction in the loop at `lv`.
    fn reduction(
        &self,
        lv: usize,
        in_loop: &dyn Fn(usize) -> bool,
        h: &ReductionHint,
        opts: &VerdictOptions,
    ) -> Result<Result<(), (BlockerKind, Pairs, String)>, IslFailure> {
        let hinted: Vec<usize> = h.statements.iter().filter_map(|n| self.stmt_index(n)).filter(|&s| in_loop(s)).collect();
        let refuse = |why: String| Ok(Err((BlockerKind::FlowCarried, Vec::new(), why)));
        let array = &h.array;
        if hinted.is_empty() {
            return refuse(format!("the value of {array} flows from one iteration to another (no hinted update in this loop)"));
        }
        let o = Order::Carried(lv);
        if h.in_place {
            // One array updated in place: each hinted statement reads and
            // writes one cell of it, and every cross-iteration pair on it
            // is between hinted statements.
            let accs = self.by_array.get(array).cloned().unwrap_or_default();
            for &s in &hinted {
                let mine: Vec<Acc> = accs.iter().copied().filter(|a| a.0 == s).collect();
                let rd: Vec<Acc> = mine.iter().copied().filter(|&a| !self.is_write(a)).collect();
                let wr: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_must(a)).collect();
                let same = rd.len() == 1 && wr.len() == 1 && mine.len() == 2 && self.acc(rd[0]).subs == self.acc(wr[0]).subs;
                if !same {
                    return refuse(format!(
                        "the value of {array} flows from one iteration to another ({} does not update one cell of it as x = x op e)",
                        self.m.stmts[s].name
                    ));
                }
            }
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| in_loop(a.0)).collect();
            let mut foreign = Vec::new();
            for &x in &mine {
                for &y in mine.iter().filter(|&&y| self.is_write(y)) {
                    if hinted.contains(&x.0) && hinted.contains(&y.0) {
                        continue;
                    }
                    if self.dep(x, y, o)? || self.dep(y, x, o)? {
                        foreign.push((x, y));
                    }
                }
            }
            if !foreign.is_empty() {
                return Ok(Err((
                    BlockerKind::FlowCarried,
                    foreign,
                    format!("{array} is also accessed across iterations outside the {} reduction", h.op.clause()),
                )));
            }
            for a in &h.arrays {
                let bad: Pairs = self
                    .by_array
                    .get(a)
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|x| in_loop(x.0) && (!self.is_write(*x) || !hinted.contains(&x.0)))
                    .map(|x| (x, x))
                    .collect();
                if !bad.is_empty() {
                    return Ok(Err((
                        BlockerKind::FlowCarried,
                        bad,
                        format!("{a}, which receives the running {} reduction on {array}, is also used in the loop", h.op.clause()),
                    )));
                }
            }
        } else {
            // A cycle over several arrays (SSA values and PHIs, and cells
            // that receive the running value): every write (every access
            // of a zero-dimensional array) in the loop is the cycle's; no
            // read touches a receiving cell in the execution, which stays
            // one cell per execution.
            for a in std::iter::once(array).chain(h.arrays.iter()) {
                let Some(accs) = self.by_array.get(a) else { continue };
                let mine: Vec<Acc> = accs.iter().copied().filter(|x| in_loop(x.0)).collect();
                let cells = mine.iter().any(|&x| !self.acc(x).subs.is_empty());
                let foreign: Pairs = mine.iter().filter(|x| !hinted.contains(&x.0) && (!cells || self.is_write(**x))).map(|&x| (x, x)).collect();
                if !foreign.is_empty() {
                    return Ok(Err((
                        BlockerKind::FlowCarried,
                        foreign,
                        format!("{a} is also accessed in the loop outside the {} reduction on {array}", h.op.clause()),
                    )));
                }
                if mine.iter().any(|&x| !self.acc(x).subs.is_empty()) {
                    // Other cells may be read; the receiving ones not.
                    for &x in mine.iter().filter(|&&x| !self.is_write(x)) {
                        for &w in mine.iter().filter(|&&w| self.is_write(w)) {
                            if self.same_execution_cell(x, w, lv)? {
                                return Ok(Err((BlockerKind::FlowCarried, vec![(w, x)], format!("{a} is read in the loop where it receives the running {} reduction", h.op.clause()))));
                            }
                        }
                    }
                    for &w in mine.iter().filter(|&&w| self.is_write(w)) {
                        if self.varying_cell(w, lv)? {
                            return Ok(Err((BlockerKind::FlowCarried, vec![(w, w)], format!("{a} receives the running value of {array} in different cells: a scan, not a reduction"))));
                        }
                    }
                }
            }
        }
        if h.float && !opts.allow_reassociation {
            let t = self.by_array.get(array).and_then(|v| v.iter().copied().find(|a| hinted.contains(&a.0)));
            let pairs = t.map(|t| vec![(t, t)]).unwrap_or_default();
            return Ok(Err((
                BlockerKind::NonAssociative,
                pairs,
                format!("floating-point {} reduction on {array} needs -fassociative-math or -fplugin-arg-gccpoly-reassociate", h.op.clause()),
            )));
        }
        Ok(Ok(()))
    }

    /// Whether some instances of `p` and `q` in one execution of the loop at
    /// `lv` touch one cell.
    fn same_execution_cell(&self, p: Acc, q: Acc, lv: usize) -> Result<bool, IslFailure> {
        let (s, t) = (p.0, q.0);
        let (ds, dt) = (self.m.stmts[s].depth(), self.m.stmts[t].depth());
        let n = self.np + ds + dt;
        let mut conj = self.same_prefix(0, ds, lv, n);
        conj.extend(self.same_cell(p, 0, q, ds, n));
        self.nonempty(ds + dt, &[self.dom(s, 0, n), self.dom(t, ds, n), vec![conj]])
    }

    /// Whether write `w` touches different cells in two iterations of one
    /// execution of the loop at `lv`.
    fn varying_cell(&self, w: Acc, lv: usize) -> Result<bool, IslFailure> {
        let s = w.0;
        let d = self.m.stmts[s].depth();
        let n = self.np + 2 * d;
        let mut base = self.same_prefix(0, d, lv, n);
        base.push(self.lt(0, d, lv, n));
        let mut alts: Dnf = Vec::new();
        for f in &self.acc(w).subs {
            let e = self.place(f, s, 0, n).sub(&self.place(f, s, d, n)).ok_or_else(|| IslFailure::Error("overflow".into()))?;
            let neg = Lin { coef: e.coef.iter().map(|c| -c).collect(), k: -e.k };
            alts.push(vec![Atom { e: e.plus(-1).ok_or_else(|| IslFailure::Error("overflow".into()))?, eq: false }]);
            alts.push(vec![Atom { e: neg.plus(-1).ok_or_else(|| IslFailure::Error("overflow".into()))?, eq: false }]);
        }
        if alts.is_empty() {
            return Ok(false);
        }
        self.nonempty(2 * d, &[self.dom(s, 0, n), self.dom(s, d, n), vec![base], alts])
    }
}

/// What one loop does to one array.
#[derive(Default, Clone, Debug)]
struct ArrayState {
    /// (write, read) pairs with a value crossing iterations.
    carried: Pairs,
    /// Live ranges of different iterations overlap: privatize.
    conflict: bool,
    conflict_pairs: Pairs,
    /// (exposed read, later write) pairs.
    conflict_in: Pairs,
    some_write: Vec<Acc>,
}
