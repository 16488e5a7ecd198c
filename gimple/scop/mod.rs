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

use super::affine::{isl_name, Base, BoundExpr, IndexRange, Obligation, Products, Translator, Value};
use super::ir::{self, LoopRef, Stmt, Tree};
use super::loops::LoopForest;
use crate::ffi::{gp_stmt_kind as SK, gp_tree_kind as TK};
use isl_rs::{DimType, Set};
use poly::{delinearize, AccessKind, BoundedCtx, CmpOp, Cond, Delinearized, IslFailure, Polynomial, Scop, Statement};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

mod accesses;
mod arrays;
mod build;
mod detect;
mod domains;
mod params;

pub(crate) use accesses::scalar_name;
use accesses::{array_names, indirect_reads_apart, no_alias_pairs, pure_calls_apart, Scalars};
use arrays::{AccessModel, ArrayViews};
use params::{conditions_before, obligation, param_facts, param_ranges};

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
    /// Reads whose address the model does not follow (`p[col[k]]`): each
    /// a read of the whole of an object that nothing in the region writes
    /// or may overlap, so that it carries no dependence and is left out of
    /// the accesses; (the object's name, the line). Consumers that need
    /// every access (offload maps) refuse a region that has any.
    pub indirect_reads: Vec<(String, u32)>,
    /// Innermost loops whose iteration count is read from memory in the
    /// region (CSR's `k < rowstr[j + 1]`): (loop, line). The model runs
    /// them any number of times, their blocks under may-semantics, so that
    /// the loops around them are judged soundly; they get no verdict of
    /// their own, and the rewrites that need exact counts skip the region
    /// (`Region::counted`).
    pub uncounted: Vec<(u32, u32)>,
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
    /// Every loop's count is known to the model: the rewrites that change
    /// loops' shapes or orders (interchange, skew, jam, shift, splits,
    /// wavefronts, collapse, cells carried, offload) take only such
    /// regions; an uncounted loop's region gets the parallel marking alone.
    pub fn counted(&self) -> bool {
        self.uncounted.is_empty()
    }

    /// The budget of isl calls of one step of this region's analysis
    /// (`poly::Work::region`), by its line: the same in every pass.
    pub fn work(&self) -> poly::Work {
        poly::Work::region(self.line as u64)
    }

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
#[derive(Clone)]
struct RawAccess {
    kind: AccessKind,
    reference: Tree,
    block: i32,
    line: u32,
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
    /// Innermost loops whose count is read in the region: (loop, line).
    uncounted: Vec<(u32, u32)>,
}

fn overflow() -> Rejection {
    Rejection { reason: Reason::IslLimit, detail: "coefficient overflow in a condition".into() }
}
