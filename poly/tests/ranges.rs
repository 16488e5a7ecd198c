//! Access boxes: the subscripts a region touches, as functions of the
//! parameters (the run-time overlap test's ranges).

use poly::{access_boxes, AccessBox, BoundedCtx, BoxError, ParamAffine, Piece, Scop, Statement};

fn aff(terms: &[(&str, i128)], k: i128) -> ParamAffine {
    ParamAffine { terms: terms.iter().map(|(n, c)| (n.to_string(), *c)).collect(), k }
}

/// The only piece of a bound.
fn only(a: ParamAffine) -> Vec<Piece> {
    vec![Piece { value: a, domain: None }]
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
        Some(AccessBox { lo: vec![only(aff(&[], 0)), only(aff(&[], 0))], hi: vec![only(aff(&[("n", 1)], -1)), only(aff(&[("m", 1)], 0))] })
    );
    assert_eq!(
        boxes["B"],
        Some(AccessBox { lo: vec![only(aff(&[], 0)), only(aff(&[], 0))], hi: vec![only(aff(&[("m", 1)], -1)), only(aff(&[("n", 1)], -1))] })
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
    assert_eq!(boxes["x"], Some(AccessBox { lo: vec![only(aff(&[], 0))], hi: vec![only(aff(&[("n", 1)], -1))] }));
    assert_eq!(boxes["y"], None);
}

#[test]
fn a_bound_of_several_pieces_gives_each_piece() {
    // i < min(n, 10): the greatest i is min(n - 1, 9), two pieces; their
    // maximum bounds i wherever the statement runs.
    let s = Statement::new("S", 1, "[n] -> { S[i] : 0 <= i < n and i < 10 }", "[n] -> { S[i] -> [0, i, 0] }")
        .writes("A", "[n] -> { S[i] -> A[i] }");
    let scop = Scop { context: "[n] -> { : }".into(), statements: vec![s] };
    let b = access_boxes(&cx(), &scop, &["A"], &|_| true).unwrap()["A"].clone().unwrap();
    assert_eq!(b.lo, vec![only(aff(&[], 0))]);
    let mut hi = b.hi[0].clone();
    hi.sort_by_key(|p| p.value.k);
    assert_eq!(hi.iter().map(|p| p.value.clone()).collect::<Vec<_>>(), vec![aff(&[("n", 1)], -1), aff(&[], 9)]);
    // Each piece with the parameters where it is the bound: n - 1 for
    // 1 <= n <= 10, 9 for n >= 10 (isl may give n = 10 to either).
    let holds = |p: &Piece, n: i128| {
        p.domain.as_ref().unwrap().1.iter().any(|conj| {
            conj.iter().all(|c| {
                let v = c.affine.k + c.affine.terms.iter().map(|(_, k)| k * n).sum::<i128>();
                if c.equality { v == 0 } else { v >= 0 }
            })
        })
    };
    for n in 1..20 {
        let chosen: Vec<i128> = hi.iter().filter(|p| holds(p, n)).map(|p| p.value.k + p.value.terms.iter().map(|(_, k)| k * n).sum::<i128>()).collect();
        assert!(!chosen.is_empty() && chosen.iter().all(|&v| v == (n - 1).min(9)), "n={n}: {chosen:?}");
    }
    assert!(hi.iter().all(|p| !holds(p, 0)), "no piece where nothing runs");
    // A floor in a piece is refused.
    let s = Statement::new("S", 1, "[n] -> { S[i] : 0 <= 2i < n and i < 10 }", "[n] -> { S[i] -> [0, i, 0] }")
        .writes("A", "[n] -> { S[i] -> A[i] }");
    let scop = Scop { context: "[n] -> { : }".into(), statements: vec![s] };
    assert!(matches!(access_boxes(&cx(), &scop, &["A"], &|_| true), Err(BoxError::NotAffine(_))));
}

#[test]
fn parameter_sets_as_disjunctions() {
    use poly::{param_dnf, ParamConstraint};
    let dnf = param_dnf(&cx(), "[n, p] -> { : n <= 0 or (n > 0 and p >= n) }").unwrap();
    // Every disjunct's constraints hold exactly on the set: check points.
    let holds = |n: i128, p: i128| {
        dnf.iter().any(|conj: &Vec<ParamConstraint>| {
            conj.iter().all(|c| {
                let v = c.affine.k + c.affine.terms.iter().map(|(x, k)| k * if x == "n" { n } else { p }).sum::<i128>();
                if c.equality { v == 0 } else { v >= 0 }
            })
        })
    };
    for n in -3..4 {
        for p in -3..4 {
            assert_eq!(holds(n, p), n <= 0 || p >= n, "n={n} p={p}");
        }
    }
    assert!(matches!(param_dnf(&cx(), "[n] -> { : exists (e : n = 2e) }"), Err(BoxError::NotAffine(_))));
    assert!(matches!(param_dnf(&cx(), "[n] -> { [i] : i < n }"), Err(BoxError::NotAffine(_))));
}

#[test]
fn parameter_sets_lose_the_constraints_isl_adds_for_disjointness() {
    // isl writes the union of c <= 1, d <= 0 and x <= 5 as disjoint pieces
    // (c <= 1, c >= 2 and d <= 0, ...); a run-time test needs only the three.
    let ctx = "[c, d, x] -> { : -2147483648 <= c, d, x <= 2147483647 }";
    let set = "[c, d, x] -> { : c <= 1 or (c >= 2 and d <= 0) or (c >= 2 and d > 0 and x <= 5) }";
    let (text, dnf) = poly::param_dnf_within(&cx(), set, ctx).unwrap();
    assert_eq!(text, "[c, d, x] -> {  : d <= 0 or c <= 1 or x <= 5 }");
    assert_eq!(dnf.len(), 3);
    assert!(dnf.iter().all(|conj| conj.len() == 1));
    // A piece the others cover goes; a set that is not a union keeps its
    // constraints (m = 0 with c > 0 is not implied by the others).
    let set = "[c, m] -> { : (m <= -c and m <= 0) or (m >= c and m > 0) or (m = 0 and c > 0) }";
    let (text, _) = poly::param_dnf_within(&cx(), set, "[c, m] -> { : -2147483648 <= c, m <= 2147483647 }").unwrap();
    assert_eq!(text, "[c, m] -> {  : m <= -c or m >= c or m = 0 }");
    let (text, _) = poly::param_dnf_within(&cx(), "[n] -> { : n >= 4 }", "[n] -> { : -2147483648 <= n <= 2147483647 }").unwrap();
    assert_eq!(text, "[n] -> {  : n >= 4 }");
}

#[test]
fn parameter_sets_read_as_c_conditions() {
    use poly::{condition_text, grouped};
    // What isl prints for the sets of the tests above and for the
    // universe and the empty set, as a guard shows them.
    assert_eq!(condition_text("[c, m] -> {  : m <= -c or m >= c or m = 0 }"), "m <= -c || m >= c || m == 0");
    assert_eq!(
        condition_text("[m, n] -> { : m > 0 and n > 0 and (lo > 0 or (hi <= lo <= 0)) }"),
        "m > 0 && n > 0 && (lo > 0 || (hi <= lo <= 0))"
    );
    assert_eq!(condition_text("[n] -> {  : n >= 4 }"), "n >= 4");
    assert_eq!(condition_text("[n] -> {  :  }"), "true");
    assert_eq!(condition_text("[n] -> {  }"), "false");
    assert_eq!(condition_text("n >= 0"), "n >= 0");
    // Parentheses where `||` stands at the top, and only there: `a || b`
    // beside `&&` or before `?` would bind wrongly.
    assert_eq!(grouped("m <= -c || m == 0"), "(m <= -c || m == 0)");
    assert_eq!(grouped("n > 0 && (lo > 0 || hi <= 0)"), "n > 0 && (lo > 0 || hi <= 0)");
    assert_eq!(grouped("(a || b) && (c || d)"), "(a || b) && (c || d)");
    assert_eq!(grouped("x <= 5"), "x <= 5");
}

#[test]
fn last_iteration_in_which_a_statement_runs() {
    use poly::first_dim_max;
    // for i < n: if (i < n - 1) { for k < m: S; T }: the last i in which
    // a statement runs is n - 2, not the loop's last, n - 1.
    let doms = vec![
        "[n, m] -> { S[i, k] : 0 <= i < n - 1 and 0 <= k < m }".to_string(),
        "[n, m] -> { T[i] : 0 <= i < n - 1 }".to_string(),
    ];
    let pieces = first_dim_max(&cx(), &doms).unwrap().unwrap();
    assert_eq!(pieces.iter().map(|p| p.value.clone()).collect::<Vec<_>>(), vec![aff(&[("n", 1)], -2)]);
    // doitgen's r loop: statements at depth 3 and 4, the same last r.
    let doms = vec![
        "[np, nq, nr] -> { S1[r, q, p] : 0 <= r < nr and 0 <= q < nq and 0 <= p < np }".to_string(),
        "[np, nq, nr] -> { S2[r, q, p, s] : 0 <= r < nr and 0 <= q < nq and 0 <= p < np and 0 <= s < np }".to_string(),
    ];
    let pieces = first_dim_max(&cx(), &doms).unwrap().unwrap();
    assert_eq!(pieces.iter().map(|p| p.value.clone()).collect::<Vec<_>>(), vec![aff(&[("nr", 1)], -1)]);
    // The greater of two statements' last iterations, by pieces.
    let doms = vec!["[n] -> { S[i] : 0 <= i < n }".to_string(), "[n] -> { T[i, j] : 0 <= i < 10 and 0 <= j < 3 }".to_string()];
    let mut pieces = first_dim_max(&cx(), &doms).unwrap().unwrap();
    pieces.sort_by_key(|p| p.value.k);
    assert_eq!(pieces.iter().map(|p| p.value.clone()).collect::<Vec<_>>(), vec![aff(&[("n", 1)], -1), aff(&[], 9)]);
    // No statement runs: none.
    assert_eq!(first_dim_max(&cx(), &["[n] -> { S[i] : 0 <= i < n and i < 0 }".to_string()]).unwrap(), None);
}

#[test]
fn guard_text_with_parameter_names() {
    use std::collections::BTreeMap;
    let names: BTreeMap<String, String> = [
        ("p".to_string(), "(uint64_t) m".to_string()),
        ("p_94".to_string(), "n * n".to_string()),
        ("q".to_string(), "-k".to_string()),
        ("r".to_string(), "(uint64_t) (n - 1)".to_string()),
    ]
    .into_iter()
    .collect();
    // isl's juxtaposed coefficients become products; names inside other
    // words (p_1, prephitmp) stay.
    assert_eq!(
        poly::with_names("(p < 0 || (2 + p <= p_94 < p_1)) && 2p_58 >= 3p", &names),
        "((uint64_t) m < 0 || (2 + (uint64_t) m <= (n * n) < p_1)) && 2*p_58 >= 3*(uint64_t) m"
    );
    // A cast, a sign and a parenthesized operand need no parentheses of
    // their own; a product does.
    assert_eq!(poly::with_names("8*p_94 + q + r >= prephitmp", &names), "8*(n * n) + -k + (uint64_t) (n - 1) >= prephitmp");
    // With no names, only the coefficients change.
    assert_eq!(poly::with_names("u+[8*n, -8 + 8*n*n) and v+[0, 8) disjoint && 2n >= 1", &BTreeMap::new()), "u+[8*n, -8 + 8*n*n) and v+[0, 8) disjoint && 2*n >= 1");
}

#[test]
fn parameter_sets_lose_what_known_facts_imply() {
    // p is the row stride (sizetype) m: m where m >= 0, m + 2^64 where not.
    // Within that, p >= m is redundant; the test keeps no 2^64.
    let ctx = "[c, m, p] -> { : -2147483648 <= c, m <= 2147483647 and 0 <= p <= 18446744073709551615 }";
    let known = "[c, m, p] -> { : -2147483648 <= c, m <= 2147483647 and 0 <= p <= 18446744073709551615 \
                 and ((m >= 0 and p = m) or (m < 0 and p = m + 18446744073709551616)) }";
    let set = "[c, m, p] -> { : c <= 0 or m <= 0 or (p >= c and p >= m) }";
    let (text, dnf) = poly::param_dnf_known(&cx(), set, ctx, known).unwrap();
    assert_eq!(text, "[c, m, p] -> {  : m <= 0 or p >= c }");
    assert_eq!(dnf.len(), 2);
    // Without the facts, both parts stay.
    let (text, _) = poly::param_dnf_within(&cx(), set, ctx).unwrap();
    assert_eq!(text, "[c, m, p] -> {  : c <= 0 or m <= 0 or (p >= c and p >= m) }");
}

#[test]
fn parameter_sets_meet_as_one() {
    // Sets over different parameters, one ruling out the other's first
    // alternative: as one set, the alternative is gone and the bounds of
    // the second q implied by the first are dropped.
    let sets = [
        "[p, q] -> { : p < 0 or (0 <= q <= 100 - p) }".to_string(),
        "[p] -> { : p >= 0 }".to_string(),
        "[p, q] -> { : p < 0 or (-1 <= q <= 101 - p) }".to_string(),
    ];
    let all = poly::param_sets_meet(&cx(), &sets).unwrap();
    let ctx = "[p, q] -> { : -2147483648 <= p, q <= 2147483647 }";
    let (text, dnf) = poly::param_dnf_within(&cx(), &all, ctx).unwrap();
    assert_eq!(text, "[p, q] -> {  : p >= 0 and 0 <= q <= 100 - p }");
    assert_eq!(dnf.len(), 1);
    assert!(poly::param_sets_meet(&cx(), &[]).is_err());
}
