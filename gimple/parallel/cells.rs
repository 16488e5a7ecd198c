//! Cells and storage: names of a model's cells, the loops' bands, local arrays, and the cells a loop carries from one iteration to the next.

use super::*;

/// Access `index` of `stmt` to a cell of `array`, in the source's counters
/// where it can be (`SourceView::cell`), else in the model's iterators,
/// else the array alone.
pub(super) fn cell_name(r: &Region, stmt: Option<&poly::Statement>, index: usize, array: &str) -> String {
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
pub(super) fn iteration_statement(r: &Region, l: u32) -> Iterations {
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
pub(super) fn bands(forest: &LoopForest, r: &Region, lm: &LoopMap) -> Vec<Vec<u32>> {
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
            if ch.len() != 1 || lm.stmts.get(&cur) != lm.stmts.get(&ch[0]) || r.uncounted.iter().any(|(u, _)| *u == ch[0]) {
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

pub(super) fn dead_local_arrays(forest: &LoopForest, r: &Region, lm: &LoopMap, memory: &[String]) -> BTreeSet<String> {
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
