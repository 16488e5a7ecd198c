//! Rust's safe view of GCC's GIMPLE through the shim: the current function,
//! its loops, where each loop was written in the source, and the static
//! control regions with their polyhedral model.

pub mod affine;
pub mod contraction;
pub mod ir;
pub mod loops;
pub mod scop;
pub mod source;

pub use loops::LoopForest;
pub use scop::{Region, ScopDetector};
pub use source::{FrontEndLoops, SourcePos};
pub mod interchange;
pub mod offload;
pub mod parallel;
pub mod transform;
