//! Before parloops, the rewrites that reorder iterations, one per region
//! at most of those the model stops describing: interchange, runs by
//! diagonals (skew), unroll-and-jam and the shift, each nest resting on
//! its region's run-time test, first versioned on it.

use super::common::{add_transform, analysis_options, function_report, loop_report, position, Detected, Versioned};
use crate::diag::{self, RemarkKind};
use crate::gimple::{self, LoopForest};
use crate::report::FunctionReport;
use crate::state::Plugin;

/// Interchanges the loop pairs the locality model favours and the dataflow
/// allows, runs by diagonals the pairs that carry chains (with
/// `swapping`: -floop-interchange on), and unrolls and jams the loops
/// whose inner loops carry chains (with `jamming`), runs the first inner
/// loop of a loop, one iteration early, inside its last (with
/// `shifting`), each nest resting on a run-time test first versioned on it; the parallel marking that follows
/// (when `parallel`) analyses the rewritten loops afresh.
pub(super) fn reorder(p: &mut Plugin, name: &str, d: &Detected, parallel: bool, swapping: bool, jamming: bool, shifting: bool) -> Versioned {
    let mut versioned = Versioned::default();
    let forest = &d.forest;
    // -fplugin-arg-gccpoly-reassociate allows the partial results of
    // threads, not reordering a sequential loop: GCC's permission only.
    let aopts = gimple::parallel::AnalysisOptions {
        reassociate: gimple::ir::associative_math(),
        reassociate_by_option: false,
        ..analysis_options(p, true)
    };
    let min_trips = p.options.min_trips.unwrap_or(gimple::transform::MIN_TRIPS_INSIDE);
    let mut report = function_report(&mut p.functions, name);
    for r in d.regions.iter().filter(|r| r.counted()) {
        let _work = r.work();
        // The region's verdicts and run-time test, computed for its first
        // candidate pair; the nest is versioned on the test once.
        let mut cx = RegionRewrites {
            forest,
            r,
            aopts,
            parallel,
            outcomes: None,
            test: NestTest::default(),
            versioned: &mut versioned,
            report: report.as_deref_mut(),
            fma_may_differ: p.options.fma_may_differ,
        };
        let swapped = !p.options.no_interchange && swapping && cx.interchange_pairs();
        // A pair run by its diagonals, one per region (its model no
        // longer describes the code), where no pair was swapped.
        let skewed = !p.options.no_skew && swapping && !swapped && cx.skew();
        // Loops whose inner loops carry chains, unrolled and jammed, where
        // no pair was rewritten (the model no longer describes a rewritten
        // pair; a jam leaves the region's other loops as they were).
        let jammed = jamming && !swapped && !skewed && cx.unroll_and_jam();
        // A loop's first inner loop run one iteration early inside its
        // last, one per region, where nothing else was rewritten.
        if shifting && !swapped && !skewed && !jammed {
            cx.shift(min_trips);
        }
    }
    versioned
}

/// What the rewrites of one region share: its verdicts, computed for its
/// first candidate, its run-time test and the nests versioned on it, and
/// the function's report.
struct RegionRewrites<'a> {
    forest: &'a LoopForest,
    r: &'a gimple::Region,
    aopts: gimple::parallel::AnalysisOptions,
    parallel: bool,
    outcomes: Option<gimple::parallel::RegionOutcome>,
    test: NestTest,
    versioned: &'a mut Versioned,
    report: Option<&'a mut FunctionReport>,
    /// -fplugin-arg-gccpoly-fma-may-differ.
    fma_may_differ: bool,
}

impl RegionRewrites<'_> {
    /// Versions the nest around loop `l` on the region's run-time test
    /// (once per nest): the remark's words for the copy it runs in
    /// (", in a copy run when TEST", or none without a test); None, with
    /// `missed` told why where there is a reason, where it cannot be.
    fn version_nest(&mut self, l: u32, missed: &dyn Fn(&str)) -> Option<String> {
        match self.test.version(self.forest, self.r, l, self.aopts.max_operations, self.versioned) {
            Ok(guard) => Some(guard.map(|g| format!(", in a copy run when {g}")).unwrap_or_default()),
            Err(why) => {
                why.inspect(|w| missed(w));
                None
            }
        }
    }

    /// Whether loop `l` may be rewritten for the products GCC would fuse
    /// (gimple/contraction.rs): the judgement, whose words the remark
    /// ends with; None, with `missed` told why, where it may not.
    fn fusion(&self, l: u32, missed: &dyn Fn(&str)) -> Option<gimple::contraction::Fusion> {
        let fusion = gimple::contraction::judge(self.forest, l, self.fma_may_differ);
        match fusion.refusal() {
            Some(why) => {
                missed(&why);
                None
            }
            None => Some(fusion),
        }
    }

    /// Interchanges the region's pairs the locality model favours and the
    /// dataflow allows; says whether one was swapped.
    fn interchange_pairs(&mut self) -> bool {
        let (forest, r, aopts, parallel) = (self.forest, self.r, self.aopts, self.parallel);
        let mut swapped = false;
        for &o in &r.loops {
            let swap = match gimple::interchange::judge(forest, r, o, aopts.max_operations) {
                Ok(s) => s,
                Err(None) => continue,
                Err(Some(why)) => {
                    if let Some(fo) = forest.get(o) {
                        diag::remark(RemarkKind::GP_REMARK_MISSED, fo.location, &format!("loop at line {} not interchanged with its inner loop: {why}", fo.line()));
                    }
                    continue;
                }
            };
            let (Some(fo), Some(fi)) = (forest.get(swap.outer), forest.get(swap.inner)) else { continue };
            let missed = |why: &str| {
                diag::remark(RemarkKind::GP_REMARK_MISSED, fo.location, &format!("loops at lines {} and {} not interchanged: {why}", fo.line(), fi.line()));
            };
            let Some(fusion) = self.fusion(swap.outer, &missed) else { continue };
            let v = self.outcomes.get_or_insert_with(|| gimple::parallel::analyze_region(forest, r, aopts));
            if let Some(why) = gimple::interchange::parallelism_lost(forest, r, &swap, v, parallel) {
                missed(why);
                continue;
            }
            let Some(within) = self.version_nest(swap.outer, &missed) else { continue };
            if !gimple::interchange::apply(&swap) {
                continue;
            }
            swapped = true;
            self.versioned.changed = true;
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fo.location,
                &format!(
                    "loops at lines {} and {} interchanged{within}: the inner loop's accesses touch {:.3} cache lines per iteration instead of {:.3}; {}{}",
                    fo.line(),
                    fi.line(),
                    swap.after,
                    swap.before,
                    swap.legality,
                    fusion.words()
                ),
            );
            for (a, b) in [(fo, fi), (fi, fo)] {
                if let Some(lr) = loop_report(self.report.as_deref_mut(), position(a)) {
                    add_transform(lr, "interchange");
                    lr.swapped_with = Some(b.line());
                }
            }
        }
        swapped
    }

    /// Runs by its diagonals the first pair of the region whose inner loop
    /// carries a chain; says whether one was.
    fn skew(&mut self) -> bool {
        let (forest, r, aopts, parallel) = (self.forest, self.r, self.aopts, self.parallel);
        for &o in &r.loops {
            let missed = |why: &str| {
                if let Some((fo, fi)) = forest.get(o).zip(gimple::interchange::children(forest, r, o).first().and_then(|&c| forest.get(c))) {
                    diag::remark(RemarkKind::GP_REMARK_MISSED, fo.location, &format!("loops at lines {} and {} not run by diagonals: {why}", fo.line(), fi.line()));
                }
            };
            let v = self.outcomes.get_or_insert_with(|| gimple::parallel::analyze_region(forest, r, aopts));
            let skew = match gimple::interchange::judge_skew(forest, r, o, v, parallel, aopts.max_operations) {
                Ok(s) => s,
                Err(why) => {
                    why.inspect(|w| missed(w));
                    continue;
                }
            };
            let (Some(fo), Some(fi)) = (forest.get(skew.outer), forest.get(skew.inner)) else { continue };
            let Some(fusion) = self.fusion(skew.outer, &missed) else { continue };
            let Some(within) = self.version_nest(skew.outer, &missed) else { continue };
            if !gimple::interchange::apply_skew(&skew) {
                continue;
            }
            self.versioned.changed = true;
            let f = match skew.factor {
                1 => String::new(),
                f => format!("{f} "),
            };
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fo.location,
                &format!(
                    "loops at lines {} and {} run by diagonals{within}: the outer loop counts the diagonals {f}a + b of their iteration numbers (a, b), the inner loop the iterations on one, which are independent: each no longer waits for the value its inner loop carried from the iteration before; every dependence goes from a diagonal to a later one{}",
                    fo.line(),
                    fi.line(),
                    fusion.words()
                ),
            );
            for x in [fo, fi] {
                if let Some(lr) = loop_report(self.report.as_deref_mut(), position(x)) {
                    add_transform(lr, "skew");
                }
            }
            return true;
        }
        false
    }

    /// Unrolls and jams the loops whose inner loops carry chains, their
    /// cells updated in memory carried in registers first; says whether
    /// one was.
    fn unroll_and_jam(&mut self) -> bool {
        let (forest, r, aopts, parallel) = (self.forest, self.r, self.aopts, self.parallel);
        let mut jammed = false;
        for &l in &r.loops {
            let Some(fl) = forest.get(l) else { continue };
            let missed = |why: &str| {
                diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, &format!("loop at line {} not unrolled and jammed: {why}", fl.line()));
            };
            let v = self.outcomes.get_or_insert_with(|| gimple::parallel::analyze_region(forest, r, aopts));
            let jam = match gimple::interchange::judge_jam(forest, r, l, v, parallel, aopts.max_operations) {
                Ok(j) => j,
                Err(why) => {
                    why.inspect(|w| missed(w));
                    continue;
                }
            };
            let Some(fusion) = self.fusion(l, &missed) else { continue };
            let Some(within) = self.version_nest(l, &missed) else { continue };
            // The cells its inner loops update in memory (atax's tmp[i],
            // stored on every iteration where the arrays may overlap) go
            // to registers first, in the copy where the test holds: the
            // jammed copies then carry their chains in registers.
            for c in gimple::transform::cells_inside(forest, r, l, aopts.max_operations, self.fma_may_differ) {
                if !gimple::transform::carry_cell(&c, true) {
                    continue;
                }
                self.versioned.changed = true;
                if let Some(fx) = forest.get(c.l) {
                    diag::remark(RemarkKind::GP_REMARK_OPTIMIZED, fx.location, &format!("{}{within}", c.describe()));
                    if let Some(lr) = loop_report(self.report.as_deref_mut(), position(fx)) {
                        add_transform(lr, "register-cell");
                    }
                }
            }
            if !gimple::interchange::apply_jam(&jam) {
                continue;
            }
            self.versioned.changed = true;
            let lines: Vec<String> = jam.inner.iter().filter_map(|&c| forest.get(c)).map(|c| c.line().to_string()).collect();
            let (loops, lines) = match lines.len() {
                1 => ("loop at line", format!("{} runs", lines[0])),
                _ => ("loops at lines", format!("{} and {} run", lines[..lines.len() - 1].join(", "), lines[lines.len() - 1])),
            };
            // The inner loop whose count grows with the iteration: what
            // its copies run where the first copy's count ends.
            let growing = jam.growing.and_then(|g| forest.get(g)).map(|g| {
                format!(
                    "; the loop at line {} runs one iteration more at each iteration: the copies share the first's iterations, and each runs its last ones after them, right before its own statements after that loop",
                    g.line()
                )
            });
            let f = jam.factor;
            let chains = match jam.chains {
                1 => "the chain of floating-point operations they carry from one iteration to the next (each waits for the one before) runs".to_string(),
                c => format!("the {c} chains of floating-point operations they carry from one iteration to the next (each waits for the one before) run"),
            };
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fl.location,
                &format!(
                    "loop at line {} unrolled and jammed by {f}{within}: its inner {loops} {lines} {f} of its iterations at each of theirs, so that {chains} {f} times side by side{}; no dependence goes from an iteration to one of the next {} that the new order runs first; its last 1 to {f} iterations run after it, as written{}",
                    fl.line(),
                    growing.unwrap_or_default(),
                    f - 1,
                    fusion.words()
                ),
            );
            if let Some(lr) = loop_report(self.report.as_deref_mut(), position(fl)) {
                add_transform(lr, "jam");
            }
            jammed = true;
        }
        jammed
    }

    /// Runs a loop's first inner loop, one iteration early, inside its
    /// last, for the first loop of the region where that is allowed.
    fn shift(&mut self, min_trips: u64) {
        let (forest, r, aopts, parallel) = (self.forest, self.r, self.aopts, self.parallel);
        for &l in &r.loops {
            let Some(fl) = forest.get(l) else { continue };
            let missed = |why: &str| {
                diag::remark(RemarkKind::GP_REMARK_MISSED, fl.location, &format!("loop at line {} not shifted: {why}", fl.line()));
            };
            let v = self.outcomes.get_or_insert_with(|| gimple::parallel::analyze_region(forest, r, aopts));
            let shift = match gimple::interchange::judge_shift(forest, r, l, v, parallel, min_trips, aopts.max_operations) {
                Ok(s) => s,
                Err(why) => {
                    why.inspect(|w| missed(w));
                    continue;
                }
            };
            let (Some(fa), Some(fb)) = (forest.get(shift.first), forest.get(shift.last)) else { continue };
            let Some(fusion) = self.fusion(l, &missed) else { continue };
            let Some(within) = self.version_nest(l, &missed) else { continue };
            if !gimple::interchange::apply_shift(&shift) {
                continue;
            }
            self.versioned.changed = true;
            let below = match shift.max_count {
                0 => String::new(),
                m => format!(" and below {m} iterations (from there on it runs in parallel, as written)"),
            };
            diag::remark(
                RemarkKind::GP_REMARK_OPTIMIZED,
                fl.location,
                &format!(
                    "loop at line {} shifted{within}: its inner loop at line {} runs its next iteration's first iterations inside the loop at line {}, each right after that loop's own, wherever this iteration is not the last{below}, so that the chain of floating-point operations it carries (each waits for the one before) runs beside that loop's work; the next iteration runs only its last iteration; no statement that now runs after them writes a cell they read{}",
                    fl.line(),
                    fa.line(),
                    fb.line(),
                    fusion.words()
                ),
            );
            for x in [fl, fa, fb] {
                if let Some(lr) = loop_report(self.report.as_deref_mut(), position(x)) {
                    add_transform(lr, "shift");
                }
            }
            return;
        }
    }
}

/// A region's run-time test for the pair transformations of the pass
/// before parloops: computed for the first pair that needs it, each nest
/// of the region versioned on it once, when a pair of that nest needs it.
#[derive(Default)]
struct NestTest {
    test: Option<Result<Option<gimple::transform::RuntimeTest>, String>>,
    versioned: Vec<u32>,
}

impl NestTest {
    /// Versions the nest of region `r` around loop `l` (the region's
    /// outermost loop around it) on the region's test the first time (the
    /// copy where it fails, left as written, into `out`): the test's text
    /// (None: the region needs none), or why not (None: versioning
    /// failed). A region may hold several nests one after the other: the
    /// one versioned must be `l`'s, or `l` would be changed where the test
    /// fails.
    fn version(&mut self, forest: &LoopForest, r: &gimple::Region, l: u32, max_operations: u64, out: &mut Versioned) -> Result<Option<String>, Option<String>> {
        let test = match self.test.get_or_insert_with(|| gimple::transform::region_test(&poly::BoundedCtx::new(max_operations), r)) {
            Ok(t) => t.as_ref(),
            Err(why) => return Err(Some(why.clone())),
        };
        let Some(t) = test else { return Ok(None) };
        let text = t.text();
        let mut nest = l;
        while let Some(p) = forest.get(nest).and_then(|x| x.parent).filter(|p| r.loops.contains(p)) {
            nest = p;
        }
        if !self.versioned.contains(&nest) {
            let copy = gimple::transform::version_on(r, nest, t).ok_or(None)?;
            out.under.push((nest, text.clone()));
            out.as_written.push(copy);
            out.changed = true;
            self.versioned.push(nest);
        }
        Ok(Some(text))
    }
}
