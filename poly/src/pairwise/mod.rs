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

mod dependences;
mod elim;
mod exposure;
mod interchange;
mod jam;
mod parallel;
mod sets;
mod shift;
mod skew;

use elim::{eliminate, eliminate_range, negate_all, refuted, witness, Elim};
use exposure::Exposure;


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
    /// Emptiness of each distinct system isl was asked about.
    nonempty_cache: RefCell<HashMap<Conj, bool>>,
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
            nonempty_cache: RefCell::new(HashMap::new()),
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

    /// The statement of an access, by name and line.
    pub fn stmt_of(&self, a: Acc) -> &LStmt {
        &self.m.stmts[a.0]
    }
}
