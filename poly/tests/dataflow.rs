//! Dependences, live ranges and the violation check on hand-built models.

mod common;

use common::matmul_after_pre;
use poly::bounded::DEFAULT_MAX_OPERATIONS;
use poly::{BoundedCtx, Dependences, IslScop, Scop, Statement};

/// Builds `scop`'s model and dependences and hands them to `check`.
fn analysed(scop: &Scop, time_dims: u32, check: impl FnOnce(&BoundedCtx, &IslScop, &Dependences)) {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let model = IslScop::build(&cx, scop).unwrap();
    let deps = Dependences::compute(scop, &model, time_dims).unwrap();
    check(&cx, &model, &deps);
}

const INTERCHANGE_IJ: &str = "[N] -> { S1[i, j] -> [0, j, 0, i, 0, 0, 0]; \
     S2[i, j, k] -> [0, j, 0, i, 1, k, 0]; S3[i, j] -> [0, j, 0, i, 2, 0, 0] }";

fn equal(cx: &BoundedCtx, a: &isl_rs::UnionMap, b: &str) -> bool {
    let b = cx.union_map(b).unwrap();
    a.is_equal(&b).unwrap()
}

#[test]
fn matmul_flow_dependences_are_exact() {
    analysed(&matmul_after_pre(), 7, |cx, _, deps| {
        let flow = deps.untagged_flow().unwrap();
        // The value of t goes S1 -> S2 (k = 0), S2 -> S2 (k -> k+1), S2 -> S3
        // (k = N-1), and nowhere else: no flow between different (i, j).
        assert!(equal(cx, &flow,
            "[N] -> { S1[i, j] -> S2[i, j, 0] : 0 <= i < N and 0 <= j < N; \
                      S2[i, j, k] -> S2[i, j, k + 1] : 0 <= i < N and 0 <= j < N and 0 <= k < N - 1; \
                      S2[i, j, N - 1] -> S3[i, j] : 0 <= i < N and 0 <= j < N }"),
            "flow = {}", flow.to_str().unwrap());
        // PRE's scalar creates memory-based dependences across (i, j) too.
        let out = deps.output.copy().unwrap();
        assert!(!out.is_empty().unwrap());
        assert!(!deps.anti.is_empty().unwrap());
    });
}

#[test]
fn matmul_live_ranges_are_seed_004s_lambda_sets() {
    analysed(&matmul_after_pre(), 7, |cx, model, deps| {
        let lambda = deps.live_ranges(model).unwrap();
        // λ(S1 -> S2) and λ(S2 -> S2) of seed 004 §4.4, plus the range that ends
        // in the store S3 (the paper's figure stops before it).
        assert!(equal(cx, &lambda,
            "[N] -> { S1[i, j] -> S2[i, j, 0] : 0 <= i < N and 0 <= j < N; \
                      S2[i, j, k] -> S2[i, j, k + 1] : 0 <= i < N and 0 <= j < N and 0 <= k < N - 1; \
                      S2[i, j, N - 1] -> S3[i, j] : 0 <= i < N and 0 <= j < N }"),
            "lambda = {}", lambda.to_str().unwrap());
    });
}

#[test]
fn matmul_interchange_is_legal_by_dataflow_and_live_ranges_only() {
    analysed(&matmul_after_pre(), 7, |cx, model, deps| {
        let theta = cx.union_map(INTERCHANGE_IJ).unwrap();
        let v = deps.check_schedule(&theta).unwrap();
        assert!(v.is_legal(), "{v:?}");
        // GRAPHITE's check, all dependences as constraints, forbids it: the
        // output dependences on t between (i, j) iterations are reversed.
        assert!(!deps.respects_all(&theta).unwrap());
        // And the original schedule passes both.
        assert!(deps.respects_all(&model.schedule).unwrap());
    });
}

#[test]
fn a_schedule_that_hoists_the_reset_violates_t_live_ranges() {
    analysed(&matmul_after_pre(), 7, |cx, _, deps| {
        // All resets S1 of a row i first, then its j iterations: the reset of
        // (i, j+1) clobbers t while (i, j)'s value is still live. Flows stay
        // forward (S1[i, j] still precedes its own S2 instances).
        let theta = cx.union_map(
            "[N] -> { S1[i, j] -> [0, i, 0, 0, 0, j, 0]; \
             S2[i, j, k] -> [0, i, 1, j, 1, k, 0]; S3[i, j] -> [0, i, 1, j, 2, 0, 0] }").unwrap();
        let v = deps.check_schedule(&theta).unwrap();
        assert!(v.flow.is_empty(), "{v:?}");
        assert_eq!(v.live_ranges, vec!["t".to_string()]);
    });
}

#[test]
fn matmul_parallel_loops_need_t_private_and_k_is_carried() {
    analysed(&matmul_after_pre(), 7, |_, model, deps| {
        for dim in [1, 3] {
            // i and j: parallel once t is private.
            let p = deps.check_parallel(&model.schedule, dim).unwrap();
            assert!(p.carried_flow.is_empty(), "dim {dim}: {p:?}");
            assert_eq!(p.conflicting, vec!["t".to_string()], "dim {dim}");
        }
        // k: t's value flows from one iteration to the next.
        let p = deps.check_parallel(&model.schedule, 5).unwrap();
        assert_eq!(p.carried_flow, vec!["t".to_string()]);
    });
}

/// A temporary array each iteration of i writes before it reads: private.
#[test]
fn temporary_array_is_privatizable() {
    let p = "[N, M] -> ";
    let scop = Scop {
        context: "[N, M] -> { : N > 0 and M > 0 }".into(),
        statements: vec![
            Statement::new("S1", 3, &format!("{p}{{ S1[i, j] : 0 <= i < N and 0 <= j < M }}"),
                &format!("{p}{{ S1[i, j] -> [0, i, 0, j] }}"))
                .reads("B", &format!("{p}{{ S1[i, j] -> B[i, j] }}"))
                .writes("tmp", &format!("{p}{{ S1[i, j] -> tmp[j] }}")),
            Statement::new("S2", 5, &format!("{p}{{ S2[i, j] : 0 <= i < N and 0 <= j < M }}"),
                &format!("{p}{{ S2[i, j] -> [0, i, 1, j] }}"))
                .reads("tmp", &format!("{p}{{ S2[i, j] -> tmp[M - 1 - j] }}"))
                .writes("A", &format!("{p}{{ S2[i, j] -> A[i, j] }}")),
        ],
    };
    analysed(&scop, 4, |_, model, deps| {
        let i = deps.check_parallel(&model.schedule, 1).unwrap();
        assert!(i.carried_flow.is_empty(), "{i:?}");
        assert_eq!(i.conflicting, vec!["tmp".to_string()]);
        // Each inner j loop is parallel as it is: no cell is written twice in it.
        let j = deps.check_parallel(&model.schedule, 3).unwrap();
        assert_eq!(j, poly::ParallelCheck::default());
    });
}

/// A scalar whose value flows from one iteration to the next stays
/// sequential: `x = A[i] - x; B[i] = x;`.
#[test]
fn recurrence_is_carried() {
    let p = "[N] -> ";
    let scop = Scop {
        context: "[N] -> { : N > 0 }".into(),
        statements: vec![
            Statement::new("S1", 2, &format!("{p}{{ S1[i] : 0 <= i < N }}"), &format!("{p}{{ S1[i] -> [0, i, 0] }}"))
                .reads("A", &format!("{p}{{ S1[i] -> A[i] }}"))
                .reads("x", &format!("{p}{{ S1[i] -> x[] }}"))
                .writes("x", &format!("{p}{{ S1[i] -> x[] }}")),
            Statement::new("S2", 3, &format!("{p}{{ S2[i] : 0 <= i < N }}"), &format!("{p}{{ S2[i] -> [0, i, 1] }}"))
                .reads("x", &format!("{p}{{ S2[i] -> x[] }}"))
                .writes("B", &format!("{p}{{ S2[i] -> B[i] }}")),
        ],
    };
    analysed(&scop, 3, |_, model, deps| {
        let c = deps.check_parallel(&model.schedule, 1).unwrap();
        assert_eq!(c.carried_flow, vec!["x".to_string()]);
    });
}

#[test]
fn out_of_budget_is_a_failure_not_a_hang() {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let scop = matmul_after_pre();
    let model = IslScop::build(&cx, &scop).unwrap();
    cx.set_budget(20);
    let r = Dependences::compute(&scop, &model, 7).map(|_| ());
    assert_eq!(r.err(), Some(poly::IslFailure::OutOfOperations));
}

/// Cholesky's inner loop after PRE: `A[i][j]` (its running value in a
/// register) is stored in each iteration of k, which reads `A[i][k]` and
/// `A[j][k]`, k < j < i: the reads never touch the cell in the same (i, j),
/// so a register can carry it while the k loop runs. A read of
/// `A[i][k + 1]` reaches it at k = j - 1, and the cell's own load (bicg's
/// `q[i]`) in every iteration; across iterations of i and j the cell is
/// read again (`A[j][k]` of a later i), which does not matter.
#[test]
fn cell_apart_from_the_other_accesses_within_its_loop() {
    let cholesky = Scop {
        context: "[n] -> { : n > 0 }".into(),
        statements: vec![Statement::new("S", 13, "[n] -> { S[i, j, k] : 0 <= k < j < i < n }", "[n] -> { S[i, j, k] -> [0, i, 0, j, 0, k, 0] }")
            .reads("A", "[n] -> { S[i, j, k] -> A[i, k] }")
            .reads("A", "[n] -> { S[i, j, k] -> A[j, k] }")
            .writes("A", "[n] -> { S[i, j, k] -> A[i, j] }")],
    };
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let model = IslScop::build(&cx, &cholesky).unwrap();
    let cell = "[n] -> { S[i, j, k] -> A[i, j] }";
    let reads = ["[n] -> { S[i, j, k] -> A[i, k] }", "[n] -> { S[i, j, k] -> A[j, k] }"];
    // The k loop: time dimension 5, (i, j) the same.
    assert!(model.apart_within(cell, &reads, 5).unwrap());
    assert!(!model.apart_within(cell, &["[n] -> { S[i, j, k] -> A[i, k + 1] }"], 5).unwrap());
    assert!(!model.apart_within(cell, &[cell], 5).unwrap());
    // Around the j loop (i alone the same), A[j][k] of row i reads no cell
    // of row i, but A[i][k] reads the cells of earlier j.
    assert!(model.apart_within(cell, &reads[1..], 3).unwrap());
    assert!(!model.apart_within(cell, &reads[..1], 3).unwrap());
}
