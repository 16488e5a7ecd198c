//! The elements a region's accesses touch, per array and dimension, as
//! affine functions of the parameters: what a run-time overlap test between
//! two arrays compares (seed 001's exact access ranges, over-approximated by
//! their bounding box).

use crate::bounded::{BoundedCtx, IslFailure};
use crate::model::Scop;
use isl_rs::{DimType, Map, PwAff, Set};
use std::collections::BTreeMap;

/// `k + sum coef * param`, over named parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamAffine {
    pub terms: Vec<(String, i128)>,
    pub k: i128,
}

/// One piece of a bound: `value` where the parameters lie in `domain`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub value: ParamAffine,
    /// None for the only piece (it holds wherever the bound matters);
    /// else the piece's parameter set, as isl text and as `param_dnf`.
    pub domain: Option<(String, Vec<Vec<ParamConstraint>>)>,
}

/// The box of one array: per dimension, outermost first, the least and the
/// greatest subscript any access of the region touches, as the pieces of
/// isl's bound: `lo[d] <= sub_d <= hi[d]` for every access, for every
/// parameter value under which it runs, taking the piece whose domain holds
/// (where none holds, nothing is touched and the bound does not matter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessBox {
    pub lo: Vec<Vec<Piece>>,
    pub hi: Vec<Vec<Piece>>,
}

/// Why a box is not available.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoxError {
    /// isl failed or ran out of operations.
    Isl(String),
    /// A bound is not one affine function of the parameters (several
    /// pieces, or a division).
    NotAffine(String),
}

impl std::fmt::Display for BoxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoxError::Isl(why) => write!(f, "isl failed: {why}"),
            BoxError::NotAffine(why) => f.write_str(why),
        }
    }
}

impl From<IslFailure> for BoxError {
    fn from(e: IslFailure) -> Self {
        BoxError::Isl(e.to_string())
    }
}

/// The boxes of `arrays` over the accesses of `scop` whose statement
/// `keep` accepts. An array no kept access touches gets `None`.
pub fn access_boxes(
    cx: &BoundedCtx,
    scop: &Scop,
    arrays: &[&str],
    keep: &dyn Fn(&str) -> bool,
) -> Result<BTreeMap<String, Option<AccessBox>>, BoxError> {
    let mut touched: BTreeMap<String, Set> = BTreeMap::new();
    for st in scop.statements.iter().filter(|s| keep(&s.name)) {
        let domain = cx.set(&st.domain)?;
        for a in st.accesses.iter().filter(|a| arrays.contains(&a.array.as_str())) {
            let map = cx.ok(Map::read_from_str(cx.ctx(), &a.relation))?;
            let elems = cx.ok(cx.ok(map.intersect_domain(cx.ok(domain.copy())?))?.range())?;
            let all = match touched.remove(&a.array) {
                Some(s) => cx.ok(cx.ok(s.union(elems))?.coalesce())?,
                None => elems,
            };
            touched.insert(a.array.clone(), all);
        }
    }
    let mut out = BTreeMap::new();
    for &name in arrays {
        let Some(set) = touched.remove(name) else {
            out.insert(name.to_string(), None);
            continue;
        };
        if cx.ok(set.is_empty())? {
            out.insert(name.to_string(), None);
            continue;
        }
        let dims = cx.ok(set.dim(DimType::Set))?;
        let (mut lo, mut hi) = (Vec::new(), Vec::new());
        for d in 0..dims {
            lo.push(piece_affines(cx, cx.ok(cx.ok(set.copy())?.dim_min(d))?, name)?);
            hi.push(piece_affines(cx, cx.ok(cx.ok(set.copy())?.dim_max(d))?, name)?);
        }
        out.insert(name.to_string(), Some(AccessBox { lo, hi }));
    }
    Ok(out)
}

/// Per dimension of a set, the pieces of its least and of its greatest
/// value (see `AccessBox`).
pub type DimBounds = (Vec<Vec<Piece>>, Vec<Vec<Piece>>);

/// The least and the greatest value of each dimension of a set (isl text),
/// as the pieces of isl's bounds (see `AccessBox`).
pub fn dim_bounds(cx: &BoundedCtx, text: &str) -> Result<DimBounds, BoxError> {
    let set = cx.ok(cx.set(text)?.coalesce())?;
    let (mut lo, mut hi) = (Vec::new(), Vec::new());
    for d in 0..cx.ok(set.dim(DimType::Set))? {
        lo.push(piece_affines(cx, cx.ok(cx.ok(set.copy())?.dim_min(d))?, "the domain")?);
        hi.push(piece_affines(cx, cx.ok(cx.ok(set.copy())?.dim_max(d))?, "the domain")?);
    }
    Ok((lo, hi))
}

/// The greatest value of the first dimension over the union of the sets
/// `texts` (isl text; each its own space, the first dimension in common:
/// the domains of statements in one outermost loop), as the pieces of
/// isl's bound: the counter of the loop's last iteration in which one of
/// them runs. None where no set has an element.
pub fn first_dim_max(cx: &BoundedCtx, texts: &[String]) -> Result<Option<Vec<Piece>>, BoxError> {
    let mut all: Option<Set> = None;
    for text in texts {
        let set = cx.set(text)?;
        let n = cx.ok(set.dim(DimType::Set))?;
        if n == 0 {
            return Err(BoxError::NotAffine(format!("'{text}' has no dimension")));
        }
        let first = cx.ok(cx.ok(set.project_out(DimType::Set, 1, (n - 1) as u32))?.reset_tuple_id())?;
        all = Some(match all {
            None => first,
            Some(a) => cx.ok(cx.ok(a.union(first))?.coalesce())?,
        });
    }
    let Some(all) = all else { return Ok(None) };
    if cx.ok(all.is_empty())? {
        return Ok(None);
    }
    Ok(Some(piece_affines(cx, cx.ok(all.dim_max(0))?, "the loop's last iteration")?))
}

/// The affine functions of the pieces of `pa`, with integer coefficients.
fn piece_affines(cx: &BoundedCtx, pa: PwAff, array: &str) -> Result<Vec<Piece>, BoxError> {
    let pa = cx.ok(pa.coalesce())?;
    let pieces = cx.ok(pa.n_piece())?;
    if pieces == 1 {
        // Defined only where the array is touched: extend the piece to
        // every parameter value (elsewhere the bound does not matter).
        let domain = cx.ok(cx.ok(pa.copy())?.domain())?;
        return Ok(vec![Piece { value: affine_of(cx, cx.ok(pa.gist(domain))?, array)?, domain: None }]);
    }
    // isl's API here has no iterator over pieces: read each piece's
    // expression back as a function of its own (`[n] -> { [(e)] : c; ... }`).
    let text = cx.ok(pa.to_str())?.to_string();
    let (head, body) = text.split_once('{').ok_or_else(|| BoxError::NotAffine(format!("unreadable bound '{text}'")))?;
    let body = body.trim_end().strip_suffix('}').ok_or_else(|| BoxError::NotAffine(format!("unreadable bound '{text}'")))?;
    let mut out = Vec::new();
    for piece in body.split(';') {
        let (expr, cond) = piece.split_once(':').ok_or_else(|| BoxError::NotAffine(format!("unreadable bound '{text}'")))?;
        let one = cx.ok(PwAff::read_from_str(cx.ctx(), &format!("{head}{{ {} }}", expr.trim())))?;
        let domain = format!("{head}{{ : {} }}", cond.trim());
        let dnf = param_dnf(cx, &domain)?;
        out.push(Piece { value: affine_of(cx, one, array)?, domain: Some((domain, dnf)) });
    }
    if out.len() != pieces as usize {
        return Err(BoxError::NotAffine(format!("unreadable bound '{text}'")));
    }
    Ok(out)
}

/// The affine function of a total one-piece `pa`.
fn affine_of(cx: &BoundedCtx, pa: PwAff, array: &str) -> Result<ParamAffine, BoxError> {
    let aff = cx.ok(pa.as_aff())?;
    let int = |v| integer(cx, v, || format!("a bound of '{array}' is fractional"));
    if cx.ok(aff.dim(DimType::Div))? > 0 {
        return Err(BoxError::NotAffine(format!("a bound of '{array}' has a division")));
    }
    if int(cx.ok(aff.get_denominator_val())?)? != 1 {
        return Err(BoxError::NotAffine(format!("a bound of '{array}' is fractional")));
    }
    let mut terms = Vec::new();
    for p in 0..cx.ok(aff.dim(DimType::Param))? {
        let c = int(cx.ok(aff.get_coefficient_val(DimType::Param, p))?)?;
        if c != 0 {
            terms.push((cx.ok(aff.get_dim_name(DimType::Param, p as u32))?.to_string(), c));
        }
    }
    Ok(ParamAffine { terms, k: int(cx.ok(aff.get_constant_val())?)? })
}

/// One constraint of a parameter set: `affine >= 0`, or `affine = 0` when
/// `equality`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamConstraint {
    pub affine: ParamAffine,
    pub equality: bool,
}

/// A set of parameter values (isl notation, no set dimensions) as a
/// disjunction of conjunctions of affine constraints: what a run-time test
/// evaluates. Fails on existentially quantified constraints.
pub fn param_dnf(cx: &BoundedCtx, text: &str) -> Result<Vec<Vec<ParamConstraint>>, BoxError> {
    dnf_of_set(cx, cx.ok(cx.set(text)?.coalesce())?, text)
}

/// The same for the part of `text` that matters where the parameters lie
/// in `context` (isl's gist: the constraints the context implies dropped),
/// with the simplified set's text.
pub fn param_dnf_within(cx: &BoundedCtx, text: &str, context: &str) -> Result<(String, Vec<Vec<ParamConstraint>>), BoxError> {
    param_dnf_known(cx, text, context, context)
}

/// The same, where the parameters are also known to lie in `known`, a
/// subset of `context` (what one parameter is of another: `p = m` or `p =
/// m + 2^64`): each constraint `known` makes redundant is dropped, and no
/// constraint of `known`'s is added (a test cannot compute with 2^64).
pub fn param_dnf_known(cx: &BoundedCtx, text: &str, context: &str, known: &str) -> Result<(String, Vec<Vec<ParamConstraint>>), BoxError> {
    let set = cx.ok(cx.set(text)?.gist(cx.set(context)?))?;
    let set = loosen(cx, cx.ok(set.coalesce())?, &cx.set(known)?)?;
    let simple = cx.ok(set.to_str())?.to_string();
    Ok((simple, dnf_of_set(cx, set, text)?))
}

/// The parameter sets `texts` (isl text) as one: their intersection's text.
pub fn param_sets_meet(cx: &BoundedCtx, texts: &[String]) -> Result<String, BoxError> {
    let (first, rest) = texts.split_first().ok_or_else(|| BoxError::NotAffine("no parameter set".to_string()))?;
    let mut all = cx.set(first)?;
    for t in rest {
        all = cx.ok(all.intersect(cx.set(t)?))?;
    }
    Ok(cx.ok(all.to_str())?.to_string())
}

/// A parameter set's isl text as the condition a C reader would write:
/// `[n, m] -> { : n <= 0 or (m >= 2 and m = n) }` reads
/// `n <= 0 || (m >= 2 && m == n)`; `true` for every value, `false` for
/// none. Chained comparisons (`0 <= m < n`) stay as isl writes them. Text
/// that is not a parameter set is returned unchanged.
pub fn condition_text(isl: &str) -> String {
    let Some(open) = isl.find('{') else { return isl.to_string() };
    let Some(close) = isl.rfind('}').filter(|&c| c > open) else { return isl.to_string() };
    let Some(colon) = isl[open..close].find(':') else { return "false".to_string() };
    let body = isl[open + colon + 1..close].trim();
    if body.is_empty() {
        return "true".to_string();
    }
    body.split_whitespace()
        .map(|w| match w {
            "and" => "&&",
            "or" => "||",
            "=" => "==",
            w => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` with each word (a run of letters, digits and underscores) as
/// `display` writes it: model names in a sentence by their source names.
pub fn rename_words(text: &str, display: &dyn Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            if !word.is_empty() {
                out.push_str(&display(&word));
                word.clear();
            }
            out.push(c);
        }
    }
    out.pop();
    out
}

/// A guard's text as C reads it: isl's `2p` as `2*p`, and each parameter
/// `names` has a text for (a size GCC computed, `(uint64_t) n`) written
/// as that text, in parentheses where it has a binary operator outside
/// any.
pub fn with_names(text: &str, names: &std::collections::BTreeMap<String, String>) -> String {
    rename_words(text, &|word| {
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (coefficient, name) = word.split_at(digits);
        let shown = match names.get(name) {
            Some(n) if has_binary_operator(n) => format!("({n})"),
            Some(n) => n.clone(),
            None => name.to_string(),
        };
        match (coefficient.is_empty(), name.is_empty()) {
            (true, _) => shown,
            (false, true) => coefficient.to_string(),
            (false, false) => format!("{coefficient}*{shown}"),
        }
    })
}

/// Whether C text has `+`, `-`, `*` or `/` between operands outside any
/// parentheses (a cast's or a sign's does not count).
fn has_binary_operator(text: &str) -> bool {
    let mut depth = 0i32;
    let mut operand = false;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                operand = true;
            }
            '+' | '-' | '*' | '/' if depth == 0 && operand => return true,
            c if c.is_ascii_alphanumeric() || c == '_' => operand = depth == 0 || operand,
            _ => {}
        }
    }
    false
}

/// `text` in parentheses when an `||` outside any parentheses would bind
/// looser than the `&&` or `?:` it is to stand in.
pub fn grouped(text: &str) -> String {
    let mut depth = 0i32;
    let bytes = text.as_bytes();
    for (k, &b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'|' if depth == 0 && bytes.get(k + 1) == Some(&b'|') => return format!("({text})"),
            _ => {}
        }
    }
    text.to_string()
}

/// The same set within `context`, with fewer constraints: isl writes a
/// union as disjoint pieces (`c <= 1 or (c >= 2 and d <= 0)`), where a
/// test needs only `c <= 1 or d <= 0`. Each constraint of each piece is
/// dropped where the union, within the context, stays the same; then each
/// piece the others cover goes.
fn loosen(cx: &BoundedCtx, set: Set, context: &Set) -> Result<Set, BoxError> {
    let target = cx.ok(cx.ok(set.copy())?.intersect(cx.ok(context.copy())?))?;
    let space = cx.ok(set.get_space())?;
    let list = cx.ok(set.get_basic_set_list())?;
    let mut pieces: Vec<Vec<isl_rs::Constraint>> = Vec::new();
    for b in 0..cx.ok(list.size())? {
        let bset = cx.ok(list.get_at(b))?;
        if cx.ok(bset.dim(DimType::Div))? != 0 {
            // A piece with an existential keeps its constraints: dropping one
            // of them could leave its division undefined.
            return Ok(set);
        }
        let cs = cx.ok(bset.get_constraint_list())?;
        pieces.push((0..cx.ok(cs.size())?).map(|k| cx.ok(cs.get_at(k))).collect::<Result<_, _>>()?);
    }
    let piece = |p: &[isl_rs::Constraint]| -> Result<Set, IslFailure> {
        let mut b = cx.ok(isl_rs::BasicSet::universe(cx.ok(space.copy())?))?;
        for c in p {
            b = cx.ok(b.add_constraint(cx.ok(c.copy())?))?;
        }
        cx.ok(Set::from_basic_set(b))
    };
    let union = |pieces: &[Vec<isl_rs::Constraint>]| -> Result<Set, IslFailure> {
        let mut u = cx.ok(Set::empty(cx.ok(space.copy())?))?;
        for p in pieces {
            u = cx.ok(u.union(piece(p)?))?;
        }
        Ok(u)
    };
    let in_context = |s: Set| -> Result<Set, IslFailure> { cx.ok(s.intersect(cx.ok(context.copy())?)) };
    // Dropping a constraint only grows the union: it stays the same set
    // while it stays within the target. Every piece is within it from the
    // start and after each drop, so only the piece that changed needs the
    // test (the union's was a seventh of GSL's cblas/ctrmm.c compile).
    for i in 0..pieces.len() {
        let mut k = 0;
        while k < pieces[i].len() {
            let c = pieces[i].remove(k);
            if cx.ok(in_context(piece(&pieces[i])?)?.is_subset(&target))? {
                continue;
            }
            pieces[i].insert(k, c);
            k += 1;
        }
    }
    let mut i = 0;
    while pieces.len() > 1 && i < pieces.len() {
        let p = pieces.remove(i);
        if !cx.ok(target.is_subset(&in_context(union(&pieces)?)?))? {
            pieces.insert(i, p);
            i += 1;
        }
    }
    Ok(union(&pieces)?)
}

fn dnf_of_set(cx: &BoundedCtx, set: Set, text: &str) -> Result<Vec<Vec<ParamConstraint>>, BoxError> {
    if cx.ok(set.dim(DimType::Set))? != 0 {
        return Err(BoxError::NotAffine(format!("'{text}' is not a set of parameters")));
    }
    let int = |v| integer(cx, v, || format!("'{text}' has a fraction"));
    let list = cx.ok(set.get_basic_set_list())?;
    let mut out = Vec::new();
    for b in 0..cx.ok(list.size())? {
        let bset = cx.ok(list.get_at(b))?;
        if cx.ok(bset.dim(DimType::Div))? != 0 {
            return Err(BoxError::NotAffine(format!("'{text}' has an existential variable")));
        }
        let constraints = cx.ok(bset.get_constraint_list())?;
        let mut conj = Vec::new();
        for k in 0..cx.ok(constraints.size())? {
            let c = cx.ok(constraints.get_at(k))?;
            let mut terms = Vec::new();
            for p in 0..cx.ok(c.dim(DimType::Param))? {
                let v = int(cx.ok(c.get_coefficient_val(DimType::Param, p))?)?;
                if v != 0 {
                    terms.push((cx.ok(c.get_dim_name(DimType::Param, p as u32))?.to_string(), v));
                }
            }
            conj.push(ParamConstraint {
                affine: ParamAffine { terms, k: int(cx.ok(c.get_constant_val())?)? },
                equality: cx.ok(c.is_equality())?,
            });
        }
        out.push(conj);
    }
    Ok(out)
}

/// An isl value that must be an integer; `what` says where it is not.
fn integer(cx: &BoundedCtx, v: isl_rs::Val, what: impl Fn() -> String) -> Result<i128, BoxError> {
    if !cx.ok(v.is_int())? {
        return Err(BoxError::NotAffine(what()));
    }
    Ok(cx.ok(v.get_num_si())? as i128)
}
