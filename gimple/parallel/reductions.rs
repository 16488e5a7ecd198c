//! Reductions: cycles of SSA values through a loop's header PHIs, and reductions in memory.

use super::*;

/// A reduction cycle recognised on GIMPLE.
struct Cycle {
    op: ReductionOp,
    float: bool,
    /// Blocks of the cycle's statements, PHIs and PHI-argument sources.
    blocks: BTreeSet<i32>,
    /// Model array names of its values.
    arrays: Vec<String>,
    /// The accumulator PHI's array.
    primary: String,
    /// The accumulator's source name.
    name: String,
    /// Stores of the running value to memory: (statement, block).
    stores: Vec<(Stmt, i32)>,
}

fn op_of(code: &str) -> Option<ReductionOp> {
    Some(match code {
        "plus_expr" | "minus_expr" => ReductionOp::Add,
        "mult_expr" => ReductionOp::Mul,
        "min_expr" => ReductionOp::Min,
        "max_expr" => ReductionOp::Max,
        "bit_and_expr" => ReductionOp::And,
        "bit_ior_expr" => ReductionOp::Or,
        "bit_xor_expr" => ReductionOp::Xor,
        _ => return None,
    })
}

/// The cycle of header PHI `phi` of loop `l`, when it is a reduction: the
/// PHI's latch value is the end of a chain `x = x op e` (one operator; the
/// cycle's value the first operand of a MINUS), the cycle's values are used
/// in the loop only by the chain (and by stores of the latch value to a
/// loop-invariant cell in a block that runs every iteration), and after the
/// loop only the final value is used.
fn recognise(forest: &LoopForest, l: u32, lr: LoopRef, phi: Stmt) -> Option<Cycle> {
    let x1 = phi.phi_result().filter(|t| !t.is_virtual())?;
    let ty = x1.ty()?;
    let float = match ty.class() {
        TY::GP_TY_REAL => true,
        TY::GP_TY_INTEGER => false,
        _ => return None,
    };
    let latch = lr.latch();
    let args = phi.phi_args();
    if args.len() != 2 {
        return None;
    }
    let x2 = args.iter().find(|(_, src)| *src == latch).map(|(t, _)| *t)?;
    if x2.kind() != TK::GP_T_SSA_NAME {
        return None;
    }
    let blocks = loop_blocks(forest, l);
    let exit_src = lr.single_exit().map(|e| e.src);
    let mut members: Vec<Tree> = vec![x1];
    let mut defs: Vec<Stmt> = vec![phi];
    let mut op: Option<ReductionOp> = None;
    let mut stores = Vec::new();
    let mut exits: Vec<String> = Vec::new();
    let mut exit_blocks: Vec<i32> = Vec::new();
    let mut k = 0;
    while k < members.len() {
        let m = members[k];
        k += 1;
        for u in m.uses() {
            let ub = u.bb();
            if !blocks.contains(&ub) {
                // After the loop: only the final value. A PHI there takes it
                // from the loop's exit, whose block writes the PHI's array
                // in every iteration: that array receives the reduction's
                // result as a cell does.
                let final_value = m == x2 || (m == x1 && exit_src == Some(lr.header()));
                if !final_value {
                    return None;
                }
                if u.kind() == SK::GP_STMT_PHI {
                    let res = u.phi_result()?;
                    exits.push(format!("{}_phi", scalar_name(res)));
                    for (a, src) in u.phi_args() {
                        if a == m && blocks.contains(&src) {
                            exit_blocks.push(src);
                        }
                    }
                }
                continue;
            }
            match u.kind() {
                SK::GP_STMT_PHI => {
                    if u == phi {
                        if m != x2 {
                            return None;
                        }
                        continue;
                    }
                    let r = u.phi_result()?;
                    if !members.contains(&r) {
                        members.push(r);
                        defs.push(u);
                    }
                }
                SK::GP_STMT_ASSIGN => {
                    let lhs = u.assign_lhs()?;
                    if lhs.kind() != TK::GP_T_SSA_NAME {
                        // A store of the running value: the final one of
                        // each iteration, to one cell, every iteration.
                        let rhs = u.assign_rhs();
                        if m != x2 || rhs.len() != 1 || rhs[0] != m || !ir::dominated_by(latch, ub) {
                            return None;
                        }
                        let mut ops = Vec::new();
                        ssa_operands(lhs, &mut ops);
                        if ops.iter().any(|t| is_member_def(*t, &blocks)) {
                            return None;
                        }
                        stores.push((u, ub));
                        continue;
                    }
                    let this = op_of(&u.assign_rhs_code_name())?;
                    if op.is_some_and(|o| o != this) {
                        return None;
                    }
                    if float && matches!(this, ReductionOp::And | ReductionOp::Or | ReductionOp::Xor) {
                        return None;
                    }
                    op = Some(this);
                    let rhs = u.assign_rhs();
                    if rhs.len() != 2 || rhs.iter().filter(|t| **t == m).count() != 1 {
                        return None;
                    }
                    if u.assign_rhs_code_name() == "minus_expr" && rhs[0] != m {
                        return None;
                    }
                    // The other operand comes from outside the cycle.
                    let other = if rhs[0] == m { rhs[1] } else { rhs[0] };
                    if members.contains(&other) {
                        return None;
                    }
                    if !members.contains(&lhs) {
                        members.push(lhs);
                        defs.push(u);
                    }
                }
                _ => return None,
            }
        }
    }
    let op = op?;
    if !members.contains(&x2) {
        return None;
    }
    // Every PHI of the cycle merges cycle values only (the header PHI's
    // entry value apart); every other operand was checked above.
    for d in &defs {
        if d.kind() == SK::GP_STMT_PHI && *d != phi && d.phi_args().iter().any(|(a, _)| !members.contains(a)) {
            return None;
        }
    }
    let mut cycle_blocks = BTreeSet::new();
    let mut arrays = Vec::new();
    for (m, d) in members.iter().zip(&defs) {
        cycle_blocks.insert(d.bb());
        arrays.push(scalar_name(*m));
        if d.kind() == SK::GP_STMT_PHI {
            arrays.push(format!("{}_phi", scalar_name(*m)));
            for (a, src) in d.phi_args() {
                if members.contains(&a) {
                    cycle_blocks.insert(src);
                }
            }
        }
    }
    cycle_blocks.extend(stores.iter().map(|(_, b)| *b));
    cycle_blocks.extend(exit_blocks);
    arrays.extend(exits);
    // Statements that carry the values between blocks read them where PHI
    // arguments are used: the chain's blocks cover them.
    let primary = format!("{}_phi", scalar_name(x1));
    arrays.retain(|a| a != &primary);
    Some(Cycle { op, float: float && matches!(op, ReductionOp::Add | ReductionOp::Mul), blocks: cycle_blocks, arrays, primary, name: source_name(x1), stores })
}

/// The reductions of loop `l` as engine hints, with their report names.
pub(super) fn hints_of(forest: &LoopForest, r: &Region, l: u32, memory: &[String]) -> Vec<(ReductionHint, String)> {
    let Some(lr) = LoopRef::get(l) else { return Vec::new() };
    let mut out = Vec::new();
    for phi in ir::phis(lr.header()) {
        let Some(c) = recognise(forest, l, lr, phi) else { continue };
        let statements: Vec<String> = c.blocks.iter().map(|b| format!("S_{b}")).collect();
        let mut arrays = c.arrays.clone();
        let mut name = c.name.clone();
        // The cells that receive the running value, by the model's access.
        let mut ok = true;
        for &(st, b) in &c.stores {
            let Some(a) = access_of(r, memory, b, st, true) else {
                ok = false;
                break;
            };
            let stmt = r.scop.statements.iter().find(|s| s.name == format!("S_{b}"));
            name = cell_name(r, stmt, a.index, &a.array);
            arrays.push(a.array);
        }
        // A running value of GCC's that a cell's load started (store
        // motion's `D__lsm`, stored after the loop) goes by that cell.
        if c.stores.is_empty() && phi.phi_result().is_some_and(|v| !v.is_user_var()) {
            if let Some(cell) = entry_cell(r, memory, lr, phi) {
                name = cell;
            }
        }
        if ok {
            out.push((ReductionHint { array: c.primary, op: c.op, statements, float: c.float, arrays, in_place: false }, name));
        }
    }
    out.extend(memory_reductions(forest, r, memory, l));
    out
}

/// The cell a header PHI's value on entry was loaded from, when the region
/// loads it.
fn entry_cell(r: &Region, memory: &[String], lr: LoopRef, phi: Stmt) -> Option<String> {
    let (t, _) = phi.phi_args().into_iter().find(|(_, src)| *src != lr.latch())?;
    let d = t.def_stmt().filter(|_| t.kind() == TK::GP_T_SSA_NAME)?;
    let a = access_of(r, memory, d.bb(), d, false)?;
    let stmt = r.scop.statements.iter().find(|s| s.name == format!("S_{}", d.bb()));
    stmt.is_some().then(|| cell_name(r, stmt, a.index, &a.array))
}

/// Updates `M[c] = M[c] op e` of memory in loop `l` (where PRE keeps the
/// load, e.g. because another store may alias the cell): the store's value
/// is a chain of one operator from the load of the same cell in the same
/// block, and no value of the chain is used elsewhere. The engine checks
/// that the block reads and writes one cell of `M` and that every other
/// access to `M` across iterations is such an update.
fn memory_reductions(forest: &LoopForest, r: &Region, memory: &[String], l: u32) -> Vec<(ReductionHint, String)> {
    let blocks = loop_blocks(forest, l);
    let mut out = Vec::new();
    for &b in &blocks {
        let Some(accs) = block_accesses(r, memory, b) else { continue };
        for w in accs.iter().filter(|a| a.write) {
            if w.stmt.kind() != SK::GP_STMT_ASSIGN {
                continue;
            }
            let rhs = w.stmt.assign_rhs();
            if rhs.len() != 1 || rhs[0].kind() != TK::GP_T_SSA_NAME {
                continue;
            }
            // Only the update's load and store touch the array in this block
            // (another access of it makes a recurrence, not a reduction).
            if accs.iter().filter(|a| a.array == w.array).count() != 2 {
                continue;
            }
            // The load of the same cell in this block, and a chain of one
            // operator from it to the stored value.
            let st = r.scop.statements.iter().find(|s| s.name == format!("S_{b}"));
            let subs_of = |idx: usize| st.and_then(|s| s.accesses[idx].relation.rsplit("->").next().map(|x| x.trim().to_string()));
            let mut found = None;
            for ra in accs.iter().filter(|a| !a.write && a.array == w.array && subs_of(a.index) == subs_of(w.index)) {
                let Some(t0) = ra.stmt.assign_lhs().filter(|t| t.kind() == TK::GP_T_SSA_NAME) else { continue };
                if t0.uses().len() != 1 {
                    continue;
                }
                let mut op = None;
                if chain_to(rhs[0], t0, b, &mut op, 0) {
                    if let Some(op) = op {
                        found = Some(op);
                        break;
                    }
                }
            }
            let Some(op) = found else { continue };
            let Some(ty) = rhs[0].ty() else { continue };
            let float = match ty.class() {
                TY::GP_TY_REAL => matches!(op, ReductionOp::Add | ReductionOp::Mul),
                TY::GP_TY_INTEGER => false,
                _ => continue,
            };
            if ty.class() == TY::GP_TY_REAL && matches!(op, ReductionOp::And | ReductionOp::Or | ReductionOp::Xor) {
                continue;
            }
            let name = cell_name(r, st, w.index, &w.array);
            // Copies of the updated value used after the loop receive the
            // result: the SSA value's array (written here, read outside).
            let mut receivers = Vec::new();
            let blocks_l = &blocks;
            if rhs[0].uses().into_iter().any(|u| u != w.stmt && blocks_l.contains(&u.bb())) {
                continue;
            }
            if rhs[0].uses().into_iter().any(|u| u != w.stmt) {
                receivers.push(scalar_name(rhs[0]));
                for u in rhs[0].uses().into_iter().filter(|u| u.kind() == SK::GP_STMT_PHI) {
                    if let Some(res) = u.phi_result() {
                        receivers.push(format!("{}_phi", scalar_name(res)));
                    }
                }
            }
            let h = ReductionHint { array: w.array.clone(), op, statements: vec![format!("S_{b}")], float, arrays: receivers, in_place: true };
            if !out.iter().any(|(x, _): &(ReductionHint, String)| x.array == h.array) {
                out.push((h, name));
            }
        }
    }
    out
}

/// Whether `v` is `t0` or `x op e` with `x` such a chain and `e` not
/// reaching `t0`, every value of the chain defined in block `b` and used
/// once; `op` is fixed by the first operator met.
fn chain_to(v: Tree, t0: Tree, b: i32, op: &mut Option<ReductionOp>, depth: u32) -> bool {
    if v == t0 {
        return true;
    }
    if depth > 16 || v.kind() != TK::GP_T_SSA_NAME || v.def_bb() != Some(b) || (depth > 0 && v.uses().len() != 1) {
        return false;
    }
    let Some(d) = v.def_stmt().filter(|d| d.kind() == SK::GP_STMT_ASSIGN) else { return false };
    let code = d.assign_rhs_code_name();
    let Some(this) = op_of(&code) else { return false };
    if op.is_some_and(|o| o != this) {
        return false;
    }
    let ops = d.assign_rhs();
    if ops.len() != 2 {
        return false;
    }
    let reaches = |t: Tree| reaches(t, t0, b, 0);
    let (a, c) = (reaches(ops[0]), reaches(ops[1]));
    let next = match (a, c) {
        (true, false) => ops[0],
        (false, true) if code != "minus_expr" => ops[1],
        _ => return false,
    };
    *op = Some(this);
    chain_to(next, t0, b, op, depth + 1)
}

/// Whether `t0` is among the values `t` is computed from in block `b`.
fn reaches(t: Tree, t0: Tree, b: i32, depth: u32) -> bool {
    if t == t0 {
        return true;
    }
    if depth > 16 || t.kind() != TK::GP_T_SSA_NAME || t.def_bb() != Some(b) {
        return false;
    }
    match t.def_stmt().filter(|d| d.kind() == SK::GP_STMT_ASSIGN) {
        Some(d) => d.assign_rhs().into_iter().any(|o| reaches(o, t0, b, depth + 1)),
        None => false,
    }
}
