//! gccpoly's polyhedral core: GCC-free, built on isl, unit-tested with
//! `cargo test` and no compiler in the loop.

pub mod bounded;

pub use bounded::{BoundedCtx, IslFailure};
