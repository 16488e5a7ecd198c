//! Delinearizing a region's arrays: their shapes from the accesses and the C types, and the bounds of their rows.

use super::*;

impl<'d, 'f> RegionBuilder<'d, 'f> {
    /// Delinearizes one array (`base`, its accesses `offs`, elements of
    /// `elem` bytes, model name `name`): its shape and assumption, and each
    /// access's relation, into `views`.
    pub(super) fn delinearize_array(
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
        let AccessModel { tr, raw, facts, no_facts, .. } = *m;
        // The bounds that make the multi-dimensional view exact: prove
        // them or assume them. C arrays are no exception: GCC folds
        // their subscripts into offsets whose columns can leave their
        // rows (`aa[j][i]`, i from j + 1, became 257*j + i + 1 elements
        // in, read as aa[0][257*j + i + 1]).
        let mut assumed: Option<Set> = None;
        // Accesses whose subscripts hold their bounds only with a row
        // borrowed (`Delinearized::borrowed`): the subscripts to use.
        let mut borrowed: HashMap<usize, Vec<Polynomial>> = HashMap::new();
        // Per block and bounds: the rows shifted, if any.
        let mut seen: HashMap<(i32, Vec<Cond>), Option<Vec<(usize, poly::Shift)>>> = HashMap::new();
        let choices = d.borrow_choices();
        // Per block: the instances that can run (the same for each of the
        // block's accesses, and built from all of them).
        let mut runs_of: HashMap<i32, Set> = HashMap::new();
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
                if let Some((subs, _)) = fix.as_ref().and_then(|shifts| d.borrowed_at(j, shifts)) {
                    borrowed.insert(j, subs);
                }
                continue;
            }
            // The instances of the access that leave the bounds, among
            // those that can run (`defined_instances`).
            let runs = match runs_of.get(&a.block) {
                Some(r) => self.ok(r.copy())?,
                None => {
                    let r = self.defined_instances(m, a.block, &iters)?;
                    runs_of.insert(a.block, self.ok(r.copy())?);
                    r
                }
            };
            let outside = |conds: Vec<Cond>| -> Result<Set, Rejection> {
                let ok = self.constraint(tr, &iters, &Cond::And(conds))?;
                self.ok(self.ok(runs.copy())?.subtract(ok))
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
            for shifts in &choices {
                let Some((subs, bounds)) = d.borrowed_at(j, shifts) else { continue };
                if self.ok(outside(as_conds(&bounds))?.is_empty())? {
                    fixed = Some((shifts.clone(), subs));
                    break;
                }
            }
            seen.insert((a.block, conds), fixed.as_ref().map(|(shifts, _)| shifts.clone()));
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

    /// The instances of `block`'s domain in which every access of the block
    /// keeps its indices within their declared dimensions: no other
    /// instance runs in a program with defined behaviour, whichever
    /// statement of the block leaves its dimension. The whole domain where
    /// a range cannot be expressed.
    fn defined_instances(&self, m: &AccessModel, block: i32, iters: &[String]) -> Outcome<Set> {
        let dom = self.ok(m.doms[&block].copy())?;
        let conds: Vec<Cond> = m
            .raw
            .iter()
            .zip(m.index_ranges)
            .filter(|(a, _)| a.block == block)
            .flat_map(|(_, r)| in_dimensions(r))
            .collect();
        if conds.is_empty() {
            return Ok(dom);
        }
        match self.constraint(m.tr, iters, &Cond::And(conds)) {
            Ok(declared) => self.ok(dom.intersect(declared)),
            Err(_) => Ok(dom),
        }
    }
}

/// What delinearizing a region's arrays reads: the translator, the
/// iterators, the accesses, the blocks' domains and what is known of the
/// parameters.
#[derive(Clone, Copy)]
pub(super) struct AccessModel<'m, 'a> {
    pub(super) tr: &'m Translator<'a>,
    pub(super) iterators: &'m HashMap<u32, String>,
    pub(super) raw: &'m [RawAccess],
    pub(super) doms: &'m BTreeMap<i32, Set>,
    pub(super) facts: &'m Cond,
    pub(super) no_facts: bool,
    /// By access: the ranges its inner array dimensions declare.
    pub(super) index_ranges: &'m [Vec<IndexRange>],
}

/// What delinearizing a region's arrays gives: each access's relation (by
/// access), the assumptions made, the arrays' shapes for the dump, and
/// each array's base and shape by model name.
pub(super) struct ArrayViews {
    pub(super) relations: Vec<Option<(String, Vec<Polynomial>)>>,
    pub(super) assumptions: Vec<Assumption>,
    pub(super) arrays: Vec<String>,
    pub(super) bases: BTreeMap<String, ArrayBase>,
}

/// `low <= index <= high` for each range.
fn in_dimensions(ranges: &[IndexRange]) -> Vec<Cond> {
    ranges
        .iter()
        .flat_map(|r| {
            let below = r.index.checked_sub(&Polynomial::constant(r.low));
            let above = Polynomial::constant(r.high).checked_sub(&r.index);
            // A range whose bound overflows is left out: fewer facts.
            below.zip(above).map(|(b, a)| [Cond::NonNeg(b), Cond::NonNeg(a)]).into_iter().flatten()
        })
        .collect()
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
