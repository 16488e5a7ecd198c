//! The statements' domains: the conditions of edges, the domains of a loop body's nodes, their merges, and iteration counts from exit tests.

use super::*;

impl<'d, 'f> RegionBuilder<'d, 'f> {
    /// The affine condition under which control goes from `b` along `e`.
    fn edge_condition(
        &self,
        tr: &mut Translator,
        b: i32,
        e: &ir::EdgeInfo,
        dom: &Set,
        niter: &HashMap<u32, BoundExpr>,
    ) -> Outcome<Option<Cond>> {
        let stmts = ir::stmts(b);
        let Some(last) = stmts.last().copied().filter(|s| s.kind() == SK::GP_STMT_COND) else {
            return Ok(None);
        };
        let chain = self.chain(b);
        // The exit test of a region loop: staying means "not the last
        // iteration"; the count already bounds the loop.
        if let Some(&l) = chain.last() {
            let r = LoopRef::get(l).unwrap_or_else(|| unreachable!("region loop"));
            if let Some(x) = r.single_exit().filter(|x| x.src == b) {
                if x.dest == e.dest {
                    return Ok(None);
                }
                let it = &self.iterators[&l];
                let next = Polynomial::var(it).checked_add(&Polynomial::constant(1)).ok_or_else(overflow)?;
                return Ok(Some(niter[&l].upper_bound_of(&next).ok_or_else(overflow)?));
            }
        }
        let line = line_of(last);
        let (lhs, rhs) = last.cond_operands().ok_or(Rejection {
            reason: Reason::NonAffineCondition,
            detail: format!("line {line}: malformed condition"),
        })?;
        let integral = |t: Tree| t.ty().is_some_and(|ty| ty.is_integral());
        if !integral(lhs) || !integral(rhs) {
            return reject(
                Reason::NonAffineCondition,
                format!("line {line}: the condition compares non-integers ({} and {})", lhs.text(), rhs.text()),
            );
        }
        let iters = self.iters_of(&chain);
        // A minimum or maximum compared (a guard `j < MIN_EXPR <i, n>` of a
        // split loop) is taken case by case.
        let cond = tr
            .comparison_of(last.cond_code(), lhs, rhs)
            .map_err(|d| Rejection { reason: Reason::NonAffineCondition, detail: format!("line {line}: {d}") })?;
        if cond.polys().iter().any(|p| !Self::in_scope(tr, &iters, p)) {
            return reject(Reason::NonAffineCondition, format!("line {line}: the condition is not affine in the region's counters and parameters"));
        }
        self.discharge(tr, &iters, dom, line)?;
        if e.true_value != 0 {
            Ok(Some(cond))
        } else if e.false_value != 0 {
            Ok(Some(cond.not()))
        } else {
            reject(Reason::UnhandledStatement, format!("line {line}: a condition without true/false edges"))
        }
    }

    /// Domains of the nodes of one body (`nodes`, topologically ordered,
    /// first entered with `entry`), blocks' domains into `doms`.
    ///
    /// A condition the model cannot express (a loaded or floating-point
    /// value) lets both ways through: the blocks it decides run in a
    /// superset of their real domain, so they go into `may_blocks` (`may`:
    /// the whole body is such), whose writes are may-writes. A block that
    /// every path from such a condition reaches is exact again.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn body_domains(
        &mut self,
        tr: &mut Translator,
        level: u32,
        nodes: &[Node],
        entry: Set,
        chain: &[u32],
        doms: &mut BTreeMap<i32, Set>,
        niter: &mut HashMap<u32, BoundExpr>,
        may: bool,
    ) -> Outcome<()> {
        let iters = self.iters_of(chain);
        let mut node_dom: HashMap<Node, Set> = HashMap::new();
        let edges: Vec<(Node, Vec<(ir::EdgeInfo, Node)>)> =
            nodes.iter().map(|&p| (p, self.det.succ_edges(level, p))).collect();
        let postdom = self.postdominators(nodes, &edges);
        // Per node: the non-affine branches (node indices) that reach it.
        let mut reached_by: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); nodes.len()];
        let mut non_affine: BTreeSet<usize> = BTreeSet::new();
        let mut entry = Some(entry);
        for (k, &n) in nodes.iter().enumerate() {
            let mut d: Option<Set> = if k == 0 { entry.take() } else { None };
            // The edges into the node: source block and where they are taken.
            let mut incoming: Vec<(i32, Set)> = Vec::new();
            if k > 0 {
                for (j, (p, out)) in edges[..k].iter().enumerate() {
                    let Some(pd) = node_dom.get(p) else { continue };
                    for (e, dest) in out {
                        if *dest != n {
                            continue;
                        }
                        let mut ed = self.ok(pd.copy())?;
                        if let Node::Block(pb) = *p {
                            match self.edge_condition(tr, pb, e, pd, niter) {
                                Ok(Some(cond)) => {
                                    let c = self.constraint(tr, &iters, &cond)?;
                                    ed = self.ok(ed.intersect(c))?;
                                }
                                Ok(None) => {}
                                Err(r) if matches!(r.reason, Reason::NonAffineCondition | Reason::PossibleWrap) => {
                                    tr.pending.clear();
                                    non_affine.insert(j);
                                }
                                Err(r) => return Err(r),
                            }
                        }
                        incoming.push((e.src, self.ok(ed.copy())?));
                        let from: BTreeSet<usize> = reached_by[j].clone();
                        reached_by[k].extend(from);
                        if non_affine.contains(&j) {
                            reached_by[k].insert(j);
                        }
                        d = Some(match d {
                            None => ed,
                            Some(x) => self.ok(self.ok(x.union(ed))?.coalesce())?,
                        });
                    }
                }
            }
            let d = match d {
                Some(d) => d,
                None => self.constraint(tr, &iters, &Cond::False)?,
            };
            let node_may = may || reached_by[k].iter().any(|&a| !postdom[a].contains(&k));
            match n {
                Node::Block(b) => {
                    // A merge left unproved (isl giving up included) just
                    // stays outside the model.
                    if k > 0 {
                        let _ = self.merges(tr, b, &incoming, chain, niter);
                    }
                    doms.insert(b, self.ok(d.copy())?);
                    if node_may {
                        self.may_blocks.insert(b);
                    }
                }
                Node::Loop(l) => {
                    let r = LoopRef::get(l).unwrap_or_else(|| unreachable!("region loop"));
                    let line = self.det.loop_line(l);
                    let gcc_count = r.niter().filter(|t| t.kind() != TK::GP_T_SCEV_NOT_KNOWN);
                    let from_exit_test = gcc_count.is_none();
                    let bound = match gcc_count {
                        Some(t) => match self.affine_count(tr, &iters, t, &d, line) {
                            Ok(bound) => bound,
                            Err(r) if self.may_be_uncounted(l, chain, &r) => {
                                tr.pending.clear();
                                self.uncounted.push((l, line));
                                BoundExpr::Unbounded
                            }
                            Err(r) => return Err(r),
                        },
                        None => self.count_from_exit_test(tr, l, &iters).ok_or(Rejection {
                            reason: Reason::NonAffineBound,
                            detail: format!("line {line}: the iteration count is unknown"),
                        })?,
                    };
                    // A loop whose count the model cannot state runs, in
                    // the model, any number of iterations: its body's
                    // domains are supersets, its writes may-writes.
                    let uncounted = matches!(bound, BoundExpr::Unbounded);
                    let mut inner_chain = chain.to_vec();
                    inner_chain.push(l);
                    let inner_iters = self.iters_of(&inner_chain);
                    let it = &self.iterators[&l];
                    let lifted = self.ok(self.ok(d.copy())?.add_dims(DimType::Set, 1))?;
                    let itp = Polynomial::var(it);
                    let upper = bound.upper_bound_of(&itp).ok_or_else(overflow)?;
                    let bounds = self.constraint(tr, &inner_iters, &Cond::NonNeg(itp).and(upper))?;
                    let header = self.ok(lifted.intersect(bounds))?;
                    if from_exit_test {
                        // The exit test's values must be exact wherever the
                        // loop runs.
                        self.discharge(tr, &inner_iters, &header, line)?;
                    }
                    niter.insert(l, bound);
                    let inner = self.det.order(l);
                    self.body_domains(tr, l, &inner, header, &inner_chain, doms, niter, node_may || uncounted)?;
                }
            }
            node_dom.insert(n, d);
        }
        Ok(())
    }

    /// GCC's count `t` of the loop at `line` as an affine bound over the
    /// iterators `iters` and the parameters, its obligations discharged
    /// over `dom`; a `non-affine-bound` rejection otherwise.
    fn affine_count(&self, tr: &mut Translator, iters: &[String], t: Tree, dom: &Set, line: u32) -> Outcome<BoundExpr> {
        let bound = tr.bound(t).map_err(|d| Rejection { reason: Reason::NonAffineBound, detail: format!("line {line}: {d}") })?;
        if bound.polys().iter().any(|p| !p.is_affine() || !Self::in_scope(tr, iters, p)) {
            return reject(Reason::NonAffineBound, format!("line {line}: the iteration count {} is not affine", t.text()));
        }
        self.discharge(tr, iters, dom, line)?;
        Ok(bound)
    }

    /// Whether loop `l`, whose count GCC knows but the model cannot state
    /// (`rejection`), may stay in the region with no upper bound: an
    /// innermost loop inside a region loop (CSR's row `k < rowstr[j + 1]`),
    /// so that the loops around it can be judged; its own verdict is none
    /// (`Region::uncounted`). An outermost one keeps its own region, with
    /// the count's values as parameters, as before.
    fn may_be_uncounted(&self, l: u32, chain: &[u32], rejection: &Rejection) -> bool {
        rejection.reason == Reason::NonAffineBound
            && !chain.is_empty()
            && !self.det.parent.values().any(|&p| p == l)
    }

    /// The PHIs of block `b` (entered by the edges `incoming`, inside the
    /// body of the loops `chain`) whose value is one polynomial of the
    /// iterators and parameters wherever `b` runs, into `tr.merges`. An
    /// argument from a loop's exit is the value in the loop's last
    /// iteration (its count, piece by piece). What this is for: the second
    /// part of a loop GCC split at `j < i` starts from `PHI <0, j_exit>`
    /// (the start where the first part did not run, its exit value where it
    /// did), which is `i` in both cases. A PHI whose arguments' values leave
    /// obligations, or differ somewhere, stays outside the model.
    fn merges(
        &self,
        tr: &mut Translator,
        b: i32,
        incoming: &[(i32, Set)],
        chain: &[u32],
        niter: &HashMap<u32, BoundExpr>,
    ) -> Outcome<()> {
        let iters = self.iters_of(chain);
        for phi in ir::phis(b) {
            let Some(res) = phi.phi_result().filter(|t| !t.is_virtual() && t.ty().is_some_and(|ty| ty.is_integral())) else {
                continue;
            };
            let phi_args = phi.phi_args();
            // Per argument: its edge's domain and its value, piece by piece.
            let mut args: Vec<(&Set, Vec<(Cond, Polynomial)>)> = Vec::new();
            // Conditions that must not hold where their edge is taken (a
            // loop's count below zero: its last iteration would be none).
            let mut never: Vec<(&Set, Cond)> = Vec::new();
            for &(t, src) in &phi_args {
                let Some((_, ed)) = incoming.iter().find(|(s, _)| *s == src) else { break };
                let before = tr.pending.len();
                let value = tr.value(t, false);
                let obliged = tr.pending.len() > before;
                tr.pending.truncate(before);
                let Ok(Value { base: None, poly }) = value else { break };
                if obliged {
                    break;
                }
                let src_chain = self.chain(src);
                let pieces = if src_chain.as_slice() == chain {
                    vec![(Cond::True, poly)]
                } else if src_chain.len() == chain.len() + 1 && src_chain.starts_with(chain) {
                    // From the exit of loop l: its last iteration.
                    let l = src_chain[chain.len()];
                    let Some(count) = niter.get(&l).and_then(|c| c.pieces()) else { break };
                    let it = &self.iterators[&l];
                    for (c, n) in &count {
                        never.push((ed, c.clone().and(Cond::cmp(CmpOp::Lt, n, &Polynomial::zero()).ok_or_else(overflow)?)));
                    }
                    let Some(pieces) = count.into_iter().map(|(c, n)| Some((c, poly.substitute(it, &n)?))).collect::<Option<Vec<_>>>() else {
                        break;
                    };
                    pieces
                } else {
                    break;
                };
                if pieces.iter().any(|(c, p)| !Self::in_scope(tr, &iters, p) || !p.is_affine() || !c.is_affine()) {
                    break;
                }
                args.push((ed, pieces));
            }
            if args.len() != phi_args.len() || args.is_empty() {
                continue;
            }
            if !never.iter().map(|(ed, c)| self.nowhere(tr, &iters, ed, c)).collect::<Outcome<Vec<bool>>>()?.into_iter().all(|x| x) {
                continue;
            }
            // A candidate is any piece's value; it must be every piece's
            // value wherever that piece is taken.
            let mut candidates: Vec<Polynomial> = args.iter().flat_map(|(_, ps)| ps.iter().map(|(_, p)| p.clone())).collect();
            candidates.sort();
            candidates.dedup();
            'candidate: for cand in candidates {
                for (ed, pieces) in &args {
                    for (c, p) in pieces.iter().filter(|(_, p)| *p != cand) {
                        let differ = Cond::Zero(p.checked_sub(&cand).ok_or_else(overflow)?).not();
                        if !self.nowhere(tr, &iters, ed, &c.clone().and(differ))? {
                            continue 'candidate;
                        }
                    }
                }
                tr.merges.insert(res.ssa_version(), cand);
                break;
            }
        }
        Ok(())
    }

    /// Whether `cond` holds at no point of `on` (iterators `iters`).
    fn nowhere(&self, tr: &Translator, iters: &[String], on: &Set, cond: &Cond) -> Outcome<bool> {
        let at = self.constraint(tr, iters, cond)?;
        self.ok(self.ok(self.ok(on.copy())?.intersect(at))?.is_empty())
    }

    /// The latch-execution count of region loop `l` read off its exit test,
    /// where GCC's niter analysis gives none (at -O1, copies it does not
    /// see through): the test compares `lhs - rhs = a ± it` (`it` the
    /// loop's iterator, `a` invariant in it) with zero, staying while that
    /// is below (step +1) or above (step -1) zero. The test's values leave
    /// obligations in `tr`, proved by the caller over the loop's domain.
    fn count_from_exit_test(&self, tr: &mut Translator, l: u32, iters: &[String]) -> Option<BoundExpr> {
        let r = LoopRef::get(l)?;
        let x = r.single_exit()?;
        let last = ir::stmts(x.src).last().copied().filter(|s| s.kind() == SK::GP_STMT_COND)?;
        let (lhs, rhs) = last.cond_operands()?;
        if !lhs.ty().is_some_and(|t| t.is_integral()) || !rhs.ty().is_some_and(|t| t.is_integral()) {
            return None;
        }
        let d = tr.integer(lhs).ok()?.checked_sub(&tr.integer(rhs).ok()?)?;
        let it = self.iterators.get(&l)?;
        let step = d.coefficient(std::slice::from_ref(it));
        let a = d.checked_sub(&Polynomial::var(it).checked_scale(step)?)?;
        if !a.is_affine() || a.mentions(it) || !Self::in_scope(tr, iters, &a) {
            return None;
        }
        // The comparison under which the loop goes on.
        let code = last.cond_code();
        let stay = match (x.true_value != 0, x.false_value != 0) {
            (false, true) => code,
            (true, false) => match code {
                TK::GP_T_LT => TK::GP_T_GE,
                TK::GP_T_LE => TK::GP_T_GT,
                TK::GP_T_GT => TK::GP_T_LE,
                TK::GP_T_GE => TK::GP_T_LT,
                _ => return None,
            },
            _ => return None,
        };
        // Stays while it <= k: k + 1 latch executions, none if k < 0.
        let one = Polynomial::constant(1);
        let k = match (stay, step) {
            (TK::GP_T_LT, 1) => Polynomial::constant(-1).checked_sub(&a)?,
            (TK::GP_T_LE, 1) => a.checked_scale(-1)?,
            (TK::GP_T_GT, -1) => a.checked_sub(&one)?,
            (TK::GP_T_GE, -1) => a,
            _ => return None,
        };
        Some(BoundExpr::Max(vec![BoundExpr::Poly(Polynomial::zero()), BoundExpr::Poly(k.checked_add(&one)?)]))
    }

    /// For each node of a body (indices into `nodes`, topologically
    /// ordered, `edges` their successors inside it): the nodes every path
    /// from it to the body's end goes through, itself included.
    fn postdominators(&self, nodes: &[Node], edges: &[(Node, Vec<(ir::EdgeInfo, Node)>)]) -> Vec<BTreeSet<usize>> {
        let index: HashMap<Node, usize> = nodes.iter().enumerate().map(|(k, &n)| (n, k)).collect();
        let mut out: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); nodes.len()];
        for k in (0..nodes.len()).rev() {
            let inside: Vec<usize> = edges[k].1.iter().filter_map(|(_, d)| index.get(d).copied().filter(|&j| j > k)).collect();
            // An edge out of the body (or back to its header) ends a path.
            let leaves = self.det.leaves(nodes[k], inside.len());
            let mut common: Option<BTreeSet<usize>> = None;
            if !leaves {
                for j in inside {
                    common = Some(match common {
                        None => out[j].clone(),
                        Some(c) => c.intersection(&out[j]).copied().collect(),
                    });
                }
            }
            let mut set = common.unwrap_or_default();
            set.insert(k);
            out[k] = set;
        }
        out
    }
}
