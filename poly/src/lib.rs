//! gccpoly's polyhedral core: GCC-free, built on isl, unit-tested with
//! `cargo test` and no compiler in the loop.

pub mod bounded;
pub mod coalesce;
pub mod cond;
pub mod dataflow;
pub mod delinearize;
pub mod light;
pub mod locality;
pub mod model;
pub mod pairwise;
pub mod polynomial;
pub mod ranges;
pub mod reschedule;
pub mod schedule;
pub mod verdict;

pub use bounded::{BoundedCtx, IslFailure, Work, WorkScope};
pub use coalesce::{
    choose, classify, count_requests, lane_offsets, legal, requests_per_warp, Choice, Coalescing, Device, LaneAccess, Mapping, Nest,
    NestLoop,
};
pub use cond::{CmpOp, Cond};
pub use dataflow::{DependenceCounts, Dependences, ParallelCheck, Violations};
pub use delinearize::{delinearize, ArrayShape, Bound, DelinearizeError, Delinearized, Shift};
pub use light::LightScop;
pub use pairwise::{Iterations, PairDep, PairEngine, PairInterchange, PairLoop, PairSkew, ScalarFact};
pub use model::{Access, AccessKind, IslScop, Scop, Statement};
pub use polynomial::{Monomial, Polynomial, MAX_DEGREE};
pub use ranges::{access_boxes, condition_text, dim_bounds, grouped, rename_words, with_names, first_dim_max, param_dnf, param_dnf_known, param_dnf_within, param_sets_meet, AccessBox, BoxError, ParamAffine, ParamConstraint, Piece};
pub use schedule::{
    check_interchange, legal_permutations, permute_schedule, schedule_all_dependences,
    schedule_with_live_range_reordering, BandPermutation, ComputedSchedule, InterchangeVerdict,
};
pub use verdict::{
    conflict_free_condition, parallel_condition, Blocker, BlockerKind, LoopId, LoopVerdict, ReductionHint,
    ReductionOp, VerdictKind, VerdictOptions,
};
