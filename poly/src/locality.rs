//! The locality model of interchange: the cache lines the memory accesses
//! of a loop's statements touch per iteration of one loop.
//!
//! An access invariant in the loop touches none; one whose address moves
//! by `s` bytes per iteration touches `|s| / 64` (at most one). A stride
//! over a dimension whose size is known only at run time counts as one.

use crate::light::LightScop;
use crate::polynomial::Polynomial;
use std::collections::BTreeMap;

/// The model's cache line, in bytes.
pub const LINE: i128 = 64;

/// An array's layout: element size in bytes and the sizes of its
/// dimensions after the first (outermost first).
#[derive(Clone, Debug)]
pub struct Layout {
    pub elem: i128,
    pub sizes: Vec<Polynomial>,
}

/// The bytes an access's address moves when its subscripts move by
/// `steps` (outermost first) in an array laid out as `layout`; None when a
/// moving dimension's stride is not a constant (a size known only at run
/// time) or overflows.
pub fn step_bytes(steps: &[i128], layout: &Layout) -> Option<i128> {
    let dims = steps.len();
    let mut bytes = 0i128;
    for (k, &c) in steps.iter().enumerate() {
        if c == 0 {
            continue;
        }
        // Elements per step of dimension k: the product of the sizes inward.
        let inward = layout.sizes.get(k..dims.saturating_sub(1)).unwrap_or(&[]);
        let stride = inward.iter().try_fold(1i128, |acc, p| p.as_constant().and_then(|v| acc.checked_mul(v)))?;
        bytes = bytes.checked_add(c.checked_mul(stride)?.checked_mul(layout.elem)?)?;
    }
    Some(bytes)
}

/// Lines one iteration touches for an access whose subscripts move by
/// `steps` (outermost first) in an array laid out as `layout`.
pub fn access_lines(steps: &[i128], layout: &Layout) -> f64 {
    if steps.iter().all(|&c| c == 0) {
        return 0.0;
    }
    match step_bytes(steps, layout) {
        Some(b) if b.abs() < LINE => b.abs() as f64 / LINE as f64,
        _ => 1.0,
    }
}

/// Lines per iteration of the loop at `depth` (1: the region's outermost)
/// for the accesses of statements `stmts` to the arrays of `layouts`
/// (other arrays, the model's scalars among them, are not memory).
pub fn lines_per_iteration(light: &LightScop, stmts: &[String], depth: usize, layouts: &BTreeMap<String, Layout>) -> f64 {
    let var = light.params.len() + depth - 1;
    let mut total = 0.0;
    for s in light.stmts.iter().filter(|s| stmts.contains(&s.name) && s.depth() >= depth) {
        for a in &s.accesses {
            let Some(layout) = layouts.get(&a.array) else { continue };
            let steps: Vec<i128> = a.subs.iter().map(|l| l.coef.get(var).copied().unwrap_or(0)).collect();
            total += access_lines(&steps, layout);
        }
    }
    total
}
