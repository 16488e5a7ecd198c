//! The JSON report (`-fplugin-arg-gccpoly-report=FILE`); docs/report.md is its
//! schema. Later analyses add keys to `LoopReport` and `FunctionReport`.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::io::AsRawFd;
use std::path::Path;

#[derive(Serialize, Debug)]
pub struct Report {
    pub plugin: &'static str,
    pub version: &'static str,
    /// The GCC the plugin runs in.
    pub gcc: String,
    /// The main input file, as given to the compiler.
    pub input: String,
    pub functions: Vec<FunctionReport>,
}

#[derive(Serialize, Debug)]
pub struct FunctionReport {
    pub name: String,
    /// The file of its declaration, as the compiler named it; None when
    /// GCC has no location for it.
    pub file: Option<String>,
    pub line: u32,
    pub loops: Vec<LoopReport>,
    /// The modelled regions.
    pub scops: Vec<ScopReport>,
    /// The loops left out of every region, and why.
    pub rejected: Vec<RejectedReport>,
    /// Set when the analysis failed internally and the function was left as
    /// GCC compiles it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Serialize, Debug, Clone)]
pub struct LoopReport {
    /// GCC's loop number in this function.
    pub id: u32,
    /// The file, line and column of the loop's `for`/`while`/`do`
    /// keyword: the file is another than the function's for a loop of a
    /// function inlined from a header.
    pub file: Option<String>,
    pub line: u32,
    pub column: u32,
    /// 1 for an outermost loop.
    pub depth: u32,
    /// The `id` of the enclosing loop; null for an outermost loop.
    pub parent: Option<u32>,
    /// The `id` of the region containing the loop; null when none does.
    pub scop: Option<u32>,
    /// Whether the loop's iterations may run in parallel (with `private`
    /// copies and `reductions`).
    pub parallel: bool,
    /// `doall`, `private`, `reduction` or `none`.
    pub kind: &'static str,
    /// Variables each iteration needs its own copy of.
    pub private: Vec<String>,
    /// Of `private`, those whose copies start with the value from before the
    /// loop, and those whose last iteration's value is used after it.
    pub firstprivate: Vec<String>,
    pub lastprivate: Vec<String>,
    pub reductions: Vec<ReductionReport>,
    /// Why the loop is not parallel: variable, reason, source lines.
    pub blockers: Vec<String>,
    /// Interchange with each other loop of its band.
    pub interchange: Vec<InterchangeReport>,
    /// What the plugin did to the loop: `interchange` (swapped with the
    /// loop at line `swapped_with`), `parallel` (marked for parloops, with
    /// -ftree-parallelize-loops=N), `cyclic` (its iterations dealt
    /// round-robin).
    pub transform: Vec<&'static str>,
    /// The line of the loop it was interchanged with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swapped_with: Option<u32>,
    /// The run-time test the parallel copy runs under; null when none.
    pub guard: Option<String>,
    /// Why a loop the analysis calls parallel was not marked; null
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept: Option<String>,
    /// Present when the loop was marked for parloops and parloops did not
    /// parallelize it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declined: Option<String>,
    /// The GPU offload plan of a nest whose outermost loop this is (with
    /// `offload` or `annotate=FILE`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offload: Option<OffloadReport>,
    /// Where GCC's remarks on the loop go (its location at the analysis).
    #[serde(skip)]
    pub location: u32,
}

#[derive(Serialize, Debug, Clone, Default)]
pub struct OffloadReport {
    /// Whether the nest has a plan; when not, `reason` says why.
    pub planned: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collapse: Option<usize>,
    /// Memory requests per warp over the nest's accesses, under the plan
    /// and with only the outermost loop distributed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requests: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_requests: Option<f64>,
    pub accesses: Vec<OffloadAccessReport>,
    /// The pragma, when it can be written in the source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pragma: Option<String>,
    /// The C condition the construct runs under (else the loop runs as
    /// written); absent when it always runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guard: Option<String>,
    /// Why the plan cannot be written in the source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unwritten: Option<String>,
    /// Whether `annotate=FILE` wrote it.
    pub annotated: bool,
    /// The lines of two loops of the nest whose headers the plan swaps
    /// (the second moved beneath the outermost loop); absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub interchanged: Vec<u32>,
}

#[derive(Serialize, Debug, Clone)]
pub struct OffloadAccessReport {
    pub array: String,
    pub line: u32,
    pub write: bool,
    pub requests: f64,
    /// `uniform`, `coalesced`, `strided` or `uncoalesced`.
    pub coalescing: &'static str,
}

#[derive(Serialize, Debug, Clone)]
pub struct ReductionReport {
    pub var: String,
    pub op: &'static str,
}

#[derive(Serialize, Debug, Clone)]
pub struct InterchangeReport {
    /// The line of the other loop.
    pub with: u32,
    pub legal: bool,
    pub reason: String,
}

#[derive(Serialize, Debug, Clone)]
pub struct ScopReport {
    /// 1, 2, ... in the function, in source order.
    pub id: u32,
    /// The line of its first loop.
    pub line: u32,
    /// How many loops and statements (basic blocks) it models.
    pub loops: usize,
    pub statements: usize,
    pub params: Vec<String>,
    /// What a parameter GCC computed is over the source's variables
    /// (`Region::param_texts`: `"p": "(uint64_t) n"`), for those it can be
    /// written so.
    pub param_values: std::collections::BTreeMap<String, String>,
    pub assumptions: Vec<AssumptionReport>,
    /// The memory arrays the model accesses (its zero-dimensional arrays,
    /// SSA values and PHIs, apart).
    pub arrays: Vec<String>,
    /// Dependences between accesses; null when they were not computed.
    pub dependences: Option<DependenceReport>,
}

#[derive(Serialize, Debug, Clone)]
pub struct DependenceReport {
    /// (write, read) access pairs linked by a value-based flow.
    pub flow: usize,
    /// Access pairs linked by a memory-based (anti or output) dependence.
    pub memory: usize,
    /// Of `memory`, those the verdicts need not keep.
    pub memory_ignored: usize,
}

#[derive(Serialize, Debug, Clone)]
pub struct AssumptionReport {
    /// `delinearization` or `no-alias`.
    pub kind: &'static str,
    pub text: String,
}

#[derive(Serialize, Debug, Clone)]
pub struct RejectedReport {
    /// The line of the loop left out.
    pub line: u32,
    /// One of the reasons listed in docs/report.md.
    pub reason: &'static str,
    pub detail: String,
}

/// A report read back from its file, each function kept as its text.
#[derive(Serialize, Deserialize)]
struct ReportText<'a> {
    plugin: String,
    version: String,
    gcc: String,
    input: String,
    #[serde(borrow)]
    functions: Vec<&'a RawValue>,
}

impl Report {
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_else(|_| "{}".to_string());
        s.push('\n');
        s
    }

    /// `existing`, a report's text, with this report's functions after its
    /// own; None when `existing` is not a gccpoly report. Both are read
    /// back from the same pretty layout, so each function keeps its text
    /// and the result is what one report of them all would be.
    fn added_to(&self, existing: &str) -> Option<String> {
        let mine = self.to_json();
        let mut whole: ReportText = serde_json::from_str(existing).ok()?;
        if whole.plugin != "gccpoly" {
            return None;
        }
        let part: ReportText = serde_json::from_str(&mine).ok()?;
        whole.functions.extend(part.functions);
        let mut s = serde_json::to_string_pretty(&whole).ok()?;
        s.push('\n');
        Some(s)
    }

    /// Adds this report's functions to the report at `path` (an -flto
    /// link's partition: lto1 -fwpa began the file, and the link may
    /// compile several partitions at once, hence the lock); writes this
    /// report alone where the file holds no gccpoly report.
    pub fn add_to_file(&self, path: &Path) -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path)?;
        // SAFETY: flock on the descriptor `f` owns; closing `f` releases it.
        if unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let mut existing = Vec::new();
        f.read_to_end(&mut existing)?;
        let text = std::str::from_utf8(&existing)
            .ok()
            .and_then(|e| self.added_to(e))
            .unwrap_or_else(|| self.to_json());
        f.seek(SeekFrom::Start(0))?;
        f.set_len(0)?;
        f.write_all(text.as_bytes())
    }
}
