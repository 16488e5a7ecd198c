//! Memory accesses of blocks and loops matched with the model's, and the values invariant in a loop.

use super::*;

/// One memory access of a block: the GIMPLE statement, the reference,
/// whether it writes, and the model's array and access index.
#[derive(Clone, Debug)]
pub(super) struct MemAccess {
    pub(super) stmt: Stmt,
    pub(super) reference: Tree,
    pub(super) write: bool,
    pub(super) array: String,
    pub(super) index: usize,
}

/// The memory accesses of statement `name` (block `b`), matched with the
/// model's in the order scop.rs records them (each statement's loads and
/// stores, left-hand side first); None when the two do not line up.
pub(super) fn block_accesses(r: &Region, memory: &[String], b: i32) -> Option<Vec<MemAccess>> {
    matched_accesses(r, memory, b, block_refs(b))
}

/// `block_accesses` of block `b`'s references `refs` (`block_refs`).
fn matched_accesses(r: &Region, memory: &[String], b: i32, refs: Vec<(Stmt, Tree, bool)>) -> Option<Vec<MemAccess>> {
    let st = r.scop.statements.iter().find(|s| s.name == format!("S_{b}"))?;
    let model: Vec<(usize, &poly::Access)> =
        st.accesses.iter().enumerate().filter(|(_, a)| memory.contains(&a.array)).collect();
    if model.len() != refs.len() {
        return None;
    }
    let mut out = Vec::new();
    for ((stmt, reference, write), (index, a)) in refs.into_iter().zip(model) {
        if write != (a.kind != poly::AccessKind::Read) {
            return None;
        }
        out.push(MemAccess { stmt, reference, write, array: a.array.clone(), index });
    }
    Some(out)
}

/// Block `b`'s memory references in statement order (each statement's
/// store first): (statement, reference, is a store).
fn block_refs(b: i32) -> Vec<(Stmt, Tree, bool)> {
    let mut refs = Vec::new();
    for s in ir::stmts(b) {
        match s.kind() {
            SK::GP_STMT_ASSIGN => {
                if s.is_clobber() {
                    continue;
                }
                if let Some(l) = s.assign_lhs().filter(|l| is_memory_ref(*l)) {
                    refs.push((s, l, true));
                }
                for o in s.assign_rhs() {
                    if is_memory_ref(o) {
                        refs.push((s, o, false));
                    }
                }
            }
            SK::GP_STMT_CALL => {
                if let Some(l) = s.call_lhs().filter(|l| is_memory_ref(*l)) {
                    refs.push((s, l, true));
                }
            }
            _ => {}
        }
    }
    refs
}

/// The memory references loop `l` reads from arrays it writes nowhere (by
/// the model, under the region's assumptions): their values stay the same
/// while the loop runs.  Empty when some block's references and the
/// model's do not line up.
pub fn unwritten_loads(forest: &LoopForest, r: &Region, l: u32) -> Vec<Tree> {
    let Some(accesses) = loop_accesses(forest, r, l) else { return Vec::new() };
    let written: BTreeSet<&str> = accesses.iter().filter(|(_, a)| a.write).map(|(_, a)| a.array.as_str()).collect();
    accesses.iter().filter(|(_, a)| !a.write && !written.contains(a.array.as_str())).map(|(_, a)| a.reference).collect()
}

/// The memory accesses in loop `l`'s blocks (inner loops' included), each
/// with its block, matched with the model's; None where some block's do not
/// line up.
pub(super) fn loop_accesses(forest: &LoopForest, r: &Region, l: u32) -> Option<Vec<(i32, MemAccess)>> {
    let memory = memory_arrays(r);
    let mut accesses = Vec::new();
    for b in loop_blocks(forest, l) {
        let refs = block_refs(b);
        if !refs.is_empty() {
            accesses.extend(matched_accesses(r, &memory, b, refs)?.into_iter().map(|a| (b, a)));
        }
    }
    Some(accesses)
}

/// The model's access of `stmt`'s reference `t` in block `b`.
pub(super) fn access_of(r: &Region, memory: &[String], b: i32, stmt: Stmt, write: bool) -> Option<MemAccess> {
    block_accesses(r, memory, b)?.into_iter().find(|a| a.stmt == stmt && a.write == write)
}

/// The declaration a reference's storage belongs to, when it is one.
pub(super) fn base_decl(t: Tree) -> Option<Tree> {
    match t.kind() {
        TK::GP_T_VAR_DECL => Some(t),
        TK::GP_T_ARRAY_REF | TK::GP_T_COMPONENT_REF | TK::GP_T_BIT_FIELD_REF | TK::GP_T_REALPART | TK::GP_T_IMAGPART | TK::GP_T_VIEW_CONVERT => {
            base_decl(t.op(0)?)
        }
        TK::GP_T_MEM_REF => {
            let a = t.op(0)?;
            (a.kind() == TK::GP_T_ADDR_EXPR).then(|| base_decl(a.op(0)?)).flatten()
        }
        _ => None,
    }
}

/// Whether `v`'s value is computed, in the loop of `blocks`, only from
/// values defined before it and loads of cells whose addresses are; the
/// loads' arrays go to `loads`.
pub(super) fn invariant_value(r: &Region, memory: &[String], v: Tree, blocks: &BTreeSet<i32>, loads: &mut Vec<String>, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    match v.kind() {
        TK::GP_T_INTEGER_CST | TK::GP_T_REAL_CST => return true,
        TK::GP_T_SSA_NAME => {}
        _ => return false,
    }
    let Some(b) = v.def_bb().filter(|b| blocks.contains(b)) else { return true };
    let Some(d) = v.def_stmt() else { return false };
    if d.kind() != SK::GP_STMT_ASSIGN {
        return false;
    }
    let ops = d.assign_rhs();
    if ops.len() == 1 && is_memory_ref(ops[0]) {
        let mut addr = Vec::new();
        ssa_operands(ops[0], &mut addr);
        if !addr.iter().all(|t| invariant_value(r, memory, *t, blocks, loads, depth + 1)) {
            return false;
        }
        match access_of(r, memory, b, d, false) {
            Some(a) => {
                loads.push(a.array);
                true
            }
            None => false,
        }
    } else {
        ops.iter().all(|o| invariant_value(r, memory, *o, blocks, loads, depth + 1))
    }
}

/// The blocks of loop `l` (nested loops' included).
pub fn loop_blocks(forest: &LoopForest, l: u32) -> BTreeSet<i32> {
    // GCC's body of the loop, not every block of the function: a function
    // may have thousands of loops.
    let Some(lr) = LoopRef::get(l) else { return BTreeSet::new() };
    lr.blocks().into_iter().filter(|&b| b >= 2 && ir::bb_exists(b) && forest.within(ir::bb_loop(b), l)).collect()
}

pub(super) fn is_member_def(t: Tree, blocks: &BTreeSet<i32>) -> bool {
    t.kind() == TK::GP_T_SSA_NAME && t.def_bb().is_some_and(|b| blocks.contains(&b))
}

/// Every SSA name in a reference (its address computation).
pub(super) fn ssa_operands(t: Tree, out: &mut Vec<Tree>) {
    if t.kind() == TK::GP_T_SSA_NAME {
        out.push(t);
        return;
    }
    for i in 0..t.num_operands() {
        if let Some(o) = t.op(i) {
            ssa_operands(o, out);
        }
    }
}
