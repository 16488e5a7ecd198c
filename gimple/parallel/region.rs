//! The analysis of a region: its loops' verdicts, the exact verdicts where the pairwise ones do not suffice, interchanges, and the outcome with its dumps.

use super::*;

/// The verdicts, interchanges, dependences and dump of region `r`'s loops.
pub fn analyze_region(forest: &LoopForest, r: &Region, opts: AnalysisOptions) -> RegionOutcome {
    let t0 = std::time::Instant::now();
    let timing = std::env::var_os("GCCPOLY_TIME").is_some();
    // The region's own budget of isl calls (inside any its caller opened).
    let work = r.work();
    let Prepared { lm, arrays, ssa, live } = prepare(forest, r);
    let vopts = VerdictOptions { allow_reassociation: opts.reassociate, allow_privatization: true };

    let mut hints: HashMap<u32, Vec<(ReductionHint, String)>> = HashMap::new();
    for &l in &r.loops {
        hints.insert(l, hints_of(forest, r, l, &arrays));
    }
    let cx = BoundedCtx::new(opts.max_operations);
    let mut out = RegionOutcome { loops: HashMap::new(), counts: None, arrays: arrays.clone(), dump: String::new() };
    let light = LightScop::read(&r.scop);
    let engine = match light {
        Ok(m) => Some(PairEngine::new(&cx, m, Some(live.clone()), &ssa.facts)),
        Err(e) => {
            out.dump.push_str(&format!("  verdicts by the exact engine ({e})\n"));
            None
        }
    };
    let (mut verdicts, jobs) = pairwise_verdicts(r, &lm, &hints, engine.as_ref(), &vopts);
    let depth = lm.depth.values().copied().max().unwrap_or(1);
    exact_verdicts_where_needed(forest, r, &live, depth, &jobs, &vopts, opts, engine.is_none(), &mut verdicts);

    let t_verdicts = t0.elapsed();
    // Interchange within bands.
    let inter: HashMap<u32, Vec<(u32, bool, String)>> = match engine.as_ref().filter(|_| !opts.verdicts_only) {
        Some(e) => band_interchanges(forest, r, &lm, &hints, &ssa, e),
        None => HashMap::new(),
    };

    let t_inter = t0.elapsed();
    let privatized = loop_outcomes(forest, r, &verdicts, &hints, &arrays, &ssa, inter, &mut out);
    if !opts.reassociate_by_option {
        out.loops.values_mut().for_each(|o| o.reassociated.clear());
    }
    dependences_dump(r, engine.as_ref(), &lm, &live, &privatized, opts, &mut out);
    let t_deps = t0.elapsed();
    if timing {
        eprintln!(
            "gccpoly time: region at line {}: verdicts {:?}, interchange {:?}, dependences {:?}, total {:?}, tests {}, isl calls {}",
            r.line,
            t_verdicts,
            t_inter - t_verdicts,
            t_deps.saturating_sub(t_inter),
            t0.elapsed(),
            engine.as_ref().map(|e| *e.tests.borrow()).unwrap_or(0),
            work.used()
        );
    }
    loops_dump(forest, r, &mut out);
    out
}

/// The line of loop `l`'s position in the source (0 when unknown), for the
/// crosscheck's messages and the dump.
fn pos_line(forest: &LoopForest, l: u32) -> u32 {
    forest.get(l).and_then(|x| x.pos.as_ref().map(|p| p.line)).unwrap_or(0)
}

/// The pairwise engine's verdicts on the region's loops (a loop without
/// statements is doall), and the jobs of the loops with statements, for
/// the exact engine.
fn pairwise_verdicts(
    r: &Region,
    lm: &LoopMap,
    hints: &HashMap<u32, Vec<(ReductionHint, String)>>,
    engine: Option<&PairEngine>,
    vopts: &VerdictOptions,
) -> (HashMap<u32, Result<LoopVerdict, IslFailure>>, Vec<Job>) {
    let mut verdicts: HashMap<u32, Result<LoopVerdict, IslFailure>> = HashMap::new();
    let mut jobs = Vec::new();
    for &l in &r.loops {
        let dim = 2 * lm.depth[&l] as u32 - 1;
        let stmts = lm.stmts[&l].clone();
        let hs: Vec<ReductionHint> = hints[&l].iter().map(|(h, _)| h.clone()).collect();
        if stmts.is_empty() {
            verdicts.insert(l, Ok(empty_verdict(dim)));
            continue;
        }
        if let Some(e) = engine {
            let v = e.verdict(&PairLoop { dim, statements: stmts.clone(), iterations: iteration_statement(r, l) }, &hs, vopts);
            verdicts.insert(l, v);
        }
        jobs.push((l, dim, stmts, hs));
    }
    (verdicts, jobs)
}

/// Where the pairwise engine cannot read the model (`no_engine`), the
/// exact engine's verdicts on `jobs` (none for a large model when only
/// verdicts are wanted); with `crosscheck`, the two engines' disagreements
/// on stderr.
#[allow(clippy::too_many_arguments)]
fn exact_verdicts_where_needed(
    forest: &LoopForest,
    r: &Region,
    live: &[String],
    depth: usize,
    jobs: &[Job],
    vopts: &VerdictOptions,
    opts: AnalysisOptions,
    no_engine: bool,
    verdicts: &mut HashMap<u32, Result<LoopVerdict, IslFailure>>,
) {
    let line_of = |l: u32| pos_line(forest, l);
    if no_engine && opts.verdicts_only && r.scop.statements.len() > EXACT_FALLBACK_STATEMENTS {
        for (l, ..) in jobs {
            verdicts.insert(*l, Err(IslFailure::Error("the model is outside the pairwise engine's notation".into())));
        }
    } else if no_engine || opts.crosscheck {
        let exact = exact_verdicts(r, live, depth, jobs, vopts, opts.max_operations);
        for ((l, ..), x) in jobs.iter().zip(exact) {
            match verdicts.get(l) {
                None => {
                    verdicts.insert(*l, x);
                }
                Some(v) => match (v, &x) {
                    (Ok(a), Ok(b)) if a.kind != b.kind || a.reductions != b.reductions || (a.parallel && a.private != b.private) => eprintln!(
                        "gccpoly crosscheck: loop at line {}: pairwise {:?} {:?} {:?} / exact {:?} {:?} {:?}",
                        line_of(*l),
                        a.kind,
                        a.private,
                        a.reductions,
                        b.kind,
                        b.private,
                        b.reductions
                    ),
                    (Ok(_), Err(e)) => eprintln!("gccpoly crosscheck: loop at line {}: exact engine failed: {e}", line_of(*l)),
                    (Err(e), _) => eprintln!("gccpoly crosscheck: loop at line {}: pairwise engine failed: {e}", line_of(*l)),
                    _ => {}
                },
            }
        }
    }
}

/// For each loop of the region's bands, whether it interchanges with each
/// other loop of its band: (that loop's line, legal, the reason).
fn band_interchanges(
    forest: &LoopForest,
    r: &Region,
    lm: &LoopMap,
    hints: &HashMap<u32, Vec<(ReductionHint, String)>>,
    ssa: &SsaScan,
    e: &PairEngine,
) -> HashMap<u32, Vec<(u32, bool, String)>> {
    let line_of = |l: u32| pos_line(forest, l);
    let mut inter: HashMap<u32, Vec<(u32, bool, String)>> = HashMap::new();
    for band in bands(forest, r, lm) {
        let inner_stmts = lm.stmts[band.last().unwrap_or(&band[0])].clone();
        for (x, &a) in band.iter().enumerate() {
            let running = running_values(forest, r, a, hints, &ssa.temporaries);
            let shown = |v: &str| ssa.private_name(&running, v);
            for &b in &band[x + 1..] {
                let (da, db) = (2 * lm.depth[&a] as u32 - 1, 2 * lm.depth[&b] as u32 - 1);
                let (legal, reason) = match e.interchange(da, db, &inner_stmts) {
                    Ok(i) => (i.legal, interchange_reason(&i, &shown)),
                    Err(IslFailure::OutOfOperations) => (false, "isl ran out of operations".into()),
                    Err(e) => (false, format!("not analysed: {e}")),
                };
                inter.entry(a).or_default().push((line_of(b), legal, reason.clone()));
                inter.entry(b).or_default().push((line_of(a), legal, reason));
            }
        }
    }
    inter
}

/// Each loop's outcome in source terms, with its interchanges, into
/// `out.loops`; the arrays the verdicts privatize, for the dependences.
#[allow(clippy::too_many_arguments)]
fn loop_outcomes(
    forest: &LoopForest,
    r: &Region,
    verdicts: &HashMap<u32, Result<LoopVerdict, IslFailure>>,
    hints: &HashMap<u32, Vec<(ReductionHint, String)>>,
    arrays: &[String],
    ssa: &SsaScan,
    mut inter: HashMap<u32, Vec<(u32, bool, String)>>,
    out: &mut RegionOutcome,
) -> BTreeSet<String> {
    let display = |a: &str| -> String { ssa.names.get(a).cloned().unwrap_or_else(|| a.to_string()) };
    let mut privatized = BTreeSet::new();
    for &l in &r.loops {
        let o = match &verdicts[&l] {
            Ok(v) => {
                privatized.extend(v.private.iter().cloned());
                let running = running_values(forest, r, l, hints, &ssa.temporaries);
                outcome(v, &hints[&l], arrays, &display, &|a: &str| ssa.private_name(&running, a))
            }
            Err(IslFailure::OutOfOperations) => LoopOutcome::none("isl ran out of operations".into()),
            Err(e) => LoopOutcome::none(format!("not analysed: {e}")),
        };
        let mut o = match r.uncounted.iter().find(|(u, _)| *u == l) {
            Some((_, line)) => LoopOutcome::none(uncounted_blocker(*line)),
            None => o,
        };
        o.interchange = inter.remove(&l).unwrap_or_default();
        out.loops.insert(l, o);
    }
    privatized
}

/// Why an uncounted loop (`Region::uncounted`) has no verdict.
fn uncounted_blocker(line: u32) -> String {
    format!("not analysed: its iteration count is read from memory in the region (line {line}); the model judges the loops around it with any count")
}

/// The dependences' counts into `out.counts` and their text into the dump
/// (not for the verdicts alone): the pairwise engine's where it read the
/// model, else the exact engine's relations.
fn dependences_dump(
    r: &Region,
    engine: Option<&PairEngine>,
    lm: &LoopMap,
    live: &[String],
    privatized: &BTreeSet<String>,
    opts: AnalysisOptions,
    out: &mut RegionOutcome,
) {
    // Dependences: counts and the dump (not for the verdicts alone).
    if opts.verdicts_only {
    } else if let Some(e) = engine {
        match e.dependences(privatized, opts.detail, false) {
            Ok((deps, counts)) => {
                out.dump.push_str(&format!(
                    "  dependences: {} flow, {} memory ({} ignored)\n",
                    counts.flow, counts.memory, counts.memory_ignored
                ));
                for d in &deps {
                    let (s, t) = (e.stmt_of(d.source), e.stmt_of(d.sink));
                    let mut when: Vec<String> = d.carried.iter().map(|k| format!("carried at depth {}", k + 1)).collect();
                    if d.independent {
                        when.push("loop-independent".into());
                    }
                    out.dump.push_str(&format!(
                        "    {} {}: {} (line {}) -> {} (line {}): {}\n",
                        d.kind,
                        d.array,
                        s.name,
                        s.line,
                        t.name,
                        t.line,
                        when.join(", ")
                    ));
                }
                out.counts = Some(counts);
            }
            Err(e) => out.dump.push_str(&format!("  dependences not computed: {e}\n")),
        }
        out.dump.push_str(&format!("  isl emptiness tests: {}\n", e.tests.borrow()));
    } else {
        // The exact engine's relations, in isl notation.
        match exact_dependences(r, live, lm.depth.values().copied().max().unwrap_or(1), opts.max_operations) {
            Ok((counts, text)) => {
                out.dump.push_str(&text);
                out.counts = Some(counts);
            }
            Err(e) => out.dump.push_str(&format!("  dependences not computed: {e}\n")),
        }
    }
}

/// Each loop's remark, other blockers and interchanges, for the dump.
fn loops_dump(forest: &LoopForest, r: &Region, out: &mut RegionOutcome) {
    let line_of = |l: u32| pos_line(forest, l);
    for &l in &r.loops {
        let o = &out.loops[&l];
        let (_, text) = o.remark();
        out.dump.push_str(&format!("  loop {} (line {}): {}\n", l, line_of(l), text));
        for b in o.blockers.iter().skip(1) {
            out.dump.push_str(&format!("    also: {b}\n"));
        }
        for (w, legal, reason) in &o.interchange {
            out.dump.push_str(&format!("    interchange with the loop at line {w}: {} ({reason})\n", if *legal { "legal" } else { "illegal" }));
        }
    }
}

fn empty_verdict(dim: u32) -> LoopVerdict {
    LoopVerdict { kind: VerdictKind::Doall, parallel: true, ..LoopVerdict::new(dim) }
}

/// The interchange verdict in source names.
pub(super) fn interchange_reason(i: &poly::PairInterchange, display: &dyn Fn(&str) -> String) -> String {
    let names = |v: &[String]| dedup(v.iter().map(|a| display(a))).join(", ");
    if !i.legal {
        let mut parts = Vec::new();
        if !i.reversed_flow.is_empty() {
            parts.push(format!("it reverses the flow of {}", names(&i.reversed_flow)));
        }
        if !i.reversed_live.is_empty() {
            parts.push(format!("it reverses dependences on {}, whose values cross the loops' iterations", names(&i.reversed_live)));
        }
        format!("interchange is illegal: {}", parts.join("; "))
    } else if i.private.is_empty() {
        "interchange is legal: it keeps every dependence".to_string()
    } else {
        format!(
            "interchange is legal: every flow is kept and no live range overlaps; it may reorder only values private to one iteration ({})",
            names(&i.private)
        )
    }
}

pub(super) fn dedup(v: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for x in v {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// GCC's temporaries that carry a cell's running value through a loop
/// inside `l` or `l` itself (PRE's `prephitmp` over `k` for `C[i][j]`), by
/// the model's name: the cell, which loop `l`'s lists show them by
/// (`SsaScan::private_name`).
pub(super) fn running_values(
    forest: &LoopForest,
    r: &Region,
    l: u32,
    hints: &HashMap<u32, Vec<(ReductionHint, String)>>,
    temporaries: &HashMap<String, Option<u32>>,
) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for m in r.loops.iter().filter(|&&m| forest.within(m, l)) {
        for (h, cell) in hints.get(m).into_iter().flatten() {
            // A hint without a stored cell is named after its accumulator.
            if !cell.contains('[') {
                continue;
            }
            for a in std::iter::once(&h.array).chain(&h.arrays).filter(|a| temporaries.contains_key(*a)) {
                out.entry(a.clone()).or_insert_with(|| cell.clone());
            }
        }
    }
    out
}

pub(super) fn outcome(
    v: &LoopVerdict,
    hints: &[(ReductionHint, String)],
    memory: &[String],
    display: &dyn Fn(&str) -> String,
    private_name: &dyn Fn(&str) -> String,
) -> LoopOutcome {
    let kind = match v.kind {
        VerdictKind::Doall => "doall",
        VerdictKind::Private => "private",
        VerdictKind::Reduction => "reduction",
        VerdictKind::None => "none",
    };
    let stored = |a: &str| memory.iter().any(|m| m == a);
    let hint_of = |a: &str| hints.iter().find(|(h, _)| h.array == a);
    let cell_of = |a: &str| hint_of(a).map(|(_, cell)| cell);
    // (name, operator, in memory): a reduction a hint names is in memory
    // where the cell it stores to is (a value PRE carries in a register for
    // `s[0]`); one named after the cell its entry value came from is not.
    let named: Vec<(String, &'static str, bool)> = v
        .reductions
        .iter()
        .map(|(a, op)| match hint_of(a) {
            Some((h, cell)) => {
                let array = cell.split('[').next().unwrap_or("");
                (cell.clone(), op.clause(), stored(a) || (h.arrays.iter().any(|x| x == array) && stored(array)))
            }
            None => (display(a), op.clause(), stored(a)),
        })
        .collect();
    let reductions = named.iter().map(|(name, op, _)| (name.clone(), *op)).collect();
    let reassociated = v
        .reductions
        .iter()
        .zip(&named)
        .filter(|((a, _), _)| hint_of(a).is_some_and(|(h, _)| h.float))
        .map(|(_, (name, _, _))| name.clone())
        .collect();
    let in_memory = dedup(
        v.private
            .iter()
            .filter(|a| stored(a))
            .map(|a| display(a))
            .chain(named.iter().filter(|(_, _, m)| *m).map(|(name, _, _)| name.clone())),
    );
    // A blocked reduction in a register goes by its hint's name too: the
    // cell whose running value PRE carries (`A[i][j]`), not `prephitmp`.
    // One in memory keeps its array's name (the whole of `y`).
    let shown = |a: &str| -> String {
        match cell_of(a).filter(|_| !stored(a)) {
            Some(cell) => cell.clone(),
            None => display(a),
        }
    };
    let blockers: Vec<String> = v
        .blockers
        .iter()
        .map(|b| {
            let lines = if b.source_line == b.sink_line {
                format!("line {}", b.source_line)
            } else {
                format!("lines {} and {}", b.source_line, b.sink_line)
            };
            format!("{}: {} ({})", shown(&b.array), poly::rename_words(&b.detail, &shown), lines)
        })
        .collect();
    LoopOutcome {
        parallel: v.parallel,
        kind,
        private: dedup(v.private.iter().map(|a| private_name(a))),
        firstprivate: dedup(v.firstprivate.iter().map(|a| private_name(a))),
        lastprivate: dedup(v.lastprivate.iter().map(|a| private_name(a))),
        reductions,
        in_memory,
        blockers: dedup(blockers),
        blocked_in_registers: v.blockers.iter().any(|b| !memory.contains(&b.array) && b.array != "errno"),
        interchange: Vec::new(),
        judged: true,
        reassociated,
    }
}
