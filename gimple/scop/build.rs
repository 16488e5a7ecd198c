//! Building one region's model: the builder's loop chains and iterators, the obligations it discharges, the statements and the region itself.

use super::*;

impl<'d, 'f> RegionBuilder<'d, 'f> {
    pub(super) fn new(det: &'d mut ScopDetector<'f>, level: u32, run: &[Node]) -> Outcome<Self> {
        let mut blocks = BTreeSet::new();
        let mut loops = Vec::new();
        for n in run {
            match *n {
                Node::Block(b) => {
                    blocks.insert(b);
                }
                Node::Loop(l) => {
                    blocks.extend(det.loop_blocks.get(&l).into_iter().flatten().copied());
                    loops.extend(det.forest.subtree(l).map(|x| x.num));
                }
            }
        }
        for &b in &blocks {
            if ir::bb_irreducible(b) {
                return reject(Reason::IrreducibleCfg, format!("irreducible control flow at line {}", block_line(b)));
            }
        }
        for &l in &loops {
            let r = LoopRef::get(l).ok_or(Rejection { reason: Reason::UnstructuredLoop, detail: "loop vanished".into() })?;
            let line = det.loop_line(l);
            let Some(exit) = r.single_exit() else {
                return reject(Reason::UnstructuredLoop, format!("the loop at line {line} has several exits"));
            };
            if r.preheader().is_none() {
                return reject(Reason::UnstructuredLoop, format!("the loop at line {line} has no preheader"));
            }
            if r.latch() < 0 || !ir::dominated_by(r.latch(), exit.src) {
                return reject(
                    Reason::UnstructuredLoop,
                    format!("the exit of the loop at line {line} is not tested on every iteration"),
                );
            }
        }
        // Iterators take the source name of the loop's counter where the
        // header has one, made unique in the region.
        let mut iterators = HashMap::new();
        let mut used = HashSet::new();
        for &l in &loops {
            let name = source_counter(l).and_then(|t| t.ssa_var_name()).map(|n| isl_name(&n)).unwrap_or_else(|| format!("i{l}"));
            let name = if used.contains(&name) { format!("{name}{l}") } else { name };
            used.insert(name.clone());
            iterators.insert(l, name);
        }
        Ok(RegionBuilder {
            det,
            run: run.to_vec(),
            level,
            blocks,
            loops,
            iterators,
            cx: BoundedCtx::new(poly::bounded::DEFAULT_MAX_OPERATIONS),
            wrap_assumptions: Default::default(),
            may_blocks: BTreeSet::new(),
            uncounted: Vec::new(),
        })
    }

    /// The region loops enclosing block `b`, outermost first.
    pub(super) fn chain(&self, b: i32) -> Vec<u32> {
        let mut v = Vec::new();
        let mut l = self.det.block_loop.get(&b).copied().unwrap_or(0);
        while l != 0 && self.loops.contains(&l) {
            v.push(l);
            l = self.det.parent.get(&l).copied().unwrap_or(0);
        }
        v.reverse();
        v
    }

    pub(super) fn iters_of(&self, chain: &[u32]) -> Vec<String> {
        chain.iter().map(|l| self.iterators[l].clone()).collect()
    }

    /// A set `{ [iters] : cond }` over the region's parameters.
    pub(super) fn constraint(&self, tr: &Translator, iters: &[String], cond: &Cond) -> Outcome<Set> {
        let params: Vec<&str> = tr.params.keys().map(|s| s.as_str()).collect();
        let iters: Vec<&str> = iters.iter().map(|s| s.as_str()).collect();
        cond.to_set(&self.cx, &params, &iters).map_err(isl_reject)
    }

    /// Proves the pending obligations over `domain` (iterators `iters`).
    pub(super) fn discharge(&self, tr: &mut Translator, iters: &[String], domain: &Set, line: u32) -> Outcome<()> {
        let mut pending: Vec<Obligation> = std::mem::take(&mut tr.pending);
        pending.sort_by(|a, b| (&a.poly, a.lo, a.hi, &a.when).cmp(&(&b.poly, b.lo, b.hi, &b.when)));
        pending.dedup_by(|a, b| a.poly == b.poly && a.lo == b.lo && a.hi == b.hi && a.when == b.when);
        // Constants need no isl.
        pending.retain(|o| o.poly.as_constant().is_none_or(|c| !(o.lo <= c && c <= o.hi)));
        if pending.is_empty() {
            return Ok(());
        }
        // Products of parameters and iterators are beyond Presburger
        // arithmetic: those become assumptions for a run-time test.
        for o in pending.iter().filter(|o| !o.poly.is_affine()) {
            let text = format!("line {line}: {} (= {}) stays within [{}, {}]", o.what, o.poly.to_isl(), o.lo, o.hi);
            let bound = ProductBound {
                poly: o.poly.clone(),
                lo: o.lo,
                hi: o.hi,
                domain: self.ok(domain.to_str())?.to_string(),
                iters: iters.to_vec(),
            };
            self.assume_no_wrap(Assumption { kind: "no-wrap", text, params: None, product: Some(bound) });
        }
        pending.retain(|o| o.poly.is_affine());
        if pending.is_empty() {
            return Ok(());
        }
        let all = pending.iter().map(obligation).collect::<Option<Vec<Cond>>>().ok_or_else(overflow)?;
        let ranges = self.constraint(tr, iters, &param_ranges(tr).ok_or_else(overflow)?)?;
        // Usually each obligation holds on the domain alone: one emptiness
        // test each, cheaper than the subset test against their conjunction
        // (and the parameters' type ranges, with their large constants,
        // only where the domain does not suffice).
        let mut each_holds = true;
        for c in &all {
            let broken = self.ok(domain.copy())?.intersect(self.constraint(tr, iters, &c.clone().not())?);
            let broken = self.ok(broken)?;
            if self.ok(broken.is_empty())? {
                continue;
            }
            if !self.ok(self.ok(broken.intersect(self.ok(ranges.copy())?))?.is_empty())? {
                each_holds = false;
                break;
            }
        }
        if each_holds {
            return Ok(());
        }
        let within = self.ok(self.ok(domain.copy())?.intersect(ranges))?;
        let holds = self.constraint(tr, iters, &Cond::And(all))?;
        if self.ok(within.is_subset(&holds))? {
            return Ok(());
        }
        // Where it fails for some parameter values only (a loop that would
        // wrap its counter, which C forbids for signed ones), the model
        // holds under the others: an assumption for a run-time test.
        let bad = self.ok(self.ok(within.copy())?.subtract(self.ok(holds.copy())?))?;
        let params_ok = self.ok(self.ok(self.ok(bad.params())?.complement())?.intersect_params(
            self.ok(self.constraint(tr, &[], &param_ranges(tr).ok_or_else(overflow)?)?.params())?,
        ))?;
        if !self.ok(params_ok.is_empty())? {
            let params_ok = self.ok(params_ok.coalesce())?;
            let whats: Vec<&str> = pending.iter().map(|o| o.what.as_str()).collect();
            let set = self.ok(params_ok.to_str())?.to_string();
            let text = format!("line {line}: {} stays within its type where {set}", whats.join(", "));
            self.assume_no_wrap(Assumption { kind: "no-wrap", text, params: Some(set), product: None });
            return Ok(());
        }
        // Name the one that fails.
        for o in pending {
            let holds = self.constraint(tr, iters, &obligation(&o).ok_or_else(overflow)?)?;
            if !self.ok(within.is_subset(&holds))? {
                return reject(
                    Reason::PossibleWrap,
                    format!(
                        "line {line}: {} may wrap around its type (needs {} <= {} <= {} where {})",
                        o.what,
                        o.lo,
                        o.poly.to_isl(),
                        o.hi,
                        domain.to_str().unwrap_or("?")
                    ),
                );
            }
        }
        Ok(())
    }

    /// Records a no-wrap assumption, once.
    fn assume_no_wrap(&self, a: Assumption) {
        let mut v = self.wrap_assumptions.borrow_mut();
        if !v.iter().any(|x| x.text == a.text) {
            v.push(a);
        }
    }

    pub(super) fn ok<T>(&self, r: Result<T, isl_rs::LibISLError>) -> Outcome<T> {
        self.cx.ok(r).map_err(isl_reject)
    }

    /// Whether every variable of `p` is a parameter or an iterator of
    /// `iters` (a value is only meaningful inside its loops).
    pub(super) fn in_scope(tr: &Translator, iters: &[String], p: &Polynomial) -> bool {
        p.vars().iter().all(|v| iters.contains(v) || tr.params.contains_key(v))
    }

    /// The position of each block's enclosing nodes, for 2d+1 schedules.
    fn positions(&mut self, b: i32) -> Vec<usize> {
        let chain = self.chain(b);
        let mut out = Vec::new();
        let mut level = self.level;
        let mut nodes = self.run.clone();
        for l in chain.iter().copied().chain(std::iter::once(u32::MAX)) {
            let n = self.det.node_at(level, b);
            out.push(n.and_then(|n| nodes.iter().position(|x| *x == n)).unwrap_or(0));
            if l == u32::MAX {
                break;
            }
            level = l;
            nodes = self.det.order(l);
        }
        out
    }

    /// The region's model; with `force_entry_outside`, the entry block's
    /// statements stay outside even when the model could take them.
    pub(super) fn build(mut self, force_entry_outside: bool, products: &Products) -> Outcome<Region> {
        let entry_block = match self.run[0] {
            Node::Block(b) => Some(b),
            Node::Loop(_) => None,
        };
        // Statements' accesses.
        let (mut raw, mut has_errno, entry_outside) = Self::entry_accesses(entry_block, force_entry_outside);
        let iterators = self.iterators.clone();
        let blocks: BTreeSet<i32> = self.blocks.iter().copied().filter(|&b| Some(b) != entry_outside).collect();
        let in_region = move |b: i32| blocks.contains(&b);
        let headers: HashMap<i32, u32> =
            self.loops.iter().filter_map(|&l| LoopRef::get(l).map(|r| (r.header(), l))).collect();
        let header_evolution = move |t: Tree| -> Option<Tree> {
            let l = *headers.get(&t.def_bb()?)?;
            LoopRef::get(l)?.evolution(t)
        };
        let mut tr = Translator::new(&iterators, &in_region, &header_evolution);
        tr.entry_block = entry_block;
        tr.products = products.clone();

        let stmt_line = self.block_accesses(entry_block, &mut raw, &mut has_errno)?;
        // Domains.
        let mut doms = BTreeMap::new();
        let mut niter = HashMap::new();
        self.uncounted.clear();
        let entry = Cond::True.to_set(&self.cx, &[], &[]).map_err(isl_reject)?;
        let run = self.run.clone();
        self.body_domains(&mut tr, self.level, &run, entry, &[], &mut doms, &mut niter, false)?;

        let scalars = self.scalars(&tr, entry_block, entry_outside);
        pure_calls_apart(&self.blocks, entry_outside, &raw)?;
        let indirect = Self::indirect_reads(&tr, &mut raw);
        let (by_base, sizes, index_ranges) = self.accesses_by_base(&mut tr, &raw, &doms)?;
        let array_name = array_names(&tr, &by_base);
        let indirect_reads = indirect_reads_apart(&raw, &by_base, &indirect)?;

        // Delinearize each array; relations per access.
        let start = entry_block.or_else(|| match self.run[0] {
            Node::Loop(l) => LoopRef::get(l).map(|r| r.header()),
            Node::Block(b) => Some(b),
        });
        let facts = param_facts(&tr, start).ok_or_else(overflow)?;
        let no_facts = matches!(&facts, Cond::And(f) if f.is_empty());
        let mut views = ArrayViews { relations: vec![None; raw.len()], assumptions: Vec::new(), arrays: Vec::new(), bases: BTreeMap::new() };
        // Under -fno-aggressive-loop-optimizations an index may leave its
        // dimension, as GCC's own loop bounds then allow.
        let index_ranges = if ir::aggressive_loop_optimizations() { index_ranges } else { vec![Vec::new(); raw.len()] };
        let model = AccessModel { tr: &tr, iterators: &iterators, raw: &raw, doms: &doms, facts: &facts, no_facts, index_ranges: &index_ranges };
        for (key, (base, offs)) in &by_base {
            self.delinearize_array(&model, base, offs, sizes[key], &array_name[key], &mut views)?;
        }
        let ArrayViews { relations, mut assumptions, arrays, bases } = views;

        let alias_pairs = no_alias_pairs(&raw, &by_base, &array_name, &mut assumptions);

        assumptions.extend(self.wrap_assumptions.borrow().iter().cloned());

        // The source counters' values, for naming cells as the source does.
        let counters = self.source_counters(&tr);
        let mut accesses = BTreeMap::new();

        // Parameters' context: their types' ranges.
        let params: Vec<String> = tr.params.keys().cloned().collect();
        let plist = params.join(", ");
        let ranges = param_ranges(&tr).ok_or_else(overflow)?;
        let context = format!("[{plist}] -> {{ : {ranges} }}");
        // The delinearization added no parameter: its facts still hold all.
        let known = (!no_facts).then(|| format!("[{plist}] -> {{ : {} }}", ranges.clone().and(facts.clone())));
        let known_at = self.known_at(&tr, &plist, &ranges, &facts);

        let statements = self.statements(&raw, &doms, &relations, &scalars, &has_errno, &stmt_line, &plist, &mut accesses)?;
        let scop = Scop { context, statements };

        let first = self.loops.first().copied().unwrap_or(0);
        let fl = self.det.forest.get(first);
        Ok(Region {
            loops: self.loops.clone(),
            line: self.det.loop_line(first),
            location: fl.map(|l| l.location).unwrap_or(0),
            scop,
            params,
            assumptions,
            arrays,
            live_out: scalars.live_out.into_iter().collect(),
            entry_outside,
            param_values: tr.params.clone(),
            known,
            known_at,
            bases,
            alias_pairs,
            source: SourceView { counters, accesses },
            indirect_reads,
            uncounted: self.uncounted.clone(),
        })
    }

    /// The source counters' values, for naming cells as the source does.
    fn source_counters(&self, tr: &Translator) -> BTreeMap<String, (String, Polynomial)> {
        let mut counters = BTreeMap::new();
        for &l in &self.loops {
            let Some(t) = source_counter(l) else { continue };
            let (Some(src), Ok(v)) = (t.ssa_var_name(), tr.scratch().value(t, false)) else { continue };
            if v.base.is_none() && v.poly.is_affine() {
                counters.insert(self.iterators[&l].clone(), (isl_name(&src), v.poly));
            }
        }
        counters
    }

    /// At each loop, what the branches before it say too (a test
    /// versioning the loop runs there).
    fn known_at(&self, tr: &Translator, plist: &str, ranges: &Cond, facts: &Cond) -> BTreeMap<u32, String> {
        let mut known_at = BTreeMap::new();
        for &l in &self.loops {
            let Some(header) = LoopRef::get(l).map(|r| r.header()) else { continue };
            let more: Vec<Cond> = conditions_before(tr, header).into_iter().filter(|c| !matches!(&facts, Cond::And(f) if f.contains(c))).collect();
            if !more.is_empty() {
                known_at.insert(l, format!("[{plist}] -> {{ : {} }}", ranges.clone().and(facts.clone()).and(Cond::And(more))));
            }
        }
        known_at
    }

    /// Statements: blocks with accesses, each with its domain, 2d+1
    /// schedule and accesses; each one's iterators and subscripts into
    /// `accesses`.
    #[allow(clippy::too_many_arguments)]
    fn statements(
        &mut self,
        raw: &[RawAccess],
        doms: &BTreeMap<i32, Set>,
        relations: &[Option<(String, Vec<Polynomial>)>],
        scalars: &Scalars,
        has_errno: &BTreeSet<i32>,
        stmt_line: &BTreeMap<i32, u32>,
        plist: &str,
        accesses: &mut BTreeMap<String, (Vec<String>, Vec<Vec<Polynomial>>)>,
    ) -> Outcome<Vec<Statement>> {
        let (scalar_reads, scalar_writes) = (&scalars.reads, &scalars.writes);
        let depth = self.loops.iter().map(|&l| self.chain_len(l)).max().unwrap_or(0);
        let mut statements = Vec::new();
        for (&b, dom) in doms {
            let mine: Vec<usize> = (0..raw.len()).filter(|&k| raw[k].block == b).collect();
            let reads = scalar_reads.get(&b).cloned().unwrap_or_default();
            let writes = scalar_writes.get(&b).cloned().unwrap_or_default();
            if mine.is_empty() && reads.is_empty() && writes.is_empty() && !has_errno.contains(&b) {
                continue;
            }
            let sname = format!("S_{b}");
            let chain = self.chain(b);
            let iters = self.iters_of(&chain);
            let mut d = self.ok(dom.copy())?;
            for (k, it) in iters.iter().enumerate() {
                d = self.ok(d.set_dim_name(DimType::Set, k as u32, it))?;
            }
            d = self.ok(d.set_tuple_name(&sname))?;
            let d = self.ok(d.coalesce())?;
            let domain = self.ok(d.to_str())?.to_string();
            let pos = self.positions(b);
            let mut sched = Vec::new();
            for (k, p) in pos.iter().enumerate() {
                sched.push(p.to_string());
                if k < iters.len() {
                    sched.push(iters[k].clone());
                }
            }
            while sched.len() < 2 * depth + 1 {
                sched.push("0".into());
            }
            let head = format!("[{plist}] -> {{ {sname}[{}] -> ", iters.join(", "));
            let schedule = format!("{head}[{}] }}", sched.join(", "));
            let line = match stmt_line.get(&b).copied().unwrap_or(0) {
                // A block of copies only: the line of its loop.
                0 => chain.last().map(|&l| self.det.loop_line(l)).unwrap_or(0),
                l => l,
            };
            let mut st = Statement::new(&sname, line, &domain, &schedule);
            let subs_of = |k: &usize| relations[*k].as_ref().map(|(_, subs)| subs.clone()).unwrap_or_default();
            accesses.insert(sname.clone(), (iters.clone(), mine.iter().map(subs_of).collect()));
            for &k in &mine {
                let (arr, subs) = relations[k].clone().unwrap_or_else(|| unreachable!("every access has a relation"));
                let subs: Vec<String> = subs.iter().map(|p| p.to_isl()).collect();
                let kind = match raw[k].kind {
                    AccessKind::MustWrite if self.may_blocks.contains(&b) => AccessKind::MayWrite,
                    kind => kind,
                };
                st = st.access(kind, &arr, &format!("{head}{arr}[{}] }}", subs.join(", ")));
            }
            for r in &reads {
                st = st.reads(r, &format!("{head}{r}[] }}"));
            }
            for w in &writes {
                let kind = if self.may_blocks.contains(&b) { AccessKind::MayWrite } else { AccessKind::MustWrite };
                st = st.access(kind, w, &format!("{head}{w}[] }}"));
            }
            if has_errno.contains(&b) {
                st = st.may_write("errno", &format!("{head}errno[] }}"));
            }
            statements.push(st);
        }
        Ok(statements)
    }

    fn chain_len(&self, l: u32) -> usize {
        let mut n = 0;
        let mut x = l;
        while x != 0 && self.loops.contains(&x) {
            n += 1;
            x = self.det.parent.get(&x).copied().unwrap_or(0);
        }
        n
    }

    /// The iterators `v`'s value depends on, when it is rebuilt from the
    /// iterators and parameters (so it needs no array of its own wherever
    /// those iterators are in scope); None when it is not.
    pub(super) fn rebuilt_from(&self, tr: &Translator, v: Tree) -> Option<Vec<String>> {
        if !v.ty().is_some_and(|t| t.is_integral() || t.is_pointer()) {
            return None;
        }
        let val = tr.scratch().value(v, true).ok()?;
        Some(val.poly.vars().into_iter().filter(|x| self.iterators.values().any(|i| i == x)).collect())
    }

    /// Whether the iterators `vars` are all in scope in block `at`.
    pub(super) fn in_scope_at(&self, at: i32, vars: &[String]) -> bool {
        let iters = self.iters_of(&self.chain(at));
        vars.iter().all(|x| iters.contains(x))
    }
}
