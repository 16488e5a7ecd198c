//! Exact dependences and domains: the exact verdicts, trip counts, the domains where loops run, and parallel conditions on memory.

use super::*;

/// The exact engine's verdicts (the fallback, and the cross-check), on one
/// model and one dataflow for the region.
pub(super) type Job = (u32, u32, Vec<String>, Vec<ReductionHint>);

pub(super) fn exact_verdicts(
    r: &Region,
    live: &[String],
    depth: usize,
    jobs: &[Job],
    opts: &VerdictOptions,
    max_operations: u64,
) -> Vec<Result<LoopVerdict, IslFailure>> {
    let cx = BoundedCtx::new(max_operations);
    let prepared = IslScop::build(&cx, &r.scop).and_then(|model| {
        let lv: Vec<&str> = live.iter().map(|s| s.as_str()).collect();
        cx.reset_budget();
        let deps = Dependences::compute_with_live_out(&r.scop, &model, 2 * depth as u32 + 1, Some(&lv))?;
        Ok((model, deps))
    });
    jobs.iter()
        .map(|(_, dim, stmts, hints)| match &prepared {
            Err(e) => Err(e.clone()),
            Ok((model, deps)) => {
                let names: Vec<&str> = stmts.iter().map(|s| s.as_str()).collect();
                LoopVerdict::compute(model, deps, &LoopId::of(*dim, &names), hints, opts)
            }
        })
        .collect()
}

/// Whether the trip count of a loop inside loop `l` varies with `l`'s
/// counter (a triangular nest): the statements inside `l`'s inner loops,
/// their domains projected on `l`'s counter and the next one, together tie
/// the two. (Together: `i == j` and `i != j` in two branches cover a
/// rectangle.) False when isl gives up.
pub fn inner_trip_counts_vary(forest: &LoopForest, r: &Region, l: u32, max_operations: u64) -> bool {
    let lm = loop_map(forest, r);
    let (Some(stmts), Some(&depth)) = (lm.stmts.get(&l), lm.depth.get(&l)) else { return false };
    let cx = BoundedCtx::new(max_operations);
    let ties = || -> Result<bool, IslFailure> {
        let inside = r.scop.statements.iter().filter(|s| stmts.contains(&s.name));
        // The loops around stay as parameters: only what varies within one
        // run of the loop counts (a second part of a split loop starts
        // where the outer counter says, and the outer counter is fixed).
        let Some(pair) = projected_domains(&cx, inside, depth as u32 - 1, 2, true)? else { return Ok(false) };
        let list = cx.ok(cx.ok(pair.coalesce())?.get_basic_set_list())?;
        for b in 0..cx.ok(list.size())? {
            let cs = cx.ok(cx.ok(list.get_at(b))?.get_constraint_list())?;
            for k in 0..cx.ok(cs.size())? {
                let c = cx.ok(cs.get_at(k))?;
                if cx.ok(c.involves_dims(isl_rs::DimType::Set, 0, 1))? && cx.ok(c.involves_dims(isl_rs::DimType::Set, 1, 1))? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    };
    ties().unwrap_or(false)
}

/// The most iterations loop `l` of region `r` runs, whatever the
/// parameters, where the model bounds it by a constant (the part of a split
/// loop that runs once); None where it does not or isl gives up.
pub fn most_trips(forest: &LoopForest, r: &Region, l: u32, max_operations: u64) -> Option<u64> {
    let lm = loop_map(forest, r);
    let (Some(stmts), Some(&depth)) = (lm.stmts.get(&l), lm.depth.get(&l)) else { return None };
    let cx = BoundedCtx::new(max_operations);
    let count = || -> Result<Option<u64>, IslFailure> {
        let inside = r.scop.statements.iter().filter(|s| stmts.contains(&s.name));
        let Some(values) = projected_domains(&cx, inside, depth as u32 - 1, 1, false)? else { return Ok(None) };
        let values = cx.ok(values.project_out_all_params())?;
        if !cx.ok(values.is_bounded())? {
            return Ok(None);
        }
        cx.count_points(&values).map(Some)
    };
    count().ok().flatten()
}

/// The parameter values for which loop `l` of region `r` runs at least
/// one iteration (isl text); None where isl gives up.
pub fn runs_where(forest: &LoopForest, r: &Region, l: u32, max_operations: u64) -> Option<String> {
    let lm = loop_map(forest, r);
    let stmts = lm.stmts.get(&l)?;
    let cx = BoundedCtx::new(max_operations);
    let inside = r.scop.statements.iter().filter(|s| stmts.contains(&s.name));
    let domains = projected_domains(&cx, inside, 0, 0, false).ok()??;
    Some(cx.ok(cx.ok(domains.params()).ok()?.to_str()).ok()?.to_string())
}

/// The union of the domains of `stmts`, each projected on its dimensions
/// `first .. first + n` (a statement with fewer dimensions left out); None
/// when no statement has them. With `outer_as_params`, the dimensions
/// before `first` become parameters instead of being projected out.
fn projected_domains<'a>(
    cx: &BoundedCtx,
    stmts: impl Iterator<Item = &'a poly::Statement>,
    first: u32,
    n: u32,
    outer_as_params: bool,
) -> Result<Option<isl_rs::Set>, IslFailure> {
    let mut union: Option<isl_rs::Set> = None;
    for st in stmts {
        let set = cx.set(&st.domain)?;
        let dims = cx.ok(set.dim(isl_rs::DimType::Set))? as u32;
        if dims < first + n {
            continue;
        }
        let set = cx.ok(set.project_out(isl_rs::DimType::Set, first + n, dims - first - n))?;
        let set = if outer_as_params {
            let np = cx.ok(set.dim(isl_rs::DimType::Param))? as u32;
            cx.ok(set.move_dims(isl_rs::DimType::Param, np, isl_rs::DimType::Set, 0, first))?
        } else {
            cx.ok(set.project_out(isl_rs::DimType::Set, 0, first))?
        };
        let set = cx.ok(set.reset_tuple_id())?;
        union = Some(match union {
            None => set,
            Some(u) => cx.ok(u.union(set))?,
        });
    }
    Ok(union)
}

/// Before parloops, the largest region whose verdicts the exact engine
/// gives where the pairwise one cannot (1.1 s for nussinov's 4 statements).
pub(super) const EXACT_FALLBACK_STATEMENTS: usize = 2;

/// The largest region whose parameter conditions the pass before parloops
/// computes: the exact engine's dataflow costs up to seconds on large
/// models, more than its operations cap bounds (seidel-2d's 9-point stencil
/// in three loops: 0.3 s, found parallel for no parameter value).
const SMALL_REGION_STATEMENTS: usize = 8;
const SMALL_REGION_LOOPS: usize = 3;
const SMALL_REGION_ACCESSES: usize = 8;

fn is_small(r: &Region) -> bool {
    r.scop.statements.len() <= SMALL_REGION_STATEMENTS
        && r.loops.len() <= SMALL_REGION_LOOPS
        && r.scop.statements.iter().map(|s| s.accesses.len()).sum::<usize>() <= SMALL_REGION_ACCESSES
}

/// Whether every dependence that matters (the dataflow and the live
/// ranges of memory) has distance 0 in loop `m` of `band` (perfectly
/// nested loops, outermost first), so that `m` may move to any place of
/// the band (IPDA's independent loop): moved to the band's top it must be
/// legal and carry no value there; scalars it would have to make private
/// are allowed (a source-level copy makes them private). False for regions
/// too large for the exact engine and where isl gives up.
pub fn independent_loop(forest: &LoopForest, r: &Region, band: &[u32], m: u32, max_operations: u64) -> bool {
    if !is_small(r) || !band.contains(&m) {
        return false;
    }
    let p = prepare(forest, r);
    let depth = p.lm.depth.values().copied().max().unwrap_or(1);
    let Some(dims) = band.iter().map(|l| p.lm.depth.get(l).map(|&d| 2 * d as u32 - 1)).collect::<Option<Vec<u32>>>() else {
        return false;
    };
    let Some(&moved) = p.lm.depth.get(&m).map(|d| 2 * *d as u32 - 1).as_ref() else { return false };
    let order: Vec<u32> = std::iter::once(moved).chain(dims.iter().copied().filter(|&d| d != moved)).collect();
    let names: Vec<&str> = p.lm.stmts.get(&band[0]).map(|v| v.iter().map(|s| s.as_str()).collect()).unwrap_or_default();
    let cx = BoundedCtx::new(max_operations);
    let check = || -> Result<bool, IslFailure> {
        let model = IslScop::build(&cx, &r.scop)?;
        let lv: Vec<&str> = p.live.iter().map(|s| s.as_str()).collect();
        cx.reset_budget();
        let deps = Dependences::compute_with_live_out(&r.scop, &model, 2 * depth as u32 + 1, Some(&lv))?;
        let schedule = poly::permute_schedule(&cx, &model.schedule, &dims, &order, Some(&names))?;
        if !deps.check_schedule(&schedule)?.is_legal() {
            return Ok(false);
        }
        let top = deps.check_parallel(&schedule, dims[0])?;
        Ok(top.carried_flow.is_empty() && top.conflicting.iter().all(|a| !p.arrays.contains(a)))
    };
    check().unwrap_or(false)
}

/// The parameter values for which each loop of `loops` runs in parallel
/// once its SSA values are private: no flow carried through memory and no
/// conflicting live ranges in memory (isl text of a parameter set, within
/// the context), for the loops the verdicts leave sequential. parloops
/// makes SSA values private by itself and handles the ones carried across
/// iterations (inductions, reductions) or gives the loop up, so only memory
/// counts here. Per loop: Some("") when it holds for every parameter value;
/// None when it holds for none, or isl gave up. One dataflow for all loops.
pub fn memory_parallel_conditions(forest: &LoopForest, r: &Region, loops: &[u32], max_operations: u64) -> HashMap<u32, Option<String>> {
    // Small regions only (the exact engine's cost), and those in the
    // pairwise engine's notation with domains of one piece each (not
    // unrolled or split loops, not do-while loops whose tests were hoisted
    // out: their dataflow took 25 s on GCC's graphite/pr69292.c at -O3).
    let plain = LightScop::read(&r.scop).is_ok_and(|l| l.stmts.iter().all(|s| s.pieces == 1));
    if loops.is_empty() || !is_small(r) || !plain {
        return HashMap::new();
    }
    let lm = loop_map(forest, r);
    let arrays = memory_arrays(r);
    let dead = dead_local_arrays(forest, r, &lm, &arrays);
    let mut live: Vec<&str> = arrays.iter().filter(|a| !dead.contains(*a)).map(|a| a.as_str()).collect();
    live.push("errno");
    let mut scop = r.scop.clone();
    for st in &mut scop.statements {
        st.accesses.retain(|a| arrays.contains(&a.array) || a.array == "errno");
    }
    let depth = lm.depth.values().copied().max().unwrap_or(1);
    let cx = BoundedCtx::new(max_operations);
    let Ok(model) = IslScop::build(&cx, &scop) else { return HashMap::new() };
    cx.reset_budget();
    let Ok(deps) = Dependences::compute_with_live_out(&scop, &model, 2 * depth as u32 + 1, Some(&live)) else {
        return HashMap::new();
    };
    loops.iter().map(|&l| (l, loop_condition(&cx, &scop, &model, &deps, &lm, l))).collect()
}

/// `memory_parallel_conditions` for loop `l`.
fn loop_condition(cx: &BoundedCtx, scop: &poly::Scop, model: &IslScop, deps: &Dependences, lm: &LoopMap, l: u32) -> Option<String> {
    let stmts = lm.stmts.get(&l)?;
    if stmts.is_empty() {
        return None;
    }
    let dim = 2 * lm.depth[&l] as u32 - 1;
    let names: Vec<&str> = stmts.iter().map(|s| s.as_str()).collect();
    let set = conflict_free_condition(model, deps, &LoopId::of(dim, &names)).ok()?;
    if cx.ok(set.is_empty()).ok()? {
        return None;
    }
    if cx.ok(model.context.is_subset(&set)).ok()? {
        return Some(String::new());
    }
    // Not worth a test where it holds only when the loop writes memory in
    // at most one iteration (then nothing conflicts: the original copy runs).
    let writes = |s: &&poly::Statement| s.accesses.iter().any(|a| a.kind != poly::AccessKind::Read);
    let writers = scop.statements.iter().filter(|s| stmts.contains(&s.name)).filter(writes);
    let its = projected_domains(cx, writers, lm.depth[&l] as u32 - 1, 1, false).ok()??;
    let twice = cx.ok(cx.ok(cx.ok(its.copy()).ok()?.lex_lt_set(its)).ok()?.params()).ok()?;
    if cx.ok(cx.ok(cx.ok(set.copy()).ok()?.intersect(cx.ok(twice.copy()).ok()?)).ok()?.is_empty()).ok()? {
        return None;
    }
    // The parameters always lie in the context (their types' ranges): the
    // test need not check it again; nor need it hold where the loop writes
    // memory in at most one iteration.
    let twice = cx.ok(cx.ok(model.context.copy()).ok()?.intersect(twice)).ok()?;
    let set = cx.ok(set.gist(twice)).ok()?;
    Some(cx.ok(set.to_str()).ok()?.to_string())
}

/// The exact engine's counts and relations.
pub(super) fn exact_dependences(r: &Region, live: &[String], depth: usize, max_operations: u64) -> Result<(DependenceCounts, String), IslFailure> {
    let cx = BoundedCtx::new(max_operations);
    let model = IslScop::build(&cx, &r.scop)?;
    let lv: Vec<&str> = live.iter().map(|s| s.as_str()).collect();
    cx.reset_budget();
    let deps = Dependences::compute_with_live_out(&r.scop, &model, 2 * depth as u32 + 1, Some(&lv))?;
    let counts = deps.counts()?;
    let text = format!(
        "  dependences: {} flow, {} memory ({} ignored)\n    flow: {}\n    anti: {}\n    output: {}\n",
        counts.flow,
        counts.memory,
        counts.memory_ignored,
        deps.untagged_flow()?.to_str().unwrap_or("?"),
        deps.anti.to_str().unwrap_or("?"),
        deps.output.to_str().unwrap_or("?")
    );
    Ok((counts, text))
}
