//! Runs an AST (`ast::Node`) at given parameter values and lists the
//! statement instances it executes, in order: how the tests check that
//! generated code runs every instance once and in a legal order, without a
//! compiler.

use super::ast::{Expr, Node, Op};
use std::collections::HashMap;

/// One executed instance: the statement and its iterators' values.
pub type Instance = (String, Vec<i64>);

/// The instances `node` executes with `params` bound, at most `limit` of
/// them (an error beyond, or on an unbound name or a division by zero).
pub fn run(node: &Node, params: &[(&str, i64)], limit: usize) -> Result<Vec<Instance>, String> {
    let mut env: HashMap<String, i64> = params.iter().map(|&(n, v)| (n.to_string(), v)).collect();
    let mut out = Vec::new();
    exec(node, &mut env, &mut out, limit)?;
    Ok(out)
}

fn exec(node: &Node, env: &mut HashMap<String, i64>, out: &mut Vec<Instance>, limit: usize) -> Result<(), String> {
    match node {
        Node::For { iterator, init, cond, inc, body } => {
            let step = eval(inc, env)?;
            if step <= 0 {
                return Err(format!("loop over {iterator} with step {step}"));
            }
            let mut v = eval(init, env)?;
            loop {
                env.insert(iterator.clone(), v);
                if eval(cond, env)? == 0 {
                    break;
                }
                exec(body, env, out, limit)?;
                v += step;
            }
            env.remove(iterator);
        }
        Node::If { cond, then, otherwise } => {
            if eval(cond, env)? != 0 {
                exec(then, env, out, limit)?;
            } else if let Some(e) = otherwise {
                exec(e, env, out, limit)?;
            }
        }
        Node::Block(children) => {
            for c in children {
                exec(c, env, out, limit)?;
            }
        }
        Node::Mark { body, .. } => exec(body, env, out, limit)?,
        Node::User { statement, args } => {
            if out.len() == limit {
                return Err(format!("more than {limit} instances"));
            }
            let values = args.iter().map(|a| eval(a, env)).collect::<Result<_, _>>()?;
            out.push((statement.clone(), values));
        }
    }
    Ok(())
}

fn eval(e: &Expr, env: &HashMap<String, i64>) -> Result<i64, String> {
    Ok(match e {
        Expr::Int(v) => *v,
        Expr::Id(n) => *env.get(n).ok_or_else(|| format!("{n} is unbound"))?,
        Expr::Op(op, args) => {
            let a: Vec<i64> = args.iter().map(|x| eval(x, env)).collect::<Result<_, _>>()?;
            apply(*op, &a)?
        }
    })
}

fn apply(op: Op, a: &[i64]) -> Result<i64, String> {
    let divisor = |d: i64| if d == 0 { Err("division by zero".to_string()) } else { Ok(d) };
    Ok(match op {
        Op::And => i64::from(a.iter().all(|&x| x != 0)),
        Op::Or => i64::from(a.iter().any(|&x| x != 0)),
        Op::Max => *a.iter().max().ok_or("max of nothing")?,
        Op::Min => *a.iter().min().ok_or("min of nothing")?,
        Op::Neg => -a[0],
        Op::Add => a[0] + a[1],
        Op::Sub => a[0] - a[1],
        Op::Mul => a[0] * a[1],
        Op::Div | Op::FloorDiv | Op::PosDivQ => a[0].div_euclid(divisor(a[1])?) - i64::from(a[1] < 0 && a[0].rem_euclid(a[1]) != 0),
        Op::PosDivR => a[0].rem_euclid(divisor(a[1])?),
        Op::ZeroDivR => a[0] % divisor(a[1])?,
        Op::Select => if a[0] != 0 { a[1] } else { a[2] },
        Op::Eq => i64::from(a[0] == a[1]),
        Op::Le => i64::from(a[0] <= a[1]),
        Op::Lt => i64::from(a[0] < a[1]),
        Op::Ge => i64::from(a[0] >= a[1]),
        Op::Gt => i64::from(a[0] > a[1]),
    })
}
