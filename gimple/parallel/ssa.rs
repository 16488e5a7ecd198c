//! The region's loop map and SSA facts: the statements of each loop, the memory arrays, the SSA values that cross iterations, and the source names of arrays.

use super::*;

/// The region's loops: GCC number -> (depth in the region, statements).
/// Each region loop's depth in the region (1: outermost) and the model
/// statements inside it.
pub(crate) struct LoopMap {
    pub(crate) depth: HashMap<u32, usize>,
    pub(crate) stmts: HashMap<u32, Vec<String>>,
}

pub(super) fn block_of(stmt: &str) -> Option<i32> {
    stmt.strip_prefix("S_")?.parse().ok()
}


/// The memory arrays of the model by name (its zero-dimensional arrays,
/// the SSA values, apart).
pub(super) fn memory_arrays(r: &Region) -> Vec<String> {
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
pub(super) fn source_name(v: Tree) -> String {
    v.ssa_var_name().unwrap_or_else(|| format!("_{}", v.ssa_version()))
}

/// SSA definitions in the region's statement blocks, by model array name:
/// (value, defining statement, is the PHI array).
pub(super) struct SsaScan {
    /// Model array name -> source name.
    pub(super) names: HashMap<String, String>,
    /// The model's names of SSA values that are no variable of the source
    /// (PRE's `prephitmp`, anonymous values): a remark names them by what
    /// they hold where it can: with the line of their statement, or for a
    /// PHI the line of the values it merges (their arguments' locations,
    /// else their statements').
    pub(super) temporaries: HashMap<String, Option<u32>>,
    pub(super) facts: BTreeMap<String, ScalarFact>,
}

pub(super) fn scan_ssa(forest: &LoopForest, r: &Region, lm: &LoopMap, memory: &[String]) -> SsaScan {
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
    pub(super) fn private_name(&self, running: &HashMap<String, String>, a: &str) -> String {
        if let Some(cell) = running.get(a) {
            return format!("running value of {cell}");
        }
        match self.temporaries.get(a) {
            Some(Some(line)) => format!("value of line {line}"),
            _ => self.names.get(a).cloned().unwrap_or_else(|| a.to_string()),
        }
    }
}
