//! What one compilation (one cc1 run) accumulates: the options, the loops
//! the front end saw, the report's functions, the dump, the loops marked
//! for parloops and the offload plans to write into the source.

use crate::ffi;
use crate::gimple::{self, FrontEndLoops, SourcePos};
use crate::options::Options;
use crate::report::FunctionReport;
use std::fs::File;
use std::io::Write;

/// What one compilation (one cc1 run) accumulates.
pub(crate) struct Plugin {
    pub(crate) options: Options,
    pub(crate) running_gcc: String,
    pub(crate) fe_loops: FrontEndLoops,
    pub(crate) functions: Vec<FunctionReport>,
    pub(crate) dump: Option<File>,
    /// The loops marked for parloops, until parloops has run.
    pub(crate) marked: Vec<MarkedLoop>,
    /// The offload plans that can be written into the source.
    pub(crate) annotations: Vec<Annotation>,
    /// offload-use: the plan compiled in the input's place, and the files
    /// the first build read besides the source.
    pub(crate) plan_in_use: Option<(std::path::PathBuf, String, Vec<String>)>,
    pub(crate) lto: LtoStage,
}

/// Where in a build the plugin runs: a compilation, lto1 reading a link's
/// objects whole (-fwpa or no partitions), or one partition of the link.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum LtoStage {
    Compile,
    Link,
    Partition,
}

impl LtoStage {
    pub(crate) fn of_this_run() -> Self {
        // SAFETY: reads the language name and flags GCC has set from the command line.
        match unsafe { ffi::gp_lto_stage() } {
            0 => LtoStage::Compile,
            2 => LtoStage::Partition,
            _ => LtoStage::Link,
        }
    }
}

/// An offload plan's pragma and the loop it goes before, the loops
/// whose headers it swaps, and the condition it runs under with the
/// loop's last character.
pub(crate) struct Annotation {
    pub(crate) function: String,
    pub(crate) pos: SourcePos,
    pub(crate) pragma: String,
    pub(crate) swap: Option<(SourcePos, SourcePos)>,
    pub(crate) guard: Option<gimple::offload::Guard>,
}

/// A loop marked for parloops, found again after parloops by its source
/// line (the line of the GIMPLE_OMP_FOR parloops makes of it).
pub(crate) struct MarkedLoop {
    pub(crate) function: String,
    pub(crate) line: u32,
    pub(crate) column: u32,
    pub(crate) location: ffi::gp_location,
    /// Its GCC loop number when it was marked.
    pub(crate) num: u32,
    /// Its iterations are to be dealt round-robin.
    pub(crate) cyclic: bool,
}

impl Plugin {
    pub(crate) fn dump_text(&mut self, text: &str) {
        if let Some(f) = self.dump.as_mut() {
            // A dump that cannot be written must not stop the compilation.
            let _ = f.write_all(text.as_bytes());
        }
    }
}
