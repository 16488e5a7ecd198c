//! A new schedule per region (issue 48): isl's scheduler under live-range
//! reordering (`constraints`), fusion by isl's clustering unless the user
//! asks for distribution, permutable bands tiled with sides from a cache
//! model (`cache`), point loops ordered so the innermost access is
//! stride one (`footprint`), the outermost parallel loop of each nest
//! marked (`bands`); then checked again, independently of isl, against the
//! exact dataflow and the live ranges (`verify`), and turned into isl's
//! AST, read into Rust (`ast`).

pub mod ast;
pub mod bands;
pub mod cache;
pub mod constraints;
pub mod footprint;
pub mod interpret;
pub mod options;
pub mod verify;

pub use bands::{BandPlan, Policy};
pub use cache::CacheModel;

use crate::bounded::IslFailure;
use crate::dataflow::{Dependences, Violations};
use crate::model::IslScop;
use crate::schedule::pad_time;
use isl_rs::{Schedule, UnionMap};

/// What to do, beside the band policy.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub bands: Policy,
    /// isl's fusion of components where proximity asks for it; false:
    /// every strongly connected component in loops of its own.
    pub fuse: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { bands: Policy { tile: true, tile_side: None, cache: CacheModel::default() }, fuse: true }
    }
}

/// A region's new schedule.
pub struct Rescheduled {
    /// The tree, with `parallel_N` marks above the candidate loops.
    pub tree: Schedule,
    /// The flattened schedule on the region's instances, padded.
    pub map: UnionMap,
    pub bands: Vec<BandPlan>,
    /// Per band, whether its candidate loop was proved parallel by the loop
    /// verdict under the new schedule, and what to privatize there.
    pub parallel: Vec<verify::ParallelProof>,
    /// The transformations the schedule makes, as the report names them:
    /// "tile", "fuse", "interchange".
    pub transforms: Vec<&'static str>,
}

/// Why no new schedule came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Isl(IslFailure),
    /// The independent check found the schedule illegal (isl and the
    /// model disagree): it is dropped.
    Illegal(Violations),
}

impl From<IslFailure> for Refusal {
    fn from(f: IslFailure) -> Refusal {
        Refusal::Isl(f)
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Isl(e) => write!(f, "{e}"),
            Refusal::Illegal(v) => write!(f, "the new schedule fails the dataflow check ({})", v.describe()),
        }
    }
}

/// isl's schedule tree for the region under live-range reordering.
pub fn scheduler_tree(model: &IslScop, deps: &Dependences, fuse: bool) -> Result<Schedule, IslFailure> {
    let cx = model.cx;
    let _options = options::ScopedOptions::for_rescheduling(cx.ctx(), fuse);
    let sc = constraints::live_range_constraints(model, deps)?;
    cx.ok(sc.compute_schedule())
}

/// The region's new schedule, checked; every isl call under the context's
/// operations cap, reset once here.
pub fn reschedule(model: &IslScop, deps: &Dependences, opts: &Options) -> Result<Rescheduled, Refusal> {
    model.cx.reset_budget();
    let tree = scheduler_tree(model, deps, opts.fuse)?;
    plan_and_check(model, deps, tree, opts)
}

/// Tiles, orders and marks the bands of `tree` (isl's, or any other
/// schedule of the region's instances), then checks the result against
/// the dataflow and the live ranges: an illegal one is refused whatever
/// isl's flags said.
pub fn plan_and_check(model: &IslScop, deps: &Dependences, tree: Schedule, opts: &Options) -> Result<Rescheduled, Refusal> {
    let cx = model.cx;
    let _options = options::ScopedOptions::for_rescheduling(cx.ctx(), opts.fuse);
    let (root, bands) = bands::plan_bands(model, cx.ok(tree.get_root())?, opts.bands)?;
    let tree = cx.ok(root.get_schedule())?;
    let map = pad_time(cx, &cx.ok(cx.ok(tree.get_map())?.intersect_domain(cx.ok(model.domain.copy())?))?)?;
    let violations = deps.check_schedule(&map)?;
    if !violations.is_legal() {
        return Err(Refusal::Illegal(violations));
    }
    let parallel = bands.iter().map(|b| verify::parallel_proof(model, deps, &map, b)).collect::<Result<_, _>>()?;
    let transforms = verify::transforms(model, &map, &bands)?;
    Ok(Rescheduled { tree, map, bands, parallel, transforms })
}
