//! Per-loop parallelism verdicts of a region: what the GIMPLE side adds to
//! the polyhedral engine (poly's `PairEngine`, or `LoopVerdict` where the
//! region's notation is outside what `poly::light` reads).
//!
//! * SSA facts on the region's zero-dimensional arrays (an SSA value's
//!   definition dominates its uses; a PHI's value comes from the predecessor
//!   whose edge is taken), which settle their dataflow without isl.
//! * Reductions: a loop-header PHI whose cycle is a chain of one associative
//!   operator, recognised on GIMPLE and handed to the engine as a hint.
//! * The mapping between GCC's loops and the model's time dimensions and
//!   statements, and names in source terms for the report.
//!
//! Naming: a memory array keeps its name (`A`); a zero-dimensional array
//! `<var>_<version>` or `<var>_<version>_phi` is reported as the SSA name's
//! variable `<var>` (PRE's temporaries are `prephitmp`/`pretmp`), or as
//! `_<version>` when the SSA name has no variable. A reduction whose running
//! value is stored to a memory cell in every iteration (PRE leaves
//! `C[i][j] = acc` in the loop after replacing its loads) is named after
//! that cell (`C[i][j]`), otherwise after the accumulator's variable. In
//! the private lists a temporary of GCC's (no variable of the source, or an
//! artificial one: `prephitmp`, `iftmp.5`, `_19`) is shown by what it
//! holds: `running value of C[i][j]` where it carries that cell's value
//! through a loop, else `value of line N`, the line of the statement that
//! computes it.

use super::ir::{self, LoopRef, Stmt, Tree};
use super::loops::LoopForest;
use super::scop::{is_memory_ref, scalar_name, Region};
use super::source::SourcePos;
use crate::ffi::{gp_stmt_kind as SK, gp_tree_kind as TK, gp_type_kind as TY};
use poly::{
    conflict_free_condition, BoundedCtx, DependenceCounts, Dependences, IslFailure, IslScop, Iterations, LightScop, LoopId,
    LoopVerdict, PairEngine, PairLoop, ReductionHint, ReductionOp, ScalarFact, VerdictKind, VerdictOptions,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

mod accesses;
mod cells;
mod exact;
mod pairs;
mod reductions;
mod region;
mod split;
mod ssa;

pub use accesses::{loop_blocks, unwritten_loads};
pub use cells::{carried_cells, loop_array_accesses, private_storage_decls, reduction_stores};
pub use exact::{independent_loop, inner_trip_counts_vary, memory_parallel_conditions, most_trips, runs_where};
pub use pairs::{loop_jam, loop_shift, pair_interchange, pair_skew, pair_wavefront};
pub use region::analyze_region;
pub use split::{SplitAt, SplitJudge};
pub use ssa::array_origin_name;
pub(crate) use ssa::{loop_map, LoopMap};
use accesses::{access_of, base_decl, block_accesses, invariant_value, is_member_def, loop_accesses, ssa_operands, MemAccess};
use cells::{bands, cell_name, dead_local_arrays, iteration_statement};
use exact::{exact_dependences, exact_verdicts, Job, EXACT_FALLBACK_STATEMENTS};
use pairs::{engine_failure, prepare, Prepared};
use reductions::hints_of;
use region::{dedup, interchange_reason, outcome, running_values};
use ssa::{block_of, memory_arrays, scan_ssa, source_name, SsaScan};

/// The verdict on one loop, in source terms.
#[derive(Clone, Debug)]
pub struct LoopOutcome {
    pub parallel: bool,
    pub kind: &'static str,
    pub private: Vec<String>,
    pub firstprivate: Vec<String>,
    pub lastprivate: Vec<String>,
    /// (variable, operator as OpenMP writes it).
    pub reductions: Vec<(String, &'static str)>,
    /// Those of `private` and of `reductions` that are in memory, private
    /// first: the variables the loop needs private or reduced copies of (a
    /// reduction in memory named with its cell, `c[j]`).  Decided on the
    /// model's own names: a value in a register may show under an array's
    /// name (PRE's `prephitmp_118` beside the row `*prephitmp_116`, both
    /// "prephitmp").
    pub in_memory: Vec<String>,
    pub blockers: Vec<String>,
    /// Some blocker is a value in a register (an SSA value, not memory):
    /// no condition on the memory accesses alone makes the loop parallel
    /// (`memory_parallel_conditions` sees memory only).
    pub blocked_in_registers: bool,
    /// (line of the other loop, legal, reason).
    pub interchange: Vec<(u32, bool, String)>,
    /// False where the analysis gave no verdict (`none`): not parallel,
    /// and not known to carry anything either.
    pub judged: bool,
    /// Those of `reductions` in floating point whose reassociation only
    /// -fplugin-arg-gccpoly-reassociate allows (empty under
    /// -fassociative-math, GCC's own permission): the remark says so.
    pub reassociated: Vec<String>,
}

impl LoopOutcome {
    /// The operator of its reduction on `var` (a cell's name in memory),
    /// as OpenMP writes it; None when `var` is not reduced.
    pub fn reduction_op(&self, var: &str) -> Option<&'static str> {
        self.reductions.iter().find(|(x, _)| x == var).map(|(_, op)| *op)
    }

    /// A loop the analysis could not judge.
    pub fn none(blocker: String) -> LoopOutcome {
        LoopOutcome {
            parallel: false,
            kind: "none",
            private: Vec::new(),
            firstprivate: Vec::new(),
            lastprivate: Vec::new(),
            reductions: Vec::new(),
            in_memory: Vec::new(),
            blockers: vec![blocker],
            blocked_in_registers: true,
            interchange: Vec::new(),
            judged: false,
            reassociated: Vec::new(),
        }
    }

    /// The remark: (optimized?, text).
    pub fn remark(&self) -> (bool, String) {
        if !self.parallel {
            let why = self.blockers.first().cloned().unwrap_or_else(|| "no reason recorded".into());
            return (false, format!("loop not parallel: {why}"));
        }
        let mut parts = Vec::new();
        if !self.private.is_empty() {
            parts.push(format!("private: {}", self.private.join(", ")));
        }
        if !self.reductions.is_empty() {
            let r: Vec<String> = self.reductions.iter().map(|(v, op)| format!("{op}:{v}")).collect();
            parts.push(format!("reduction: {}", r.join(", ")));
        }
        if !self.reassociated.is_empty() {
            parts.push(format!(
                "floating-point reduction of {} reassociated (-fplugin-arg-gccpoly-reassociate): its rounding differs from the sequential loop's",
                self.reassociated.join(", ")
            ));
        }
        let detail = if parts.is_empty() { String::new() } else { format!("; {}", parts.join("; ")) };
        (true, format!("loop parallel ({}){detail}", self.kind))
    }
}

/// What the analysis of one region gives.
pub struct RegionOutcome {
    pub loops: HashMap<u32, LoopOutcome>,
    pub counts: Option<DependenceCounts>,
    /// The memory arrays of the model (not the zero-dimensional ones).
    pub arrays: Vec<String>,
    /// Text for the dump.
    pub dump: String,
}

/// Options of the analysis.
#[derive(Clone, Copy, Debug)]
pub struct AnalysisOptions {
    /// Floating-point reductions may be reassociated: `-fassociative-math`
    /// for the function, or -fplugin-arg-gccpoly-reassociate.
    pub reassociate: bool,
    /// The permission is -fplugin-arg-gccpoly-reassociate's alone.
    pub reassociate_by_option: bool,
    /// Also run the exact engine and report disagreements on stderr
    /// (GCCPOLY_CROSSCHECK, for development).
    pub crosscheck: bool,
    /// Every level of every dependence, for the dump.
    pub detail: bool,
    /// The isl operations budget of each computation.
    pub max_operations: u64,
    /// Only the loops' parallel verdicts, by the pairwise engine: no
    /// interchange, no dependence counts, and no exact engine where the
    /// pairwise one cannot read the model (its loops are then not
    /// analysed). For the pass before parloops, which may see models of
    /// unrolled or split loops that the exact engine takes seconds on.
    pub verdicts_only: bool,
}
