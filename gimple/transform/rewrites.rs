//! The rewrites' Rust wrappers: private storage, sunk stores, carried cells, exit values, reductions and invariants through the shim.

use super::*;

/// `trees` as the shim's array of handles.
fn raw_trees(trees: &[Tree]) -> Vec<*const ffi::gp_tree> {
    trees.iter().map(|t| t.raw() as *const _).collect()
}

/// Gives loop `l`'s iterations storage of their own for the local arrays
/// `decls` (`gp_loop_private_storage`); with `apply` false only says
/// whether it can, changing nothing.
pub fn private_storage(l: u32, decls: &[Tree], apply: bool) -> bool {
    let raw = raw_trees(decls);
    // SAFETY: l is a loop of cfun and raw holds decls.len() declarations of cfun.
    unsafe { ffi::gp_loop_private_storage(l, raw.as_ptr(), raw.len() as u32, PRIVATE_STORAGE_MAX_BYTES as _, apply as i32) != 0 }
}

/// Moves `store`, a reduction's store in each iteration of loop `l`, after
/// the loop (`gp_loop_sink_store`); with `apply` false only says whether
/// it can, changing nothing.
pub fn sink_store(l: u32, store: Stmt, apply: bool) -> bool {
    // SAFETY: l is a loop of cfun and store a statement of cfun.
    unsafe { ffi::gp_loop_sink_store(l, store.raw(), apply as i32) != 0 }
}

/// Carries `c`'s cell in a register while its loop runs, loaded before
/// it and stored after it (`gp_loop_carry_cell`); with `apply` false only
/// says whether it can, changing nothing.
pub fn carry_cell(c: &CarriedCell, apply: bool) -> bool {
    let loads: Vec<*const ffi::gp_stmt> = c.loads.iter().map(|s| s.raw() as *const _).collect();
    // SAFETY: c.l is a loop of cfun, c.store and loads statements of cfun;
    // loads holds loads.len() handles.
    unsafe { ffi::gp_loop_carry_cell(c.l, c.store.raw(), loads.as_ptr(), loads.len() as u32, apply as i32) != 0 }
}

/// Takes the values marked loop `l` hands out through its exit from before
/// it, or computes them again after it, where it does not compute them or
/// computes them alike in every iteration
/// (`gp_loop_recompute_exit_values`); how many.
pub fn recompute_exit_values(l: u32) -> u32 {
    // SAFETY: l is a loop of cfun.
    unsafe { ffi::gp_loop_recompute_exit_values(l) }
}

/// Computes loop `l`'s reductions of signed integer types whose overflow is
/// undefined in the unsigned type of their precision, so that parloops
/// (or, with `any_nest`, around any nest, the plugin's own region) makes
/// them (`gp_loop_wrapping_reductions`); the variables' names (an unnamed
/// temporary as `(unnamed)`).
pub fn wrapping_reductions(l: u32, any_nest: bool) -> Vec<String> {
    const MAX: usize = 16;
    let mut names: [*const std::os::raw::c_char; MAX] = [std::ptr::null(); MAX];
    // SAFETY: l is a loop of cfun; names has room for MAX pointers.
    let n = unsafe { ffi::gp_loop_wrapping_reductions(l, any_nest as i32, names.as_mut_ptr(), MAX as u32) } as usize;
    names[..n.min(MAX)].iter().map(|&p| if p.is_null() { "(unnamed)".to_string() } else { ffi::string_from(p) }).collect()
}

/// Versions loop `l` on the test its inner loop is entered under, so that
/// in the copy where it holds the nest has the form in which parloops makes
/// double reductions (`gp_loop_enter_inner`); whether it did.
pub fn enter_inner(l: u32) -> bool {
    // SAFETY: l is a loop of cfun.
    unsafe { ffi::gp_loop_enter_inner(l) != 0 }
}

/// Gives the 64-bit conversions of loop `l`'s 32-bit counters counters of
/// their own, so that the loop keeps its vectors once parloops runs it
/// (`gp_loop_wide_counters`); how many.
pub fn wide_counters(l: u32) -> u32 {
    // SAFETY: l is a loop of cfun.
    unsafe { ffi::gp_loop_wide_counters(l) }
}

/// Makes loop `l`'s conditional updates of reductions unconditional, the
/// condition choosing the update's operand or the identity, so that the
/// loop's body is one block for parloops (`gp_loop_select_reductions`);
/// how many.
pub fn select_reductions(l: u32) -> u32 {
    // SAFETY: l is a loop of cfun.
    unsafe { ffi::gp_loop_select_reductions(l) as u32 }
}

/// Replaces the header PHIs of loop `l` through which PRE carries a load of
/// one of `refs` (references to memory the loop does not write) from one
/// iteration to the next by a load in each iteration
/// (`gp_loop_reload_invariants`); how many.
pub fn reload_invariants(l: u32, refs: &[Tree]) -> u32 {
    let raw = raw_trees(refs);
    // SAFETY: l is a loop of cfun and raw holds refs.len() trees of cfun.
    unsafe { ffi::gp_loop_reload_invariants(l, raw.as_ptr(), raw.len() as u32) }
}
