//! isl contexts whose every computation is bounded.
//!
//! A compiler must finish: an isl operation that would run too long instead
//! fails with `IslFailure::OutOfOperations`, and the caller leaves the code as
//! GCC compiles it.

use isl_rs::{Context, Error, LibISLError, Set, UnionMap, UnionSet};

/// The default budget of isl operations for one region's analysis.
pub const DEFAULT_MAX_OPERATIONS: u64 = 2_000_000;

/// Why an isl computation gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IslFailure {
    /// The operations budget ran out.
    OutOfOperations,
    /// isl reported an error (malformed input, unsupported construct).
    Error(String),
}

impl std::fmt::Display for IslFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IslFailure::OutOfOperations => write!(f, "isl ran out of operations"),
            IslFailure::Error(m) => write!(f, "isl error: {m}"),
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

    /// An isl result, its error classified.
    pub fn ok<T>(&self, r: Result<T, LibISLError>) -> Result<T, IslFailure> {
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
}
