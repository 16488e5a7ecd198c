//! Per-loop verdicts from pairwise dependence tests: the same questions as
//! `verdict` (`LoopVerdict`), answered without computing any relation on
//! the whole region.
//!
//! `Dependences::compute` builds the region's exact dataflow with isl's
//! `compute_flow` and every verdict then works on tagged union maps; on the
//! plugin's isl (imath integers) that costs 10-100 ms per region, several
//! times GCC's whole -O2 compile of a kernel. Every question a verdict asks
//! is about one loop and one array, and most are about one pair of accesses;
//! each becomes the emptiness of a small conjunction of affine constraints
//! (a basic set of the two instances' iterators), built through isl's
//! constraint API from the affine forms of `light` and tested in a few µs.
//!
//! The value-based part, exactly:
//!
//! * A read instance `y` of loop `L` is *exposed* when no must-write of its
//!   cell runs before it in the same iteration of `L`. A value flows into
//!   `y` from another iteration of `L` exactly when `y` is exposed and some
//!   write of its cell runs in an earlier iteration of the same execution of
//!   `L` (then the last write before `y` is in such an iteration). Exposure
//!   needs isl's projection and subtraction, but only where a must-write of
//!   the cell can precede the read in one iteration; that is tested first.
//! * A write instance is *final* in an execution of `L` when no must-write
//!   of its cell follows it in that execution; lastprivate needs every final
//!   write of a value used after the loop to be in the last iteration.
//!
//! Zero-dimensional arrays that stand for SSA values (`ScalarFact`) need no
//! isl at all: SSA gives their dataflow (a definition dominates its uses; a
//! PHI's incoming value is written by the predecessor whose edge is taken),
//! and the engine only checks that the model agrees with the fact.
//!
//! Where this engine is coarser than `verdict` it errs on the safe side and
//! only in what it lists: a write whose value is dead still counts as a
//! conflict (so an array may be listed private where `verdict` needs
//! nothing), and a blocker may name a write of an earlier iteration that a
//! later one overwrites. The verdict itself (parallel or not, and which
//! privates/reductions make it so) is the same; `tests/pairwise.rs` checks
//! that on every model of the verdict tests.

use crate::bounded::{BoundedCtx, IslFailure};
use crate::dataflow::DependenceCounts;
use crate::light::{Atom, Conj, Dnf, LStmt, Lin, LightScop};
use crate::model::AccessKind;
use crate::verdict::{Blocker, BlockerKind, LoopVerdict, ReductionHint, VerdictOptions};
use isl_rs::{BasicSet, DimType, Mat, Set, Space, Val};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// An access: (statement index, access index).
pub type Acc = (usize, usize);

/// What SSA tells of a zero-dimensional array (the caller's word; the
/// engine checks that the model's accesses fit it and otherwise ignores it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScalarFact {
    /// An SSA value: written only by statement `def`, whose block dominates
    /// every block that reads it.
    Value { def: String },
    /// The incoming values of a PHI, read only by `block` (the PHI's).
    /// Every writer is a predecessor of `block` and writes on each of its
    /// executions. `header_of`: `block` is the header of the loop at that
    /// time dimension, and `latch` its latch (a writer); the other writer
    /// is the preheader. None: a join, every writer runs right before
    /// `block` in the same iteration of the loops around `block`.
    ///
    /// `recompute`: for a header, the latch's value is computed in the loop
    /// from values defined before it and loads of these memory arrays only;
    /// where none of them is written in the loop, every iteration but the
    /// first could compute the value itself, so it carries nothing from one
    /// iteration to the next (PRE's reload of a loop-invariant cell).
    Phi { block: String, header_of: Option<u32>, latch: Option<String>, recompute: Option<Vec<String>> },
}

/// A fact, by statement index, once checked.
#[derive(Clone, Debug)]
enum Fact {
    Value,
    Phi { block: usize, header_level: Option<usize>, latch: Option<usize>, recompute: Option<Vec<String>> },
}

/// Where a loop's full iteration set comes from, for lastprivate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Iterations {
    /// The iterations in which some statement of the loop runs (what
    /// `verdict` assumes without `LoopId::iterations`).
    Model,
    /// This statement runs in every iteration (a block of the loop's own
    /// body that dominates its latch).
    Statement(String),
    /// This statement is the loop's latch: it runs in every iteration but
    /// the last.
    Latch(String),
    /// Not known: a value live after the loop cannot be handed back from a
    /// private copy (facts apart, which SSA settles).
    Unknown,
}

/// One loop to judge: time dimension `dim` (2d+1: the loop at depth `d` is
/// `2d - 1`) around exactly `statements`.
#[derive(Clone, Debug)]
pub struct PairLoop {
    pub dim: u32,
    pub statements: Vec<String>,
    pub iterations: Iterations,
}

/// The answer on running a perfect pair of loops by the diagonals of its
/// iteration numbers (`PairEngine::skew`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairSkew {
    /// The least factor f that makes `f * a + b` a legal order with
    /// independent diagonals.
    pub factor: Option<i128>,
    /// Without one: the arrays that forbid the greatest factor tried.
    pub blocking: Vec<String>,
    /// The pair's reads of arrays per iteration, and the rows they and
    /// its writes touch (accesses alike but for their last subscript).
    pub reads: usize,
    pub rows: usize,
}

/// The answer on interchanging two loops of a band.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairInterchange {
    pub legal: bool,
    /// One sentence.
    pub reason: String,
    /// Arrays whose flow the interchange reverses.
    pub reversed_flow: Vec<String>,
    /// Arrays whose values cross the loops' iterations (or the band's
    /// boundary) and whose dependences it reverses.
    pub reversed_live: Vec<String>,
    /// Arrays written in the band whose values never leave one iteration of
    /// it: their dependences do not constrain the interchange.
    pub private: Vec<String>,
}

/// A dependence between two accesses, for the dump.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairDep {
    /// `flow`, `anti` or `output`.
    pub kind: &'static str,
    pub array: String,
    pub source: Acc,
    pub sink: Acc,
    /// The loop levels (0-based depth of the carrying loop) that carry it;
    /// `independent`: it also links instances of one iteration of every
    /// common loop.
    pub carried: Vec<usize>,
    pub independent: bool,
}

/// Which pairs a test is about: `x` is the first instance, `y` the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Order {
    /// Equal on levels `< l`, `x_l < y_l`.
    Carried(usize),
    /// Equal on every common level, `x` textually first.
    Independent,
}

/// The engine for one region.
pub struct PairEngine<'c> {
    cx: &'c BoundedCtx,
    pub m: LightScop,
    np: usize,
    /// Arrays whose contents are used after the region (None: all).
    live_out: Option<Vec<String>>,
    facts: HashMap<String, Fact>,
    /// Every access, by array.
    by_array: BTreeMap<String, Vec<Acc>>,
    context: Conj,
    dep_cache: RefCell<HashMap<(Acc, Acc, Order), bool>>,
    /// `(read, level)` -> the read instances not killed within one
    /// iteration of the loop at `level` (None: none is killed).
    exposed_cache: RefCell<HashMap<(Acc, usize), Exposure>>,
    /// Count of emptiness tests (for the performance notes).
    pub tests: RefCell<u64>,
}

/// The result of a check that may need to name pairs.
type Pairs = Vec<(Acc, Acc)>;

/// Why privatization is refused: the pairs to blame and why.
type PrivateRefusal = (Pairs, String);

impl<'c> PairEngine<'c> {
    /// `live_out`: the arrays used after the region (None: all);
    /// `facts`: SSA facts on zero-dimensional arrays.
    pub fn new(
        cx: &'c BoundedCtx,
        m: LightScop,
        live_out: Option<Vec<String>>,
        facts: &BTreeMap<String, ScalarFact>,
    ) -> PairEngine<'c> {
        let np = m.params.len();
        let mut by_array: BTreeMap<String, Vec<Acc>> = BTreeMap::new();
        for (s, st) in m.stmts.iter().enumerate() {
            for (a, acc) in st.accesses.iter().enumerate() {
                by_array.entry(acc.array.clone()).or_default().push((s, a));
            }
        }
        // Context atoms without the types' far bounds (whose constants cost
        // isl big integers and which never decide a dependence); dropping
        // constraints only adds instances, so every test stays safe.
        let context: Conj = match m.context.as_slice() {
            [c] => c.iter().filter(|a| a.e.k.abs() < (1 << 31) && a.e.coef.iter().all(|c| c.abs() < (1 << 31))).cloned().collect(),
            _ => Vec::new(),
        };
        // Facts describe SSA values, which the caller declares dead after
        // the region unless listed; without a list they are not used.
        let use_facts = live_out.is_some();
        let mut e = PairEngine {
            cx,
            m,
            np,
            live_out,
            facts: HashMap::new(),
            by_array,
            context,
            dep_cache: RefCell::new(HashMap::new()),
            exposed_cache: RefCell::new(HashMap::new()),
            tests: RefCell::new(0),
        };
        for (a, f) in facts.iter().filter(|_| use_facts) {
            if let Some(f) = e.check_fact(a, f) {
                e.facts.insert(a.clone(), f);
            }
        }
        e
    }

    fn stmt_index(&self, name: &str) -> Option<usize> {
        self.m.stmts.iter().position(|s| s.name == name)
    }

    fn acc(&self, a: Acc) -> &crate::light::LAccess {
        &self.m.stmts[a.0].accesses[a.1]
    }

    fn is_write(&self, a: Acc) -> bool {
        self.acc(a).kind != AccessKind::Read
    }

    fn is_must(&self, a: Acc) -> bool {
        self.acc(a).kind == AccessKind::MustWrite
    }

    /// The fact, when the model's accesses to `array` fit it.
    fn check_fact(&self, array: &str, f: &ScalarFact) -> Option<Fact> {
        let accs = self.by_array.get(array)?;
        // May-writes are fine: SSA's facts hold of the code as it runs, and
        // a may-write only marks a block whose domain is a superset.
        if accs.iter().any(|&a| !self.acc(a).subs.is_empty()) {
            return None;
        }
        let writers: BTreeSet<usize> = accs.iter().filter(|&&a| self.is_write(a)).map(|a| a.0).collect();
        let readers: BTreeSet<usize> = accs.iter().filter(|&&a| !self.is_write(a)).map(|a| a.0).collect();
        match f {
            ScalarFact::Value { def } => {
                let d = self.stmt_index(def)?;
                let n_writes = accs.iter().filter(|&&a| self.is_write(a)).count();
                (writers.len() == 1 && writers.contains(&d) && n_writes == 1).then_some(Fact::Value)
            }
            ScalarFact::Phi { block, header_of, latch, recompute } => {
                let b = self.stmt_index(block)?;
                if readers.iter().any(|&r| r != b) {
                    return None;
                }
                let latch = match latch {
                    Some(l) => {
                        let li = self.stmt_index(l)?;
                        if !writers.contains(&li) {
                            return None;
                        }
                        Some(li)
                    }
                    None => None,
                };
                let header_level = match header_of {
                    Some(dim) => {
                        let lv = (*dim as usize).checked_sub(1)? / 2;
                        let st = &self.m.stmts[b];
                        // The header is in the loop, at the loop's own depth.
                        if st.depth() != lv + 1 {
                            return None;
                        }
                        if let Some(li) = latch {
                            if self.common(b, li) < lv + 1 {
                                return None;
                            }
                        }
                        Some(lv)
                    }
                    None => {
                        if latch.is_some() {
                            return None;
                        }
                        None
                    }
                };
                Some(Fact::Phi { block: b, header_level, latch, recompute: recompute.clone() })
            }
        }
    }

    /// The number of loops statements `s` and `t` share.
    fn common(&self, s: usize, t: usize) -> usize {
        let (a, b) = (&self.m.stmts[s], &self.m.stmts[t]);
        let mut c = 0;
        while c < a.depth() && c < b.depth() && a.consts[c] == b.consts[c] {
            c += 1;
        }
        c
    }

    // ------------------------------------------------------------ isl

    /// The basic set of a conjunction, built in one piece from constraint
    /// matrices (adding constraints one by one would simplify after each).
    fn bset(&self, dims: usize, atoms: &[&Atom]) -> Result<BasicSet, IslFailure> {
        let cx = self.cx;
        let ncol = 1 + self.np + dims;
        let fill = |rows: Vec<&&Atom>| -> Result<Mat, IslFailure> {
            let mut m = cx.ok(Mat::alloc(cx.ctx(), rows.len() as u32, ncol as u32))?;
            for (r, a) in rows.iter().enumerate() {
                for col in 0..ncol {
                    let k = if col == 0 { a.e.k } else { a.e.coef.get(col - 1).copied().unwrap_or(0) };
                    m = match i32::try_from(k) {
                        Ok(k) => cx.ok(m.set_element_si(r as i32, col as i32, k))?,
                        Err(_) => cx.ok(m.set_element_val(r as i32, col as i32, self.val(k)?))?,
                    };
                }
            }
            Ok(m)
        };
        let eq = fill(atoms.iter().filter(|a| a.eq).collect())?;
        let ineq = fill(atoms.iter().filter(|a| !a.eq).collect())?;
        let space = cx.ok(Space::set_alloc(cx.ctx(), self.np as u32, dims as u32))?;
        cx.ok(BasicSet::from_constraint_matrices(space, eq, ineq, DimType::Cst, DimType::Param, DimType::Set, DimType::Div))
    }

    /// A basic set over `dims` variables and no parameters.
    fn bset_free(&self, dims: usize, atoms: &[&Atom]) -> Result<BasicSet, IslFailure> {
        let cx = self.cx;
        let ncol = 1 + dims;
        let fill = |rows: Vec<&&Atom>| -> Result<Mat, IslFailure> {
            let mut m = cx.ok(Mat::alloc(cx.ctx(), rows.len() as u32, ncol as u32))?;
            for (r, a) in rows.iter().enumerate() {
                for col in 0..ncol {
                    let k = if col == 0 { a.e.k } else { a.e.coef[col - 1] };
                    m = match i32::try_from(k) {
                        Ok(k) => cx.ok(m.set_element_si(r as i32, col as i32, k))?,
                        Err(_) => cx.ok(m.set_element_val(r as i32, col as i32, self.val(k)?))?,
                    };
                }
            }
            Ok(m)
        };
        let eq = fill(atoms.iter().filter(|a| a.eq).collect())?;
        let ineq = fill(atoms.iter().filter(|a| !a.eq).collect())?;
        let space = cx.ok(Space::set_alloc(cx.ctx(), 0, dims as u32))?;
        cx.ok(BasicSet::from_constraint_matrices(space, eq, ineq, DimType::Cst, DimType::Param, DimType::Set, DimType::Div))
    }

    fn val(&self, k: i128) -> Result<Val, IslFailure> {
        let cx = self.cx;
        match i64::try_from(k) {
            Ok(k) => cx.ok(Val::int_from_si(cx.ctx(), k)),
            Err(_) => cx.ok(Val::read_from_str(cx.ctx(), &k.to_string())),
        }
    }

    /// The union of the conjunctions of the product of `factors` (each a
    /// disjunction), as an isl set over `dims` iterator dimensions.
    fn set_of(&self, dims: usize, factors: &[Dnf]) -> Result<Set, IslFailure> {
        let cx = self.cx;
        let mut out: Option<Set> = None;
        self.each_conj(factors, &mut |atoms| {
            let b = cx.ok(Set::from_basic_set(self.bset(dims, atoms)?))?;
            out = Some(match out.take() {
                None => b,
                Some(o) => cx.ok(o.union(b))?,
            });
            Ok(false)
        })?;
        match out {
            Some(s) => Ok(s),
            None => cx.ok(Set::empty(cx.ok(Space::set_alloc(cx.ctx(), self.np as u32, dims as u32))?)),
        }
    }

    /// Calls `f` on every conjunction of the product of `factors` (with the
    /// context) until it returns true; returns whether it did.
    fn each_conj(&self, factors: &[Dnf], f: &mut dyn FnMut(&[&Atom]) -> Result<bool, IslFailure>) -> Result<bool, IslFailure> {
        fn go<'a>(
            factors: &'a [Dnf],
            k: usize,
            acc: &mut Vec<&'a Atom>,
            f: &mut dyn FnMut(&[&Atom]) -> Result<bool, IslFailure>,
        ) -> Result<bool, IslFailure> {
            if k == factors.len() {
                return f(acc);
            }
            for conj in &factors[k] {
                let n = acc.len();
                acc.extend(conj.iter());
                let hit = go(factors, k + 1, acc, f)?;
                acc.truncate(n);
                if hit {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        let mut acc: Vec<&Atom> = self.context.iter().collect();
        go(factors, 0, &mut acc, f)
    }

    /// Whether the product of `factors` has an integer point.
    fn nonempty(&self, dims: usize, factors: &[Dnf]) -> Result<bool, IslFailure> {
        let _ = dims;
        self.each_conj(factors, &mut |atoms| {
            let conj: Conj = atoms.iter().map(|a| (*a).clone()).collect();
            // Emptiness does not care which variables are parameters: the
            // unit equalities are substituted away and what is left goes
            // to isl over the variables still mentioned.
            let Some(rest) = eliminate(conj) else { return Ok(false) };
            if rest.is_empty() {
                return Ok(true);
            }
            let n = rest.iter().map(|a| a.e.coef.len()).max().unwrap_or(0);
            let used: Vec<usize> = (0..n).filter(|&v| rest.iter().any(|a| a.e.coef.get(v).is_some_and(|&c| c != 0))).collect();
            let compact: Vec<Atom> = rest
                .iter()
                .map(|a| Atom { e: Lin { coef: used.iter().map(|&v| a.e.coef.get(v).copied().unwrap_or(0)).collect(), k: a.e.k }, eq: a.eq })
                .collect();
            if witness(&compact, used.len()) {
                return Ok(true);
            }
            *self.tests.borrow_mut() += 1;
            let refs: Vec<&Atom> = compact.iter().collect();
            let b = self.bset_free(used.len(), &refs)?;
            Ok(!self.cx.ok(b.is_empty())?)
        })
    }

    // ------------------------------------------------------------ frames

    /// Statement `s`'s form `l` with its iterators at `off` (after the
    /// parameters) in a frame of `n` variables.
    fn place(&self, l: &Lin, s: usize, off: usize, n: usize) -> Lin {
        let d = self.m.stmts[s].depth();
        let map: Vec<usize> = (0..self.np).chain((0..d).map(|k| self.np + off + k)).collect();
        let mut l = l.clone();
        l.coef.resize(self.np + d, 0);
        l.remap(n, &map)
    }

    fn dom(&self, s: usize, off: usize, n: usize) -> Dnf {
        self.m.stmts[s].domain.iter().map(|c| c.iter().map(|a| Atom { e: self.place(&a.e, s, off, n), eq: a.eq }).collect()).collect()
    }

    /// `x_k = y_k` for `k < upto`, x at `ox`, y at `oy`.
    fn same_prefix(&self, ox: usize, oy: usize, upto: usize, n: usize) -> Conj {
        (0..upto)
            .map(|k| {
                let mut e = Lin::zero(n);
                e.coef[self.np + ox + k] = 1;
                e.coef[self.np + oy + k] = -1;
                Atom { e, eq: true }
            })
            .collect()
    }

    /// `x_k + 1 <= y_k`.
    fn lt(&self, ox: usize, oy: usize, k: usize, n: usize) -> Atom {
        let mut e = Lin::constant(n, -1);
        e.coef[self.np + oy + k] = 1;
        e.coef[self.np + ox + k] = -1;
        Atom { e, eq: false }
    }

    /// The order piece between x (statement s at ox) and y (t at oy).
    fn order(&self, s: usize, ox: usize, t: usize, oy: usize, o: Order, n: usize) -> Option<Conj> {
        let c = self.common(s, t);
        match o {
            Order::Carried(l) => {
                if l >= c {
                    return None;
                }
                let mut conj = self.same_prefix(ox, oy, l, n);
                conj.push(self.lt(ox, oy, l, n));
                Some(conj)
            }
            Order::Independent => {
                let (a, b) = (&self.m.stmts[s], &self.m.stmts[t]);
                (a.consts[c] < b.consts[c]).then(|| self.same_prefix(ox, oy, c, n))
            }
        }
    }

    /// `cell(p at x) = cell(q at y)`; None when the shapes differ (then the
    /// accesses may touch one cell anyhow: no constraint).
    fn same_cell(&self, p: Acc, ox: usize, q: Acc, oy: usize, n: usize) -> Conj {
        let (a, b) = (self.acc(p), self.acc(q));
        if a.subs.len() != b.subs.len() {
            return Vec::new();
        }
        a.subs
            .iter()
            .zip(&b.subs)
            .filter_map(|(f, g)| {
                let e = self.place(f, p.0, ox, n).sub(&self.place(g, q.0, oy, n))?;
                Some(Atom { e, eq: true })
            })
            .collect()
    }

    /// Whether instances x of `p` and y of `q`, in the order `o`, touch one
    /// cell.
    fn dep(&self, p: Acc, q: Acc, o: Order) -> Result<bool, IslFailure> {
        if let Some(&b) = self.dep_cache.borrow().get(&(p, q, o)) {
            return Ok(b);
        }
        let (s, t) = (p.0, q.0);
        let (ds, dt) = (self.m.stmts[s].depth(), self.m.stmts[t].depth());
        let n = self.np + ds + dt;
        let r = match self.order(s, 0, t, ds, o, n) {
            None => false,
            Some(mut conj) => {
                conj.extend(self.same_cell(p, 0, q, ds, n));
                !refuted(&conj) && self.nonempty(ds + dt, &[self.dom(s, 0, n), self.dom(t, ds, n), vec![conj]])?
            }
        };
        self.dep_cache.borrow_mut().insert((p, q, o), r);
        Ok(r)
    }

    /// Every order piece in which x (statement s) runs before y (statement
    /// t) with their first `from` common levels equal.
    fn before_pieces(&self, s: usize, t: usize, from: usize) -> Vec<Order> {
        let c = self.common(s, t);
        let mut v: Vec<Order> = (from..c).map(Order::Carried).collect();
        let (a, b) = (&self.m.stmts[s], &self.m.stmts[t]);
        if c >= from && a.consts[c] < b.consts[c] {
            v.push(Order::Independent);
        }
        v
    }

    /// The instances of read `r` not killed by a must-write of their cell
    /// earlier in the same iteration of the loop at `level` (its first
    /// `level + 1` iterators fixed).
    ///
    /// A killing write is usually determined by the read (its iterators are
    /// the read's, or the read's cell): then eliminating them leaves the
    /// condition "y is killed" as a conjunction over y, and its negation, a
    /// disjunction of negated atoms, describes the exposed reads without
    /// isl's projection and subtraction, which are only used otherwise.
    fn exposed(&self, r: Acc, level: usize) -> Result<Exposure, IslFailure> {
        if let Some(e) = self.exposed_cache.borrow().get(&(r, level)) {
            return e.copy(self.cx);
        }
        let array = &self.acc(r).array;
        let dr = self.m.stmts[r.0].depth();
        let mut pieces: Vec<(Acc, Order)> = Vec::new();
        for &z in &self.by_array[array] {
            if !self.is_must(z) || self.common(z.0, r.0) <= level {
                continue;
            }
            for o in self.before_pieces(z.0, r.0, level + 1) {
                if self.dep(z, r, o)? {
                    pieces.push((z, o));
                }
            }
        }
        let out = if pieces.is_empty() {
            Exposure::All
        } else {
            // Each piece as a conjunction over y once z is eliminated.
            let nr = self.np + dr;
            let mut negations: Option<Vec<Vec<Atom>>> = Some(Vec::new());
            for &(z, o) in &pieces {
                let dz = self.m.stmts[z.0].depth();
                let n = nr + dz;
                let mut conj = self.order(z.0, dr, r.0, 0, o, n).unwrap_or_default();
                conj.extend(self.same_cell(z, dr, r, 0, n));
                // z's domain must be one conjunction for this.
                if self.m.stmts[z.0].domain.len() != 1 {
                    negations = None;
                    break;
                }
                conj.extend(self.dom(z.0, dr, n).remove(0));
                match eliminate_range(conj, nr, n) {
                    Elim::Empty => {}
                    Elim::Partial => {
                        negations = None;
                        break;
                    }
                    Elim::Done(rest) => {
                        if let Some(v) = negations.as_mut() {
                            v.push(rest.into_iter().map(|mut a| {
                                a.e.coef.truncate(nr);
                                a
                            }).collect());
                        }
                    }
                }
            }
            match negations {
                Some(kills) => match negate_all(&kills, nr) {
                    Some(dnf) => Exposure::Dnf(dnf),
                    None => self.exposure_set(r, &pieces)?,
                },
                None => self.exposure_set(r, &pieces)?,
            }
        };
        let ret = out.copy(self.cx)?;
        self.exposed_cache.borrow_mut().insert((r, level), out);
        Ok(ret)
    }

    /// The exposed reads by isl's projection and subtraction.
    fn exposure_set(&self, r: Acc, pieces: &[(Acc, Order)]) -> Result<Exposure, IslFailure> {
        let cx = self.cx;
        let dr = self.m.stmts[r.0].depth();
        let mut killed = cx.ok(Set::empty(cx.ok(Space::set_alloc(cx.ctx(), self.np as u32, dr as u32))?))?;
        for &(z, o) in pieces {
            let dz = self.m.stmts[z.0].depth();
            let n = self.np + dr + dz;
            let mut conj = self.order(z.0, dr, r.0, 0, o, n).unwrap_or_default();
            conj.extend(self.same_cell(z, dr, r, 0, n));
            let k = self.set_of(dr + dz, &[self.dom(z.0, dr, n), vec![conj]])?;
            let k = cx.ok(k.project_out(DimType::Set, dr as u32, dz as u32))?;
            killed = cx.ok(killed.union(k))?;
        }
        let dom = self.set_of(dr, &[self.dom(r.0, 0, self.np + dr)])?;
        Ok(Exposure::Set(cx.ok(dom.subtract(killed))?))
    }

    /// Whether some instance of read `r` is exposed at `level`.
    fn exposed_nonempty(&self, r: Acc, level: usize) -> Result<bool, IslFailure> {
        match self.exposed(r, level)? {
            Exposure::All => Ok(true),
            Exposure::Dnf(d) => {
                if d.is_empty() {
                    return Ok(false);
                }
                let dr = self.m.stmts[r.0].depth();
                self.nonempty(dr, &[self.dom(r.0, 0, self.np + dr), d])
            }
            Exposure::Set(e) => Ok(!self.cx.ok(e.is_empty())?),
        }
    }

    /// Whether some exposed instance y of read `r` (exposure at `level`) and
    /// some instance x of `w` satisfy `o` in the direction given (`w_first`:
    /// x runs first) on one cell.
    fn exposed_dep(&self, r: Acc, level: usize, w: Acc, o: Order, w_first: bool) -> Result<bool, IslFailure> {
        let (first, second) = if w_first { (w, r) } else { (r, w) };
        if !self.dep(first, second, o)? {
            return Ok(false);
        }
        let exposure = self.exposed(r, level)?;
        if let Exposure::All = exposure {
            return Ok(true);
        }
        let cx = self.cx;
        let (dr, dw) = (self.m.stmts[r.0].depth(), self.m.stmts[w.0].depth());
        // Frame: y (the read) first, then x (the write).
        let n = self.np + dr + dw;
        let conj = if w_first {
            let mut c = self.order(w.0, dr, r.0, 0, o, n).unwrap_or_default();
            c.extend(self.same_cell(w, dr, r, 0, n));
            c
        } else {
            let mut c = self.order(r.0, 0, w.0, dr, o, n).unwrap_or_default();
            c.extend(self.same_cell(r, 0, w, dr, n));
            c
        };
        match exposure {
            Exposure::All => Ok(true),
            Exposure::Dnf(d) => {
                if d.is_empty() {
                    return Ok(false);
                }
                let d: Dnf = d
                    .into_iter()
                    .map(|c| {
                        c.into_iter()
                            .map(|mut a| {
                                a.e.coef.resize(n, 0);
                                a
                            })
                            .collect()
                    })
                    .collect();
                self.nonempty(dr + dw, &[self.dom(r.0, 0, n), self.dom(w.0, dr, n), vec![conj], d])
            }
            Exposure::Set(e) => {
                let rest = self.set_of(dr + dw, &[self.dom(w.0, dr, n), vec![conj]])?;
                let e = cx.ok(e.add_dims(DimType::Set, dw as u32))?;
                *self.tests.borrow_mut() += 1;
                Ok(!cx.ok(cx.ok(e.intersect(rest))?.is_empty())?)
            }
        }
    }

    /// The instances of write `w` not overwritten later in the same
    /// execution of the loop at `level` (first `level` iterators fixed);
    /// None: none is overwritten.
    fn final_writes(&self, w: Acc, level: usize, in_loop: &dyn Fn(usize) -> bool) -> Result<Option<Set>, IslFailure> {
        let array = &self.acc(w).array;
        let dw = self.m.stmts[w.0].depth();
        let mut pieces = Vec::new();
        for &z in &self.by_array[array] {
            if !self.is_must(z) || !in_loop(z.0) {
                continue;
            }
            for o in self.before_pieces(w.0, z.0, level) {
                if self.dep(w, z, o)? {
                    pieces.push((z, o));
                }
            }
        }
        if pieces.is_empty() {
            return Ok(None);
        }
        let cx = self.cx;
        let mut killed = cx.ok(Set::empty(cx.ok(Space::set_alloc(cx.ctx(), self.np as u32, dw as u32))?))?;
        for (z, o) in pieces {
            let dz = self.m.stmts[z.0].depth();
            let n = self.np + dw + dz;
            let mut conj = self.order(w.0, 0, z.0, dw, o, n).unwrap_or_default();
            conj.extend(self.same_cell(w, 0, z, dw, n));
            let k = self.set_of(dw + dz, &[self.dom(z.0, dw, n), vec![conj]])?;
            killed = cx.ok(killed.union(cx.ok(k.project_out(DimType::Set, dw as u32, dz as u32))?))?;
        }
        let dom = self.set_of(dw, &[self.dom(w.0, 0, self.np + dw)])?;
        Ok(Some(cx.ok(dom.subtract(killed))?))
    }

    // ------------------------------------------------------------ verdicts

    /// Judges `lp`; `hints` are the reductions the caller recognised.
    pub fn verdict(&self, lp: &PairLoop, hints: &[ReductionHint], opts: &VerdictOptions) -> Result<LoopVerdict, IslFailure> {
        self.cx.reset_budget();
        if lp.dim.is_multiple_of(2) {
            return Err(IslFailure::Error(format!("time dimension {} is not a loop", lp.dim)));
        }
        let lv = (lp.dim as usize - 1) / 2;
        let stmts: Vec<usize> = lp
            .statements
            .iter()
            .map(|n| self.stmt_index(n).ok_or_else(|| IslFailure::Error(format!("no statement {n} in the region"))))
            .collect::<Result<_, _>>()?;
        let Some(&s0) = stmts.first() else {
            return Err(IslFailure::Error("a loop without statements".into()));
        };
        if stmts.iter().any(|&s| self.m.stmts[s].depth() <= lv || self.common(s, s0) <= lv) {
            return Err(IslFailure::Error(format!("the statements are not in one loop at time dimension {}", lp.dim)));
        }
        let in_loop = |s: usize| stmts.contains(&s);
        let mut v = LoopVerdict::new(lp.dim);

        // Per array: carried flows, conflicts.
        let mut analyses: BTreeMap<String, ArrayState> = BTreeMap::new();
        for (array, accs) in &self.by_array {
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| in_loop(a.0)).collect();
            if !mine.iter().any(|&a| self.is_write(a)) {
                continue;
            }
            let st = match self.facts.get(array) {
                Some(f) => self.fact_state(f, lv, &in_loop, &mine),
                None => self.array_state(lv, &mine)?,
            };
            analyses.insert(array.clone(), st);
        }

        // Reductions: a hint applies when a value of its cycle crosses
        // iterations here.
        let mut absorbed: BTreeSet<String> = BTreeSet::new();
        let mut blockers = Vec::new();
        for h in hints {
            let cycle: Vec<&String> = std::iter::once(&h.array).chain(h.arrays.iter()).collect();
            let applies = if h.in_place {
                analyses.get(&h.array).is_some_and(|s| !s.carried.is_empty())
            } else {
                cycle.iter().any(|a| analyses.get(*a).is_some_and(|s| !s.carried.is_empty()))
            };
            if !applies {
                continue;
            }
            match self.reduction(lv, &in_loop, h, opts)? {
                Ok(()) => {
                    if !v.reductions.iter().any(|(a, _)| a == &h.array) {
                        v.reductions.push((h.array.clone(), h.op));
                    }
                    absorbed.extend(cycle.iter().map(|a| a.to_string()));
                }
                Err((kind, pairs, why)) => {
                    let pairs = if pairs.is_empty() {
                        cycle.iter().filter_map(|a| analyses.get(*a)).flat_map(|s| s.carried.clone()).collect()
                    } else {
                        pairs
                    };
                    self.block(&mut blockers, &h.array, kind, &pairs, &why);
                    absorbed.extend(cycle.iter().map(|a| a.to_string()));
                }
            }
        }

        for (array, st) in &analyses {
            if absorbed.contains(array) {
                continue;
            }
            if !st.carried.is_empty() {
                self.block(&mut blockers, array, BlockerKind::FlowCarried, &st.carried, &format!("the value of {array} flows from one iteration to another"));
                continue;
            }
            if !st.conflict {
                continue;
            }
            if !opts.allow_privatization {
                let pairs = if st.conflict_pairs.is_empty() { st.some_write.iter().map(|&w| (w, w)).collect() } else { st.conflict_pairs.clone() };
                self.block(&mut blockers, array, BlockerKind::LiveRangeConflict, &pairs, &format!("iterations overwrite {array} while another iteration's value of it is live"));
                continue;
            }
            match self.privatize(lv, &in_loop, &stmts, lp, array, st)? {
                Ok((first, last)) => {
                    v.private.push(array.clone());
                    if first {
                        v.firstprivate.push(array.clone());
                    }
                    if last {
                        v.lastprivate.push(array.clone());
                    }
                }
                Err((pairs, why)) => self.block(&mut blockers, array, BlockerKind::NotPrivatizable, &pairs, &why),
            }
        }
        v.finish(blockers);
        Ok(v)
    }

    fn block(&self, out: &mut Vec<Blocker>, array: &str, kind: BlockerKind, pairs: &[(Acc, Acc)], detail: &str) {
        for &(x, y) in pairs {
            let (s, t) = (&self.m.stmts[x.0], &self.m.stmts[y.0]);
            let b = Blocker {
                array: array.to_string(),
                kind,
                source: s.name.clone(),
                source_line: s.line,
                sink: t.name.clone(),
                sink_line: t.line,
                detail: detail.to_string(),
            };
            if !out.contains(&b) {
                out.push(b);
            }
        }
    }

    /// An SSA scalar in the loop at `level`: no isl.
    fn fact_state(&self, f: &Fact, lv: usize, in_loop: &dyn Fn(usize) -> bool, mine: &[Acc]) -> ArrayState {
        let writes: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_write(a)).collect();
        let mut st = ArrayState { some_write: writes.clone(), conflict: true, ..Default::default() };
        match *f {
            Fact::Value => {}
            Fact::Phi { block, header_level, latch, ref recompute } => {
                let recomputable = recompute.as_ref().is_some_and(|arrays| {
                    arrays.iter().all(|a| self.by_array.get(a).is_none_or(|v| !v.iter().any(|&x| in_loop(x.0) && self.is_write(x))))
                });
                if header_level == Some(lv) && in_loop(block) && !recomputable {
                    // The latch's value reaches the header's next iteration.
                    if let Some(l) = latch {
                        let read = mine.iter().copied().find(|a| a.0 == block && !self.is_write(*a));
                        let lw = writes.iter().copied().find(|a| a.0 == l);
                        if let (Some(r), Some(w)) = (read, lw) {
                            st.carried.push((w, r));
                        }
                    }
                }
            }
        }
        st
    }

    /// A memory array (or a scalar without a fact) in the loop at `lv`.
    fn array_state(&self, lv: usize, mine: &[Acc]) -> Result<ArrayState, IslFailure> {
        let writes: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_write(a)).collect();
        let reads: Vec<Acc> = mine.iter().copied().filter(|&a| !self.is_write(a)).collect();
        let mut st = ArrayState { some_write: writes.clone(), ..Default::default() };
        let o = Order::Carried(lv);
        for &r in &reads {
            for &w in &writes {
                if self.exposed_dep(r, lv, w, o, true)? {
                    st.carried.push((w, r));
                }
            }
        }
        if !st.carried.is_empty() {
            return Ok(st);
        }
        // Conflicts: two iterations write one cell, or an exposed read's
        // cell is written by a later iteration.
        for (k, &w1) in writes.iter().enumerate() {
            for &w2 in &writes[k..] {
                if self.dep(w1, w2, o)? || (w1 != w2 && self.dep(w2, w1, o)?) {
                    st.conflict = true;
                    st.conflict_pairs.push((w1, w2));
                }
            }
        }
        for &r in &reads {
            for &w in &writes {
                if self.exposed_dep(r, lv, w, o, false)? {
                    st.conflict = true;
                    st.conflict_in.push((r, w));
                    st.conflict_pairs.push((r, w));
                }
            }
        }
        Ok(st)
    }

    /// Whether private copies of `array` keep the semantics: (firstprivate,
    /// lastprivate), or the pairs to blame and why not.
    fn privatize(
        &self,
        lv: usize,
        in_loop: &dyn Fn(usize) -> bool,
        stmts: &[usize],
        lp: &PairLoop,
        array: &str,
        st: &ArrayState,
    ) -> Result<Result<(bool, bool), PrivateRefusal>, IslFailure> {
        let accs = &self.by_array[array];
        let mine: Vec<Acc> = accs.iter().copied().filter(|a| in_loop(a.0)).collect();
        if let Some(f) = self.facts.get(array) {
            // SSA: every read in the loop follows its write in the same
            // iteration, and the last iteration writes what is used after
            // (a definition that dominates a use after the loop runs in the
            // iteration that leaves it; a PHI's predecessor inside the loop
            // is its exit).
            let used_after = match *f {
                Fact::Value => self.is_live_out(array) || accs.iter().any(|&a| !self.is_write(a) && !in_loop(a.0)),
                Fact::Phi { block, .. } => !in_loop(block),
            };
            return Ok(Ok((false, used_after)));
        }
        let reads: Vec<Acc> = mine.iter().copied().filter(|&a| !self.is_write(a)).collect();
        let writes: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_write(a)).collect();

        // Incoming values: exposed reads.
        let mut first = false;
        for &r in &reads {
            first |= self.exposed_nonempty(r, lv)?;
        }
        if first && !st.conflict_in.is_empty() && !self.same_incoming_cells(lv, &reads)? {
            return Ok(Err((
                st.conflict_in.clone(),
                format!("iterations read different incoming cells of {array} that other iterations overwrite: a snapshot copy of them before the loop would be needed"),
            )));
        }

        // Outgoing values.
        let used_after = self.is_live_out(array)
            || accs.iter().any(|&a| !self.is_write(a) && !in_loop(a.0))
            || (first && lv > 0);
        let mut last = false;
        if used_after && lp.iterations == Iterations::Unknown {
            // Some write's value survives the execution (the last write of
            // each cell does), and the last iteration is not known.
            let w = writes[0];
            return Ok(Err((
                vec![(w, w)],
                format!("the value of {array} live after the loop must come from its last iteration, which the model does not know"),
            )));
        }
        if used_after {
            for &w in &writes {
                let fin = self.final_writes(w, lv, in_loop)?;
                let dw = self.m.stmts[w.0].depth();
                let fin = match fin {
                    Some(s) => s,
                    None => self.set_of(dw, &[self.dom(w.0, 0, self.np + dw)])?,
                };
                if self.cx.ok(fin.is_empty())? {
                    continue;
                }
                last = true;
                // A later iteration of the same execution exists?
                if let Iterations::Latch(n) = &lp.iterations {
                    let t = self.stmt_index(n).ok_or_else(|| IslFailure::Error(format!("no statement {n}")))?;
                    let dt = self.m.stmts[t].depth();
                    let n = self.np + dw + dt;
                    let conj = self.same_prefix(0, dw, lv + 1, n);
                    let rest = self.set_of(dw + dt, &[self.dom(t, dw, n), vec![conj]])?;
                    let f = self.cx.ok(self.cx.ok(fin.copy())?.add_dims(DimType::Set, dt as u32))?;
                    if !self.cx.ok(self.cx.ok(f.intersect(rest))?.is_empty())? {
                        return Ok(Err((
                            vec![(w, w)],
                            format!("the value of {array} live after the loop is not always the last iteration's, so no private copy can hand it back"),
                        )));
                    }
                    continue;
                }
                let later_from: Vec<usize> = match &lp.iterations {
                    Iterations::Model => stmts.to_vec(),
                    Iterations::Statement(n) => vec![self.stmt_index(n).ok_or_else(|| IslFailure::Error(format!("no statement {n}")))?],
                    Iterations::Latch(_) => unreachable!("handled above"),
                    Iterations::Unknown => {
                        return Ok(Err((
                            vec![(w, w)],
                            format!("the value of {array} live after the loop must come from its last iteration, which the model does not know"),
                        )))
                    }
                };
                for t in later_from {
                    let dt = self.m.stmts[t].depth();
                    let n = self.np + dw + dt;
                    let mut conj = self.same_prefix(0, dw, lv, n);
                    conj.push(self.lt(0, dw, lv, n));
                    let rest = self.set_of(dw + dt, &[self.dom(t, dw, n), vec![conj]])?;
                    let f = self.cx.ok(self.cx.ok(fin.copy())?.add_dims(DimType::Set, dt as u32))?;
                    if !self.cx.ok(self.cx.ok(f.intersect(rest))?.is_empty())? {
                        return Ok(Err((
                            vec![(w, w)],
                            format!("the value of {array} live after the loop is not always the last iteration's, so no private copy can hand it back"),
                        )));
                    }
                }
            }
        }
        Ok(Ok((first, last)))
    }

    /// Whether every iteration that reads incoming cells reads the same
    /// ones (then one copy of them initialises every private copy).
    fn same_incoming_cells(&self, lv: usize, reads: &[Acc]) -> Result<bool, IslFailure> {
        let cx = self.cx;
        // { [key] -> [cell] } over keys of lv + 1 iterators.
        let mut by_iter: Option<Set> = None;
        let mut cells = None;
        for &r in reads {
            let dr = self.m.stmts[r.0].depth();
            let nsub = self.acc(r).subs.len();
            cells = Some(nsub);
            // Frame: key (lv+1), cell (nsub), instance (dr).
            let n = self.np + lv + 1 + nsub + dr;
            let off = lv + 1 + nsub;
            let mut conj: Conj = Vec::new();
            for k in 0..=lv {
                let mut e = Lin::zero(n);
                e.coef[self.np + k] = 1;
                e.coef[self.np + off + k] = -1;
                conj.push(Atom { e, eq: true });
            }
            for (k, f) in self.acc(r).subs.iter().enumerate() {
                let mut e = self.place(f, r.0, off, n);
                e.coef[self.np + lv + 1 + k] -= 1;
                conj.push(Atom { e, eq: true });
            }
            let s = self.set_of(lv + 1 + nsub + dr, &[self.dom(r.0, off, n), vec![conj]])?;
            let e = match self.exposed(r, lv)? {
                Exposure::All => None,
                Exposure::Set(e) => Some(e),
                Exposure::Dnf(d) => Some(self.set_of(dr, &[self.dom(r.0, 0, self.np + dr), d])?),
            };
            let s = match e {
                None => s,
                Some(e) => {
                    let e = cx.ok(e.insert_dims(DimType::Set, 0, (lv + 1 + nsub) as u32))?;
                    cx.ok(s.intersect(e))?
                }
            };
            let s = cx.ok(s.project_out(DimType::Set, off as u32, dr as u32))?;
            by_iter = Some(match by_iter {
                None => s,
                Some(b) => cx.ok(b.union(s))?,
            });
        }
        let (Some(b), Some(nsub)) = (by_iter, cells) else { return Ok(true) };
        // The union's pieces overlap (a read's exposure by pieces): merged,
        // the subtraction below is several times cheaper.
        let b = cx.ok(b.coalesce())?;
        // Iterations X, X' of one execution; a cell read at X' but not at X.
        let keys = cx.ok(cx.ok(b.copy())?.project_out(DimType::Set, (lv + 1) as u32, nsub as u32))?;
        // { [X, X', c] : (X', c) in b, X in keys, same execution }
        let k1 = cx.ok(cx.ok(keys.copy())?.add_dims(DimType::Set, (lv + 1 + nsub) as u32))?;
        let b2 = cx.ok(cx.ok(b.copy())?.insert_dims(DimType::Set, 0, (lv + 1) as u32))?;
        let mut pair = cx.ok(k1.intersect(b2))?;
        for k in 0..lv {
            pair = cx.ok(pair.equate(DimType::Set, k as i32, DimType::Set, (lv + 1 + k) as i32))?;
        }
        // (X, c) in b, lifted over X'.
        let b1 = cx.ok(b.insert_dims(DimType::Set, (lv + 1) as u32, (lv + 1) as u32))?;
        let missing = cx.ok(pair.subtract(b1))?;
        cx.ok(missing.is_empty())
    }

    fn is_live_out(&self, array: &str) -> bool {
        self.live_out.as_ref().is_none_or(|l| l.iter().any(|a| a == array))
    }

    /// Whether `h`'s cycle can be run as a reduction in the loop at `lv`.
    fn reduction(
        &self,
        lv: usize,
        in_loop: &dyn Fn(usize) -> bool,
        h: &ReductionHint,
        opts: &VerdictOptions,
    ) -> Result<Result<(), (BlockerKind, Pairs, String)>, IslFailure> {
        let hinted: Vec<usize> = h.statements.iter().filter_map(|n| self.stmt_index(n)).filter(|&s| in_loop(s)).collect();
        let refuse = |why: String| Ok(Err((BlockerKind::FlowCarried, Vec::new(), why)));
        let array = &h.array;
        if hinted.is_empty() {
            return refuse(format!("the value of {array} flows from one iteration to another (no hinted update in this loop)"));
        }
        let o = Order::Carried(lv);
        if h.in_place {
            // One array updated in place: each hinted statement reads and
            // writes one cell of it, and every cross-iteration pair on it
            // is between hinted statements.
            let accs = self.by_array.get(array).cloned().unwrap_or_default();
            for &s in &hinted {
                let mine: Vec<Acc> = accs.iter().copied().filter(|a| a.0 == s).collect();
                let rd: Vec<Acc> = mine.iter().copied().filter(|&a| !self.is_write(a)).collect();
                let wr: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_must(a)).collect();
                let same = rd.len() == 1 && wr.len() == 1 && mine.len() == 2 && self.acc(rd[0]).subs == self.acc(wr[0]).subs;
                if !same {
                    return refuse(format!(
                        "the value of {array} flows from one iteration to another ({} does not update one cell of it as x = x op e)",
                        self.m.stmts[s].name
                    ));
                }
            }
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| in_loop(a.0)).collect();
            let mut foreign = Vec::new();
            for &x in &mine {
                for &y in mine.iter().filter(|&&y| self.is_write(y)) {
                    if hinted.contains(&x.0) && hinted.contains(&y.0) {
                        continue;
                    }
                    if self.dep(x, y, o)? || self.dep(y, x, o)? {
                        foreign.push((x, y));
                    }
                }
            }
            if !foreign.is_empty() {
                return Ok(Err((
                    BlockerKind::FlowCarried,
                    foreign,
                    format!("{array} is also accessed across iterations outside the {} reduction", h.op.clause()),
                )));
            }
            for a in &h.arrays {
                let bad: Pairs = self
                    .by_array
                    .get(a)
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|x| in_loop(x.0) && (!self.is_write(*x) || !hinted.contains(&x.0)))
                    .map(|x| (x, x))
                    .collect();
                if !bad.is_empty() {
                    return Ok(Err((
                        BlockerKind::FlowCarried,
                        bad,
                        format!("{a}, which receives the running {} reduction on {array}, is also used in the loop", h.op.clause()),
                    )));
                }
            }
        } else {
            // A cycle over several arrays (SSA values and PHIs, and cells
            // that receive the running value): every write (every access
            // of a zero-dimensional array) in the loop is the cycle's; no
            // read touches a receiving cell in the execution, which stays
            // one cell per execution.
            for a in std::iter::once(array).chain(h.arrays.iter()) {
                let Some(accs) = self.by_array.get(a) else { continue };
                let mine: Vec<Acc> = accs.iter().copied().filter(|x| in_loop(x.0)).collect();
                let cells = mine.iter().any(|&x| !self.acc(x).subs.is_empty());
                let foreign: Pairs = mine.iter().filter(|x| !hinted.contains(&x.0) && (!cells || self.is_write(**x))).map(|&x| (x, x)).collect();
                if !foreign.is_empty() {
                    return Ok(Err((
                        BlockerKind::FlowCarried,
                        foreign,
                        format!("{a} is also accessed in the loop outside the {} reduction on {array}", h.op.clause()),
                    )));
                }
                if mine.iter().any(|&x| !self.acc(x).subs.is_empty()) {
                    // Other cells may be read; the receiving ones not.
                    for &x in mine.iter().filter(|&&x| !self.is_write(x)) {
                        for &w in mine.iter().filter(|&&w| self.is_write(w)) {
                            if self.same_execution_cell(x, w, lv)? {
                                return Ok(Err((BlockerKind::FlowCarried, vec![(w, x)], format!("{a} is read in the loop where it receives the running {} reduction", h.op.clause()))));
                            }
                        }
                    }
                    for &w in mine.iter().filter(|&&w| self.is_write(w)) {
                        if self.varying_cell(w, lv)? {
                            return Ok(Err((BlockerKind::FlowCarried, vec![(w, w)], format!("{a} receives the running value of {array} in different cells: a scan, not a reduction"))));
                        }
                    }
                }
            }
        }
        if h.float && !opts.allow_reassociation {
            let t = self.by_array.get(array).and_then(|v| v.iter().copied().find(|a| hinted.contains(&a.0)));
            let pairs = t.map(|t| vec![(t, t)]).unwrap_or_default();
            return Ok(Err((
                BlockerKind::NonAssociative,
                pairs,
                format!("floating-point {} reduction on {array} needs -fassociative-math", h.op.clause()),
            )));
        }
        Ok(Ok(()))
    }

    /// Whether some instances of `p` and `q` in one execution of the loop at
    /// `lv` touch one cell.
    fn same_execution_cell(&self, p: Acc, q: Acc, lv: usize) -> Result<bool, IslFailure> {
        let (s, t) = (p.0, q.0);
        let (ds, dt) = (self.m.stmts[s].depth(), self.m.stmts[t].depth());
        let n = self.np + ds + dt;
        let mut conj = self.same_prefix(0, ds, lv, n);
        conj.extend(self.same_cell(p, 0, q, ds, n));
        self.nonempty(ds + dt, &[self.dom(s, 0, n), self.dom(t, ds, n), vec![conj]])
    }

    /// Whether write `w` touches different cells in two iterations of one
    /// execution of the loop at `lv`.
    fn varying_cell(&self, w: Acc, lv: usize) -> Result<bool, IslFailure> {
        let s = w.0;
        let d = self.m.stmts[s].depth();
        let n = self.np + 2 * d;
        let mut base = self.same_prefix(0, d, lv, n);
        base.push(self.lt(0, d, lv, n));
        let mut alts: Dnf = Vec::new();
        for f in &self.acc(w).subs {
            let e = self.place(f, s, 0, n).sub(&self.place(f, s, d, n)).ok_or_else(|| IslFailure::Error("overflow".into()))?;
            let neg = Lin { coef: e.coef.iter().map(|c| -c).collect(), k: -e.k };
            alts.push(vec![Atom { e: e.plus(-1).ok_or_else(|| IslFailure::Error("overflow".into()))?, eq: false }]);
            alts.push(vec![Atom { e: neg.plus(-1).ok_or_else(|| IslFailure::Error("overflow".into()))?, eq: false }]);
        }
        if alts.is_empty() {
            return Ok(false);
        }
        self.nonempty(2 * d, &[self.dom(s, 0, n), self.dom(s, d, n), vec![base], alts])
    }

    // ------------------------------------------------------------ interchange

    /// Interchanging the loops at time dimensions `outer` < `inner` of a
    /// band whose statements are `statements` (all inside both): legal when
    /// no value crossing the band's iterations has its flow reversed and no
    /// array whose values cross them (or come from before the band, or are
    /// used after it) has a dependence reversed.
    pub fn interchange(&self, outer: u32, inner: u32, statements: &[String]) -> Result<PairInterchange, IslFailure> {
        self.cx.reset_budget();
        let (la, lb) = ((outer as usize - 1) / 2, (inner as usize - 1) / 2);
        if la >= lb {
            return Err(IslFailure::Error("the outer loop must come first".into()));
        }
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        if stmts.iter().any(|&s| self.m.stmts[s].depth() <= lb) {
            return Err(IslFailure::Error("a statement of the band is not inside both loops".into()));
        }
        let in_band = |s: usize| stmts.contains(&s);
        let mut reversed_flow = BTreeSet::new();
        let mut reversed_live = BTreeSet::new();
        let mut ignored = BTreeSet::new();
        for (array, accs) in &self.by_array {
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| in_band(a.0)).collect();
            let writes: Vec<Acc> = mine.iter().copied().filter(|&a| self.is_write(a)).collect();
            if writes.is_empty() {
                continue;
            }
            let reads: Vec<Acc> = mine.iter().copied().filter(|&a| !self.is_write(a)).collect();
            // Does a value cross the band's iterations, come from before
            // it, or leave it?
            let crossing;
            let mut incoming = false;
            match self.facts.get(array) {
                Some(Fact::Value) => crossing = false,
                Some(Fact::Phi { header_level, block, .. }) => {
                    crossing = header_level.is_some_and(|l| l >= la && l <= lb) && in_band(*block);
                }
                None => {
                    let mut c = false;
                    for &r in &reads {
                        for &w in &writes {
                            for l in la..=lb {
                                if self.exposed_dep(r, l, w, Order::Carried(l), true)? {
                                    c = true;
                                }
                            }
                        }
                        incoming |= self.exposed_nonempty(r, la)?;
                    }
                    crossing = c;
                }
            }
            let leaving = self.is_live_out(array) || accs.iter().any(|&a| !in_band(a.0) && !self.is_write(a));
            if !crossing && !incoming && !leaving {
                ignored.insert(array.clone());
                continue;
            }
            // Every dependence on the array between band iterations.
            for &x in &mine {
                for &y in &mine {
                    if !self.is_write(x) && !self.is_write(y) {
                        continue;
                    }
                    if self.reversed(x, y, la, lb)? {
                        if self.is_write(x) && !self.is_write(y) && crossing {
                            reversed_flow.insert(array.clone());
                        } else {
                            reversed_live.insert(array.clone());
                        }
                    }
                }
            }
        }
        let legal = reversed_flow.is_empty() && reversed_live.is_empty();
        let join = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(", ");
        let reason = if !legal {
            let mut parts = Vec::new();
            if !reversed_flow.is_empty() {
                parts.push(format!("it reverses the flow of {}", join(&reversed_flow)));
            }
            if !reversed_live.is_empty() {
                parts.push(format!("it reverses dependences on {}, whose values cross the loops' iterations", join(&reversed_live)));
            }
            format!("interchange is illegal: {}", parts.join("; "))
        } else if ignored.is_empty() {
            "interchange is legal: it keeps every dependence".to_string()
        } else {
            format!(
                "interchange is legal: every flow is kept and no live range overlaps; it may reorder only values private to one iteration ({})",
                join(&ignored)
            )
        };
        let list = |s: BTreeSet<String>| s.into_iter().collect::<Vec<_>>();
        Ok(PairInterchange { legal, reason, reversed_flow: list(reversed_flow), reversed_live: list(reversed_live), private: list(ignored) })
    }

    /// Running the band's loops at time dimensions `outer` < `inner` by
    /// wavefronts: the loops interchanged (in iteration numbers), and each
    /// iteration of the new outer loop running its iterations of the old
    /// outer loop in parallel. Legal when the interchange is and no two
    /// iterations of the outer loop with the same iteration of the inner
    /// loop touch one cell, one of them writing (SSA values private to one
    /// iteration of the band apart). Returns the interchange's answer and
    /// the arrays whose cells iterations on one wavefront share (not
    /// looked for when the interchange is illegal).
    pub fn wavefront(&self, outer: u32, inner: u32, statements: &[String]) -> Result<(PairInterchange, Vec<String>), IslFailure> {
        let swap = self.interchange(outer, inner, statements)?;
        if !swap.legal {
            return Ok((swap, Vec::new()));
        }
        self.cx.reset_budget();
        let (la, lb) = ((outer as usize - 1) / 2, (inner as usize - 1) / 2);
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        let mut shared = BTreeSet::new();
        for (array, accs) in &self.by_array {
            if swap.private.contains(array) && self.facts.contains_key(array) {
                continue;
            }
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| stmts.contains(&a.0)).collect();
            'pairs: for &x in &mine {
                for &y in &mine {
                    if !self.is_write(x) && !self.is_write(y) {
                        continue;
                    }
                    let (s, t) = (x.0, y.0);
                    let ds = self.m.stmts[s].depth();
                    let n = self.np + ds + self.m.stmts[t].depth();
                    let mut conj = self.same_prefix(0, ds, la, n);
                    conj.push(self.eq_at(0, ds, lb, n));
                    conj.push(self.lt(0, ds, la, n));
                    conj.extend(self.same_cell(x, 0, y, ds, n));
                    if self.nonempty(n - self.np, &[self.dom(s, 0, n), self.dom(t, ds, n), vec![conj]])? {
                        shared.insert(array.clone());
                        break 'pairs;
                    }
                }
            }
        }
        Ok((swap, shared.into_iter().collect()))
    }

    /// The accesses of `stmts` that constrain a skew: (array, x, y), one
    /// writing; SSA values defined and used in one iteration apart.
    fn skew_pairs(&self, stmts: &[usize]) -> Vec<(&String, Acc, Acc)> {
        self.write_pairs(stmts, |f| matches!(f, Fact::Value))
    }

    /// The pairs of accesses of `stmts` to one array, one writing: (array,
    /// x, y); arrays of SSA facts that `skip` accepts apart.
    fn write_pairs(&self, stmts: &[usize], skip: impl Fn(&Fact) -> bool) -> Vec<(&String, Acc, Acc)> {
        let mut pairs = Vec::new();
        for (array, accs) in &self.by_array {
            if self.facts.get(array).is_some_and(&skip) {
                continue;
            }
            let mine: Vec<Acc> = accs.iter().copied().filter(|a| stmts.contains(&a.0)).collect();
            for &x in &mine {
                for &y in &mine {
                    if self.is_write(x) || self.is_write(y) {
                        pairs.push((array, x, y));
                    }
                }
            }
        }
        pairs
    }

    /// Whether each iteration of the inner loop at time dimension `inner`
    /// of a perfect pair reads the cell its iteration before wrote (a chain
    /// the diagonals would break), found without isl: what makes the pair
    /// a candidate for a skew at all.
    pub fn skew_chain_of(&self, inner: u32, statements: &[String]) -> bool {
        let lb = (inner as usize - 1) / 2;
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        // The chain: a read of the cell the write made in the inner loop's
        // iteration before, in every iteration (the same subscripts but
        // for the inner iterator, one step back). A dependence at some
        // iterations only (Floyd-Warshall's row k, read through
        // `path[i][k]`) is no chain: the loop, vectorized, ran ten times
        // slower by diagonals. Nor is a cell the inner loop keeps updating
        // (`q[i] += ...` over j), which a register carries.
        let step_back = |x: Acc, y: Acc| -> bool {
            let (fx, fy) = (&self.acc(x).subs, &self.acc(y).subs);
            if fx.is_empty() || fx.len() != fy.len() {
                return false;
            }
            let mut shift = None;
            for (f, g) in fx.iter().zip(fy) {
                let width = f.coef.len().max(g.coef.len());
                if (0..width).any(|v| f.coef.get(v).copied().unwrap_or(0) != g.coef.get(v).copied().unwrap_or(0)) {
                    return false;
                }
                // f(b) = g(b + c): f.k - g.k = c * (b's coefficient).
                let cb = f.coef.get(self.np + lb).copied().unwrap_or(0);
                let dk = f.k - g.k;
                if cb == 0 {
                    if dk != 0 {
                        return false;
                    }
                } else if dk % cb != 0 || shift.is_some_and(|c| c != dk / cb) {
                    return false;
                } else {
                    shift = Some(dk / cb);
                }
            }
            shift == Some(1)
        };
        self.skew_pairs(&stmts).into_iter().any(|(_, x, y)| {
            self.is_write(x) && !self.is_write(y) && self.m.stmts[x.0].depth() == self.m.stmts[y.0].depth() && step_back(x, y)
        })
    }

    /// Running the band's perfect pair of loops at time dimensions
    /// `outer` < `inner` by the diagonals `f * a + b` of its iteration
    /// numbers (a, b), in increasing order, each diagonal's iterations in
    /// any order (a skew). Legal for a factor f when no two iterations of
    /// different outer iterations touching one cell, one of them writing,
    /// have the later one on the same diagonal as the earlier or before it
    /// (iterations of one outer iteration keep their order: their
    /// diagonals grow with b). SSA values defined and used in one
    /// iteration apart (each iteration keeps its own). Returns the least
    /// such f up to `max_factor`, or the arrays that forbid `max_factor`,
    /// and the reads and rows an iteration touches. Whether the pair is
    /// worth it at all: `skew_chain_of`.
    pub fn skew(&self, outer: u32, inner: u32, statements: &[String], max_factor: i128) -> Result<PairSkew, IslFailure> {
        self.cx.reset_budget();
        let (la, lb) = ((outer as usize - 1) / 2, (inner as usize - 1) / 2);
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        if lb != la + 1 || stmts.iter().any(|&s| self.m.stmts[s].depth() != lb + 1) {
            return Err(IslFailure::Error("not a perfect pair of adjacent loops".into()));
        }
        let pairs = self.skew_pairs(&stmts);
        // x in an earlier outer iteration than y, y's diagonal at most x's.
        let clash = |f: i128, x: Acc, y: Acc| -> Result<bool, IslFailure> {
            let ds = self.m.stmts[x.0].depth();
            let n = self.np + ds + self.m.stmts[y.0].depth();
            let mut conj = self.same_prefix(0, ds, la, n);
            conj.push(self.lt(0, ds, la, n));
            let mut e = Lin::zero(n);
            e.coef[self.np + la] = f;
            e.coef[self.np + lb] = 1;
            e.coef[self.np + ds + la] = -f;
            e.coef[self.np + ds + lb] = -1;
            conj.push(Atom { e, eq: false });
            conj.extend(self.same_cell(x, 0, y, ds, n));
            self.nonempty(n - self.np, &[self.dom(x.0, 0, n), self.dom(y.0, ds, n), vec![conj]])
        };
        let mut factor = None;
        let mut blocking = BTreeSet::new();
        for f in 1..=max_factor {
            blocking.clear();
            for &(array, x, y) in &pairs {
                if !blocking.contains(array) && clash(f, x, y)? {
                    blocking.insert(array.clone());
                }
            }
            if blocking.is_empty() {
                factor = Some(f);
                break;
            }
        }
        // The work per cache line: by diagonals each iteration touches its
        // rows' lines afresh (the loop's next iteration is on other rows),
        // in rows' order it walks along them.
        let mut reads = 0;
        let mut rows: Vec<(&str, &[Lin])> = Vec::new();
        for &s in &stmts {
            for a in &self.m.stmts[s].accesses {
                if a.subs.is_empty() {
                    continue;
                }
                if a.kind == AccessKind::Read {
                    reads += 1;
                }
                let row = (a.array.as_str(), &a.subs[..a.subs.len() - 1]);
                if !rows.contains(&row) {
                    rows.push(row);
                }
            }
        }
        Ok(PairSkew { factor, blocking: blocking.into_iter().collect(), reads, rows: rows.len() })
    }

    /// Unrolling the loop at time dimension `outer` `factor` times and
    /// jamming the copies: each block of its body, its inner loops' blocks
    /// included, runs `factor` consecutive iterations a, a + 1, ... of the
    /// loop one after the other, at each point of the inner loops. So an
    /// instance y of iteration a + d (0 < d < factor) runs before an
    /// instance x of iteration a exactly when y's schedule after the
    /// loop's dimension comes before x's (a statement's instances of one
    /// point keep their order). Legal when no two such instances touch
    /// one cell, one of them writing. SSA values and PHIs apart: each copy
    /// computes its own (the shim renames them), and none crosses the
    /// loop's iterations but its counters. Returns the arrays that forbid
    /// it (empty: legal). `statements`: those of the loop's body.
    ///
    /// With `growing`, the body's last inner loop runs one iteration more
    /// at each iteration of the loop (cholesky's k < j): the copies of a
    /// group b, b + 1, ... share the iterations that b runs, and copy b +
    /// c runs its last c iterations after them, right before its own
    /// statements after that inner loop (those of the copies before it
    /// done). Of the instances y of that inner loop, then, only those of
    /// the shared iterations (where b's own instance with y's inner
    /// iterators exists) run before the statements after it of an
    /// iteration before y's; every other order is as above or runs the
    /// pair as written (a copy's last iterations after everything of the
    /// copies before it).
    pub fn jam(&self, outer: u32, statements: &[String], factor: i128, growing: bool) -> Result<Vec<String>, IslFailure> {
        self.cx.reset_budget();
        let la = (outer as usize - 1) / 2;
        let stmts: Vec<usize> = statements.iter().filter_map(|n| self.stmt_index(n)).collect();
        if stmts.iter().any(|&s| self.m.stmts[s].depth() <= la) {
            return Err(IslFailure::Error("a statement is not inside the loop".into()));
        }
        // The growing loop's place in the body: the last of its inner
        // loops.
        let grow_at = if growing { stmts.iter().filter(|&&s| self.m.stmts[s].depth() > la + 1).filter_map(|&s| self.m.stmts[s].consts.get(la + 1).copied()).max() } else { None };
        // The pieces of "y's schedule after level la comes before x's", x
        // at 0 and y at dx in a frame of n variables; with each, whether
        // it is y in the growing loop before x after it.
        let before = |x: usize, y: usize, dx: usize, n: usize| -> Vec<(Conj, bool)> {
            let (sx, sy) = (&self.m.stmts[x], &self.m.stmts[y]);
            let mut pieces = Vec::new();
            let mut eqs: Conj = Vec::new();
            let mut k = la + 1;
            while k < sx.consts.len() && k < sy.consts.len() {
                if sy.consts[k] != sx.consts[k] {
                    if sy.consts[k] < sx.consts[k] {
                        let shared_only = k == la + 1 && grow_at == Some(sy.consts[k]) && sy.depth() > la + 1;
                        pieces.push((eqs.clone(), shared_only));
                    }
                    break;
                }
                if k >= sx.depth() || k >= sy.depth() {
                    break;
                }
                let mut p = eqs.clone();
                p.push(self.lt(dx, 0, k, n));
                pieces.push((p, false));
                eqs.push(self.eq_at(0, dx, k, n));
                k += 1;
            }
            pieces
        };
        let mut blocking = BTreeSet::new();
        'pairs: for (array, x, y) in self.write_pairs(&stmts, |_| true) {
            if blocking.contains(array) {
                continue;
            }
            let (dx, dy) = (self.m.stmts[x.0].depth(), self.m.stmts[y.0].depth());
            // A third block of variables, at dx + dy: y's instance in the
            // group's first iteration b (growing only).
            let n = self.np + dx + dy + if grow_at.is_some() { dy } else { 0 };
            for (piece, shared_only) in before(x.0, y.0, dx, n) {
                for d in 1..factor {
                    let mut conj = self.same_prefix(0, dx, la, n);
                    let mut e = Lin::constant(n, -d);
                    e.coef[self.np + dx + la] = 1;
                    e.coef[self.np + la] = -1;
                    conj.push(Atom { e, eq: true });
                    conj.extend(piece.iter().cloned());
                    conj.extend(self.same_cell(x, 0, y, dx, n));
                    // x is copy c of its group (b = x - c), y copy c + d.
                    let groups: Vec<Option<i128>> = if shared_only { (0..factor - d).map(Some).collect() } else { vec![None] };
                    for c in groups {
                        let mut factors = vec![self.dom(x.0, 0, n), self.dom(y.0, dx, n)];
                        let mut conj = conj.clone();
                        if let Some(c) = c {
                            let z = dx + dy;
                            for k in 0..dy {
                                if k == la {
                                    let mut e = Lin::constant(n, c);
                                    e.coef[self.np + z + la] = 1;
                                    e.coef[self.np + la] = -1;
                                    conj.push(Atom { e, eq: true });
                                } else {
                                    conj.push(self.eq_at(z, dx, k, n));
                                }
                            }
                            factors.push(self.dom(y.0, z, n));
                        }
                        factors.push(vec![conj]);
                        if self.nonempty(dx + dy, &factors)? {
                            blocking.insert(array.clone());
                            continue 'pairs;
                        }
                    }
                }
            }
        }
        Ok(blocking.into_iter().collect())
    }

    /// Shifting the first inner loop A of the loop at time dimension
    /// `outer` by one iteration and fusing it with its last inner loop B
    /// (the shim's gp_loop_shift): in iteration k, B's iteration i is
    /// followed by A's iteration i of k + 1, for every i that B runs
    /// (`first`: A's statements, which only read memory; `last`: B's;
    /// `body`: every statement of the loop). A's instance y at (k + 1, i)
    /// then runs before the instances x that ran between B's (k, i) and
    /// y: B's later iterations of k, the statements after B in k, and
    /// those before A in k + 1. Legal when none of them writes a cell y
    /// reads. A's iterations past B's count run where they did. SSA values
    /// apart: the caller checks that A computes only from its own, the
    /// loop's counter, values defined before the loop and values computed
    /// from these without memory (which the shim computes anew for k + 1).
    /// Returns the arrays that forbid it (empty: legal).
    pub fn shift(&self, outer: u32, body: &[String], first: &[String], last: &[String]) -> Result<Vec<String>, IslFailure> {
        self.cx.reset_budget();
        let la = (outer as usize - 1) / 2;
        let index = |names: &[String]| -> Vec<usize> { names.iter().filter_map(|n| self.stmt_index(n)).collect() };
        let (body, a, b) = (index(body), index(first), index(last));
        let place_of = |set: &[usize]| -> Result<i128, IslFailure> {
            let at: BTreeSet<i128> = set.iter().map(|&s| self.m.stmts[s].consts.get(la + 1).copied().unwrap_or(-1)).collect();
            match (at.len(), set.iter().all(|&s| self.m.stmts[s].depth() == la + 2)) {
                (1, true) => Ok(*at.iter().next().unwrap()),
                _ => Err(IslFailure::Error("an inner loop of the shift is not one loop right inside the loop".into())),
            }
        };
        if a.is_empty() || b.is_empty() || body.iter().any(|&s| self.m.stmts[s].depth() <= la) {
            return Err(IslFailure::Error("the loops of the shift are not in the loop".into()));
        }
        let (pa, pb) = (place_of(&a)?, place_of(&b)?);
        if pa >= pb {
            return Err(IslFailure::Error("the first inner loop does not come before the last".into()));
        }
        // A writes only its own SSA values, which the shim renames.
        if a.iter().any(|&s| self.m.stmts[s].accesses.iter().any(|x| x.kind != AccessKind::Read && !self.facts.contains_key(&x.array))) {
            return Err(IslFailure::Error("the first inner loop writes memory".into()));
        }
        let at = |s: usize| self.m.stmts[s].consts[la + 1];
        let mut blocking = BTreeSet::new();
        for (array, accs) in &self.by_array {
            // SSA values and PHIs apart: A computes from its own, the
            // counter and values defined before the loop (the shim's
            // check), and the shim gives its moved copies names of their
            // own.
            if self.facts.contains_key(array) {
                continue;
            }
            let reads: Vec<Acc> = accs.iter().copied().filter(|x| a.contains(&x.0)).collect();
            let writes: Vec<Acc> = accs.iter().copied().filter(|&x| body.contains(&x.0) && self.is_write(x)).collect();
            'pairs: for &w in &writes {
                // Where the writer runs against A's moved instance y:
                // in B (a later iteration), after B (iteration k), or
                // before A (iteration k + 1).
                let (in_b, shift) = if b.contains(&w.0) {
                    (true, 1)
                } else if at(w.0) > pb {
                    (false, 1)
                } else if at(w.0) < pa {
                    (false, 0)
                } else {
                    continue;
                };
                for &r in &reads {
                    let (dx, dy) = (self.m.stmts[w.0].depth(), self.m.stmts[r.0].depth());
                    // x (the writer) at 0, y (A's read) at dx, B's instance
                    // of y's point in iteration k at dx + dy.
                    let z = dx + dy;
                    let n = self.np + z + dy;
                    let mut conj = self.same_prefix(0, dx, la, n);
                    let mut e = Lin::constant(n, -shift);
                    e.coef[self.np + dx + la] = 1;
                    e.coef[self.np + la] = -1;
                    conj.push(Atom { e, eq: true });
                    if in_b {
                        conj.push(self.lt(dx, 0, la + 1, n));
                    }
                    // y is one of the iterations B runs: B's (k, i), k one
                    // before y's.
                    conj.extend(self.same_prefix(z, dx, la, n));
                    let mut e = Lin::constant(n, 1);
                    e.coef[self.np + z + la] = 1;
                    e.coef[self.np + dx + la] = -1;
                    conj.push(Atom { e, eq: true });
                    conj.push(self.eq_at(z, dx, la + 1, n));
                    conj.extend(self.same_cell(w, 0, r, dx, n));
                    let factors = [self.dom(w.0, 0, n), self.dom(r.0, dx, n), self.dom(b[0], z, n), vec![conj]];
                    if self.nonempty(z + dy, &factors)? {
                        blocking.insert(array.clone());
                        break 'pairs;
                    }
                }
            }
        }
        Ok(blocking.into_iter().collect())
    }

    /// Whether some x of `p` runs before some y of `q` on one cell with the
    /// loops at levels `la` and `lb` in the original order, and after it
    /// with them swapped (every level between keeps its place).
    fn reversed(&self, p: Acc, q: Acc, la: usize, lb: usize) -> Result<bool, IslFailure> {
        let (s, t) = (p.0, q.0);
        let (ds, dt) = (self.m.stmts[s].depth(), self.m.stmts[t].depth());
        let n = self.np + ds + dt;
        let orig: Vec<usize> = (la..=lb).collect();
        let mut perm = orig.clone();
        perm.swap(0, orig.len() - 1);
        // x before y: first difference in `orig` order at position f with
        // x < y; after: first difference in `perm` order at g with x > y.
        for f in 0..orig.len() {
            for g in 0..perm.len() {
                // Per level: '=' before the first difference, '<' (or '>')
                // at it; pieces that ask one level for two of these are
                // empty and skipped.
                let rel = |order: &[usize], upto: usize, l: usize| -> Option<char> {
                    let k = order.iter().position(|&x| x == l)?;
                    if k < upto {
                        Some('=')
                    } else if k == upto {
                        Some('!')
                    } else {
                        None
                    }
                };
                let clash = orig.iter().any(|&l| match (rel(&orig, f, l), rel(&perm, g, l)) {
                    (Some(a), Some(b)) => a != '=' || b != '=',
                    _ => false,
                } && !(rel(&orig, f, l) == Some('=') && rel(&perm, g, l) == Some('=')));
                if clash {
                    continue;
                }
                let mut conj = self.same_prefix(0, ds, la, n);
                for &l in &orig[..f] {
                    conj.push(self.eq_at(0, ds, l, n));
                }
                conj.push(self.lt(0, ds, orig[f], n));
                for &l in &perm[..g] {
                    conj.push(self.eq_at(0, ds, l, n));
                }
                conj.push(self.lt(ds, 0, perm[g], n));
                conj.extend(self.same_cell(p, 0, q, ds, n));
                if self.nonempty(ds + dt, &[self.dom(s, 0, n), self.dom(t, ds, n), vec![conj]])? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    fn eq_at(&self, ox: usize, oy: usize, k: usize, n: usize) -> Atom {
        let mut e = Lin::zero(n);
        e.coef[self.np + ox + k] = 1;
        e.coef[self.np + oy + k] = -1;
        Atom { e, eq: true }
    }

    // ------------------------------------------------------------ counts

    /// The region's dependences between accesses, and their counts (see
    /// `DependenceCounts`; `memory_ignored` here: memory-based pairs on
    /// zero-dimensional SSA arrays, whose live ranges never cross an
    /// iteration, and on arrays that some loop privatizes).
    /// `detail`: find every level of each dependence (for the dump), not
    /// only whether there is one.
    /// `exact`: decide, for arrays written by several accesses, whether a
    /// value really flows (a subtraction per pair); otherwise such a pair
    /// counts as a flow whenever a write precedes a read of the cell.
    pub fn dependences(&self, privatized: &BTreeSet<String>, detail: bool, exact: bool) -> Result<(Vec<PairDep>, DependenceCounts), IslFailure> {
        self.cx.reset_budget();
        let mut deps = Vec::new();
        for (array, accs) in &self.by_array {
            let writes: Vec<Acc> = accs.iter().copied().filter(|&a| self.is_write(a)).collect();
            if writes.is_empty() {
                continue;
            }
            let reads: Vec<Acc> = accs.iter().copied().filter(|&a| !self.is_write(a)).collect();
            if let Some(f) = self.facts.get(array) {
                self.fact_deps(array, f, &reads, &writes, &mut deps);
                continue;
            }
            let single = writes.len() == 1;
            for &w in &writes {
                for &r in &reads {
                    let (carried, independent) = self.levels(w, r, detail)?;
                    if carried.is_empty() && !independent {
                        continue;
                    }
                    // With several writing accesses a pair counts when
                    // some write precedes some read of one cell, even if
                    // another write always comes in between (exact
                    // survival would cost a subtraction per pair).
                    let flows = single || !exact || self.flow_survives(w, r)?;
                    if flows {
                        deps.push(PairDep { kind: "flow", array: array.clone(), source: w, sink: r, carried: carried.clone(), independent });
                    }
                }
            }
            for &r in &reads {
                for &w in &writes {
                    let (carried, independent) = self.levels(r, w, detail)?;
                    if !carried.is_empty() || independent {
                        deps.push(PairDep { kind: "anti", array: array.clone(), source: r, sink: w, carried, independent });
                    }
                }
            }
            for &w1 in &writes {
                for &w2 in &writes {
                    let (carried, independent) = self.levels(w1, w2, detail)?;
                    if !carried.is_empty() || independent {
                        deps.push(PairDep { kind: "output", array: array.clone(), source: w1, sink: w2, carried, independent });
                    }
                }
            }
        }
        let flow = deps.iter().filter(|d| d.kind == "flow").count();
        let memory = deps.len() - flow;
        let memory_ignored = deps
            .iter()
            .filter(|d| d.kind != "flow" && (self.facts.contains_key(&d.array) || privatized.contains(&d.array)))
            .count();
        Ok((deps, DependenceCounts { flow, memory, memory_ignored }))
    }

    /// The levels carrying a dependence from `p` to `q`, and whether it is
    /// also loop-independent.
    fn levels(&self, p: Acc, q: Acc, detail: bool) -> Result<(Vec<usize>, bool), IslFailure> {
        let c = self.common(p.0, q.0);
        let mut carried = Vec::new();
        // Innermost first: the cheapest to refute and the likeliest to hold.
        if self.dep(p, q, Order::Independent)? {
            if !detail {
                return Ok((carried, true));
            }
            for l in 0..c {
                if self.dep(p, q, Order::Carried(l))? {
                    carried.push(l);
                }
            }
            return Ok((carried, true));
        }
        for l in (0..c).rev() {
            if self.dep(p, q, Order::Carried(l))? {
                carried.push(l);
                if !detail {
                    break;
                }
            }
        }
        carried.sort();
        Ok((carried, false))
    }

    /// With several writes of the array: whether some read of `r` takes its
    /// value from `w` (no must-write of the cell in between). Exact; when
    /// the question has too many pieces, true (counted as a flow).
    fn flow_survives(&self, w: Acc, r: Acc) -> Result<bool, IslFailure> {
        let cx = self.cx;
        let array = &self.acc(w).array;
        let (dw, dr) = (self.m.stmts[w.0].depth(), self.m.stmts[r.0].depth());
        let n = self.np + dw + dr;
        let pieces = self.before_pieces(w.0, r.0, 0);
        let mut dep_conj: Dnf = Vec::new();
        for o in &pieces {
            if self.dep(w, r, *o)? {
                let mut c = self.order(w.0, 0, r.0, dw, *o, n).unwrap_or_default();
                c.extend(self.same_cell(w, 0, r, dw, n));
                dep_conj.push(c);
            }
        }
        if dep_conj.is_empty() {
            return Ok(false);
        }
        let mut pieces = Vec::new();
        for &z in &self.by_array[array] {
            if !self.is_must(z) {
                continue;
            }
            for o1 in self.before_pieces(w.0, z.0, 0) {
                if !self.dep(w, z, o1)? {
                    continue;
                }
                for o2 in self.before_pieces(z.0, r.0, 0) {
                    if self.dep(z, r, o2)? {
                        pieces.push((z, o1, o2));
                    }
                }
            }
        }
        if pieces.is_empty() {
            return Ok(true);
        }
        if pieces.len() > 64 {
            return Ok(true);
        }
        let dset = self.set_of(dw + dr, &[self.dom(w.0, 0, n), self.dom(r.0, dw, n), dep_conj])?;
        let mut killed = cx.ok(Set::empty(cx.ok(Space::set_alloc(cx.ctx(), self.np as u32, (dw + dr) as u32))?))?;
        for (z, o1, o2) in pieces {
            let dz = self.m.stmts[z.0].depth();
            let n3 = self.np + dw + dr + dz;
            {
                {
                    let mut c = self.order(w.0, 0, z.0, dw + dr, o1, n3).unwrap_or_default();
                    c.extend(self.order(z.0, dw + dr, r.0, dw, o2, n3).unwrap_or_default());
                    c.extend(self.same_cell(w, 0, z, dw + dr, n3));
                    c.extend(self.same_cell(w, 0, r, dw, n3));
                    let k = self.set_of(dw + dr + dz, &[self.dom(w.0, 0, n3), self.dom(r.0, dw, n3), self.dom(z.0, dw + dr, n3), vec![c]])?;
                    killed = cx.ok(killed.union(cx.ok(k.project_out(DimType::Set, (dw + dr) as u32, dz as u32))?))?;
                }
            }
        }
        Ok(!cx.ok(cx.ok(dset.subtract(killed))?.is_empty())?)
    }

    /// An SSA scalar's dependences, from its fact (every loop taken to run
    /// at least twice).
    fn fact_deps(&self, array: &str, f: &Fact, reads: &[Acc], writes: &[Acc], deps: &mut Vec<PairDep>) {
        let mut push = |kind: &'static str, x: Acc, y: Acc, carried: Vec<usize>, independent: bool| {
            if !carried.is_empty() || independent {
                deps.push(PairDep { kind, array: array.to_string(), source: x, sink: y, carried, independent });
            }
        };
        // x before y in some iteration pair: carried at each common level,
        // independent when x is textually first.
        let order = |x: usize, y: usize| -> (Vec<usize>, bool) {
            let c = self.common(x, y);
            let (a, b) = (&self.m.stmts[x], &self.m.stmts[y]);
            ((0..c).collect(), a.consts[c] < b.consts[c])
        };
        match *f {
            Fact::Value => {
                for &w in writes {
                    for &r in reads {
                        push("flow", w, r, Vec::new(), true);
                        let (c, i) = order(r.0, w.0);
                        push("anti", r, w, c, i);
                    }
                    let (c, _) = order(w.0, w.0);
                    push("output", w, w, c, false);
                }
            }
            Fact::Phi { header_level, latch, .. } => {
                for &w in writes {
                    for &r in reads {
                        let carried = match (header_level, latch) {
                            (Some(l), Some(lt)) if lt == w.0 => vec![l],
                            _ => Vec::new(),
                        };
                        let independent = carried.is_empty();
                        push("flow", w, r, carried, independent);
                        let (c, i) = order(r.0, w.0);
                        push("anti", r, w, c, i);
                    }
                    for &w2 in writes {
                        let (c, i) = order(w.0, w2.0);
                        push("output", w, w2, c, i);
                    }
                }
            }
        }
    }

    /// The statement of an access, by name and line.
    pub fn stmt_of(&self, a: Acc) -> &LStmt {
        &self.m.stmts[a.0]
    }
}

/// What one loop does to one array.
#[derive(Default, Clone, Debug)]
struct ArrayState {
    /// (write, read) pairs with a value crossing iterations.
    carried: Pairs,
    /// Live ranges of different iterations overlap: privatize.
    conflict: bool,
    conflict_pairs: Pairs,
    /// (exposed read, later write) pairs.
    conflict_in: Pairs,
    some_write: Vec<Acc>,
}

/// Whether the conjunction is unsatisfiable by elimination alone.
fn refuted(conj: &Conj) -> bool {
    eliminate(conj.to_vec()).is_none()
}

/// Substitutes away the equalities with a unit coefficient (exact over the
/// integers) and drops the atoms that became true; None when one became
/// false (or an equality fails the GCD test): the conjunction is empty. The
/// usual non-dependence (`A[i][j]` against `A[i][j]` in another iteration)
/// ends here without isl.
fn eliminate(mut atoms: Vec<Atom>) -> Option<Vec<Atom>> {
    let n = atoms.iter().map(|a| a.e.coef.len()).max().unwrap_or(0);
    for a in atoms.iter_mut() {
        a.e.coef.resize(n, 0);
    }
    // On overflow, no elimination at all: isl gets the atoms as they are.
    let original = atoms.clone();
    match substitute(&mut atoms, 0..n) {
        Some(()) => {}
        None => return Some(original),
    }
    finish(atoms)
}

/// Substitutes away the variables of `vars` through equalities in which
/// they have a unit coefficient; None on overflow.
fn substitute(atoms: &mut Vec<Atom>, vars: std::ops::Range<usize>) -> Option<()> {
    loop {
        let pick = atoms.iter().enumerate().find_map(|(k, a)| {
            if !a.eq {
                return None;
            }
            vars.clone().find(|&v| a.e.coef[v].abs() == 1).map(|v| (k, v))
        });
        let Some((k, v)) = pick else { break };
        let eq = atoms.remove(k);
        let c = eq.e.coef[v];
        for a in atoms.iter_mut() {
            let f = a.e.coef[v];
            if f == 0 {
                continue;
            }
            // a - (f / c) * eq, with c = +-1.
            let m = f * c;
            for (x, y) in a.e.coef.iter_mut().zip(&eq.e.coef) {
                *x = y.checked_mul(m).and_then(|p| x.checked_sub(p))?;
            }
            a.e.k = eq.e.k.checked_mul(m).and_then(|p| a.e.k.checked_sub(p))?;
        }
    }
    Some(())
}

/// The atoms after substitution: None when one is false.
fn finish(atoms: Vec<Atom>) -> Option<Vec<Atom>> {
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    let mut out = Vec::with_capacity(atoms.len());
    for a in atoms {
        if a.e.is_constant() {
            let ok = if a.eq { a.e.k == 0 } else { a.e.k >= 0 };
            if !ok {
                return None;
            }
            continue;
        }
        if a.eq {
            let g = a.e.coef.iter().fold(0, |g, &c| gcd(g, c));
            if g != 0 && a.e.k % g != 0 {
                return None;
            }
        }
        if !out.contains(&a) {
            out.push(a);
        }
    }
    Some(out)
}

/// Whether a quick search finds an integer point of the conjunction (then
/// it is not empty, and isl need not be asked): each variable in turn takes
/// the middle of the bounds the atoms over it and the variables already
/// fixed give, with a few sizes for the variables nothing bounds yet (the
/// parameters, which come first). A point is only accepted after every atom
/// has been checked, so a wrong guess costs nothing but the time.
fn witness(atoms: &[Atom], n: usize) -> bool {
    const LIMIT: i128 = 1 << 40;
    for (big, high) in [(1000i128, true), (1000, false), (37, true), (37, false), (5, true)] {
        let mut val: Vec<Option<i128>> = vec![None; n];
        for v in 0..n {
            let (mut lo, mut hi) = (-LIMIT, LIMIT);
            let mut exact: Option<i128> = None;
            for a in atoms {
                let c = a.e.coef[v];
                if c == 0 {
                    continue;
                }
                // Every other variable fixed: c * v + rest (>= | =) 0.
                let mut rest = a.e.k;
                let mut open = false;
                for (u, &cu) in a.e.coef.iter().enumerate() {
                    if u == v || cu == 0 {
                        continue;
                    }
                    match val[u] {
                        Some(x) => match cu.checked_mul(x).and_then(|p| rest.checked_add(p)) {
                            Some(r) => rest = r,
                            None => return false,
                        },
                        None => open = true,
                    }
                }
                if open {
                    continue;
                }
                if a.eq {
                    if rest % c != 0 {
                        exact = Some(LIMIT + 1);
                    } else {
                        exact = Some(-rest / c);
                    }
                } else if c > 0 {
                    // v >= ceil(-rest / c)
                    lo = lo.max((-rest).div_euclid(c) + if (-rest).rem_euclid(c) != 0 { 1 } else { 0 });
                } else {
                    // v <= floor(rest / -c)
                    hi = hi.min(rest.div_euclid(-c));
                }
            }
            let x = match exact {
                Some(x) => x,
                None if lo == -LIMIT && hi == LIMIT => big,
                None if lo == -LIMIT => hi.min(big),
                None if hi == LIMIT => {
                    if high {
                        lo.max(big)
                    } else {
                        lo
                    }
                }
                None => lo + (hi - lo) / 2,
            };
            val[v] = Some(x);
        }
        let ok = atoms.iter().all(|a| {
            let mut sum = a.e.k;
            for (u, &c) in a.e.coef.iter().enumerate() {
                match c.checked_mul(val[u].unwrap_or(0)).and_then(|p| sum.checked_add(p)) {
                    Some(x) => sum = x,
                    None => return false,
                }
            }
            if a.eq {
                sum == 0
            } else {
                sum >= 0
            }
        });
        if ok {
            return true;
        }
    }
    false
}

/// The exposed instances of a read (see `PairEngine::exposed`).
enum Exposure {
    /// No write can kill it: every instance.
    All,
    /// The read's domain and one of these conjunctions (over the
    /// parameters and the read's iterators); none: no instance.
    Dnf(Dnf),
    /// As an isl set.
    Set(Set),
}

impl Exposure {
    fn copy(&self, cx: &BoundedCtx) -> Result<Exposure, IslFailure> {
        Ok(match self {
            Exposure::All => Exposure::All,
            Exposure::Dnf(d) => Exposure::Dnf(d.clone()),
            Exposure::Set(s) => Exposure::Set(cx.ok(s.copy())?),
        })
    }
}

/// What eliminating a range of variables gave.
enum Elim {
    /// The conjunction is empty.
    Empty,
    /// Some variable of the range is left.
    Partial,
    /// The atoms left, none mentioning the range.
    Done(Vec<Atom>),
}

/// Substitutes away the variables `from..to` through equalities in which
/// they have a unit coefficient.
fn eliminate_range(mut atoms: Vec<Atom>, from: usize, to: usize) -> Elim {
    let n = atoms.iter().map(|a| a.e.coef.len()).max().unwrap_or(0).max(to);
    for a in atoms.iter_mut() {
        a.e.coef.resize(n, 0);
    }
    if substitute(&mut atoms, from..to).is_none() {
        return Elim::Partial;
    }
    if atoms.iter().any(|a| a.e.coef[from..to].iter().any(|&c| c != 0)) {
        return Elim::Partial;
    }
    match finish(atoms) {
        None => Elim::Empty,
        Some(rest) => Elim::Done(rest),
    }
}

/// The most conjunctions `negate_all` makes.
const MAX_NEGATED: usize = 8;

/// `not (K1 or K2 or ...)` with each `Ki` a conjunction, as a disjunction
/// of conjunctions over `n` variables; None when it would have too many.
fn negate_all(kills: &[Vec<Atom>], n: usize) -> Option<Dnf> {
    let mut acc: Dnf = vec![Vec::new()];
    for k in kills {
        if k.is_empty() {
            // Killed everywhere.
            return Some(Vec::new());
        }
        let mut alts: Vec<Atom> = Vec::new();
        for a in k {
            let mut e = a.e.clone();
            e.coef.resize(n, 0);
            let neg = Lin { coef: e.coef.iter().map(|c| -c).collect(), k: -e.k };
            // not (e >= 0): -e - 1 >= 0; not (e = 0): e - 1 >= 0 or -e - 1 >= 0.
            if a.eq {
                alts.push(Atom { e: e.plus(-1)?, eq: false });
            }
            alts.push(Atom { e: neg.plus(-1)?, eq: false });
        }
        let mut next = Vec::new();
        for c in &acc {
            for alt in &alts {
                let mut c2 = c.clone();
                c2.push(alt.clone());
                next.push(c2);
            }
        }
        // Each conjunction is an emptiness test; past a few, isl's
        // subtraction is cheaper.
        if next.len() > MAX_NEGATED {
            return None;
        }
        acc = next;
    }
    Some(acc)
}
