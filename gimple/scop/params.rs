//! What is known of a region's parameters: obligations as conditions, type ranges, conversions between parameters, and the branches before the region.

use super::*;

/// An obligation as a condition; None on overflow.
pub(super) fn obligation(o: &Obligation) -> Option<Cond> {
    let c = Cond::within(&o.poly, o.lo, o.hi)?;
    Some(match &o.when {
        Some(w) => w.clone().not().or(c),
        None => c,
    })
}

/// The parameters' type ranges; None on overflow.
pub(super) fn param_ranges(tr: &Translator) -> Option<Cond> {
    tr.params.iter().try_fold(Cond::True, |acc, (n, p)| Some(acc.and(Cond::within(&Polynomial::var(n), p.lo, p.hi)?)))
}

/// What holds between parameters one of which is the other converted:
/// the row stride `(sizetype) m` GCC computes for `double A[n][m]` is `m`
/// where `m >= 0` and `m + 2^64` where not, so the rows' bound `p >= m`
/// needs no test. None when a coefficient overflows.
pub(super) fn param_facts(tr: &Translator, start: Option<i32>) -> Option<Cond> {
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
pub(super) fn conditions_before(tr: &Translator, start: i32) -> Vec<Cond> {
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
