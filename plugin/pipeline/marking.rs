//! Before parloops, the parallel marking: each loop the verdicts prove
//! parallel versioned on its run-time tests, given in its marked copy what
//! parloops needs to accept it (storage and copies of its own, reductions
//! in registers, the rewrites of the PHIs and values parloops refuses),
//! and marked for parloops, or run in a region of the plugin's own.

use super::cells::carry_cells;
use super::common::{analysis_options, function_report, own_region, own_region_remark, record_done, Detected, LoopDone, Versioned};
use crate::diag::{self, RemarkKind};
use crate::ffi;
use crate::gimple::ir::{Stmt, Tree};
use crate::gimple::transform::{CarriedCell, LoopPlan, RuntimeTest, ThreadCopies};
use crate::gimple::{self, LoopForest};
use crate::options::Options;
use crate::state::{MarkedLoop, Plugin};
use std::collections::BTreeMap;

/// Marks the loops the analysis proves parallel for parloops, versioning
/// them on their run-time tests; records what it did in the report.
pub(super) fn mark_parallel(p: &mut Plugin, name: &str, d: &Detected, versioned: &Versioned) {
    let (outcomes, plans, mark, min_trips) = plan_loops(p, name, d);
    let mut m = Marking {
        forest: &d.forest,
        regions: &d.regions,
        outcomes: &outcomes,
        options: &p.options,
        versioned,
        name,
        mark,
        min_trips,
        marked: &mut p.marked,
        done: Vec::new(),
    };
    for (l, plan) in &plans {
        m.mark_loop(*l, plan);
    }
    let done = m.done;
    let report = function_report(&mut p.functions, name);
    record_done(report, &d.forest, done);
    // (debug-unmarked-versions marks nothing: nothing to explain.)
    if mark {
        super::unreached::explain_unreached(function_report(&mut p.functions, name), &d.forest, &d.regions, &outcomes);
    }
}

/// The verdicts on cfun's regions and the plan of each of their loops
/// (GCCPOLY_TIME: how long each took), whether loops are marked (not
/// debug-unmarked-versions), and the iterations an innermost loop inside a
/// sequential one needs to run in parallel.
fn plan_loops(p: &Plugin, name: &str, d: &Detected) -> (Vec<gimple::parallel::RegionOutcome>, BTreeMap<u32, LoopPlan>, bool, u64) {
    let t0 = std::time::Instant::now();
    let (forest, regions) = (&d.forest, &d.regions);
    let aopts = analysis_options(p, true);
    let outcomes: Vec<gimple::parallel::RegionOutcome> =
        regions.iter().map(|r| gimple::parallel::analyze_region(forest, r, aopts)).collect();
    let t_verdicts = t0.elapsed();
    let mark = !p.options.unmarked_versions;
    // With unmarked versions no loop is tested for its iterations.
    let min_trips = if mark { p.options.min_trips.unwrap_or(gimple::transform::MIN_TRIPS_INSIDE) } else { 1 };
    let popts = gimple::transform::PlanOptions {
        max_operations: aopts.max_operations,
        privatize: !p.options.no_privatize,
        sink_reductions: !p.options.no_memory_reductions,
        array_reductions: !p.options.no_array_reductions,
        // SAFETY: reads a flag of the compilation.
        unsigned_reductions: !p.options.no_unsigned_reductions && unsafe { ffi::gp_flag_trapv() } == 0,
        min_trips,
        fma_may_differ: p.options.fma_may_differ,
    };
    let plans = gimple::transform::plan(forest, regions, &outcomes, popts);
    if std::env::var_os("GCCPOLY_TIME").is_some() {
        let sizes: Vec<String> = regions.iter().map(|r| format!("{}l/{}s", r.loops.len(), r.scop.statements.len())).collect();
        eprintln!("gccpoly-par {name}: detection {:?}, verdicts {:?}, plan {:?}; regions {}", d.took, t_verdicts, t0.elapsed() - t_verdicts, sizes.join(" "));
    }
    (outcomes, plans, mark, min_trips)
}

/// What the marking of cfun's loops shares: the regions and their
/// verdicts, the options, interchange's versions, and what was done.
struct Marking<'a> {
    forest: &'a LoopForest,
    regions: &'a [gimple::Region],
    outcomes: &'a [gimple::parallel::RegionOutcome],
    options: &'a Options,
    versioned: &'a Versioned,
    name: &'a str,
    mark: bool,
    min_trips: u64,
    marked: &'a mut Vec<MarkedLoop>,
    done: Vec<LoopDone>,
}

/// A plan to mark a loop parallel (`LoopPlan::Parallel`, whose doc says
/// what each part is).
struct ParallelPlan<'p> {
    test: &'p Option<RuntimeTest>,
    otherwise: &'p Vec<u32>,
    cyclic: bool,
    within: &'p Option<RuntimeTest>,
    storage: &'p Vec<Tree>,
    needs_trips: bool,
    sinks: &'p Vec<Stmt>,
    copies: &'p ThreadCopies,
    inner_sinks: &'p Vec<CarriedCell>,
}

/// What the marked copy of a loop was given of its own: its reductions in
/// memory moved to registers (`sinking`), copies per thread (`copying`)
/// and the names of the arrays copied.
struct Copied<'p> {
    sinking: bool,
    reduced: Vec<&'p str>,
    private: Vec<&'p str>,
    last_private: Vec<&'p str>,
    wrapped: Vec<&'p str>,
}

/// The rewrites that make parloops accept a marked loop, and what they
/// changed.
struct ParloopsRewrites<'p> {
    sunk_inner: Vec<(u32, Vec<&'p CarriedCell>)>,
    reloaded: u32,
    recomputed: u32,
    entered: bool,
    unsigned: Vec<String>,
    selected: u32,
    widened: u32,
}

/// Says that parallel loop `l` (`fl`) is kept sequential, and why.
fn kept(fl: &gimple::loops::Loop, l: u32, why: &str) -> LoopDone {
    diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, &format!("parallel loop kept sequential: {why}"));
    (l, Vec::new(), None, Some(why.to_string()))
}

impl Marking<'_> {
    /// Marks loop `l` for parloops (unless debug-unmarked-versions) with
    /// the remark `msg`, to be found again after parloops by its line.
    fn marked(&mut self, l: u32, guard: Option<String>, msg: &str, cyclic: bool) -> LoopDone {
        let mark = self.mark;
        if let Some(x) = self.forest.get(l) {
            let msg = if mark { msg.to_string() } else { format!("(debug-unmarked-versions: not marked) {msg}") };
            diag::remark(RemarkKind::GP_REMARK_OPTIMIZED, x.location, &msg);
            if let (true, Some(pos)) = (mark, &x.pos) {
                self.marked.push(MarkedLoop { function: self.name.to_string(), line: pos.line, column: pos.column, location: x.location, num: l, cyclic });
            }
        }
        (l, if mark { vec!["parallel"] } else { Vec::new() }, guard, None)
    }

    /// Carries out loop `l`'s plan: kept sequential, its cells carried in
    /// registers, or marked parallel.
    fn mark_loop(&mut self, l: u32, plan: &LoopPlan) {
        let (forest, regions) = (self.forest, self.regions);
        let Some(fl) = forest.get(l) else { return };
        // Where interchange's version test failed, the nest runs as written.
        if self.versioned.as_written.iter().any(|&c| forest.within(l, c)) {
            return;
        }
        let Some(ri) = regions.iter().position(|r| r.loops.contains(&l)) else { return };
        let region = &regions[ri];
        let plan = match plan {
            LoopPlan::Parallel { test, otherwise, cyclic, within, storage, min_trips, sinks, copies, inner_sinks } => {
                ParallelPlan { test, otherwise, cyclic: *cyclic, within, storage, needs_trips: *min_trips, sinks, copies, inner_sinks }
            }
            LoopPlan::Kept(why) => {
                self.done.push(kept(fl, l, why));
                return;
            }
            LoopPlan::Registers { test, cells, kept: why } => {
                if let Some(why) = why {
                    self.done.push(kept(fl, l, why));
                }
                if self.mark {
                    self.done.extend(carry_cells(forest, region, l, test.as_ref(), cells, self.versioned));
                }
                return;
            }
        };
        self.mark_parallel_loop(fl, l, ri, &plan);
    }

    /// Versions parallel loop `l` on its tests, gives its marked copy what
    /// parloops needs, and marks it (or runs it in a region of the
    /// plugin's own), with the remark that says all of it.
    fn mark_parallel_loop<'p>(&mut self, fl: &gimple::loops::Loop, l: u32, ri: usize, plan: &ParallelPlan<'p>) {
        let (forest, mark, options) = (self.forest, self.mark, self.options);
        let regions = self.regions;
        let region = &regions[ri];
        let Some((guard, otherwise, unwritten)) = self.version(fl, l, region, plan) else { return };
        let Some(c) = self.own_copies(fl, l, region, plan) else { return };
        let rw = self.parloops_rewrites(l, plan, &unwritten);
        let Some(trips_text) = self.trips_test(fl, l, plan) else { return };
        let inside = plan.within.as_ref().map(|w| w.text());
        // The whole test of the marked copy: within's, then test's.
        let whole: Vec<&str> = inside.iter().chain(&guard).chain(&trips_text).map(|s| s.as_str()).collect();
        let whole = (!whole.is_empty()).then(|| whole.join(" && "));
        let mut msg = self.remark_text(l, ri, plan, &whole, &c, &rw);
        let cyclic = plan.cyclic && mark && !options.no_cyclic;
        if cyclic {
            msg.push_str("; iterations dealt round-robin, schedule(static, 1): the inner loops' trip counts vary with it");
        }
        let (own, wrapped_deep) = self.own_region_for(fl, l, cyclic);
        if !wrapped_deep.is_empty() {
            msg.push_str(&format!(
                "; the reduction{} on {} computed in unsigned arithmetic, so that partial results wrap as the whole does",
                if wrapped_deep.len() == 1 { "" } else { "s" },
                wrapped_deep.join(", ")
            ));
        }
        let mut d = match &own {
            // Run already: not left to parloops.
            Some(lead) => {
                diag::remark(RemarkKind::GP_REMARK_OPTIMIZED, fl.location, &format!("{lead}{msg}"));
                (l, vec!["parallel"], whole, None)
            }
            None => self.marked(l, whole, &format!("loop marked parallel for parloops{msg}"), cyclic),
        };
        transforms(&mut d.1, mark, plan, &c, &rw, &wrapped_deep, cyclic, own.is_some());
        let line = fl.pos.as_ref().map(|p| p.line);
        let collapsed = if mark && options.collapse && own.is_none() && region.counted() { gimple::interchange::collapse(forest, region, l, &self.outcomes[ri]) } else { None };
        if let Some(c) = &collapsed {
            d.1.push("collapse");
            if let Some(fi) = forest.get(c.inner) {
                diag::remark(
                    RemarkKind::GP_REMARK_OPTIMIZED,
                    fl.location,
                    &format!(
                        "loops at lines {} and {} collapsed into one parallel loop of {} x (the inner trip count) iterations: {} iterations would keep {} threads unevenly busy",
                        line.unwrap_or(0),
                        fi.line(),
                        c.trips,
                        c.trips,
                        c.threads
                    ),
                );
            }
            self.done.push((c.inner, vec!["collapse"], None, None));
        }
        self.done.push(d);
        self.inner_loops(&rw.sunk_inner, otherwise, line, &inside, &guard);
    }

    /// Versions loop `l` on its tests (on none inside interchange's version
    /// on the same test): the test's text and the inner loops to mark where
    /// it fails, with the loads PRE may carry across its iterations; None
    /// where versioning failed.
    fn version<'p>(&mut self, fl: &gimple::loops::Loop, l: u32, region: &gimple::Region, plan: &ParallelPlan<'p>) -> Option<(Option<String>, &'p [u32], Vec<Tree>)> {
        let (forest, mark, options) = (self.forest, self.mark, self.options);
        // Inside interchange's version on this very test: no other copy.
        let inside_version = plan
            .test
            .as_ref()
            .map(|t| t.text())
            .filter(|text| plan.within.is_none() && self.versioned.under.iter().any(|(u, g)| forest.within(l, *u) && g == text));
        let (test, otherwise) = match inside_version {
            Some(_) => (None, &[][..]),
            None => (plan.test.as_ref(), &plan.otherwise[..]),
        };
        // What PRE may carry across its iterations, found before versioning
        // changes the function.
        let unwritten = if mark && !options.no_reload { gimple::parallel::unwritten_loads(forest, region, l) } else { Vec::new() };
        if !gimple::transform::apply(region, l, plan.within.as_ref(), test, otherwise, mark) {
            self.done.push(kept(fl, l, "versioning the loop failed"));
            // The inner loops then run in parallel as they are, unless
            // their parallelism rests on a test.
            if plan.within.is_none() {
                for &x in otherwise {
                    gimple::transform::apply(region, x, None, None, &[], mark);
                    let d = self.marked(x, None, "loop marked parallel for parloops", false);
                    self.done.push(d);
                }
            }
            return None;
        }
        let guard = inside_version.or_else(|| test.map(|t| t.text()));
        Some((guard, otherwise, unwritten))
    }

    /// Gives the marked copy of loop `l` storage of its own for its
    /// private arrays, its reductions in memory in registers and copies
    /// per thread of its arrays; None (the loop unmarked) where one fails.
    fn own_copies<'p>(&mut self, fl: &gimple::loops::Loop, l: u32, region: &gimple::Region, plan: &ParallelPlan<'p>) -> Option<Copied<'p>> {
        let mark = self.mark;
        // Storage of its own in each iteration for its private arrays,
        // now that it is the marked copy.
        if !plan.storage.is_empty() && mark && !gimple::transform::private_storage(l, plan.storage, true) {
            // SAFETY: l is a loop of cfun.
            unsafe { ffi::gp_loop_mark_parallel(l, 0) };
            self.done.push(kept(fl, l, "its private arrays could not be given storage of their own"));
            return None;
        }
        // Its reductions in memory become register reductions, now that it
        // is the marked copy: their stores move after it.
        let sinking = mark && !plan.sinks.is_empty();
        if sinking && !plan.sinks.iter().all(|s| gimple::transform::sink_store(l, *s, true)) {
            // SAFETY: l is a loop of cfun.
            unsafe { ffi::gp_loop_mark_parallel(l, 0) };
            self.done.push(kept(fl, l, "the stores of its reductions in memory could not be moved after it"));
            return None;
        }
        // Its reductions into arrays and its private arrays get a copy per
        // thread, now that it is the marked copy.
        let copying = mark && !plan.copies.is_empty();
        if copying && !gimple::transform::thread_copies(region, l, plan.copies, true) {
            // SAFETY: l is a loop of cfun.
            unsafe { ffi::gp_loop_mark_parallel(l, 0) };
            self.done.push(kept(fl, l, "its arrays could not be given copies per thread"));
            return None;
        }
        use gimple::transform::CopyKind;
        let copied = |kinds: &[CopyKind]| if copying { plan.copies.names(kinds) } else { Vec::new() };
        let (reduced, private) = (copied(&[CopyKind::Sum]), copied(&[CopyKind::Private, CopyKind::LastPrivate]));
        let last_private = copied(&[CopyKind::LastPrivate]);
        let wrapped = if copying { plan.copies.wrapped() } else { Vec::new() };
        Some(Copied { sinking, reduced, private, last_private, wrapped })
    }

    /// The rewrites of loop `l`'s marked copy that make parloops accept it.
    fn parloops_rewrites<'p>(&self, l: u32, plan: &ParallelPlan<'p>, unwritten: &[Tree]) -> ParloopsRewrites<'p> {
        let (mark, options) = (self.mark, self.options);
        // Its inner loops' reductions into one cell keep their running
        // values in registers, stored after those loops.
        let mut sunk_inner: Vec<(u32, Vec<&'p CarriedCell>)> = Vec::new();
        for c in plan.inner_sinks.iter().filter(|_| mark) {
            if gimple::transform::carry_cell(c, true) {
                match sunk_inner.iter_mut().find(|(x, _)| *x == c.l) {
                    Some((_, cs)) => cs.push(c),
                    None => sunk_inner.push((c.l, vec![c])),
                }
            }
        }
        // parloops refuses a loop with a PHI that is neither a counter nor a
        // reduction ("scalar dependency between iterations"): a value PRE
        // loads at the end of one iteration for the next is loaded in
        // each instead.
        let reloaded = if mark && !unwritten.is_empty() { gimple::transform::reload_invariants(l, &unwritten) } else { 0 };
        // parloops refuses a value the loop computes and uses after it, a
        // reduction's apart: one that is the same in every iteration is
        // computed again after the loop instead.
        let recomputed = if mark && !options.no_recompute { gimple::transform::recompute_exit_values(l) } else { 0 };
        // parloops makes a double reduction only in a nest of the
        // vectorizer's form, without a test before the inner loop.
        let entered = mark && !options.no_enter_inner && gimple::transform::enter_inner(l);
        // parloops makes no reduction of a signed integer type (a partial
        // sum could overflow where the whole does not): such reductions are
        // computed in unsigned arithmetic, which gives the same values.
        let unsigned = if mark && !options.no_unsigned_reductions { gimple::transform::wrapping_reductions(l, false) } else { Vec::new() };
        // parloops makes reductions only in a body of one block: a
        // conditional update becomes an unconditional one of the operand or
        // the identity.
        let selected = if mark && !options.no_conditional_reductions { gimple::transform::select_reductions(l) } else { 0 };
        // parloops' counter has the precision of the loop's widest: 64-bit
        // counters for the 64-bit values of 32-bit ones keep the
        // addresses affine for the vectorizer.
        let widened = if mark && !options.no_wide_counters { gimple::transform::wide_counters(l) } else { 0 };
        ParloopsRewrites { sunk_inner, reloaded, recomputed, entered, unsigned, selected, widened }
    }

    /// Versions loop `l` on its count where it needs enough iterations:
    /// the test's text; None (the loop kept) where it never has them.
    fn trips_test(&mut self, fl: &gimple::loops::Loop, l: u32, plan: &ParallelPlan) -> Option<Option<String>> {
        let (mark, min_trips) = (self.mark, self.min_trips);
        // An innermost loop inside a sequential loop starts the threads
        // once per iteration of the loop around it: in parallel only with
        // enough iterations, tested at run time.
        let trips_test = if mark && plan.needs_trips && min_trips > 1 {
            // SAFETY: l is a marked loop of cfun.
            unsafe { ffi::gp_loop_version_min_trips(l, min_trips as _) }
        } else {
            0
        };
        if trips_test == 2 {
            self.done.push(kept(fl, l, &gimple::transform::too_few_trips(min_trips)));
            return None;
        }
        let trips_text = (trips_test == 1).then(|| format!("iterations >= {min_trips}"));
        Some(trips_text)
    }

    /// What the remark of marked loop `l` says after its lead, up to its
    /// schedule: its test, and what its copy was given and rewritten.
    fn remark_text(&self, l: u32, ri: usize, plan: &ParallelPlan, whole: &Option<String>, c: &Copied, rw: &ParloopsRewrites) -> String {
        let (storage, sinks, copies, sinking) = (plan.storage, plan.sinks, plan.copies, c.sinking);
        let (reduced, private, last_private, wrapped) = (&c.reduced, &c.private, &c.last_private, &c.wrapped);
        let (reloaded, recomputed, entered, unsigned, selected, widened) = (rw.reloaded, rw.recomputed, rw.entered, &rw.unsigned, rw.selected, rw.widened);
        // What the remark says after its lead ("loop marked parallel for
        // parloops", or the plugin's own region's).
        let mut msg = whole.as_ref().map(|g| format!(", in a copy run when {g}")).unwrap_or_default();
        if !storage.is_empty() {
            let names: Vec<String> = storage.iter().map(|d| d.decl_name().unwrap_or_else(|| "(unnamed)".into())).collect();
            msg.push_str(&format!("; each iteration has storage of its own for {}", names.join(", ")));
        }
        if sinking {
            msg.push_str(&format!(
                "; the running value{} of {} kept in a register, stored after the loop",
                if sinks.len() == 1 { "" } else { "s" },
                plan_cells(&self.outcomes[ri], l).join(", ")
            ));
        }
        if !reduced.is_empty() {
            msg.push_str(&format!(
                "; reductions into {}: each thread adds into a zeroed copy of its own, and the copies are added to {} after the loop",
                reduced.join(", "),
                if reduced.len() == 1 { "the array" } else { "the arrays" }
            ));
        }
        if !wrapped.is_empty() {
            msg.push_str(&format!("; the sums into {} computed in unsigned arithmetic", wrapped.join(", ")));
        }
        if !private.is_empty() {
            msg.push_str(&format!("; each thread works in a copy of its own of {}", private.join(", ")));
            let filled = copies.filled();
            if !filled.is_empty() {
                msg.push_str(&format!(", filled with the values of {} from before the loop", filled.join(", ")));
            }
            if !last_private.is_empty() {
                msg.push_str(&format!(
                    ", except the last iteration, which works in {} itself, so that {} after the loop",
                    last_private.join(", "),
                    if last_private.len() == 1 { "its values are the last iteration's" } else { "their values are the last iteration's" }
                ));
            }
        }
        if recomputed > 0 {
            msg.push_str(&format!(
                "; {recomputed} value{} used after the loop taken from before it or computed again after it",
                if recomputed == 1 { "" } else { "s" }
            ));
        }
        if !unsigned.is_empty() {
            msg.push_str(&format!(
                "; the reduction{} on {} computed in unsigned arithmetic, so that parloops makes {}",
                if unsigned.len() == 1 { "" } else { "s" },
                unsigned.join(", "),
                if unsigned.len() == 1 { "it" } else { "them" }
            ));
        }
        if entered {
            msg.push_str("; versioned on the test its inner loop is entered under, so that parloops makes its reductions around the inner loop");
        }
        if widened > 0 {
            msg.push_str(&format!(
                "; {widened} 64-bit value{} of its counter given a counter of {} own, so that its accesses stay affine for the vectorizer once parloops counts its iterations",
                if widened == 1 { "" } else { "s" },
                if widened == 1 { "its" } else { "their" }
            ));
        }
        if selected > 0 {
            msg.push_str(&format!(
                "; {selected} conditional update{} of a reduction made unconditional, the condition choosing the value added or the identity, so that the loop's body is one block for parloops",
                if selected == 1 { "" } else { "s" }
            ));
        }
        if reloaded > 0 {
            msg.push_str(&format!(
                "; {reloaded} value{} that PRE carried from one iteration to the next loaded in each iteration instead",
                if reloaded == 1 { "" } else { "s" }
            ));
        }
        msg
    }

    /// Runs loop `l` in an OpenMP region of the plugin's own where parloops
    /// would not: the lead of its remark, and its reductions computed in
    /// unsigned arithmetic for it.
    fn own_region_for(&self, fl: &gimple::loops::Loop, l: u32, cyclic: bool) -> (Option<String>, Vec<String>) {
        let (mark, options) = (self.mark, self.options);
        // parloops declines a reduction around a nest of three loops, or
        // a last value, and would run an inner loop instead: the plugin's
        // own region runs the loop.
        // SAFETY: l is a marked loop of cfun.
        let skipped = if mark && !options.no_own_regions && !cyclic { unsafe { ffi::gp_loop_parloops_skips(l) } } else { 0 };
        let mut own: Option<String> = None;
        let mut wrapped_deep: Vec<String> = Vec::new();
        if skipped != 0 {
            let line = fl.line();
            // Its reductions of signed integers around the nest, in
            // unsigned arithmetic, so that partial results may wrap.
            if skipped == 1 && !options.no_unsigned_reductions {
                wrapped_deep = gimple::transform::wrapping_reductions(l, true);
            }
            match own_region(l, line, options.reassociate) {
                Ok(None) => {}
                Ok(Some((reductions, last))) => {
                    let because = if skipped == 1 {
                        "parloops declines reductions around nests of three loops"
                    } else {
                        "parloops declines a value used after the loop that is not a reduction, and would run an inner loop"
                    };
                    own = Some(own_region_remark(because, reductions, last));
                }
                Err(why) => diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, &format!("loop not run in a region of gccpoly's own: {why}; left to parloops")),
            }
        }
        (own, wrapped_deep)
    }

    /// The remarks and report entries of the inner loops of a marked loop
    /// at `line`: those whose cells its copy carries in registers, and
    /// those marked in the copy run where its test fails.
    fn inner_loops(&mut self, sunk_inner: &[(u32, Vec<&CarriedCell>)], otherwise: &[u32], line: Option<u32>, inside: &Option<String>, guard: &Option<String>) {
        let forest = self.forest;
        for (x, cs) in sunk_inner {
            let x = *x;
            if let Some(fx) = forest.get(x) {
                // PRE's register cycles only: one sentence.
                let what = if cs.iter().all(|c| !c.loaded()) {
                    let cells: Vec<&str> = cs.iter().map(|c| c.cell.as_str()).collect();
                    let fusion = cs.first().map(|c| c.fusion.words()).unwrap_or_default();
                    format!("the running value of {} kept in a register, stored after the loop{fusion}", cells.join(", "))
                } else {
                    cs.iter().map(|c| c.describe()).collect::<Vec<_>>().join("; ")
                };
                diag::remark(
                    RemarkKind::GP_REMARK_OPTIMIZED,
                    fx.location,
                    &format!("{what}, in the copy of the loop at line {} that runs in parallel", line.unwrap_or(0)),
                );
            }
            let t = if cs.iter().any(|c| c.loaded()) { "register-cell" } else { "reduction" };
            self.done.push((x, vec![t], None, None));
        }
        for &x in otherwise {
            let (msg, g) = match inside {
                Some(w) => (
                    format!("loop marked parallel for parloops, in the copy run when {w} holds and the rest of the test of the loop at line {} fails", line.unwrap_or(0)),
                    guard.as_ref().map(|g| format!("{w} && !({g})")),
                ),
                None => (
                    format!("loop marked parallel for parloops, in the copy run when the test of the loop at line {} fails", line.unwrap_or(0)),
                    guard.as_ref().map(|g| format!("!({g})")),
                ),
            };
            let d = self.marked(x, g, &msg, false);
            self.done.push(d);
        }
    }
}

/// The transforms the report lists for a marked loop, in `t`.
#[allow(clippy::too_many_arguments)]
fn transforms(t: &mut Vec<&'static str>, mark: bool, plan: &ParallelPlan, c: &Copied, rw: &ParloopsRewrites, wrapped_deep: &[String], cyclic: bool, own: bool) {
    let (storage, sinking, reduced, private, wrapped) = (plan.storage, c.sinking, &c.reduced, &c.private, &c.wrapped);
    let (reloaded, recomputed, entered, unsigned, selected, widened) = (rw.reloaded, rw.recomputed, rw.entered, &rw.unsigned, rw.selected, rw.widened);
    if !storage.is_empty() && mark {
        t.push("privatize");
    }
    if sinking {
        t.push("reduction");
    }
    if !reduced.is_empty() {
        t.push("array-reduction");
    }
    if !private.is_empty() {
        t.push("privatize");
    }
    if reloaded > 0 {
        t.push("reload");
    }
    if recomputed > 0 {
        t.push("recompute");
    }
    if !unsigned.is_empty() || !wrapped.is_empty() || !wrapped_deep.is_empty() {
        t.push("unsigned-reduction");
    }
    if selected > 0 {
        t.push("conditional-reduction");
    }
    if widened > 0 {
        t.push("wide-counter");
    }
    if entered {
        t.push("enter-inner");
    }
    if cyclic {
        t.push("cyclic");
    }
    if own {
        t.push("own-region");
    }
}

/// The cells of loop `l`'s reductions in memory, as the verdict names them.
fn plan_cells(o: &gimple::parallel::RegionOutcome, l: u32) -> Vec<String> {
    o.loops.get(&l).map(|v| v.in_memory.clone()).unwrap_or_default()
}
