//! Static-control regions (SCoPs) of post-PRE GIMPLE, and their exact
//! polyhedral model.
//!
//! A region is a run of consecutive nodes of one loop body (or of the
//! function body) — blocks and whole child loops — entered through a single
//! edge, containing at least one loop, in which every loop has one exit and
//! a known iteration count, every condition is affine, every access has an
//! affine (possibly delinearized) subscript on a base invariant in the
//! region, and every call is free of side effects. Statements are basic
//! blocks; values that cross blocks (PRE's temporaries, PHIs) are
//! zero-dimensional arrays. Anything else splits regions and is reported
//! with a reason from `Reason`.

use super::affine::{isl_name, Base, BoundExpr, Obligation, Products, Translator, Value};
use super::ir::{self, LoopRef, Stmt, Tree};
use super::loops::LoopForest;
use crate::ffi::{gp_stmt_kind as SK, gp_tree_kind as TK};
use isl_rs::{DimType, Set};
use poly::{delinearize, AccessKind, BoundedCtx, CmpOp, Cond, Delinearized, IslFailure, Polynomial, Scop, Statement};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// Why code is left out of every region (docs/report.md lists them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    NonAffineBound,
    NonAffineCondition,
    NonAffineAccess,
    SideEffectCall,
    IrreducibleCfg,
    UnstructuredLoop,
    UnknownBase,
    UnhandledStatement,
    PossibleWrap,
    Volatile,
    IslLimit,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::NonAffineBound => "non-affine-bound",
            Reason::NonAffineCondition => "non-affine-condition",
            Reason::NonAffineAccess => "non-affine-access",
            Reason::SideEffectCall => "side-effect-call",
            Reason::IrreducibleCfg => "irreducible-cfg",
            Reason::UnstructuredLoop => "unstructured-loop",
            Reason::UnknownBase => "unknown-base",
            Reason::UnhandledStatement => "unhandled-statement",
            Reason::PossibleWrap => "possible-wrap",
            Reason::Volatile => "volatile",
            Reason::IslLimit => "isl-limit",
        }
    }
}

/// A piece of code kept out of the model.
#[derive(Clone, Debug)]
pub struct Rejection {
    pub reason: Reason,
    /// What exactly, with the source line of the offending statement.
    pub detail: String,
}

type Outcome<T> = Result<T, Rejection>;

/// A base object and its accesses: each access's index among the SCoP's
/// accesses and its address.
type BaseAccesses = (Base, Vec<(usize, Polynomial)>);

fn reject<T>(reason: Reason, detail: impl Into<String>) -> Outcome<T> {
    Err(Rejection { reason, detail: detail.into() })
}

fn isl_reject(e: IslFailure) -> Rejection {
    Rejection { reason: Reason::IslLimit, detail: e.to_string() }
}

/// A condition the model relies on that the code does not guarantee by
/// itself: the run-time-test issue turns these into tests.
#[derive(Clone, Debug)]
pub struct Assumption {
    /// `delinearization`, `no-alias` or `no-wrap`.
    pub kind: &'static str,
    pub text: String,
    /// The parameter values where it holds (isl notation), when it is such
    /// a set: what a run-time test checks.
    pub params: Option<String>,
    /// A product that must stay within its type, over the instances of
    /// its statement: what an interval test checks.
    pub product: Option<ProductBound>,
}

/// `lo <= poly <= hi` on every point of `domain` (isl text over `iters`).
#[derive(Clone, Debug)]
pub struct ProductBound {
    pub poly: Polynomial,
    pub lo: i128,
    pub hi: i128,
    pub domain: String,
    pub iters: Vec<String>,
}

/// A modelled region.
#[derive(Debug)]
pub struct Region {
    /// The loops inside it (GCC numbers), outermost first.
    pub loops: Vec<u32>,
    /// The first loop's line.
    pub line: u32,
    pub location: crate::ffi::gp_location,
    pub scop: Scop,
    pub params: Vec<String>,
    pub assumptions: Vec<Assumption>,
    /// Arrays and their shapes, for the dump.
    pub arrays: Vec<String>,
    /// Scalars whose value is used after the region.
    pub live_out: Vec<String>,
    /// The entry block whose statements run before the region: only its
    /// final condition (a guard) belongs to the model.
    pub entry_outside: Option<i32>,
    /// Each parameter's SSA name and its type's range.
    pub param_values: BTreeMap<String, crate::gimple::affine::Param>,
    /// The context with what some parameters are of others (`param_facts`),
    /// where there is any: run-time tests drop what it makes redundant.
    pub known: Option<String>,
    /// The same at a loop, with what the branches before the loop say of
    /// the parameters (`conditions_before`), where they say anything more.
    pub known_at: BTreeMap<u32, String>,
    /// Each memory array's base object and shape, by model name.
    pub bases: BTreeMap<String, ArrayBase>,
    /// The pairs of arrays of the `no-alias` assumptions.
    pub alias_pairs: Vec<(String, String)>,
    pub source: SourceView,
}

/// What it takes to write a cell the way the source does: the model counts
/// iterations from 0 (`corr[i4][1 + i4 + j5]` where the source has
/// `corr[i][j]`, its j loop starting at `i + 1`).
#[derive(Clone, Debug, Default)]
pub struct SourceView {
    /// Model iterator -> the source counter's name and its value in the
    /// model's iterators and parameters.
    pub counters: BTreeMap<String, (String, Polynomial)>,
    /// Statement -> its iterators (outermost first) and its array
    /// accesses' subscripts, in the model's access order.
    pub accesses: BTreeMap<String, (Vec<String>, Vec<Vec<Polynomial>>)>,
}

impl Region {
    /// The parameters GCC made (temporaries, no variable of the source) as
    /// C over the source's variables, by model name: `(uint64_t) m` for
    /// the row stride of `double (*A)[m]`, `n * n` for a bound computed
    /// before the region. Guards show these for the model's `p`, `p_5`.
    /// What is known of the parameters at loop `at` (`known_at`), or
    /// anywhere in the region (`known`, else the context).
    pub fn known_where(&self, at: Option<u32>) -> &str {
        at.and_then(|l| self.known_at.get(&l)).or(self.known.as_ref()).unwrap_or(&self.scop.context)
    }

    pub fn param_texts(&self) -> BTreeMap<String, String> {
        self.param_values
            .iter()
            .filter(|(_, p)| p.tree.kind() == TK::GP_T_SSA_NAME && !p.tree.is_user_var())
            .filter_map(|(name, p)| Some((name.clone(), source_expr(p.tree, 0)?.0)))
            .collect()
    }
}

/// `t` as C over the source's variables, and whether the text has a binary
/// operator outside parentheses: through copies, conversions (a cast to a
/// fixed-width type where the value may change, none where it cannot),
/// sums, differences, products and exact divisions. None where a leaf is
/// no variable of the source (a load, a PHI of GCC's).
fn source_expr(t: Tree, depth: u32) -> Option<(String, bool)> {
    if depth > 8 {
        return None;
    }
    match t.kind() {
        TK::GP_T_INTEGER_CST => return t.int_value().map(|v| (v.to_string(), false)),
        TK::GP_T_SSA_NAME if t.is_user_var() => return t.ssa_var_name().map(|n| (n, false)),
        TK::GP_T_SSA_NAME => {}
        _ => return None,
    }
    let d = t.def_stmt().filter(|d| d.kind() == SK::GP_STMT_ASSIGN)?;
    let ops = d.assign_rhs();
    let operand = |k: usize| source_expr(*ops.get(k)?, depth + 1);
    let grouped = |(text, compound): (String, bool)| if compound { format!("({text})") } else { text };
    match d.assign_rhs_code() {
        TK::GP_T_SSA_NAME => operand(0),
        TK::GP_T_CONVERT => {
            let from = *ops.first()?;
            let (to_ty, from_ty) = (t.ty()?, from.ty()?);
            if !to_ty.is_integral() || !from_ty.is_integral() {
                return None;
            }
            let inner = operand(0)?;
            if super::affine::holds_every_value(to_ty, from_ty) {
                return Some(inner);
            }
            let bits = to_ty.precision();
            if ![8, 16, 32, 64].contains(&bits) {
                return None;
            }
            let sign = if to_ty.unsigned() { "u" } else { "" };
            Some((format!("({sign}int{bits}_t) {}", grouped(inner)), false))
        }
        TK::GP_T_NEGATE => Some((format!("-{}", grouped(operand(0)?)), false)),
        code @ (TK::GP_T_PLUS | TK::GP_T_MINUS | TK::GP_T_MULT | TK::GP_T_EXACT_DIV) => {
            let (a, b) = (operand(0)?, operand(1)?);
            let text = match code {
                TK::GP_T_PLUS => match b.0.strip_prefix('-') {
                    Some(neg) if !b.1 => format!("{} - {neg}", a.0),
                    _ => format!("{} + {}", a.0, b.0),
                },
                TK::GP_T_MINUS => format!("{} - {}", a.0, grouped(b)),
                // GCC puts a constant factor second; the source, first.
                TK::GP_T_MULT if !b.1 && b.0.parse::<i64>().is_ok() => format!("{} * {}", b.0, grouped(a)),
                TK::GP_T_MULT => format!("{} * {}", grouped(a), grouped(b)),
                _ => format!("{} / {}", grouped(a), grouped(b)),
            };
            Some((text, true))
        }
        _ => None,
    }
}

impl SourceView {
    /// Access `index` of statement `stmt` as `array[..][..]` over the
    /// source's counters; None where a subscript is not an integer
    /// combination of them and the parameters.
    pub fn cell(&self, stmt: &str, index: usize, array: &str) -> Option<String> {
        let (iters, subs) = self.accesses.get(stmt)?;
        let counters: Vec<(&str, &str, &Polynomial)> =
            iters.iter().map(|it| self.counters.get(it).map(|(name, v)| (it.as_str(), name.as_str(), v))).collect::<Option<_>>()?;
        let mut out = String::from(array);
        for e in subs.get(index)? {
            out.push_str(&format!("[{}]", e.in_counters(&counters)?.to_isl()));
        }
        Some(out)
    }
}

/// Where an array of the model lives: `base + elem * (sub_0 * stride_0 +
/// ...)` bytes, the stride of a dimension the product of the sizes inward
/// of it.
#[derive(Clone, Debug)]
pub struct ArrayBase {
    pub base: Base,
    pub elem: i128,
    pub sizes: Vec<Polynomial>,
}

/// A region that could not be built around a loop.
#[derive(Clone, Debug)]
pub struct LoopRejection {
    pub loop_num: u32,
    pub rejection: Rejection,
}

/// A node of one loop body: a block of that body or a whole child loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Node {
    Block(i32),
    Loop(u32),
}

/// The loop tree and block membership of cfun.
pub struct ScopDetector<'f> {
    forest: &'f LoopForest,
    parent: HashMap<u32, u32>,
    block_loop: HashMap<i32, u32>,
    /// Every block of a loop, nested loops' included.
    loop_blocks: HashMap<u32, Vec<i32>>,
    orders: HashMap<u32, Vec<Node>>,
    /// Per node: whether one of its statements is one no model takes (a
    /// call with side effects, say), so that a run holding it anywhere but
    /// as its entry block cannot be built.
    blocked: HashMap<Node, bool>,
}

/// The counter a loop goes by in the source: its header's first integer
/// PHI of a named variable.
fn source_counter(l: u32) -> Option<Tree> {
    ir::phis(LoopRef::get(l)?.header())
        .into_iter()
        .filter_map(|p| p.phi_result())
        .find(|t| !t.is_virtual() && t.ty().is_some_and(|ty| ty.is_integral()) && t.ssa_var_name().is_some())
}

fn line_of(s: Stmt) -> u32 {
    super::SourcePos::of(s.location()).map(|p| p.line).unwrap_or(0)
}

/// The first known line among a block's statements.
fn block_line(b: i32) -> u32 {
    ir::stmts(b).into_iter().map(line_of).find(|&l| l > 0).unwrap_or(0)
}

/// Whether `t` is a memory reference the model records as an access.
pub(crate) fn is_memory_ref(t: Tree) -> bool {
    matches!(
        t.kind(),
        TK::GP_T_ARRAY_REF
            | TK::GP_T_MEM_REF
            | TK::GP_T_COMPONENT_REF
            | TK::GP_T_VAR_DECL
            | TK::GP_T_PARM_DECL
            | TK::GP_T_RESULT_DECL
            | TK::GP_T_TARGET_MEM_REF
            | TK::GP_T_BIT_FIELD_REF
            | TK::GP_T_VIEW_CONVERT
            | TK::GP_T_REALPART
            | TK::GP_T_IMAGPART
    ) && !(matches!(t.kind(), TK::GP_T_REALPART | TK::GP_T_IMAGPART | TK::GP_T_VIEW_CONVERT)
        && t.op(0).is_some_and(|o| o.kind() == TK::GP_T_SSA_NAME))
}

/// Math functions whose only effect beyond their value is errno.
/// The most loop nests of one body a region holds. Each region tried
/// costs time quadratic in its length (the postdominators of its nodes),
/// and every loop tries the longest run after it first: without a bound, a
/// function of 400 loops in a row took 40 s (its plain build 0.2 s).
const MAX_REGION_NESTS: usize = 32;

const MATH_FUNCTIONS: &[&str] = &[
    "sqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos", "tan",
    "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "fabs", "floor", "ceil", "round",
    "trunc", "fmin", "fmax", "fmod", "hypot", "cbrt", "erf", "erfc",
];

fn is_math_function(name: &str) -> bool {
    let n = name.strip_prefix("__builtin_").unwrap_or(name);
    MATH_FUNCTIONS.iter().any(|f| n == *f || n.strip_suffix('f') == Some(f) || n.strip_suffix('l') == Some(f))
}

/// One memory access found in a block.
struct RawAccess {
    kind: AccessKind,
    reference: Tree,
    block: i32,
    line: u32,
}

impl<'f> ScopDetector<'f> {
    pub fn new(forest: &'f LoopForest) -> Self {
        let mut parent = HashMap::new();
        for l in &forest.loops {
            parent.insert(l.num, l.parent.unwrap_or(0));
        }
        let mut block_loop = HashMap::new();
        let mut loop_blocks: HashMap<u32, Vec<i32>> = HashMap::new();
        for b in 2..ir::bb_index_limit() {
            if !ir::bb_exists(b) {
                continue;
            }
            let l = ir::bb_loop(b);
            block_loop.insert(b, l);
            let mut x = l;
            while x != 0 {
                loop_blocks.entry(x).or_default().push(b);
                x = parent.get(&x).copied().unwrap_or(0);
            }
        }
        ScopDetector { forest, parent, block_loop, loop_blocks, orders: HashMap::new(), blocked: HashMap::new() }
    }

    fn loop_line(&self, num: u32) -> u32 {
        self.forest.get(num).and_then(|l| l.pos.as_ref().map(|p| p.line)).unwrap_or(0)
    }

    fn inside(&self, mut l: u32, ancestor: u32) -> bool {
        loop {
            if l == ancestor {
                return true;
            }
            if l == 0 {
                return false;
            }
            l = self.parent.get(&l).copied().unwrap_or(0);
        }
    }

    /// The node of `level`'s body that contains block `b`.
    fn node_at(&self, level: u32, b: i32) -> Option<Node> {
        let mut l = *self.block_loop.get(&b)?;
        if l == level {
            return Some(Node::Block(b));
        }
        while l != 0 {
            let p = self.parent.get(&l).copied().unwrap_or(0);
            if p == level {
                return Some(Node::Loop(l));
            }
            l = p;
        }
        None
    }

    fn header_of(level: u32) -> Option<i32> {
        (level != 0).then(|| LoopRef::get(level).map(|l| l.header())).flatten()
    }

    /// Edges out of a node that stay in `level`'s body, back edges apart.
    /// The CFG edges leaving node `n`: a block's successors, or the edges
    /// out of a whole loop.
    fn out_edges(&self, n: Node) -> Vec<ir::EdgeInfo> {
        match n {
            Node::Block(b) => ir::succs(b),
            Node::Loop(l) => self
                .loop_blocks
                .get(&l)
                .into_iter()
                .flatten()
                .flat_map(|&b| ir::succs(b))
                .filter(|e| !self.block_loop.get(&e.dest).is_some_and(|&d| self.inside(d, l)))
                .collect(),
        }
    }

    fn succ_edges(&self, level: u32, n: Node) -> Vec<(ir::EdgeInfo, Node)> {
        let header = Self::header_of(level);
        self.out_edges(n)
            .into_iter()
            .filter(|e| e.dest > 1 && Some(e.dest) != header)
            .filter_map(|e| self.node_at(level, e.dest).map(|d| (e, d)))
            .filter(|(_, d)| *d != n)
            .collect()
    }

    /// Whether `n` has successors other than the `inside` ones of its body:
    /// an exit, the back edge to the header, or a node outside the run.
    fn leaves(&self, n: Node, inside: usize) -> bool {
        self.out_edges(n).len() != inside
    }

    fn pred_nodes(&self, level: u32, n: Node) -> Vec<Node> {
        let entry_block = match n {
            Node::Block(b) => b,
            Node::Loop(l) => match LoopRef::get(l) {
                Some(r) => r.header(),
                None => return Vec::new(),
            },
        };
        let header = Self::header_of(level);
        if Some(entry_block) == header {
            return Vec::new();
        }
        ir::preds(entry_block)
            .into_iter()
            .filter_map(|e| if e.src <= 1 { Some(Node::Block(-1)) } else { self.node_at(level, e.src).or(Some(Node::Block(-1))) })
            .filter(|p| *p != n)
            .collect()
    }

    /// `level`'s body in reverse post-order (a topological order of its
    /// acyclic part).
    fn order(&mut self, level: u32) -> Vec<Node> {
        if let Some(o) = self.orders.get(&level) {
            return o.clone();
        }
        let start = if level == 0 {
            ir::succs(0).first().and_then(|e| self.node_at(0, e.dest))
        } else {
            Self::header_of(level).map(Node::Block)
        };
        let mut post = Vec::new();
        if let Some(s) = start {
            let mut seen = HashSet::new();
            let mut stack = vec![(s, 0usize)];
            seen.insert(s);
            while let Some((n, i)) = stack.pop() {
                let succ = self.succ_edges(level, n);
                if i < succ.len() {
                    stack.push((n, i + 1));
                    let d = succ[i].1;
                    if seen.insert(d) {
                        stack.push((d, 0));
                    }
                } else {
                    post.push(n);
                }
            }
        }
        post.reverse();
        self.orders.insert(level, post.clone());
        post
    }

    /// Finds the regions of the function; every loop not in one gets a
    /// rejection.
    pub fn detect(&mut self) -> (Vec<Region>, Vec<LoopRejection>) {
        let mut regions = Vec::new();
        let mut rejected = Vec::new();
        self.detect_level(0, &mut regions, &mut rejected);
        (regions, rejected)
    }

    fn detect_level(&mut self, level: u32, regions: &mut Vec<Region>, rejected: &mut Vec<LoopRejection>) {
        let order = self.order(level);
        let mut i = 0;
        while i < order.len() {
            let Node::Loop(l) = order[i] else {
                i += 1;
                continue;
            };
            // Start as early as the blocks before the loop allow (its
            // guards), else at the loop itself.
            let mut s = i;
            while s > 0 && matches!(order[s - 1], Node::Block(_)) {
                s -= 1;
            }
            let mut built = None;
            let mut first_failure = None;
            for start in s..=i {
                if !self.single_entry(level, &order[start..=i]) {
                    continue;
                }
                // The longest single-entry run first: when it holds (the
                // common case) one model is built, not one per loop.
                let longest = self.single_entry_runs(level, &order, start, i).into_iter().rev().find(|&k| matches!(order[k], Node::Loop(_)));
                if let Some(k) = longest {
                    if let Ok(r) = self.build(level, &order[start..=k]) {
                        built = Some((start, r, k, true));
                        break;
                    }
                }
                match self.build(level, &order[start..=i]) {
                    Ok(r) => {
                        built = Some((start, r, i, false));
                        break;
                    }
                    Err(e) => {
                        // The longest run, guards included, says best why.
                        if first_failure.is_none() {
                            first_failure = Some(e);
                        }
                    }
                }
            }
            let Some((start, mut region, mut end, complete)) = built else {
                let rejection = first_failure.unwrap_or(Rejection {
                    reason: Reason::UnstructuredLoop,
                    detail: "the loop is not entered through a single edge".into(),
                });
                rejected.push(LoopRejection { loop_num: l, rejection });
                self.detect_level(l, regions, rejected);
                i += 1;
                continue;
            };
            // Else extend over the following loops while the model holds.
            if !complete {
                for k in self.single_entry_runs(level, &order, start, end) {
                    if let Node::Loop(_) = order[k] {
                        match self.build(level, &order[start..=k]) {
                            Ok(r) => {
                                region = r;
                                end = k;
                            }
                            Err(_) => break,
                        }
                    }
                }
            }
            regions.push(region);
            i = end + 1;
        }
    }

    /// The ends k > `end` of the runs `order[start..=k]` that are single-entry
    /// and hold no blocked node, in order, given that `order[start..=end]` is
    /// single-entry: a node joins when its predecessors are in the run and it
    /// is not a predecessor of the run's first node, so each run costs one
    /// node's test, not the run's (a function of a thousand loops in a row).
    /// No run holds more than MAX_REGION_NESTS loops.
    fn single_entry_runs(&mut self, level: u32, order: &[Node], start: usize, end: usize) -> Vec<usize> {
        let first_preds: HashSet<Node> = self.pred_nodes(level, order[start]).into_iter().collect();
        let mut run: HashSet<Node> = order[start..=end].iter().copied().collect();
        let mut nests = order[start..=end].iter().filter(|n| matches!(n, Node::Loop(_))).count();
        let mut ends = Vec::new();
        for (k, &n) in order.iter().enumerate().skip(end + 1) {
            if matches!(n, Node::Loop(_)) {
                nests += 1;
            }
            if nests > MAX_REGION_NESTS
                || self.is_blocked(n)
                || first_preds.contains(&n)
                || !self.pred_nodes(level, n).iter().all(|p| run.contains(p))
            {
                break;
            }
            run.insert(n);
            ends.push(k);
        }
        ends
    }

    /// Whether the run is entered only through its first node, by one edge.
    fn single_entry(&self, level: u32, run: &[Node]) -> bool {
        let set: HashSet<Node> = run.iter().copied().collect();
        if self.pred_nodes(level, run[0]).iter().any(|p| set.contains(p)) {
            return false;
        }
        run[1..].iter().all(|n| self.pred_nodes(level, *n).iter().all(|p| set.contains(p)))
    }

    /// The model of `run`, a single-entry run of `level`'s body.
    fn build(&mut self, level: u32, run: &[Node]) -> Outcome<Region> {
        let products = Products::default();
        match self.build_reading(level, run, &products) {
            // Sizes computed before the region as parameters of their own
            // may give strides that do not divide one another; as products
            // they may instead make a flat array's bound non-affine, so
            // they are read only where the first try fails.
            Err(e) if e.reason == Reason::NonAffineAccess && products.met.get() => {
                let products = Products { read: true, ..products };
                self.build_reading(level, run, &products).map_err(|_| e)
            }
            r => r,
        }
    }

    fn build_reading(&mut self, level: u32, run: &[Node], products: &Products) -> Outcome<Region> {
        let r = RegionBuilder::new(self, level, run).and_then(|b| b.build(false, products));
        // Values the entry block computes (a loaded bound, say) may model
        // as parameters what its statements cannot.
        match (r, run[0]) {
            // A blocked entry block was outside already.
            (Err(e), Node::Block(_)) if !self.is_blocked(run[0]) => {
                RegionBuilder::new(self, level, run).and_then(|b| b.build(true, products)).map_err(|_| e)
            }
            (r, _) => r,
        }
    }

    /// Whether `n` holds a statement no model takes (see `blocked`).
    fn is_blocked(&mut self, n: Node) -> bool {
        if let Some(&x) = self.blocked.get(&n) {
            return x;
        }
        let blocks = match n {
            Node::Block(b) => vec![b],
            Node::Loop(l) => self.loop_blocks.get(&l).cloned().unwrap_or_default(),
        };
        let (mut raw, mut errno) = (Vec::new(), BTreeSet::new());
        let x = blocks
            .iter()
            .any(|&b| ir::stmts(b).into_iter().any(|s| RegionBuilder::scan_statement(s, b, &mut raw, &mut errno).is_err()));
        self.blocked.insert(n, x);
        x
    }
}

/// The state of building one region.
struct RegionBuilder<'d, 'f> {
    det: &'d mut ScopDetector<'f>,
    run: Vec<Node>,
    level: u32,
    blocks: BTreeSet<i32>,
    loops: Vec<u32>,
    iterators: HashMap<u32, String>,
    cx: BoundedCtx,
    /// Non-affine no-wrap conditions the model assumes.
    wrap_assumptions: std::cell::RefCell<Vec<Assumption>>,
    /// Blocks under a condition the model does not express: their
    /// domains are supersets, their writes may-writes.
    may_blocks: BTreeSet<i32>,
}

impl<'d, 'f> RegionBuilder<'d, 'f> {
    fn new(det: &'d mut ScopDetector<'f>, level: u32, run: &[Node]) -> Outcome<Self> {
        let mut blocks = BTreeSet::new();
        let mut loops = Vec::new();
        for n in run {
            match *n {
                Node::Block(b) => {
                    blocks.insert(b);
                }
                Node::Loop(l) => {
                    blocks.extend(det.loop_blocks.get(&l).into_iter().flatten().copied());
                    loops.extend(det.forest.subtree(l).map(|x| x.num));
                }
            }
        }
        for &b in &blocks {
            if ir::bb_irreducible(b) {
                return reject(Reason::IrreducibleCfg, format!("irreducible control flow at line {}", block_line(b)));
            }
        }
        for &l in &loops {
            let r = LoopRef::get(l).ok_or(Rejection { reason: Reason::UnstructuredLoop, detail: "loop vanished".into() })?;
            let line = det.loop_line(l);
            let Some(exit) = r.single_exit() else {
                return reject(Reason::UnstructuredLoop, format!("the loop at line {line} has several exits"));
            };
            if r.preheader().is_none() {
                return reject(Reason::UnstructuredLoop, format!("the loop at line {line} has no preheader"));
            }
            if r.latch() < 0 || !ir::dominated_by(r.latch(), exit.src) {
                return reject(
                    Reason::UnstructuredLoop,
                    format!("the exit of the loop at line {line} is not tested on every iteration"),
                );
            }
        }
        // Iterators take the source name of the loop's counter where the
        // header has one, made unique in the region.
        let mut iterators = HashMap::new();
        let mut used = HashSet::new();
        for &l in &loops {
            let name = source_counter(l).and_then(|t| t.ssa_var_name()).map(|n| isl_name(&n)).unwrap_or_else(|| format!("i{l}"));
            let name = if used.contains(&name) { format!("{name}{l}") } else { name };
            used.insert(name.clone());
            iterators.insert(l, name);
        }
        Ok(RegionBuilder {
            det,
            run: run.to_vec(),
            level,
            blocks,
            loops,
            iterators,
            cx: BoundedCtx::new(poly::bounded::DEFAULT_MAX_OPERATIONS),
            wrap_assumptions: Default::default(),
            may_blocks: BTreeSet::new(),
        })
    }

    /// The region loops enclosing block `b`, outermost first.
    fn chain(&self, b: i32) -> Vec<u32> {
        let mut v = Vec::new();
        let mut l = self.det.block_loop.get(&b).copied().unwrap_or(0);
        while l != 0 && self.loops.contains(&l) {
            v.push(l);
            l = self.det.parent.get(&l).copied().unwrap_or(0);
        }
        v.reverse();
        v
    }

    fn iters_of(&self, chain: &[u32]) -> Vec<String> {
        chain.iter().map(|l| self.iterators[l].clone()).collect()
    }

    /// A set `{ [iters] : cond }` over the region's parameters.
    fn constraint(&self, tr: &Translator, iters: &[String], cond: &Cond) -> Outcome<Set> {
        let params: Vec<&str> = tr.params.keys().map(|s| s.as_str()).collect();
        let iters: Vec<&str> = iters.iter().map(|s| s.as_str()).collect();
        cond.to_set(&self.cx, &params, &iters).map_err(isl_reject)
    }

    /// Proves the pending obligations over `domain` (iterators `iters`).
    fn discharge(&self, tr: &mut Translator, iters: &[String], domain: &Set, line: u32) -> Outcome<()> {
        let mut pending: Vec<Obligation> = std::mem::take(&mut tr.pending);
        pending.sort_by(|a, b| (&a.poly, a.lo, a.hi, &a.when).cmp(&(&b.poly, b.lo, b.hi, &b.when)));
        pending.dedup_by(|a, b| a.poly == b.poly && a.lo == b.lo && a.hi == b.hi && a.when == b.when);
        // Constants need no isl.
        pending.retain(|o| o.poly.as_constant().is_none_or(|c| !(o.lo <= c && c <= o.hi)));
        if pending.is_empty() {
            return Ok(());
        }
        // Products of parameters and iterators are beyond Presburger
        // arithmetic: those become assumptions for a run-time test.
        for o in pending.iter().filter(|o| !o.poly.is_affine()) {
            let text = format!("line {line}: {} (= {}) stays within [{}, {}]", o.what, o.poly.to_isl(), o.lo, o.hi);
            let bound = ProductBound {
                poly: o.poly.clone(),
                lo: o.lo,
                hi: o.hi,
                domain: self.ok(domain.to_str())?.to_string(),
                iters: iters.to_vec(),
            };
            self.assume_no_wrap(Assumption { kind: "no-wrap", text, params: None, product: Some(bound) });
        }
        pending.retain(|o| o.poly.is_affine());
        if pending.is_empty() {
            return Ok(());
        }
        let all = pending.iter().map(obligation).collect::<Option<Vec<Cond>>>().ok_or_else(overflow)?;
        let ranges = self.constraint(tr, iters, &param_ranges(tr).ok_or_else(overflow)?)?;
        // Usually each obligation holds on the domain alone: one emptiness
        // test each, cheaper than the subset test against their conjunction
        // (and the parameters' type ranges, with their large constants,
        // only where the domain does not suffice).
        let mut each_holds = true;
        for c in &all {
            let broken = self.ok(domain.copy())?.intersect(self.constraint(tr, iters, &c.clone().not())?);
            let broken = self.ok(broken)?;
            if self.ok(broken.is_empty())? {
                continue;
            }
            if !self.ok(self.ok(broken.intersect(self.ok(ranges.copy())?))?.is_empty())? {
                each_holds = false;
                break;
            }
        }
        if each_holds {
            return Ok(());
        }
        let within = self.ok(self.ok(domain.copy())?.intersect(ranges))?;
        let holds = self.constraint(tr, iters, &Cond::And(all))?;
        if self.ok(within.is_subset(&holds))? {
            return Ok(());
        }
        // Where it fails for some parameter values only (a loop that would
        // wrap its counter, which C forbids for signed ones), the model
        // holds under the others: an assumption for a run-time test.
        let bad = self.ok(self.ok(within.copy())?.subtract(self.ok(holds.copy())?))?;
        let params_ok = self.ok(self.ok(self.ok(bad.params())?.complement())?.intersect_params(
            self.ok(self.constraint(tr, &[], &param_ranges(tr).ok_or_else(overflow)?)?.params())?,
        ))?;
        if !self.ok(params_ok.is_empty())? {
            let params_ok = self.ok(params_ok.coalesce())?;
            let whats: Vec<&str> = pending.iter().map(|o| o.what.as_str()).collect();
            let set = self.ok(params_ok.to_str())?.to_string();
            let text = format!("line {line}: {} stays within its type where {set}", whats.join(", "));
            self.assume_no_wrap(Assumption { kind: "no-wrap", text, params: Some(set), product: None });
            return Ok(());
        }
        // Name the one that fails.
        for o in pending {
            let holds = self.constraint(tr, iters, &obligation(&o).ok_or_else(overflow)?)?;
            if !self.ok(within.is_subset(&holds))? {
                return reject(
                    Reason::PossibleWrap,
                    format!(
                        "line {line}: {} may wrap around its type (needs {} <= {} <= {} where {})",
                        o.what,
                        o.lo,
                        o.poly.to_isl(),
                        o.hi,
                        domain.to_str().unwrap_or("?")
                    ),
                );
            }
        }
        Ok(())
    }

    /// Records a no-wrap assumption, once.
    fn assume_no_wrap(&self, a: Assumption) {
        let mut v = self.wrap_assumptions.borrow_mut();
        if !v.iter().any(|x| x.text == a.text) {
            v.push(a);
        }
    }

    fn ok<T>(&self, r: Result<T, isl_rs::LibISLError>) -> Outcome<T> {
        self.cx.ok(r).map_err(isl_reject)
    }

    /// Whether every variable of `p` is a parameter or an iterator of
    /// `iters` (a value is only meaningful inside its loops).
    fn in_scope(tr: &Translator, iters: &[String], p: &Polynomial) -> bool {
        p.vars().iter().all(|v| iters.contains(v) || tr.params.contains_key(v))
    }

    /// The affine condition under which control goes from `b` along `e`.
    fn edge_condition(
        &self,
        tr: &mut Translator,
        b: i32,
        e: &ir::EdgeInfo,
        dom: &Set,
        niter: &HashMap<u32, BoundExpr>,
    ) -> Outcome<Option<Cond>> {
        let stmts = ir::stmts(b);
        let Some(last) = stmts.last().copied().filter(|s| s.kind() == SK::GP_STMT_COND) else {
            return Ok(None);
        };
        let chain = self.chain(b);
        // The exit test of a region loop: staying means "not the last
        // iteration"; the count already bounds the loop.
        if let Some(&l) = chain.last() {
            let r = LoopRef::get(l).unwrap_or_else(|| unreachable!("region loop"));
            if let Some(x) = r.single_exit().filter(|x| x.src == b) {
                if x.dest == e.dest {
                    return Ok(None);
                }
                let it = &self.iterators[&l];
                let next = Polynomial::var(it).checked_add(&Polynomial::constant(1)).ok_or_else(overflow)?;
                return Ok(Some(niter[&l].upper_bound_of(&next).ok_or_else(overflow)?));
            }
        }
        let line = line_of(last);
        let (lhs, rhs) = last.cond_operands().ok_or(Rejection {
            reason: Reason::NonAffineCondition,
            detail: format!("line {line}: malformed condition"),
        })?;
        let integral = |t: Tree| t.ty().is_some_and(|ty| ty.is_integral());
        if !integral(lhs) || !integral(rhs) {
            return reject(
                Reason::NonAffineCondition,
                format!("line {line}: the condition compares non-integers ({} and {})", lhs.text(), rhs.text()),
            );
        }
        let iters = self.iters_of(&chain);
        // A minimum or maximum compared (a guard `j < MIN_EXPR <i, n>` of a
        // split loop) is taken case by case.
        let cond = tr
            .comparison_of(last.cond_code(), lhs, rhs)
            .map_err(|d| Rejection { reason: Reason::NonAffineCondition, detail: format!("line {line}: {d}") })?;
        if cond.polys().iter().any(|p| !Self::in_scope(tr, &iters, p)) {
            return reject(Reason::NonAffineCondition, format!("line {line}: the condition is not affine in the region's counters and parameters"));
        }
        self.discharge(tr, &iters, dom, line)?;
        if e.true_value != 0 {
            Ok(Some(cond))
        } else if e.false_value != 0 {
            Ok(Some(cond.not()))
        } else {
            reject(Reason::UnhandledStatement, format!("line {line}: a condition without true/false edges"))
        }
    }

    /// Domains of the nodes of one body (`nodes`, topologically ordered,
    /// first entered with `entry`), blocks' domains into `doms`.
    ///
    /// A condition the model cannot express (a loaded or floating-point
    /// value) lets both ways through: the blocks it decides run in a
    /// superset of their real domain, so they go into `may_blocks` (`may`:
    /// the whole body is such), whose writes are may-writes. A block that
    /// every path from such a condition reaches is exact again.
    #[allow(clippy::too_many_arguments)]
    fn body_domains(
        &mut self,
        tr: &mut Translator,
        level: u32,
        nodes: &[Node],
        entry: Set,
        chain: &[u32],
        doms: &mut BTreeMap<i32, Set>,
        niter: &mut HashMap<u32, BoundExpr>,
        may: bool,
    ) -> Outcome<()> {
        let iters = self.iters_of(chain);
        let mut node_dom: HashMap<Node, Set> = HashMap::new();
        let edges: Vec<(Node, Vec<(ir::EdgeInfo, Node)>)> =
            nodes.iter().map(|&p| (p, self.det.succ_edges(level, p))).collect();
        let postdom = self.postdominators(nodes, &edges);
        // Per node: the non-affine branches (node indices) that reach it.
        let mut reached_by: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); nodes.len()];
        let mut non_affine: BTreeSet<usize> = BTreeSet::new();
        let mut entry = Some(entry);
        for (k, &n) in nodes.iter().enumerate() {
            let mut d: Option<Set> = if k == 0 { entry.take() } else { None };
            // The edges into the node: source block and where they are taken.
            let mut incoming: Vec<(i32, Set)> = Vec::new();
            if k > 0 {
                for (j, (p, out)) in edges[..k].iter().enumerate() {
                    let Some(pd) = node_dom.get(p) else { continue };
                    for (e, dest) in out {
                        if *dest != n {
                            continue;
                        }
                        let mut ed = self.ok(pd.copy())?;
                        if let Node::Block(pb) = *p {
                            match self.edge_condition(tr, pb, e, pd, niter) {
                                Ok(Some(cond)) => {
                                    let c = self.constraint(tr, &iters, &cond)?;
                                    ed = self.ok(ed.intersect(c))?;
                                }
                                Ok(None) => {}
                                Err(r) if matches!(r.reason, Reason::NonAffineCondition | Reason::PossibleWrap) => {
                                    tr.pending.clear();
                                    non_affine.insert(j);
                                }
                                Err(r) => return Err(r),
                            }
                        }
                        incoming.push((e.src, self.ok(ed.copy())?));
                        let from: BTreeSet<usize> = reached_by[j].clone();
                        reached_by[k].extend(from);
                        if non_affine.contains(&j) {
                            reached_by[k].insert(j);
                        }
                        d = Some(match d {
                            None => ed,
                            Some(x) => self.ok(self.ok(x.union(ed))?.coalesce())?,
                        });
                    }
                }
            }
            let d = match d {
                Some(d) => d,
                None => self.constraint(tr, &iters, &Cond::False)?,
            };
            let node_may = may || reached_by[k].iter().any(|&a| !postdom[a].contains(&k));
            match n {
                Node::Block(b) => {
                    // A merge left unproved (isl giving up included) just
                    // stays outside the model.
                    if k > 0 {
                        let _ = self.merges(tr, b, &incoming, chain, niter);
                    }
                    doms.insert(b, self.ok(d.copy())?);
                    if node_may {
                        self.may_blocks.insert(b);
                    }
                }
                Node::Loop(l) => {
                    let r = LoopRef::get(l).unwrap_or_else(|| unreachable!("region loop"));
                    let line = self.det.loop_line(l);
                    let gcc_count = r.niter().filter(|t| t.kind() != TK::GP_T_SCEV_NOT_KNOWN);
                    let from_exit_test = gcc_count.is_none();
                    let bound = match gcc_count {
                        Some(t) => {
                            let bound = tr.bound(t).map_err(|d| Rejection {
                                reason: Reason::NonAffineBound,
                                detail: format!("line {line}: {d}"),
                            })?;
                            if bound.polys().iter().any(|p| !p.is_affine() || !Self::in_scope(tr, &iters, p)) {
                                return reject(
                                    Reason::NonAffineBound,
                                    format!("line {line}: the iteration count {} is not affine", t.text()),
                                );
                            }
                            self.discharge(tr, &iters, &d, line)?;
                            bound
                        }
                        None => self.count_from_exit_test(tr, l, &iters).ok_or(Rejection {
                            reason: Reason::NonAffineBound,
                            detail: format!("line {line}: the iteration count is unknown"),
                        })?,
                    };
                    let mut inner_chain = chain.to_vec();
                    inner_chain.push(l);
                    let inner_iters = self.iters_of(&inner_chain);
                    let it = &self.iterators[&l];
                    let lifted = self.ok(self.ok(d.copy())?.add_dims(DimType::Set, 1))?;
                    let itp = Polynomial::var(it);
                    let upper = bound.upper_bound_of(&itp).ok_or_else(overflow)?;
                    let bounds = self.constraint(tr, &inner_iters, &Cond::NonNeg(itp).and(upper))?;
                    let header = self.ok(lifted.intersect(bounds))?;
                    if from_exit_test {
                        // The exit test's values must be exact wherever the
                        // loop runs.
                        self.discharge(tr, &inner_iters, &header, line)?;
                    }
                    niter.insert(l, bound);
                    let inner = self.det.order(l);
                    self.body_domains(tr, l, &inner, header, &inner_chain, doms, niter, node_may)?;
                }
            }
            node_dom.insert(n, d);
        }
        Ok(())
    }

    /// The PHIs of block `b` (entered by the edges `incoming`, inside the
    /// body of the loops `chain`) whose value is one polynomial of the
    /// iterators and parameters wherever `b` runs, into `tr.merges`. An
    /// argument from a loop's exit is the value in the loop's last
    /// iteration (its count, piece by piece). What this is for: the second
    /// part of a loop GCC split at `j < i` starts from `PHI <0, j_exit>`
    /// (the start where the first part did not run, its exit value where it
    /// did), which is `i` in both cases. A PHI whose arguments' values leave
    /// obligations, or differ somewhere, stays outside the model.
    fn merges(
        &self,
        tr: &mut Translator,
        b: i32,
        incoming: &[(i32, Set)],
        chain: &[u32],
        niter: &HashMap<u32, BoundExpr>,
    ) -> Outcome<()> {
        let iters = self.iters_of(chain);
        for phi in ir::phis(b) {
            let Some(res) = phi.phi_result().filter(|t| !t.is_virtual() && t.ty().is_some_and(|ty| ty.is_integral())) else {
                continue;
            };
            let phi_args = phi.phi_args();
            // Per argument: its edge's domain and its value, piece by piece.
            let mut args: Vec<(&Set, Vec<(Cond, Polynomial)>)> = Vec::new();
            // Conditions that must not hold where their edge is taken (a
            // loop's count below zero: its last iteration would be none).
            let mut never: Vec<(&Set, Cond)> = Vec::new();
            for &(t, src) in &phi_args {
                let Some((_, ed)) = incoming.iter().find(|(s, _)| *s == src) else { break };
                let before = tr.pending.len();
                let value = tr.value(t, false);
                let obliged = tr.pending.len() > before;
                tr.pending.truncate(before);
                let Ok(Value { base: None, poly }) = value else { break };
                if obliged {
                    break;
                }
                let src_chain = self.chain(src);
                let pieces = if src_chain.as_slice() == chain {
                    vec![(Cond::True, poly)]
                } else if src_chain.len() == chain.len() + 1 && src_chain.starts_with(chain) {
                    // From the exit of loop l: its last iteration.
                    let l = src_chain[chain.len()];
                    let Some(count) = niter.get(&l).and_then(|c| c.pieces()) else { break };
                    let it = &self.iterators[&l];
                    for (c, n) in &count {
                        never.push((ed, c.clone().and(Cond::cmp(CmpOp::Lt, n, &Polynomial::zero()).ok_or_else(overflow)?)));
                    }
                    let Some(pieces) = count.into_iter().map(|(c, n)| Some((c, poly.substitute(it, &n)?))).collect::<Option<Vec<_>>>() else {
                        break;
                    };
                    pieces
                } else {
                    break;
                };
                if pieces.iter().any(|(c, p)| !Self::in_scope(tr, &iters, p) || !p.is_affine() || !c.is_affine()) {
                    break;
                }
                args.push((ed, pieces));
            }
            if args.len() != phi_args.len() || args.is_empty() {
                continue;
            }
            if !never.iter().map(|(ed, c)| self.nowhere(tr, &iters, ed, c)).collect::<Outcome<Vec<bool>>>()?.into_iter().all(|x| x) {
                continue;
            }
            // A candidate is any piece's value; it must be every piece's
            // value wherever that piece is taken.
            let mut candidates: Vec<Polynomial> = args.iter().flat_map(|(_, ps)| ps.iter().map(|(_, p)| p.clone())).collect();
            candidates.sort();
            candidates.dedup();
            'candidate: for cand in candidates {
                for (ed, pieces) in &args {
                    for (c, p) in pieces.iter().filter(|(_, p)| *p != cand) {
                        let differ = Cond::Zero(p.checked_sub(&cand).ok_or_else(overflow)?).not();
                        if !self.nowhere(tr, &iters, ed, &c.clone().and(differ))? {
                            continue 'candidate;
                        }
                    }
                }
                tr.merges.insert(res.ssa_version(), cand);
                break;
            }
        }
        Ok(())
    }

    /// Whether `cond` holds at no point of `on` (iterators `iters`).
    fn nowhere(&self, tr: &Translator, iters: &[String], on: &Set, cond: &Cond) -> Outcome<bool> {
        let at = self.constraint(tr, iters, cond)?;
        self.ok(self.ok(self.ok(on.copy())?.intersect(at))?.is_empty())
    }

    /// The latch-execution count of region loop `l` read off its exit test,
    /// where GCC's niter analysis gives none (at -O1, copies it does not
    /// see through): the test compares `lhs - rhs = a ± it` (`it` the
    /// loop's iterator, `a` invariant in it) with zero, staying while that
    /// is below (step +1) or above (step -1) zero. The test's values leave
    /// obligations in `tr`, proved by the caller over the loop's domain.
    fn count_from_exit_test(&self, tr: &mut Translator, l: u32, iters: &[String]) -> Option<BoundExpr> {
        let r = LoopRef::get(l)?;
        let x = r.single_exit()?;
        let last = ir::stmts(x.src).last().copied().filter(|s| s.kind() == SK::GP_STMT_COND)?;
        let (lhs, rhs) = last.cond_operands()?;
        if !lhs.ty().is_some_and(|t| t.is_integral()) || !rhs.ty().is_some_and(|t| t.is_integral()) {
            return None;
        }
        let d = tr.integer(lhs).ok()?.checked_sub(&tr.integer(rhs).ok()?)?;
        let it = self.iterators.get(&l)?;
        let step = d.coefficient(std::slice::from_ref(it));
        let a = d.checked_sub(&Polynomial::var(it).checked_scale(step)?)?;
        if !a.is_affine() || a.mentions(it) || !Self::in_scope(tr, iters, &a) {
            return None;
        }
        // The comparison under which the loop goes on.
        let code = last.cond_code();
        let stay = match (x.true_value != 0, x.false_value != 0) {
            (false, true) => code,
            (true, false) => match code {
                TK::GP_T_LT => TK::GP_T_GE,
                TK::GP_T_LE => TK::GP_T_GT,
                TK::GP_T_GT => TK::GP_T_LE,
                TK::GP_T_GE => TK::GP_T_LT,
                _ => return None,
            },
            _ => return None,
        };
        // Stays while it <= k: k + 1 latch executions, none if k < 0.
        let one = Polynomial::constant(1);
        let k = match (stay, step) {
            (TK::GP_T_LT, 1) => Polynomial::constant(-1).checked_sub(&a)?,
            (TK::GP_T_LE, 1) => a.checked_scale(-1)?,
            (TK::GP_T_GT, -1) => a.checked_sub(&one)?,
            (TK::GP_T_GE, -1) => a,
            _ => return None,
        };
        Some(BoundExpr::Max(vec![BoundExpr::Poly(Polynomial::zero()), BoundExpr::Poly(k.checked_add(&one)?)]))
    }

    /// For each node of a body (indices into `nodes`, topologically
    /// ordered, `edges` their successors inside it): the nodes every path
    /// from it to the body's end goes through, itself included.
    fn postdominators(&self, nodes: &[Node], edges: &[(Node, Vec<(ir::EdgeInfo, Node)>)]) -> Vec<BTreeSet<usize>> {
        let index: HashMap<Node, usize> = nodes.iter().enumerate().map(|(k, &n)| (n, k)).collect();
        let mut out: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); nodes.len()];
        for k in (0..nodes.len()).rev() {
            let inside: Vec<usize> = edges[k].1.iter().filter_map(|(_, d)| index.get(d).copied().filter(|&j| j > k)).collect();
            // An edge out of the body (or back to its header) ends a path.
            let leaves = self.det.leaves(nodes[k], inside.len());
            let mut common: Option<BTreeSet<usize>> = None;
            if !leaves {
                for j in inside {
                    common = Some(match common {
                        None => out[j].clone(),
                        Some(c) => c.intersection(&out[j]).copied().collect(),
                    });
                }
            }
            let mut set = common.unwrap_or_default();
            set.insert(k);
            out[k] = set;
        }
        out
    }

    /// The position of each block's enclosing nodes, for 2d+1 schedules.
    fn positions(&mut self, b: i32) -> Vec<usize> {
        let chain = self.chain(b);
        let mut out = Vec::new();
        let mut level = self.level;
        let mut nodes = self.run.clone();
        for l in chain.iter().copied().chain(std::iter::once(u32::MAX)) {
            let n = self.det.node_at(level, b);
            out.push(n.and_then(|n| nodes.iter().position(|x| *x == n)).unwrap_or(0));
            if l == u32::MAX {
                break;
            }
            level = l;
            nodes = self.det.order(l);
        }
        out
    }

    /// The region's model; with `force_entry_outside`, the entry block's
    /// statements stay outside even when the model could take them.
    fn build(mut self, force_entry_outside: bool, products: &Products) -> Outcome<Region> {
        let entry_block = match self.run[0] {
            Node::Block(b) => Some(b),
            Node::Loop(_) => None,
        };
        // Statements' accesses.
        let (mut raw, mut has_errno, entry_outside) = Self::entry_accesses(entry_block, force_entry_outside);
        let iterators = self.iterators.clone();
        let blocks: BTreeSet<i32> = self.blocks.iter().copied().filter(|&b| Some(b) != entry_outside).collect();
        let in_region = move |b: i32| blocks.contains(&b);
        let headers: HashMap<i32, u32> =
            self.loops.iter().filter_map(|&l| LoopRef::get(l).map(|r| (r.header(), l))).collect();
        let header_evolution = move |t: Tree| -> Option<Tree> {
            let l = *headers.get(&t.def_bb()?)?;
            LoopRef::get(l)?.evolution(t)
        };
        let mut tr = Translator::new(&iterators, &in_region, &header_evolution);
        tr.entry_block = entry_block;
        tr.products = products.clone();

        let stmt_line = self.block_accesses(entry_block, &mut raw, &mut has_errno)?;
        // Domains.
        let mut doms = BTreeMap::new();
        let mut niter = HashMap::new();
        let entry = Cond::True.to_set(&self.cx, &[], &[]).map_err(isl_reject)?;
        let run = self.run.clone();
        self.body_domains(&mut tr, self.level, &run, entry, &[], &mut doms, &mut niter, false)?;

        let scalars = self.scalars(&tr, entry_block, entry_outside);
        let (by_base, sizes) = self.accesses_by_base(&mut tr, &raw, &doms)?;
        let array_name = array_names(&tr, &by_base);

        // Delinearize each array; relations per access.
        let start = entry_block.or_else(|| match self.run[0] {
            Node::Loop(l) => LoopRef::get(l).map(|r| r.header()),
            Node::Block(b) => Some(b),
        });
        let facts = param_facts(&tr, start).ok_or_else(overflow)?;
        let no_facts = matches!(&facts, Cond::And(f) if f.is_empty());
        let mut views = ArrayViews { relations: vec![None; raw.len()], assumptions: Vec::new(), arrays: Vec::new(), bases: BTreeMap::new() };
        let model = AccessModel { tr: &tr, iterators: &iterators, raw: &raw, doms: &doms, facts: &facts, no_facts };
        for (key, (base, offs)) in &by_base {
            self.delinearize_array(&model, base, offs, sizes[key], &array_name[key], &mut views)?;
        }
        let ArrayViews { relations, mut assumptions, arrays, bases } = views;

        let alias_pairs = no_alias_pairs(&raw, &by_base, &array_name, &mut assumptions);

        assumptions.extend(self.wrap_assumptions.borrow().iter().cloned());

        // The source counters' values, for naming cells as the source does.
        let counters = self.source_counters(&tr);
        let mut accesses = BTreeMap::new();

        // Parameters' context: their types' ranges.
        let params: Vec<String> = tr.params.keys().cloned().collect();
        let plist = params.join(", ");
        let ranges = param_ranges(&tr).ok_or_else(overflow)?;
        let context = format!("[{plist}] -> {{ : {ranges} }}");
        // The delinearization added no parameter: its facts still hold all.
        let known = (!no_facts).then(|| format!("[{plist}] -> {{ : {} }}", ranges.clone().and(facts.clone())));
        let known_at = self.known_at(&tr, &plist, &ranges, &facts);

        let statements = self.statements(&raw, &doms, &relations, &scalars, &has_errno, &stmt_line, &plist, &mut accesses)?;
        let scop = Scop { context, statements };

        let first = self.loops.first().copied().unwrap_or(0);
        let fl = self.det.forest.get(first);
        Ok(Region {
            loops: self.loops.clone(),
            line: self.det.loop_line(first),
            location: fl.map(|l| l.location).unwrap_or(0),
            scop,
            params,
            assumptions,
            arrays,
            live_out: scalars.live_out.into_iter().collect(),
            entry_outside,
            param_values: tr.params.clone(),
            known,
            known_at,
            bases,
            alias_pairs,
            source: SourceView { counters, accesses },
        })
    }

    /// The entry block's accesses, and the blocks among them that may set
    /// errno; or, as the third, the entry block when it stays outside.
    fn entry_accesses(entry_block: Option<i32>, force_entry_outside: bool) -> (Vec<RawAccess>, BTreeSet<i32>, Option<i32>) {
        let mut raw = Vec::new();
        let mut has_errno = BTreeSet::new();
        // An entry block whose statements the model cannot take (a call
        // before a loop's guard) stays outside: only its final condition
        // is the region's, and its values are parameters.
        let mut entry_outside = None;
        if let Some(b) = entry_block {
            let (mut r, mut e) = (Vec::new(), BTreeSet::new());
            if !force_entry_outside && ir::stmts(b).into_iter().try_for_each(|s| Self::scan_statement(s, b, &mut r, &mut e)).is_ok() {
                raw.extend(r);
                has_errno.extend(e);
            } else {
                entry_outside = Some(b);
            }
        }
        (raw, has_errno, entry_outside)
    }

    /// The accesses of the region's blocks other than the entry block into
    /// `raw` (and `has_errno`); each block's first line, by block.
    fn block_accesses(&self, entry_block: Option<i32>, raw: &mut Vec<RawAccess>, has_errno: &mut BTreeSet<i32>) -> Outcome<BTreeMap<i32, u32>> {
        let mut stmt_line: BTreeMap<i32, u32> = BTreeMap::new();
        for &b in &self.blocks {
            for s in ir::stmts(b) {
                if Some(b) != entry_block {
                    Self::scan_statement(s, b, raw, has_errno)?;
                }
                if stmt_line.get(&b).copied().unwrap_or(0) == 0 && s.kind() != SK::GP_STMT_DEBUG {
                    stmt_line.insert(b, line_of(s));
                }
            }
        }
        Ok(stmt_line)
    }

    /// Scalars: SSA values that cross blocks and are not rebuilt from
    /// the iterators, and PHIs.
    fn scalars(&self, tr: &Translator, entry_block: Option<i32>, entry_outside: Option<i32>) -> Scalars {
        let mut scalar_reads: BTreeMap<i32, BTreeSet<String>> = BTreeMap::new();
        let mut scalar_writes: BTreeMap<i32, BTreeSet<String>> = BTreeMap::new();
        let mut live_out = BTreeSet::new();
        for &b in &self.blocks.clone() {
            if Some(b) == entry_outside {
                continue;
            }
            // The entry block's PHIs are parameters.
            let phis = if Some(b) == entry_block { Vec::new() } else { ir::phis(b) };
            let defs: Vec<(Stmt, Tree)> = phis
                .into_iter()
                .chain(ir::stmts(b))
                .filter_map(|s| s.lhs().filter(|t| t.kind() == TK::GP_T_SSA_NAME && !t.is_virtual()).map(|t| (s, t)))
                .collect();
            for (s, v) in defs {
                let rebuilt = self.rebuilt_from(tr, v);
                let rebuilt_at = |at: i32| rebuilt.as_deref().is_some_and(|vars| self.in_scope_at(at, vars));
                let def_rebuilt = rebuilt_at(b);
                let name = scalar_name(v);
                if s.kind() == SK::GP_STMT_PHI && !def_rebuilt {
                    let phi = format!("{name}_phi");
                    scalar_reads.entry(b).or_default().insert(phi.clone());
                    for (_, src) in s.phi_args() {
                        if self.blocks.contains(&src) {
                            scalar_writes.entry(src).or_default().insert(phi.clone());
                        }
                    }
                }
                for u in v.uses() {
                    let ub = u.bb();
                    let places: Vec<i32> = if u.kind() == SK::GP_STMT_PHI {
                        // A counter's own update needs no array.
                        if self.blocks.contains(&ub)
                            && u.phi_result().and_then(|r| self.rebuilt_from(tr, r)).is_some_and(|vars| self.in_scope_at(ub, &vars))
                        {
                            continue;
                        }
                        u.phi_args().into_iter().filter(|(a, _)| *a == v).map(|(_, src)| src).collect()
                    } else {
                        vec![ub]
                    };
                    for p in places {
                        if !self.blocks.contains(&ub) || !self.blocks.contains(&p) {
                            if !def_rebuilt {
                                live_out.insert(name.clone());
                                scalar_writes.entry(b).or_default().insert(name.clone());
                            }
                        } else if p != b && !(def_rebuilt && rebuilt_at(p)) {
                            scalar_writes.entry(b).or_default().insert(name.clone());
                            scalar_reads.entry(p).or_default().insert(name.clone());
                        }
                    }
                }
            }
        }
        Scalars { reads: scalar_reads, writes: scalar_writes, live_out }
    }

    /// Memory accesses, by base: each access's address (proved inside its
    /// loops), and each base's element size, one per base.
    #[allow(clippy::type_complexity)]
    fn accesses_by_base(
        &self,
        tr: &mut Translator,
        raw: &[RawAccess],
        doms: &BTreeMap<i32, Set>,
    ) -> Outcome<(BTreeMap<(u8, u32), BaseAccesses>, BTreeMap<(u8, u32), i128>)> {
        let mut by_base: BTreeMap<(u8, u32), BaseAccesses> = BTreeMap::new();
        let mut sizes: BTreeMap<(u8, u32), i128> = BTreeMap::new();
        for (k, a) in raw.iter().enumerate() {
            let v = tr.address_of(a.reference).map_err(|d| Rejection {
                reason: Reason::NonAffineAccess,
                detail: format!("line {}: {d}", a.line),
            })?;
            let chain = self.chain(a.block);
            let iters = self.iters_of(&chain);
            if !Self::in_scope(tr, &iters, &v.poly) {
                return reject(
                    Reason::NonAffineAccess,
                    format!("line {}: the address of {} uses a value from outside its loops", a.line, a.reference.text()),
                );
            }
            let dom = self.ok(doms[&a.block].copy())?;
            self.discharge(tr, &iters, &dom, a.line)?;
            let base = v.base.ok_or(Rejection {
                reason: Reason::UnknownBase,
                detail: format!("line {}: no base object for {}", a.line, a.reference.text()),
            })?;
            let size = a
                .reference
                .ty()
                .and_then(|t| t.size_unit())
                .and_then(|s| s.int_value())
                .filter(|&s| s > 0)
                .ok_or(Rejection {
                    reason: Reason::NonAffineAccess,
                    detail: format!("line {}: access of unknown size", a.line),
                })? as i128;
            let e = sizes.entry(base.key()).or_insert(size);
            if *e != size {
                return reject(
                    Reason::NonAffineAccess,
                    format!("line {}: '{}' is accessed with different sizes", a.line, base.name()),
                );
            }
            by_base.entry(base.key()).or_insert((base, Vec::new())).1.push((k, v.poly));
        }
        Ok((by_base, sizes))
    }

    /// Delinearizes one array (`base`, its accesses `offs`, elements of
    /// `elem` bytes, model name `name`): its shape and assumption, and each
    /// access's relation, into `views`.
    fn delinearize_array(
        &self,
        m: &AccessModel,
        base: &Base,
        offs: &[(usize, Polynomial)],
        elem: i128,
        name: &String,
        views: &mut ArrayViews,
    ) -> Outcome<()> {
        let (raw, iterators) = (m.raw, m.iterators);
        let is_iterator = |v: &str| iterators.values().any(|i| i == v);
        let hint = type_hint(base, elem);
        let polys: Vec<Polynomial> = offs.iter().map(|(_, p)| p.clone()).collect();
        let not_affine = |e| {
            let line = offs.first().map(|(k, _)| raw[*k].line).unwrap_or(0);
            Rejection {
                reason: Reason::NonAffineAccess,
                detail: format!("line {line}: accesses to '{}' are not affine ({e})", base.name()),
            }
        };
        let mut d = delinearize(&polys, elem, &is_iterator, hint.as_deref()).map_err(not_affine)?;
        let (mut assumed, mut borrowed) = self.row_bounds(m, offs, &d)?;
        // A C array's view that is not exact: the flat one is, where
        // the offsets are affine.
        if hint.is_some() && assumed.is_some() && polys.iter().all(Polynomial::is_affine) {
            d = delinearize(&polys, elem, &is_iterator, None).map_err(not_affine)?;
            borrowed.clear();
            assumed = None;
        }
        views.bases.insert(name.clone(), ArrayBase { base: *base, elem, sizes: d.shape.sizes.clone() });
        views.arrays.push(format!(
            "{name}{}",
            std::iter::once("*".to_string())
                .chain(d.shape.sizes.iter().map(|s| s.to_isl()))
                .map(|s| format!("[{s}]"))
                .collect::<String>()
        ));
        if let Some(s) = assumed {
            let s = self.ok(s.coalesce())?;
            if self.ok(s.is_empty())? {
                return reject(
                    Reason::NonAffineAccess,
                    format!("accesses to '{}' leave the rows of its delinearized shape", base.name()),
                );
            }
            let text = self.ok(s.to_str())?.to_string();
            views.assumptions.push(Assumption { kind: "delinearization", text: format!("{name}: {text}"), params: Some(text), product: None });
        }
        for (j, (k, _)) in offs.iter().enumerate() {
            let subs = borrowed.remove(&j).unwrap_or_else(|| d.subscripts[j].clone());
            views.relations[*k] = Some((name.clone(), subs));
        }
        Ok(())
    }

    /// The bounds that make the multi-dimensional view `d` of the accesses
    /// `offs` exact: proved, or held by borrowing a row (the subscripts
    /// then used, by access), or else assumed (the parameter set assumed).
    #[allow(clippy::type_complexity)]
    fn row_bounds(&self, m: &AccessModel, offs: &[(usize, Polynomial)], d: &Delinearized) -> Outcome<(Option<Set>, HashMap<usize, Vec<Polynomial>>)> {
        let AccessModel { tr, raw, doms, facts, no_facts, .. } = *m;
        // The bounds that make the multi-dimensional view exact: prove
        // them or assume them. C arrays are no exception: GCC folds
        // their subscripts into offsets whose columns can leave their
        // rows (`aa[j][i]`, i from j + 1, became 257*j + i + 1 elements
        // in, read as aa[0][257*j + i + 1]).
        let mut assumed: Option<Set> = None;
        // Accesses whose subscripts hold their bounds only with a row
        // borrowed (`Delinearized::borrowed`): the subscripts to use.
        let mut borrowed: HashMap<usize, Vec<Polynomial>> = HashMap::new();
        // Per block and bounds: the dimension that borrows a row, if any.
        let mut seen: HashMap<(i32, Vec<Cond>), Option<usize>> = HashMap::new();
        let as_conds = |bs: &[poly::Bound]| -> Vec<Cond> {
            bs.iter().flat_map(|b| [Cond::NonNeg(b.lower.clone()), Cond::NonNeg(b.upper.clone())]).collect()
        };
        for (j, (k, _)) in offs.iter().enumerate() {
            let a = &raw[*k];
            let iters = self.iters_of(&self.chain(a.block));
            let conds = as_conds(&d.bounds[j]);
            if conds.is_empty() {
                continue;
            }
            if let Some(fix) = seen.get(&(a.block, conds.clone())) {
                // The same bounds in the same block: the same borrow.
                if let Some((subs, _)) = fix.and_then(|dim| d.borrowed(j, dim)) {
                    borrowed.insert(j, subs);
                }
                continue;
            }
            // The instances of the access that leave the bounds.
            let outside = |conds: Vec<Cond>| -> Result<Set, Rejection> {
                let ok = self.constraint(tr, &iters, &Cond::And(conds))?;
                let dom = self.ok(doms[&a.block].copy())?;
                self.ok(dom.subtract(ok))
            };
            let bad = outside(conds.clone())?;
            // None where what is known of the parameters rules them
            // all out (else the assumption as it was: a run-time test
            // cannot read those facts' big constants).
            let ruled_out = |bad: &Set| -> Outcome<bool> {
                let known = self.constraint(tr, &iters, facts)?;
                self.ok(self.ok(self.ok(bad.copy())?.intersect(known))?.is_empty())
            };
            if self.ok(bad.is_empty())? || (!no_facts && ruled_out(&bad)?) {
                seen.insert((a.block, conds), None);
                continue;
            }
            let mut fixed = None;
            for dim in (1..d.shape.dims()).rev() {
                let Some((subs, bounds)) = d.borrowed(j, dim) else { continue };
                if self.ok(outside(as_conds(&bounds))?.is_empty())? {
                    fixed = Some((dim, subs));
                    break;
                }
            }
            seen.insert((a.block, conds), fixed.as_ref().map(|(dim, _)| *dim));
            if let Some((_, subs)) = fixed {
                borrowed.insert(j, subs);
                continue;
            }
            let holds = self.ok(self.ok(bad.params())?.complement())?;
            assumed = Some(match assumed {
                None => holds,
                Some(s) => self.ok(s.intersect(holds))?,
            });
        }
        Ok((assumed, borrowed))
    }

    /// The source counters' values, for naming cells as the source does.
    fn source_counters(&self, tr: &Translator) -> BTreeMap<String, (String, Polynomial)> {
        let mut counters = BTreeMap::new();
        for &l in &self.loops {
            let Some(t) = source_counter(l) else { continue };
            let (Some(src), Ok(v)) = (t.ssa_var_name(), tr.scratch().value(t, false)) else { continue };
            if v.base.is_none() && v.poly.is_affine() {
                counters.insert(self.iterators[&l].clone(), (isl_name(&src), v.poly));
            }
        }
        counters
    }

    /// At each loop, what the branches before it say too (a test
    /// versioning the loop runs there).
    fn known_at(&self, tr: &Translator, plist: &str, ranges: &Cond, facts: &Cond) -> BTreeMap<u32, String> {
        let mut known_at = BTreeMap::new();
        for &l in &self.loops {
            let Some(header) = LoopRef::get(l).map(|r| r.header()) else { continue };
            let more: Vec<Cond> = conditions_before(tr, header).into_iter().filter(|c| !matches!(&facts, Cond::And(f) if f.contains(c))).collect();
            if !more.is_empty() {
                known_at.insert(l, format!("[{plist}] -> {{ : {} }}", ranges.clone().and(facts.clone()).and(Cond::And(more))));
            }
        }
        known_at
    }

    /// Statements: blocks with accesses, each with its domain, 2d+1
    /// schedule and accesses; each one's iterators and subscripts into
    /// `accesses`.
    #[allow(clippy::too_many_arguments)]
    fn statements(
        &mut self,
        raw: &[RawAccess],
        doms: &BTreeMap<i32, Set>,
        relations: &[Option<(String, Vec<Polynomial>)>],
        scalars: &Scalars,
        has_errno: &BTreeSet<i32>,
        stmt_line: &BTreeMap<i32, u32>,
        plist: &str,
        accesses: &mut BTreeMap<String, (Vec<String>, Vec<Vec<Polynomial>>)>,
    ) -> Outcome<Vec<Statement>> {
        let (scalar_reads, scalar_writes) = (&scalars.reads, &scalars.writes);
        let depth = self.loops.iter().map(|&l| self.chain_len(l)).max().unwrap_or(0);
        let mut statements = Vec::new();
        for (&b, dom) in doms {
            let mine: Vec<usize> = (0..raw.len()).filter(|&k| raw[k].block == b).collect();
            let reads = scalar_reads.get(&b).cloned().unwrap_or_default();
            let writes = scalar_writes.get(&b).cloned().unwrap_or_default();
            if mine.is_empty() && reads.is_empty() && writes.is_empty() && !has_errno.contains(&b) {
                continue;
            }
            let sname = format!("S_{b}");
            let chain = self.chain(b);
            let iters = self.iters_of(&chain);
            let mut d = self.ok(dom.copy())?;
            for (k, it) in iters.iter().enumerate() {
                d = self.ok(d.set_dim_name(DimType::Set, k as u32, it))?;
            }
            d = self.ok(d.set_tuple_name(&sname))?;
            let d = self.ok(d.coalesce())?;
            let domain = self.ok(d.to_str())?.to_string();
            let pos = self.positions(b);
            let mut sched = Vec::new();
            for (k, p) in pos.iter().enumerate() {
                sched.push(p.to_string());
                if k < iters.len() {
                    sched.push(iters[k].clone());
                }
            }
            while sched.len() < 2 * depth + 1 {
                sched.push("0".into());
            }
            let head = format!("[{plist}] -> {{ {sname}[{}] -> ", iters.join(", "));
            let schedule = format!("{head}[{}] }}", sched.join(", "));
            let line = match stmt_line.get(&b).copied().unwrap_or(0) {
                // A block of copies only: the line of its loop.
                0 => chain.last().map(|&l| self.det.loop_line(l)).unwrap_or(0),
                l => l,
            };
            let mut st = Statement::new(&sname, line, &domain, &schedule);
            let subs_of = |k: &usize| relations[*k].as_ref().map(|(_, subs)| subs.clone()).unwrap_or_default();
            accesses.insert(sname.clone(), (iters.clone(), mine.iter().map(subs_of).collect()));
            for &k in &mine {
                let (arr, subs) = relations[k].clone().unwrap_or_else(|| unreachable!("every access has a relation"));
                let subs: Vec<String> = subs.iter().map(|p| p.to_isl()).collect();
                let kind = match raw[k].kind {
                    AccessKind::MustWrite if self.may_blocks.contains(&b) => AccessKind::MayWrite,
                    kind => kind,
                };
                st = st.access(kind, &arr, &format!("{head}{arr}[{}] }}", subs.join(", ")));
            }
            for r in &reads {
                st = st.reads(r, &format!("{head}{r}[] }}"));
            }
            for w in &writes {
                let kind = if self.may_blocks.contains(&b) { AccessKind::MayWrite } else { AccessKind::MustWrite };
                st = st.access(kind, w, &format!("{head}{w}[] }}"));
            }
            if has_errno.contains(&b) {
                st = st.may_write("errno", &format!("{head}errno[] }}"));
            }
            statements.push(st);
        }
        Ok(statements)
    }

    fn chain_len(&self, l: u32) -> usize {
        let mut n = 0;
        let mut x = l;
        while x != 0 && self.loops.contains(&x) {
            n += 1;
            x = self.det.parent.get(&x).copied().unwrap_or(0);
        }
        n
    }

    /// The iterators `v`'s value depends on, when it is rebuilt from the
    /// iterators and parameters (so it needs no array of its own wherever
    /// those iterators are in scope); None when it is not.
    fn rebuilt_from(&self, tr: &Translator, v: Tree) -> Option<Vec<String>> {
        if !v.ty().is_some_and(|t| t.is_integral() || t.is_pointer()) {
            return None;
        }
        let val = tr.scratch().value(v, true).ok()?;
        Some(val.poly.vars().into_iter().filter(|x| self.iterators.values().any(|i| i == x)).collect())
    }

    /// Whether the iterators `vars` are all in scope in block `at`.
    fn in_scope_at(&self, at: i32, vars: &[String]) -> bool {
        let iters = self.iters_of(&self.chain(at));
        vars.iter().all(|x| iters.contains(x))
    }

    fn scan_statement(s: Stmt, b: i32, raw: &mut Vec<RawAccess>, errno: &mut BTreeSet<i32>) -> Outcome<()> {
        let line = line_of(s);
        match s.kind() {
            SK::GP_STMT_DEBUG | SK::GP_STMT_LABEL | SK::GP_STMT_NOP | SK::GP_STMT_PREDICT | SK::GP_STMT_COND => {
                return Ok(());
            }
            SK::GP_STMT_ASSIGN | SK::GP_STMT_CALL => {}
            SK::GP_STMT_SWITCH => return reject(Reason::UnhandledStatement, format!("line {line}: switch statement")),
            SK::GP_STMT_ASM => return reject(Reason::UnhandledStatement, format!("line {line}: inline assembly")),
            SK::GP_STMT_RETURN => return reject(Reason::UnhandledStatement, format!("line {line}: return")),
            _ => return reject(Reason::UnhandledStatement, format!("line {line}: unhandled statement")),
        }
        if s.is_clobber() {
            return Ok(());
        }
        if s.has_volatile_ops() {
            return reject(Reason::Volatile, format!("line {line}: volatile access"));
        }
        if s.could_throw() {
            return reject(Reason::UnhandledStatement, format!("line {line}: statement may throw"));
        }
        let mut push = |kind, t: Tree| raw.push(RawAccess { kind, reference: t, block: b, line });
        if s.kind() == SK::GP_STMT_CALL {
            let name = s.call_name().unwrap_or_else(|| "an indirect call".into());
            let (is_const, is_pure, builtin, internal) = s.call_flags();
            let errno_only = builtin && is_math_function(&name);
            if !(is_const || (internal && !s.writes_memory()) || errno_only) {
                let what = if is_pure { "reads memory the model cannot see" } else { "may have side effects" };
                return reject(Reason::SideEffectCall, format!("line {line}: call to '{name}' {what}"));
            }
            if s.writes_memory() || s.reads_memory() {
                if !errno_only {
                    return reject(Reason::SideEffectCall, format!("line {line}: call to '{name}' touches memory"));
                }
                errno.insert(b);
            }
            for a in s.call_args() {
                if is_memory_ref(a) {
                    return reject(Reason::SideEffectCall, format!("line {line}: call to '{name}' with an aggregate argument"));
                }
            }
            if let Some(l) = s.call_lhs().filter(|l| is_memory_ref(*l)) {
                push(AccessKind::MustWrite, l);
            }
            return Ok(());
        }
        let lhs = s.assign_lhs().ok_or(Rejection { reason: Reason::UnhandledStatement, detail: format!("line {line}: malformed assignment") })?;
        let aggregate = |t: Tree| t.ty().is_some_and(|ty| !(ty.is_integral() || ty.is_pointer() || ty.class() == crate::ffi::gp_type_kind::GP_TY_REAL));
        if is_memory_ref(lhs) {
            if aggregate(lhs) {
                return reject(Reason::UnhandledStatement, format!("line {line}: aggregate store {}", lhs.text()));
            }
            push(AccessKind::MustWrite, lhs);
        }
        for r in s.assign_rhs() {
            if is_memory_ref(r) {
                if aggregate(r) {
                    return reject(Reason::UnhandledStatement, format!("line {line}: aggregate load {}", r.text()));
                }
                push(AccessKind::Read, r);
            }
        }
        Ok(())
    }
}

/// The scalars of a region's statements (`RegionBuilder::scalars`): the
/// zero-dimensional arrays each block reads and writes, and those whose
/// values are used after the region.
struct Scalars {
    reads: BTreeMap<i32, BTreeSet<String>>,
    writes: BTreeMap<i32, BTreeSet<String>>,
    live_out: BTreeSet<String>,
}

/// What delinearizing a region's arrays reads: the translator, the
/// iterators, the accesses, the blocks' domains and what is known of the
/// parameters.
#[derive(Clone, Copy)]
struct AccessModel<'m, 'a> {
    tr: &'m Translator<'a>,
    iterators: &'m HashMap<u32, String>,
    raw: &'m [RawAccess],
    doms: &'m BTreeMap<i32, Set>,
    facts: &'m Cond,
    no_facts: bool,
}

/// What delinearizing a region's arrays gives: each access's relation (by
/// access), the assumptions made, the arrays' shapes for the dump, and
/// each array's base and shape by model name.
struct ArrayViews {
    relations: Vec<Option<(String, Vec<Polynomial>)>>,
    assumptions: Vec<Assumption>,
    arrays: Vec<String>,
    bases: BTreeMap<String, ArrayBase>,
}

/// Array names, unique: each base's model name, by base.
fn array_names(tr: &Translator, by_base: &BTreeMap<(u8, u32), BaseAccesses>) -> BTreeMap<(u8, u32), String> {
    let mut array_name: BTreeMap<(u8, u32), String> = BTreeMap::new();
    let mut taken: HashSet<String> = HashSet::new();
    for (key, (base, _)) in by_base {
        let stem = isl_name(&base.name());
        let name = if taken.contains(&stem) || tr.params.contains_key(&stem) { format!("{stem}_{}", key.1) } else { stem };
        taken.insert(name.clone());
        array_name.insert(*key, name);
    }
    array_name
}

/// Bases that may overlap: the model keeps them apart and says so, with
/// a no-alias assumption (into `assumptions`) per pair; the pairs.
fn no_alias_pairs(
    raw: &[RawAccess],
    by_base: &BTreeMap<(u8, u32), BaseAccesses>,
    array_name: &BTreeMap<(u8, u32), String>,
    assumptions: &mut Vec<Assumption>,
) -> Vec<(String, String)> {
    let mut alias_pairs = Vec::new();
    let written: HashSet<(u8, u32)> = by_base
        .iter()
        .filter(|(_, (_, offs))| offs.iter().any(|(k, _)| raw[*k].kind != AccessKind::Read))
        .map(|(key, _)| *key)
        .collect();
    let keys: Vec<(u8, u32)> = by_base.keys().copied().collect();
    for (x, kx) in keys.iter().enumerate() {
        for ky in &keys[x + 1..] {
            if !written.contains(kx) && !written.contains(ky) {
                continue;
            }
            let (bx, by) = (by_base[kx].0, by_base[ky].0);
            let may = match (bx, by) {
                (Base::Decl(_), Base::Decl(_)) => false,
                (Base::Ptr(p), Base::Decl(d)) | (Base::Decl(d), Base::Ptr(p)) => p.ptr_may_alias_decl(d),
                (Base::Ptr(p), Base::Ptr(q)) => p.ptr_may_alias_ptr(q),
            };
            if may {
                alias_pairs.push((array_name[kx].clone(), array_name[ky].clone()));
                assumptions.push(Assumption {
                    kind: "no-alias",
                    text: format!("'{}' and '{}' do not overlap", array_name[kx], array_name[ky]),
                    params: None,
                    product: None,
                });
            }
        }
    }
    alias_pairs
}

/// An obligation as a condition; None on overflow.
fn obligation(o: &Obligation) -> Option<Cond> {
    let c = Cond::within(&o.poly, o.lo, o.hi)?;
    Some(match &o.when {
        Some(w) => w.clone().not().or(c),
        None => c,
    })
}

/// The parameters' type ranges; None on overflow.
fn param_ranges(tr: &Translator) -> Option<Cond> {
    tr.params.iter().try_fold(Cond::True, |acc, (n, p)| Some(acc.and(Cond::within(&Polynomial::var(n), p.lo, p.hi)?)))
}

/// What holds between parameters one of which is the other converted:
/// the row stride `(sizetype) m` GCC computes for `double A[n][m]` is `m`
/// where `m >= 0` and `m + 2^64` where not, so the rows' bound `p >= m`
/// needs no test. None when a coefficient overflows.
fn param_facts(tr: &Translator, start: Option<i32>) -> Option<Cond> {
    let by_version: HashMap<u32, &str> = tr.params.iter().map(|(n, p)| (p.tree.ssa_version(), n.as_str())).collect();
    let mut facts = start.map(|b| conditions_before(tr, b)).unwrap_or_default();
    for (name, p) in &tr.params {
        let Some((root, wrap)) = converted_from(p.tree, &by_version) else { continue };
        let (v, x) = (Polynomial::var(name), Polynomial::var(root));
        let same = Cond::Zero(v.checked_sub(&x)?);
        facts.push(match wrap {
            None => same,
            Some(bits) => {
                let wrapped = Cond::Zero(v.checked_sub(&x.checked_add(&Polynomial::constant(1i128.checked_shl(bits)?))?)?);
                let negative = Cond::NonNeg(x.checked_scale(-1)?.checked_sub(&Polynomial::constant(1))?);
                Cond::NonNeg(x).and(same).or(negative.and(wrapped))
            }
        });
    }
    Some(Cond::And(facts))
}

/// The conditions on the parameters of `tr` that hold wherever block
/// `start` runs: those of the branches before it one of whose edges leads
/// to it (the caller's `if (x > 5)` around an inlined callee's loop). The
/// branch's block dominates `start`, and so does its edge's destination,
/// which no other edge enters. Comparisons that are not affine in the
/// parameters already met, or that rest on values not wrapping, are left
/// out.
fn conditions_before(tr: &Translator, start: i32) -> Vec<Cond> {
    // Far enough for the conditions of a function's few enclosing blocks.
    const MOST_BLOCKS: usize = 256;
    let mut out = Vec::new();
    let mut at = start;
    for _ in 0..MOST_BLOCKS {
        let Some(b) = ir::idom(at) else { break };
        at = b;
        let succs = ir::succs(b);
        if succs.len() != 2 {
            continue;
        }
        let taken: Vec<&ir::EdgeInfo> =
            succs.iter().filter(|e| e.abnormal == 0 && ir::preds(e.dest).len() == 1 && ir::dominated_by(start, e.dest)).collect();
        let [e] = taken.as_slice() else { continue };
        // The block's statements only for a branch that leads to `start`.
        let Some(last) = ir::stmts(b).last().copied().filter(|s| s.kind() == SK::GP_STMT_COND) else { continue };
        let holds = match (e.true_value != 0, e.false_value != 0) {
            (true, false) => true,
            (false, true) => false,
            _ => continue,
        };
        let Some((lhs, rhs)) = last.cond_operands() else { continue };
        comparison_facts(tr, last.cond_code(), lhs, rhs, holds, 0, &mut out);
    }
    out
}

/// What `lhs code rhs` being `holds` says of the parameters of `tr`, into
/// `out`: the comparison itself where it is affine in the parameters met
/// so far and rests on no value not wrapping; for a truth value compared
/// with zero (GCC's `_3 = _1 & _2; if (_3 != 0)` for `x > 5 && y > 5`),
/// the comparisons it is made of, as far as its value decides them.
fn comparison_facts(tr: &Translator, code: TK, lhs: Tree, rhs: Tree, holds: bool, depth: u32, out: &mut Vec<Cond>) {
    if depth > 8 || !lhs.ty().is_some_and(|t| t.is_integral()) || !rhs.ty().is_some_and(|t| t.is_integral()) {
        return;
    }
    let is_zero = rhs.kind() == TK::GP_T_INTEGER_CST && rhs.int_value() == Some(0);
    // Values 0 and 1 only: `!= 0` is `== 1`, and `&` and `|` are logical.
    let boolean = lhs.ty().is_some_and(|t| t.precision() == 1 && t.unsigned());
    if is_zero && boolean && matches!(code, TK::GP_T_NE | TK::GP_T_EQ) {
        let value = holds == (code == TK::GP_T_NE);
        let Some(d) = lhs.def_stmt().filter(|d| d.kind() == SK::GP_STMT_ASSIGN) else { return };
        let ops = d.assign_rhs();
        match (d.assign_rhs_code(), ops.as_slice()) {
            (c @ (TK::GP_T_LT | TK::GP_T_LE | TK::GP_T_GT | TK::GP_T_GE | TK::GP_T_EQ | TK::GP_T_NE), [a, b]) => {
                comparison_facts(tr, c, *a, *b, value, depth + 1, out);
            }
            (_, [a, b]) => {
                // Both sides true of a true `&`, both false of a false `|`.
                let decides = match d.assign_rhs_code_name().as_str() {
                    "bit_and_expr" => value,
                    "bit_ior_expr" => !value,
                    _ => false,
                };
                if decides {
                    for x in [*a, *b] {
                        comparison_facts(tr, TK::GP_T_NE, x, rhs, value, depth + 1, out);
                    }
                }
            }
            _ => {}
        }
        return;
    }
    let mut probe = tr.probe();
    let Ok(cond) = probe.comparison_of(code, lhs, rhs) else { return };
    if !probe.pending.is_empty() || !cond.polys().iter().all(|p| p.vars().iter().all(|v| tr.params.contains_key(v))) {
        return;
    }
    out.push(if holds { cond } else { cond.not() });
}

/// The parameter `t` is a conversion of, through integer conversions that
/// keep every value, and at most one from a signed type to an unsigned
/// one at least as wide, which adds 2^bits to a negative value (those
/// bits). A PHI is one of a parameter PHI of its block when each of its
/// arguments is one of the other's on the same edge, or the same
/// non-negative constant (`sz[1]`'s default and its value read, and the
/// row stride of each).
fn converted_from<'p>(t: Tree, params: &HashMap<u32, &'p str>) -> Option<(&'p str, Option<u32>)> {
    let phi = t.def_stmt().filter(|d| d.kind() == SK::GP_STMT_PHI);
    if let Some(d) = phi {
        let args = d.phi_args();
        // The block's PHIs in order: one answer on every build.
        return ir::phis(d.bb()).into_iter().filter(|q| *q != d).find_map(|x| {
            let name = *params.get(&x.phi_result()?.ssa_version())?;
            let xs = x.phi_args();
            let mut wraps = BTreeSet::new();
            for (a, src) in &args {
                let (b, _) = xs.iter().find(|(_, s)| s == src)?;
                match (a.kind(), b.kind()) {
                    (TK::GP_T_INTEGER_CST, TK::GP_T_INTEGER_CST) if a.int_value()? == b.int_value()? && b.int_value()? >= 0 => {}
                    (TK::GP_T_SSA_NAME, TK::GP_T_SSA_NAME) => {
                        wraps.insert(conversions(*a, |f| f == *b)?.1);
                    }
                    _ => return None,
                }
            }
            // One relation on every edge.
            (wraps.len() <= 1).then(|| (name, wraps.into_iter().next().flatten()))
        });
    }
    let (from, wrap) = conversions(t, |f| f != t && f.kind() == TK::GP_T_SSA_NAME && params.contains_key(&f.ssa_version()))?;
    Some((params[&from.ssa_version()], wrap))
}

/// Follows the integer conversions that make `t` (as `converted_from`
/// allows them) down to the first value `stop` accepts: that value and
/// the bits of the one wrapping conversion, if any.
fn conversions(t: Tree, stop: impl Fn(Tree) -> bool) -> Option<(Tree, Option<u32>)> {
    if stop(t) {
        return Some((t, None));
    }
    let mut at = t;
    let mut wrap = None;
    for _ in 0..4 {
        let d = at.def_stmt()?;
        let rhs = d.assign_rhs();
        if d.kind() != SK::GP_STMT_ASSIGN || !matches!(d.assign_rhs_code_name().as_str(), "nop_expr" | "convert_expr") || rhs.len() != 1 {
            return None;
        }
        let from = rhs[0];
        let (to_ty, from_ty) = (at.ty()?, from.ty()?);
        if from.kind() != TK::GP_T_SSA_NAME || !to_ty.is_integral() || !from_ty.is_integral() {
            return None;
        }
        let (pt, pf) = (to_ty.precision(), from_ty.precision());
        match (from_ty.unsigned(), to_ty.unsigned()) {
            (false, false) | (true, true) if pt >= pf => {}
            (true, false) if pt > pf => {}
            (false, true) if pt >= pf && wrap.is_none() => wrap = Some(pt),
            _ => return None,
        }
        if stop(from) {
            return Some((from, wrap));
        }
        at = from;
    }
    None
}

fn overflow() -> Rejection {
    Rejection { reason: Reason::IslLimit, detail: "coefficient overflow in a condition".into() }
}

/// A zero-dimensional array's name for an SSA value.
pub(crate) fn scalar_name(v: Tree) -> String {
    let stem = v.ssa_var_name().map(|n| isl_name(&n)).unwrap_or_else(|| "t".into());
    format!("{stem}_{}", v.ssa_version())
}

/// The inner dimension sizes a C array type gives an access of `elem`
/// bytes: `double A[N][M]` gives [M]; a pointer to `double[M]` too.
fn type_hint(base: &Base, elem: i128) -> Option<Vec<Polynomial>> {
    let ty = match base {
        Base::Decl(d) => d.ty()?,
        Base::Ptr(p) => p.ty()?.target()?,
    };
    let mut dims = Vec::new();
    let mut t = ty;
    // For a declared array, its own (outermost) extent is not a stride.
    let mut outer = matches!(base, Base::Decl(_));
    while t.class() == crate::ffi::gp_type_kind::GP_TY_ARRAY {
        let lo = t.array_min().and_then(|x| x.int_value());
        let hi = t.array_max().and_then(|x| x.int_value());
        if !outer {
            match (lo, hi) {
                (Some(lo), Some(hi)) if hi >= lo => dims.push(Polynomial::constant((hi - lo + 1) as i128)),
                _ => return None,
            }
        }
        outer = false;
        t = t.target()?;
    }
    let size = t.size_unit().and_then(|s| s.int_value())? as i128;
    if dims.is_empty() || size != elem {
        return None;
    }
    Some(dims)
}
