//! The polyhedral model of one static-control region (SCoP), and its isl form.
//!
//! `Scop` is plain data in isl notation, so that the GIMPLE side, the dump and
//! the unit tests all speak the same language; `IslScop` is that data parsed
//! into isl objects of one bounded context.

use crate::bounded::{BoundedCtx, IslFailure};
use isl_rs::{Set, UnionMap, UnionSet};

/// How an access touches memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    Read,
    /// Writes every element of its relation's image, every time.
    MustWrite,
    /// Writes some elements of its image (under a condition the model does
    /// not express, or through a may-alias).
    MayWrite,
}

/// One access of a statement: `relation` maps the statement's instances to
/// the elements accessed, e.g. `[N] -> { S1[i, j] -> A[i, j] }`. A scalar
/// (a PRE temporary, a PHI) is a zero-dimensional array: `{ S1[i] -> t[] }`.
#[derive(Clone, Debug)]
pub struct Access {
    pub kind: AccessKind,
    pub array: String,
    pub relation: String,
}

/// One statement: its instances (`domain`), when they run (`schedule`, into a
/// time space shared by all statements), and its accesses.
#[derive(Clone, Debug)]
pub struct Statement {
    pub name: String,
    /// The source line, for remarks and blockers.
    pub line: u32,
    pub domain: String,
    pub schedule: String,
    pub accesses: Vec<Access>,
}

/// A static-control region: parameters' context and statements.
#[derive(Clone, Debug, Default)]
pub struct Scop {
    /// What is known of the parameters, e.g. `[N] -> { : N > 0 }`.
    pub context: String,
    pub statements: Vec<Statement>,
}

impl Statement {
    pub fn new(name: &str, line: u32, domain: &str, schedule: &str) -> Statement {
        Statement {
            name: name.to_string(),
            line,
            domain: domain.to_string(),
            schedule: schedule.to_string(),
            accesses: Vec::new(),
        }
    }

    pub fn access(mut self, kind: AccessKind, array: &str, relation: &str) -> Statement {
        self.accesses.push(Access { kind, array: array.to_string(), relation: relation.to_string() });
        self
    }

    pub fn reads(self, array: &str, relation: &str) -> Statement {
        self.access(AccessKind::Read, array, relation)
    }

    pub fn writes(self, array: &str, relation: &str) -> Statement {
        self.access(AccessKind::MustWrite, array, relation)
    }

    pub fn may_write(self, array: &str, relation: &str) -> Statement {
        self.access(AccessKind::MayWrite, array, relation)
    }
}

/// The number of time dimensions of `schedule` (all its maps agree);
/// None when it has no map.
pub(crate) fn schedule_dims(cx: &BoundedCtx, schedule: &UnionMap) -> Result<Option<u32>, IslFailure> {
    let list = cx.ok(schedule.get_map_list())?;
    if cx.ok(list.size())? == 0 {
        return Ok(None);
    }
    Ok(Some(cx.ok(cx.ok(list.get_at(0))?.dim(isl_rs::DimType::Out))? as u32))
}

/// A `Scop` in isl objects.
pub struct IslScop<'c> {
    pub cx: &'c BoundedCtx,
    pub context: Set,
    pub domain: UnionSet,
    pub schedule: UnionMap,
    pub reads: UnionMap,
    pub must_writes: UnionMap,
    pub may_writes: UnionMap,
    /// `apart_within`'s accesses, parsed and restricted, by their text: a
    /// loop's cells ask about the same others again and again.
    restricted: std::cell::RefCell<std::collections::HashMap<String, UnionMap>>,
}

impl<'c> IslScop<'c> {
    /// Parses `scop`; every relation is restricted to its statement's domain
    /// and the context.
    pub fn build(cx: &'c BoundedCtx, scop: &Scop) -> Result<IslScop<'c>, IslFailure> {
        let context = if scop.context.is_empty() { cx.set("{ : }")? } else { cx.set(&scop.context)? };
        let mut domain = cx.union_set("{ }")?;
        let mut schedule = cx.union_map("{ }")?;
        let mut reads = cx.union_map("{ }")?;
        let mut must_writes = cx.union_map("{ }")?;
        let mut may_writes = cx.union_map("{ }")?;
        for s in &scop.statements {
            let dom = cx.union_set(&s.domain)?;
            let dom = cx.ok(dom.intersect_params(cx.ok(context.copy())?))?;
            let restrict = |m: UnionMap| -> Result<UnionMap, IslFailure> {
                cx.ok(m.intersect_domain(cx.ok(dom.copy())?))
            };
            schedule = cx.ok(schedule.union(restrict(cx.union_map(&s.schedule)?)?))?;
            for a in &s.accesses {
                let rel = restrict(cx.union_map(&a.relation)?)?;
                let target = match a.kind {
                    AccessKind::Read => &mut reads,
                    AccessKind::MustWrite => &mut must_writes,
                    AccessKind::MayWrite => &mut may_writes,
                };
                let old = std::mem::replace(target, cx.union_map("{ }")?);
                *target = cx.ok(old.union(rel))?;
            }
            domain = cx.ok(domain.union(dom))?;
        }
        Ok(IslScop { cx, context, domain, schedule, reads, must_writes, may_writes, restricted: Default::default() })
    }

    /// Whether no instance of the accesses `others` (relations in isl
    /// text) touches the element an instance of `cell` touches while both
    /// run in the same iteration of the loops around the loop at time
    /// dimension `dim` (their first `dim` time coordinates equal): while
    /// that loop runs, the others leave `cell`'s elements alone.
    pub fn apart_within(&self, cell: &str, others: &[&str], dim: u32) -> Result<bool, IslFailure> {
        let cx = self.cx;
        let restricted = |text: &str| -> Result<UnionMap, IslFailure> {
            if let Some(m) = self.restricted.borrow().get(text) {
                return cx.ok(m.copy());
            }
            let m = cx.ok(cx.union_map(text)?.intersect_params(cx.ok(self.context.copy())?))?;
            let m = cx.ok(m.intersect_domain(cx.ok(self.domain.copy())?))?;
            self.restricted.borrow_mut().insert(text.to_string(), cx.ok(m.copy())?);
            Ok(m)
        };
        let cell = restricted(cell)?;
        let mut other = cx.union_map("{ }")?;
        for o in others {
            other = cx.ok(other.union(restricted(o)?))?;
        }
        // (other instance -> cell instance) touching one element.
        let same_element = cx.ok(other.apply_range(cx.ok(cell.reverse())?))?;
        let Some(n) = schedule_dims(cx, &self.schedule)? else {
            return cx.ok(same_element.is_empty());
        };
        if dim > n {
            return Err(IslFailure::Error(format!("time dimension {dim} past the schedule's {n}")));
        }
        // Each instance's iteration of those loops (its first `dim` time
        // coordinates): the pairs map to pairs of iterations, and a pair in
        // one iteration is a zero difference. (Relating every two instances
        // of one iteration instead costs the square of the statements.)
        let keys = cx.ok(cx.ok(self.schedule.copy())?.apply_range(crate::verdict::projection(cx, n, dim)?))?;
        let iterations = cx.ok(cx.ok(same_element.apply_domain(cx.ok(keys.copy())?))?.apply_range(keys))?;
        let zero = cx.union_set(&format!("{{ [{}] }}", vec!["0"; dim as usize].join(", ")))?;
        cx.ok(cx.ok(cx.ok(iterations.deltas())?.intersect(zero))?.is_empty())
    }

    /// Every write, must or may.
    pub fn writes(&self) -> Result<UnionMap, IslFailure> {
        let cx = self.cx;
        cx.ok(cx.ok(self.must_writes.copy())?.union(cx.ok(self.may_writes.copy())?))
    }
}
