//! isl's AST of a schedule tree, read into Rust: what code generation
//! walks to build GIMPLE, and what `interpret` runs in the tests.
//!
//! isl-rs has no binding of `isl_ast_build`, and its `ASTNodeType` is off
//! by one against isl's header (`isl_ast_node_for` is 1, not 0); those
//! four calls are declared here, the only foreign declarations of the
//! crate.

use crate::bounded::{BoundedCtx, IslFailure};
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode, Schedule, Set};

extern "C" {
    fn isl_ast_build_from_context(set: usize) -> usize;
    fn isl_ast_build_node_from_schedule(build: usize, schedule: usize) -> usize;
    fn isl_ast_build_free(build: usize) -> usize;
    fn isl_ast_node_get_type(node: usize) -> i32;
}

/// `isl_ast_node_type`'s values (isl/ast_type.h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NodeType {
    For,
    If,
    Block,
    Mark,
    User,
}

fn node_type(node: &ASTNode) -> Result<NodeType, IslFailure> {
    // SAFETY: `node` is a live isl_ast_node, only read.
    let t = unsafe { isl_ast_node_get_type(node.ptr) };
    Ok(match t {
        1 => NodeType::For,
        2 => NodeType::If,
        3 => NodeType::Block,
        4 => NodeType::Mark,
        5 => NodeType::User,
        _ => return Err(IslFailure::Error(format!("isl returned an AST node of type {t}"))),
    })
}

/// An integer expression of the AST.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Int(i64),
    /// A loop iterator or a parameter.
    Id(String),
    Op(Op, Vec<Expr>),
}

/// isl's operators (`isl_ast_expr_op_type`), less the C-only ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    And,
    Or,
    Max,
    Min,
    Neg,
    Add,
    Sub,
    Mul,
    /// Exact division.
    Div,
    /// Division rounding down.
    FloorDiv,
    /// Division of a non-negative dividend by a positive divisor.
    PosDivQ,
    /// The remainder of such a division.
    PosDivR,
    /// The remainder of C's truncating division, compared with zero.
    ZeroDivR,
    /// `a ? b : c`.
    Select,
    Eq,
    Le,
    Lt,
    Ge,
    Gt,
}

/// A node of the AST.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// `for (iterator = init; cond; iterator += inc) body`.
    For { iterator: String, init: Expr, cond: Expr, inc: Expr, body: Box<Node> },
    If { cond: Expr, then: Box<Node>, otherwise: Option<Box<Node>> },
    Block(Vec<Node>),
    /// One instance of `statement`, its iterators' values.
    User { statement: String, args: Vec<Expr> },
    /// A schedule mark (`parallel_N`) around its body.
    Mark { name: String, body: Box<Node> },
}

/// The AST of `tree` under the region's `context` (parameters' and
/// run-time assumptions), within the context's operations cap.
pub fn build(cx: &BoundedCtx, context: &Set, tree: &Schedule) -> Result<Node, IslFailure> {
    let mut context = cx.ok(context.copy())?;
    let mut tree = cx.ok(tree.copy())?;
    context.do_not_free_on_drop();
    tree.do_not_free_on_drop();
    // SAFETY: both pointers are owned copies, handed over to isl (its
    // __isl_take arguments); the build is freed here once used.
    let node = unsafe {
        let build = isl_ast_build_from_context(context.ptr);
        if build == 0 {
            return Err(cx.last_failure());
        }
        let node = isl_ast_build_node_from_schedule(build, tree.ptr);
        isl_ast_build_free(build);
        node
    };
    if node == 0 {
        return Err(cx.last_failure());
    }
    read_node(cx, &ASTNode { ptr: node, should_free_on_drop: true })
}

fn read_node(cx: &BoundedCtx, node: &ASTNode) -> Result<Node, IslFailure> {
    Ok(match node_type(node)? {
        NodeType::For => Node::For {
            iterator: id_name(cx, &cx.ok(node.for_get_iterator())?)?,
            init: read_expr(cx, &cx.ok(node.for_get_init())?)?,
            cond: read_expr(cx, &cx.ok(node.for_get_cond())?)?,
            inc: read_expr(cx, &cx.ok(node.for_get_inc())?)?,
            body: Box::new(read_node(cx, &cx.ok(node.for_get_body())?)?),
        },
        NodeType::If => Node::If {
            cond: read_expr(cx, &cx.ok(node.if_get_cond())?)?,
            then: Box::new(read_node(cx, &cx.ok(node.if_get_then_node())?)?),
            otherwise: if cx.ok(node.if_has_else_node())? {
                Some(Box::new(read_node(cx, &cx.ok(node.if_get_else_node())?)?))
            } else {
                None
            },
        },
        NodeType::Block => {
            let list = cx.ok(node.block_get_children())?;
            let mut children = Vec::new();
            for k in 0..cx.ok(list.size())? {
                children.push(read_node(cx, &cx.ok(list.get_at(k))?)?);
            }
            Node::Block(children)
        }
        NodeType::Mark => Node::Mark {
            name: cx.ok(cx.ok(node.mark_get_id())?.get_name())?.to_string(),
            body: Box::new(read_node(cx, &cx.ok(node.mark_get_node())?)?),
        },
        NodeType::User => {
            let call = cx.ok(node.user_get_expr())?;
            let n = cx.ok(call.op_get_n_arg())?;
            let statement = id_name(cx, &cx.ok(call.op_get_arg(0))?)?;
            let args = (1..n).map(|k| read_expr(cx, &cx.ok(call.op_get_arg(k))?)).collect::<Result<_, _>>()?;
            Node::User { statement, args }
        }
    })
}

fn id_name(cx: &BoundedCtx, e: &ASTExpr) -> Result<String, IslFailure> {
    Ok(cx.ok(cx.ok(e.get_id())?.get_name())?.to_string())
}

fn read_expr(cx: &BoundedCtx, e: &ASTExpr) -> Result<Expr, IslFailure> {
    Ok(match cx.ok(e.get_type())? {
        ASTExprType::Int => {
            let v = cx.ok(e.get_val())?;
            if !cx.ok(v.is_int())? {
                return Err(IslFailure::Error("a non-integer constant in the AST".into()));
            }
            Expr::Int(cx.ok(v.get_num_si())?)
        }
        ASTExprType::Id => Expr::Id(id_name(cx, e)?),
        ASTExprType::Op => {
            let op = op_of(cx.ok(e.op_get_type())?)?;
            let args = (0..cx.ok(e.op_get_n_arg())?).map(|k| read_expr(cx, &cx.ok(e.op_get_arg(k))?)).collect::<Result<_, _>>()?;
            Expr::Op(op, args)
        }
        ASTExprType::Error => return Err(IslFailure::Error("isl returned an erroneous AST expression".into())),
    })
}

fn op_of(t: ASTExprOpType) -> Result<Op, IslFailure> {
    use ASTExprOpType as T;
    Ok(match t {
        T::And | T::AndThen => Op::And,
        T::Or | T::OrElse => Op::Or,
        T::Max => Op::Max,
        T::Min => Op::Min,
        T::Minus => Op::Neg,
        T::Add => Op::Add,
        T::Sub => Op::Sub,
        T::Mul => Op::Mul,
        T::Div => Op::Div,
        T::FdivQ => Op::FloorDiv,
        T::PdivQ => Op::PosDivQ,
        T::PdivR => Op::PosDivR,
        T::ZdivR => Op::ZeroDivR,
        T::Cond | T::Select => Op::Select,
        T::Eq => Op::Eq,
        T::Le => Op::Le,
        T::Lt => Op::Lt,
        T::Ge => Op::Ge,
        T::Gt => Op::Gt,
        other => return Err(IslFailure::Error(format!("an AST operator code generation does not take: {other:?}"))),
    })
}
