//! Access boxes: the subscripts a region touches, as functions of the
//! parameters (the run-time overlap test's ranges).

use poly::{access_boxes, AccessBox, BoundedCtx, BoxError, ParamAffine, Scop, Statement};

fn aff(terms: &[(&str, i128)], k: i128) -> ParamAffine {
    ParamAffine { terms: terms.iter().map(|(n, c)| (n.to_string(), *c)).collect(), k }
}

fn cx() -> BoundedCtx {
    BoundedCtx::new(poly::bounded::DEFAULT_MAX_OPERATIONS)
}

#[test]
fn rectangular_nest_with_offsets() {
    // for i < n: for j < m: A[i][j+1] = B[j][i] + A[i][j]
    let s = Statement::new("S", 1, "[n, m] -> { S[i, j] : 0 <= i < n and 0 <= j < m }", "[n, m] -> { S[i, j] -> [0, i, 0, j, 0] }")
        .writes("A", "[n, m] -> { S[i, j] -> A[i, j + 1] }")
        .reads("A", "[n, m] -> { S[i, j] -> A[i, j] }")
        .reads("B", "[n, m] -> { S[i, j] -> B[j, i] }");
    let scop = Scop { context: "[n, m] -> { : }".into(), statements: vec![s] };
    let boxes = access_boxes(&cx(), &scop, &["A", "B", "C"], &|_| true).unwrap();
    assert_eq!(
        boxes["A"],
        Some(AccessBox { lo: vec![aff(&[], 0), aff(&[], 0)], hi: vec![aff(&[("n", 1)], -1), aff(&[("m", 1)], 0)] })
    );
    assert_eq!(
        boxes["B"],
        Some(AccessBox { lo: vec![aff(&[], 0), aff(&[], 0)], hi: vec![aff(&[("m", 1)], -1), aff(&[("n", 1)], -1)] })
    );
    assert_eq!(boxes["C"], None);
}

#[test]
fn triangular_and_filtered_statements() {
    // for i < n: for j < i: x[j] ... ; T touches y, filtered out.
    let s = Statement::new("S", 1, "[n] -> { S[i, j] : 0 <= j < i < n }", "[n] -> { S[i, j] -> [0, i, 0, j, 0] }")
        .reads("x", "[n] -> { S[i, j] -> x[j] }")
        .writes("x", "[n] -> { S[i, j] -> x[i] }");
    let t = Statement::new("T", 2, "[n] -> { T[i] : 0 <= i < n }", "[n] -> { T[i] -> [1, i, 0, 0, 0] }")
        .writes("y", "[n] -> { T[i] -> y[i] }");
    let scop = Scop { context: "[n] -> { : }".into(), statements: vec![s, t] };
    let boxes = access_boxes(&cx(), &scop, &["x", "y"], &|s| s == "S").unwrap();
    // i >= 1 for any instance: x[i] from 1, x[j] from 0, up to n - 1.
    assert_eq!(boxes["x"], Some(AccessBox { lo: vec![aff(&[], 0)], hi: vec![aff(&[("n", 1)], -1)] }));
    assert_eq!(boxes["y"], None);
}

#[test]
fn a_bound_of_several_pieces_is_refused() {
    // i < min(n, 10): the greatest i is min(n - 1, 9), two pieces.
    let s = Statement::new("S", 1, "[n] -> { S[i] : 0 <= i < n and i < 10 }", "[n] -> { S[i] -> [0, i, 0] }")
        .writes("A", "[n] -> { S[i] -> A[i] }");
    let scop = Scop { context: "[n] -> { : }".into(), statements: vec![s] };
    match access_boxes(&cx(), &scop, &["A"], &|_| true) {
        Err(BoxError::NotAffine(why)) => assert!(why.contains("'A'"), "{why}"),
        other => panic!("expected NotAffine, got {other:?}"),
    }
}
