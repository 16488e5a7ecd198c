//! Rust's safe view of GCC's GIMPLE through the shim: the current function,
//! its loops, and where each loop was written in the source.

pub mod loops;
pub mod source;

pub use loops::LoopForest;
pub use source::{FrontEndLoops, SourcePos};
