//! GPU offload plans (`-fplugin-arg-gccpoly-offload`, and `annotate=FILE`
//! which writes them into a copy of the source): for each outermost
//! parallel loop nest of a region, the OpenMP construct that would run it
//! on a GPU, `target teams distribute parallel for simd` with the collapse
//! depth the coalescing model (poly::coalesce, seeds 000 and 002) prefers,
//! `map` clauses whose sections are the exact access ranges as expressions
//! of the function's parameters, `private`/`reduction` clauses from the
//! verdicts, and an `if` with the minimum amount of work.
//!
//! GCC outlines offload regions before PRE, where the analysis runs, so
//! the plan reaches the compiler through the source (DawnCC's road): a
//! plan is written only where every part of it can be said in C at the
//! loop's line; otherwise the report says why not.

use super::affine::Base;
use super::ir::LoopRef;
use super::loops::LoopForest;
use super::parallel::{loop_map, LoopMap, LoopOutcome, RegionOutcome};
use super::scop::Region;
use super::source::{FrontEndLoop, FrontEndLoops, FunctionVars, SourcePos};
use crate::ffi;
use poly::coalesce::{self, Coalescing, Device, LaneAccess, Nest, NestLoop};
use poly::{AccessKind, BoundedCtx, LightScop, ParamAffine, Piece, Polynomial};
use std::collections::{BTreeMap, HashMap};

/// The fewest iterations of a nest (its innermost statements' instances)
/// worth a trip to the GPU: starting a kernel and copying its data costs
/// tens of microseconds, about what one host core does in a million
/// simple iterations (DawnCC slowed kernels down for want of such a floor).
pub const OFFLOAD_MIN_ITERATIONS: i128 = 1 << 20;

/// The fewest iterations of a nest's distributed loops: fewer threads
/// than this leave a GPU too idle to hide its memory's latency (3mm's
/// products of 700 rows ran 3.3 times faster on an H200 than on one host
/// core; docs/offload.md).
pub const OFFLOAD_MIN_PARALLEL: i128 = 512;

/// The fewest iterations per element a launch copies (to and from the GPU
/// each count): a copy over PCIe costs about what a host core spends on two
/// simple iterations, so nests that touch each element once or twice, and
/// stencils launched once per time step with their arrays copied each time,
/// ran 2 to 6 times slower on an H200 than on one host core
/// (docs/offload.md).
pub const OFFLOAD_WORK_PER_ELEMENT: i128 = 32;

/// One memory access of an offloaded nest, under the plan's mapping.
#[derive(Clone, Debug)]
pub struct OffloadAccess {
    pub array: String,
    pub line: u32,
    pub write: bool,
    /// Memory requests per warp (averaged over a block's warps).
    pub requests: f64,
    pub coalescing: Coalescing,
}

/// The plan for one nest.
#[derive(Clone, Debug)]
pub struct OffloadPlan {
    pub collapse: usize,
    /// Requests per warp over the accesses, under the plan and as written
    /// (collapse 1).
    pub requests: f64,
    pub original_requests: f64,
    pub accesses: Vec<OffloadAccess>,
    /// Loops whose headers swap places (the second moved beneath the
    /// nest's outermost loop, above the first).
    pub swap: Option<(u32, u32)>,
    /// The loops whose headers the pragma relies on: the outermost, the
    /// collapsed ones and the swapped ones.
    pub headers: Vec<u32>,
    /// The pragma's text after `#pragma `, or why it cannot be written in
    /// the source.
    pub pragma: Result<String, String>,
    /// The C condition under which the construct runs (arrays apart, the
    /// region's assumptions, enough work); where it fails, the loop runs as
    /// written, in a copy of its own.
    pub guard: Option<String>,
    /// The loop's last character in the source (line, byte column), found
    /// by `source_obstacle` for a plan with a guard.
    pub end: Option<(u32, u32)>,
}

/// What the plans may do.
#[derive(Clone, Copy, Debug)]
pub struct PlanOptions {
    /// The fewest iterations of a nest's perfect loops worth offloading.
    pub min_iterations: i128,
    /// Whether a plan may swap loops (`no-interchange` says not).
    pub interchange: bool,
    /// The isl operations budget of each computation.
    pub max_operations: u64,
}

/// The plans of region `r`'s outermost parallel nests, by their outermost
/// loop: a plan, or why the nest gets none.
pub fn plan_region(
    forest: &LoopForest,
    fe: &FrontEndLoops,
    function: &str,
    r: &Region,
    outcome: &RegionOutcome,
    opts: PlanOptions,
) -> Vec<(u32, Result<OffloadPlan, String>)> {
    let refuse = |why: String| outermost_parallel(forest, r, outcome).into_iter().map(|l| (l, Err(why.clone()))).collect();
    let light = match LightScop::read(&r.scop) {
        Ok(l) => l,
        Err(e) => return refuse(format!("the model is outside the offload planner's subset: {e}")),
    };
    if let Some((_, line)) = r.uncounted.first() {
        return refuse(format!("the count of the loop at line {line} is read from memory in the region, so the plan cannot bound what to map"));
    }
    // The maps come from the model's accesses, which leave such reads out.
    if let Some((name, line)) = r.indirect_reads.first() {
        return refuse(format!("it reads '{name}' through an index the model does not follow (line {line}), so the plan cannot say what to map"));
    }
    let lm = loop_map(forest, r);
    let ctx = Context { forest, fe, function, r, outcome, light: &light, lm, opts };
    outermost_parallel(forest, r, outcome).into_iter().map(|l| (l, ctx.plan(l))).collect()
}

/// The region's parallel loops no parallel loop of the region encloses.
fn outermost_parallel(forest: &LoopForest, r: &Region, outcome: &RegionOutcome) -> Vec<u32> {
    let parallel = |l: u32| outcome.loops.get(&l).is_some_and(|v| v.parallel);
    r.loops
        .iter()
        .copied()
        .filter(|&l| parallel(l))
        .filter(|&l| {
            let mut up = forest.get(l).and_then(|x| x.parent);
            while let Some(p) = up.filter(|p| r.loops.contains(p)) {
                if parallel(p) {
                    return false;
                }
                up = forest.get(p).and_then(|x| x.parent);
            }
            true
        })
        .collect()
}

/// Each mapped array's section as C text: (name, first element, length),
/// by model array.
type Sections = BTreeMap<String, (String, String, String)>;

/// A nest's `map` clauses, its sections, and the elements a launch copies.
type Maps = (Vec<String>, Sections, Option<Polynomial>);

/// What one launch of a nest does and copies, for the minimum-work floors.
struct Work {
    /// The trip counts of its perfectly nested loops, and of those of them
    /// it distributes.
    chain: Vec<Option<i128>>,
    distributed: Vec<Option<i128>>,
    /// Its statements' instances per launch, from each loop's range (an
    /// upper bound in triangular nests); None where not known.
    instances: Option<Polynomial>,
    /// The elements a launch copies to and from the device.
    moved: Option<Polynomial>,
}

impl Work {
    /// Why the nest is not worth offloading, where its counts are
    /// constants that say so.
    fn too_little(&self, min: i128) -> Result<(), String> {
        let product = |trips: &[Option<i128>]| trips.iter().try_fold(1i128, |acc, t| t.and_then(|t| acc.checked_mul(t)));
        let Some(instances) = &self.instances else {
            // No count of the whole nest: its perfectly nested loops must do.
            return match product(&self.chain) {
                Some(p) if p < min => Err(format!("too little work: {p} iterations, fewer than {min}")),
                _ => Ok(()),
            };
        };
        if let Some(p) = product(&self.distributed).filter(|&p| p < OFFLOAD_MIN_PARALLEL) {
            return Err(format!("too little parallelism: {p} iterations of its distributed loops, fewer than {OFFLOAD_MIN_PARALLEL}"));
        }
        let Some(w) = instances.as_constant() else { return Ok(()) };
        if w < min {
            return Err(format!("too little work: {w} iterations, fewer than {min}"));
        }
        match self.moved.as_ref().and_then(|m| m.as_constant()) {
            Some(m) if w < OFFLOAD_WORK_PER_ELEMENT.saturating_mul(m) => Err(format!(
                "too little work for the data it copies: {w} iterations for {m} elements to and from the device, fewer than {OFFLOAD_WORK_PER_ELEMENT} per element"
            )),
            _ => Ok(()),
        }
    }
}

struct Context<'a> {
    forest: &'a LoopForest,
    fe: &'a FrontEndLoops,
    function: &'a str,
    r: &'a Region,
    outcome: &'a RegionOutcome,
    light: &'a LightScop,
    lm: LoopMap,
    opts: PlanOptions,
}

impl Context<'_> {
    fn verdict(&self, l: u32) -> Option<&LoopOutcome> {
        self.outcome.loops.get(&l)
    }

    /// The loops from `l` down while each is, in the source, the whole
    /// body of the one before (the part a `collapse` may take).
    fn perfect_chain(&self, l: u32) -> Vec<u32> {
        let mut chain = vec![l];
        loop {
            let cur = *chain.last().unwrap_or(&l);
            let kids: Vec<_> = self.forest.loops.iter().filter(|x| x.parent == Some(cur)).collect();
            let [kid] = kids.as_slice() else { break };
            let only = self.forest.get(cur).and_then(|x| x.front_end.as_ref()).and_then(|f| SourcePos::of(f.only_child));
            if !self.r.loops.contains(&kid.num) || only.is_none() || only != kid.pos {
                break;
            }
            chain.push(kid.num);
        }
        chain
    }

    /// Whether `l`'s verdict lets it be one of the distributed loops: its
    /// copies are scalars the construct can name.
    fn distributable(&self, l: u32, outermost: bool) -> bool {
        self.verdict(l).is_some_and(|v| {
            v.parallel
                && v.lastprivate.is_empty()
                && v.firstprivate.is_empty()
                && v.in_memory.is_empty()
                && (outermost || v.reductions.is_empty())
        })
    }

    fn plan(&self, l: u32) -> Result<OffloadPlan, String> {
        if !self.distributable(l, true) {
            return Err("its private copies are not all scalars without first or last values".into());
        }
        let lm = &self.lm;
        let depth = |x: u32| lm.depth.get(&x).copied().unwrap_or(0);
        let chain = self.perfect_chain(l);
        let stmts = lm.stmts.get(&l).cloned().unwrap_or_default();
        let np = self.light.params.len();
        let var = |x: u32| np + depth(x) - 1;
        let nest_stmts: Vec<&poly::light::LStmt> = self.light.stmts.iter().filter(|s| stmts.contains(&s.name)).collect();
        // A loop is rectangular when no constraint ties its counter to
        // another counter of the chain.
        let rectangular = |x: u32| {
            let v = var(x);
            nest_stmts.iter().all(|s| {
                s.domain.iter().flatten().all(|a| {
                    a.e.coef.get(v).copied().unwrap_or(0) == 0
                        || chain.iter().filter(|&&o| o != x).all(|&o| a.e.coef.get(var(o)).copied().unwrap_or(0) == 0)
                })
            })
        };
        let trip = |x: u32| LoopRef::get(x).and_then(|lr| lr.niter()).and_then(|t| t.int_value()).map(|n| n as i128 + 1);
        let mut loops: Vec<NestLoop> = chain
            .iter()
            .enumerate()
            .map(|(k, &x)| NestLoop { trip: trip(x), parallel: self.distributable(x, k == 0), independent: false, rectangular: rectangular(x) })
            .collect();
        let mut accesses = Vec::new();
        let mut labels = Vec::new();
        for s in &nest_stmts {
            for a in &s.accesses {
                let Some(base) = self.r.bases.get(&a.array) else { continue };
                let layout = poly::locality::Layout { elem: base.elem, sizes: base.sizes.clone() };
                let steps = chain.iter().map(|&x| byte_step(a, var(x), &layout)).collect();
                accesses.push(LaneAccess { label: format!("{} (line {})", a.array, s.line), size: base.elem, steps });
                labels.push((a.array.clone(), s.line, a.kind != AccessKind::Read));
            }
        }
        if accesses.is_empty() {
            return Err("it accesses no memory".into());
        }
        if accesses.iter().any(|a| a.size > 8) {
            return Err("it accesses elements of more than 8 bytes (long double is 8 bytes on nvptx, 16 on the host)".into());
        }
        // IPDA's interchange: the third loop moved beneath the first, when
        // every dependence has distance 0 in it. A swap holds only where
        // the region's assumptions do: none then (the host runs the nest
        // as written where a test fails).
        let swap_allowed = self.opts.interchange && self.r.assumptions.is_empty();
        if let [_, b, c, ..] = loops.as_slice() {
            if swap_allowed && b.rectangular && c.rectangular && c.parallel && super::parallel::independent_loop(self.forest, self.r, &chain, chain[2], self.opts.max_operations) {
                loops[2].independent = true;
            }
        }
        let nest = Nest { loops, perfect: chain.len(), accesses };
        let choice = coalesce::choose(&nest, &Device::NVIDIA, swap_allowed).ok_or("its outermost loop is not distributable")?;
        let trips: Vec<Option<i128>> = nest.loops.iter().map(|x| x.trip).collect();
        let outermost = self.lm.depth.get(&l) == Some(&1);
        let maps = self.maps(&stmts, outermost);
        let distributed = choice.mapping.order.iter().take(choice.mapping.collapse).map(|&k| trips[k]).collect();
        let work = Work { chain: trips.clone(), distributed, instances: self.instances(l, &stmts), moved: maps.as_ref().ok().and_then(|m| m.2.clone()) };
        if self.opts.min_iterations > 1 {
            work.too_little(self.opts.min_iterations)?;
        }
        let accesses = labels
            .into_iter()
            .zip(&choice.per_access)
            .map(|((array, line, write), &(requests, coalescing))| OffloadAccess { array, line, write, requests, coalescing })
            .collect();
        let collapse = choice.mapping.collapse;
        let order: Vec<u32> = choice.mapping.order.iter().map(|&k| chain[k]).collect();
        let swap = match choice.mapping.order.as_slice() {
            [0] | [0, 1, ..] => None,
            [0, 2, 1, rest @ ..] if rest.iter().enumerate().all(|(k, &x)| x == k + 3) => Some((chain[1], chain[2])),
            _ => return Err("the coalescing model's loop order is not one the annotation writes".into()),
        };
        let ordered_trips: Vec<Option<i128>> = choice.mapping.order.iter().map(|&k| trips[k]).collect();
        let (pragma, guard) = match self.pragma(l, &order, collapse, &ordered_trips, &stmts, maps, &work) {
            Ok((p, g)) => (Ok(p), g),
            Err(e) => (Err(e), None),
        };
        let mut headers: Vec<u32> = order[..collapse.min(order.len())].to_vec();
        headers.extend(swap.iter().flat_map(|&(a, b)| [a, b]));
        headers.sort();
        headers.dedup();
        Ok(OffloadPlan { collapse, swap, headers, requests: choice.requests, original_requests: choice.original, accesses, pragma, guard, end: None })
    }

    /// The construct as C and the condition it runs under, or why it cannot
    /// be written; `chain`: the nest's loops in the plan's order, `trips`
    /// their trip counts.
    #[allow(clippy::too_many_arguments)]
    fn pragma(&self, l: u32, chain: &[u32], collapse: usize, trips: &[Option<i128>], stmts: &[String], maps: Result<Maps, String>, work: &Work) -> Result<(String, Option<String>), String> {
        // The region's other assumptions on its parameters become C
        // conditions of the if() below.
        let holds = self.assumption_conditions()?;
        let outer = self.forest.get(l).ok_or("the loop is gone")?;
        let fe = outer.front_end.as_ref().ok_or("the loop is not a statement of the source")?;
        let keyword = outer.pos.clone().ok_or("the loop has no source position")?;
        let collapsed = &chain[..collapse.min(chain.len())];
        let mut vars = Vec::new();
        for &x in collapsed {
            let f = self.forest.get(x).and_then(|y| y.front_end.as_ref());
            match f.and_then(|f| f.var.as_ref()) {
                Some((v, _)) => vars.push(v.clone()),
                None => return Err(format!("the loop at line {} is not in OpenMP's canonical form", line_of(self.forest, x))),
            }
        }
        if fe.assigned_other {
            return Err("its body assigns a global or static variable, or too many variables".into());
        }
        if fe.calls {
            return Err("its body calls a function that is not a built-in (offloaded code calls only functions compiled for the device)".into());
        }
        let vars_of = self.fe.vars(self.function);
        if let Some(x) = vars_of.and_then(|v| v.addressable.first()) {
            return Err(format!("the function takes the address of its variable '{x}', which the plan cannot follow"));
        }
        let mut clauses = Vec::new();
        if collapse > 1 {
            clauses.push(format!("collapse({collapse})"));
        }
        clauses.extend(self.sharing_clauses(l, fe, &keyword, &vars, vars_of)?);
        let (maps, sections, _) = maps?;
        clauses.extend(maps);
        // Arrays the verdicts assume apart must be apart, and the other
        // tests below must hold, else the loop runs as written: the guard
        // is a C `if` around the construct, with a copy of the loop in its
        // `else`. (An `if` clause would run the construct's host fallback
        // instead, in one thread and in order where arrays may overlap: on
        // an H200's host, jacobi-2d's collapsed nests ran 2.8 times slower
        // than as written; and GCC 12 ignores the clause for a `simd`
        // inside `target`.)
        let mut apart = self.apart_tests(&sections);
        let tests = self.work_tests(chain, collapse, trips, stmts, work)?;
        let work = (!tests.is_empty()).then(|| tests.join(" && "));
        for h in holds.into_iter().filter(|h| h != "1") {
            if !apart.contains(&h) {
                apart.push(h);
            }
        }
        let guard: Vec<String> = apart.into_iter().chain(work).collect();
        let construct = format!("omp target teams distribute parallel for simd {}", clauses.join(" ")).trim_end().to_string();
        Ok((construct, (!guard.is_empty()).then(|| guard.join(" && "))))
    }

    /// The region's assumptions on its parameters other than no-alias, as
    /// C conditions for the guard; why not where one cannot be said in C.
    fn assumption_conditions(&self) -> Result<Vec<String>, String> {
        let mut holds = Vec::new();
        for a in self.r.assumptions.iter().filter(|a| a.kind != "no-alias") {
            let why = |e: String| format!("the nest rests on a run-time assumption ({}: {}) that C cannot test here: {e}", a.kind, a.text);
            let set = a.params.as_ref().ok_or_else(|| why("it is not a condition on the parameters".into()))?;
            let cx = BoundedCtx::new(self.opts.max_operations);
            let (_, dnf) = poly::param_dnf_within(&cx, set, &self.r.scop.context).map_err(|e| why(e.to_string()))?;
            holds.push(self.condition_text(&dnf).map_err(why)?);
        }
        Ok(holds)
    }

    /// The `private`, `firstprivate` and `reduction` clauses of loop `l`'s
    /// construct (`fe` as the front end saw it, its `keyword`, the collapsed
    /// loops' `vars`); why not where a variable it assigns cannot have one.
    fn sharing_clauses(&self, l: u32, fe: &FrontEndLoop, keyword: &SourcePos, vars: &[String], vars_of: Option<&FunctionVars>) -> Result<Vec<String>, String> {
        // A variable the loop assigns keeps, after the construct, no value
        // from it (no lastprivate): none may be read after the loop.
        let after_loop = |name: &str, decl: Option<&SourcePos>| {
            vars_of.is_some_and(|v| {
                v.reads.iter().any(|(n, d, at)| {
                    n == name && d.as_ref() == decl && at.as_ref().is_some_and(|a| a.file == keyword.file && (a.line, a.column) > fe.end)
                })
            })
        };
        let mut clauses = Vec::new();
        // Variables declared before the loop and assigned in it: reductions
        // as the verdict says, else firstprivate (a value the body reads
        // before it writes it is the one from before the loop, as the
        // verdict found: the same in every iteration); the counters of
        // inner loops, private; the collapsed loops' counters need no
        // clause. Aggregates the model maps as arrays are shared.
        let reductions: HashMap<&str, &str> = self.verdict(l).map(|v| v.reductions.iter().map(|(x, op)| (x.as_str(), *op)).collect()).unwrap_or_default();
        let counters: Vec<String> = self.nest_counters(l);
        let mapped: Vec<u32> = self.r.bases.values().filter_map(|b| match &b.base { Base::Decl(d) => Some(d.decl_uid()), Base::Ptr(_) => None }).collect();
        let mut private = Vec::new();
        let mut firstprivate = Vec::new();
        let mut reduce: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        for a in &fe.assigned {
            let decl = SourcePos::of(a.decl);
            let declared_inside = decl.as_ref().is_some_and(|d| d.file == keyword.file && (d.line, d.column) > (keyword.line, keyword.column));
            if declared_inside {
                continue;
            }
            if !reductions.contains_key(a.name.as_str()) && after_loop(&a.name, decl.as_ref()) {
                return Err(format!("'{}' is read after the loop, and the construct does not give it the loop's last value", a.name));
            }
            if vars.contains(&a.name) || (a.aggregate && mapped.contains(&a.uid)) {
                continue;
            }
            // A copy per thread starting from the value before the loop
            // is wrong for a value that passes from one iteration to the
            // next (a pointer stepped by the body: `d += 16`).
            if a.recurrent && !reductions.contains_key(a.name.as_str()) && !counters.contains(&a.name) {
                return Err(format!("'{}' is assigned from its own value in the loop: it may pass a value from one iteration to the next, which a copy per thread does not", a.name));
            }
            match reductions.get(a.name.as_str()) {
                // GCC 12's nvptx code combines the threads' values with
                // atomics of the variable's size; it has none of 1 or 2
                // bytes (the offload link fails: __atomic_fetch_add_1).
                Some(_) if a.size < 4 => {
                    return Err(format!("its reduction '{}' is of {} bytes: GCC 12's nvptx code has no atomics that small", a.name, a.size));
                }
                Some(op) => reduce.entry(op).or_default().push(a.name.clone()),
                None if counters.contains(&a.name) => private.push(a.name.clone()),
                None => firstprivate.push(a.name.clone()),
            }
        }
        if let Some((x, _)) = reductions.iter().find(|(x, _)| !reduce.values().flatten().any(|y| y == *x)) {
            return Err(format!("its reduction '{x}' is not a variable declared before the loop"));
        }
        if reduce.values().flatten().count() > 1 {
            return Err("it has more than one reduction variable (GCC 12's nvptx code for them needs 16-byte atomics it does not have)".into());
        }
        if !private.is_empty() {
            clauses.push(format!("private({})", private.join(", ")));
        }
        if !firstprivate.is_empty() {
            clauses.push(format!("firstprivate({})", firstprivate.join(", ")));
        }
        // The reduction's variable mapped tofrom, or OpenMP 4.5's rule
        // (GCC 11's) makes a scalar of a target construct firstprivate and
        // the sum never comes back; 5.0's implicit map (GCC 12's) is the
        // same mapping.
        for (op, names) in &reduce {
            clauses.push(format!("reduction({op}:{}) map(tofrom: {})", names.join(", "), names.join(", ")));
        }
        Ok(clauses)
    }

    /// The guard's tests that mapped arrays are apart: every pair of
    /// `sections` of which one is a pointer's.
    fn apart_tests(&self, sections: &Sections) -> Vec<String> {
        let mut apart = Vec::new();
        // Every pair of mapped arrays of which one is a pointer: the
        // region's no-alias assumptions among them, and, for the mapping
        // itself, sections that must not partly overlap (libgomp refuses;
        // pointers only read, or apart by `restrict` within the elements
        // accessed, as even and odd elements of one buffer, may).
        let is_ptr = |x: &String| self.r.bases.get(x).is_some_and(|b| matches!(b.base, Base::Ptr(_)));
        let names: Vec<&String> = sections.keys().collect();
        let pairs: Vec<(&String, &String)> =
            names.iter().enumerate().flat_map(|(k, x)| names[k + 1..].iter().map(move |y| (*x, *y))).filter(|(x, y)| is_ptr(x) || is_ptr(y)).collect();
        for (x, y) in pairs {
            let (Some(a), Some(b)) = (sections.get(x), sections.get(y)) else { continue };
            let at = |s: &(String, String, String), end: bool| {
                let (n, lo, len) = s;
                let mut at = n.clone();
                for part in [Some(lo), end.then_some(len)].into_iter().flatten().filter(|p| p.as_str() != "0") {
                    at.push_str(&format!(" + ({part})"));
                }
                format!("(__UINTPTR_TYPE__)({at})")
            };
            let test = format!("({} <= {} || {} <= {})", at(a, true), at(b, false), at(b, true), at(a, false));
            apart.push(test);
        }
        apart
    }

    /// The guard's tests that every loop runs and that there is enough
    /// work; `chain`, `collapse`, `trips` as for `pragma`.
    fn work_tests(&self, chain: &[u32], collapse: usize, trips: &[Option<i128>], stmts: &[String], work: &Work) -> Result<Vec<String>, String> {
        // Every loop runs (else sections of loops that do not can have
        // negative lengths), and there is enough work (else the loop runs
        // as written).
        let mut tests = Vec::new();
        let mut product = None;
        let mut distributed = None;
        if trips.iter().any(|t| t.is_none()) {
            let texts: Vec<String> = trips
                .iter()
                .enumerate()
                .map(|(k, t)| match t {
                    Some(t) => Ok(t.to_string()),
                    None => self.trip_text(chain[k], stmts),
                })
                .collect::<Result<_, _>>()?;
            tests = trips.iter().zip(&texts).filter(|(t, _)| t.is_none()).map(|(_, w)| format!("{w} > 0")).collect();
            tests.dedup();
            let product_text = |ws: &[String]| ws.iter().map(|w| format!("({w})")).collect::<Vec<_>>().join(" * ");
            product = Some(product_text(&texts));
            distributed = Some(product_text(&texts[..collapse.min(texts.len())]));
        }
        if self.opts.min_iterations > 1 {
            let min = self.opts.min_iterations;
            // The nest's iterations as C, where they are known and C can
            // say them.
            let counted = work.instances.as_ref().and_then(|w| Some((w, self.c_text(w).ok()?)));
            match counted {
                Some((w, w_text)) => {
                    if let Some(d) = distributed.as_ref().filter(|_| trips[..collapse.min(trips.len())].iter().any(|t| t.is_none())) {
                        tests.push(format!("(long)1 * {d} >= {OFFLOAD_MIN_PARALLEL}"));
                    }
                    if w.as_constant().is_none() {
                        tests.push(format!("(long)1 * ({w_text}) >= {min}"));
                    }
                    let moved = work.moved.as_ref().filter(|m| m.as_constant().is_none() || w.as_constant().is_none());
                    if let Some(m_text) = moved.and_then(|m| self.c_text(m).ok()) {
                        tests.push(format!("(long)1 * ({w_text}) >= {OFFLOAD_WORK_PER_ELEMENT} * ((long)1 * ({m_text}))"));
                    }
                }
                // Without a count of the nest's iterations, its distributed
                // ones must be enough.
                None => {
                    if let Some(product) = &product {
                        tests.push(format!("(long)1 * {product} >= {min}"));
                    }
                }
            }
        }
        Ok(tests)
    }

    /// `map` clauses for the arrays of `stmts`: `to` for arrays only read,
    /// `from` for arrays only written where the writes cover the whole
    /// section, `tofrom` otherwise.
    /// Also each array's section: (C name, first element, length).
    #[allow(clippy::type_complexity)]
    /// `outermost`: the nest is the region's, run once; a nest inside a
    /// loop of the region gets no `from` (its section covers every
    /// iteration of the loops around it, one of which each construct
    /// writes).
    /// Also the elements the construct copies: its sections' lengths,
    /// `tofrom` ones twice (None where that overflows).
    fn maps(&self, stmts: &[String], outermost: bool) -> Result<Maps, String> {
        let mut reads: BTreeMap<String, bool> = BTreeMap::new();
        let mut writes: BTreeMap<String, bool> = BTreeMap::new();
        for s in self.r.scop.statements.iter().filter(|s| stmts.contains(&s.name)) {
            for a in s.accesses.iter().filter(|a| self.r.bases.contains_key(&a.array)) {
                let entry = if a.kind == AccessKind::Read { &mut reads } else { &mut writes };
                entry.insert(a.array.clone(), true);
            }
        }
        let arrays: Vec<String> = reads.keys().chain(writes.keys()).cloned().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
        let names: Vec<&str> = arrays.iter().map(|s| s.as_str()).collect();
        let cx = BoundedCtx::new(self.opts.max_operations);
        let keep = |s: &str| stmts.iter().any(|x| x == s);
        let boxes = poly::access_boxes(&cx, &self.r.scop, &names, &keep).map_err(|e| format!("the access ranges are not available: {e}"))?;
        let mut by_kind: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        let mut sections = BTreeMap::new();
        let mut moved = Some(Polynomial::zero());
        for name in &arrays {
            let Some(Some(bx)) = boxes.get(name) else { continue };
            let lo = single_pieces(&bx.lo).ok_or_else(|| format!("the range of '{name}' has several pieces"))?;
            let hi = single_pieces(&bx.hi).ok_or_else(|| format!("the range of '{name}' has several pieces"))?;
            let (cname, first, len, elements) = self.section(name, &lo, &hi)?;
            let section = format!("{cname}[{first}:{len}]");
            sections.insert(name.clone(), (cname, first, len));
            let kind = match (reads.contains_key(name), writes.contains_key(name)) {
                (true, false) => "to",
                (false, true) if outermost && self.section_written(&cx, name, &lo, &hi, stmts) => "from",
                _ => "tofrom",
            };
            let copies = if kind == "tofrom" { 2 } else { 1 };
            moved = moved.and_then(|m| m.checked_add(&elements.checked_scale(copies)?));
            by_kind.entry(kind).or_default().push(section);
        }
        let maps = ["to", "from", "tofrom"].iter().filter_map(|k| by_kind.get(k).map(|s| format!("map({k}: {})", s.join(", ")))).collect();
        Ok((maps, sections, moved))
    }

    /// The C text of `name`'s section from its box: over the leading
    /// dimension when the C type has the model's dimensions, else over the
    /// linearized elements of a one-dimensional C object.
    /// Also the elements it copies, as a polynomial.
    fn section(&self, name: &str, lo: &[ParamAffine], hi: &[ParamAffine]) -> Result<(String, String, String, Polynomial), String> {
        let base = self.r.bases.get(name).ok_or("no base")?;
        let (cname, c_dims) = match &base.base {
            // GCC 12 stops with a segmentation fault on a section of an
            // array whose size the unit does not know (`extern int a[];`).
            Base::Decl(d) if d.ty().and_then(|t| t.size_unit()).is_none() => {
                return Err(format!("'{}' is an array of unknown size, which GCC 12 cannot map", d.decl_name().unwrap_or_else(|| name.to_string())))
            }
            Base::Decl(d) => (d.decl_name().ok_or_else(|| format!("'{name}' has no name"))?, d.ty().map(array_dims).unwrap_or(0)),
            Base::Ptr(p) => {
                let n = p.ssa_param_name().ok_or_else(|| format!("the pointer of '{name}' is not a parameter's value on entry"))?;
                self.usable_param(&n)?;
                (n, 1 + p.ty().and_then(|t| t.target()).map(array_dims).unwrap_or(0))
            }
        };
        // The section counts C elements: they must be the accessed ones.
        let c_elem = match &base.base {
            Base::Decl(d) => d.ty().map(element_size),
            Base::Ptr(p) => p.ty().and_then(|t| t.target()).map(element_size),
        };
        if c_elem.flatten() != Some(base.elem) {
            return Err(format!("'{cname}' is accessed as elements of {} bytes, which are not its C elements", base.elem));
        }
        let dims = lo.len();
        let (first, last) = if c_dims == dims {
            (self.poly(&lo[0])?, self.poly(&hi[0])?)
        } else if c_dims == 1 {
            // Strides in elements: the product of the sizes inward.
            let mut first = Polynomial::zero();
            let mut last = Polynomial::zero();
            for d in 0..dims {
                let stride = base.sizes.get(d..dims.saturating_sub(1)).unwrap_or(&[]).iter().try_fold(Polynomial::constant(1), |acc, s| acc.checked_mul(s));
                let stride = stride.ok_or("a stride overflows")?;
                first = first.checked_add(&self.poly(&lo[d])?.checked_mul(&stride).ok_or("overflow")?).ok_or("overflow")?;
                last = last.checked_add(&self.poly(&hi[d])?.checked_mul(&stride).ok_or("overflow")?).ok_or("overflow")?;
            }
            (first, last)
        } else {
            return Err(format!("'{name}' has {c_dims} dimensions in C and {dims} in the model"));
        };
        let len = last.checked_sub(&first).and_then(|p| p.checked_add(&Polynomial::constant(1))).ok_or("overflow")?;
        // A section of rows copies whole rows.
        let row = if c_dims == dims { base.sizes.iter().try_fold(Polynomial::constant(1), |acc, s| acc.checked_mul(s)).ok_or("overflow")? } else { Polynomial::constant(1) };
        let elements = len.checked_mul(&row).ok_or("overflow")?;
        Ok((cname, self.c_text(&first)?, self.c_text(&len)?, elements))
    }

    /// Whether the name of parameter `n` holds its value on entry wherever
    /// the function is: no assignment to it, no address taken, no local
    /// variable of the same name.
    fn usable_param(&self, n: &str) -> Result<(), String> {
        let vars = self.fe.vars(self.function);
        if vars.is_some_and(|v| v.changed_params.iter().any(|p| p == n)) {
            return Err(format!("parameter '{n}' is assigned in the function"));
        }
        if vars.is_some_and(|v| v.locals.iter().any(|(x, _)| x == n)) {
            return Err(format!("parameter '{n}' shares its name with a local variable"));
        }
        Ok(())
    }

    /// The counters of the `for` loops inside `l` that initialize them
    /// (their values from before never read).
    fn nest_counters(&self, l: u32) -> Vec<String> {
        let inner: Vec<&FrontEndLoop> =
            self.forest.loops.iter().filter(|x| x.num != l && self.forest.within(x.num, l)).filter_map(|x| x.front_end.as_ref()).collect();
        let counter = |f: &&FrontEndLoop| f.var.as_ref().map(|(v, _)| v.clone());
        let uninitialized: Vec<String> = inner.iter().filter(|f| !f.var_initialized).filter_map(counter).collect();
        inner.iter().filter(|f| f.var_initialized).filter_map(counter).filter(|v| !uninitialized.contains(v)).collect()
    }

    fn poly(&self, a: &ParamAffine) -> Result<Polynomial, String> {
        a.terms.iter().try_fold(Polynomial::constant(a.k), |acc, (v, c)| acc.checked_add(&Polynomial::term(vec![v.clone()], *c)).ok_or_else(|| "overflow".to_string()))
    }

    /// C text of a polynomial over the region's parameters, each the entry
    /// value of a parameter the function leaves alone.
    fn c_text(&self, p: &Polynomial) -> Result<String, String> {
        let mut terms: Vec<(&poly::Monomial, i128)> = p.terms().collect();
        terms.sort_by_key(|(m, _)| std::cmp::Reverse(m.len()));
        let mut out = String::new();
        for (m, c) in terms {
            let mut names = Vec::new();
            for v in m {
                let param = self.r.param_values.get(v).ok_or_else(|| format!("'{v}' is not a parameter"))?;
                let n = param.tree.ssa_param_name().ok_or_else(|| format!("'{v}' is not a parameter's value on entry"))?;
                self.usable_param(&n)?;
                // An unsigned value is computed in long, where n - 1 < 0.
                names.push(if param.lo >= 0 { format!("(long){n}") } else { n });
            }
            let mag = c.unsigned_abs();
            let mut factors: Vec<String> = Vec::new();
            if mag != 1 || names.is_empty() {
                factors.push(mag.to_string());
            }
            // Products of sizes may pass int's range: compute them in long.
            if names.len() > 1 && !names[0].starts_with("(long)") {
                names[0] = format!("(long){}", names[0]);
            }
            factors.extend(names);
            let sign = match (out.is_empty(), c < 0) {
                (true, true) => "-",
                (true, false) => "",
                (false, true) => " - ",
                (false, false) => " + ",
            };
            out.push_str(&format!("{sign}{}", factors.join("*")));
        }
        Ok(if out.is_empty() { "0".into() } else { out })
    }

    /// A parameter set's disjunction of conjunctions as a C condition.
    fn condition_text(&self, dnf: &[Vec<poly::ParamConstraint>]) -> Result<String, String> {
        let mut any = Vec::new();
        for conj in dnf {
            let mut all = Vec::new();
            for c in conj {
                let e = self.c_text(&self.poly(&c.affine)?)?;
                all.push(format!("{e} {} 0", if c.equality { "==" } else { ">=" }));
            }
            if all.is_empty() {
                return Ok("1".into());
            }
            any.push(format!("({})", all.join(" && ")));
        }
        Ok(if any.is_empty() { "0".into() } else { format!("({})", any.join(" || ")) })
    }

    /// The trip count of loop `x` as C text, from its statements' bounds.
    fn trip_text(&self, x: u32, stmts: &[String]) -> Result<String, String> {
        let d = self.lm.depth.get(&x).copied().unwrap_or(0);
        let inner = self.lm.stmts.get(&x).cloned().unwrap_or_default();
        let s = self.r.scop.statements.iter().find(|s| inner.contains(&s.name) && stmts.contains(&s.name)).ok_or("no statement")?;
        let cx = BoundedCtx::new(self.opts.max_operations);
        let (lo, hi) = poly::dim_bounds(&cx, &s.domain).map_err(|e| format!("no bounds: {e}"))?;
        let lo = single_pieces(&lo).ok_or("several pieces")?;
        let hi = single_pieces(&hi).ok_or("several pieces")?;
        let (lo, hi) = (lo.get(d - 1).ok_or("depth")?, hi.get(d - 1).ok_or("depth")?);
        let n = self.poly(hi)?.checked_sub(&self.poly(lo)?).and_then(|p| p.checked_add(&Polynomial::constant(1))).ok_or("overflow")?;
        self.c_text(&n)
    }

    /// The iterations of the nest at `l` in one launch: the sum, over its
    /// loops that hold statements of their own, of the product of the
    /// ranges of the loops from `l` in to that loop (over all instances,
    /// so an upper bound where a range depends on an outer counter);
    /// None where a range has several pieces.
    fn instances(&self, l: u32, stmts: &[String]) -> Option<Polynomial> {
        let d = self.lm.depth.get(&l).copied()?;
        let cx = BoundedCtx::new(self.opts.max_operations);
        let mut total = Polynomial::zero();
        // A statement's innermost loop: the deepest one that holds it.
        let innermost = |name: &str| {
            self.lm.stmts.iter().filter(|(_, v)| v.iter().any(|x| x == name)).max_by_key(|(x, _)| self.lm.depth.get(x).copied().unwrap_or(0)).map(|(x, _)| *x)
        };
        let mut counted = Vec::new();
        for s in self.r.scop.statements.iter().filter(|s| stmts.contains(&s.name)) {
            let home = innermost(&s.name)?;
            if counted.contains(&home) {
                continue;
            }
            counted.push(home);
            let (lo, hi) = poly::dim_bounds(&cx, &s.domain).ok()?;
            let (lo, hi) = (single_pieces(&lo)?, single_pieces(&hi)?);
            let mut count = Polynomial::constant(1);
            for k in d - 1..lo.len() {
                let range = self.poly(&hi[k]).ok()?.checked_sub(&self.poly(&lo[k]).ok()?)?.checked_add(&Polynomial::constant(1))?;
                count = count.checked_mul(&range)?;
            }
            total = total.checked_add(&count)?;
        }
        Some(total)
    }

    /// Whether the nest's must-writes of `name` cover every element of
    /// its C section: the box's leading dimension, and whole inner
    /// dimensions (a section of rows copies whole rows back); a linear
    /// section of a delinearized array never counts.
    fn section_written(&self, cx: &BoundedCtx, name: &str, lo: &[ParamAffine], hi: &[ParamAffine], stmts: &[String]) -> bool {
        let Some(base) = self.r.bases.get(name) else { return false };
        let c_dims = match &base.base {
            Base::Decl(d) => d.ty().map(array_dims).unwrap_or(0),
            Base::Ptr(p) => 1 + p.ty().and_then(|t| t.target()).map(array_dims).unwrap_or(0),
        };
        if c_dims != lo.len() {
            return false;
        }
        let mut lo = lo.to_vec();
        let mut hi = hi.to_vec();
        for d in 1..lo.len() {
            let Some(size) = base.sizes.get(d - 1).and_then(affine_of_polynomial) else { return false };
            lo[d] = ParamAffine { terms: Vec::new(), k: 0 };
            hi[d] = ParamAffine { terms: size.terms, k: size.k - 1 };
        }
        self.written_whole(cx, name, &lo, &hi, stmts)
    }

    /// Whether the nest's must-writes of `name` cover the box `lo..=hi`.
    fn written_whole(&self, cx: &BoundedCtx, name: &str, lo: &[ParamAffine], hi: &[ParamAffine], stmts: &[String]) -> bool {
        let params = self.r.params.join(", ");
        let idx: Vec<String> = (0..lo.len()).map(|k| format!("e{k}")).collect();
        let Ok(cons) = (0..lo.len()).map(|k| Ok(format!("{} <= e{k} <= {}", self.poly(&lo[k])?.to_isl(), self.poly(&hi[k])?.to_isl()))).collect::<Result<Vec<String>, String>>() else {
            return false;
        };
        let bx = format!("[{params}] -> {{ {name}[{}] : {} }}", idx.join(", "), cons.join(" and "));
        let check = || -> Result<bool, poly::IslFailure> {
            let mut written = cx.union_set(&format!("[{params}] -> {{ }}"))?;
            for s in self.r.scop.statements.iter().filter(|s| stmts.contains(&s.name)) {
                for a in s.accesses.iter().filter(|a| a.array == name && a.kind == AccessKind::MustWrite) {
                    let rel = cx.union_map(&a.relation)?;
                    let dom = cx.union_set(&s.domain)?;
                    let image = cx.ok(cx.ok(rel.intersect_domain(dom))?.range())?;
                    written = cx.ok(written.union(image))?;
                }
            }
            let bx = cx.union_set(&bx)?;
            cx.ok(bx.is_subset(&written))
        };
        // Where isl fails, `tofrom` is the safe answer.
        check().unwrap_or(false)
    }
}

/// The bytes access `a` moves per iteration of the model variable `var`,
/// when a constant.
fn byte_step(a: &poly::light::LAccess, var: usize, layout: &poly::locality::Layout) -> Option<i128> {
    let steps: Vec<i128> = a.subs.iter().map(|sub| sub.coef.get(var).copied().unwrap_or(0)).collect();
    poly::locality::step_bytes(&steps, layout)
}

/// A polynomial of degree at most one as an affine function.
fn affine_of_polynomial(p: &Polynomial) -> Option<ParamAffine> {
    let mut a = ParamAffine { terms: Vec::new(), k: 0 };
    for (m, c) in p.terms() {
        match m.as_slice() {
            [] => a.k = c,
            [v] => a.terms.push((v.clone(), c)),
            _ => return None,
        }
    }
    Some(a)
}

/// Each dimension's bound when it is one affine piece.
fn single_pieces(bounds: &[Vec<Piece>]) -> Option<Vec<ParamAffine>> {
    bounds.iter().map(|p| match p.as_slice() { [one] if one.domain.is_none() => Some(one.value.clone()), _ => None }).collect()
}

/// The size in bytes of a C type's innermost element (arrays stripped).
fn element_size(t: super::ir::Type) -> Option<i128> {
    let mut t = t;
    while t.class() == ffi::gp_type_kind::GP_TY_ARRAY {
        t = t.target()?;
    }
    t.size_unit().and_then(|s| s.int_value()).map(|v| v as i128)
}

/// How many array dimensions a C type has (0 for a scalar).
fn array_dims(t: super::ir::Type) -> usize {
    let mut n = 0;
    let mut t = Some(t);
    while let Some(x) = t.filter(|x| x.class() == ffi::gp_type_kind::GP_TY_ARRAY) {
        n += 1;
        t = x.target();
    }
    n
}

/// The line of loop `l`'s keyword (0 when unknown).
pub fn line_of(forest: &LoopForest, l: u32) -> u32 {
    forest.get(l).map(|x| x.line()).unwrap_or(0)
}

/// The source with each plan's pragma on a line of its own before its
/// loop's keyword, indented alike; plans that disagree on a line, or
/// whose headers cannot be swapped, are left out, with the reason.
/// `plans` holds (line, column, pragma) in `lines`' file. With `presumed` (a file name), `#line`
/// directives keep every original line at its number in that file, for a
/// copy compiled in the original's place (offload-use).
pub fn annotate(lines: &[String], plans: &[AnnotationPlan], presumed: Option<&str>) -> (String, Vec<(u32, String)>) {
    let mut skipped = Vec::new();
    // One plan per line: copies of a nest inlined elsewhere agree or are
    // all left out.
    let mut by_line: BTreeMap<u32, Option<&AnnotationPlan>> = BTreeMap::new();
    for p in plans {
        let entry = by_line.entry(p.line).or_insert(Some(p));
        if entry.is_some_and(|q| q.pragma != p.pragma || q.swap != p.swap || q.column != p.column || q.guard != p.guard) {
            *entry = None;
            skipped.push((p.line, "two plans for one line".to_string()));
        }
    }
    let mut at: BTreeMap<u32, (&str, Option<&Guard>)> = BTreeMap::new();
    let original = lines;
    let mut lines = lines.to_vec();
    // A guarded loop is written twice, so no other plan may stand in it.
    let spans: Vec<(u32, u32)> = by_line.values().flatten().filter_map(|p| p.guard.as_ref().map(|(_, end)| (p.line, end.0))).collect();
    // source_obstacle has checked each plan's lines.
    for AnnotationPlan { line, pragma, swap, guard, .. } in by_line.values().flatten().copied() {
        if spans.iter().any(|&(a, b)| a < *line && *line <= b) {
            skipped.push((*line, "the loop is inside another plan's loop".to_string()));
            continue;
        }
        if let Some(((l1, c1), (l2, c2))) = swap {
            let span = |l: u32, c: u32| lines.get((l as usize).wrapping_sub(1)).and_then(|t| header_span(t, c as usize));
            match (span(*l1, *c1), span(*l2, *c2)) {
                (Some(a), Some(b)) if l1 != l2 => {
                    let (h1, h2) = (lines[*l1 as usize - 1][a.0..a.1].to_string(), lines[*l2 as usize - 1][b.0..b.1].to_string());
                    lines[*l1 as usize - 1].replace_range(a.0..a.1, &h2);
                    lines[*l2 as usize - 1].replace_range(b.0..b.1, &h1);
                }
                _ => {
                    skipped.push((*line, "the headers of the loops to interchange do not each stand on a line of their own".to_string()));
                    continue;
                }
            }
        }
        at.insert(*line, (pragma, guard.as_ref()));
    }
    let name = presumed.map(|n| n.replace('\\', "\\\\").replace('"', "\\\""));
    let line_directive = |out: &mut String, k: usize| {
        if let Some(n) = &name {
            out.push_str(&format!("#line {k} \"{n}\"\n"));
        }
    };
    let mut out = String::new();
    line_directive(&mut out, 1);
    let mut k = 0;
    while k < lines.len() {
        let text = &lines[k];
        let Some((pragma, guard)) = at.get(&(k as u32 + 1)) else {
            out.push_str(text);
            out.push('\n');
            k += 1;
            continue;
        };
        let indent: String = text.chars().take_while(|c| c.is_whitespace()).collect();
        let Some((test, (end_line, end_column))) = guard else {
            out.push_str(&format!("{indent}#pragma {pragma}\n"));
            line_directive(&mut out, k + 1);
            out.push_str(text);
            out.push('\n');
            k += 1;
            continue;
        };
        // if (test) { construct; loop } else { loop as written }, each
        // copy at the loop's lines; then the rest of its last line.
        let (last, cut) = (*end_line as usize - 1, *end_column as usize);
        let copy = |out: &mut String, from: &[String]| {
            for (m, t) in from.iter().enumerate().take(last + 1).skip(k) {
                out.push_str(if m == last { t.get(..cut).unwrap_or(t) } else { t });
                out.push('\n');
            }
        };
        out.push_str(&format!("{indent}if ({test}) {{\n{indent}#pragma {pragma}\n"));
        line_directive(&mut out, k + 1);
        copy(&mut out, &lines);
        out.push_str(&format!("{indent}}} else {{\n"));
        line_directive(&mut out, k + 1);
        copy(&mut out, original);
        out.push_str(&format!("{indent}}}\n"));
        let rest = original[last].get(cut..).unwrap_or("");
        if rest.trim().is_empty() {
            line_directive(&mut out, last + 2);
        } else {
            line_directive(&mut out, last + 1);
            out.push_str(&" ".repeat(cut));
            out.push_str(rest);
            out.push('\n');
        }
        k = last + 1;
    }
    (out, skipped)
}

/// One plan to write: the loop's keyword position, the pragma, the
/// keyword positions of two loops whose headers swap places, and the
/// condition the construct runs under with the loop's last character
/// (where it fails, a copy of the loop as written runs).
pub struct AnnotationPlan {
    pub line: u32,
    pub column: u32,
    pub pragma: String,
    pub swap: Option<((u32, u32), (u32, u32))>,
    pub guard: Option<Guard>,
}

/// A construct's condition and its loop's last character (line, byte
/// column).
pub type Guard = (String, (u32, u32));

/// The byte span of a `for` loop's header (`for (...)`) starting at the
/// 1-based byte column `column` of `text`, when the header ends on that
/// line and holds no comment or literal that could hide a parenthesis.
fn header_span(text: &str, column: usize) -> Option<(usize, usize)> {
    let start = column.checked_sub(1)?;
    let rest = text.get(start..)?;
    let after = rest.strip_prefix("for")?;
    let open = start + 3 + (after.len() - after.trim_start().len());
    if text.as_bytes().get(open) != Some(&b'(') {
        return None;
    }
    let mut depth = 0usize;
    for (k, ch) in text[open..].char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((start, open + k + 1));
                }
            }
            '"' | '\'' | '/' => return None,
            _ => {}
        }
    }
    None
}

/// The first line of a plan file: what made it and the hash of the source
/// it was made from.
const PLAN_HEADER: &str = "/* gccpoly offload plan (-fplugin-arg-gccpoly-offload-generate) of source hash ";

/// The canonical name of a file, when it exists.
pub fn canonical_name(path: impl AsRef<std::path::Path>) -> Option<String> {
    std::fs::canonicalize(path).ok().map(|p| p.to_string_lossy().into_owned())
}

/// The hash of a file's bytes as a plan records it.
fn file_hash(path: &str) -> String {
    std::fs::read(path).map(|b| format!("{:016x}", source_hash(&b))).unwrap_or_else(|_| "unreadable".into())
}

/// FNV-1a, 64 bits: enough to tell a plan made from other source text.
pub fn source_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Where the plan of `input` lives in `dir`: its absolute path with `/`
/// turned into `#`, as -fprofile-generate names its data files.
pub fn plan_path(dir: &std::path::Path, input: &str) -> std::path::PathBuf {
    let abs = std::fs::canonicalize(input).or_else(|_| std::path::absolute(input)).unwrap_or_else(|_| std::path::PathBuf::from(input));
    dir.join(format!("{}.offload.c", abs.to_string_lossy().replace('/', "#")))
}

/// The plan file's text: the header, then the annotated source.
pub fn plan_text(source: &str, annotated: &str) -> String {
    format!("{PLAN_HEADER}{:016x} */\n{annotated}", source_hash(source.as_bytes()))
}

/// What a plan was made from besides its source: every file the
/// preprocessor read (headers included) with its hash, and the options
/// that change what it reads or defines. Written beside the plan
/// (`PLAN.deps`), one `file HASH NAME` or `option TEXT` per line.
pub fn plan_dependencies(files: &[String], options: &[String]) -> String {
    let mut out = String::new();
    let mut seen = std::collections::BTreeSet::new();
    for f in files.iter().filter(|f| seen.insert(f.as_str())) {
        let name = canonical_name(f).unwrap_or_else(|| f.clone());
        out.push_str(&format!("file {} {name}\n", file_hash(f)));
    }
    for o in options {
        out.push_str(&format!("option {o}\n"));
    }
    out
}

/// The dependency file of the plan at `plan`.
pub fn dependencies_path(plan: &std::path::Path) -> std::path::PathBuf {
    let mut p = plan.as_os_str().to_owned();
    p.push(".deps");
    std::path::PathBuf::from(p)
}

/// The plan for `input` in `dir` when it was made from `input` as it is
/// now, from the same headers and with the same preprocessor options
/// (`options`); else why not.
/// With it, the files the first build read besides the source (canonical
/// names), which the second must read too.
pub fn usable_plan(dir: &std::path::Path, input: &str, options: &[String]) -> Result<(std::path::PathBuf, Vec<String>), String> {
    let path = plan_path(dir, input);
    let plan = std::fs::read_to_string(&path).map_err(|e| format!("no offload plan '{}' ({e})", path.display()))?;
    let source = std::fs::read(input).map_err(|e| format!("cannot read '{input}': {e}"))?;
    let want = format!("{PLAN_HEADER}{:016x} */", source_hash(&source));
    let stale = |what: &str| format!("the offload plan '{}' was made from another version of {what}", path.display());
    if plan.lines().next() != Some(want.as_str()) {
        return Err(stale(&format!("'{input}'")));
    }
    let deps = std::fs::read_to_string(dependencies_path(&path)).map_err(|e| format!("the offload plan '{}' has no list of what it was made from ({e})", path.display()))?;
    let mut recorded_options = Vec::new();
    let mut files = Vec::new();
    let me = canonical_name(input).unwrap_or_default();
    for line in deps.lines() {
        if let Some(rest) = line.strip_prefix("file ") {
            let (hash, name) = rest.split_once(' ').unwrap_or((rest, ""));
            if name != me {
                files.push(name.to_string());
            }
            if file_hash(name) != hash {
                return Err(stale(&format!("'{name}'")));
            }
        } else if let Some(o) = line.strip_prefix("option ") {
            recorded_options.push(o.to_string());
        }
    }
    // -fopenmp makes the driver define _REENTRANT; the first build need
    // not have had it.
    let relevant = |o: &&String| o.as_str() != "-D_REENTRANT";
    let then: Vec<&String> = recorded_options.iter().filter(relevant).collect();
    let now: Vec<&String> = options.iter().filter(relevant).collect();
    if then != now {
        let join = |v: &[&String]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ");
        return Err(format!(
            "the offload plan '{}' was made with other preprocessor options (then: '{}'; now: '{}')",
            path.display(),
            join(&then),
            join(&now)
        ));
    }
    Ok((path, files))
}

/// Why the second build, having read `read` (canonical names, the plan
/// among them), did not read what the first did (`expected`, the source
/// apart); None when it did.
/// `source`: the source file, which the plan's #line directives name.
pub fn other_files(plan: &std::path::Path, source: &str, read: &[String], expected: &[String]) -> Option<String> {
    let (plan, source) = (canonical_name(plan).unwrap_or_default(), canonical_name(source).unwrap_or_default());
    let now: std::collections::BTreeSet<&String> = read.iter().filter(|f| **f != plan && **f != source).collect();
    let then: std::collections::BTreeSet<&String> = expected.iter().collect();
    let extra = now.difference(&then).next();
    let missing = then.difference(&now).next();
    match (extra, missing) {
        (None, None) => None,
        (Some(f), _) => Some(format!("it read '{f}', which the first build did not")),
        (None, Some(f)) => Some(format!("it did not read '{f}', which the first build did")),
    }
}

/// Why the source text cannot carry a construct before the `for` at
/// `line`:`column` with counter `var` (OpenMP's canonical form as written,
/// on one line), or before that line; None when it can.
pub fn header_obstacle(lines: &[String], line: u32, column: u32, var: &str) -> Option<String> {
    let at = |what: &str| Some(format!("the loop at line {line} {what}"));
    let Some(text) = lines.get((line as usize).wrapping_sub(1)) else {
        return at("is not in the file");
    };
    let Some((start, end)) = header_span(text, column as usize) else {
        return at("is not a `for` whose header stands on its line (a macro, a header over several lines, a comment or literal in it)");
    };
    let inner = &text[start..end];
    let inner = inner[inner.find('(').unwrap_or(0) + 1..inner.len() - 1].to_string();
    let parts: Vec<&str> = inner.split(';').map(str::trim).collect();
    let [init, cond, incr] = parts.as_slice() else {
        return at("has no header of three parts");
    };
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    // Identifiers, numbers and operators, two-character operators whole.
    let tokens = |s: &str| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut cur = String::new();
        for c in s.chars() {
            if is_ident(c) {
                cur.push(c);
                continue;
            }
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            if c.is_whitespace() {
                continue;
            }
            let joined = out.last().map(|p| format!("{p}{c}"));
            match joined.as_deref() {
                Some("<<" | ">>" | "<=" | ">=" | "==" | "!=" | "+=" | "-=" | "++" | "--" | "&&" | "||") => {
                    *out.last_mut().unwrap() = joined.unwrap_or_default();
                }
                _ => out.push(c.to_string()),
            }
        }
        if !cur.is_empty() {
            out.push(cur);
        }
        out
    };
    // init: `[type] var = expr`, one declarator.
    let it = tokens(init);
    let init_ok = !init.contains(',') && it.iter().position(|t| t == "=").is_some_and(|k| k >= 1 && it[k - 1] == var && k + 1 < it.len());
    // cond: `var op expr` or `expr op var`, op one of < <= > >=.
    let ct = tokens(cond);
    let relational = |t: &String| matches!(t.as_str(), "<" | "<=" | ">" | ">=");
    let cond_ok = !cond.contains(',')
        && ct.iter().filter(|t| relational(t) || matches!(t.as_str(), "&&" | "||" | "==" | "!=")).count() == 1
        && ct.iter().position(relational).is_some_and(|k| (k == 1 && ct[0] == var) || (k + 2 == ct.len() && ct[k + 1] == var));
    // incr: var++, ++var, var--, --var, var += e, var -= e, var = var + e,
    // var = var - e.
    let nt = tokens(incr);
    let s: Vec<&str> = nt.iter().map(|t| t.as_str()).collect();
    let incr_ok = !incr.contains(',')
        && match s.as_slice() {
            [v, "++" | "--"] | ["++" | "--", v] => *v == var,
            [v, "+=" | "-=", rest @ ..] => *v == var && !rest.is_empty(),
            [v, "=", w, "+" | "-", rest @ ..] => *v == var && *w == var && !rest.is_empty(),
            _ => false,
        };
    if !(init_ok && cond_ok && incr_ok) {
        return at(&format!("is not written in OpenMP's canonical form (`for ({var} = ...; {var} < ...; {var}++)`)"));
    }
    None
}

/// Why no pragma may go on a line of its own before `line`: the line
/// before ends in a backslash (the pragma would join it), or the last
/// logical line before it that is not blank or a comment is a pragma
/// already; None when it may.
pub fn line_obstacle(lines: &[String], line: u32) -> Option<String> {
    let k = (line as usize).checked_sub(1)?;
    if k >= 1 && lines.get(k - 1)?.trim_end().ends_with('\\') {
        return Some("the line before the loop continues onto it (a backslash)".into());
    }
    let comment = |t: &str| t.is_empty() || t.starts_with("//") || (t.starts_with("/*") && t.ends_with("*/")) || t.starts_with('*');
    let mut j = k;
    while j > 0 && comment(lines[j - 1].trim()) {
        j -= 1;
    }
    if j == 0 {
        return None;
    }
    // The logical line ending at j - 1: joined with the lines before it
    // that end in a backslash.
    let mut first = j - 1;
    while first > 0 && lines[first - 1].trim_end().ends_with('\\') {
        first -= 1;
    }
    let logical = lines[first].trim_start();
    let pragma = logical.strip_prefix('#').is_some_and(|r| r.trim_start().starts_with("pragma")) || logical.starts_with("_Pragma");
    if pragma {
        return Some("a pragma stands before the loop already".into());
    }
    // A lone macro call (no `;`) may expand to _Pragma.
    let word: String = logical.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    let rest = logical[word.len()..].trim();
    let lone_call = !word.is_empty()
        && !word.starts_with(|c: char| c.is_ascii_digit())
        && !matches!(word.as_str(), "if" | "else" | "while" | "for" | "do" | "switch")
        && (rest.is_empty() || (rest.starts_with('(') && rest.ends_with(')')));
    lone_call.then(|| "the line before the loop may be a macro holding a pragma".into())
}

/// Whether the file renumbers its lines (`#line` or a line marker): its
/// locations are then not its physical lines.
pub fn renumbers_lines(lines: &[String]) -> bool {
    lines.iter().any(|l| {
        let t = l.trim_start();
        t.strip_prefix('#').is_some_and(|r| {
            let r = r.trim_start();
            r.starts_with("line") || r.starts_with(|c: char| c.is_ascii_digit())
        })
    })
}

/// Why the source cannot carry `plan`'s pragma before loop `outer` of the
/// function whose body spans `body` (its declaration's position and its
/// closing brace's line); None when it can.
pub fn source_obstacle(fe: &mut FrontEndLoops, function: &str, forest: &LoopForest, plan: &mut OffloadPlan, outer: u32, body: Option<(SourcePos, u32)>) -> Option<String> {
    let pos = forest.get(outer).and_then(|l| l.pos.clone())?;
    match &body {
        Some((start, end)) if start.file == pos.file && start.line <= pos.line && pos.line <= *end => {}
        _ => return Some("the loop comes from another function, inlined here".into()),
    }
    if fe.lines(&pos.file).is_some_and(renumbers_lines) {
        return Some("the file renumbers its lines (#line), so its locations are not its lines".into());
    }
    if fe.starts_line(&pos) != Some(true) {
        return Some("the loop's keyword does not start its line".into());
    }
    let headers: Vec<(SourcePos, String)> = plan
        .headers
        .iter()
        .filter_map(|&h| {
            let l = forest.get(h)?;
            Some((l.pos.clone()?, l.front_end.as_ref()?.var.as_ref()?.0.clone()))
        })
        .collect();
    if headers.len() != plan.headers.len() {
        return Some("a loop of the construct is not a `for` in OpenMP's canonical form".into());
    }
    let lines = fe.lines(&pos.file)?.to_vec();
    let lines = &lines;
    if let Some(why) = line_obstacle(lines, pos.line) {
        return Some(why);
    }
    if let Some(why) = headers.iter().find_map(|(p, var)| {
        if p.file != pos.file {
            return Some("a loop of the construct is in another file".into());
        }
        header_obstacle(lines, p.line, p.column, var).or_else(|| if p.line != pos.line { line_obstacle(lines, p.line) } else { None })
    }) {
        return Some(why);
    }
    // Swapped headers must mean the same where they land: neither names
    // the other's counter, nor a name the function declares twice.
    if let Some((a, b)) = plan.swap {
        let header = |l: u32| -> Option<(Vec<String>, String)> {
            let lp = forest.get(l)?.pos.clone()?;
            let text = lines.get((lp.line as usize).checked_sub(1)?)?;
            let (s0, s1) = header_span(text, lp.column as usize)?;
            let words = text[s0..s1].split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).map(str::to_string).collect();
            Some((words, forest.get(l)?.front_end.as_ref()?.var.as_ref()?.0.clone()))
        };
        let (Some((wa, va)), Some((wb, vb))) = (header(a), header(b)) else {
            return Some("the headers of the loops to interchange cannot be read".into());
        };
        if wa.contains(&vb) || wb.contains(&va) {
            return Some("the headers of the loops to interchange name each other's counters".into());
        }
        let twice = |w: &String| fe.vars(function).is_some_and(|v| v.locals.iter().filter(|(n, _)| n == w).count() > 1);
        if wa.iter().chain(&wb).any(twice) {
            return Some("a header of the loops to interchange names a variable the function declares twice".into());
        }
    }
    // A guarded construct's loop is written twice: its end must be known,
    // after everything the front end saw in it.
    if plan.guard.is_some() {
        let seen = forest.get(outer).and_then(|l| l.front_end.as_ref()).map(|f| f.end).unwrap_or((0, 0));
        match statement_end(lines, pos.line, pos.column).filter(|&end| end >= seen) {
            Some(end) => plan.end = Some(end),
            None => return Some("the loop's end cannot be told from the source text (the loop is written again for when the test fails)".into()),
        }
    }
    None
}

/// The last character (line, 1-based byte column) of the C statement
/// that starts at `line`, `column` of `lines`: a `for`, `while`, `do`,
/// `if` or `switch` statement, a block, or a statement ending in `;`.
/// None where a preprocessor line or the end of the text comes first, or
/// the text is not of that shape.
pub fn statement_end(lines: &[String], line: u32, column: u32) -> Option<(u32, u32)> {
    let mut text = String::new();
    let mut starts = Vec::new();
    for l in lines {
        starts.push(text.len());
        text.push_str(l);
        text.push('\n');
    }
    let at = starts.get((line as usize).checked_sub(1)?)? + (column as usize).checked_sub(1)?;
    let end = CText { b: text.as_bytes() }.statement(at)?;
    let k = starts.partition_point(|&s| s <= end) - 1;
    Some((k as u32 + 1, (end - starts[k]) as u32 + 1))
}

/// A scanner over C source text, for `statement_end`.
struct CText<'a> {
    b: &'a [u8],
}

impl CText<'_> {
    /// The first position from `i` that is not blank or in a comment;
    /// None at a preprocessor line.
    fn skip_blank(&self, mut i: usize) -> Option<usize> {
        loop {
            match (self.b.get(i)?, self.b.get(i + 1)) {
                (b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'\x0b', _) => i += 1,
                (b'/', Some(b'*')) => i = i + 2 + self.b.get(i + 2..)?.windows(2).position(|w| w == b"*/")? + 2,
                (b'/', Some(b'/')) => i += self.b[i..].iter().position(|&c| c == b'\n')?,
                (b'#', _) => {
                    let line_start = self.b[..i].iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1);
                    if self.b[line_start..i].iter().all(|c| c.is_ascii_whitespace()) {
                        return None;
                    }
                    return Some(i);
                }
                _ => return Some(i),
            }
        }
    }

    /// The word (identifier or keyword) at `i`.
    fn word(&self, i: usize) -> &[u8] {
        let n = self.b[i..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
        &self.b[i..i + n]
    }

    /// The position after the literal that starts at `i` with its quote.
    fn literal(&self, i: usize) -> Option<usize> {
        let q = self.b[i];
        let mut k = i + 1;
        loop {
            match *self.b.get(k)? {
                b'\\' => k += 2,
                b'\n' => return None,
                c if c == q => return Some(k + 1),
                _ => k += 1,
            }
        }
    }

    /// The position of the first `stop` byte at bracket depth 0 from `i`,
    /// over literals and comments; None where a bracket closes first.
    fn find(&self, mut i: usize, stop: u8) -> Option<usize> {
        let mut depth = 0usize;
        loop {
            i = self.skip_blank(i)?;
            let c = self.b[i];
            if depth == 0 && c == stop {
                return Some(i);
            }
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.checked_sub(1)?,
                b'"' | b'\'' => {
                    i = self.literal(i)?;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }

    /// The position after the parenthesized part at `i` (blanks first).
    fn parens(&self, i: usize) -> Option<usize> {
        let i = self.skip_blank(i)?;
        (self.b[i] == b'(').then_some(())?;
        Some(self.find(i + 1, b')')? + 1)
    }

    /// The position of the last byte of the statement at `i`.
    fn statement(&self, i: usize) -> Option<usize> {
        let i = self.skip_blank(i)?;
        if self.b[i] == b'{' {
            return self.find(i + 1, b'}');
        }
        let w = self.word(i);
        match w {
            b"for" | b"while" | b"switch" => self.statement(self.parens(i + w.len())?),
            b"if" => {
                let then = self.statement(self.parens(i + 2)?)?;
                let k = self.skip_blank(then + 1)?;
                if self.word(k) == b"else" { self.statement(k + 4) } else { Some(then) }
            }
            b"do" => {
                let body = self.statement(i + 2)?;
                let k = self.skip_blank(body + 1)?;
                (self.word(k) == b"while").then_some(())?;
                let k = self.skip_blank(self.parens(k + 5)?)?;
                (self.b[k] == b';').then_some(k)
            }
            _ => self.find(i, b';'),
        }
    }
}
