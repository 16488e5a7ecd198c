//! From GCC's scalar evolutions to polynomials over the region's iterators
//! and parameters, with the conditions that make the translation exact.
//!
//! GIMPLE arithmetic is modular in unsigned types; a polynomial is exact
//! only where the value it computes lies in the type's range. Each place
//! where that matters (a conversion out of an unsigned type, a narrowing,
//! a compared or counted value) leaves an `Obligation` that the region
//! builder proves over the iteration domain, or the region is rejected.
//! Address arithmetic is modular in pointer width anyway, so conversions
//! into it only need their operand exact.

use super::ir::{Tree, Type};
use crate::ffi::gp_tree_kind as TK;
use poly::{CmpOp, Cond, Polynomial};
use std::collections::{BTreeMap, HashMap};

/// Where an address starts: a declared object or a pointer value that is
/// invariant in the region.
#[derive(Clone, Copy, Debug)]
pub enum Base {
    Decl(Tree),
    Ptr(Tree),
}

impl Base {
    /// Identity: the declaration's uid or the SSA name's version.
    pub fn key(&self) -> (u8, u32) {
        match self {
            Base::Decl(t) => (0, t.decl_uid()),
            Base::Ptr(t) => (1, t.ssa_version()),
        }
    }

    /// The source name, for the model and the report.
    pub fn name(&self) -> String {
        match self {
            Base::Decl(t) => t.decl_name().unwrap_or_else(|| format!("D{}", t.decl_uid())),
            Base::Ptr(t) => t.ssa_var_name().unwrap_or_else(|| format!("p{}", t.ssa_version())),
        }
    }
}

/// An integer or address value: `base + poly` (no base for integers).
#[derive(Clone, Debug)]
pub struct Value {
    pub base: Option<Base>,
    pub poly: Polynomial,
}

/// `lo <= poly <= hi` must hold wherever the value is computed.
#[derive(Clone, Debug)]
pub struct Obligation {
    pub poly: Polynomial,
    pub lo: i128,
    pub hi: i128,
    pub what: String,
    /// Only where this condition holds.
    pub when: Option<Cond>,
}

/// A loop bound: the latch-execution count, with the min/max GCC builds for
/// bounds like `j < min(n, i)`.
#[derive(Clone, Debug)]
pub enum BoundExpr {
    Poly(Polynomial),
    Min(Vec<BoundExpr>),
    Max(Vec<BoundExpr>),
    /// `cond ? a : b`.
    Cond(Cond, Box<BoundExpr>, Box<BoundExpr>),
    /// `a / c` rounded down, `c` > 0, of a value `a` never negative (the
    /// count of a loop by steps of c, `(unsigned) (n - 1) / c`).
    Div(Box<BoundExpr>, i128),
    /// No upper bound the model can state: the count of an inner loop
    /// read from memory in the region (CSR's `k < rowstr[j + 1]`), whose
    /// body the model then over-approximates (`RegionBuilder::body_domains`).
    Unbounded,
}

impl BoundExpr {
    /// `var <= self` in isl notation.
    /// `var <= bound`; None on coefficient overflow.
    pub fn upper_bound_of(&self, var: &Polynomial) -> Option<Cond> {
        Some(match self {
            BoundExpr::Poly(p) => Cond::cmp(CmpOp::Le, var, p)?,
            // Below a minimum means below each; below a maximum, below one.
            BoundExpr::Min(v) => Cond::And(v.iter().map(|b| b.upper_bound_of(var)).collect::<Option<_>>()?),
            BoundExpr::Max(v) => Cond::Or(v.iter().map(|b| b.upper_bound_of(var)).collect::<Option<_>>()?),
            BoundExpr::Cond(c, a, b) => Cond::Or(vec![
                c.clone().and(a.upper_bound_of(var)?),
                c.clone().not().and(b.upper_bound_of(var)?),
            ]),
            // var <= floor(a / c) exactly when c * var <= a.
            BoundExpr::Div(a, c) => a.upper_bound_of(&var.checked_scale(*c)?)?,
            BoundExpr::Unbounded => Cond::True,
        })
    }

    /// The bound as pieces: each a condition and the polynomial it equals
    /// there, the conditions covering every case. None for a division, on
    /// overflow, or over 16 pieces.
    pub fn pieces(&self) -> Option<Vec<(Cond, Polynomial)>> {
        let out = match self {
            BoundExpr::Poly(p) => vec![(Cond::True, p.clone())],
            BoundExpr::Min(v) | BoundExpr::Max(v) => {
                let min = matches!(self, BoundExpr::Min(_));
                let mut arms = v.iter();
                let mut acc = arms.next()?.pieces()?;
                for arm in arms {
                    let other = arm.pieces()?;
                    let mut next = Vec::new();
                    for (ca, a) in &acc {
                        for (cb, b) in &other {
                            // The first where it is the smaller (larger), ties included.
                            let first = Cond::cmp(if min { CmpOp::Le } else { CmpOp::Ge }, a, b)?;
                            let both = ca.clone().and(cb.clone());
                            next.push((both.clone().and(first.clone()), a.clone()));
                            next.push((both.and(first.not()), b.clone()));
                        }
                    }
                    acc = next;
                    if acc.len() > 16 {
                        return None;
                    }
                }
                acc
            }
            BoundExpr::Cond(c, a, b) => {
                let mut out: Vec<(Cond, Polynomial)> = a.pieces()?.into_iter().map(|(x, p)| (c.clone().and(x), p)).collect();
                out.extend(b.pieces()?.into_iter().map(|(x, p)| (c.clone().not().and(x), p)));
                out
            }
            BoundExpr::Div(..) | BoundExpr::Unbounded => return None,
        };
        (out.len() <= 16).then_some(out)
    }

    /// Every polynomial of the bound, those of its conditions included.
    pub fn polys(&self) -> Vec<Polynomial> {
        match self {
            BoundExpr::Poly(p) => vec![p.clone()],
            BoundExpr::Min(v) | BoundExpr::Max(v) => v.iter().flat_map(|b| b.polys()).collect(),
            BoundExpr::Cond(c, a, b) => c.polys().into_iter().chain(a.polys()).chain(b.polys()).collect(),
            BoundExpr::Div(a, _) => a.polys(),
            BoundExpr::Unbounded => Vec::new(),
        }
    }
}

/// `p`, affine in the variables of `found`, with each replaced by the
/// minimum or maximum it stands for: `c*min(a, b) + q` is `min(c*a + q,
/// c*b + q)` for c > 0 and the maximum of the two for c < 0. None where a
/// variable is not affine in `p` or a coefficient overflows.
fn distribute(p: Polynomial, found: &[MinMax]) -> Option<BoundExpr> {
    let Some(m) = found.iter().find(|m| p.mentions(&m.var)) else {
        return Some(BoundExpr::Poly(p));
    };
    let c = p.coefficient(std::slice::from_ref(&m.var));
    let rest = p.checked_sub(&Polynomial::var(&m.var).checked_scale(c)?)?;
    if c == 0 || rest.mentions(&m.var) {
        return None;
    }
    let arms = vec![distribute(p.substitute(&m.var, &m.a)?, found)?, distribute(p.substitute(&m.var, &m.b)?, found)?];
    Some(if m.min == (c > 0) { BoundExpr::Min(arms) } else { BoundExpr::Max(arms) })
}

/// `polys` where `init` holds, case by case of the minima and maxima of
/// `found`: each case a condition (the operand each one takes) and the
/// polynomials with every fresh variable replaced. None on overflow or
/// over 16 cases.
pub fn cases(init: Cond, polys: Vec<Polynomial>, found: &[MinMax]) -> Option<Vec<(Cond, Vec<Polynomial>)>> {
    let mut out = vec![(init, polys)];
    // Latest first: its operands mention only earlier variables.
    for m in found.iter().rev() {
        let mut next = Vec::new();
        for (c, ps) in out {
            if !ps.iter().any(|p| p.mentions(&m.var)) && !c.vars().contains(&m.var) {
                next.push((c, ps));
                continue;
            }
            // A minimum is a where a <= b, a maximum where a >= b.
            let take_a = Cond::cmp(if m.min { CmpOp::Le } else { CmpOp::Ge }, &m.a, &m.b)?;
            for (which, v) in [(take_a.clone(), &m.a), (take_a.not(), &m.b)] {
                let ps = ps.iter().map(|p| p.substitute(&m.var, v)).collect::<Option<Vec<_>>>()?;
                next.push((c.substitute(&m.var, v)?.and(which), ps));
            }
        }
        if next.len() > 16 {
            return None;
        }
        out = next;
    }
    Some(out)
}

/// A parameter of the region: an integer SSA name defined before it.
#[derive(Clone, Debug)]
pub struct Param {
    pub lo: i128,
    pub hi: i128,
    /// The SSA name it stands for (run-time tests read it).
    pub tree: Tree,
}

/// Why a value is outside the model.
pub type Unmodelled = String;

/// The translation context of one region.
pub struct Translator<'a> {
    /// Region loop number -> iterator name.
    pub iterators: &'a HashMap<u32, String>,
    /// Whether a block belongs to the region.
    pub in_region: &'a dyn Fn(i32) -> bool,
    pub params: BTreeMap<String, Param>,
    /// Parameter names by SSA version, so one name stays one name.
    param_names: HashMap<u32, String>,
    /// Obligations of the value translated last; drained by the caller.
    pub pending: Vec<Obligation>,
    /// The evolution of a PHI in the header of a region loop.
    header_evolution: &'a dyn Fn(Tree) -> Option<Tree>,
    depth: u32,
    /// The header PHI `counter` is reading the step of.
    counter_phi: Option<u32>,
    /// The region's first block: its PHIs hold values from before the
    /// region, so they are parameters.
    pub entry_block: Option<i32>,
    /// While a bound is read: the minima and maxima met inside it, each a
    /// fresh variable standing for it (`bound` distributes them out).
    minmax: Option<Vec<MinMax>>,
    /// PHIs outside loop headers whose value the region builder proved to
    /// be one polynomial wherever they are reached (`RegionBuilder::merges`), by
    /// SSA version.
    pub merges: HashMap<u32, Polynomial>,
    /// Whether sizes computed before the region are read as products.
    pub products: Products,
}

/// Sizes computed before the region from other sizes (`n * n` of `double
/// (*A)[n][n]`, or a stride over the element size): read through to their
/// factors where they make an address when `read`, so that one array's
/// strides divide one another; parameters otherwise, so that a flat array
/// of `n * n` rows keeps an affine bound. `met` records that one was seen,
/// for the region builder to try again with `read`.
#[derive(Clone, Default)]
pub struct Products {
    pub read: bool,
    pub met: std::rc::Rc<std::cell::Cell<bool>>,
}

/// A `min(a, b)` or `max(a, b)` inside a bound, as the variable `var`.
pub struct MinMax {
    var: String,
    min: bool,
    a: Polynomial,
    b: Polynomial,
}

/// The most minima and maxima one bound may hold (each doubles its pieces).
const MAX_MINMAX: usize = 4;

/// How deep definitions are followed before giving up.
const MAX_DEPTH: u32 = 64;

/// The range of an integer type of `prec` bits.
pub fn type_range(ty: Type) -> (i128, i128) {
    let prec = ty.precision().clamp(1, 127);
    if ty.unsigned() || ty.is_pointer() {
        (0, (1i128 << prec) - 1)
    } else {
        (-(1i128 << (prec - 1)), (1i128 << (prec - 1)) - 1)
    }
}

/// Whether integer type `to` holds every value of `from`.
pub fn holds_every_value(to: Type, from: Type) -> bool {
    let ((flo, fhi), (tlo, thi)) = (type_range(from), type_range(to));
    tlo <= flo && fhi <= thi
}

/// `a CODE c` for a GIMPLE comparison code; None for codes that are not
/// comparisons (and on coefficient overflow).
pub fn comparison(code: TK, a: &Polynomial, c: &Polynomial) -> Option<Cond> {
    let op = match code {
        TK::GP_T_LT => CmpOp::Lt,
        TK::GP_T_LE => CmpOp::Le,
        TK::GP_T_GT => CmpOp::Gt,
        TK::GP_T_GE => CmpOp::Ge,
        TK::GP_T_EQ => CmpOp::Eq,
        TK::GP_T_NE => CmpOp::Ne,
        _ => return None,
    };
    Cond::cmp(op, a, c)
}

/// A name isl accepts: letters, digits and underscores.
pub fn isl_name(s: &str) -> String {
    let mut out: String = s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'v');
    }
    out
}

impl<'a> Translator<'a> {
    pub fn new(
        iterators: &'a HashMap<u32, String>,
        in_region: &'a dyn Fn(i32) -> bool,
        header_evolution: &'a dyn Fn(Tree) -> Option<Tree>,
    ) -> Self {
        Translator {
            iterators,
            in_region,
            params: BTreeMap::new(),
            param_names: HashMap::new(),
            pending: Vec::new(),
            header_evolution,
            depth: 0,
            counter_phi: None,
            entry_block: None,
            minmax: None,
            merges: HashMap::new(),
            products: Products::default(),
        }
    }

    /// A translator with the same region and no state, for trial runs.
    pub fn scratch(&self) -> Translator<'a> {
        let mut t = Translator::new(self.iterators, self.in_region, self.header_evolution);
        t.entry_block = self.entry_block;
        t.merges = self.merges.clone();
        t.products = self.products.clone();
        t
    }

    /// A scratch translator that names the parameters met so far as this
    /// one does: a trial translation over them reads as this one's.
    pub fn probe(&self) -> Translator<'a> {
        let mut t = self.scratch();
        t.params = self.params.clone();
        t.param_names = self.param_names.clone();
        t
    }

    /// Whether `t` is a size computed before the region (`Products`): an
    /// integer product or exact division defined outside it, in an address.
    /// Addresses are modular, as the product is.
    fn size_product(&self, t: Tree, address: bool) -> bool {
        address
            && t.ty().is_some_and(|ty| ty.is_integral())
            && !t.def_bb().is_some_and(|b| (self.in_region)(b))
            && t.def_stmt().is_some_and(|d| {
                d.kind() == crate::ffi::gp_stmt_kind::GP_STMT_ASSIGN
                    && matches!(d.assign_rhs_code(), TK::GP_T_MULT | TK::GP_T_EXACT_DIV)
            })
    }

    /// The value of an SSA name defined in the region, from its definition:
    /// arithmetic is followed, a loop counter is its evolution, anything
    /// else (a load, a merge of branches, a call) is outside the model.
    fn defined_value(&mut self, t: Tree, address: bool) -> Result<Value, Unmodelled> {
        let def = t.def_stmt().ok_or_else(|| format!("'{}' has no definition", t.text()))?;
        let not_affine = || format!("'{}' is not affine", t.text());
        match def.kind() {
            crate::ffi::gp_stmt_kind::GP_STMT_PHI if self.merges.contains_key(&t.ssa_version()) => {
                Ok(Value { base: None, poly: self.merges[&t.ssa_version()].clone() })
            }
            crate::ffi::gp_stmt_kind::GP_STMT_PHI => match (self.header_evolution)(t) {
                Some(e) if e.kind() == TK::GP_T_CHREC => self.value(e, address),
                _ => self.counter(t, def, address).ok_or_else(not_affine),
            },
            crate::ffi::gp_stmt_kind::GP_STMT_ASSIGN => {
                let code = def.assign_rhs_code();
                let ops = def.assign_rhs();
                let ty = t.ty().ok_or("untyped")?;
                match code {
                    TK::GP_T_SSA_NAME | TK::GP_T_INTEGER_CST | TK::GP_T_ADDR_EXPR => {
                        self.value(*ops.first().ok_or("malformed")?, address)
                    }
                    TK::GP_T_PLUS
                    | TK::GP_T_MINUS
                    | TK::GP_T_MULT
                    | TK::GP_T_NEGATE
                    | TK::GP_T_POINTER_PLUS
                    | TK::GP_T_POINTER_DIFF
                    | TK::GP_T_EXACT_DIV
                    | TK::GP_T_LSHIFT
                    | TK::GP_T_BIT_NOT
                    | TK::GP_T_CONVERT => self.apply(code, &ops, ty, address, &t.text()),
                    TK::GP_T_MIN | TK::GP_T_MAX if self.minmax.is_some() && !address && ops.len() == 2 => {
                        self.min_max(code == TK::GP_T_MIN, ops[0], ops[1], ty)
                    }
                    _ => Err(format!("'{}' = {} is not affine", t.text(), def.assign_rhs_code_name())),
                }
            }
            _ => Err(not_affine()),
        }
    }

    /// A region loop's header PHI that GCC's scalar evolution does not
    /// analyze (at -O1 it does not see through the copies store motion
    /// leaves): `init` on entry, and on the latch itself plus a step
    /// invariant in the loop, so `init + step * it`.
    fn counter(&mut self, t: Tree, phi: super::ir::Stmt, address: bool) -> Option<Value> {
        let b = t.def_bb()?;
        let l = super::ir::bb_loop(b);
        let r = super::ir::LoopRef::get(l).filter(|r| r.header() == b)?;
        let it = self.iterators.get(&l)?.clone();
        if self.counter_phi.is_some() {
            return None;
        }
        let args = phi.phi_args();
        let [(a0, s0), (a1, s1)] = args.as_slice() else { return None };
        let (init, next) = if *s0 == r.latch() { (*a1, *a0) } else if *s1 == r.latch() { (*a0, *a1) } else { return None };
        const SELF: &str = "__counter";
        self.counter_phi = Some(t.ssa_version());
        let next = self.value(next, address);
        self.counter_phi = None;
        let next = next.ok()?;
        let step = next.poly.checked_sub(&Polynomial::var(SELF))?;
        if next.base.is_some() || step.mentions(SELF) || step.mentions(&it) || !step.is_affine() {
            return None;
        }
        let init = self.value(init, address).ok()?;
        let poly = init.poly.checked_add(&step.checked_mul(&Polynomial::var(&it))?)?;
        if !poly.is_affine() {
            return None;
        }
        Some(Value { base: init.base, poly })
    }

    fn param(&mut self, t: Tree, ty: Type) -> String {
        let v = t.ssa_version();
        if let Some(n) = self.param_names.get(&v) {
            return n.clone();
        }
        let stem = isl_name(&t.ssa_var_name().unwrap_or_else(|| "p".into()));
        let mut name = stem.clone();
        // Parameters must not take an iterator's name.
        if self.iterators.values().any(|i| *i == name) || self.params.contains_key(&name) {
            name = format!("{stem}_{v}");
        }
        let (lo, hi) = type_range(ty);
        self.params.insert(name.clone(), Param { lo, hi, tree: t });
        self.param_names.insert(v, name.clone());
        name
    }

    fn oblige(&mut self, poly: &Polynomial, ty: Type, what: &str) {
        let (lo, hi) = type_range(ty);
        self.pending.push(Obligation { poly: poly.clone(), lo, hi, what: what.to_string(), when: None });
    }

    /// The value of an integer expression that is compared or counted: its
    /// polynomial must be its value in its own type.
    pub fn integer(&mut self, t: Tree) -> Result<Polynomial, Unmodelled> {
        let v = self.value(t, false)?;
        if v.base.is_some() {
            return Err(format!("an address where an integer was expected: {}", t.text()));
        }
        if let Some(ty) = t.ty().filter(|ty| ty.is_integral() && ty.unsigned()) {
            self.oblige(&v.poly, ty, &t.text());
        }
        Ok(v.poly)
    }

    /// A latch-execution count (possibly with min/max).
    pub fn bound(&mut self, t: Tree) -> Result<BoundExpr, Unmodelled> {
        match t.kind() {
            TK::GP_T_MIN | TK::GP_T_MAX => {
                let mut parts = Vec::new();
                for i in 0..2 {
                    let op = t.op(i).ok_or("malformed min/max")?;
                    parts.push(self.bound(op)?);
                }
                Ok(if t.kind() == TK::GP_T_MIN { BoundExpr::Min(parts) } else { BoundExpr::Max(parts) })
            }
            TK::GP_T_COND_EXPR => {
                let c = t.op(0).ok_or("malformed")?;
                let (l, r) = (c.op(0).ok_or("malformed")?, c.op(1).ok_or("malformed")?);
                let cond = self.comparison_of(c.kind(), l, r).map_err(|_| format!("iteration count under a non-affine condition: {}", t.text()))?;
                // Each arm's value only needs to be exact where it is taken.
                let arm = |me: &mut Self, k: u32, when: Cond| -> Result<BoundExpr, Unmodelled> {
                    let before = me.pending.len();
                    let b = me.bound(t.op(k).ok_or("malformed")?)?;
                    for o in &mut me.pending[before..] {
                        o.when = Some(match o.when.take() {
                            Some(w) => w.and(when.clone()),
                            None => when.clone(),
                        });
                    }
                    Ok(b)
                };
                let a = arm(self, 1, cond.clone())?;
                let b = arm(self, 2, cond.clone().not())?;
                Ok(BoundExpr::Cond(cond, Box::new(a), Box::new(b)))
            }
            // A loop by steps of c: its count divides an unsigned value,
            // which `integer` obliges to stay within its type (so never
            // negative, and truncation is rounding down).
            TK::GP_T_TRUNC_DIV => {
                let (num, den) = (t.op(0).ok_or("malformed")?, t.op(1).ok_or("malformed")?);
                let unsigned = num.ty().is_some_and(|ty| ty.is_integral() && ty.unsigned());
                match den.int_value() {
                    Some(c) if c > 0 && unsigned && den.kind() == TK::GP_T_INTEGER_CST => Ok(BoundExpr::Div(Box::new(self.bound(num)?), c as i128)),
                    _ => Err(format!("'{}' ({}) is not affine", t.text(), t.code_name())),
                }
            }
            _ => {
                // Minima and maxima inside the count (loop splitting's
                // `MAX_EXPR <n - i, 0> - 1`, a bound `_5 = MIN_EXPR <i, n>`)
                // are distributed out, or else taken case by case.
                let (mut ps, found) = self.integers_with_min_max(&[t])?;
                let p = ps.pop().ok_or("malformed")?;
                if let Some(b) = distribute(p.clone(), &found) {
                    return Ok(b);
                }
                let cases = cases(Cond::True, vec![p], &found).ok_or_else(|| format!("too many cases of the minima and maxima in {}", t.text()))?;
                let mut it = cases.into_iter().rev();
                let (_, mut last) = it.next().ok_or("malformed")?;
                let mut b = BoundExpr::Poly(last.pop().ok_or("malformed")?);
                for (c, mut ps) in it {
                    b = BoundExpr::Cond(c, Box::new(BoundExpr::Poly(ps.pop().ok_or("malformed")?)), Box::new(b));
                }
                Ok(b)
            }
        }
    }

    /// `lhs code rhs` of two integer expressions, minima and maxima in them
    /// taken case by case (a split loop's guard `j < MIN_EXPR <i, n>`);
    /// every polynomial compared is affine. The error names the side that
    /// is not.
    pub fn comparison_of(&mut self, code: TK, lhs: Tree, rhs: Tree) -> Result<Cond, Unmodelled> {
        let (sides, found) = self.integers_with_min_max(&[lhs, rhs])?;
        let split = cases(Cond::True, sides, &found).ok_or("too many cases of minima and maxima")?;
        let mut cond = Cond::False;
        for (c, ps) in split {
            let [a, b] = ps.as_slice() else { return Err("malformed comparison".into()) };
            // A case's condition compares operands of the sides' minima.
            for (p, t) in [(a, lhs), (b, rhs)] {
                if !p.is_affine() || !c.is_affine() {
                    return Err(format!("'{}' is not affine", t.text()));
                }
            }
            let x = comparison(code, a, b).ok_or("unhandled comparison")?;
            cond = if found.is_empty() { x } else { cond.or(c.and(x)) };
        }
        Ok(cond)
    }

    /// The values of integer expressions `ts` in which minima and maxima
    /// stand as fresh variables (`found`, in the order made: a variable's
    /// operands mention only earlier ones). The obligations they leave are
    /// stated case by case, without the fresh variables.
    pub fn integers_with_min_max(&mut self, ts: &[Tree]) -> Result<(Vec<Polynomial>, Vec<MinMax>), Unmodelled> {
        let before = self.pending.len();
        let outer = self.minmax.replace(Vec::new());
        let ps = ts.iter().map(|&t| self.integer(t)).collect::<Result<Vec<_>, _>>();
        let found = std::mem::replace(&mut self.minmax, outer).unwrap_or_default();
        let ps = ps?;
        if found.is_empty() {
            return Ok((ps, found));
        }
        let mut obligations = Vec::new();
        for o in self.pending.drain(before..).collect::<Vec<_>>() {
            let when = o.when.clone().unwrap_or(Cond::True);
            let split = cases(when, vec![o.poly.clone()], &found).ok_or_else(|| format!("too many cases in {}", o.what))?;
            for (c, mut p) in split {
                let poly = p.pop().ok_or("malformed")?;
                obligations.push(Obligation { poly, lo: o.lo, hi: o.hi, what: o.what.clone(), when: Some(c) });
            }
        }
        self.pending.extend(obligations);
        Ok((ps, found))
    }

    /// `min(a, b)` or `max(a, b)` of type `ty` inside a bound: a fresh
    /// variable, recorded with the operands' values (each computed in `ty`,
    /// so each must be its value there, as the whole is).
    fn min_max(&mut self, min: bool, a: Tree, b: Tree, ty: Type) -> Result<Value, Unmodelled> {
        let n = self.minmax.as_ref().map_or(0, |v| v.len());
        if n >= MAX_MINMAX {
            return Err(format!("more than {MAX_MINMAX} minima and maxima in one bound"));
        }
        let operand = |me: &mut Self, t: Tree| -> Result<Polynomial, Unmodelled> {
            let v = me.value(t, false)?;
            if v.base.is_some() {
                return Err(format!("an address in a minimum or maximum: {}", t.text()));
            }
            if ty.is_integral() && ty.unsigned() {
                me.oblige(&v.poly, ty, &t.text());
            }
            Ok(v.poly)
        };
        let a = operand(self, a)?;
        let b = operand(self, b)?;
        let var = format!("__minmax{n}");
        if let Some(v) = self.minmax.as_mut() {
            v.push(MinMax { var: var.clone(), min, a, b });
        }
        Ok(Value { base: None, poly: Polynomial::var(&var) })
    }

    /// The value of `t`, an evolution already instantiated in the region.
    /// `address`: the value only feeds address arithmetic (modular in
    /// pointer width), so wrapping at that width is harmless.
    pub fn value(&mut self, t: Tree, address: bool) -> Result<Value, Unmodelled> {
        let int = |p: Polynomial| Ok(Value { base: None, poly: p });
        let overflow = || format!("coefficient overflow in {}", t.text());
        match t.kind() {
            TK::GP_T_INTEGER_CST => {
                let v = t.int_value().ok_or_else(|| format!("constant too large: {}", t.text()))?;
                int(Polynomial::constant(v as i128))
            }
            TK::GP_T_SSA_NAME if self.counter_phi == Some(t.ssa_version()) => {
                int(Polynomial::var("__counter"))
            }
            TK::GP_T_SSA_NAME => {
                let entry_phi = t.def_bb().is_some_and(|b| Some(b) == self.entry_block)
                    && t.def_stmt().is_some_and(|d| d.kind() == crate::ffi::gp_stmt_kind::GP_STMT_PHI);
                let product = self.size_product(t, address);
                if product && !self.products.read {
                    self.products.met.set(true);
                }
                if product && self.products.read || !entry_phi && t.def_bb().is_some_and(|b| (self.in_region)(b)) {
                    if self.depth >= MAX_DEPTH {
                        return Err(format!("'{}' is defined too deep", t.text()));
                    }
                    self.depth += 1;
                    let v = self.defined_value(t, address);
                    self.depth -= 1;
                    return v;
                }
                let ty = t.ty().ok_or("untyped name")?;
                if ty.is_pointer() {
                    Ok(Value { base: Some(Base::Ptr(t)), poly: Polynomial::zero() })
                } else if ty.is_integral() {
                    let name = self.param(t, ty);
                    int(Polynomial::var(&name))
                } else {
                    Err(format!("'{}' is not an integer", t.text()))
                }
            }
            TK::GP_T_CHREC => {
                let l = t.chrec_loop();
                let iter = self
                    .iterators
                    .get(&l)
                    .cloned()
                    .ok_or_else(|| format!("'{}' evolves in a loop outside the region", t.text()))?;
                let left = self.value(t.op(0).ok_or("malformed chrec")?, address)?;
                let right = self.value(t.op(1).ok_or("malformed chrec")?, address)?;
                if right.base.is_some() {
                    return Err(format!("pointer step in {}", t.text()));
                }
                let step = right.poly.checked_mul(&Polynomial::var(&iter)).ok_or_else(overflow)?;
                Ok(Value { base: left.base, poly: left.poly.checked_add(&step).ok_or_else(overflow)? })
            }
            TK::GP_T_PLUS
            | TK::GP_T_POINTER_PLUS
            | TK::GP_T_MINUS
            | TK::GP_T_POINTER_DIFF
            | TK::GP_T_MULT
            | TK::GP_T_NEGATE
            | TK::GP_T_CONVERT => {
                let n = if t.kind() == TK::GP_T_NEGATE || t.kind() == TK::GP_T_CONVERT { 1 } else { 2 };
                let ops: Vec<Tree> = (0..n).filter_map(|i| t.op(i)).collect();
                if ops.len() != n as usize {
                    return Err("malformed expression".into());
                }
                self.apply(t.kind(), &ops, t.ty().ok_or("untyped")?, address, &t.text())
            }
            TK::GP_T_ADDR_EXPR => {
                let r = self.address_of(t.op(0).ok_or("malformed address")?)?;
                Ok(r)
            }
            TK::GP_T_MIN | TK::GP_T_MAX if self.minmax.is_some() && !address => {
                let (a, b) = (t.op(0).ok_or("malformed min/max")?, t.op(1).ok_or("malformed min/max")?);
                self.min_max(t.kind() == TK::GP_T_MIN, a, b, t.ty().ok_or("untyped")?)
            }
            _ => Err(format!("'{}' ({}) is not affine", t.text(), t.code_name())),
        }
    }

    /// `code` applied to `ops`, giving a value of type `ty`.
    fn apply(&mut self, code: TK, ops: &[Tree], ty: Type, address: bool, text: &str) -> Result<Value, Unmodelled> {
        let int = |p: Polynomial| Ok(Value { base: None, poly: p });
        let overflow = || format!("coefficient overflow in {text}");
        let operand = |me: &mut Self, i: usize| -> Result<Value, Unmodelled> {
            me.value(*ops.get(i).ok_or("malformed")?, address)
        };
        match code {
            TK::GP_T_PLUS | TK::GP_T_POINTER_PLUS | TK::GP_T_MINUS | TK::GP_T_POINTER_DIFF => {
                let a = operand(self, 0)?;
                let b = operand(self, 1)?;
                let add = matches!(code, TK::GP_T_PLUS | TK::GP_T_POINTER_PLUS);
                let base = match (a.base, b.base, add) {
                    (x, None, _) => x,
                    (None, y @ Some(_), true) => y,
                    (Some(x), Some(y), false) if x.key() == y.key() => None,
                    _ => return Err(format!("arithmetic on two addresses: {text}")),
                };
                let poly = if add { a.poly.checked_add(&b.poly) } else { a.poly.checked_sub(&b.poly) };
                Ok(Value { base, poly: poly.ok_or_else(overflow)? })
            }
            TK::GP_T_MULT => {
                let a = operand(self, 0)?;
                let b = operand(self, 1)?;
                if a.base.is_some() || b.base.is_some() {
                    return Err(format!("multiplied address: {text}"));
                }
                let too_large = || format!("{text}: a coefficient overflows, or the product has a degree past {}", poly::MAX_DEGREE);
                int(a.poly.checked_mul(&b.poly).ok_or_else(too_large)?)
            }
            TK::GP_T_LSHIFT => {
                // A shift by a constant multiplies. An unsigned result is
                // modular like a product; GCC defines a signed one to wrap
                // too, so it must stay within its type.
                let a = operand(self, 0)?;
                let k = operand(self, 1)?.poly.as_constant().filter(|k| (0..63).contains(k));
                match (a.base, k) {
                    (None, Some(k)) => {
                        let p = a.poly.checked_scale(1i128 << k).ok_or_else(overflow)?;
                        if !ty.unsigned() {
                            self.oblige(&p, ty, text);
                        }
                        int(p)
                    }
                    _ => Err(format!("{text} is not a shift by a constant")),
                }
            }
            TK::GP_T_BIT_NOT => {
                // ~x is -x - 1 in two's complement, modular or not.
                let a = operand(self, 0)?;
                if a.base.is_some() {
                    return Err(format!("complemented address: {text}"));
                }
                int(Polynomial::constant(-1).checked_sub(&a.poly).ok_or_else(overflow)?)
            }
            TK::GP_T_NEGATE => {
                let a = operand(self, 0)?;
                if a.base.is_some() {
                    return Err(format!("negated address: {text}"));
                }
                int(a.poly.checked_scale(-1).ok_or_else(overflow)?)
            }
            TK::GP_T_EXACT_DIV => {
                // GCC's division known to be exact (VLA strides over the
                // element size): exact on the polynomial when every
                // coefficient divides.
                let a = operand(self, 0)?;
                // Division does not commute with the modulus.
                if a.base.is_none() && ty.is_integral() && ty.unsigned() && !(address && ty.precision() >= 64) {
                    self.oblige(&a.poly, ty, text);
                }
                let d = operand(self, 1)?.poly.as_constant().filter(|&d| d > 0);
                match (a.base, d) {
                    (None, Some(d)) if a.poly.terms().all(|(_, c)| c % d == 0) => {
                        let mut q = Polynomial::zero();
                        for (m, c) in a.poly.terms() {
                            q = q.checked_add(&Polynomial::term(m.clone(), c / d)).ok_or_else(overflow)?;
                        }
                        int(q)
                    }
                    _ => Err(format!("{text} is not an exact affine division")),
                }
            }
            TK::GP_T_CONVERT => {
                let inner = *ops.first().ok_or("malformed conversion")?;
                let (from, to) = (inner.ty().ok_or("untyped")?, ty);
                let mut v = self.value(inner, address)?;
                let integral = |ty: Type| ty.is_integral() || ty.is_pointer();
                if !integral(from) || !integral(to) {
                    return Err(format!("conversion from or to a non-integer type: {text}"));
                }
                // A pointer from before the region read as a number: its
                // value is a parameter.
                if let (Some(Base::Ptr(p)), true) = (v.base, to.is_integral()) {
                    let name = self.param(p, from);
                    let poly = Polynomial::var(&name).checked_add(&v.poly).ok_or_else(overflow)?;
                    v = Value { base: None, poly };
                }
                // An unsigned value is its polynomial modulo 2^precision:
                // + - * and conversions to unsigned types keep that true,
                // so the polynomial only has to be within the type's range
                // where the value is used as a number (a conversion from
                // it, a comparison, an index). A conversion to a signed
                // type must not change the value. Address arithmetic of
                // pointer width is modular throughout.
                let modular = |ty: Type| address && ty.precision() >= 64;
                if v.base.is_none() && (from.unsigned() || from.is_pointer()) && !modular(from) {
                    self.oblige(&v.poly, from, &inner.text());
                }
                let fits = holds_every_value(to, from);
                let to_unsigned = to.is_integral() && to.unsigned();
                if v.base.is_none() && !fits && !to_unsigned && !modular(to) {
                    self.oblige(&v.poly, to, text);
                }
                Ok(v)
            }
            _ => Err(format!("{text} is not affine")),
        }
    }

    /// The address of memory reference `r`: its base and its byte offset
    /// from it. GCC computes offsets modulo 2^(sizetype's precision) and
    /// adds them to addresses read as signed: `(i + (2^62 - 1)) * 4` bytes
    /// in is 4i - 4 (GCC's pr48571-1.c). The offset's coefficients are
    /// folded the same way, and the address, like GCC's own evolutions
    /// of pointers, is taken not to wrap around memory.
    pub fn address_of(&mut self, r: Tree) -> Result<Value, Unmodelled> {
        Ok(self.address_and_ranges(r)?.0)
    }

    /// `address_of`, with the ranges the reference's inner array
    /// dimensions give their indices.
    pub fn address_and_ranges(&mut self, r: Tree) -> Result<(Value, Vec<IndexRange>), Unmodelled> {
        let mut ranges = Vec::new();
        let v = self.address_in_width(r, &mut ranges)?;
        // SAFETY: reads a type node GCC sets up before any pass.
        let bits = unsafe { crate::ffi::gp_sizetype_precision() };
        Ok((Value { base: v.base, poly: v.poly.signed_modulo(bits) }, ranges))
    }

    /// The object reference `r` addresses, where its offset is not
    /// followed: a declared object, or a pointer invariant in the region
    /// that the address adds offsets to (`p + (long) col[k] * 8`); None
    /// where the pointer itself comes from the region otherwise (a row
    /// pointer loaded in it).
    pub fn base_of(&self, r: Tree) -> Option<Base> {
        match r.kind() {
            TK::GP_T_VAR_DECL | TK::GP_T_PARM_DECL | TK::GP_T_RESULT_DECL => Some(Base::Decl(r)),
            TK::GP_T_ARRAY_REF | TK::GP_T_COMPONENT_REF => self.base_of(r.op(0)?),
            TK::GP_T_MEM_REF => {
                let p = r.op(0)?;
                if p.kind() == TK::GP_T_ADDR_EXPR {
                    return self.base_of(p.op(0)?);
                }
                self.pointer_base(p, 0)
            }
            _ => None,
        }
    }

    /// The region-invariant pointer (or object) pointer `p` is an offset
    /// from, through pointer additions and copies.
    fn pointer_base(&self, p: Tree, depth: u32) -> Option<Base> {
        match p.kind() {
            TK::GP_T_ADDR_EXPR => self.base_of(p.op(0)?),
            TK::GP_T_SSA_NAME if depth < MAX_DEPTH => {
                if !p.def_bb().is_some_and(|b| (self.in_region)(b)) {
                    return p.ty().filter(|t| t.is_pointer()).map(|_| Base::Ptr(p));
                }
                let def = p.def_stmt().filter(|d| d.kind() == crate::ffi::gp_stmt_kind::GP_STMT_ASSIGN)?;
                match def.assign_rhs_code() {
                    TK::GP_T_POINTER_PLUS | TK::GP_T_SSA_NAME | TK::GP_T_CONVERT | TK::GP_T_ADDR_EXPR => {
                        self.pointer_base(*def.assign_rhs().first()?, depth + 1)
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn address_in_width(&mut self, r: Tree, ranges: &mut Vec<IndexRange>) -> Result<Value, Unmodelled> {
        let overflow = || format!("coefficient overflow in {}", r.text());
        let operand = |me: &mut Self, t: Tree| me.value(t, true);
        match r.kind() {
            TK::GP_T_VAR_DECL | TK::GP_T_PARM_DECL | TK::GP_T_RESULT_DECL => {
                Ok(Value { base: Some(Base::Decl(r)), poly: Polynomial::zero() })
            }
            TK::GP_T_ARRAY_REF => {
                let inner = r.op(0).ok_or("malformed")?;
                let base = self.address_in_width(inner, ranges)?;
                let idx_t = r.op(1).ok_or("malformed")?;
                let idx = operand(self, idx_t)?;
                if let Some((low, high)) = inner_dimension_domain(inner) {
                    ranges.push(IndexRange { index: idx.poly.clone(), low, high });
                }
                if idx.base.is_some() {
                    return Err(format!("address used as an index in {}", r.text()));
                }
                // A narrow unsigned index is used as a number here.
                if let Some(ty) = idx_t.ty().filter(|ty| ty.is_integral() && ty.unsigned() && ty.precision() < 64) {
                    self.oblige(&idx.poly, ty, &idx_t.text());
                }
                let low = r.array_ref_low_bound().and_then(|t| t.int_value()).unwrap_or(0);
                let size_t = r.array_ref_element_size().ok_or("no element size")?;
                let size = operand(self, size_t)?;
                if size.base.is_some() {
                    return Err("malformed element size".into());
                }
                let off = idx
                    .poly
                    .checked_sub(&Polynomial::constant(low as i128))
                    .and_then(|p| p.checked_mul(&size.poly))
                    .ok_or_else(overflow)?;
                Ok(Value { base: base.base, poly: base.poly.checked_add(&off).ok_or_else(overflow)? })
            }
            TK::GP_T_COMPONENT_REF => {
                let base = self.address_in_width(r.op(0).ok_or("malformed")?, ranges)?;
                let off = r.component_offset().ok_or_else(|| format!("variable field offset in {}", r.text()))?;
                Ok(Value {
                    base: base.base,
                    poly: base.poly.checked_add(&Polynomial::constant(off as i128)).ok_or_else(overflow)?,
                })
            }
            TK::GP_T_MEM_REF => {
                let p = r.op(0).ok_or("malformed")?;
                let base = match p.kind() {
                    TK::GP_T_ADDR_EXPR => self.address_in_width(p.op(0).ok_or("malformed")?, ranges)?,
                    _ => operand(self, p)?,
                };
                let off = r.op(1).and_then(|o| o.int_value()).ok_or("variable MEM_REF offset")?;
                if base.base.is_none() {
                    return Err(format!("no base address in {}", r.text()));
                }
                Ok(Value {
                    base: base.base,
                    poly: base.poly.checked_add(&Polynomial::constant(off as i128)).ok_or_else(overflow)?,
                })
            }
            _ => Err(format!("'{}' ({}) is not a reference the model handles", r.text(), r.code_name())),
        }
    }
}

/// An index of a reference and the range its array dimension declares
/// (`low <= index <= high`).
#[derive(Clone, Debug)]
pub struct IndexRange {
    pub index: Polynomial,
    pub low: i128,
    pub high: i128,
}

/// The constant domain of the array `inner` indexes, where `inner` is itself
/// an element of an array: a dimension that is not the outermost, which C
/// does not let an index leave and which is never a trailing array that
/// runs on past its declared end (GCC's array_at_struct_end_p says so of
/// the same references, and its loop bounds rely on it).
fn inner_dimension_domain(inner: Tree) -> Option<(i128, i128)> {
    if inner.kind() != TK::GP_T_ARRAY_REF {
        return None;
    }
    let ty = inner.ty().filter(|t| t.class() == crate::ffi::gp_type_kind::GP_TY_ARRAY)?;
    let low = ty.array_min()?.int_value()? as i128;
    let high = ty.array_max()?.int_value()? as i128;
    (high >= low).then_some((low, high))
}
