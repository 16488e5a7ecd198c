//! Parallel loops through GCC's parloops: which loops to mark
//! `can_be_parallel`, and the run-time test a loop needs where the proof
//! rests on values known only at run time: arrays that must not overlap
//! (seed 001's overlap test over the exact access ranges), the region's
//! other assumptions, and the parameter values for which a loop is
//! parallel at all (seed 003's predicated parallelization).
//!
//! Runs just before parloops, on the GIMPLE parloops sees, with the same
//! detection and verdicts as the analysis after PRE. parloops privatizes
//! SSA values and recognizes scalar reductions itself (and gives up where
//! it cannot), so a loop is marked only when every variable it needs
//! private or reduced is an SSA value: privatized arrays and reductions in
//! memory need an OpenMP region of the plugin's own, which is not built.

use super::affine::Base;
use super::ir::{Stmt, Tree};
use super::loops::LoopForest;
use super::parallel::{inner_trip_counts_vary, memory_parallel_conditions, private_storage_decls, RegionOutcome};
use super::parallel;
use super::scop::Region;
use super::contraction::{self, Fusion};
use crate::ffi;
use poly::{access_boxes, dim_bounds, param_dnf_known, param_sets_meet, BoundedCtx, ParamAffine, Piece, Polynomial};
use std::collections::BTreeMap;

mod copies;
mod plan;
mod rewrites;
mod runtime;
mod version;

pub use copies::{array_reductions_of, private_copies_of, thread_copies, CopyKind, ThreadCopies};
pub use plan::{cells_inside, plan, sequential_cells, too_few_trips, too_little_work, PlanOptions, MAX_COPIED_ARRAYS, MAX_THREAD_COPIES, MIN_TRIPS_INSIDE, PRIVATE_STORAGE_MAX_BYTES};
pub use rewrites::{carry_cell, enter_inner, private_storage, recompute_exit_values, reload_invariants, select_reductions, sink_store, wide_counters, wrapping_reductions};
pub use runtime::{region_test, RuntimeTest};
pub use version::{apply, version_on};
use runtime::{condition_text, extents_of, pieces_of, rt_bits, too_large, ByteBound, Dnf, Pieces, ProductTest};
use version::Builder;

/// What happens to one loop.
#[derive(Clone, Debug)]
pub enum LoopPlan {
    /// Marked parallel, in a copy run under the test when there is one;
    /// `otherwise`: loops inside it that are marked parallel in the copy
    /// run when the test fails (seed 003's version selector: the whole
    /// nest in parallel when a condition holds, its inner loops otherwise).
    /// `cyclic`: its inner loops' trip counts vary with its counter (a
    /// triangular nest), so its iterations are best dealt round-robin.
    /// `within`: the region's own test (arrays apart, its assumptions),
    /// when loops are marked `otherwise`: their parallelism rests on it, so
    /// the loop is first versioned on it, neither copy marked, and then on
    /// `test` inside the copy where it holds.
    /// `storage`: its private local arrays, which get storage of their own
    /// in each iteration (`gp_loop_private_storage`) before it is marked.
    /// `min_trips`: an innermost loop inside a sequential loop, to run in
    /// parallel only with enough iterations (`PlanOptions::min_trips`),
    /// tested at run time.
    /// `sinks`: the stores of its reductions in memory, moved after it
    /// (`gp_loop_sink_store`) before it is marked, so that parloops finds
    /// register reductions.
    /// `copies`: its reductions into arrays and its private arrays that
    /// are not its body's own, made with a copy per thread
    /// (`gp_loop_thread_copies`) before it is marked.
    /// `inner_sinks`: the cells its inner loops update in memory (their
    /// reductions into one cell), carried in registers in its marked copy,
    /// where the arrays are apart: the stores moved after those loops, and
    /// the loads, where PRE left them, before.
    Parallel {
        test: Option<RuntimeTest>,
        otherwise: Vec<u32>,
        cyclic: bool,
        within: Option<RuntimeTest>,
        storage: Vec<Tree>,
        min_trips: bool,
        sinks: Vec<Stmt>,
        copies: ThreadCopies,
        inner_sinks: Vec<CarriedCell>,
    },
    /// Parallel by the analysis but left to run sequentially: why.
    Kept(String),
    /// A loop that stays sequential, versioned on `test` (the region's,
    /// arrays apart) where there is one, so that in the copy where it
    /// holds the cells its loops update in memory are carried in registers
    /// (`cells`): GCC kept them in memory, since the arrays could overlap
    /// or the loops access other elements of theirs. `kept`: why it stays
    /// sequential where it is parallel.
    Registers { test: Option<RuntimeTest>, cells: Vec<CarriedCell>, kept: Option<String> },
}

/// A cell loop `l` updates in memory (through `loads` and `store`), to be
/// carried in a register while the loop runs (`gp_loop_carry_cell`); with
/// no loads, PRE's register cycle already. `cell`: what the remarks call
/// it (the verdict's `s[0]`, or `the cell of q`).
#[derive(Clone, Debug)]
pub struct CarriedCell {
    pub l: u32,
    pub cell: String,
    store: Stmt,
    loads: Vec<Stmt>,
    /// What carrying it does to the products GCC fuses in its loop.
    pub fusion: Fusion,
}

impl CarriedCell {
    /// Whether its loads move out of the loop too (not PRE's register
    /// cycle).
    pub fn loaded(&self) -> bool {
        !self.loads.is_empty()
    }

    /// What the remarks call it, and what is done to it.
    pub fn describe(&self) -> String {
        let fusion = self.fusion.words();
        if self.loads.is_empty() {
            format!("the running value of {} kept in a register, stored after the loop{fusion}", self.cell)
        } else {
            format!("the running value of {} that the loop updates kept in a register, loaded before the loop and stored after it{fusion}", self.cell)
        }
    }
}

/// One byte range a region touches: `[base + lo, base + hi)`.
#[derive(Clone, Debug)]
struct Extent {
    array: String,
    lo: ByteBound,
    hi: ByteBound,
}
