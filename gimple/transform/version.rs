//! Versioning calls: the run-time test built as GIMPLE, and the loop versioned on it.

use super::*;

/// Builds GCC trees through the shim.
pub(super) struct Builder<'r> {
    pub(super) region: &'r Region,
}

impl Builder<'_> {
    fn tree(p: *mut ffi::gp_tree) -> Option<Tree> {
        Tree::from(p)
    }

    fn constant(&self, v: i128) -> Option<Tree> {
        if let Ok(small) = i64::try_from(v) {
            // SAFETY: builds a constant tree; called inside a pass.
            return Self::tree(unsafe { ffi::gp_rt_const(small) });
        }
        // (v >> 32) * 2^32 + (v & (2^32 - 1)), folded by GCC.
        let high = self.binary(ffi::gp_rt_op_kind::GP_RT_MUL, self.constant(v >> 32)?, self.constant(1 << 32)?)?;
        self.binary(ffi::gp_rt_op_kind::GP_RT_ADD, high, self.constant(v & 0xffff_ffff)?)
    }

    fn binary(&self, op: ffi::gp_rt_op_kind, a: Tree, b: Tree) -> Option<Tree> {
        // SAFETY: a and b are trees built for this test.
        Self::tree(unsafe { ffi::gp_rt_binary(op, a.raw(), b.raw()) })
    }

    fn poly(&self, p: &Polynomial) -> Option<Tree> {
        let mut sum = self.constant(0)?;
        for (m, c) in p.terms() {
            let mut t = self.constant(c)?;
            for v in m {
                let param = self.region.param_values.get(v)?;
                // SAFETY: a parameter's SSA name, defined before the region.
                let value = Self::tree(unsafe { ffi::gp_rt_value(param.tree.raw()) })?;
                t = self.binary(ffi::gp_rt_op_kind::GP_RT_MUL, t, value)?;
            }
            sum = self.binary(ffi::gp_rt_op_kind::GP_RT_ADD, sum, t)?;
        }
        Some(sum)
    }

    /// d1 ? v1 : d2 ? v2 : ... : vk; where no domain holds, the bound
    /// does not matter (nothing runs there), and any value will do.
    pub(super) fn piecewise(&self, pieces: &Pieces) -> Option<Tree> {
        let (last, rest) = pieces.split_last()?;
        let mut v = self.poly(&last.0)?;
        for (value, _, dnf) in rest.iter().rev() {
            let c = self.dnf(dnf)?;
            // SAFETY: trees built for this test.
            v = Self::tree(unsafe { ffi::gp_rt_cond(c.raw(), self.poly(value)?.raw(), v.raw()) })?;
        }
        Some(v)
    }

    pub(super) fn bound(&self, b: &ByteBound) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        let mut sum = self.poly(&b.fixed)?;
        for (stride, pieces) in &b.terms {
            sum = self.binary(GP_RT_ADD, sum, self.binary(GP_RT_MUL, self.poly(stride)?, self.piecewise(pieces)?)?)?;
        }
        Some(sum)
    }

    /// `lo <= poly <= hi` by intervals: a parameter is its value, an
    /// iterator its range; products take the least and the greatest of the
    /// products of the ends.
    fn product(&self, p: &ProductTest) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        let (mut sum_lo, mut sum_hi) = (self.constant(0)?, self.constant(0)?);
        for (m, c) in p.poly.terms() {
            let (mut lo, mut hi) = (self.constant(c)?, self.constant(c)?);
            for v in m {
                let (a, b) = match p.ranges.get(v) {
                    Some((vlo, vhi)) => (self.piecewise(vlo)?, self.piecewise(vhi)?),
                    None => {
                        let x = self.poly(&Polynomial::var(v))?;
                        (x, x)
                    }
                };
                let ends = [
                    self.binary(GP_RT_MUL, lo, a)?,
                    self.binary(GP_RT_MUL, lo, b)?,
                    self.binary(GP_RT_MUL, hi, a)?,
                    self.binary(GP_RT_MUL, hi, b)?,
                ];
                let (mut l, mut h) = (ends[0], ends[0]);
                for e in &ends[1..] {
                    l = self.binary(GP_RT_MIN, l, *e)?;
                    h = self.binary(GP_RT_MAX, h, *e)?;
                }
                (lo, hi) = (l, h);
            }
            sum_lo = self.binary(GP_RT_ADD, sum_lo, lo)?;
            sum_hi = self.binary(GP_RT_ADD, sum_hi, hi)?;
        }
        let low_ok = self.binary(GP_RT_LE, self.constant(p.lo)?, sum_lo)?;
        let high_ok = self.binary(GP_RT_LE, sum_hi, self.constant(p.hi)?)?;
        self.binary(GP_RT_AND, low_ok, high_ok)
    }

    /// A parameter set as a condition.
    fn dnf(&self, dnf: &Dnf) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        let mut any: Option<Tree> = None;
        for conj in dnf {
            let mut each: Option<Tree> = None;
            for (p, equality) in conj {
                let c = self.binary(if *equality { GP_RT_EQ } else { GP_RT_LE }, self.constant(0)?, self.poly(p)?)?;
                each = Some(match each {
                    None => c,
                    Some(e) => self.binary(GP_RT_AND, e, c)?,
                });
            }
            // An empty conjunction holds.
            let each = match each {
                Some(e) => e,
                None => self.binary(GP_RT_LE, self.constant(0)?, self.constant(0)?)?,
            };
            any = Some(match any {
                None => each,
                Some(a) => self.binary(GP_RT_OR, a, each)?,
            });
        }
        // An empty disjunction never holds.
        match any {
            Some(a) => Some(a),
            None => self.binary(GP_RT_LE, self.constant(1)?, self.constant(0)?),
        }
    }

    /// The address of `array` as a number.
    fn base(&self, array: &str) -> Option<Tree> {
        match self.region.bases.get(array)?.base {
            // SAFETY: a declaration of the function or the unit.
            Base::Decl(d) => Self::tree(unsafe { ffi::gp_rt_address_of(d.raw()) }),
            // SAFETY: a pointer SSA name defined before the region.
            Base::Ptr(p) => Self::tree(unsafe { ffi::gp_rt_value(p.raw()) }),
        }
    }

    /// `a - b`.
    fn minus(&self, a: Tree, b: Tree) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        self.binary(GP_RT_ADD, a, self.binary(GP_RT_MUL, self.constant(-1)?, b)?)
    }

    pub(super) fn test(&self, t: &RuntimeTest) -> Option<Tree> {
        use ffi::gp_rt_op_kind::*;
        let mut all: Option<Tree> = None;
        let mut and = |c: Tree| -> Option<()> {
            all = Some(match all {
                None => c,
                Some(a) => self.binary(GP_RT_AND, a, c)?,
            });
            Some(())
        };
        for (x, y) in &t.pairs {
            // x + hi_x <= y + lo_y as hi_x - lo_y <= y - x: the addresses
            // stay in one difference computed once, apart from the offsets,
            // which may move with loops around the region. An address as a
            // number inside such a loop would be an induction variable that
            // GCC's ivopts could rebuild the loop's own pointers from,
            // leaving them no base (`MEM[0B + ivtmp]`), which GCC's
            // pure-const analysis then takes for a null dereference.
            let gap = self.minus(self.base(&y.array)?, self.base(&x.array)?)?;
            let x_before_y = self.binary(GP_RT_LE, self.minus(self.bound(&x.hi)?, self.bound(&y.lo)?)?, gap)?;
            let back = self.binary(GP_RT_MUL, self.constant(-1)?, gap)?;
            let y_before_x = self.binary(GP_RT_LE, self.minus(self.bound(&y.hi)?, self.bound(&x.lo)?)?, back)?;
            and(self.binary(GP_RT_OR, x_before_y, y_before_x)?)?;
        }
        for s in &t.sizes {
            and(self.binary(GP_RT_LE, self.constant(0)?, self.poly(s)?)?)?;
        }
        for (_, dnf) in t.params.iter().chain(&t.magnitudes) {
            and(self.dnf(dnf)?)?;
        }
        for p in &t.products {
            and(self.product(p)?)?;
        }
        all
    }
}

/// Versions loop `l` on `t`, neither copy marked: `l` is then the copy run
/// where it holds. Returns the number of the copy run where it fails; None
/// when versioning failed (nothing changed).
pub fn version_on(region: &Region, l: u32, t: &RuntimeTest) -> Option<u32> {
    let cond = (Builder { region }).test(t)?;
    // SAFETY: l is a loop of cfun; cond a tree over values defined before
    // the region, which dominate the loop; nothing is marked.
    let copy = unsafe { ffi::gp_loop_version_parallel(l, cond.raw(), std::ptr::null(), 0, 0) };
    (copy != 0).then_some(copy)
}

/// Carries out a plan on loop `l`: versions it on `within` first when
/// there is one (neither copy marked; `l` is then the copy where it holds),
/// then marks it, versioning it on `test` first, and marks the loops
/// `otherwise` (inside `l`) in the copy run when `test` fails; with `mark`
/// false it versions but marks nothing (to measure the tests). Returns
/// false when a versioning failed: then no loop is marked.
pub fn apply(region: &Region, l: u32, within: Option<&RuntimeTest>, test: Option<&RuntimeTest>, otherwise: &[u32], mark: bool) -> bool {
    if let Some(w) = within {
        if version_on(region, l, w).is_none() {
            return false;
        }
    }
    match test {
        None if !mark => true,
        None => {
            // SAFETY: l is a loop of cfun.
            unsafe { ffi::gp_loop_mark_parallel(l, 1) };
            true
        }
        Some(t) => {
            let Some(cond) = (Builder { region }).test(t) else { return false };
            // SAFETY: l is a loop of cfun; cond a tree over values defined
            // before the region, which dominate the loop; otherwise holds
            // otherwise.len() loop numbers.
            unsafe { ffi::gp_loop_version_parallel(l, cond.raw(), otherwise.as_ptr(), otherwise.len() as u32, mark as i32) != 0 }
        }
    }
}
