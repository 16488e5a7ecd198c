//! Per-thread copies of arrays: which copies a loop may have, their extents and kinds, and the rewrite that makes them.

use super::*;

/// What a thread's copy of an array is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyKind {
    /// A reduction into the array (`s[j] += a[i][j]` over i): the copies
    /// start zeroed and are added to the array after the loop.
    Sum,
    /// A private array no value of which is used after the loop.
    Private,
    /// A private array whose values after the loop are the last
    /// iteration's (doitgen's `sum`): that iteration works in the array
    /// itself.
    LastPrivate,
}

/// An array each thread running a loop's iterations works in a copy of:
/// the array's pointer or declaration, for a reduction one of the loop's
/// stores into it, and the bytes the loop touches (with the sizes that
/// must be non-negative for them to hold).
#[derive(Clone, Debug)]
pub struct ThreadCopy {
    pub array: String,
    pub kind: CopyKind,
    /// A private array whose copies start as its values before the loop
    /// (the verdict's firstprivate: iterations read them).
    pub filled: bool,
    base: Tree,
    store: Option<Stmt>,
    extent: Extent,
    sizes: Vec<Polynomial>,
}

/// A loop's arrays with copies per thread, and where one is `LastPrivate`
/// the counter (from 0) of the last iteration in which a statement of the
/// loop runs, by pieces.
#[derive(Clone, Debug, Default)]
pub struct ThreadCopies {
    pub arrays: Vec<ThreadCopy>,
    last: Option<Pieces>,
}

impl ThreadCopies {
    pub fn is_empty(&self) -> bool {
        self.arrays.is_empty()
    }

    /// The names of the arrays copied for `kinds`.
    pub fn names(&self, kinds: &[CopyKind]) -> Vec<&str> {
        self.arrays.iter().filter(|c| kinds.contains(&c.kind)).map(|c| c.array.as_str()).collect()
    }

    /// The names of the arrays whose copies start as their values.
    pub fn filled(&self) -> Vec<&str> {
        self.arrays.iter().filter(|c| c.filled).map(|c| c.array.as_str()).collect()
    }

    /// The names of the reduced arrays of signed integers, whose sums are
    /// computed in unsigned arithmetic.
    pub fn wrapped(&self) -> Vec<&str> {
        let signed = |st: &Stmt| {
            st.assign_lhs().and_then(|t| t.ty()).is_some_and(|t| t.class() == ffi::gp_type_kind::GP_TY_INTEGER && !t.unsigned())
        };
        self.arrays.iter().filter(|c| c.kind == CopyKind::Sum && c.store.as_ref().is_some_and(signed)).map(|c| c.array.as_str()).collect()
    }
}

/// Whether loop `l` of region `r` can have copies per thread of `n`
/// arrays: the bytes they touch are the region's, and the copies are
/// bounded.
fn thread_copies_allowed(forest: &LoopForest, r: &Region, l: u32, n: usize) -> Result<(), String> {
    if !r.loops.contains(&l) {
        return Err(format!("loop {l} is not a loop of its region"));
    }
    // The range is the region's, whatever its loops' counters: with a
    // loop of the region around this one, each run would take more than it
    // touches (and a reduction would add more).
    if forest.get(l).and_then(|x| x.parent).is_some_and(|p| r.loops.contains(&p)) {
        return Err("a loop of its region runs around it, and the ranges known are the whole region's".into());
    }
    // SAFETY: reads a flag of the compilation.
    let threads = unsafe { ffi::gp_parallelize_loops_threads() };
    if threads > MAX_THREAD_COPIES {
        return Err(format!("-ftree-parallelize-loops={threads} asks for more than {MAX_THREAD_COPIES} copies of each array"));
    }
    if n > MAX_COPIED_ARRAYS {
        return Err(format!("it needs copies of {n} arrays, more than {MAX_COPIED_ARRAYS}"));
    }
    Ok(())
}

/// The loop of a region whose iterations work in copies of arrays, with
/// the names of its model statements.
struct CopiedLoop<'a> {
    forest: &'a LoopForest,
    region: &'a Region,
    num: u32,
    stmts: Vec<String>,
}

impl<'a> CopiedLoop<'a> {
    fn new(forest: &'a LoopForest, region: &'a Region, num: u32) -> Self {
        let stmts = super::parallel::loop_map(forest, region).stmts.remove(&num).unwrap_or_default();
        CopiedLoop { forest, region, num, stmts }
    }
}

/// The copy per thread of `array` in loop `lp`, for `kind`; None where the array is updated in
/// the loop's own body and `kind` is a sum (a reduction into one cell:
/// Reductions in memory).
fn thread_copy_of(cx: &BoundedCtx, lp: &CopiedLoop, array: &str, kind: CopyKind, wrap_signed: bool) -> Result<Option<ThreadCopy>, String> {
    let &CopiedLoop { forest, region: r, num: l, ref stmts } = lp;
    let base = match r.bases.get(array).map(|b| &b.base) {
        Some(Base::Ptr(t)) | Some(Base::Decl(t)) => *t,
        None => return Err(format!("{array} has no base")),
    };
    let accesses =
        super::parallel::loop_array_accesses(forest, r, l, array).ok_or_else(|| format!("the accesses to {array} do not match the model"))?;
    let mut store = None;
    if kind == CopyKind::Sum {
        if accesses.iter().any(|(in_loop, _, _)| *in_loop == l) {
            return Ok(None);
        }
        let Some(&(_, st, _)) = accesses.iter().find(|(_, _, write)| *write) else {
            return Err(format!("no store into {array}"));
        };
        // Zero must be the sum's identity, and no thread's partial sum may
        // overflow where the whole does not: signed integers are summed in
        // unsigned arithmetic.
        match st.assign_lhs().and_then(|t| t.ty()).map(|t| (t.class(), t.unsigned())) {
            Some((ffi::gp_type_kind::GP_TY_REAL, _)) | Some((ffi::gp_type_kind::GP_TY_INTEGER, true)) => {}
            Some((ffi::gp_type_kind::GP_TY_INTEGER, false)) if wrap_signed => {}
            Some((ffi::gp_type_kind::GP_TY_INTEGER, false)) => {
                return Err(format!(
                    "{array} holds signed integers, and the partial sum of a thread may overflow where the whole does not (with -ftrapv or no-unsigned-reductions)"
                ))
            }
            _ => return Err(format!("{array} holds neither integers nor floating-point numbers")),
        }
        store = Some(st);
    }
    let mut sizes = Vec::new();
    let mut extents = extents_of(cx, r, &[array], &|s| stmts.iter().any(|n| n == s), &mut sizes)?;
    let extent = extents.remove(array).ok_or_else(|| format!("{array} is not touched"))?;
    let values = extent.lo.values().into_iter().chain(extent.hi.values()).chain(sizes.iter().cloned()).collect::<Vec<_>>();
    if let Some(p) = too_large(r, &values) {
        return Err(format!("the range's value {} may not fit {} bits", p.to_isl(), rt_bits()));
    }
    Ok(Some(ThreadCopy { array: array.to_string(), kind, filled: false, base, store, extent, sizes }))
}

/// The reductions into arrays of loop `l` of region `r`, `cells` (the
/// verdict's names, `s[j]`): the bytes the loop touches must be known
/// (isl's box of its accesses over the region, as for the overlap test).
/// None where an array is updated in the loop's own body (a reduction into
/// one cell: Reductions in memory).
pub fn array_reductions_of(
    forest: &LoopForest,
    r: &Region,
    l: u32,
    cells: &[String],
    max_operations: u64,
    wrap_signed: bool,
) -> Result<Option<ThreadCopies>, String> {
    let mut arrays: Vec<&str> = cells.iter().map(|c| c.split('[').next().unwrap_or("")).collect();
    arrays.dedup();
    thread_copies_allowed(forest, r, l, arrays.len())?;
    let cx = BoundedCtx::new(max_operations);
    let lp = CopiedLoop::new(forest, r, l);
    let mut out = ThreadCopies::default();
    for array in arrays {
        match thread_copy_of(&cx, &lp, array, CopyKind::Sum, wrap_signed)? {
            Some(c) => out.arrays.push(c),
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// The private arrays `arrays` of loop `l` of region `r`, those of `live`
/// with the values of its last iteration used after it, those of
/// `incoming` with values from before it read in it: the bytes the loop
/// touches must be known, as for reductions into arrays, and for `live`
/// the last iteration in which a statement of the loop runs.
pub fn private_copies_of(
    forest: &LoopForest,
    r: &Region,
    l: u32,
    arrays: &[String],
    live: &[String],
    incoming: &[String],
    max_operations: u64,
) -> Result<ThreadCopies, String> {
    thread_copies_allowed(forest, r, l, arrays.len())?;
    let cx = BoundedCtx::new(max_operations);
    let lp = CopiedLoop::new(forest, r, l);
    let mut out = ThreadCopies::default();
    for array in arrays {
        let kind = if live.contains(array) { CopyKind::LastPrivate } else { CopyKind::Private };
        let mut c = thread_copy_of(&cx, &lp, array, kind, false)?.ok_or_else(|| format!("{array} is not touched"))?;
        c.filled = incoming.contains(array);
        out.arrays.push(c);
    }
    if out.arrays.iter().any(|c| c.kind == CopyKind::LastPrivate) {
        // The verdict's last iteration: the last in which a statement of
        // the loop runs (the loop is its region's outermost: its counter is
        // every statement's first dimension).
        let domains: Vec<String> = r.scop.statements.iter().filter(|s| lp.stmts.contains(&s.name)).map(|s| s.domain.clone()).collect();
        let pieces = poly::first_dim_max(&cx, &domains).map_err(|e| e.to_string())?.ok_or("no statement of the loop runs")?;
        let pieces = pieces_of(&pieces)?;
        let values: Vec<Polynomial> = pieces.iter().flat_map(|(v, _, dnf)| std::iter::once(v.clone()).chain(dnf.iter().flatten().map(|(p, _)| p.clone()))).collect();
        if let Some(p) = too_large(r, &values) {
            return Err(format!("the last iteration's counter {} may not fit {} bits", p.to_isl(), rt_bits()));
        }
        out.last = Some(pieces);
    }
    Ok(out)
}

/// Gives loop `l`'s arrays `copies` a copy per thread
/// (`gp_loop_thread_copies`); with `apply` false only says whether it
/// can, changing nothing.
pub fn thread_copies(region: &Region, l: u32, copies: &ThreadCopies, apply: bool) -> bool {
    let b = Builder { region };
    let mut bases = Vec::new();
    let (mut los, mut his, mut stores, mut kinds, mut fill) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut sizes = Vec::new();
    for c in &copies.arrays {
        let (Some(lo), Some(hi)) = (b.bound(&c.extent.lo), b.bound(&c.extent.hi)) else { return false };
        bases.push(c.base.raw() as *const ffi::gp_tree);
        los.push(lo.raw() as *const ffi::gp_tree);
        his.push(hi.raw() as *const ffi::gp_tree);
        stores.push(c.store.map_or(std::ptr::null(), |s| s.raw() as *const ffi::gp_stmt));
        kinds.push(match c.kind {
            CopyKind::Sum => ffi::gp_copy_kind::GP_COPY_SUM,
            CopyKind::Private => ffi::gp_copy_kind::GP_COPY_PRIVATE,
            CopyKind::LastPrivate => ffi::gp_copy_kind::GP_COPY_LAST,
        });
        fill.push(c.filled as i32);
        for s in &c.sizes {
            if !sizes.contains(s) {
                sizes.push(s.clone());
            }
        }
    }
    let last = match &copies.last {
        None => std::ptr::null(),
        Some(p) => match b.piecewise(p) {
            Some(t) => t.raw() as *const ffi::gp_tree,
            None => return false,
        },
    };
    // The sizes that scale the ranges must be non-negative for them to hold.
    let cond = match sizes.is_empty() {
        true => std::ptr::null(),
        false => match b.test(&RuntimeTest { sizes, ..Default::default() }) {
            Some(c) => c.raw() as *const ffi::gp_tree,
            None => return false,
        },
    };
    // SAFETY: l is a loop of cfun; the arrays hold copies.arrays.len()
    // pointer SSA names or declarations, trees built over values defined
    // before the region, stores of cfun or nulls, and kinds; last and cond
    // are null or such trees.
    unsafe {
        ffi::gp_loop_thread_copies(
            l,
            bases.as_ptr(),
            los.as_ptr(),
            his.as_ptr(),
            stores.as_ptr(),
            kinds.as_ptr(),
            fill.as_ptr(),
            kinds.len() as u32,
            last,
            cond,
            apply as i32,
        ) != 0
    }
}
