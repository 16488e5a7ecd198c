//! The cache model that sizes tiles, and the point-loop order.
//!
//! A tile of a band of `n` loops, `T` iterations on a side, touches about
//! `T^rank` cells of each access, `rank` its cell dimensions that vary
//! inside the band (`footprint::AccessSteps`); arrays read and written
//! several times count once per access, which over-counts and so errs on
//! the small side. The tiles' data should stay in the cache level the
//! model targets, half of it (the other half for what streams through
//! and the neighbours' lines): `T` is the largest of `SIDES` whose
//! footprint fits. Elements are taken as 8 bytes (double, long): the model
//! has no types. A user's `tile-size=` overrides the choice.

use super::footprint::{AccessSteps, Step};

/// The tile sides tried, largest first: multiples of 16 (two 64-byte lines
/// of doubles, a whole AVX-512 vector) down to 8.
pub const SIDES: [u32; 6] = [256, 128, 64, 32, 16, 8];

/// The element size assumed, in bytes.
pub const ELEMENT_BYTES: u64 = 8;

/// The cache the tiles are sized for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheModel {
    /// Bytes of the targeted level, per core.
    pub bytes: u64,
}

impl Default for CacheModel {
    /// A per-core L2 of 512 KiB: AMD Zen 2–4 and Intel's server cores
    /// since Skylake-SP have 512 KiB to 2 MiB; the smallest is the safe one.
    fn default() -> CacheModel {
        CacheModel { bytes: 512 * 1024 }
    }
}

impl CacheModel {
    /// The bytes a tile of side `side` touches.
    pub fn footprint(accesses: &[AccessSteps], side: u32) -> u64 {
        accesses.iter().map(|a| (side as u64).pow(a.rank) * ELEMENT_BYTES).sum()
    }

    /// The tile side for a band with `accesses`.
    pub fn tile_side(&self, accesses: &[AccessSteps]) -> u32 {
        let budget = self.bytes / 2;
        SIDES.iter().copied().find(|&t| Self::footprint(accesses, t) <= budget).unwrap_or(SIDES[SIDES.len() - 1])
    }
}

/// How well member `m` suits the innermost position: unit-stride accesses
/// vectorize and use whole lines, invariant ones stay in registers,
/// strided ones touch a line per iteration, of an `Unknown` step nothing
/// is known; a coincident member carries no
/// dependence, so its loop vectorizes without a reduction.
fn innermost_score(accesses: &[AccessSteps], m: usize, coincident: bool) -> i64 {
    let per_access: i64 = accesses
        .iter()
        .map(|a| match a.steps.get(m) {
            Some(Step::UnitStride) => 2,
            Some(Step::Invariant) => 1,
            Some(Step::Strided) => -2,
            Some(Step::Unknown) | None => 0,
        })
        .sum();
    per_access + i64::from(coincident)
}

/// The order of a permutable band's members, outermost first, that puts
/// the members with the best `innermost_score` inside; ties keep the
/// scheduler's order.
pub fn point_order(accesses: &[AccessSteps], coincident: &[bool]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..coincident.len()).collect();
    order.sort_by_key(|&m| innermost_score(accesses, m, coincident[m]));
    order
}
