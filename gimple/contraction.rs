//! Fused multiply-adds. Under -ffp-contract=fast (GCC's default for GNU C),
//! on a target with a fused multiply-add of the type (-march=native here:
//! FMA, AVX-512), GCC's widening_mul pass, late in the pipeline, fuses a
//! product with the addition or subtraction that uses it, one rounding
//! instead of two. Whether it does depends on the code around it: the
//! product and the addition must share a block, and a block whose only
//! candidates form one chain through a PHI (`s = s + a*b`, a sum carried in
//! a register) is left unfused where the tuning says such chains run
//! slower fused (`--param avoid-fma-max-bits`, 256 for znver); a sum the
//! vectorizer makes in order (a fold-left reduction) has its products
//! rounded apart from its additions. A rewrite that moves a cell from
//! memory to a register, puts other statements into a chain's block, or
//! changes which loop is innermost changes those facts, and so which
//! products GCC fuses, and so the results in their last bits (lu, cholesky
//! and 2mm at -O3 -march=native). Such rewrites are not applied to a loop
//! that holds a product GCC could fuse, unless the user allows the results
//! to differ (`-fplugin-arg-gccpoly-fma-may-differ`, or -fassociative-math,
//! which allows other roundings anyway). docs/codegen.md, Fused
//! multiply-adds.

use super::ir::{self, Stmt, Tree};
use crate::ffi::{gp_stmt_kind as SK, gp_tree_kind as TK, gp_type_kind as TY};
use super::loops::LoopForest;
use super::source::SourcePos;

/// The option that lets the rewrites change which products GCC fuses.
pub const MAY_DIFFER_OPTION: &str = "-fplugin-arg-gccpoly-fma-may-differ";

/// What rewriting one loop does to GCC's fused multiply-adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fusion {
    /// Nothing to fuse, or GCC fuses nothing at these options: the rewrite
    /// keeps the results.
    Kept,
    /// The loop holds a product GCC could fuse (its line, 0 when unknown)
    /// and the user allowed the results to differ: the rewrite goes ahead,
    /// its remark says so.
    MayDiffer(u32),
    /// As above, not allowed: the rewrite is not made.
    Refused(u32),
}

impl Fusion {
    /// The words a missed remark gives for `Refused`, or the words an
    /// optimized remark adds for `MayDiffer` (empty for `Kept`).
    pub fn words(&self) -> String {
        match *self {
            Fusion::Kept => String::new(),
            Fusion::Refused(line) => format!(
                "it would change which multiplications GCC fuses with additions ({}; -ffp-contract=fast, and the target has fused multiply-adds), and so the results in their last bits; {MAY_DIFFER_OPTION} allows it",
                product_at(line)
            ),
            Fusion::MayDiffer(line) => format!(
                "; GCC may fuse other multiplications with additions than as written ({}): results may differ from the build without the plugin in their last bits ({MAY_DIFFER_OPTION})",
                product_at(line)
            ),
        }
    }

    /// Why the rewrite is not made (`Refused`), else None.
    pub fn refusal(&self) -> Option<String> {
        matches!(self, Fusion::Refused(_)).then(|| self.words())
    }
}

fn product_at(line: u32) -> String {
    match line {
        0 => "a product in the loop".to_string(),
        l => format!("the product at line {l}"),
    }
}

/// What rewriting loop `l` (its inner loops with it) does to the products
/// GCC fuses, at cfun's options; `may_differ`: the user's option.
pub fn judge(forest: &LoopForest, l: u32, may_differ: bool) -> Fusion {
    if !ir::fp_contract_fast() || ir::associative_math() {
        return Fusion::Kept;
    }
    match fusable_product(forest, l) {
        None => Fusion::Kept,
        Some(line) if may_differ => Fusion::MayDiffer(line),
        Some(line) => Fusion::Refused(line),
    }
}

/// The line of the first product in loop `l` (its nested loops too) that
/// GCC could fuse with an addition (0 when the statement has no line):
/// a multiplication of floating-point values (or a call to pow, which GCC
/// may turn into one), of a type the target has a fused multiply-add of,
/// whose value an addition, a subtraction, a negation or a PHI uses. Wider
/// than GCC's own test (every use an addition in the same block): the
/// rewrites change which uses and blocks there are.
pub fn fusable_product(forest: &LoopForest, l: u32) -> Option<u32> {
    let blocks = super::parallel::loop_blocks(forest, l);
    blocks.iter().flat_map(|&b| ir::stmts(b)).find(|&s| is_fusable_product(s)).map(line_of)
}

fn is_fusable_product(s: Stmt) -> bool {
    let value = match s.kind() {
        SK::GP_STMT_ASSIGN if s.assign_rhs_code() == TK::GP_T_MULT => s.assign_lhs(),
        SK::GP_STMT_CALL if s.call_name().is_some_and(|n| is_pow(&n)) => s.call_lhs(),
        _ => None,
    };
    let Some(value) = value else { return false };
    is_fused_type(value) && value.uses().into_iter().any(adds)
}

fn is_pow(name: &str) -> bool {
    matches!(name.trim_start_matches("__builtin_"), "pow" | "powf" | "powl")
}

/// A floating-point value (scalar or vector) of a type with an FMA.
fn is_fused_type(value: Tree) -> bool {
    let Some(ty) = value.ty() else { return false };
    let float = match ty.class() {
        TY::GP_TY_REAL => true,
        TY::GP_TY_VECTOR => ty.target().is_some_and(|e| e.class() == TY::GP_TY_REAL),
        _ => false,
    };
    float && ty.has_fma()
}

/// A use that GCC could fuse with the product, or that a rewrite could
/// turn into one.
fn adds(u: Stmt) -> bool {
    match u.kind() {
        SK::GP_STMT_PHI => true,
        SK::GP_STMT_ASSIGN => matches!(u.assign_rhs_code(), TK::GP_T_PLUS | TK::GP_T_MINUS | TK::GP_T_NEGATE),
        _ => false,
    }
}

fn line_of(s: Stmt) -> u32 {
    SourcePos::of(s.location()).map(|p| p.line).unwrap_or(0)
}
