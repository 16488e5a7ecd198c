//! A region's model read from its isl notation without isl's parser.
//!
//! isl's text parser costs 30-130 µs per relation on the plugin's isl (imath
//! integers), more than every dependence question asked about it afterwards;
//! building the same objects through the constraint API costs a few µs. The
//! GIMPLE side prints its model in a small subset of isl notation
//! (`[n] -> { S_4[i, j] : 0 <= i < n and ... }`, affine subscripts, 2d+1
//! schedules), and this module reads exactly that subset into affine forms
//! over a fixed frame of variables (the parameters, then the statement's
//! iterators). Anything outside the subset (`exists`, `floor`, `mod`, a
//! schedule that is not 2d+1) is an error, and the caller falls back to the
//! isl-parsed model.

use crate::cond::Cond;
use crate::model::{AccessKind, Scop};
use crate::polynomial::Polynomial;
use std::collections::HashMap;

/// `k + sum coef[v] * var[v]` over a frame of variables.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lin {
    pub coef: Vec<i128>,
    pub k: i128,
}

impl Lin {
    pub fn zero(n: usize) -> Lin {
        Lin { coef: vec![0; n], k: 0 }
    }

    pub fn var(n: usize, v: usize) -> Lin {
        let mut l = Lin::zero(n);
        l.coef[v] = 1;
        l
    }

    pub fn constant(n: usize, k: i128) -> Lin {
        Lin { coef: vec![0; n], k }
    }

    pub fn is_constant(&self) -> bool {
        self.coef.iter().all(|&c| c == 0)
    }

    /// `self - other`; None on overflow.
    pub fn sub(&self, other: &Lin) -> Option<Lin> {
        let coef = self.coef.iter().zip(&other.coef).map(|(a, b)| a.checked_sub(*b)).collect::<Option<Vec<_>>>()?;
        Some(Lin { coef, k: self.k.checked_sub(other.k)? })
    }

    /// `self + k`.
    pub fn plus(&self, k: i128) -> Option<Lin> {
        Some(Lin { coef: self.coef.clone(), k: self.k.checked_add(k)? })
    }

    /// The same form in a larger frame: variable `v` goes to `map[v]`.
    pub fn remap(&self, n: usize, map: &[usize]) -> Lin {
        let mut out = Lin::zero(n);
        for (v, &c) in self.coef.iter().enumerate() {
            out.coef[map[v]] += c;
        }
        out.k = self.k;
        out
    }
}

/// `e >= 0` or `e = 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom {
    pub e: Lin,
    pub eq: bool,
}

/// A conjunction of atoms.
pub type Conj = Vec<Atom>;

/// A disjunction of conjunctions (never empty: `False` is a conjunction
/// with `-1 >= 0`).
pub type Dnf = Vec<Conj>;

/// The most conjunctions a condition may expand into.
const MAX_DISJUNCTS: usize = 16;

/// One access of a statement.
#[derive(Clone, Debug)]
pub struct LAccess {
    pub kind: AccessKind,
    pub array: String,
    /// One affine form per subscript, over the statement's frame.
    pub subs: Vec<Lin>,
}

/// One statement: the frame is `params ++ iters`.
#[derive(Clone, Debug)]
pub struct LStmt {
    pub name: String,
    pub line: u32,
    pub iters: Vec<String>,
    /// The 2d+1 schedule's constants: `consts[k]` is the position at depth
    /// `k` (`consts.len() == iters.len() + 1`).
    pub consts: Vec<i128>,
    pub domain: Dnf,
    /// How many pieces isl's notation of the domain has (a do-while
    /// loop's first iteration apart makes two).
    pub pieces: usize,
    pub accesses: Vec<LAccess>,
}

impl LStmt {
    pub fn depth(&self) -> usize {
        self.iters.len()
    }
}

/// A region, read.
#[derive(Clone, Debug)]
pub struct LightScop {
    pub params: Vec<String>,
    /// Over the parameters only.
    pub context: Dnf,
    pub stmts: Vec<LStmt>,
    /// The schedules' dimension.
    pub time_dims: usize,
}

/// Where an index-set split cuts a loop's iterations: at the iteration
/// where its iterator equals the one of the enclosing loop at `level` plus
/// `offset` (both counted in iterations: the offset is the difference of
/// the counters' starts where the split is at equal counters), or where its
/// counter, `start` (plus the parameter `start_param`, when there is one)
/// plus its iterator, equals a parameter (by their positions in `params`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitPoint {
    Iterator { level: usize, offset: i128 },
    Param { index: usize, start: i128, start_param: Option<usize> },
}

impl LightScop {
    /// Keeps, of the statements `stmts` inside the loop at level `inner` (0
    /// for the outermost), the instances whose iteration of that loop comes
    /// before the split point `at` (`below`), or after it: the iterations of
    /// loop `inner` on one side of an index-set split.
    pub fn restrict_to_side(&mut self, stmts: &[String], inner: usize, at: SplitPoint, below: bool) {
        let np = self.params.len();
        let deepest = match at {
            SplitPoint::Iterator { level, .. } => inner.max(level),
            SplitPoint::Param { .. } => inner,
        };
        // The constraint `sign * (at - it_inner) - 1 >= 0`, sign 1 below.
        let sign = if below { 1 } else { -1 };
        for s in self.stmts.iter_mut().filter(|s| stmts.contains(&s.name) && s.depth() > deepest) {
            let width = np + s.depth();
            for conj in &mut s.domain {
                let n = conj.first().map_or(width, |a| a.e.coef.len());
                let mut e = Lin::constant(n, -1);
                match at {
                    SplitPoint::Iterator { level, offset } => {
                        e.coef[np + level] += sign;
                        e.k += sign * offset;
                    }
                    // The counter is start + it_inner: at = param - start.
                    SplitPoint::Param { index, start, start_param } => {
                        e.coef[index] += sign;
                        e.k -= sign * start;
                        if let Some(q) = start_param {
                            e.coef[q] -= sign;
                        }
                    }
                }
                e.coef[np + inner] -= sign;
                conj.push(Atom { e, eq: false });
            }
        }
    }

    /// Reads `scop`; an error names what is outside the subset.
    pub fn read(scop: &Scop) -> Result<LightScop, String> {
        let ctx = parse(&scop.context)?;
        let params = ctx.params.clone();
        let context = match ctx.pieces.as_slice() {
            [] => vec![Vec::new()],
            [p] if p.domain.is_none() => dnf(&p.cond, &frame(&params, &[]))?,
            _ => return Err(format!("unexpected context {}", scop.context)),
        };
        let mut stmts = Vec::new();
        let mut time_dims = None;
        for s in &scop.statements {
            let d = parse(&s.domain)?;
            check_params(&d.params, &params, &s.domain)?;
            // A domain of several pieces (a do-while loop's first iteration
            // apart, `S[j, k] : ...; S[j = 0, k] : ...`) is their union; the
            // pieces must name each position's iterator alike.
            if d.pieces.is_empty() {
                return Err(format!("domain of {} is empty", s.name));
            }
            let mut tuples = Vec::new();
            for piece in &d.pieces {
                let tuple = piece.domain.as_ref().ok_or_else(|| format!("domain of {} has no tuple", s.name))?;
                if tuple.name.as_deref() != Some(s.name.as_str()) || piece.range.is_some() {
                    return Err(format!("unexpected domain {}", s.domain));
                }
                if tuples.first().is_some_and(|t: &&Tuple| t.entries.len() != tuple.entries.len()) {
                    return Err(format!("unexpected domain {}", s.domain));
                }
                tuples.push(tuple);
            }
            let width = tuples[0].entries.len();
            let iters: Vec<String> = (0..width)
                .map(|k| {
                    tuples
                        .iter()
                        .find_map(|t| match &t.entries[k] {
                            Entry::Var(v) | Entry::VarEq(v, _) => Some(v.clone()),
                            Entry::Expr(_) => None,
                        })
                        .unwrap_or_else(|| format!("_d{k}"))
                })
                .collect();
            let mut pieces = Vec::new();
            for (piece, tuple) in d.pieces.iter().zip(&tuples) {
                let mut cond = piece.cond.clone();
                for (k, e) in tuple.entries.iter().enumerate() {
                    match e {
                        Entry::Var(v) if *v == iters[k] => {}
                        Entry::VarEq(v, p) if *v == iters[k] => {
                            cond = cond.and(Cond::Zero(Polynomial::var(v).checked_sub(p).ok_or("overflow")?));
                        }
                        Entry::Expr(p) => {
                            cond = cond.and(Cond::Zero(Polynomial::var(&iters[k]).checked_sub(p).ok_or("overflow")?));
                        }
                        _ => return Err(format!("the pieces of the domain of {} name their iterators differently", s.name)),
                    }
                }
                pieces.push(cond);
            }
            let fr = frame(&params, &iters);
            let cond = if pieces.len() == 1 { pieces.pop().unwrap_or(Cond::False) } else { Cond::Or(pieces) };
            let domain = dnf(&cond, &fr)?;

            // Schedule: [c0, i0, c1, i1, ..., cd, 0, ...].
            let sc = parse(&s.schedule)?;
            check_params(&sc.params, &params, &s.schedule)?;
            let [sp] = sc.pieces.as_slice() else { return Err(format!("schedule of {} is not one piece", s.name)) };
            let (Some(dt), Some(rt)) = (&sp.domain, &sp.range) else { return Err(format!("unexpected schedule {}", s.schedule)) };
            if !matches!(sp.cond, Cond::True) || dt.name.as_deref() != Some(s.name.as_str()) || dt.entries.len() != iters.len() {
                return Err(format!("unexpected schedule {}", s.schedule));
            }
            let snames: Vec<String> = dt.entries.iter().map(|e| match e {
                Entry::Var(v) => Ok(v.clone()),
                _ => Err(format!("unexpected schedule {}", s.schedule)),
            }).collect::<Result<_, _>>()?;
            let n = rt.entries.len();
            if n % 2 == 0 || n < 2 * iters.len() + 1 {
                return Err(format!("schedule of {} is not 2d+1", s.name));
            }
            match time_dims {
                None => time_dims = Some(n),
                Some(t) if t != n => return Err("schedules of different dimensions".into()),
                _ => {}
            }
            let mut consts = Vec::new();
            for (k, e) in rt.entries.iter().enumerate() {
                let var;
                let p = match e {
                    Entry::Expr(p) => p,
                    Entry::Var(v) => {
                        var = Polynomial::var(v);
                        &var
                    }
                    Entry::VarEq(..) => return Err(format!("unexpected schedule {}", s.schedule)),
                };
                if k % 2 == 1 && k / 2 < iters.len() {
                    if *p != Polynomial::var(&snames[k / 2]) {
                        return Err(format!("schedule of {} is not 2d+1", s.name));
                    }
                } else {
                    let c = p.as_constant().or(if p.is_zero() { Some(0) } else { None });
                    let Some(c) = c else { return Err(format!("schedule of {} is not 2d+1", s.name)) };
                    if k / 2 <= iters.len() && k % 2 == 0 {
                        consts.push(c);
                    } else if c != 0 {
                        return Err(format!("schedule of {} is not 2d+1", s.name));
                    }
                }
            }

            // Accesses: S[iters] -> A[subscripts], no condition.
            let mut accesses = Vec::new();
            for a in &s.accesses {
                let r = parse(&a.relation)?;
                check_params(&r.params, &params, &a.relation)?;
                let [rp] = r.pieces.as_slice() else { return Err(format!("access {} is not one piece", a.relation)) };
                let (Some(dt), Some(at)) = (&rp.domain, &rp.range) else { return Err(format!("unexpected access {}", a.relation)) };
                if !matches!(rp.cond, Cond::True) || dt.name.as_deref() != Some(s.name.as_str()) || at.name.as_deref() != Some(a.array.as_str()) {
                    return Err(format!("unexpected access {}", a.relation));
                }
                let anames: Vec<String> = dt.entries.iter().map(|e| match e {
                    Entry::Var(v) => Ok(v.clone()),
                    _ => Err(format!("unexpected access {}", a.relation)),
                }).collect::<Result<_, _>>()?;
                if anames.len() != iters.len() {
                    return Err(format!("unexpected access {}", a.relation));
                }
                let afr = frame(&params, &anames);
                let subs = at.entries.iter().map(|e| match e {
                    Entry::Expr(p) => lin(p, &afr),
                    Entry::Var(v) => lin(&Polynomial::var(v), &afr),
                    Entry::VarEq(..) => Err(format!("unexpected access {}", a.relation)),
                }).collect::<Result<Vec<_>, _>>()?;
                accesses.push(LAccess { kind: a.kind, array: a.array.clone(), subs });
            }
            stmts.push(LStmt { name: s.name.clone(), line: s.line, iters, consts, domain, pieces: d.pieces.len(), accesses });
        }
        Ok(LightScop { params, context, stmts, time_dims: time_dims.unwrap_or(1) })
    }
}

fn check_params(have: &[String], all: &[String], text: &str) -> Result<(), String> {
    if have.iter().all(|p| all.contains(p)) {
        Ok(())
    } else {
        Err(format!("parameters of {text} are not the context's"))
    }
}

/// Variable name to position: parameters first, then iterators (which
/// shadow parameters of the same name).
fn frame(params: &[String], iters: &[String]) -> HashMap<String, usize> {
    let mut m = HashMap::new();
    for (k, p) in params.iter().enumerate() {
        m.insert(p.clone(), k);
    }
    for (k, v) in iters.iter().enumerate() {
        m.insert(v.clone(), params.len() + k);
    }
    m
}

fn lin(p: &Polynomial, fr: &HashMap<String, usize>) -> Result<Lin, String> {
    let n = fr.len();
    let mut out = Lin::zero(n);
    // The frame's size is the number of distinct names; positions are below.
    let n = fr.values().copied().max().map_or(0, |m| m + 1).max(n);
    out.coef.resize(n, 0);
    for (m, c) in p.terms() {
        match m.as_slice() {
            [] => out.k = c,
            [v] => {
                let pos = *fr.get(v).ok_or_else(|| format!("unknown variable {v}"))?;
                out.coef[pos] += c;
            }
            _ => return Err(format!("non-affine {}", p.to_isl())),
        }
    }
    Ok(out)
}

/// `c` over the frame as a disjunction of conjunctions.
fn dnf(c: &Cond, fr: &HashMap<String, usize>) -> Result<Dnf, String> {
    fn go(c: &Cond, neg: bool, fr: &HashMap<String, usize>) -> Result<Dnf, String> {
        let n = fr.values().copied().max().map_or(0, |m| m + 1);
        let atom = |p: &Polynomial, eq: bool| -> Result<Conj, String> { Ok(vec![Atom { e: lin(p, fr)?, eq }]) };
        let never = || vec![vec![Atom { e: Lin::constant(n, -1), eq: false }]];
        Ok(match (c, neg) {
            (Cond::True, false) | (Cond::False, true) => vec![Vec::new()],
            (Cond::True, true) | (Cond::False, false) => never(),
            (Cond::NonNeg(p), false) => vec![atom(p, false)?],
            (Cond::NonNeg(p), true) => vec![atom(&Polynomial::constant(-1).checked_sub(p).ok_or("overflow")?, false)?],
            (Cond::Zero(p), false) => vec![atom(p, true)?],
            (Cond::Zero(p), true) => vec![
                atom(&p.checked_sub(&Polynomial::constant(1)).ok_or("overflow")?, false)?,
                atom(&Polynomial::constant(-1).checked_sub(p).ok_or("overflow")?, false)?,
            ],
            (Cond::Not(x), n) => go(x, !n, fr)?,
            (Cond::And(v), false) | (Cond::Or(v), true) => {
                let mut acc: Dnf = vec![Vec::new()];
                for x in v {
                    let d = go(x, neg, fr)?;
                    let mut next = Vec::new();
                    for a in &acc {
                        for b in &d {
                            let mut c = a.clone();
                            c.extend(b.iter().cloned());
                            next.push(c);
                        }
                    }
                    if next.len() > MAX_DISJUNCTS {
                        return Err("too many disjuncts".into());
                    }
                    acc = next;
                }
                acc
            }
            (Cond::Or(v), false) | (Cond::And(v), true) => {
                let mut acc = Vec::new();
                for x in v {
                    acc.extend(go(x, neg, fr)?);
                }
                if acc.len() > MAX_DISJUNCTS {
                    return Err("too many disjuncts".into());
                }
                if acc.is_empty() {
                    never()
                } else {
                    acc
                }
            }
        })
    }
    go(c, false, fr)
}

// ---------------------------------------------------------------- parser

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Id(String),
    Int(i128),
    Sym(&'static str),
}

fn lex(s: &str) -> Result<Vec<Tok>, String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'\'') {
                i += 1;
            }
            out.push(Tok::Id(s[st..i].to_string()));
        } else if c.is_ascii_digit() {
            let st = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Tok::Int(s[st..i].parse::<i128>().map_err(|_| "integer too large")?));
        } else {
            let two = if i + 1 < b.len() { &s[i..i + 2] } else { "" };
            let sym: &'static str = match two {
                "->" => "->",
                "<=" => "<=",
                ">=" => ">=",
                _ => match c {
                    b'[' => "[",
                    b']' => "]",
                    b'{' => "{",
                    b'}' => "}",
                    b'(' => "(",
                    b')' => ")",
                    b',' => ",",
                    b':' => ":",
                    b';' => ";",
                    b'+' => "+",
                    b'-' => "-",
                    b'*' => "*",
                    b'<' => "<",
                    b'>' => ">",
                    b'=' => "=",
                    _ => return Err(format!("unexpected character '{}'", c as char)),
                },
            };
            i += sym.len();
            out.push(Tok::Sym(sym));
        }
    }
    Ok(out)
}

enum Entry {
    Var(String),
    VarEq(String, Polynomial),
    Expr(Polynomial),
}

struct Tuple {
    name: Option<String>,
    entries: Vec<Entry>,
}

struct Piece {
    domain: Option<Tuple>,
    range: Option<Tuple>,
    cond: Cond,
}

struct Parsed {
    params: Vec<String>,
    pieces: Vec<Piece>,
}

struct P {
    t: Vec<Tok>,
    i: usize,
}

const KEYWORDS: &[&str] = &["and", "or", "not", "exists", "floor", "ceil", "mod", "min", "max", "true", "false"];

impl P {
    fn peek(&self) -> Option<&Tok> {
        self.t.get(self.i)
    }
    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.t.get(self.i + k)
    }
    fn is(&self, s: &str) -> bool {
        matches!(self.peek(), Some(Tok::Sym(x)) if *x == s)
    }
    fn is_kw(&self, s: &str) -> bool {
        matches!(self.peek(), Some(Tok::Id(x)) if x == s)
    }
    fn eat(&mut self, s: &str) -> Result<(), String> {
        if self.is(s) || self.is_kw(s) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected '{s}' at token {}", self.i))
        }
    }
    fn ident(&mut self) -> Result<String, String> {
        match self.peek() {
            Some(Tok::Id(x)) if !KEYWORDS.contains(&x.as_str()) => {
                let x = x.clone();
                self.i += 1;
                Ok(x)
            }
            _ => Err(format!("expected a name at token {}", self.i)),
        }
    }

    fn top(&mut self) -> Result<Parsed, String> {
        let mut params = Vec::new();
        if self.is("[") {
            self.i += 1;
            if !self.is("]") {
                loop {
                    params.push(self.ident()?);
                    if self.is(",") {
                        self.i += 1;
                    } else {
                        break;
                    }
                }
            }
            self.eat("]")?;
            self.eat("->")?;
        }
        self.eat("{")?;
        let mut pieces = Vec::new();
        while !self.is("}") {
            pieces.push(self.piece()?);
            if self.is(";") {
                self.i += 1;
            } else {
                break;
            }
        }
        self.eat("}")?;
        if self.i != self.t.len() {
            return Err("trailing text".into());
        }
        Ok(Parsed { params, pieces })
    }

    fn piece(&mut self) -> Result<Piece, String> {
        let mut domain = None;
        let mut range = None;
        if !self.is(":") {
            domain = Some(self.tuple()?);
            if self.is("->") {
                self.i += 1;
                range = Some(self.tuple()?);
            }
        }
        let cond = if self.is(":") {
            self.i += 1;
            if self.is("}") || self.is(";") {
                Cond::True
            } else {
                self.disj()?
            }
        } else {
            Cond::True
        };
        Ok(Piece { domain, range, cond })
    }

    fn tuple(&mut self) -> Result<Tuple, String> {
        let name = if matches!(self.peek(), Some(Tok::Id(_))) { Some(self.ident()?) } else { None };
        self.eat("[")?;
        let mut entries = Vec::new();
        if !self.is("]") {
            loop {
                let is_var = matches!(self.peek(), Some(Tok::Id(x)) if !KEYWORDS.contains(&x.as_str()))
                    && matches!(self.peek_at(1), Some(Tok::Sym(",")) | Some(Tok::Sym("]")) | Some(Tok::Sym("=")));
                if is_var {
                    let v = self.ident()?;
                    if self.is("=") {
                        self.i += 1;
                        entries.push(Entry::VarEq(v, self.expr()?));
                    } else {
                        entries.push(Entry::Var(v));
                    }
                } else {
                    entries.push(Entry::Expr(self.expr()?));
                }
                if self.is(",") {
                    self.i += 1;
                } else {
                    break;
                }
            }
        }
        self.eat("]")?;
        Ok(Tuple { name, entries })
    }

    fn disj(&mut self) -> Result<Cond, String> {
        let mut c = self.conj()?;
        while self.is_kw("or") {
            self.i += 1;
            c = c.or(self.conj()?);
        }
        Ok(c)
    }

    fn conj(&mut self) -> Result<Cond, String> {
        let mut c = self.atom()?;
        while self.is_kw("and") {
            self.i += 1;
            c = c.and(self.atom()?);
        }
        Ok(c)
    }

    fn atom(&mut self) -> Result<Cond, String> {
        if self.is_kw("false") || self.is_kw("true") {
            let t = self.is_kw("true");
            self.i += 1;
            return Ok(if t { Cond::True } else { Cond::False });
        }
        if self.is("(") {
            // A parenthesized condition (isl never parenthesizes affine
            // expressions it prints).
            let save = self.i;
            self.i += 1;
            if let Ok(c) = self.disj() {
                if self.is(")") {
                    self.i += 1;
                    return Ok(c);
                }
            }
            self.i = save;
        }
        let mut left = self.expr()?;
        let mut out = Cond::True;
        let mut any = false;
        loop {
            let op = match self.peek() {
                Some(Tok::Sym(s)) if matches!(*s, "<" | "<=" | ">" | ">=" | "=") => *s,
                _ => break,
            };
            self.i += 1;
            let right = self.expr()?;
            let diff = |a: &Polynomial, b: &Polynomial| a.checked_sub(b).ok_or_else(|| "overflow".to_string());
            let c = match op {
                "<" => Cond::NonNeg(diff(&diff(&right, &left)?, &Polynomial::constant(1))?),
                "<=" => Cond::NonNeg(diff(&right, &left)?),
                ">" => Cond::NonNeg(diff(&diff(&left, &right)?, &Polynomial::constant(1))?),
                ">=" => Cond::NonNeg(diff(&left, &right)?),
                _ => Cond::Zero(diff(&left, &right)?),
            };
            out = out.and(c);
            any = true;
            left = right;
        }
        if !any {
            return Err(format!("expected a comparison at token {}", self.i));
        }
        Ok(out)
    }

    fn expr(&mut self) -> Result<Polynomial, String> {
        let mut neg = false;
        if self.is("-") {
            self.i += 1;
            neg = true;
        } else if self.is("+") {
            self.i += 1;
        }
        let mut acc = self.term()?;
        if neg {
            acc = acc.checked_scale(-1).ok_or("overflow")?;
        }
        loop {
            let sign = if self.is("+") {
                1
            } else if self.is("-") {
                -1
            } else {
                break;
            };
            self.i += 1;
            let t = self.term()?.checked_scale(sign).ok_or("overflow")?;
            acc = acc.checked_add(&t).ok_or("overflow")?;
        }
        Ok(acc)
    }

    fn term(&mut self) -> Result<Polynomial, String> {
        match self.peek().cloned() {
            Some(Tok::Int(k)) => {
                self.i += 1;
                if self.is("*") {
                    self.i += 1;
                }
                if matches!(self.peek(), Some(Tok::Id(x)) if !KEYWORDS.contains(&x.as_str())) {
                    let v = self.ident()?;
                    return Ok(Polynomial::term(vec![v], k));
                }
                Ok(Polynomial::constant(k))
            }
            Some(Tok::Id(x)) if !KEYWORDS.contains(&x.as_str()) => {
                self.i += 1;
                let mut p = Polynomial::var(&x);
                if self.is("*") {
                    self.i += 1;
                    match self.peek().cloned() {
                        Some(Tok::Int(k)) => {
                            self.i += 1;
                            p = p.checked_scale(k).ok_or("overflow")?;
                        }
                        _ => return Err("non-affine product".into()),
                    }
                }
                Ok(p)
            }
            _ => Err(format!("unsupported expression at token {}", self.i)),
        }
    }
}

fn parse(s: &str) -> Result<Parsed, String> {
    let t = lex(s)?;
    P { t, i: 0 }.top().map_err(|e| format!("{e} in {s}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Statement;

    #[test]
    fn reads_the_plugins_notation() {
        let scop = Scop {
            context: "[n, m] -> { : (2147483648 + n >= 0 and 2147483647 - n >= 0) }".into(),
            statements: vec![Statement::new(
                "S_5",
                7,
                "[n, m] -> { S_5[i, j] : (i < n and 0 <= j < i) or (i >= 0 and i < j <= -2 + n) }",
                "[n, m] -> { S_5[i, j] -> [2, i, 1, j, 0, 0, 0] }",
            )
            .reads("A", "[n] -> { S_5[i, j] -> A[1 + i, 2j - m] }")
            .writes("t_14", "{ S_5[i, j] -> t_14[] }")],
        };
        let l = LightScop::read(&scop).unwrap();
        assert_eq!(l.params, vec!["n", "m"]);
        assert_eq!(l.time_dims, 7);
        let s = &l.stmts[0];
        assert_eq!(s.consts, vec![2, 1, 0]);
        assert_eq!(s.domain.len(), 2);
        assert_eq!(s.accesses[0].subs[0], Lin { coef: vec![0, 0, 1, 0], k: 1 });
        assert_eq!(s.accesses[0].subs[1], Lin { coef: vec![0, -1, 0, 2], k: 0 });
        assert!(s.accesses[1].subs.is_empty());
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        let scop = |d: &str| Scop {
            context: "[n] -> { : }".into(),
            statements: vec![Statement::new("S", 1, d, "[n] -> { S[i] -> [0, i, 0] }")],
        };
        for d in ["[n] -> { S[i] : exists (e0 = floor((i)/2): i = 2e0) }", "[n] -> { S[i] : i mod 2 = 0 }", "[n] -> { T[i] }"] {
            assert!(LightScop::read(&scop(d)).is_err(), "{d}");
        }
        assert!(LightScop::read(&scop("[n] -> { S[i] : 0 <= i < n }")).is_ok());
    }
}
