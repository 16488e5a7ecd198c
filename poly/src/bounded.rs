//! isl contexts whose every computation is bounded.
//!
//! A compiler must finish: an isl operation that would run too long instead
//! fails with `IslFailure::OutOfOperations`, and the caller leaves the code as
//! GCC compiles it.

use isl_rs::{Context, Error, LibISLError, Set, UnionMap, UnionSet};
use std::cell::RefCell;
use std::collections::HashSet;

/// The default budget of isl operations for one region's analysis.
pub const DEFAULT_MAX_OPERATIONS: u64 = 2_000_000;

/// Why an isl computation gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IslFailure {
    /// The operations budget ran out.
    OutOfOperations,
    /// isl reported an error (malformed input, unsupported construct).
    Error(String),
    /// A budget of isl calls over many computations ran out (`Work`).
    OutOfWork { scope: WorkScope, limit: u64 },
}

impl std::fmt::Display for IslFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IslFailure::OutOfOperations => write!(f, "isl ran out of operations"),
            IslFailure::Error(m) => write!(f, "isl error: {m}"),
            IslFailure::OutOfWork { scope, limit } => {
                write!(f, "the {}'s analysis budget of {limit} isl calls ran out (-fplugin-arg-gccpoly-{}=N)", scope.noun(), scope.key())
            }
        }
    }
}

/// An isl context with an operations budget.
pub struct BoundedCtx {
    ctx: Context,
}

impl BoundedCtx {
    pub fn new(max_operations: u64) -> BoundedCtx {
        let ctx = Context::alloc();
        // Errors are reported through return values, never by aborting.
        let _ = isl_rs::Options::set_on_error(&ctx, 1); // ISL_ON_ERROR_CONTINUE
        ctx.set_max_operations(max_operations);
        BoundedCtx { ctx }
    }

    pub fn ctx(&self) -> &Context {
        &self.ctx
    }

    /// Sets the budget of each following computation.
    pub fn set_budget(&self, max_operations: u64) {
        self.ctx.set_max_operations(max_operations);
    }

    /// Starts a new budget for the next computation.
    pub fn reset_budget(&self) {
        self.ctx.reset_operations();
        self.ctx.reset_error();
    }

    /// Classifies a failed isl call.
    pub fn failure(&self, err: LibISLError) -> IslFailure {
        let text = err.to_string();
        let out = matches!(self.ctx.last_error(), Error::Quota) || text.starts_with("[Quota]");
        self.ctx.reset_error();
        if out {
            IslFailure::OutOfOperations
        } else {
            IslFailure::Error(text)
        }
    }

    /// The failure of an isl call made directly, not through isl-rs, that
    /// returned NULL.
    pub fn last_failure(&self) -> IslFailure {
        let out = matches!(self.ctx.last_error(), Error::Quota);
        let text = self.ctx.last_error_msg().to_string();
        self.ctx.reset_error();
        if out {
            IslFailure::OutOfOperations
        } else {
            IslFailure::Error(text)
        }
    }

    /// An isl result, its error classified, counted against the open
    /// work budgets.
    pub fn ok<T>(&self, r: Result<T, LibISLError>) -> Result<T, IslFailure> {
        let v = r.map_err(|e| self.failure(e))?;
        charge_work()?;
        Ok(v)
    }

    /// `ok` for a call that only fills in an object element by element (a
    /// constraint matrix's cell, its space): not charged to the open
    /// budgets, which count the computations made with sets and maps, so
    /// that a budget does not run out on the width of a region's systems.
    pub fn built<T>(&self, r: Result<T, LibISLError>) -> Result<T, IslFailure> {
        r.map_err(|e| self.failure(e))
    }

    /// Parses a union set in isl notation.
    pub fn union_set(&self, text: &str) -> Result<UnionSet, IslFailure> {
        self.ok(UnionSet::read_from_str(&self.ctx, text))
    }

    /// Parses a union map in isl notation.
    pub fn union_map(&self, text: &str) -> Result<UnionMap, IslFailure> {
        self.ok(UnionMap::read_from_str(&self.ctx, text))
    }

    /// Parses a set in isl notation.
    pub fn set(&self, text: &str) -> Result<Set, IslFailure> {
        Set::read_from_str(&self.ctx, text).map_err(|e| self.failure(e))
    }

    /// The number of integer points of a bounded, parameter-free set.
    pub fn count_points(&self, set: &Set) -> Result<u64, IslFailure> {
        let v = set.count_val().map_err(|e| self.failure(e))?;
        let s = v.to_str().map_err(|e| self.failure(e))?.to_string();
        s.parse::<u64>()
            .map_err(|_| IslFailure::Error(format!("not a finite count: {s}")))
    }
}

/// What a work budget covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkScope {
    /// One region's analysis in one step of one pass.
    Region,
    /// One function's analysis in one pass.
    Function,
}

impl WorkScope {
    fn noun(self) -> &'static str {
        match self {
            WorkScope::Region => "region",
            WorkScope::Function => "function",
        }
    }

    /// The plugin option that sets it.
    fn key(self) -> &'static str {
        match self {
            WorkScope::Region => "region-budget",
            WorkScope::Function => "function-budget",
        }
    }
}

/// The default budgets of isl calls (docs/options.md), the calls that
/// only fill in a constraint matrix not counted (`BoundedCtx::built`).
/// The kernel suite's largest is about 1,000 calls for a region and 6,200
/// for a function (adi at -O3 with threads); bench/apps' ADI solver's
/// main, its sweeps inlined, about 4,600; a solver's sweep with 5x5 blocks
/// written out asks for 10,000 to 35,000 (about 0.5 to 1 s each).
pub const DEFAULT_REGION_WORK: u64 = 8_000;
pub const DEFAULT_FUNCTION_WORK: u64 = 1_000_000;

/// What an open budget is of.
enum Of {
    /// A function, whose regions get `region_limit` each.
    Function { region_limit: u64 },
    /// A region, by its caller-given identity.
    Region { id: u64 },
}

struct OpenWork {
    of: Of,
    limit: u64,
    used: u64,
}

impl OpenWork {
    fn scope(&self) -> WorkScope {
        match self.of {
            Of::Function { .. } => WorkScope::Function,
            Of::Region { .. } => WorkScope::Region,
        }
    }
}

thread_local! {
    /// The open budgets, outermost first: every isl call made through a
    /// `BoundedCtx` counts against each of them.
    static WORK: RefCell<Vec<OpenWork>> = const { RefCell::new(Vec::new()) };
    /// The function of the last function budget opened, and the regions
    /// of it whose budget ran out: they are not analysed again in its
    /// later passes (the same nest costs as much there).
    static EXHAUSTED: RefCell<(String, HashSet<u64>)> = RefCell::new((String::new(), HashSet::new()));
}

/// A budget of isl calls shared by every context made while it is open
/// (each computation has its own operations budget as well; this one bounds
/// how many computations a region or a function may ask for, so that a file
/// of many large unrolled nests compiles in bounded time). Closed on drop.
pub struct Work {
    depth: usize,
}

impl Work {
    /// Function `name`'s budget in one pass, whose regions get
    /// `region_limit` each.
    pub fn function(name: &str, limit: u64, region_limit: u64) -> Work {
        EXHAUSTED.with(|e| {
            let mut e = e.borrow_mut();
            if e.0 != name {
                *e = (name.to_string(), HashSet::new());
            }
        });
        Self::push(OpenWork { of: Of::Function { region_limit }, limit, used: 0 })
    }

    /// The budget of region `id` (the caller's name for it, the same in
    /// every pass): the enclosing function's region limit, else the
    /// default; spent already where the region's ran out in an earlier
    /// pass or step of the function.
    pub fn region(id: u64) -> Work {
        let limit = WORK.with(|w| {
            w.borrow().iter().rev().find_map(|o| match o.of {
                Of::Function { region_limit } => Some(region_limit),
                Of::Region { .. } => None,
            })
        });
        let limit = limit.unwrap_or(DEFAULT_REGION_WORK);
        let spent = EXHAUSTED.with(|e| e.borrow().1.contains(&id));
        Self::push(OpenWork { of: Of::Region { id }, limit, used: if spent { limit } else { 0 } })
    }

    fn push(o: OpenWork) -> Work {
        WORK.with(|w| {
            let mut w = w.borrow_mut();
            w.push(o);
            Work { depth: w.len() - 1 }
        })
    }

    /// The isl calls counted so far.
    pub fn used(&self) -> u64 {
        WORK.with(|w| w.borrow().get(self.depth).map_or(0, |o| o.used))
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        WORK.with(|w| {
            let mut w = w.borrow_mut();
            if let Some(OpenWork { of: Of::Region { id }, used, limit }) = w.get(self.depth) {
                if used > limit {
                    EXHAUSTED.with(|e| e.borrow_mut().1.insert(*id));
                }
            }
            w.truncate(self.depth)
        });
    }
}

/// Counts one isl call; the first budget run out, if any.
fn charge_work() -> Result<(), IslFailure> {
    WORK.with(|w| {
        let mut w = w.borrow_mut();
        let mut out = None;
        for o in w.iter_mut() {
            o.used += 1;
            if o.used > o.limit && out.is_none() {
                out = Some(IslFailure::OutOfWork { scope: o.scope(), limit: o.limit });
            }
        }
        out.map_or(Ok(()), Err)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_a_triangle() {
        let c = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        let s = c.set("{ S[i, j] : 0 <= i < 10 and 0 <= j <= i }").unwrap();
        assert_eq!(c.count_points(&s).unwrap(), 55);
    }

    #[test]
    fn malformed_input_is_an_error_not_an_abort() {
        let c = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        assert!(matches!(c.set("{ S[i : }"), Err(IslFailure::Error(_))));
    }

    #[test]
    fn budget_runs_out() {
        let c = BoundedCtx::new(10);
        let s = c.set("{ S[i, j, k] : 0 <= i < 1000 and 0 <= j <= i and 0 <= k <= j and (i + j + k) mod 7 = 3 }");
        let r = s.and_then(|s| c.count_points(&s));
        assert_eq!(r, Err(IslFailure::OutOfOperations));
    }

    fn empty_test(c: &BoundedCtx) -> Result<bool, IslFailure> {
        let s = c.set("{ S[i] : 0 <= i < 10 }")?;
        c.ok(s.is_empty())
    }

    #[test]
    fn work_budget_runs_out_and_closes() {
        let c = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        {
            let _f = Work::function("e", 100, 3);
            let r = Work::region(0);
            for _ in 0..3 {
                assert_eq!(empty_test(&c), Ok(false));
            }
            assert_eq!(r.used(), 3);
            assert_eq!(empty_test(&c), Err(IslFailure::OutOfWork { scope: WorkScope::Region, limit: 3 }));
            drop(r);
            // The region's budget closed; the function's still counts.
            assert_eq!(empty_test(&c), Ok(false));
        }
        // None open: no limit.
        for _ in 0..10 {
            assert_eq!(empty_test(&c), Ok(false));
        }
    }

    #[test]
    fn function_budget_covers_its_regions() {
        let c = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        let f = Work::function("f", 4, 3);
        for k in 0..2 {
            let _r = Work::region(k);
            assert_eq!(empty_test(&c), Ok(false));
            assert_eq!(empty_test(&c), Ok(false));
        }
        assert_eq!(f.used(), 4);
        let _r = Work::region(2);
        let e = empty_test(&c).unwrap_err();
        assert_eq!(e, IslFailure::OutOfWork { scope: WorkScope::Function, limit: 4 });
        assert!(e.to_string().contains("function's analysis budget of 4 isl calls ran out (-fplugin-arg-gccpoly-function-budget=N)"), "{e}");
    }

    #[test]
    fn a_region_out_of_budget_stays_out_in_its_function() {
        let c = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        {
            let _f = Work::function("g", 1000, 2);
            let _r = Work::region(7);
            for _ in 0..2 {
                assert_eq!(empty_test(&c), Ok(false));
            }
            assert!(empty_test(&c).is_err());
        }
        {
            // A later pass of g: region 7 fails at once, region 8 does not.
            let _f = Work::function("g", 1000, 2);
            {
                let _r = Work::region(7);
                assert_eq!(empty_test(&c), Err(IslFailure::OutOfWork { scope: WorkScope::Region, limit: 2 }));
            }
            let _r = Work::region(8);
            assert_eq!(empty_test(&c), Ok(false));
        }
        // Another function: region 7 starts afresh.
        let _f = Work::function("h", 1000, 2);
        let _r = Work::region(7);
        assert_eq!(empty_test(&c), Ok(false));
    }
}
