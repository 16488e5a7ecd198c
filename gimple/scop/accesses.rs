//! A region's accesses: the statements' memory references and scalars, grouped by base, and the bases that may overlap.

use super::*;

impl<'d, 'f> RegionBuilder<'d, 'f> {
    /// The entry block's accesses, and the blocks among them that may set
    /// errno; or, as the third, the entry block when it stays outside.
    pub(super) fn entry_accesses(entry_block: Option<i32>, force_entry_outside: bool) -> (Vec<RawAccess>, BTreeSet<i32>, Option<i32>) {
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
    pub(super) fn block_accesses(&self, entry_block: Option<i32>, raw: &mut Vec<RawAccess>, has_errno: &mut BTreeSet<i32>) -> Outcome<BTreeMap<i32, u32>> {
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
    pub(super) fn scalars(&self, tr: &Translator, entry_block: Option<i32>, entry_outside: Option<i32>) -> Scalars {
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
    /// loops), and each base's element size, one per base; by access, the
    /// ranges its inner array dimensions declare for their indices.
    #[allow(clippy::type_complexity)]
    pub(super) fn accesses_by_base(
        &self,
        tr: &mut Translator,
        raw: &[RawAccess],
        doms: &BTreeMap<i32, Set>,
    ) -> Outcome<(BTreeMap<(u8, u32), BaseAccesses>, BTreeMap<(u8, u32), i128>, Vec<Vec<IndexRange>>)> {
        let mut by_base: BTreeMap<(u8, u32), BaseAccesses> = BTreeMap::new();
        let mut sizes: BTreeMap<(u8, u32), i128> = BTreeMap::new();
        let mut ranges = Vec::with_capacity(raw.len());
        for (k, a) in raw.iter().enumerate() {
            let (v, r) = tr.address_and_ranges(a.reference).map_err(|d| Rejection {
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
            ranges.push(r);
        }
        Ok((by_base, sizes, ranges))
    }

    /// Takes out of `raw` the reads whose address the model does not
    /// follow but whose object it knows (`p[col[k]]`, `x[idx[i]]`): the
    /// object, the access and why its address is not followed (for a
    /// rejection that names them).
    pub(super) fn indirect_reads(tr: &Translator, raw: &mut Vec<RawAccess>) -> Vec<(Base, RawAccess, String)> {
        let mut out = Vec::new();
        raw.retain(|a| {
            if a.kind != AccessKind::Read {
                return true;
            }
            let Err(why) = tr.scratch().address_of(a.reference) else { return true };
            match tr.base_of(a.reference) {
                Some(base) => {
                    out.push((base, a.clone(), why.to_string()));
                    false
                }
                None => true,
            }
        });
        out
    }

    pub(super) fn scan_statement(s: Stmt, b: i32, raw: &mut Vec<RawAccess>, errno: &mut BTreeSet<i32>) -> Outcome<()> {
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
            // A pure call reads memory and writes none: kept where it reads
            // nothing the region writes (`pure_calls_apart`).
            let reads_only = is_pure && !s.writes_memory();
            if !(is_const || reads_only || (internal && !s.writes_memory()) || errno_only) {
                return reject(Reason::SideEffectCall, format!("line {line}: call to '{name}' may have side effects"));
            }
            if s.writes_memory() || (s.reads_memory() && !reads_only) {
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
pub(super) struct Scalars {
    pub(super) reads: BTreeMap<i32, BTreeSet<String>>,
    pub(super) writes: BTreeMap<i32, BTreeSet<String>>,
    pub(super) live_out: BTreeSet<String>,
}

/// Array names, unique: each base's model name, by base.
pub(super) fn array_names(tr: &Translator, by_base: &BTreeMap<(u8, u32), BaseAccesses>) -> BTreeMap<(u8, u32), String> {
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
pub(super) fn no_alias_pairs(
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

/// The indirect reads as the region keeps them, (object, line), where no
/// access of the region writes their object and no written object may
/// overlap it: then they carry no dependence. Else the region is rejected
/// as before, the first such read named.
pub(super) fn indirect_reads_apart(
    raw: &[RawAccess],
    by_base: &BTreeMap<(u8, u32), BaseAccesses>,
    indirect: &[(Base, RawAccess, String)],
) -> Outcome<Vec<(String, u32)>> {
    let written: Vec<Base> =
        by_base.values().filter(|(_, offs)| offs.iter().any(|(k, _)| raw[*k].kind != AccessKind::Read)).map(|(b, _)| *b).collect();
    let mut out = Vec::new();
    for (base, a, why) in indirect {
        let clash = written.iter().find(|w| {
            w.key() == base.key()
                || match (*base, **w) {
                    (Base::Decl(_), Base::Decl(_)) => false,
                    (Base::Ptr(p), Base::Decl(d)) | (Base::Decl(d), Base::Ptr(p)) => p.ptr_may_alias_decl(d),
                    (Base::Ptr(p), Base::Ptr(q)) => p.ptr_may_alias_ptr(q),
                }
        });
        if let Some(w) = clash {
            let how = if w.key() == base.key() { "is written in the region".to_string() } else { format!("may overlap '{}', which the region writes", w.name()) };
            return reject(
                Reason::NonAffineAccess,
                format!("line {}: {why}, and '{}' {how}", a.line, base.name()),
            );
        }
        out.push((base.name(), a.line));
    }
    Ok(out)
}

/// The pure calls of `blocks` (but `outside`) read none of the memory
/// the region writes (`raw`'s writes), by GCC's alias oracle with the
/// callees' mod/ref summaries: then they carry no dependence and are
/// computations like const calls. Else the region is rejected, naming
/// the call and what it may read.
pub(super) fn pure_calls_apart(blocks: &BTreeSet<i32>, outside: Option<i32>, raw: &[RawAccess]) -> Outcome<()> {
    let writes: Vec<&RawAccess> = raw.iter().filter(|a| a.kind != AccessKind::Read).collect();
    for &b in blocks.iter().filter(|&&b| Some(b) != outside) {
        for s in ir::stmts(b).into_iter().filter(|s| s.kind() == SK::GP_STMT_CALL && s.reads_memory()) {
            let (is_const, is_pure, _, _) = s.call_flags();
            if is_const || !is_pure {
                continue;
            }
            if let Some(w) = writes.iter().find(|w| s.call_may_use(w.reference)) {
                let name = s.call_name().unwrap_or_else(|| "an indirect call".into());
                return reject(
                    Reason::SideEffectCall,
                    format!("line {}: call to '{name}' may read {}, which the region writes (line {})", line_of(s), w.reference.text(), w.line),
                );
            }
        }
    }
    Ok(())
}

/// A zero-dimensional array's name for an SSA value.
pub(crate) fn scalar_name(v: Tree) -> String {
    let stem = v.ssa_var_name().map(|n| isl_name(&n)).unwrap_or_else(|| "t".into());
    format!("{stem}_{}", v.ssa_version())
}
