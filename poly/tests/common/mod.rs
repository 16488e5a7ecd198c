//! Models shared by the verdict and schedule tests.
#![allow(dead_code)]

use poly::bounded::DEFAULT_MAX_OPERATIONS;
use poly::{BoundedCtx, Dependences, IslScop, Scop, Statement};

/// Seed 004, figures 2 and 3: matrix multiplication after PRE, the
/// accumulator `t` a zero-dimensional array (lines as in the figure).
///
/// ```text
/// for (i = 0; i < N; i++)
///   for (j = 0; j < N; j++) {
/// S1: t = 0;                          // line 4
///     for (k = 0; k < N; k++)
/// S2:   t = t + B[i][k] * C[k][j];    // line 6
/// S3: A[i][j] = t;                    // line 7
///   }
/// ```
pub fn matmul_after_pre() -> Scop {
    let n = "[N] -> ";
    Scop {
        context: "[N] -> { : N > 0 }".into(),
        statements: vec![
            Statement::new("S1", 4, &format!("{n}{{ S1[i, j] : 0 <= i < N and 0 <= j < N }}"),
                &format!("{n}{{ S1[i, j] -> [0, i, 0, j, 0, 0, 0] }}"))
                .writes("t", &format!("{n}{{ S1[i, j] -> t[] }}")),
            Statement::new("S2", 6, &format!("{n}{{ S2[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }}"),
                &format!("{n}{{ S2[i, j, k] -> [0, i, 0, j, 1, k, 0] }}"))
                .reads("t", &format!("{n}{{ S2[i, j, k] -> t[] }}"))
                .reads("B", &format!("{n}{{ S2[i, j, k] -> B[i, k] }}"))
                .reads("C", &format!("{n}{{ S2[i, j, k] -> C[k, j] }}"))
                .writes("t", &format!("{n}{{ S2[i, j, k] -> t[] }}")),
            Statement::new("S3", 7, &format!("{n}{{ S3[i, j] : 0 <= i < N and 0 <= j < N }}"),
                &format!("{n}{{ S3[i, j] -> [0, i, 0, j, 2, 0, 0] }}"))
                .reads("t", &format!("{n}{{ S3[i, j] -> t[] }}"))
                .writes("A", &format!("{n}{{ S3[i, j] -> A[i, j] }}")),
        ],
    }
}

/// Builds `scop`'s model and dependences (arrays live after the region:
/// `live_out`, or all) and hands them to `check`.
pub fn analysed<R>(
    scop: &Scop,
    time_dims: u32,
    live_out: Option<&[&str]>,
    check: impl FnOnce(&BoundedCtx, &IslScop, &Dependences) -> R,
) -> R {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let model = IslScop::build(&cx, scop).unwrap();
    let deps = Dependences::compute_with_live_out(scop, &model, time_dims, live_out).unwrap();
    check(&cx, &model, &deps)
}

/// A one-loop region `for (i = 0; i < N; i++) { statements }`, statement `k`
/// at time `[0, i, k]`, on line `k + 2`. Each statement is (name, domain
/// constraints beyond `0 <= i < N`, accesses as (kind, array, cell)) where
/// kind is 'r', 'w' or 'm' (may-write), and `after` statements run once after
/// the loop at time `[1, 0, k]`.
/// An access: (kind, array, cell).
pub type Acc = (char, &'static str, &'static str);

pub struct Loop1 {
    pub params: &'static str,
    pub context: &'static str,
    pub body: Vec<(&'static str, &'static str, Vec<Acc>)>,
    pub after: Vec<(&'static str, Vec<Acc>)>,
}

impl Loop1 {
    pub fn scop(&self) -> Scop {
        let p = self.params;
        let add = |mut s: Statement, accs: &[(char, &str, &str)], inst: &str| {
            for &(k, a, cell) in accs {
                let rel = format!("{p} -> {{ {inst} -> {a}[{cell}] }}");
                s = match k {
                    'r' => s.reads(a, &rel),
                    'w' => s.writes(a, &rel),
                    _ => s.may_write(a, &rel),
                };
            }
            s
        };
        let mut statements = Vec::new();
        for (k, (name, guard, accs)) in self.body.iter().enumerate() {
            let guard = if guard.is_empty() { String::new() } else { format!(" and {guard}") };
            let inst = format!("{name}[i]");
            let s = Statement::new(name, k as u32 + 2, &format!("{p} -> {{ {inst} : 0 <= i < N{guard} }}"),
                &format!("{p} -> {{ {inst} -> [0, i, {k}] }}"));
            statements.push(add(s, accs, &inst));
        }
        for (k, (name, accs)) in self.after.iter().enumerate() {
            let inst = format!("{name}[]");
            let line = (self.body.len() + k) as u32 + 3;
            let s = Statement::new(name, line, &format!("{p} -> {{ {inst} }}"), &format!("{p} -> {{ {inst} -> [1, 0, {k}] }}"));
            statements.push(add(s, accs, &inst));
        }
        Scop { context: self.context.to_string(), statements }
    }
}

pub fn equal_map(cx: &BoundedCtx, a: &isl_rs::UnionMap, b: &str) -> bool {
    let b = cx.union_map(b).unwrap();
    a.is_equal(&b).unwrap()
}
