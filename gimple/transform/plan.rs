//! The plan of the parallel marking: which loops to mark, the options and limits that decide it, and the cells a loop carries.

use super::*;

/// A loop chosen to run in parallel: under `condition` (isl text of a
/// parameter set) when there is one, with the loops inside it that run in
/// parallel when the condition fails.
struct Choice {
    l: u32,
    condition: Option<String>,
    otherwise: Vec<u32>,
    storage: Vec<Tree>,
    sinks: Vec<Stmt>,
    copies: ThreadCopies,
}

/// What `plan` may do.
#[derive(Clone, Copy, Debug)]
pub struct PlanOptions {
    /// The isl operations budget of each computation.
    pub max_operations: u64,
    /// Private arrays declared in a loop's body get storage of each
    /// iteration's own (`no-privatize` says not).
    pub privatize: bool,
    /// Reductions into one memory cell have their stores moved after the
    /// loop (`no-memory-reductions` says not).
    pub sink_reductions: bool,
    /// Reductions into arrays get a zeroed copy per thread
    /// (`no-array-reductions` says not).
    pub array_reductions: bool,
    /// Rewrites that change which products GCC fuses with additions are
    /// made anyway (`fma-may-differ`; gimple/contraction.rs).
    pub fma_may_differ: bool,
    /// The least number of iterations of an innermost loop inside a
    /// sequential one (`MIN_TRIPS_INSIDE`, `min-trips=N`; 1: no minimum).
    pub min_trips: u64,
    /// Sums into arrays of signed integers are computed in unsigned
    /// arithmetic (`no-unsigned-reductions` says not).
    pub unsigned_reductions: bool,
}

/// Why an innermost loop inside a sequential one stays sequential when its
/// count is below `min_trips`.
pub fn too_few_trips(min_trips: u64) -> String {
    format!("too little work per start of the threads: fewer than {min_trips} iterations, inside a sequential loop")
}

/// The least number of iterations with which an innermost loop inside a
/// sequential loop runs in parallel, tested at run time: it starts the
/// threads once per iteration of the loop around it, and the cache lines
/// its threads share move between the cores each time (durbin's inner
/// loops, up to 40,000 iterations of one or two statements, made it slower
/// than -O3 in parallel on 2 cores; jacobi-1d's, 100,000 iterations, ran
/// 1.46 times faster).  parloops' own minimum is 100 iterations per
/// thread.
pub const MIN_TRIPS_INSIDE: u64 = 50_000;

/// The most copies of an array a loop gets, one per thread of
/// `-ftree-parallelize-loops=N` (the sums after a loop that reduces into
/// arrays read them all, unrolled).
pub const MAX_THREAD_COPIES: i32 = 64;

/// The most arrays one loop gets copies per thread of (the shim's limit
/// too).
pub const MAX_COPIED_ARRAYS: usize = 8;

/// The largest private array given storage of its own in each iteration:
/// it lives on the stack of the thread that runs the iteration.
pub const PRIVATE_STORAGE_MAX_BYTES: u64 = 256 * 1024;

/// The cells the loops of `l` (itself included) in region `r` update
/// through memory that a register can carry where the region's
/// assumptions hold: those GCC cannot carry itself, since their array is
/// one the region's test keeps apart from others, or the loop also
/// accesses other elements of it that the model proves apart from the
/// cell. One per array and loop. With `stores_alone`, also cells PRE
/// already keeps in a register but stores each iteration (cholesky's
/// `A[i][j]`): only for nests that hold no marked loop, since inside
/// parallel loops, sinking those stores let the vectorizer make in-order
/// reductions that ran slower (gramschmidt; docs/codegen.md).
fn carried_cells_in(forest: &LoopForest, r: &Region, l: u32, stores_alone: bool, max_operations: u64, fma_may_differ: bool) -> Vec<CarriedCell> {
    let cx = BoundedCtx::new(max_operations);
    // Built once, for the first cell with other accesses to judge.
    let mut model: Option<Option<poly::IslScop>> = None;
    let lm = super::parallel::loop_map(forest, r);
    let mut out: Vec<CarriedCell> = Vec::new();
    for &x in r.loops.iter().filter(|&&x| forest.within(x, l)) {
        let Some(&depth) = lm.depth.get(&x) else { continue };
        let mut done: Vec<String> = Vec::new();
        for c in super::parallel::carried_cells(forest, r, x, stores_alone) {
            if done.contains(&c.array) || (c.others.is_empty() && !r.alias_pairs.iter().any(|(a, b)| *a == c.array || *b == c.array)) {
                continue;
            }
            let array = super::parallel::array_origin_name(r, &c.array).unwrap_or_else(|| c.array.clone());
            let fusion = contraction::judge(forest, x, fma_may_differ);
            let carried = CarriedCell { l: x, cell: format!("the cell of {array}"), store: c.store, loads: c.loads, fusion };
            if !carry_cell(&carried, false) || refused(forest, &carried) {
                continue;
            }
            if !c.others.is_empty() {
                let Some(m) = model.get_or_insert_with(|| poly::IslScop::build(&cx, &r.scop).ok()) else { continue };
                let others: Vec<&str> = c.others.iter().map(String::as_str).collect();
                if m.apart_within(&c.cell, &others, 2 * depth as u32 - 1) != Ok(true) {
                    continue;
                }
            }
            done.push(c.array);
            out.push(carried);
        }
    }
    out
}

/// Whether carrying cell `c` in a register would change which products GCC
/// fuses, not allowed: a missed remark at its loop says so.
fn refused(forest: &LoopForest, c: &CarriedCell) -> bool {
    let Some(why) = c.fusion.refusal() else { return false };
    if let Some(x) = forest.get(c.l) {
        crate::diag::remark(crate::diag::RemarkKind::GP_REMARK_MISSED, x.location, &format!("the running value of {} left in memory: {why}", c.cell));
    }
    true
}

/// The cells that the loops inside loop `l` (not `l` itself) update in
/// memory and that can be carried in registers where the region's test
/// holds (as `sequential_cells` finds them): before an unroll-and-jam of
/// `l`, whose copies then carry their cells side by side.
pub fn cells_inside(forest: &LoopForest, r: &Region, l: u32, max_operations: u64, fma_may_differ: bool) -> Vec<CarriedCell> {
    carried_cells_in(forest, r, l, true, max_operations, fma_may_differ).into_iter().filter(|c| c.l != l).collect()
}

/// The outermost loops of region `r` that stay sequential (`marked` says
/// which hold a marked loop: not those), each with the cells its loops
/// update through memory that registers can carry in its copy where the
/// region's test holds (bicg's `q[i]`, which GCC keeps in memory while
/// `s[j]` could be it).
pub fn sequential_cells(forest: &LoopForest, r: &Region, marked: &dyn Fn(u32) -> bool, max_operations: u64, fma_may_differ: bool) -> Vec<(u32, Vec<CarriedCell>)> {
    let outermost = |l: u32| forest.get(l).and_then(|x| x.parent).is_none_or(|p| !r.loops.contains(&p));
    r.loops
        .iter()
        .filter(|&&l| outermost(l) && !marked(l))
        .map(|&l| (l, carried_cells_in(forest, r, l, true, max_operations, fma_may_differ)))
        .filter(|(_, cells)| !cells.is_empty())
        .collect()
}

/// How many loop levels loop `l` holds, itself included.
fn loop_height(forest: &LoopForest, l: u32) -> u32 {
    let depth = forest.get(l).map(|x| x.depth).unwrap_or(1);
    forest.loops.iter().filter(|x| x.num == l || forest.within(x.num, l)).map(|x| x.depth - depth + 1).max().unwrap_or(1)
}

/// The loops around loop `l`, sequential where `l` runs in parallel.
fn loops_around(forest: &LoopForest, l: u32) -> u32 {
    forest.get(l).map(|x| x.depth - 1).unwrap_or(0)
}

/// Why loop `l`, run in parallel, would have too little work per start of
/// the threads, which it makes once per iteration of the sequential loops
/// around it: it must hold at least as many loop levels as there are
/// around it (an innermost loop inside one sequential loop, yes; inside
/// two, no: the threads would start n^2 times for n iterations each).
pub fn too_little_work(forest: &LoopForest, l: u32) -> Option<String> {
    let (around, height) = (loops_around(forest, l), loop_height(forest, l));
    (around > height).then(|| {
        format!(
            "too little work per start of the threads: {around} sequential loops around it, {height} loop level{} in it",
            if height == 1 { "" } else { "s" }
        )
    })
}

/// The loops to mark in `regions`, with their plans, by GCC loop number.
pub fn plan(
    forest: &LoopForest,
    regions: &[Region],
    outcomes: &[RegionOutcome],
    opts: PlanOptions,
) -> BTreeMap<u32, LoopPlan> {
    let mut plans = BTreeMap::new();
    for (r, o) in regions.iter().zip(outcomes) {
        let _work = r.work();
        plan_region(forest, r, o, opts, &mut plans);
    }
    plans
}

/// The memory cells loop `v` needs copies of (private or reduced).
fn in_memory(v: &super::parallel::LoopOutcome) -> Vec<String> {
    v.in_memory.clone()
}

/// The state of planning one region `r` (with its analysis `o`): what is
/// computed once per region and used by several of its loops' plans.
struct RegionPlanner<'a> {
    forest: &'a LoopForest,
    r: &'a Region,
    o: &'a RegionOutcome,
    opts: PlanOptions,
    /// The most iterations the model allows a loop, whatever the
    /// parameters, computed once per loop.
    bounds: std::collections::HashMap<u32, Option<u64>>,
    /// The parameter conditions of the loops that may need one, computed
    /// (one dataflow for all) when the first is needed.
    conditions: Option<std::collections::HashMap<u32, Option<String>>>,
}

/// The plans of region `r`'s loops into `plans`: the loops chosen to run in
/// parallel, then the region's run-time test, then each chosen loop's plan.
fn plan_region(forest: &LoopForest, r: &Region, o: &RegionOutcome, opts: PlanOptions, plans: &mut BTreeMap<u32, LoopPlan>) {
    let PlanOptions { max_operations, sink_reductions, fma_may_differ, .. } = opts;
    let mut p = RegionPlanner { forest, r, o, opts, bounds: std::collections::HashMap::new(), conditions: None };
    let mut chosen: Vec<Choice> = Vec::new();
    // Outermost first: a loop inside a marked one stays as it is,
    // except that inside a loop marked under a condition the loops
    // parallel as they are run in parallel when the condition fails.
    for &l in &r.loops {
        p.consider(l, &mut chosen, plans);
    }
    let registers = if sink_reductions {
        sequential_cells(forest, r, &|l| chosen.iter().any(|c| c.l == l || p.inside(c.l, l)), max_operations, fma_may_differ)
    } else {
        Vec::new()
    };
    if chosen.is_empty() && registers.is_empty() {
        return;
    }
    let cx = BoundedCtx::new(max_operations);
    let region = region_test(&cx, r);
    if let Ok(t) = &region {
        for (l, cells) in registers {
            let kept = match plans.remove(&l) {
                Some(LoopPlan::Kept(why)) => Some(why),
                _ => None,
            };
            plans.insert(l, LoopPlan::Registers { test: t.clone(), cells, kept });
        }
    }
    if chosen.is_empty() {
        return;
    }
    let test = match region {
        Ok(t) => t,
        Err(why) => {
            for c in chosen {
                for l in std::iter::once(c.l).chain(c.otherwise) {
                    if o.loops.get(&l).is_some_and(|v| v.parallel) {
                        plans.insert(l, LoopPlan::Kept(why.clone()));
                    }
                }
            }
            return;
        }
    };
    for c in chosen {
        p.mark(c, &test, &cx, plans);
    }
}

impl RegionPlanner<'_> {
    /// Whether loop `l` is inside loop `outer` (and not `outer` itself).
    fn inside(&self, l: u32, outer: u32) -> bool {
        l != outer && self.forest.within(l, outer)
    }

    /// An innermost loop inside a sequential one starts the threads once per
    /// iteration of that loop: it needs enough iterations at run time.
    fn needs_trips(&self, l: u32) -> bool {
        loops_around(self.forest, l) >= 1 && loop_height(self.forest, l) == 1
    }

    /// The most iterations the model allows loop `l` (see `bounds`).
    fn most(&mut self, l: u32) -> Option<u64> {
        let (forest, r, max_operations) = (self.forest, self.r, self.opts.max_operations);
        *self.bounds.entry(l).or_insert_with(|| super::parallel::most_trips(forest, r, l, max_operations))
    }

    /// Loop `l`'s choice into `chosen`, or why it stays sequential into
    /// `plans`; a loop inside a chosen one joins its `otherwise` or stays.
    fn consider(&mut self, l: u32, chosen: &mut Vec<Choice>, plans: &mut BTreeMap<u32, LoopPlan>) {
        let (forest, r, o) = (self.forest, self.r, self.o);
        let PlanOptions { max_operations, privatize, .. } = self.opts;
        let Some(v) = o.loops.get(&l) else { return };
        let outer = chosen.iter().position(|c| self.inside(l, c.l));
        if let Some(k) = outer {
            let c = &chosen[k];
            if c.condition.is_none() || c.otherwise.iter().any(|&x| self.inside(l, x)) {
                return;
            }
        }
        // The minimum work per start of the threads.
        if let Some(why) = too_little_work(forest, l) {
            if v.parallel {
                plans.insert(l, LoopPlan::Kept(why));
            }
            return;
        }
        // A loop that runs at most once (a part GCC split off a loop
        // for its first iteration) has nothing to share out; the
        // loops inside it are considered instead.
        if v.parallel && outer.is_none() && self.most(l).is_some_and(|n| n < 2) {
            plans.insert(l, LoopPlan::Kept("too little work: it runs at most once".into()));
            return;
        }
        let copies = in_memory(v);
        // Why the loop's copies of memory cannot be made, where that is
        // more than "parloops does not make them".
        let mut why_copies_stay = None;
        let storage = self.own_storage(l, v, outer, &copies, &mut why_copies_stay);
        let sinks = self.sunk_reductions(l, v, outer, &copies, &storage, &mut why_copies_stay);
        let reduced = self.reduced_arrays(l, v, outer, &copies, &storage, &sinks, &mut why_copies_stay);
        if v.parallel && (copies.is_empty() || storage.is_some() || sinks.is_some() || reduced.is_some()) {
            match outer {
                Some(k) => chosen[k].otherwise.push(l),
                None => chosen.push(Choice {
                    l,
                    condition: None,
                    otherwise: Vec::new(),
                    storage: storage.unwrap_or_default(),
                    sinks: sinks.unwrap_or_default(),
                    copies: reduced.unwrap_or_default(),
                }),
            }
            return;
        }
        if outer.is_some() {
            // One version test per nest.
            return;
        }
        // Parallel without private copies of memory for some parameter
        // values only (seed 003: `help[i] = help[i + m]` for m >= n; a
        // private array that is written only when x > 5): under a test
        // of them. Its inner loops may still run in parallel otherwise.
        let conditions = self.conditions.get_or_insert_with(|| {
            let candidates: Vec<u32> = r
                .loops
                .iter()
                .copied()
                .filter(|x| o.loops.get(x).is_some_and(|v| (!v.parallel && !v.blocked_in_registers) || !in_memory(v).is_empty()))
                .collect();
            memory_parallel_conditions(forest, r, &candidates, max_operations)
        });
        if let Some(set) = conditions.get(&l).cloned().flatten() {
            chosen.push(Choice { l, condition: (!set.is_empty()).then_some(set), otherwise: Vec::new(), storage: Vec::new(), sinks: Vec::new(), copies: ThreadCopies::default() });
            return;
        }
        // Private arrays that are not the body's own (a scratch array
        // through a pointer, doitgen's `sum`): a copy per thread, the
        // last iteration working in the array where its values are
        // used after the loop.
        if privatize && v.parallel && storage.is_none() && !copies.is_empty() && copies.iter().all(|c| v.private.contains(c)) {
            let private = private_copies_of(forest, r, l, &copies, &v.lastprivate, &v.firstprivate, max_operations);
            let private = private.and_then(|c| if thread_copies(r, l, &c, false) { Ok(c) } else { Err("the loop uses their pointers otherwise than to load and store elements".into()) });
            match private {
                Ok(c) => {
                    chosen.push(Choice { l, condition: None, otherwise: Vec::new(), storage: Vec::new(), sinks: Vec::new(), copies: c });
                    return;
                }
                Err(e) => {
                    if why_copies_stay.is_none() {
                        why_copies_stay = Some(format!("needs private copies of its arrays ({}), and no copies of them per thread can be made: {e}", copies.join(", ")));
                    }
                }
            }
        }
        if v.parallel {
            let why = why_copies_stay.unwrap_or_else(|| format!("needs private or reduced copies of memory ({}), which parloops does not make", copies.join(", ")));
            plans.insert(l, LoopPlan::Kept(why));
        }
    }

    /// Private arrays whose scope is the loop's body: each iteration
    /// gets storage of its own, and parloops can run it.
    fn own_storage(
        &self,
        l: u32,
        v: &super::parallel::LoopOutcome,
        outer: Option<usize>,
        copies: &[String],
        why_copies_stay: &mut Option<String>,
    ) -> Option<Vec<Tree>> {
        let (forest, r) = (self.forest, self.r);
        if self.opts.privatize && v.parallel && outer.is_none() && !copies.is_empty() && copies.iter().all(|c| v.private.contains(c)) {
            match private_storage_decls(forest, r, l, copies) {
                Some(ds) if private_storage(l, &ds, false) => Some(ds),
                Some(_) => {
                    *why_copies_stay = Some(format!(
                        "needs private copies of its arrays ({}), and their storage cannot be its iterations' own (arrays over {} KiB, an address used otherwise than for loads and stores, or no exit test at the end of its body)",
                        copies.join(", "),
                        PRIVATE_STORAGE_MAX_BYTES / 1024
                    ));
                    None
                }
                None => None,
            }
        } else {
            None
        }
    }

    /// Reductions in memory whose running value PRE keeps in a
    /// register: their stores move after the loop, and parloops
    /// makes register reductions of them (unless the copies got
    /// `storage` of their own).
    fn sunk_reductions(
        &self,
        l: u32,
        v: &super::parallel::LoopOutcome,
        outer: Option<usize>,
        copies: &[String],
        storage: &Option<Vec<Tree>>,
        why_copies_stay: &mut Option<String>,
    ) -> Option<Vec<Stmt>> {
        let (forest, r) = (self.forest, self.r);
        let is_reduction = |c: &String| v.reduction_op(c).is_some();
        if self.opts.sink_reductions && v.parallel && outer.is_none() && storage.is_none() && !copies.is_empty() && copies.iter().all(is_reduction) {
            if let Some(why) = contraction::judge(forest, l, self.opts.fma_may_differ).refusal() {
                *why_copies_stay = Some(format!("needs reductions in memory ({}), and moving their stores after it: {why}", copies.join(", ")));
                return None;
            }
            // (An array reduction, its store in an inner loop, keeps the
            // general reason.)
            match super::parallel::reduction_stores(forest, r, l, copies) {
                Some(st) if st.iter().all(|s| sink_store(l, *s, false)) => Some(st),
                Some(_) => {
                    *why_copies_stay = Some(format!(
                        "needs reductions in memory ({}), and their stores cannot be moved after it (not on every way out of it, or to an address computed in it)",
                        copies.join(", ")
                    ));
                    None
                }
                None => None,
            }
        } else {
            None
        }
    }

    /// Reductions into arrays (column sums): a zeroed copy per
    /// thread, added to the arrays after the loop (unless the copies
    /// got `storage` of their own or `sinks` moved their stores).
    #[allow(clippy::too_many_arguments)]
    fn reduced_arrays(
        &self,
        l: u32,
        v: &super::parallel::LoopOutcome,
        outer: Option<usize>,
        copies: &[String],
        storage: &Option<Vec<Tree>>,
        sinks: &Option<Vec<Stmt>>,
        why_copies_stay: &mut Option<String>,
    ) -> Option<ThreadCopies> {
        let (forest, r) = (self.forest, self.r);
        let PlanOptions { max_operations, array_reductions: reduce_arrays, unsigned_reductions, .. } = self.opts;
        let is_sum = |c: &String| v.reduction_op(c) == Some("+");
        if reduce_arrays
            && v.parallel
            && outer.is_none()
            && storage.is_none()
            && sinks.is_none()
            && !copies.is_empty()
            && copies.iter().all(is_sum)
        {
            let why = match array_reductions_of(forest, r, l, copies, max_operations, unsigned_reductions) {
                Ok(Some(reds)) if thread_copies(r, l, &reds, false) => Ok(Some(reds)),
                Ok(Some(_)) => Err("the loop uses their pointers otherwise than to load and store elements of the reduced type".to_string()),
                other => other,
            };
            match why {
                Ok(reds) => reds,
                Err(e) => {
                    if why_copies_stay.is_none() {
                        *why_copies_stay = Some(format!("needs reductions into arrays ({}), and no copies of them per thread can be made: {e}", copies.join(", ")));
                    }
                    None
                }
            }
        } else {
            None
        }
    }

    /// Whether loop `l`'s inner loops' trip counts vary with its counter.
    fn cyclic(&self, l: u32) -> bool {
        inner_trip_counts_vary(self.forest, self.r, l, self.opts.max_operations)
    }

    /// Inside a marked loop, where the region's test holds, an inner
    /// loop's reduction into one memory cell keeps its running value in
    /// a register too (its store moves after it), so that the
    /// vectorizer can make the reduction there.
    /// Cells updated in memory that PRE left there (the arrays could
    /// overlap) are carried in registers as well.
    fn inner_sinks(&self, l: u32) -> Vec<CarriedCell> {
        let (forest, r, o) = (self.forest, self.r, self.o);
        let PlanOptions { max_operations, sink_reductions, fma_may_differ, .. } = self.opts;
        if !sink_reductions {
            return Vec::new();
        }
        let mut out = Vec::new();
        for &x in r.loops.iter().filter(|&&x| self.inside(x, l)) {
            let Some(vx) = o.loops.get(&x) else { continue };
            let cells = in_memory(vx);
            if cells.is_empty() || !cells.iter().all(|c| vx.reduction_op(c).is_some()) {
                continue;
            }
            if let Some(st) = super::parallel::reduction_stores(forest, r, x, &cells) {
                if st.iter().all(|s| sink_store(x, *s, false)) {
                    let fusion = contraction::judge(forest, x, fma_may_differ);
                    let sunk = cells.iter().zip(st).map(|(c, s)| CarriedCell { l: x, cell: c.clone(), store: s, loads: Vec::new(), fusion: fusion.clone() });
                    out.extend(sunk.filter(|c| !refused(forest, c)));
                }
            }
        }
        let more: Vec<CarriedCell> =
            carried_cells_in(forest, r, l, false, max_operations, fma_may_differ).into_iter().filter(|c| c.l != l && !out.iter().any(|o| o.store == c.store)).collect();
        out.extend(more);
        out
    }

    /// An innermost loop inside a sequential one whose iterations the
    /// model bounds below the minimum (a split loop's part) is kept
    /// without a run-time copy; others are tested at run time.
    fn checked(&mut self, l: u32, plan: LoopPlan) -> LoopPlan {
        let min_trips = self.opts.min_trips;
        if self.needs_trips(l) && min_trips > 1 && self.most(l).is_some_and(|n| n < min_trips) {
            LoopPlan::Kept(too_few_trips(min_trips))
        } else {
            plan
        }
    }

    /// The plan of chosen loop `c` (or of the loops inside it) into
    /// `plans`, under the region's `test`.
    fn mark(&mut self, c: Choice, test: &Option<RuntimeTest>, cx: &BoundedCtx, plans: &mut BTreeMap<u32, LoopPlan>) {
        let (forest, r) = (self.forest, self.r);
        let max_operations = self.opts.max_operations;
        // A condition that the branches before the loop imply is none.
        let condition = c.condition.as_deref().filter(|set| !RuntimeTest::implied(cx, set, r, c.l));
        let here = RuntimeTest::at_loop(test, cx, r, c.l);
        let Some(set) = condition else {
            let plan = LoopPlan::Parallel {
                test: here,
                otherwise: Vec::new(),
                cyclic: self.cyclic(c.l),
                within: None,
                storage: c.storage,
                min_trips: self.needs_trips(c.l),
                sinks: c.sinks,
                copies: c.copies,
                inner_sinks: self.inner_sinks(c.l),
            };
            plans.insert(c.l, self.checked(c.l, plan));
            return;
        };
        // With loops marked otherwise and a region test, the condition
        // alone is tested inside the copy where the region test holds.
        let nested = !c.otherwise.is_empty() && here.is_some();
        let mut t = if nested { RuntimeTest::default() } else { here.clone().unwrap_or_default() };
        t.names = r.param_texts();
        // A copy that would run only where the loop runs no iteration
        // (where it is parallel, the region's assumptions do not hold)
        // is not made.
        let required = t.require(cx, set, r, Some(c.l)).is_ok();
        let useless = required
            && super::parallel::runs_where(forest, r, c.l, max_operations)
                .is_some_and(|runs| !t.leaves_any(cx, if nested { here.as_ref() } else { None }, &runs, r, c.l));
        if useless {
            plans.insert(c.l, LoopPlan::Kept(format!("it is parallel only where {}, and there the region's assumptions leave it no iteration", poly::with_names(&condition_text(set), &t.names))));
        }
        if required && !useless {
            let within = if nested { here } else { None };
            let plan =
                LoopPlan::Parallel { test: Some(t), otherwise: c.otherwise, cyclic: self.cyclic(c.l), within, storage: Vec::new(), min_trips: self.needs_trips(c.l), sinks: Vec::new(), copies: ThreadCopies::default(), inner_sinks: Vec::new() };
            plans.insert(c.l, self.checked(c.l, plan));
        } else {
            // No test to version on: the inner loops alone.
            for l in c.otherwise {
                let plan = LoopPlan::Parallel { test: RuntimeTest::at_loop(test, cx, r, l), otherwise: Vec::new(), cyclic: self.cyclic(l), within: None, storage: Vec::new(), min_trips: self.needs_trips(l), sinks: Vec::new(), copies: ThreadCopies::default(), inner_sinks: Vec::new() };
                plans.insert(l, self.checked(l, plan));
            }
        }
    }
}
