//! Safe handles onto GIMPLE: blocks, statements, trees and types of cfun.
//!
//! Every handle is only valid during the pass's execute on the function that
//! produced it; `Function::current` is only built there, and nothing here
//! outlives it.

use crate::ffi;
use crate::ffi::{gp_stmt_kind as SK, gp_tree_kind as TK, gp_type_kind as TY};

pub use ffi::gp_edge_info as EdgeInfo;

/// A GCC tree (expression, declaration, type or constant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tree(*mut ffi::gp_tree);

/// A GIMPLE statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stmt(*mut ffi::gp_stmt);

/// Two calls into the shim: the count, then the items.
fn collect<T: Copy>(null: T, f: impl Fn(*mut T, usize) -> usize) -> Vec<T> {
    let n = f(std::ptr::null_mut(), 0);
    let mut v = vec![null; n];
    let m = f(v.as_mut_ptr(), n);
    v.truncate(m.min(n));
    v
}

fn no_edge() -> EdgeInfo {
    EdgeInfo { src: -1, dest: -1, true_value: 0, false_value: 0, abnormal: 0 }
}

impl Tree {
    pub fn from(p: *mut ffi::gp_tree) -> Option<Tree> {
        (!p.is_null()).then_some(Tree(p))
    }

    /// The handle, for the shim's builders.
    pub fn raw(self) -> *mut ffi::gp_tree {
        self.0
    }

    pub fn kind(self) -> TK {
        // SAFETY: a live tree of cfun.
        unsafe { ffi::gp_tree_code(self.0) }
    }

    pub fn code_name(self) -> String {
        // SAFETY: as above; the name is a static string.
        ffi::string_from(unsafe { ffi::gp_tree_code_name(self.0) })
    }

    pub fn num_operands(self) -> u32 {
        // SAFETY: a live tree of cfun.
        unsafe { ffi::gp_tree_num_operands(self.0) }
    }

    pub fn op(self, i: u32) -> Option<Tree> {
        // SAFETY: the shim checks the operand index.
        Tree::from(unsafe { ffi::gp_tree_operand(self.0, i) })
    }

    pub fn ty(self) -> Option<Type> {
        // SAFETY: a live tree.
        Tree::from(unsafe { ffi::gp_tree_type(self.0) }).map(Type)
    }

    /// GCC's own rendering, for remarks and the dump.
    pub fn text(self) -> String {
        // SAFETY: the shim returns a malloc'd string, freed here.
        unsafe {
            let p = ffi::gp_tree_to_string(self.0);
            let s = ffi::string_from(p);
            ffi::gp_free(p as *mut std::ffi::c_void);
            s
        }
    }

    /// An INTEGER_CST's value, sign-extended from its precision.
    pub fn int_value(self) -> Option<i64> {
        let mut v = 0i64;
        // SAFETY: the shim checks the code.
        (unsafe { ffi::gp_int_cst_value(self.0, &mut v) } != 0).then_some(v)
    }

    pub fn ssa_version(self) -> u32 {
        // SAFETY: called on SSA names only.
        unsafe { ffi::gp_ssa_version(self.0) }
    }

    pub fn ssa_var_name(self) -> Option<String> {
        // SAFETY: an SSA name; the identifier outlives the pass.
        let p = unsafe { ffi::gp_ssa_var_name(self.0) };
        (!p.is_null()).then(|| ffi::string_from(p))
    }

    /// Whether this SSA name is a value of a variable of the source (not a
    /// temporary of GCC's, named or not).
    pub fn is_user_var(self) -> bool {
        // SAFETY: an SSA name.
        unsafe { ffi::gp_ssa_is_user_var(self.0) != 0 }
    }

    /// The parameter this SSA name is the entry value of, if any.
    pub fn ssa_param_name(self) -> Option<String> {
        // SAFETY: the shim checks the tree's code; the identifier outlives
        // the pass.
        let p = unsafe { ffi::gp_ssa_param_name(self.0) };
        (!p.is_null()).then(|| ffi::string_from(p))
    }

    pub fn is_default_def(self) -> bool {
        // SAFETY: an SSA name.
        unsafe { ffi::gp_ssa_is_default_def(self.0) != 0 }
    }

    pub fn is_virtual(self) -> bool {
        // SAFETY: an SSA name.
        unsafe { ffi::gp_ssa_is_virtual(self.0) != 0 }
    }

    /// The name of the pointer this anonymous pointer value was computed
    /// from (`_5 = d_3(D) + _4`: `d`, a row of it hoisted out of a loop),
    /// through offsets added, conversions and copies; None where there is
    /// none.
    pub fn pointer_origin_name(self) -> Option<String> {
        let mut t = self;
        for _ in 0..8 {
            if let Some(n) = t.ssa_var_name() {
                return Some(n);
            }
            let s = t.def_stmt().filter(|s| s.kind() == SK::GP_STMT_ASSIGN)?;
            if !matches!(s.assign_rhs_code(), TK::GP_T_POINTER_PLUS | TK::GP_T_CONVERT | TK::GP_T_SSA_NAME) {
                return None;
            }
            t = s.assign_rhs().first().copied().filter(|x| x.kind() == TK::GP_T_SSA_NAME)?;
        }
        None
    }

    /// The statement defining this SSA name; None for default definitions
    /// and for trees that are no SSA names (a folded condition's constant).
    pub fn def_stmt(self) -> Option<Stmt> {
        if self.kind() != TK::GP_T_SSA_NAME {
            return None;
        }
        // SAFETY: an SSA name.
        let s = unsafe { ffi::gp_ssa_def_stmt(self.0) };
        (!s.is_null()).then_some(Stmt(s))
    }

    /// The block defining this SSA name; None for default definitions.
    pub fn def_bb(self) -> Option<i32> {
        if self.is_default_def() {
            return None;
        }
        self.def_stmt().map(|s| s.bb()).filter(|&b| b >= 0)
    }

    /// The statements using this SSA name, debug statements apart.
    pub fn uses(self) -> Vec<Stmt> {
        // SAFETY: an SSA name; the shim writes at most `max` entries.
        collect(std::ptr::null_mut(), |out, max| unsafe { ffi::gp_ssa_uses(self.0, out, max) })
            .into_iter()
            .map(Stmt)
            .collect()
    }

    pub fn decl_name(self) -> Option<String> {
        // SAFETY: the shim checks that this is a declaration.
        let p = unsafe { ffi::gp_decl_name(self.0) };
        (!p.is_null()).then(|| ffi::string_from(p))
    }

    pub fn decl_uid(self) -> u32 {
        // SAFETY: a declaration.
        unsafe { ffi::gp_decl_uid(self.0) }
    }

    pub fn chrec_loop(self) -> u32 {
        // SAFETY: a POLYNOMIAL_CHREC.
        unsafe { ffi::gp_chrec_loop(self.0) }
    }

    pub fn array_ref_low_bound(self) -> Option<Tree> {
        // SAFETY: an ARRAY_REF.
        Tree::from(unsafe { ffi::gp_array_ref_low_bound(self.0) })
    }

    pub fn array_ref_element_size(self) -> Option<Tree> {
        // SAFETY: an ARRAY_REF.
        Tree::from(unsafe { ffi::gp_array_ref_element_size(self.0) })
    }

    pub fn component_offset(self) -> Option<i64> {
        let mut v = 0i64;
        // SAFETY: a COMPONENT_REF.
        (unsafe { ffi::gp_component_ref_offset(self.0, &mut v) } != 0).then_some(v)
    }

    /// Dereferences of pointers `self` and `q` may overlap (points-to).
    pub fn ptr_may_alias_ptr(self, q: Tree) -> bool {
        // SAFETY: two pointer SSA names.
        unsafe { ffi::gp_ptr_may_alias_ptr(self.0, q.0) != 0 }
    }

    pub fn ptr_may_alias_decl(self, decl: Tree) -> bool {
        // SAFETY: a pointer SSA name and a declaration.
        unsafe { ffi::gp_ptr_may_alias_decl(self.0, decl.0) != 0 }
    }
}

/// A type node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Type(pub Tree);

impl Type {
    pub fn class(self) -> TY {
        // SAFETY: a type node.
        unsafe { ffi::gp_type_class(self.0 .0) }
    }

    pub fn precision(self) -> u32 {
        // SAFETY: a type node.
        unsafe { ffi::gp_type_precision(self.0 .0) }
    }

    pub fn unsigned(self) -> bool {
        // SAFETY: a type node.
        unsafe { ffi::gp_type_unsigned(self.0 .0) != 0 }
    }

    pub fn size_unit(self) -> Option<Tree> {
        // SAFETY: a type node.
        Tree::from(unsafe { ffi::gp_type_size_unit(self.0 .0) })
    }

    pub fn target(self) -> Option<Type> {
        // SAFETY: a type node.
        Tree::from(unsafe { ffi::gp_type_target(self.0 .0) }).map(Type)
    }

    pub fn array_max(self) -> Option<Tree> {
        // SAFETY: an array type.
        Tree::from(unsafe { ffi::gp_array_type_max(self.0 .0) })
    }

    pub fn array_min(self) -> Option<Tree> {
        // SAFETY: an array type.
        Tree::from(unsafe { ffi::gp_array_type_min(self.0 .0) })
    }

    pub fn is_integral(self) -> bool {
        self.class() == TY::GP_TY_INTEGER
    }

    /// Whether the target has a fused multiply-add of this type (GCC's
    /// FMA optab, as its widening_mul pass asks).
    pub fn has_fma(self) -> bool {
        // SAFETY: a live type of cfun.
        unsafe { ffi::gp_type_has_fma(self.0.raw()) != 0 }
    }

    pub fn is_pointer(self) -> bool {
        self.class() == TY::GP_TY_POINTER
    }
}

impl Stmt {
    pub fn raw(self) -> *mut ffi::gp_stmt {
        self.0
    }

    pub fn kind(self) -> SK {
        // SAFETY: a live statement of cfun.
        unsafe { ffi::gp_stmt_code(self.0) }
    }

    pub fn location(self) -> ffi::gp_location {
        // SAFETY: as above.
        unsafe { ffi::gp_stmt_location(self.0) }
    }

    pub fn bb(self) -> i32 {
        // SAFETY: as above.
        unsafe { ffi::gp_stmt_bb(self.0) }
    }

    pub fn reads_memory(self) -> bool {
        // SAFETY: as above.
        unsafe { ffi::gp_stmt_reads_memory(self.0) != 0 }
    }

    pub fn writes_memory(self) -> bool {
        // SAFETY: as above.
        unsafe { ffi::gp_stmt_writes_memory(self.0) != 0 }
    }

    pub fn has_volatile_ops(self) -> bool {
        // SAFETY: as above.
        unsafe { ffi::gp_stmt_has_volatile_ops(self.0) != 0 }
    }

    pub fn could_throw(self) -> bool {
        // SAFETY: as above.
        unsafe { ffi::gp_stmt_could_throw(self.0) != 0 }
    }

    pub fn is_clobber(self) -> bool {
        // SAFETY: as above.
        unsafe { ffi::gp_stmt_is_clobber(self.0) != 0 }
    }

    pub fn assign_lhs(self) -> Option<Tree> {
        // SAFETY: a GIMPLE_ASSIGN.
        Tree::from(unsafe { ffi::gp_assign_lhs(self.0) })
    }

    pub fn assign_rhs_code(self) -> TK {
        // SAFETY: a GIMPLE_ASSIGN.
        unsafe { ffi::gp_assign_rhs_code(self.0) }
    }

    pub fn assign_rhs_code_name(self) -> String {
        // SAFETY: a GIMPLE_ASSIGN; static string.
        ffi::string_from(unsafe { ffi::gp_assign_rhs_code_name(self.0) })
    }

    /// Right-hand operands 1..=3, as present.
    pub fn assign_rhs(self) -> Vec<Tree> {
        // SAFETY: a GIMPLE_ASSIGN; the shim checks the index.
        (1..4).filter_map(|i| Tree::from(unsafe { ffi::gp_assign_rhs(self.0, i) })).collect()
    }

    pub fn cond_code(self) -> TK {
        // SAFETY: a GIMPLE_COND.
        unsafe { ffi::gp_cond_code(self.0) }
    }

    pub fn cond_operands(self) -> Option<(Tree, Tree)> {
        // SAFETY: a GIMPLE_COND.
        let (l, r) = unsafe { (ffi::gp_cond_lhs(self.0), ffi::gp_cond_rhs(self.0)) };
        Some((Tree::from(l)?, Tree::from(r)?))
    }

    pub fn call_lhs(self) -> Option<Tree> {
        // SAFETY: a GIMPLE_CALL.
        Tree::from(unsafe { ffi::gp_call_lhs(self.0) })
    }

    pub fn call_args(self) -> Vec<Tree> {
        // SAFETY: a GIMPLE_CALL; the shim checks the index.
        let n = unsafe { ffi::gp_call_nargs(self.0) };
        (0..n).filter_map(|i| Tree::from(unsafe { ffi::gp_call_arg(self.0, i) })).collect()
    }

    pub fn call_name(self) -> Option<String> {
        // SAFETY: a GIMPLE_CALL.
        let p = unsafe { ffi::gp_call_name(self.0) };
        (!p.is_null()).then(|| ffi::string_from(p))
    }

    /// Whether this call may read the memory of reference `r` (GCC's alias
    /// oracle, with the callee's IPA mod/ref summary where it has one).
    pub fn call_may_use(self, r: Tree) -> bool {
        // SAFETY: both handles come from the current function's IL.
        unsafe { ffi::gp_call_may_use_ref(self.0, r.0) != 0 }
    }

    /// (const, pure, normal builtin, internal function).
    pub fn call_flags(self) -> (bool, bool, bool, bool) {
        // SAFETY: a GIMPLE_CALL.
        unsafe {
            (
                ffi::gp_call_is_const(self.0) != 0,
                ffi::gp_call_is_pure(self.0) != 0,
                ffi::gp_call_is_builtin(self.0) != 0,
                ffi::gp_call_is_internal(self.0) != 0,
            )
        }
    }

    pub fn phi_result(self) -> Option<Tree> {
        // SAFETY: a GIMPLE_PHI.
        Tree::from(unsafe { ffi::gp_phi_result(self.0) })
    }

    /// (argument, source block of its edge).
    pub fn phi_args(self) -> Vec<(Tree, i32)> {
        // SAFETY: a GIMPLE_PHI; the shim checks the index.
        let n = unsafe { ffi::gp_phi_nargs(self.0) };
        (0..n)
            .filter_map(|i| {
                let t = Tree::from(unsafe { ffi::gp_phi_arg(self.0, i) })?;
                Some((t, unsafe { ffi::gp_phi_arg_src(self.0, i) }))
            })
            .collect()
    }

    /// The source locations of a PHI's arguments (where the values it
    /// merges come from: `c ? 1.0 : 0.0` has one on each).
    pub fn phi_arg_locations(self) -> Vec<ffi::gp_location> {
        // SAFETY: a GIMPLE_PHI; the shim checks the index.
        let n = unsafe { ffi::gp_phi_nargs(self.0) };
        (0..n).map(|i| unsafe { ffi::gp_phi_arg_location(self.0, i) }).collect()
    }

    /// The SSA name or memory reference this statement defines, if any.
    pub fn lhs(self) -> Option<Tree> {
        match self.kind() {
            SK::GP_STMT_ASSIGN => self.assign_lhs(),
            SK::GP_STMT_CALL => self.call_lhs(),
            SK::GP_STMT_PHI => self.phi_result(),
            _ => None,
        }
    }
}

/// A block of cfun, by index.
/// Whether -ffp-contract=fast is in effect for cfun.
pub fn fp_contract_fast() -> bool {
    // SAFETY: reads cfun's options.
    unsafe { ffi::gp_fp_contract_fast() != 0 }
}

/// Whether cfun may reassociate floating-point operations
/// (-fassociative-math, implied by -ffast-math).
pub fn associative_math() -> bool {
    // SAFETY: reads cfun's options.
    unsafe { ffi::gp_cfun_associative_math() != 0 }
}

/// Whether cfun may take an index of an inner array dimension to stay
/// within it, as GCC's own loop bounds do (-faggressive-loop-optimizations).
pub fn aggressive_loop_optimizations() -> bool {
    // SAFETY: reads cfun's options.
    unsafe { ffi::gp_cfun_aggressive_loop_optimizations() != 0 }
}

pub fn bb_exists(index: i32) -> bool {
    // SAFETY: the shim checks the index.
    !unsafe { ffi::gp_bb_get(index) }.is_null()
}

fn bb(index: i32) -> *mut ffi::gp_bb {
    // SAFETY: the shim checks the index.
    unsafe { ffi::gp_bb_get(index) }
}

pub fn bb_index_limit() -> i32 {
    // SAFETY: reading cfun inside the pass.
    unsafe { ffi::gp_bb_index_limit() }
}

/// The innermost loop containing the block (0: none).
pub fn bb_loop(index: i32) -> u32 {
    let b = bb(index);
    // SAFETY: `b` is checked non-null.
    if b.is_null() { 0 } else { unsafe { ffi::gp_bb_loop_num(b) } }
}

pub fn bb_irreducible(index: i32) -> bool {
    let b = bb(index);
    // SAFETY: `b` is checked non-null.
    !b.is_null() && unsafe { ffi::gp_bb_irreducible(b) != 0 }
}

/// What the shim lists for block `index`; nothing for a missing block.
fn block_list<T: Copy>(
    index: i32,
    null: T,
    list: unsafe extern "C" fn(*const ffi::gp_bb, *mut T, usize) -> usize,
) -> Vec<T> {
    let b = bb(index);
    if b.is_null() {
        return Vec::new();
    }
    // SAFETY: a live block; the shim writes at most `max` entries.
    collect(null, |out, max| unsafe { list(b, out, max) })
}

pub fn succs(index: i32) -> Vec<EdgeInfo> {
    block_list(index, no_edge(), ffi::gp_bb_succs)
}

pub fn preds(index: i32) -> Vec<EdgeInfo> {
    block_list(index, no_edge(), ffi::gp_bb_preds)
}

pub fn stmts(index: i32) -> Vec<Stmt> {
    block_list(index, std::ptr::null_mut(), ffi::gp_bb_stmts).into_iter().map(Stmt).collect()
}

pub fn phis(index: i32) -> Vec<Stmt> {
    block_list(index, std::ptr::null_mut(), ffi::gp_bb_phis).into_iter().map(Stmt).collect()
}

pub fn dominated_by(a: i32, b: i32) -> bool {
    // SAFETY: the shim checks both indices.
    unsafe { ffi::gp_dominated_by(a, b) != 0 }
}

/// The immediate dominator of block `index`.
pub fn idom(index: i32) -> Option<i32> {
    // SAFETY: the shim checks the index and the dominance information.
    let d = unsafe { ffi::gp_bb_idom(index) };
    (d >= 0).then_some(d)
}

/// A loop of cfun, by number.
#[derive(Clone, Copy, Debug)]
pub struct LoopRef(*mut ffi::gp_loop);

impl LoopRef {
    pub fn get(num: u32) -> Option<LoopRef> {
        // SAFETY: the shim checks the number.
        let l = unsafe { ffi::gp_loop_get(num) };
        (!l.is_null()).then_some(LoopRef(l))
    }

    pub fn header(self) -> i32 {
        // SAFETY: a live loop.
        unsafe { ffi::gp_loop_header(self.0) }
    }

    pub fn latch(self) -> i32 {
        // SAFETY: a live loop.
        unsafe { ffi::gp_loop_latch(self.0) }
    }

    /// The blocks of its body, its inner loops' included.
    pub fn blocks(self) -> Vec<i32> {
        // SAFETY: a live loop; the shim writes at most `max` entries.
        collect(-1, |out, max| unsafe { ffi::gp_loop_blocks(self.0, out, max) })
    }

    pub fn single_exit(self) -> Option<EdgeInfo> {
        let mut e = no_edge();
        // SAFETY: a live loop; `e` is written on success.
        (unsafe { ffi::gp_loop_single_exit(self.0, &mut e) } != 0).then_some(e)
    }

    pub fn preheader(self) -> Option<EdgeInfo> {
        let mut e = no_edge();
        // SAFETY: as above.
        (unsafe { ffi::gp_loop_preheader(self.0, &mut e) } != 0).then_some(e)
    }

    /// The number of latch executions, in terms of values on entry.
    pub fn niter(self) -> Option<Tree> {
        // SAFETY: a live loop of cfun.
        Tree::from(unsafe { ffi::gp_loop_niter(self.0) })
    }

    /// GCC's scalar evolution of `t` in this loop, outer names symbolic.
    pub fn evolution(self, t: Tree) -> Option<Tree> {
        // SAFETY: a live loop and a tree of cfun.
        Tree::from(unsafe { ffi::gp_scev_raw(self.0, t.0) })
    }
}
