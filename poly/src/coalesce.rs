//! The memory-coalescing model of GPU offload for a loop nest: how many
//! memory requests one warp issues for one access instruction, given which
//! loops are distributed over the GPU threads, and the loop order and
//! collapse depth that make the total over the accesses smallest.
//!
//! The loops distributed over threads are the first `collapse` loops of a
//! [`Mapping`]'s order, collapsed into one index whose consecutive values go
//! to consecutive lanes of a warp (the last collapsed loop varies fastest,
//! as with `collapse(n)` and a round-robin chunk of 1). A warp's request
//! count comes from the byte offsets of its lanes' addresses relative to
//! lane 0's, packed greedily into requests of at most one line (IPDA's
//! Fig. 7 with its quirks fixed: per instruction, per warp, one span rule).
//! Only block 0 is evaluated and its warps averaged, as ACF and IPDA do:
//! later blocks are assumed to behave the same.
//!
//! The choice follows IPDA: the original order collapsed to every legal
//! depth, and (optionally) an independent loop moved directly beneath the
//! outermost parallel loop and collapsed with it; the lowest total wins.

/// The GPU the model counts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Device {
    /// Lanes per warp.
    pub warp: usize,
    /// Bytes one request can cover.
    pub line: i128,
    /// Threads per block: the model averages over the block's warps.
    pub block: usize,
}

impl Device {
    /// Nvidia: warp 32, 128-byte request line (L1 line), 128 threads per block.
    pub const NVIDIA: Device = Device { warp: 32, line: 128, block: 128 };
}

/// One access instruction of the nest: element size in bytes and the bytes
/// its address moves per iteration of each loop of the nest (outermost
/// first); None where that step is not a compile-time constant (a run-time
/// stride, a non-linear subscript).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaneAccess {
    pub label: String,
    pub size: i128,
    pub steps: Vec<Option<i128>>,
}

/// One loop of the nest, outermost first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestLoop {
    /// Iterations, when a compile-time constant.
    pub trip: Option<i128>,
    /// Carries no dependence at its own level (the parallel verdict).
    pub parallel: bool,
    /// Every dependence of the nest has distance 0 in this loop, so it may
    /// move to any position of the nest (IPDA's "independent").
    pub independent: bool,
    /// Its bounds do not depend on the iterators of the nest's loops
    /// (collapse needs that).
    pub rectangular: bool,
}

/// A loop nest offered to the GPU, its outermost loop the parallel one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nest {
    pub loops: Vec<NestLoop>,
    /// The loops 0..perfect are perfectly nested: every statement is inside
    /// loop perfect-1 (collapse and interchange are limited to them). At
    /// least 1.
    pub perfect: usize,
    pub accesses: Vec<LaneAccess>,
}

/// Where the nest's loops go: `order` is the new order of the nest's loops
/// (indices into [`Nest::loops`], outermost first); its first `collapse`
/// loops are collapsed and distributed over the threads, the last of them
/// varying fastest (the lanes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mapping {
    pub order: Vec<usize>,
    pub collapse: usize,
}

impl Mapping {
    /// The source's mapping: the loops in their order, the outermost one
    /// distributed over the threads.
    pub fn original(depth: usize) -> Mapping {
        Mapping { order: (0..depth).collect(), collapse: 1 }
    }

    /// Whether the order differs from the source's.
    pub fn is_interchange(&self) -> bool {
        self.order.iter().enumerate().any(|(position, &loop_index)| position != loop_index)
    }

    /// The loops distributed over the threads, outermost first (the last
    /// one gives the lanes).
    fn collapsed(&self) -> &[usize] {
        &self.order[..self.collapse.min(self.order.len())]
    }
}

/// Greedy request count (seed 000 Fig. 7 with the note's fixes): per
/// instruction, per warp; offsets are each lane's address minus lane 0's in
/// bytes (None: unknown, counts one request of its own); a request covers a
/// span of at most `line` bytes: an offset joins the first request whose
/// span, extended to cover [c, c+size), stays <= line; else it opens a new
/// request.
///
/// Offsets need not be monotone: lanes with different strides (a warp split
/// by a condition) still pack correctly. A `size` below 1 counts as 1; an
/// element wider than the line opens a request of its own. An offset whose
/// end overflows counts as unknown.
pub fn count_requests(offsets: &[Option<i128>], size: i128, line: i128) -> usize {
    let size = size.max(1);
    // Each request is the half-open byte span [low, high) it covers so far.
    let mut requests: Vec<(i128, i128)> = Vec::new();
    let mut unknown = 0usize;
    for &offset in offsets {
        let Some((start, end)) = offset.and_then(|c| Some((c, c.checked_add(size)?))) else {
            unknown = unknown.saturating_add(1);
            continue;
        };
        let joined = requests.iter_mut().find_map(|request| {
            let low = request.0.min(start);
            let high = request.1.max(end);
            let fits = high.checked_sub(low).is_some_and(|span| span <= line);
            fits.then_some((request, low, high))
        });
        match joined {
            Some((request, low, high)) => *request = (low, high),
            None => requests.push((start, end)),
        }
    }
    requests.len().saturating_add(unknown)
}

/// The iterations of the collapsed loops (outermost first) at collapsed
/// index `index`: div/mod by the constant trip counts, innermost first.
/// A loop whose trip is unknown is assumed long enough to take the whole
/// quotient, leaving the loops outside it at 0; the outermost takes the
/// quotient whatever its trip (the model assumes the collapsed space fills
/// the block).
fn collapsed_iterations(index: i128, trips: &[Option<i128>]) -> Vec<i128> {
    let mut iterations = vec![0; trips.len()];
    let mut rest = index;
    for (position, trip) in trips.iter().enumerate().rev() {
        match trip {
            Some(trip) if *trip > 0 && position > 0 => {
                iterations[position] = rest % trip;
                rest /= trip;
            }
            _ => {
                iterations[position] = rest;
                rest = 0;
            }
        }
    }
    iterations
}

/// The byte offsets (relative to lane 0) of the lanes of warp `warp_index`
/// of block 0 under `mapping`: global collapsed index c = warp_index*warp +
/// lane, turned into the collapsed loops' iterations by div/mod with their
/// constant trip counts (a collapsed loop whose trip is not constant: when
/// it is the innermost collapsed loop, assume its trip >= the whole block so
/// c is its iteration and the outer collapsed ones stay 0; when an outer
/// collapsed loop has an unknown trip, it is just the quotient and is fine).
/// Loops not collapsed are the same for all lanes. A lane whose iterations
/// differ from lane 0's in a loop with a None step gets None.
///
/// Row wrap inside a warp (an inner trip that is no multiple of the warp)
/// shows up as a jump in the offsets. A loop index outside the nest counts
/// as a loop of unknown trip and step.
pub fn lane_offsets(access: &LaneAccess, nest: &Nest, mapping: &Mapping, warp_index: usize, device: &Device) -> Vec<Option<i128>> {
    let collapsed = mapping.collapsed();
    let trips: Vec<Option<i128>> = collapsed.iter().map(|&l| nest.loops.get(l).and_then(|l| l.trip)).collect();
    let steps: Vec<Option<i128>> = collapsed.iter().map(|&l| access.steps.get(l).copied().flatten()).collect();
    let warp = i128::try_from(device.warp).unwrap_or(i128::MAX);
    let first = i128::try_from(warp_index).ok().and_then(|w| w.checked_mul(warp));
    let Some(first) = first else {
        // The warp lies beyond any index: nothing is known of its lanes.
        return vec![None; device.warp];
    };
    let lane0 = collapsed_iterations(first, &trips);
    (0..device.warp)
        .map(|lane| {
            let index = i128::try_from(lane).ok().and_then(|lane| first.checked_add(lane))?;
            let iterations = collapsed_iterations(index, &trips);
            let mut offset: i128 = 0;
            for ((iteration, base), step) in iterations.iter().zip(&lane0).zip(&steps) {
                let moved = iteration.checked_sub(*base)?;
                if moved != 0 {
                    offset = offset.checked_add(moved.checked_mul((*step)?)?)?;
                }
            }
            Some(offset)
        })
        .collect()
}

/// The warps of block 0 (at least one when the warp has lanes).
fn warps_per_block(device: &Device) -> usize {
    device.block.checked_div(device.warp).map_or(0, |warps| warps.max(1))
}

/// Per warp of block 0: its request count and whether all its lanes hit
/// lane 0's address.
fn warp_counts(access: &LaneAccess, nest: &Nest, mapping: &Mapping, device: &Device) -> Vec<(usize, bool)> {
    (0..warps_per_block(device))
        .map(|warp_index| {
            let offsets = lane_offsets(access, nest, mapping, warp_index, device);
            let uniform = offsets.iter().all(|&offset| offset == Some(0));
            (count_requests(&offsets, access.size, device.line), uniform)
        })
        .collect()
}

fn average(counts: &[(usize, bool)]) -> f64 {
    if counts.is_empty() {
        return 0.0;
    }
    counts.iter().map(|&(requests, _)| requests as f64).sum::<f64>() / counts.len() as f64
}

/// Requests per warp of one access, averaged over the warps of one block
/// (block/warp warps).
pub fn requests_per_warp(access: &LaneAccess, nest: &Nest, mapping: &Mapping, device: &Device) -> f64 {
    average(&warp_counts(access, nest, mapping, device))
}

/// How well a warp's accesses combine into requests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Coalescing {
    /// Same address for every lane: one request, a broadcast.
    Uniform,
    /// The fewest requests the warp's bytes allow: ceil(warp*size/line).
    Coalesced,
    /// More than that, fewer than one per lane.
    Strided,
    /// One request per lane.
    Uncoalesced,
}

/// The fewest requests a warp of full lanes can need: its bytes over the
/// line, at least 1 and at most one per lane.
fn fewest_requests(size: i128, device: &Device) -> usize {
    let warp = i128::try_from(device.warp).unwrap_or(i128::MAX);
    let bytes = size.max(1).checked_mul(warp);
    let fewest = match bytes {
        Some(bytes) if device.line > 0 => bytes.div_euclid(device.line) + i128::from(bytes.rem_euclid(device.line) != 0),
        _ => warp,
    };
    usize::try_from(fewest.clamp(1, warp.max(1))).unwrap_or(device.warp)
}

/// Requests per warp of one access (as [`requests_per_warp`]) and its class;
/// the class holds for every warp of the block (Uniform, Coalesced) or for
/// their total (Uncoalesced: one per lane throughout; Strided: the rest).
pub fn classify(access: &LaneAccess, nest: &Nest, mapping: &Mapping, device: &Device) -> (f64, Coalescing) {
    let counts = warp_counts(access, nest, mapping, device);
    let requests = average(&counts);
    let warps = counts.len();
    let total = counts.iter().fold(0usize, |sum, &(requests, _)| sum.saturating_add(requests));
    let class = if counts.iter().all(|&(_, uniform)| uniform) {
        Coalescing::Uniform
    } else if total <= warps.saturating_mul(fewest_requests(access.size, device)) {
        Coalescing::Coalesced
    } else if total >= warps.saturating_mul(device.warp) {
        Coalescing::Uncoalesced
    } else {
        Coalescing::Strided
    };
    (requests, class)
}

/// Whether `mapping` is legal for `nest`: order is a permutation; collapse
/// is at least 1; every collapsed loop is parallel and rectangular, and
/// collapse is at most perfect; when order differs from the identity, the
/// moved loops are within 0..perfect, and only independent loops move.
///
/// "Only independent loops move" means the loops that are not independent
/// keep their relative order (a loop they merely shift past, as j when i is
/// hoisted above it in k-j-i, has not moved). Every dependence has distance
/// 0 in the independent loops, so its lexicographic sign, decided by the
/// others in their unchanged order, is kept; and a loop that is not
/// independent keeps its parallel verdict, since the loops newly outside it
/// have distance 0.
pub fn legal(nest: &Nest, mapping: &Mapping) -> bool {
    let depth = nest.loops.len();
    let mut seen = vec![false; depth];
    let permutation = mapping.order.len() == depth
        && mapping.order.iter().all(|&l| l < depth && !std::mem::replace(&mut seen[l], true));
    if !permutation || mapping.collapse == 0 || mapping.collapse > nest.perfect.min(depth) {
        return false;
    }
    let collapsible = mapping.collapsed().iter().all(|&l| nest.loops[l].parallel && nest.loops[l].rectangular);
    // Loops outside the perfect part stay where they are.
    let inside_perfect = mapping.order.iter().enumerate().all(|(position, &l)| position == l || (position < nest.perfect && l < nest.perfect));
    let identity: Vec<usize> = (0..depth).collect();
    let dependent_order_kept = dependent_loops(nest, &mapping.order) == dependent_loops(nest, &identity);
    collapsible && inside_perfect && dependent_order_kept
}

/// The loops of `order` that are not independent, in that order.
fn dependent_loops(nest: &Nest, order: &[usize]) -> Vec<usize> {
    order.iter().copied().filter(|&l| nest.loops.get(l).is_some_and(|l| !l.independent)).collect()
}

/// The mapping [`choose`] picks, with its score.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub mapping: Mapping,
    /// Total requests per warp over the accesses.
    pub requests: f64,
    /// Requests per warp and class of each access, in the nest's order.
    pub per_access: Vec<(f64, Coalescing)>,
    /// The original mapping's total.
    pub original: f64,
}

/// Per access its requests and class, and their total.
fn score(nest: &Nest, mapping: &Mapping, device: &Device) -> (f64, Vec<(f64, Coalescing)>) {
    let per_access: Vec<(f64, Coalescing)> = nest.accesses.iter().map(|a| classify(a, nest, mapping, device)).collect();
    (per_access.iter().map(|&(requests, _)| requests).sum(), per_access)
}

/// The best legal mapping: candidates are the original order with collapse
/// 1..=perfect and (when allow_interchange) IPDA's interchange-then-collapse:
/// an independent loop m inside the perfect part moved directly beneath the
/// outermost loop, then collapse(2) (and deeper collapse of the rest of the
/// order if legal). Lowest total requests wins; ties go to the original
/// order, then to the smaller collapse. Requires loop 0 parallel; None when
/// no legal mapping exists (loop 0 not parallel).
///
/// Moving m beneath the parallel loop and collapsing the two makes m's
/// stride the inter-lane stride while the loops it passed run inside each
/// thread, as IPDA does for 557.pcsp (k-j-i to k-i-j, collapse k-i).
pub fn choose(nest: &Nest, device: &Device, allow_interchange: bool) -> Option<Choice> {
    let depth = nest.loops.len();
    if !nest.loops.first().is_some_and(|l| l.parallel) {
        return None;
    }
    let perfect = nest.perfect.min(depth);
    // In order of preference, so that a later candidate must be strictly
    // better to win.
    let mut candidates: Vec<Mapping> = (1..=perfect).map(|collapse| Mapping { collapse, ..Mapping::original(depth) }).collect();
    if allow_interchange {
        let moved: Vec<usize> = (2..perfect).filter(|&m| nest.loops[m].independent).collect();
        for collapse in 2..=perfect {
            for &m in &moved {
                let order = [0, m].into_iter().chain((1..depth).filter(|&l| l != m)).collect();
                candidates.push(Mapping { order, collapse });
            }
        }
    }
    let (original, _) = score(nest, &Mapping::original(depth), device);
    let mut best: Option<Choice> = None;
    for mapping in candidates.into_iter().filter(|m| legal(nest, m)) {
        let (requests, per_access) = score(nest, &mapping, device);
        // A relative margin keeps rounding in the averages from breaking ties.
        let better = best.as_ref().is_none_or(|b| requests < b.requests - 1e-9 * b.requests.abs().max(1.0));
        if better {
            best = Some(Choice { mapping, requests, per_access, original });
        }
    }
    best
}
