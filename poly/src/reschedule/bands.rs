//! The walk over isl's schedule tree that tiles permutable bands, orders
//! their point loops and marks the outermost parallel loop of each nest.
//!
//! A mark named `parallel_N` sits above the band whose outermost loop is
//! the candidate; `BandPlan` N says which time dimension of the flattened
//! schedule that loop is, and `super::verify` decides, independently of
//! isl's coincidence flags, whether it really is parallel.

use super::cache::{point_order, CacheModel};
use super::footprint::band_access_steps;
use crate::bounded::{BoundedCtx, IslFailure};
use crate::model::IslScop;
use isl_rs::{Id, MultiVal, ScheduleNode, ScheduleNodeType, UnionMap, Val};

/// What the walk does.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    pub tile: bool,
    /// A tile side forced by the user (`tile-size=`), else the model's.
    pub tile_side: Option<u32>,
    pub cache: CacheModel,
}

/// One band the walk touched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandPlan {
    /// The statements under it.
    pub statements: Vec<String>,
    /// The time dimension, in the flattened schedule, of its outermost loop.
    pub dim: u32,
    pub members: u32,
    /// The tile side, when it was tiled.
    pub tile_side: Option<u32>,
    /// The point loops' order: entry k is the scheduler's member that runs
    /// at depth k of the tile (identity when untiled).
    pub point_order: Vec<usize>,
    /// The time dimension of the loop marked as a parallel candidate.
    pub parallel_dim: Option<u32>,
    /// Tiled with no parallel member (a time-iterated stencil): the tiles
    /// run by wavefronts, the outer tile loop counting the sum of the
    /// first two, and the second tile loop is the candidate.
    pub wavefront: bool,
}

struct Walk<'a, 'c> {
    model: &'a IslScop<'c>,
    accesses: UnionMap,
    policy: Policy,
    plans: Vec<BandPlan>,
}

/// Tiles, orders and marks the bands of `root` (a schedule tree's root);
/// returns the new root and the plans.
pub fn plan_bands(model: &IslScop, root: ScheduleNode, policy: Policy) -> Result<(ScheduleNode, Vec<BandPlan>), IslFailure> {
    let cx = model.cx;
    let accesses = cx.ok(cx.ok(model.reads.copy())?.union(model.writes()?))?;
    let mut walk = Walk { model, accesses, policy, plans: Vec::new() };
    let root = walk.visit(root, 0, false)?;
    Ok((root, walk.plans))
}

impl Walk<'_, '_> {
    fn cx(&self) -> &BoundedCtx {
        self.model.cx
    }

    /// Visits `node` (whose outermost loop, if any, is time dimension
    /// `dim`); `marked`: a parallel candidate is above it. Returns the node
    /// at the same place in the new tree.
    fn visit(&mut self, node: ScheduleNode, dim: u32, marked: bool) -> Result<ScheduleNode, IslFailure> {
        let cx = self.model.cx;
        let (mut node, levels, below, marked_here) = match cx.ok(node.get_type())? {
            ScheduleNodeType::Band => self.band(node, dim, marked)?,
            // isl's flattened schedule gives a sequence's children a
            // dimension of their own (their position).
            ScheduleNodeType::Sequence | ScheduleNodeType::Set => (node, 0, dim + 1, false),
            _ => (node, 0, dim, false),
        };
        let marked = marked || marked_here;
        for _ in 0..levels {
            node = cx.ok(node.child(0))?;
        }
        for k in 0..cx.ok(node.n_children())? {
            node = cx.ok(node.child(k))?;
            node = self.visit(node, below, marked)?;
            node = cx.ok(node.parent())?;
        }
        for _ in 0..levels {
            node = cx.ok(node.parent())?;
        }
        Ok(node)
    }

    /// Rewrites a band: returns the top node of what replaced it, how many
    /// nodes below it the band's last node is, the time dimension under
    /// the band, and whether it marked a parallel candidate.
    fn band(&mut self, node: ScheduleNode, dim: u32, marked: bool) -> Result<(ScheduleNode, i32, u32, bool), IslFailure> {
        let cx = self.cx();
        let n = cx.ok(node.band_n_member())? as usize;
        let permutable = cx.ok(node.band_get_permutable())?;
        let mut coincident: Vec<bool> = (0..n).map(|m| cx.ok(node.band_member_get_coincident(m as i32))).collect::<Result<_, _>>()?;
        let statements = statements_of(cx, &node)?;
        let mut node = node;
        // The first coincident member goes outermost where the band allows
        // any order: the parallel loop outside, the tiles inside.
        let first = coincident.iter().position(|&c| c);
        if let (true, Some(p)) = (permutable, first) {
            if p > 0 {
                let mut order: Vec<usize> = (0..n).collect();
                order.remove(p);
                order.insert(0, p);
                node = permute(cx, node, &order, &coincident)?;
                coincident = order.iter().map(|&m| coincident[m]).collect();
            }
        }
        let parallel_member = if permutable { first.map(|_| 0) } else { first };
        let mut plan = BandPlan {
            statements,
            dim,
            members: n as u32,
            tile_side: None,
            point_order: (0..n).collect(),
            parallel_dim: if marked { None } else { parallel_member.map(|p| dim + p as u32) },
            wavefront: false,
        };
        let mut levels = 0;
        if permutable && n >= 2 && self.policy.tile {
            let band = cx.ok(node.band_get_partial_schedule_union_map())?;
            let prefix = cx.ok(node.get_prefix_schedule_union_map())?;
            let steps = band_access_steps(cx, n, &band, &prefix, &self.accesses)?;
            let side = self.policy.tile_side.unwrap_or_else(|| self.policy.cache.tile_side(&steps));
            plan.point_order = point_order(&steps, &coincident);
            plan.tile_side = Some(side);
            node = tile(cx, node, n, side)?;
            let point = cx.ok(node.child(0))?;
            let point_coincident: Vec<bool> = (0..n).map(|m| cx.ok(point.band_member_get_coincident(m as i32))).collect::<Result<_, _>>()?;
            node = cx.ok(permute(cx, point, &plan.point_order, &point_coincident)?.parent())?;
            levels = 1;
            if first.is_none() {
                node = wavefront(cx, node)?;
                plan.wavefront = true;
                plan.parallel_dim = if marked { None } else { Some(dim + 1) };
            }
        }
        if let Some(p) = plan.parallel_dim.map(|d| (d - dim) as i32) {
            // The mark goes right above the candidate loop: split the band
            // there when it is not the band's first member.
            if p > 0 {
                node = cx.ok(cx.ok(node.band_split(p))?.child(0))?;
                levels += 1;
            }
            let id = cx.ok(Id::read_from_str(cx.ctx(), &format!("parallel_{}", self.plans.len())))?;
            node = cx.ok(node.insert_mark(id))?;
            levels += 1;
            if p > 0 {
                node = cx.ok(node.parent())?;
            }
        }
        let below = dim + if plan.tile_side.is_some() { 2 * n as u32 } else { n as u32 };
        let marked = plan.parallel_dim.is_some();
        self.plans.push(plan);
        Ok((node, levels, below, marked))
    }
}

/// The names of the statements whose instances reach `node`.
fn statements_of(cx: &BoundedCtx, node: &ScheduleNode) -> Result<Vec<String>, IslFailure> {
    let list = cx.ok(cx.ok(node.get_domain())?.get_set_list())?;
    let mut names = Vec::new();
    for k in 0..cx.ok(list.size())? {
        names.push(cx.ok(cx.ok(list.get_at(k))?.get_tuple_name())?.to_string());
    }
    names.sort();
    Ok(names)
}

/// The band `node` with its members in `order` (entry k: the member that
/// goes to position k); the band must be permutable, so any order is legal.
fn permute(cx: &BoundedCtx, node: ScheduleNode, order: &[usize], coincident: &[bool]) -> Result<ScheduleNode, IslFailure> {
    if order.iter().enumerate().all(|(k, &m)| k == m) {
        return Ok(node);
    }
    let old = cx.ok(node.band_get_partial_schedule())?;
    let mut new = cx.ok(old.copy())?;
    for (k, &m) in order.iter().enumerate() {
        new = cx.ok(new.set_at(k as i32, cx.ok(old.get_at(m as i32))?))?;
    }
    let node = cx.ok(node.delete())?;
    let mut node = cx.ok(cx.ok(node.insert_partial_schedule(new))?.band_set_permutable(1))?;
    for (k, &m) in order.iter().enumerate() {
        node = cx.ok(node.band_member_set_coincident(k as i32, i32::from(coincident[m])))?;
    }
    Ok(node)
}

/// The tile band `node` with its first member replaced by the sum of the
/// first two: tiles whose (first, second) coordinates add up alike depend
/// on none of each other, since every dependence between tiles of a
/// permutable band goes forward in both (Pluto's wavefront of tiles).
/// Still permutable: forward in both means forward in their sum.
fn wavefront(cx: &BoundedCtx, node: ScheduleNode) -> Result<ScheduleNode, IslFailure> {
    let old = cx.ok(node.band_get_partial_schedule())?;
    let sum = cx.ok(cx.ok(old.get_at(0))?.add(cx.ok(old.get_at(1))?))?;
    let new = cx.ok(cx.ok(old.copy())?.set_at(0, sum))?;
    let node = cx.ok(node.delete())?;
    cx.ok(cx.ok(node.insert_partial_schedule(new))?.band_set_permutable(1))
}

/// `node` tiled by `side` on each of its `n` members: the node returned is
/// the tile band, its child the point band.
fn tile(cx: &BoundedCtx, node: ScheduleNode, n: usize, side: u32) -> Result<ScheduleNode, IslFailure> {
    let mut sizes = cx.ok(MultiVal::zero(cx.ok(node.band_get_space())?))?;
    for m in 0..n {
        sizes = cx.ok(sizes.set_at(m as i32, cx.ok(Val::int_from_si(cx.ctx(), side as i64))?))?;
    }
    cx.ok(node.band_tile(sizes))
}
