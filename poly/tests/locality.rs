//! The locality model of interchange on the i-j-k matrix product.

use poly::locality::{access_lines, lines_per_iteration, Layout};
use poly::{LightScop, Polynomial, Scop, Statement};
use std::collections::BTreeMap;

fn doubles(sizes: &[Polynomial]) -> Layout {
    Layout { elem: 8, sizes: sizes.to_vec() }
}

/// `C[i][j] += A[i][k] * B[k][j]` with C's running value `t` a scalar, as
/// after PRE.
fn matmul() -> Scop {
    let n = "[N] -> ";
    Scop {
        context: "[N] -> { : N > 0 }".into(),
        statements: vec![Statement::new(
            "S",
            7,
            &format!("{n}{{ S[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }}"),
            &format!("{n}{{ S[i, j, k] -> [0, i, 0, j, 0, k, 0] }}"),
        )
        .reads("A", &format!("{n}{{ S[i, j, k] -> A[i, k] }}"))
        .reads("B", &format!("{n}{{ S[i, j, k] -> B[k, j] }}"))
        .reads("t", &format!("{n}{{ S[i, j, k] -> t[] }}"))
        .writes("C", &format!("{n}{{ S[i, j, k] -> C[i, j] }}"))],
    }
}

#[test]
fn matmul_j_innermost_touches_fewer_lines() {
    let light = LightScop::read(&matmul()).unwrap();
    let row = vec![Polynomial::var("N")];
    let layouts: BTreeMap<String, Layout> = ["A", "B", "C"].iter().map(|a| (a.to_string(), doubles(&row))).collect();
    let stmts = vec!["S".to_string()];
    // k innermost: A 8 bytes (1/8), B a row (1), C none; t is no memory.
    assert_eq!(lines_per_iteration(&light, &stmts, 3, &layouts), 1.125);
    // j innermost: A none, B and C 8 bytes.
    assert_eq!(lines_per_iteration(&light, &stmts, 2, &layouts), 0.25);
    // i innermost: A and C a row each.
    assert_eq!(lines_per_iteration(&light, &stmts, 1, &layouts), 2.0);
}

#[test]
fn strides_from_constant_sizes() {
    // double a[..][4]: a step of the first subscript is 32 bytes.
    assert_eq!(access_lines(&[1, 0], &doubles(&[Polynomial::constant(4)])), 0.5);
    // ... of 16: 128 bytes, a line or more.
    assert_eq!(access_lines(&[1, 0], &doubles(&[Polynomial::constant(16)])), 1.0);
    // Backwards by one element, and a diagonal i + j over [..][2].
    assert_eq!(access_lines(&[0, -1], &doubles(&[Polynomial::constant(2)])), 0.125);
    assert_eq!(access_lines(&[1, 1], &doubles(&[Polynomial::constant(2)])), 0.375);
    // Invariant.
    assert_eq!(access_lines(&[0, 0], &doubles(&[Polynomial::var("N")])), 0.0);
    // A run-time size.
    assert_eq!(access_lines(&[1, 0], &doubles(&[Polynomial::var("N")])), 1.0);
    // One-dimensional, 4-byte elements, stride 3.
    assert_eq!(access_lines(&[3], &Layout { elem: 4, sizes: vec![] }), 12.0 / 64.0);
}
