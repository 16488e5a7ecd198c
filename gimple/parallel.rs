//! Per-loop parallelism verdicts of a region: what the GIMPLE side adds to
//! the polyhedral engine (poly's `PairEngine`, or `LoopVerdict` where the
//! region's notation is outside what `poly::light` reads).
//!
//! * SSA facts on the region's zero-dimensional arrays (an SSA value's
//!   definition dominates its uses; a PHI's value comes from the predecessor
//!   whose edge is taken), which settle their dataflow without isl.
//! * Reductions: a loop-header PHI whose cycle is a chain of one associative
//!   operator, recognised on GIMPLE and handed to the engine as a hint.
//! * The mapping between GCC's loops and the model's time dimensions and
//!   statements, and names in source terms for the report.
//!
//! Naming: a memory array keeps its name (`A`); a zero-dimensional array
//! `<var>_<version>` or `<var>_<version>_phi` is reported as the SSA name's
//! variable `<var>` (PRE's temporaries are `prephitmp`/`pretmp`), or as
//! `_<version>` when the SSA name has no variable. A reduction whose running
//! value is stored to a memory cell in every iteration (PRE leaves
//! `C[i][j] = acc` in the loop after replacing its loads) is named after
//! that cell (`C[i][j]`), otherwise after the accumulator's variable. In
//! the private lists a temporary of GCC's (no variable of the source, or an
//! artificial one: `prephitmp`, `iftmp.5`, `_19`) is shown by what it
//! holds: `running value of C[i][j]` where it carries that cell's value
//! through a loop, else `value of line N`, the line of the statement that
//! computes it.

use super::ir::{self, LoopRef, Stmt, Tree};
use super::loops::LoopForest;
use super::scop::{is_memory_ref, scalar_name, Region};
use super::source::SourcePos;
use crate::ffi::{gp_stmt_kind as SK, gp_tree_kind as TK, gp_type_kind as TY};
use poly::{
    conflict_free_condition, BoundedCtx, DependenceCounts, Dependences, IslFailure, IslScop, Iterations, LightScop, LoopId,
    LoopVerdict, PairEngine, PairLoop, ReductionHint, ReductionOp, ScalarFact, VerdictKind, VerdictOptions,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// The verdict on one loop, in source terms.
#[derive(Clone, Debug)]
pub struct LoopOutcome {
    pub parallel: bool,
    pub kind: &'static str,
    pub private: Vec<String>,
    pub firstprivate: Vec<String>,
    pub lastprivate: Vec<String>,
    /// (variable, operator as OpenMP writes it).
    pub reductions: Vec<(String, &'static str)>,
    /// Those of `private` and of `reductions` that are in memory, private
    /// first: the variables the loop needs private or reduced copies of (a
    /// reduction in memory named with its cell, `c[j]`).  Decided on the
    /// model's own names: a value in a register may show under an array's
    /// name (PRE's `prephitmp_118` beside the row `*prephitmp_116`, both
    /// "prephitmp").
    pub in_memory: Vec<String>,
    pub blockers: Vec<String>,
    /// Some blocker is a value in a register (an SSA value, not memory):
    /// no condition on the memory accesses alone makes the loop parallel
    /// (`memory_parallel_conditions` sees memory only).
    pub blocked_in_registers: bool,
    /// (line of the other loop, legal, reason).
    pub interchange: Vec<(u32, bool, String)>,
}

impl LoopOutcome {
    /// The operator of its reduction on `var` (a cell's name in memory),
    /// as OpenMP writes it; None when `var` is not reduced.
    pub fn reduction_op(&self, var: &str) -> Option<&'static str> {
        self.reductions.iter().find(|(x, _)| x == var).map(|(_, op)| *op)
    }

    /// A loop the analysis could not judge.
    pub fn none(blocker: String) -> LoopOutcome {
        LoopOutcome {
            parallel: false,
            kind: "none",
            private: Vec::new(),
            firstprivate: Vec::new(),
            lastprivate: Vec::new(),
            reductions: Vec::new(),
            in_memory: Vec::new(),
            blockers: vec![blocker],
            blocked_in_registers: true,
            interchange: Vec::new(),
        }
    }

    /// The remark: (optimized?, text).
    pub fn remark(&self) -> (bool, String) {
        if !self.parallel {
            let why = self.blockers.first().cloned().unwrap_or_else(|| "no reason recorded".into());
            return (false, format!("loop not parallel: {why}"));
        }
        let mut parts = Vec::new();
        if !self.private.is_empty() {
            parts.push(format!("private: {}", self.private.join(", ")));
        }
        if !self.reductions.is_empty() {
            let r: Vec<String> = self.reductions.iter().map(|(v, op)| format!("{op}:{v}")).collect();
            parts.push(format!("reduction: {}", r.join(", ")));
        }
        let detail = if parts.is_empty() { String::new() } else { format!("; {}", parts.join("; ")) };
        (true, format!("loop parallel ({}){detail}", self.kind))
    }
}

/// What the analysis of one region gives.
pub struct RegionOutcome {
    pub loops: HashMap<u32, LoopOutcome>,
    pub counts: Option<DependenceCounts>,
    /// The memory arrays of the model (not the zero-dimensional ones).
    pub arrays: Vec<String>,
    /// Text for the dump.
    pub dump: String,
}

/// Options of the analysis.
#[derive(Clone, Copy, Debug)]
pub struct AnalysisOptions {
    /// `-fassociative-math` for the function.
    pub reassociate: bool,
    /// Also run the exact engine and report disagreements on stderr
    /// (GCCPOLY_CROSSCHECK, for development).
    pub crosscheck: bool,
    /// Every level of every dependence, for the dump.
    pub detail: bool,
    /// The isl operations budget of each computation.
    pub max_operations: u64,
    /// Only the loops' parallel verdicts, by the pairwise engine: no
    /// interchange, no dependence counts, and no exact engine where the
    /// pairwise one cannot read the model (its loops are then not
    /// analysed). For the pass before parloops, which may see models of
    /// unrolled or split loops that the exact engine takes seconds on.
    pub verdicts_only: bool,
}

/// The region's loops: GCC number -> (depth in the region, statements).
/// Each region loop's depth in the region (1: outermost) and the model
/// statements inside it.
pub(crate) struct LoopMap {
    pub(crate) depth: HashMap<u32, usize>,
    pub(crate) stmts: HashMap<u32, Vec<String>>,
}

fn block_of(stmt: &str) -> Option<i32> {
    stmt.strip_prefix("S_")?.parse().ok()
}


/// The memory arrays of the model by name (its zero-dimensional arrays,
/// the SSA values, apart).
fn memory_arrays(r: &Region) -> Vec<String> {
    r.arrays.iter().map(|a| a.split('[').next().unwrap_or("").to_string()).collect()
}

pub(crate) fn loop_map(forest: &LoopForest, r: &Region) -> LoopMap {
    let in_region: HashSet<u32> = r.loops.iter().copied().collect();
    let mut depth = HashMap::new();
    let mut stmts: HashMap<u32, Vec<String>> = HashMap::new();
    for &l in &r.loops {
        let mut d = 0;
        let mut x = Some(l);
        while let Some(y) = x.filter(|y| in_region.contains(y)) {
            d += 1;
            x = forest.get(y).and_then(|q| q.parent);
        }
        depth.insert(l, d);
        stmts.insert(l, Vec::new());
    }
    // Each statement to its loop and the loops around it: one walk up per
    // statement, not one pass over the statements per loop.
    for s in &r.scop.statements {
        let Some(b) = block_of(&s.name) else { continue };
        let mut x = Some(ir::bb_loop(b));
        while let Some(y) = x {
            if let Some(v) = stmts.get_mut(&y) {
                v.push(s.name.clone());
            }
            x = forest.get(y).and_then(|q| q.parent);
        }
    }
    LoopMap { depth, stmts }
}

/// The source name of an SSA value.
fn source_name(v: Tree) -> String {
    v.ssa_var_name().unwrap_or_else(|| format!("_{}", v.ssa_version()))
}

/// SSA definitions in the region's statement blocks, by model array name:
/// (value, defining statement, is the PHI array).
struct SsaScan {
    /// Model array name -> source name.
    names: HashMap<String, String>,
    /// The model's names of SSA values that are no variable of the source
    /// (PRE's `prephitmp`, anonymous values): a remark names them by what
    /// they hold where it can: with the line of their statement, or for a
    /// PHI the line of the values it merges (their arguments' locations,
    /// else their statements').
    temporaries: HashMap<String, Option<u32>>,
    facts: BTreeMap<String, ScalarFact>,
}

fn scan_ssa(forest: &LoopForest, r: &Region, lm: &LoopMap, memory: &[String]) -> SsaScan {
    let mut names = HashMap::new();
    let mut temporaries = HashMap::new();
    let mut facts = BTreeMap::new();
    let stmt_names: BTreeSet<&str> = r.scop.statements.iter().map(|s| s.name.as_str()).collect();
    let dim_of = |l: u32| lm.depth.get(&l).map(|d| 2 * *d as u32 - 1);
    for s in &r.scop.statements {
        let Some(b) = block_of(&s.name) else { continue };
        for p in ir::phis(b) {
            let Some(v) = p.phi_result().filter(|t| !t.is_virtual()) else { continue };
            let name = scalar_name(v);
            names.insert(name.clone(), source_name(v));
            names.insert(format!("{name}_phi"), source_name(v));
            if !v.is_user_var() {
                let line = value_line(v, 2);
                temporaries.insert(name.clone(), line);
                temporaries.insert(format!("{name}_phi"), line);
            }
            facts.insert(name.clone(), ScalarFact::Value { def: s.name.clone() });
            // The PHI's own array: a region loop's header, or a join.
            let l = ir::bb_loop(b);
            let (header_of, latch, recompute) = match LoopRef::get(l).filter(|lr| lr.header() == b) {
                Some(lr) if r.loops.contains(&l) => {
                    let latch = format!("S_{}", lr.latch());
                    let blocks = loop_blocks(forest, l);
                    let value = p.phi_args().into_iter().find(|(_, src)| *src == lr.latch()).map(|(t, _)| t);
                    let mut loads = Vec::new();
                    let recompute = value.filter(|v| invariant_value(r, memory, *v, &blocks, &mut loads, 0)).map(|_| loads);
                    (dim_of(l), stmt_names.contains(latch.as_str()).then_some(latch), recompute)
                }
                Some(_) => continue,
                None => (None, None, None),
            };
            facts.insert(format!("{name}_phi"), ScalarFact::Phi { block: s.name.clone(), header_of, latch, recompute });
        }
        for st in ir::stmts(b) {
            let Some(v) = st.lhs().filter(|t| t.kind() == TK::GP_T_SSA_NAME && !t.is_virtual()) else { continue };
            let name = scalar_name(v);
            names.insert(name.clone(), source_name(v));
            if !v.is_user_var() {
                temporaries.insert(name.clone(), value_line(v, 2));
            }
            facts.insert(name, ScalarFact::Value { def: s.name.clone() });
        }
    }
    for name in r.bases.keys() {
        if let Some(origin) = array_origin_name(r, name) {
            names.insert(name.clone(), origin);
        }
    }
    SsaScan { names, temporaries, facts }
}

/// The source name of region `r`'s array `a` where the model names it by
/// an anonymous pointer (a row of `d` hoisted out of the loops): the name
/// of the pointer it comes from; None for the others.
pub fn array_origin_name(r: &Region, a: &str) -> Option<String> {
    match &r.bases.get(a)?.base {
        crate::gimple::affine::Base::Ptr(t) if t.ssa_var_name().is_none() => t.pointer_origin_name(),
        _ => None,
    }
}

/// The source line a temporary's value belongs to: its statement's; for a
/// PHI (which has none) or a statement GCC made without one (a `MAX_EXPR`
/// of a macro), that of the values it is made of, `depth` statements
/// back; else that of the first statement that uses it.
fn value_line(v: Tree, depth: u32) -> Option<u32> {
    let d = v.def_stmt()?;
    let line_of = |s: Stmt| SourcePos::of(s.location()).map(|p| p.line);
    let from = |t: &Tree| if t.kind() == TK::GP_T_SSA_NAME && depth > 0 { value_line(*t, depth - 1) } else { None };
    let own = if d.kind() == SK::GP_STMT_PHI {
        d.phi_arg_locations().into_iter().find_map(|l| SourcePos::of(l).map(|p| p.line)).or_else(|| d.phi_args().iter().find_map(|(a, _)| from(a)))
    } else {
        line_of(d).or_else(|| if d.kind() == SK::GP_STMT_ASSIGN { d.assign_rhs().iter().find_map(from) } else { None })
    };
    own.or_else(|| v.uses().into_iter().filter(|u| u.kind() != SK::GP_STMT_DEBUG).find_map(line_of))
}

impl SsaScan {
    /// How a private list shows the model's name `a`: by the cell whose
    /// running value it carries (`running`, from `running_values`), a
    /// temporary of GCC's by its statement's line, else by its source name.
    fn private_name(&self, running: &HashMap<String, String>, a: &str) -> String {
        if let Some(cell) = running.get(a) {
            return format!("running value of {cell}");
        }
        match self.temporaries.get(a) {
            Some(Some(line)) => format!("value of line {line}"),
            _ => self.names.get(a).cloned().unwrap_or_else(|| a.to_string()),
        }
    }
}

/// One memory access of a block: the GIMPLE statement, the reference,
/// whether it writes, and the model's array and access index.
#[derive(Clone, Debug)]
struct MemAccess {
    stmt: Stmt,
    reference: Tree,
    write: bool,
    array: String,
    index: usize,
}

/// The memory accesses of statement `name` (block `b`), matched with the
/// model's in the order scop.rs records them (each statement's loads and
/// stores, left-hand side first); None when the two do not line up.
fn block_accesses(r: &Region, memory: &[String], b: i32) -> Option<Vec<MemAccess>> {
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
fn loop_accesses(forest: &LoopForest, r: &Region, l: u32) -> Option<Vec<(i32, MemAccess)>> {
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
fn access_of(r: &Region, memory: &[String], b: i32, stmt: Stmt, write: bool) -> Option<MemAccess> {
    block_accesses(r, memory, b)?.into_iter().find(|a| a.stmt == stmt && a.write == write)
}

/// The declaration a reference's storage belongs to, when it is one.
fn base_decl(t: Tree) -> Option<Tree> {
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
fn invariant_value(r: &Region, memory: &[String], v: Tree, blocks: &BTreeSet<i32>, loads: &mut Vec<String>, depth: u32) -> bool {
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
fn loop_blocks(forest: &LoopForest, l: u32) -> BTreeSet<i32> {
    // GCC's body of the loop, not every block of the function: a function
    // may have thousands of loops.
    let Some(lr) = LoopRef::get(l) else { return BTreeSet::new() };
    lr.blocks().into_iter().filter(|&b| b >= 2 && ir::bb_exists(b) && forest.within(ir::bb_loop(b), l)).collect()
}

fn is_member_def(t: Tree, blocks: &BTreeSet<i32>) -> bool {
    t.kind() == TK::GP_T_SSA_NAME && t.def_bb().is_some_and(|b| blocks.contains(&b))
}

/// Every SSA name in a reference (its address computation).
fn ssa_operands(t: Tree, out: &mut Vec<Tree>) {
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
fn hints_of(forest: &LoopForest, r: &Region, l: u32, memory: &[String]) -> Vec<(ReductionHint, String)> {
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

/// Access `index` of `stmt` to a cell of `array`, in the source's counters
/// where it can be (`SourceView::cell`), else in the model's iterators,
/// else the array alone.
fn cell_name(r: &Region, stmt: Option<&poly::Statement>, index: usize, array: &str) -> String {
    stmt.and_then(|s| r.source.cell(&s.name, index, array).or_else(|| cell_text(&s.accesses[index].relation, array)))
        .unwrap_or_else(|| array.to_string())
}

/// `A[i][j]` from `[..] -> { S[..] -> A[i, j] }`.
fn cell_text(relation: &str, array: &str) -> Option<String> {
    let at = relation.rfind(&format!("{array}["))?;
    let inner = &relation[at + array.len() + 1..];
    let end = inner.find(']')?;
    let subs: Vec<String> = inner[..end].split(',').map(|s| format!("[{}]", s.trim())).collect();
    Some(format!("{array}{}", subs.concat()))
}

/// Where loop `l`'s iterations come from, for lastprivate: its latch when
/// that is a statement (it runs in every iteration but the last: the exit
/// test comes before it and it is not the exit), else a statement of its
/// own body that runs before the exit test in every iteration (it
/// dominates the exit's source), else the iterations in which a statement
/// of the loop runs (the last of them is the one whose values a private
/// copy hands back: `transform::private_copies_of`), or unknown without
/// a single exit.
fn iteration_statement(r: &Region, l: u32) -> Iterations {
    let Some(lr) = LoopRef::get(l) else { return Iterations::Unknown };
    let Some(exit) = lr.single_exit() else { return Iterations::Unknown };
    let latch = lr.latch();
    let latch_name = format!("S_{latch}");
    if exit.src != latch && ir::dominated_by(latch, exit.src) && r.scop.statements.iter().any(|s| s.name == latch_name) {
        return Iterations::Latch(latch_name);
    }
    for s in &r.scop.statements {
        let Some(b) = block_of(&s.name) else { continue };
        if ir::bb_loop(b) == l && ir::dominated_by(exit.src, b) {
            return Iterations::Statement(s.name.clone());
        }
    }
    Iterations::Model
}

/// Groups of perfectly nested loops: each loop's band, outermost first.
fn bands(forest: &LoopForest, r: &Region, lm: &LoopMap) -> Vec<Vec<u32>> {
    let children = |l: u32| -> Vec<u32> { r.loops.iter().copied().filter(|&c| forest.get(c).and_then(|x| x.parent) == Some(l)).collect() };
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for &l in &r.loops {
        if seen.contains(&l) {
            continue;
        }
        let mut band = vec![l];
        let mut cur = l;
        loop {
            let ch = children(cur);
            if ch.len() != 1 || lm.stmts.get(&cur) != lm.stmts.get(&ch[0]) {
                break;
            }
            cur = ch[0];
            band.push(cur);
        }
        seen.extend(band.iter().copied());
        if band.len() > 1 {
            out.push(band);
        }
    }
    out
}

/// Local arrays whose storage ends inside a region loop (declared in its
/// body: GCC clobbers them at the end of each iteration) and that only
/// that loop accesses: nothing after the region can read them.
/// The local declarations behind the model arrays of region `r`, from the
/// accesses: (declaration, model array).
fn local_array_decls(r: &Region, memory: &[String]) -> Vec<(Tree, String)> {
    let mut of_decl: BTreeMap<u32, (Tree, String)> = BTreeMap::new();
    for s in &r.scop.statements {
        let Some(b) = block_of(&s.name) else { continue };
        for a in block_accesses(r, memory, b).unwrap_or_default() {
            if let Some(d) = base_decl(a.reference) {
                of_decl.insert(d.decl_uid(), (d, a.array));
            }
        }
    }
    of_decl.into_values().collect()
}

/// Whether the scope of declaration `d` ends inside loop `l`: it is
/// clobbered there, at the end of each iteration.
fn clobbered_in(forest: &LoopForest, l: u32, d: Tree) -> bool {
    loop_blocks(forest, l).into_iter().any(|b| {
        ir::stmts(b).into_iter().any(|st| st.is_clobber() && st.assign_lhs().is_some_and(|t| t.kind() == TK::GP_T_VAR_DECL && t.decl_uid() == d.decl_uid()))
    })
}

fn dead_local_arrays(forest: &LoopForest, r: &Region, lm: &LoopMap, memory: &[String]) -> BTreeSet<String> {
    let mut dead = BTreeSet::new();
    for (d, a) in local_array_decls(r, memory) {
        for &l in &r.loops {
            let inside = &lm.stmts[&l];
            let all_inside = r.scop.statements.iter().all(|s| !s.accesses.iter().any(|x| x.array == a) || inside.contains(&s.name));
            if all_inside && clobbered_in(forest, l, d) {
                dead.insert(a.clone());
                break;
            }
        }
    }
    dead
}

/// The declarations of the private arrays `names` of loop `l`, when each is
/// a local array whose scope ends inside `l` (so the loop holds all its
/// uses, and each iteration can have storage of its own): None otherwise.
pub fn private_storage_decls(forest: &LoopForest, r: &Region, l: u32, names: &[String]) -> Option<Vec<Tree>> {
    let memory = memory_arrays(r);
    let decls = local_array_decls(r, &memory);
    names
        .iter()
        .map(|n| decls.iter().find(|(d, a)| a == n && clobbered_in(forest, l, *d)).map(|(d, _)| *d))
        .collect()
}

/// The stores of loop `l`'s reductions in memory `cells` (the verdict's
/// names, `s[0]`), one per cell, where each cell's array is accessed in the
/// loop by that store alone, in a block of the loop itself (PRE carries the
/// running value in a register and stores it in each iteration); None
/// where that does not hold.
pub fn reduction_stores(forest: &LoopForest, r: &Region, l: u32, cells: &[String]) -> Option<Vec<Stmt>> {
    let accesses = loop_accesses(forest, r, l)?;
    cells
        .iter()
        .map(|c| {
            let array = c.split('[').next().unwrap_or("");
            let mine: Vec<&(i32, MemAccess)> = accesses.iter().filter(|(_, a)| a.array == array).collect();
            match mine.as_slice() {
                [(b, a)] if a.write && ir::bb_loop(*b) == l => Some(a.stmt),
                _ => None,
            }
        })
        .collect()
}

/// A cell a loop updates in memory that a register could carry while the
/// loop runs: its array, its store in the loop's own body, the loads of
/// the same element in the same statement (block) of the model, and the
/// relations of the array's other accesses in the loop, which must never
/// touch the cell (`cell`, the store's relation) in the same iteration of
/// the loops around it (`IslScop::apart_within`).
pub struct CellCandidate {
    pub array: String,
    pub store: Stmt,
    pub loads: Vec<Stmt>,
    pub cell: String,
    pub others: Vec<String>,
}

/// The cells loop `l` of region `r` updates in memory through loads and a
/// store in its own body each iteration (a chain of updates through
/// memory): for each store in `l`'s own body, the loads of the same
/// statement with its relation, and the array's other accesses in `l`
/// (its inner loops' included). With `stores_alone`, stores with no such
/// loads too (PRE's register cycle, stored each iteration). Empty where
/// the loop's accesses do not line up with the model's.
pub fn carried_cells(forest: &LoopForest, r: &Region, l: u32, stores_alone: bool) -> Vec<CellCandidate> {
    let Some(accesses) = loop_accesses(forest, r, l) else { return Vec::new() };
    let relation = |b: i32, a: &MemAccess| -> Option<String> {
        let st = r.scop.statements.iter().find(|s| s.name == format!("S_{b}"))?;
        Some(st.accesses.get(a.index)?.relation.clone())
    };
    let mut out = Vec::new();
    for (bw, w) in accesses.iter().filter(|(b, a)| a.write && ir::bb_loop(*b) == l) {
        let Some(cell) = relation(*bw, w) else { continue };
        let (mut loads, mut others, mut known) = (Vec::new(), Vec::new(), true);
        for (b, a) in accesses.iter().filter(|(_, a)| a.array == w.array && (a.stmt, a.index) != (w.stmt, w.index)) {
            let Some(rel) = relation(*b, a) else {
                known = false;
                break;
            };
            if !a.write && rel == cell {
                loads.push(a.stmt);
            } else {
                others.push(rel);
            }
        }
        if known && (stores_alone || !loads.is_empty()) {
            out.push(CellCandidate { array: w.array.clone(), store: w.stmt, loads, cell, others });
        }
    }
    out
}

/// The accesses of loop `l` (its inner loops' included) to `array`, each
/// with the loop of its block and whether it writes; None where the loop's
/// accesses do not line up with the model's.
pub fn loop_array_accesses(forest: &LoopForest, r: &Region, l: u32, array: &str) -> Option<Vec<(u32, Stmt, bool)>> {
    Some(loop_accesses(forest, r, l)?.into_iter().filter(|(_, a)| a.array == array).map(|(b, a)| (ir::bb_loop(b), a.stmt, a.write)).collect())
}

/// Analyses region `r`.
/// What the pairwise engine needs of a region besides its model.
struct Prepared {
    lm: LoopMap,
    arrays: Vec<String>,
    ssa: SsaScan,
    /// Arrays and scalars whose values are used after the region.
    live: Vec<String>,
}

fn prepare(forest: &LoopForest, r: &Region) -> Prepared {
    let lm = loop_map(forest, r);
    let arrays = memory_arrays(r);
    let ssa = scan_ssa(forest, r, &lm, &arrays);
    let dead = dead_local_arrays(forest, r, &lm, &arrays);
    let mut live: Vec<String> = arrays.iter().filter(|a| !dead.contains(*a)).cloned().collect();
    live.push("errno".into());
    live.extend(r.live_out.iter().cloned());
    Prepared { lm, arrays, ssa, live }
}

/// Runs `f` on region `r`'s pairwise engine with the time dimensions of
/// loop `outer` and of `inner` inside it, `inner`'s statements and the
/// source name of a model's array; isl's failures in words.
fn on_pair<T>(
    forest: &LoopForest,
    r: &Region,
    outer: u32,
    inner: u32,
    max_operations: u64,
    f: impl FnOnce(&PairEngine, u32, u32, &[String], &dyn Fn(&str) -> String) -> Result<T, IslFailure>,
) -> Result<T, String> {
    let p = prepare(forest, r);
    let cx = BoundedCtx::new(max_operations);
    let e = PairEngine::new(&cx, LightScop::read(&r.scop)?, Some(p.live.clone()), &p.ssa.facts);
    let (Some(da), Some(db), Some(stmts)) = (p.lm.depth.get(&outer), p.lm.depth.get(&inner), p.lm.stmts.get(&inner)) else {
        return Err("the loops are not in the region".into());
    };
    // GCC's temporaries by what they hold, as in the private lists.
    let hints: HashMap<u32, Vec<(ReductionHint, String)>> =
        r.loops.iter().filter(|&&m| forest.within(m, outer)).map(|&m| (m, hints_of(forest, r, m, &p.arrays))).collect();
    let running = running_values(forest, r, outer, &hints, &p.ssa.temporaries);
    let display = |a: &str| p.ssa.private_name(&running, a);
    f(&e, 2 * *da as u32 - 1, 2 * *db as u32 - 1, stmts, &display).map_err(engine_failure)
}

/// Why the pairwise engine gave no answer, for a remark.
fn engine_failure(e: IslFailure) -> String {
    match e {
        IslFailure::OutOfOperations => "isl ran out of operations".into(),
        e => format!("not analysed: {e}"),
    }
}

/// The interchange of loop `outer` of region `r` with its inner loop
/// `inner` (judged on `inner`'s statements), and its reason in source
/// names.
pub fn pair_interchange(forest: &LoopForest, r: &Region, outer: u32, inner: u32, max_operations: u64) -> Result<(poly::PairInterchange, String), String> {
    on_pair(forest, r, outer, inner, max_operations, |e, a, b, stmts, display| {
        let i = e.interchange(a, b, stmts)?;
        let reason = interchange_reason(&i, display);
        Ok((i, reason))
    })
}

/// Whether loop `outer` of region `r` and its inner loop `inner` may run
/// by wavefronts (`PairEngine::wavefront`), with the reason in source
/// terms.
pub fn pair_wavefront(forest: &LoopForest, r: &Region, outer: u32, inner: u32, max_operations: u64) -> Result<(bool, String), String> {
    on_pair(forest, r, outer, inner, max_operations, |e, a, b, stmts, display| {
        let (swap, shared) = e.wavefront(a, b, stmts)?;
        let reason = interchange_reason(&swap, display);
        Ok(if !swap.legal {
            (false, reason)
        } else if shared.is_empty() {
            (true, format!("{reason}; no two iterations on one wavefront touch one cell"))
        } else {
            (false, format!("iterations on one wavefront would share cells of {}", dedup(shared.iter().map(|a| display(a))).join(", ")))
        })
    })
}

/// Whether loop `outer` of region `r` and its inner loop `inner` may run
/// by the diagonals `f * a + b` of their iteration numbers
/// (`PairEngine::skew`, factors up to `max_factor`); None without a chain
/// along the inner loop (no isl computation then).
pub fn pair_skew(forest: &LoopForest, r: &Region, outer: u32, inner: u32, max_factor: i128, max_operations: u64) -> Result<Option<poly::PairSkew>, String> {
    on_pair(forest, r, outer, inner, max_operations, |e, a, b, stmts, display| {
        if !e.skew_chain_of(b, stmts) {
            return Ok(None);
        }
        let mut s = e.skew(a, b, stmts, max_factor)?;
        s.blocking = dedup(s.blocking.iter().map(|a| display(a)));
        Ok(Some(s))
    })
}

/// The arrays that forbid unrolling loop `l` of region `r` `factor` times
/// and jamming the copies (`PairEngine::jam`; `growing`: its last inner
/// loop runs one iteration more at each of its iterations), in source
/// names; empty: it is legal.
pub fn loop_jam(forest: &LoopForest, r: &Region, l: u32, factor: i128, growing: bool, max_operations: u64) -> Result<Vec<String>, String> {
    on_pair(forest, r, l, l, max_operations, |e, a, _, stmts, display| Ok(dedup(e.jam(a, stmts, factor, growing)?.iter().map(|x| display(x)))))
}

/// The arrays that forbid running the first inner loop `first` of loop
/// `l` of region `r` one iteration early inside its last inner loop `last`
/// (`PairEngine::shift`), in source names; empty: it is legal.
pub fn loop_shift(forest: &LoopForest, r: &Region, l: u32, first: u32, last: u32, max_operations: u64) -> Result<Vec<String>, String> {
    let p = prepare(forest, r);
    let (Some(&d), Some(body), Some(a), Some(b)) = (p.lm.depth.get(&l), p.lm.stmts.get(&l), p.lm.stmts.get(&first), p.lm.stmts.get(&last)) else {
        return Err("the loops are not in the region".into());
    };
    let cx = BoundedCtx::new(max_operations);
    let e = PairEngine::new(&cx, LightScop::read(&r.scop)?, Some(p.live.clone()), &p.ssa.facts);
    let blocking = e.shift(2 * d as u32 - 1, body, a, b).map_err(engine_failure)?;
    Ok(dedup(blocking.iter().map(|x| p.ssa.names.get(x).cloned().unwrap_or_else(|| x.clone()))))
}

/// Where a loop is split: at the iteration where its iterator equals the
/// one of the enclosing loop `outer` of the region plus `offset` (both
/// counted in iterations), or where its counter, `start` (plus the
/// parameter `start_name`, when there is one) plus its iterator, equals a
/// parameter.
#[derive(Clone, Copy, Debug)]
pub enum SplitAt<'s> {
    Loop { outer: u32, offset: i128 },
    Param { name: &'s str, start: i128, start_name: Option<&'s str> },
}

/// The verdicts of a region's loops on each side of one iteration (an
/// index-set split), on one preparation of the region for all its loops.
pub struct SplitJudge<'a> {
    forest: &'a LoopForest,
    r: &'a Region,
    p: Prepared,
    model: LightScop,
}

impl<'a> SplitJudge<'a> {
    pub fn new(forest: &'a LoopForest, r: &'a Region) -> Result<SplitJudge<'a>, String> {
        Ok(SplitJudge { forest, r, p: prepare(forest, r), model: LightScop::read(&r.scop)? })
    }

    /// The source name of the model's name `a` (a parameter's, an array's).
    pub fn display(&self, a: &str) -> String {
        self.p.ssa.names.get(a).cloned().unwrap_or_else(|| a.to_string())
    }

    /// Whether loop `l` runs in parallel on each side of the iteration
    /// `at`: its verdicts on the instances below and above that iteration,
    /// with their reasons in source terms.
    pub fn sides(&self, l: u32, at: SplitAt, reassociate: bool, max_operations: u64) -> Result<(bool, String), String> {
        let (forest, r, p) = (self.forest, self.r, &self.p);
        let (Some(&dl), Some(stmts)) = (p.lm.depth.get(&l), p.lm.stmts.get(&l)) else {
            return Err("the loop is not in the region".into());
        };
        if stmts.is_empty() {
            return Err("the loop has no statements".into());
        }
        let point = match at {
            SplitAt::Loop { outer, offset } => match p.lm.depth.get(&outer) {
                Some(&de) if de < dl => poly::light::SplitPoint::Iterator { level: de - 1, offset },
                _ => return Err("the loop is not inside the other".into()),
            },
            SplitAt::Param { name, start, start_name } => {
                let position = |n: &str| self.model.params.iter().position(|x| x == n);
                let start_param = match start_name {
                    Some(n) => Some(position(n).ok_or_else(|| format!("{n} is not a parameter of the region"))?),
                    None => None,
                };
                match position(name) {
                    Some(index) => poly::light::SplitPoint::Param { index, start, start_param },
                    None => return Err(format!("{name} is not a parameter of the region")),
                }
            }
        };
        let display = |a: &str| self.display(a);
        let hints = hints_of(forest, r, l, &p.arrays);
        let hs: Vec<ReductionHint> = hints.iter().map(|(h, _)| h.clone()).collect();
        let vopts = VerdictOptions { allow_reassociation: reassociate, allow_privatization: true };
        let lp = PairLoop { dim: 2 * dl as u32 - 1, statements: stmts.clone(), iterations: iteration_statement(r, l) };
        let mut parallel = true;
        let mut reasons = Vec::new();
        for (below, side) in [(true, "before"), (false, "after")] {
            let mut m = self.model.clone();
            m.restrict_to_side(stmts, dl - 1, point, below);
            let cx = BoundedCtx::new(max_operations);
            let engine = PairEngine::new(&cx, m, Some(p.live.clone()), &p.ssa.facts);
            let v = engine.verdict(&lp, &hs, &vopts).map_err(engine_failure)?;
            let o = outcome(&v, &hints, &p.arrays, &display, &display);
            parallel &= o.parallel;
            reasons.push(if o.parallel { format!("{side} it parallel ({})", o.kind) } else { format!("{side} it not parallel: {}", o.blockers.join("; ")) });
        }
        Ok((parallel, reasons.join("; ")))
    }
}

/// The verdicts, interchanges, dependences and dump of region `r`'s loops.
pub fn analyze_region(forest: &LoopForest, r: &Region, opts: AnalysisOptions) -> RegionOutcome {
    let t0 = std::time::Instant::now();
    let timing = std::env::var_os("GCCPOLY_TIME").is_some();
    let Prepared { lm, arrays, ssa, live } = prepare(forest, r);
    let vopts = VerdictOptions { allow_reassociation: opts.reassociate, allow_privatization: true };

    let mut hints: HashMap<u32, Vec<(ReductionHint, String)>> = HashMap::new();
    for &l in &r.loops {
        hints.insert(l, hints_of(forest, r, l, &arrays));
    }
    let cx = BoundedCtx::new(opts.max_operations);
    let mut out = RegionOutcome { loops: HashMap::new(), counts: None, arrays: arrays.clone(), dump: String::new() };
    let light = LightScop::read(&r.scop);
    let engine = match light {
        Ok(m) => Some(PairEngine::new(&cx, m, Some(live.clone()), &ssa.facts)),
        Err(e) => {
            out.dump.push_str(&format!("  verdicts by the exact engine ({e})\n"));
            None
        }
    };
    let (mut verdicts, jobs) = pairwise_verdicts(r, &lm, &hints, engine.as_ref(), &vopts);
    let depth = lm.depth.values().copied().max().unwrap_or(1);
    exact_verdicts_where_needed(forest, r, &live, depth, &jobs, &vopts, opts, engine.is_none(), &mut verdicts);

    let t_verdicts = t0.elapsed();
    // Interchange within bands.
    let inter: HashMap<u32, Vec<(u32, bool, String)>> = match engine.as_ref().filter(|_| !opts.verdicts_only) {
        Some(e) => band_interchanges(forest, r, &lm, &hints, &ssa, e),
        None => HashMap::new(),
    };

    let t_inter = t0.elapsed();
    let privatized = loop_outcomes(forest, r, &verdicts, &hints, &arrays, &ssa, inter, &mut out);
    dependences_dump(r, engine.as_ref(), &lm, &live, &privatized, opts, &mut out);
    let t_deps = t0.elapsed();
    if timing {
        eprintln!(
            "gccpoly time: region at line {}: verdicts {:?}, interchange {:?}, dependences {:?}, total {:?}, tests {}",
            r.line,
            t_verdicts,
            t_inter - t_verdicts,
            t_deps.saturating_sub(t_inter),
            t0.elapsed(),
            engine.as_ref().map(|e| *e.tests.borrow()).unwrap_or(0)
        );
    }
    loops_dump(forest, r, &mut out);
    out
}

/// The line of loop `l`'s position in the source (0 when unknown), for the
/// crosscheck's messages and the dump.
fn pos_line(forest: &LoopForest, l: u32) -> u32 {
    forest.get(l).and_then(|x| x.pos.as_ref().map(|p| p.line)).unwrap_or(0)
}

/// The pairwise engine's verdicts on the region's loops (a loop without
/// statements is doall), and the jobs of the loops with statements, for
/// the exact engine.
fn pairwise_verdicts(
    r: &Region,
    lm: &LoopMap,
    hints: &HashMap<u32, Vec<(ReductionHint, String)>>,
    engine: Option<&PairEngine>,
    vopts: &VerdictOptions,
) -> (HashMap<u32, Result<LoopVerdict, IslFailure>>, Vec<Job>) {
    let mut verdicts: HashMap<u32, Result<LoopVerdict, IslFailure>> = HashMap::new();
    let mut jobs = Vec::new();
    for &l in &r.loops {
        let dim = 2 * lm.depth[&l] as u32 - 1;
        let stmts = lm.stmts[&l].clone();
        let hs: Vec<ReductionHint> = hints[&l].iter().map(|(h, _)| h.clone()).collect();
        if stmts.is_empty() {
            verdicts.insert(l, Ok(empty_verdict(dim)));
            continue;
        }
        if let Some(e) = engine {
            let v = e.verdict(&PairLoop { dim, statements: stmts.clone(), iterations: iteration_statement(r, l) }, &hs, vopts);
            verdicts.insert(l, v);
        }
        jobs.push((l, dim, stmts, hs));
    }
    (verdicts, jobs)
}

/// Where the pairwise engine cannot read the model (`no_engine`), the
/// exact engine's verdicts on `jobs` (none for a large model when only
/// verdicts are wanted); with `crosscheck`, the two engines' disagreements
/// on stderr.
#[allow(clippy::too_many_arguments)]
fn exact_verdicts_where_needed(
    forest: &LoopForest,
    r: &Region,
    live: &[String],
    depth: usize,
    jobs: &[Job],
    vopts: &VerdictOptions,
    opts: AnalysisOptions,
    no_engine: bool,
    verdicts: &mut HashMap<u32, Result<LoopVerdict, IslFailure>>,
) {
    let line_of = |l: u32| pos_line(forest, l);
    if no_engine && opts.verdicts_only && r.scop.statements.len() > EXACT_FALLBACK_STATEMENTS {
        for (l, ..) in jobs {
            verdicts.insert(*l, Err(IslFailure::Error("the model is outside the pairwise engine's notation".into())));
        }
    } else if no_engine || opts.crosscheck {
        let exact = exact_verdicts(r, live, depth, jobs, vopts, opts.max_operations);
        for ((l, ..), x) in jobs.iter().zip(exact) {
            match verdicts.get(l) {
                None => {
                    verdicts.insert(*l, x);
                }
                Some(v) => match (v, &x) {
                    (Ok(a), Ok(b)) if a.kind != b.kind || a.reductions != b.reductions || (a.parallel && a.private != b.private) => eprintln!(
                        "gccpoly crosscheck: loop at line {}: pairwise {:?} {:?} {:?} / exact {:?} {:?} {:?}",
                        line_of(*l),
                        a.kind,
                        a.private,
                        a.reductions,
                        b.kind,
                        b.private,
                        b.reductions
                    ),
                    (Ok(_), Err(e)) => eprintln!("gccpoly crosscheck: loop at line {}: exact engine failed: {e}", line_of(*l)),
                    (Err(e), _) => eprintln!("gccpoly crosscheck: loop at line {}: pairwise engine failed: {e}", line_of(*l)),
                    _ => {}
                },
            }
        }
    }
}

/// For each loop of the region's bands, whether it interchanges with each
/// other loop of its band: (that loop's line, legal, the reason).
fn band_interchanges(
    forest: &LoopForest,
    r: &Region,
    lm: &LoopMap,
    hints: &HashMap<u32, Vec<(ReductionHint, String)>>,
    ssa: &SsaScan,
    e: &PairEngine,
) -> HashMap<u32, Vec<(u32, bool, String)>> {
    let line_of = |l: u32| pos_line(forest, l);
    let mut inter: HashMap<u32, Vec<(u32, bool, String)>> = HashMap::new();
    for band in bands(forest, r, lm) {
        let inner_stmts = lm.stmts[band.last().unwrap_or(&band[0])].clone();
        for (x, &a) in band.iter().enumerate() {
            let running = running_values(forest, r, a, hints, &ssa.temporaries);
            let shown = |v: &str| ssa.private_name(&running, v);
            for &b in &band[x + 1..] {
                let (da, db) = (2 * lm.depth[&a] as u32 - 1, 2 * lm.depth[&b] as u32 - 1);
                let (legal, reason) = match e.interchange(da, db, &inner_stmts) {
                    Ok(i) => (i.legal, interchange_reason(&i, &shown)),
                    Err(IslFailure::OutOfOperations) => (false, "isl ran out of operations".into()),
                    Err(e) => (false, format!("not analysed: {e}")),
                };
                inter.entry(a).or_default().push((line_of(b), legal, reason.clone()));
                inter.entry(b).or_default().push((line_of(a), legal, reason));
            }
        }
    }
    inter
}

/// Each loop's outcome in source terms, with its interchanges, into
/// `out.loops`; the arrays the verdicts privatize, for the dependences.
#[allow(clippy::too_many_arguments)]
fn loop_outcomes(
    forest: &LoopForest,
    r: &Region,
    verdicts: &HashMap<u32, Result<LoopVerdict, IslFailure>>,
    hints: &HashMap<u32, Vec<(ReductionHint, String)>>,
    arrays: &[String],
    ssa: &SsaScan,
    mut inter: HashMap<u32, Vec<(u32, bool, String)>>,
    out: &mut RegionOutcome,
) -> BTreeSet<String> {
    let display = |a: &str| -> String { ssa.names.get(a).cloned().unwrap_or_else(|| a.to_string()) };
    let mut privatized = BTreeSet::new();
    for &l in &r.loops {
        let o = match &verdicts[&l] {
            Ok(v) => {
                privatized.extend(v.private.iter().cloned());
                let running = running_values(forest, r, l, hints, &ssa.temporaries);
                outcome(v, &hints[&l], arrays, &display, &|a: &str| ssa.private_name(&running, a))
            }
            Err(IslFailure::OutOfOperations) => LoopOutcome::none("isl ran out of operations".into()),
            Err(e) => LoopOutcome::none(format!("not analysed: {e}")),
        };
        let mut o = o;
        o.interchange = inter.remove(&l).unwrap_or_default();
        out.loops.insert(l, o);
    }
    privatized
}

/// The dependences' counts into `out.counts` and their text into the dump
/// (not for the verdicts alone): the pairwise engine's where it read the
/// model, else the exact engine's relations.
fn dependences_dump(
    r: &Region,
    engine: Option<&PairEngine>,
    lm: &LoopMap,
    live: &[String],
    privatized: &BTreeSet<String>,
    opts: AnalysisOptions,
    out: &mut RegionOutcome,
) {
    // Dependences: counts and the dump (not for the verdicts alone).
    if opts.verdicts_only {
    } else if let Some(e) = engine {
        match e.dependences(privatized, opts.detail, false) {
            Ok((deps, counts)) => {
                out.dump.push_str(&format!(
                    "  dependences: {} flow, {} memory ({} ignored)\n",
                    counts.flow, counts.memory, counts.memory_ignored
                ));
                for d in &deps {
                    let (s, t) = (e.stmt_of(d.source), e.stmt_of(d.sink));
                    let mut when: Vec<String> = d.carried.iter().map(|k| format!("carried at depth {}", k + 1)).collect();
                    if d.independent {
                        when.push("loop-independent".into());
                    }
                    out.dump.push_str(&format!(
                        "    {} {}: {} (line {}) -> {} (line {}): {}\n",
                        d.kind,
                        d.array,
                        s.name,
                        s.line,
                        t.name,
                        t.line,
                        when.join(", ")
                    ));
                }
                out.counts = Some(counts);
            }
            Err(e) => out.dump.push_str(&format!("  dependences not computed: {e}\n")),
        }
        out.dump.push_str(&format!("  isl emptiness tests: {}\n", e.tests.borrow()));
    } else {
        // The exact engine's relations, in isl notation.
        match exact_dependences(r, live, lm.depth.values().copied().max().unwrap_or(1), opts.max_operations) {
            Ok((counts, text)) => {
                out.dump.push_str(&text);
                out.counts = Some(counts);
            }
            Err(e) => out.dump.push_str(&format!("  dependences not computed: {e}\n")),
        }
    }
}

/// Each loop's remark, other blockers and interchanges, for the dump.
fn loops_dump(forest: &LoopForest, r: &Region, out: &mut RegionOutcome) {
    let line_of = |l: u32| pos_line(forest, l);
    for &l in &r.loops {
        let o = &out.loops[&l];
        let (_, text) = o.remark();
        out.dump.push_str(&format!("  loop {} (line {}): {}\n", l, line_of(l), text));
        for b in o.blockers.iter().skip(1) {
            out.dump.push_str(&format!("    also: {b}\n"));
        }
        for (w, legal, reason) in &o.interchange {
            out.dump.push_str(&format!("    interchange with the loop at line {w}: {} ({reason})\n", if *legal { "legal" } else { "illegal" }));
        }
    }
}

fn empty_verdict(dim: u32) -> LoopVerdict {
    LoopVerdict { kind: VerdictKind::Doall, parallel: true, ..LoopVerdict::new(dim) }
}

/// The interchange verdict in source names.
fn interchange_reason(i: &poly::PairInterchange, display: &dyn Fn(&str) -> String) -> String {
    let names = |v: &[String]| dedup(v.iter().map(|a| display(a))).join(", ");
    if !i.legal {
        let mut parts = Vec::new();
        if !i.reversed_flow.is_empty() {
            parts.push(format!("it reverses the flow of {}", names(&i.reversed_flow)));
        }
        if !i.reversed_live.is_empty() {
            parts.push(format!("it reverses dependences on {}, whose values cross the loops' iterations", names(&i.reversed_live)));
        }
        format!("interchange is illegal: {}", parts.join("; "))
    } else if i.private.is_empty() {
        "interchange is legal: it keeps every dependence".to_string()
    } else {
        format!(
            "interchange is legal: every flow is kept and no live range overlaps; it may reorder only values private to one iteration ({})",
            names(&i.private)
        )
    }
}

fn dedup(v: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for x in v {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// GCC's temporaries that carry a cell's running value through a loop
/// inside `l` or `l` itself (PRE's `prephitmp` over `k` for `C[i][j]`), by
/// the model's name: the cell, which loop `l`'s lists show them by
/// (`SsaScan::private_name`).
fn running_values(
    forest: &LoopForest,
    r: &Region,
    l: u32,
    hints: &HashMap<u32, Vec<(ReductionHint, String)>>,
    temporaries: &HashMap<String, Option<u32>>,
) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for m in r.loops.iter().filter(|&&m| forest.within(m, l)) {
        for (h, cell) in hints.get(m).into_iter().flatten() {
            // A hint without a stored cell is named after its accumulator.
            if !cell.contains('[') {
                continue;
            }
            for a in std::iter::once(&h.array).chain(&h.arrays).filter(|a| temporaries.contains_key(*a)) {
                out.entry(a.clone()).or_insert_with(|| cell.clone());
            }
        }
    }
    out
}

fn outcome(
    v: &LoopVerdict,
    hints: &[(ReductionHint, String)],
    memory: &[String],
    display: &dyn Fn(&str) -> String,
    private_name: &dyn Fn(&str) -> String,
) -> LoopOutcome {
    let kind = match v.kind {
        VerdictKind::Doall => "doall",
        VerdictKind::Private => "private",
        VerdictKind::Reduction => "reduction",
        VerdictKind::None => "none",
    };
    let stored = |a: &str| memory.iter().any(|m| m == a);
    let hint_of = |a: &str| hints.iter().find(|(h, _)| h.array == a);
    let cell_of = |a: &str| hint_of(a).map(|(_, cell)| cell);
    // (name, operator, in memory): a reduction a hint names is in memory
    // where the cell it stores to is (a value PRE carries in a register for
    // `s[0]`); one named after the cell its entry value came from is not.
    let named: Vec<(String, &'static str, bool)> = v
        .reductions
        .iter()
        .map(|(a, op)| match hint_of(a) {
            Some((h, cell)) => {
                let array = cell.split('[').next().unwrap_or("");
                (cell.clone(), op.clause(), stored(a) || (h.arrays.iter().any(|x| x == array) && stored(array)))
            }
            None => (display(a), op.clause(), stored(a)),
        })
        .collect();
    let reductions = named.iter().map(|(name, op, _)| (name.clone(), *op)).collect();
    let in_memory = dedup(
        v.private
            .iter()
            .filter(|a| stored(a))
            .map(|a| display(a))
            .chain(named.iter().filter(|(_, _, m)| *m).map(|(name, _, _)| name.clone())),
    );
    // A blocked reduction in a register goes by its hint's name too: the
    // cell whose running value PRE carries (`A[i][j]`), not `prephitmp`.
    // One in memory keeps its array's name (the whole of `y`).
    let shown = |a: &str| -> String {
        match cell_of(a).filter(|_| !stored(a)) {
            Some(cell) => cell.clone(),
            None => display(a),
        }
    };
    let blockers: Vec<String> = v
        .blockers
        .iter()
        .map(|b| {
            let lines = if b.source_line == b.sink_line {
                format!("line {}", b.source_line)
            } else {
                format!("lines {} and {}", b.source_line, b.sink_line)
            };
            format!("{}: {} ({})", shown(&b.array), poly::rename_words(&b.detail, &shown), lines)
        })
        .collect();
    LoopOutcome {
        parallel: v.parallel,
        kind,
        private: dedup(v.private.iter().map(|a| private_name(a))),
        firstprivate: dedup(v.firstprivate.iter().map(|a| private_name(a))),
        lastprivate: dedup(v.lastprivate.iter().map(|a| private_name(a))),
        reductions,
        in_memory,
        blockers: dedup(blockers),
        blocked_in_registers: v.blockers.iter().any(|b| !memory.contains(&b.array) && b.array != "errno"),
        interchange: Vec::new(),
    }
}

/// The exact engine's verdicts (the fallback, and the cross-check), on one
/// model and one dataflow for the region.
type Job = (u32, u32, Vec<String>, Vec<ReductionHint>);

fn exact_verdicts(
    r: &Region,
    live: &[String],
    depth: usize,
    jobs: &[Job],
    opts: &VerdictOptions,
    max_operations: u64,
) -> Vec<Result<LoopVerdict, IslFailure>> {
    let cx = BoundedCtx::new(max_operations);
    let prepared = IslScop::build(&cx, &r.scop).and_then(|model| {
        let lv: Vec<&str> = live.iter().map(|s| s.as_str()).collect();
        cx.reset_budget();
        let deps = Dependences::compute_with_live_out(&r.scop, &model, 2 * depth as u32 + 1, Some(&lv))?;
        Ok((model, deps))
    });
    jobs.iter()
        .map(|(_, dim, stmts, hints)| match &prepared {
            Err(e) => Err(e.clone()),
            Ok((model, deps)) => {
                let names: Vec<&str> = stmts.iter().map(|s| s.as_str()).collect();
                LoopVerdict::compute(model, deps, &LoopId::of(*dim, &names), hints, opts)
            }
        })
        .collect()
}

/// Whether the trip count of a loop inside loop `l` varies with `l`'s
/// counter (a triangular nest): the statements inside `l`'s inner loops,
/// their domains projected on `l`'s counter and the next one, together tie
/// the two. (Together: `i == j` and `i != j` in two branches cover a
/// rectangle.) False when isl gives up.
pub fn inner_trip_counts_vary(forest: &LoopForest, r: &Region, l: u32, max_operations: u64) -> bool {
    let lm = loop_map(forest, r);
    let (Some(stmts), Some(&depth)) = (lm.stmts.get(&l), lm.depth.get(&l)) else { return false };
    let cx = BoundedCtx::new(max_operations);
    let ties = || -> Result<bool, IslFailure> {
        let inside = r.scop.statements.iter().filter(|s| stmts.contains(&s.name));
        // The loops around stay as parameters: only what varies within one
        // run of the loop counts (a second part of a split loop starts
        // where the outer counter says, and the outer counter is fixed).
        let Some(pair) = projected_domains(&cx, inside, depth as u32 - 1, 2, true)? else { return Ok(false) };
        let list = cx.ok(cx.ok(pair.coalesce())?.get_basic_set_list())?;
        for b in 0..cx.ok(list.size())? {
            let cs = cx.ok(cx.ok(list.get_at(b))?.get_constraint_list())?;
            for k in 0..cx.ok(cs.size())? {
                let c = cx.ok(cs.get_at(k))?;
                if cx.ok(c.involves_dims(isl_rs::DimType::Set, 0, 1))? && cx.ok(c.involves_dims(isl_rs::DimType::Set, 1, 1))? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    };
    ties().unwrap_or(false)
}

/// The most iterations loop `l` of region `r` runs, whatever the
/// parameters, where the model bounds it by a constant (the part of a split
/// loop that runs once); None where it does not or isl gives up.
pub fn most_trips(forest: &LoopForest, r: &Region, l: u32, max_operations: u64) -> Option<u64> {
    let lm = loop_map(forest, r);
    let (Some(stmts), Some(&depth)) = (lm.stmts.get(&l), lm.depth.get(&l)) else { return None };
    let cx = BoundedCtx::new(max_operations);
    let count = || -> Result<Option<u64>, IslFailure> {
        let inside = r.scop.statements.iter().filter(|s| stmts.contains(&s.name));
        let Some(values) = projected_domains(&cx, inside, depth as u32 - 1, 1, false)? else { return Ok(None) };
        let values = cx.ok(values.project_out_all_params())?;
        if !cx.ok(values.is_bounded())? {
            return Ok(None);
        }
        cx.count_points(&values).map(Some)
    };
    count().ok().flatten()
}

/// The parameter values for which loop `l` of region `r` runs at least
/// one iteration (isl text); None where isl gives up.
pub fn runs_where(forest: &LoopForest, r: &Region, l: u32, max_operations: u64) -> Option<String> {
    let lm = loop_map(forest, r);
    let stmts = lm.stmts.get(&l)?;
    let cx = BoundedCtx::new(max_operations);
    let inside = r.scop.statements.iter().filter(|s| stmts.contains(&s.name));
    let domains = projected_domains(&cx, inside, 0, 0, false).ok()??;
    Some(cx.ok(cx.ok(domains.params()).ok()?.to_str()).ok()?.to_string())
}

/// The union of the domains of `stmts`, each projected on its dimensions
/// `first .. first + n` (a statement with fewer dimensions left out); None
/// when no statement has them. With `outer_as_params`, the dimensions
/// before `first` become parameters instead of being projected out.
fn projected_domains<'a>(
    cx: &BoundedCtx,
    stmts: impl Iterator<Item = &'a poly::Statement>,
    first: u32,
    n: u32,
    outer_as_params: bool,
) -> Result<Option<isl_rs::Set>, IslFailure> {
    let mut union: Option<isl_rs::Set> = None;
    for st in stmts {
        let set = cx.set(&st.domain)?;
        let dims = cx.ok(set.dim(isl_rs::DimType::Set))? as u32;
        if dims < first + n {
            continue;
        }
        let set = cx.ok(set.project_out(isl_rs::DimType::Set, first + n, dims - first - n))?;
        let set = if outer_as_params {
            let np = cx.ok(set.dim(isl_rs::DimType::Param))? as u32;
            cx.ok(set.move_dims(isl_rs::DimType::Param, np, isl_rs::DimType::Set, 0, first))?
        } else {
            cx.ok(set.project_out(isl_rs::DimType::Set, 0, first))?
        };
        let set = cx.ok(set.reset_tuple_id())?;
        union = Some(match union {
            None => set,
            Some(u) => cx.ok(u.union(set))?,
        });
    }
    Ok(union)
}

/// Before parloops, the largest region whose verdicts the exact engine
/// gives where the pairwise one cannot (1.1 s for nussinov's 4 statements).
const EXACT_FALLBACK_STATEMENTS: usize = 2;

/// The largest region whose parameter conditions the pass before parloops
/// computes: the exact engine's dataflow costs up to seconds on large
/// models, more than its operations cap bounds (seidel-2d's 9-point stencil
/// in three loops: 0.3 s, found parallel for no parameter value).
const SMALL_REGION_STATEMENTS: usize = 8;
const SMALL_REGION_LOOPS: usize = 3;
const SMALL_REGION_ACCESSES: usize = 8;

fn is_small(r: &Region) -> bool {
    r.scop.statements.len() <= SMALL_REGION_STATEMENTS
        && r.loops.len() <= SMALL_REGION_LOOPS
        && r.scop.statements.iter().map(|s| s.accesses.len()).sum::<usize>() <= SMALL_REGION_ACCESSES
}

/// Whether every dependence that matters (the dataflow and the live
/// ranges of memory) has distance 0 in loop `m` of `band` (perfectly
/// nested loops, outermost first), so that `m` may move to any place of
/// the band (IPDA's independent loop): moved to the band's top it must be
/// legal and carry no value there; scalars it would have to make private
/// are allowed (a source-level copy makes them private). False for regions
/// too large for the exact engine and where isl gives up.
pub fn independent_loop(forest: &LoopForest, r: &Region, band: &[u32], m: u32, max_operations: u64) -> bool {
    if !is_small(r) || !band.contains(&m) {
        return false;
    }
    let p = prepare(forest, r);
    let depth = p.lm.depth.values().copied().max().unwrap_or(1);
    let Some(dims) = band.iter().map(|l| p.lm.depth.get(l).map(|&d| 2 * d as u32 - 1)).collect::<Option<Vec<u32>>>() else {
        return false;
    };
    let Some(&moved) = p.lm.depth.get(&m).map(|d| 2 * *d as u32 - 1).as_ref() else { return false };
    let order: Vec<u32> = std::iter::once(moved).chain(dims.iter().copied().filter(|&d| d != moved)).collect();
    let names: Vec<&str> = p.lm.stmts.get(&band[0]).map(|v| v.iter().map(|s| s.as_str()).collect()).unwrap_or_default();
    let cx = BoundedCtx::new(max_operations);
    let check = || -> Result<bool, IslFailure> {
        let model = IslScop::build(&cx, &r.scop)?;
        let lv: Vec<&str> = p.live.iter().map(|s| s.as_str()).collect();
        cx.reset_budget();
        let deps = Dependences::compute_with_live_out(&r.scop, &model, 2 * depth as u32 + 1, Some(&lv))?;
        let schedule = poly::permute_schedule(&cx, &model.schedule, &dims, &order, Some(&names))?;
        if !deps.check_schedule(&schedule)?.is_legal() {
            return Ok(false);
        }
        let top = deps.check_parallel(&schedule, dims[0])?;
        Ok(top.carried_flow.is_empty() && top.conflicting.iter().all(|a| !p.arrays.contains(a)))
    };
    check().unwrap_or(false)
}

/// The parameter values for which each loop of `loops` runs in parallel
/// once its SSA values are private: no flow carried through memory and no
/// conflicting live ranges in memory (isl text of a parameter set, within
/// the context), for the loops the verdicts leave sequential. parloops
/// makes SSA values private by itself and handles the ones carried across
/// iterations (inductions, reductions) or gives the loop up, so only memory
/// counts here. Per loop: Some("") when it holds for every parameter value;
/// None when it holds for none, or isl gave up. One dataflow for all loops.
pub fn memory_parallel_conditions(forest: &LoopForest, r: &Region, loops: &[u32], max_operations: u64) -> HashMap<u32, Option<String>> {
    // Small regions only (the exact engine's cost), and those in the
    // pairwise engine's notation with domains of one piece each (not
    // unrolled or split loops, not do-while loops whose tests were hoisted
    // out: their dataflow took 25 s on GCC's graphite/pr69292.c at -O3).
    let plain = LightScop::read(&r.scop).is_ok_and(|l| l.stmts.iter().all(|s| s.pieces == 1));
    if loops.is_empty() || !is_small(r) || !plain {
        return HashMap::new();
    }
    let lm = loop_map(forest, r);
    let arrays = memory_arrays(r);
    let dead = dead_local_arrays(forest, r, &lm, &arrays);
    let mut live: Vec<&str> = arrays.iter().filter(|a| !dead.contains(*a)).map(|a| a.as_str()).collect();
    live.push("errno");
    let mut scop = r.scop.clone();
    for st in &mut scop.statements {
        st.accesses.retain(|a| arrays.contains(&a.array) || a.array == "errno");
    }
    let depth = lm.depth.values().copied().max().unwrap_or(1);
    let cx = BoundedCtx::new(max_operations);
    let Ok(model) = IslScop::build(&cx, &scop) else { return HashMap::new() };
    cx.reset_budget();
    let Ok(deps) = Dependences::compute_with_live_out(&scop, &model, 2 * depth as u32 + 1, Some(&live)) else {
        return HashMap::new();
    };
    loops.iter().map(|&l| (l, loop_condition(&cx, &scop, &model, &deps, &lm, l))).collect()
}

/// `memory_parallel_conditions` for loop `l`.
fn loop_condition(cx: &BoundedCtx, scop: &poly::Scop, model: &IslScop, deps: &Dependences, lm: &LoopMap, l: u32) -> Option<String> {
    let stmts = lm.stmts.get(&l)?;
    if stmts.is_empty() {
        return None;
    }
    let dim = 2 * lm.depth[&l] as u32 - 1;
    let names: Vec<&str> = stmts.iter().map(|s| s.as_str()).collect();
    let set = conflict_free_condition(model, deps, &LoopId::of(dim, &names)).ok()?;
    if cx.ok(set.is_empty()).ok()? {
        return None;
    }
    if cx.ok(model.context.is_subset(&set)).ok()? {
        return Some(String::new());
    }
    // Not worth a test where it holds only when the loop writes memory in
    // at most one iteration (then nothing conflicts: the original copy runs).
    let writes = |s: &&poly::Statement| s.accesses.iter().any(|a| a.kind != poly::AccessKind::Read);
    let writers = scop.statements.iter().filter(|s| stmts.contains(&s.name)).filter(writes);
    let its = projected_domains(cx, writers, lm.depth[&l] as u32 - 1, 1, false).ok()??;
    let twice = cx.ok(cx.ok(cx.ok(its.copy()).ok()?.lex_lt_set(its)).ok()?.params()).ok()?;
    if cx.ok(cx.ok(cx.ok(set.copy()).ok()?.intersect(cx.ok(twice.copy()).ok()?)).ok()?.is_empty()).ok()? {
        return None;
    }
    // The parameters always lie in the context (their types' ranges): the
    // test need not check it again; nor need it hold where the loop writes
    // memory in at most one iteration.
    let twice = cx.ok(cx.ok(model.context.copy()).ok()?.intersect(twice)).ok()?;
    let set = cx.ok(set.gist(twice)).ok()?;
    Some(cx.ok(set.to_str()).ok()?.to_string())
}

/// The exact engine's counts and relations.
fn exact_dependences(r: &Region, live: &[String], depth: usize, max_operations: u64) -> Result<(DependenceCounts, String), IslFailure> {
    let cx = BoundedCtx::new(max_operations);
    let model = IslScop::build(&cx, &r.scop)?;
    let lv: Vec<&str> = live.iter().map(|s| s.as_str()).collect();
    cx.reset_budget();
    let deps = Dependences::compute_with_live_out(&r.scop, &model, 2 * depth as u32 + 1, Some(&lv))?;
    let counts = deps.counts()?;
    let text = format!(
        "  dependences: {} flow, {} memory ({} ignored)\n    flow: {}\n    anti: {}\n    output: {}\n",
        counts.flow,
        counts.memory,
        counts.memory_ignored,
        deps.untagged_flow()?.to_str().unwrap_or("?"),
        deps.anti.to_str().unwrap_or("?"),
        deps.output.to_str().unwrap_or("?")
    );
    Ok((counts, text))
}
