//! gccpoly's polyhedral core: GCC-free, built on isl, unit-tested with
//! `cargo test` and no compiler in the loop.

pub mod bounded;
pub mod cond;
pub mod dataflow;
pub mod delinearize;
pub mod model;
pub mod polynomial;

pub use bounded::{BoundedCtx, IslFailure};
pub use cond::{CmpOp, Cond};
pub use dataflow::{Dependences, ParallelCheck, Violations};
pub use delinearize::{delinearize, ArrayShape, Bound, DelinearizeError, Delinearized};
pub use model::{Access, AccessKind, IslScop, Scop, Statement};
pub use polynomial::{Monomial, Polynomial};
