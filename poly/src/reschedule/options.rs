//! isl's scheduler and tiling options for one rescheduling, restored when
//! it ends: they are the context's, and the other users of the context
//! (`schedule_with_live_range_reordering`) expect isl's defaults.

use isl_rs::{Context, Options};

type Getter = fn(&Context) -> Result<i32, isl_rs::LibISLError>;
type Setter = fn(&Context, i32) -> Result<isl_rs::Stat, isl_rs::LibISLError>;

/// The options this module sets: (getter, setter).
const OPTIONS: [(Getter, Setter); 5] = [
    (Options::get_schedule_outer_coincidence, Options::set_schedule_outer_coincidence),
    (Options::get_schedule_serialize_sccs, Options::set_schedule_serialize_sccs),
    (Options::get_schedule_maximize_band_depth, Options::set_schedule_maximize_band_depth),
    (Options::get_tile_scale_tile_loops, Options::set_tile_scale_tile_loops),
    (Options::get_tile_shift_point_loops, Options::set_tile_shift_point_loops),
];

/// The options set while it lives; the previous values come back on drop.
pub struct ScopedOptions<'a> {
    ctx: &'a Context,
    saved: Vec<i32>,
}

impl<'a> ScopedOptions<'a> {
    /// Pluto's choices, as PPCG and Polly make them: an outermost band
    /// member that is coincident where one exists (the parallel loop
    /// outside), bands as deep as the dependences allow (more to tile),
    /// tile loops counting tiles and point loops counting from zero within
    /// their tile (isl_schedule_node_band_tile). `fuse`: isl's clustering
    /// of strongly connected components, which fuses where proximity asks
    /// and validity allows; without it every component gets its own loops
    /// (distribution).
    pub fn for_rescheduling(ctx: &'a Context, fuse: bool) -> ScopedOptions<'a> {
        let saved = OPTIONS.iter().map(|(get, _)| get(ctx).unwrap_or(0)).collect();
        let wanted = [0, i32::from(!fuse), 1, 0, 1];
        for ((_, set), v) in OPTIONS.iter().zip(wanted) {
            let _ = set(ctx, v);
        }
        ScopedOptions { ctx, saved }
    }
}

impl Drop for ScopedOptions<'_> {
    fn drop(&mut self) {
        for ((_, set), &v) in OPTIONS.iter().zip(&self.saved) {
            let _ = set(self.ctx, v);
        }
    }
}
