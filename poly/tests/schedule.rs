//! Interchange, band permutations and isl's scheduler with live-range
//! reordering (issue 4, items 3, 4).

mod common;

use common::{analysed, equal_map, matmul_after_pre};
use poly::bounded::DEFAULT_MAX_OPERATIONS;
use poly::{
    check_interchange, legal_permutations, permute_schedule, schedule_all_dependences,
    schedule_with_live_range_reordering, BoundedCtx, Dependences, IslFailure, IslScop, LoopId, LoopVerdict, Scop,
    Statement, VerdictKind, VerdictOptions,
};

const INTERCHANGE_IJ: &str = "[N] -> { S1[i, j] -> [0, j, 0, i, 0, 0, 0]; \
     S2[i, j, k] -> [0, j, 0, i, 1, k, 0]; S3[i, j] -> [0, j, 0, i, 2, 0, 0] }";

/// `for i, j: A[i][j] = A[i - 1][j + 1]` (flow distance (1, -1)) on a 2d+1
/// schedule of `2 * depth + 1` dimensions, `depth` 2 or 3 (then with k, and
/// the distance (1, 0, -1)).
fn skewed(depth: usize) -> Scop {
    let p = "[N] -> ";
    let (it, read, sched, bounds) = if depth == 2 {
        ("i, j", "i - 1, j + 1", "0, i, 0, j, 0", "1 <= i < N and 0 <= j < N - 1")
    } else {
        ("i, j, k", "i - 1, j, k + 1", "0, i, 0, j, 0, k, 0", "1 <= i < N and 0 <= j < N and 0 <= k < N - 1")
    };
    Scop {
        context: "[N] -> { : N > 2 }".into(),
        statements: vec![Statement::new("S1", 3, &format!("{p}{{ S1[{it}] : {bounds} }}"), &format!("{p}{{ S1[{it}] -> [{sched}] }}"))
            .reads("A", &format!("{p}{{ S1[{it}] -> A[{read}] }}"))
            .writes("A", &format!("{p}{{ S1[{it}] -> A[{it}] }}"))],
    }
}

/// ```text
/// for (i = 1; i < N; i++)
///   for (j = 0; j < N; j++) {
/// S1: t = A[i - 1][j];        // line 3
/// S2: A[i][j] = t + 1;        // line 4
///   }
/// ```
/// The flow on A runs along i; t is a PRE-style scalar whose memory-based
/// dependences tie every (i, j) to every later one.
fn column_scalar() -> Scop {
    let p = "[N] -> ";
    let dom = |s: &str| format!("{p}{{ {s}[i, j] : 1 <= i < N and 0 <= j < N }}");
    Scop {
        context: "[N] -> { : N > 2 }".into(),
        statements: vec![
            Statement::new("S1", 3, &dom("S1"), &format!("{p}{{ S1[i, j] -> [0, i, 0, j, 0] }}"))
                .reads("A", &format!("{p}{{ S1[i, j] -> A[i - 1, j] }}"))
                .writes("t", &format!("{p}{{ S1[i, j] -> t[] }}")),
            Statement::new("S2", 4, &dom("S2"), &format!("{p}{{ S2[i, j] -> [0, i, 0, j, 1] }}"))
                .reads("t", &format!("{p}{{ S2[i, j] -> t[] }}"))
                .writes("A", &format!("{p}{{ S2[i, j] -> A[i, j] }}")),
        ],
    }
}

// ---------------------------------------------------------------- interchange

/// Seed 004: interchanging i and j of matmul after PRE is legal by dataflow
/// and live ranges, while the classic all-dependences check forbids it
/// (the output and anti dependences on t between (i, j) iterations reverse).
#[test]
fn matmul_interchange_of_i_and_j() {
    analysed(&matmul_after_pre(), 7, Some(&["A"]), |cx, model, deps| {
        let x = check_interchange(model, deps, 1, 3).unwrap();
        let expected = cx.union_map(INTERCHANGE_IJ).unwrap().intersect_domain(model.domain.copy().unwrap()).unwrap();
        assert!(x.schedule.is_equal(&expected).unwrap(), "{}", x.schedule.to_str().unwrap());
        assert!(x.legal, "{:?}", x.violations);
        assert!(x.violations.is_legal());
        assert!(!x.respects_all);
        assert!(x.reason.contains("legal") && x.reason.contains("memory-based dependences on t"), "{}", x.reason);
        // The interchanged nest's outer loop (now j) is parallel with t
        // private, judged under the new schedule.
        let v = LoopVerdict::compute_under(model, deps, &x.schedule, &LoopId::at(1), &[], &VerdictOptions::default()).unwrap();
        assert_eq!((v.kind, v.private.clone()), (VerdictKind::Private, vec!["t".to_string()]));
    });
}

/// A flow of distance (1, -1) forbids the interchange whatever the model.
#[test]
fn interchange_reversing_a_flow_is_illegal() {
    analysed(&skewed(2), 5, None, |_, model, deps| {
        let x = check_interchange(model, deps, 1, 3).unwrap();
        assert!(!x.legal);
        assert_eq!(x.violations.flow, vec!["A".to_string()]);
        assert!(!x.respects_all);
        assert!(x.reason.contains("illegal") && x.reason.contains("flow of A"), "{}", x.reason);
    });
}

#[test]
fn permuting_only_chosen_statements() {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let s = cx.union_map("[N] -> { S1[i, j] -> [0, i, 0, j, 0]; S2[i] -> [1, i, 0, 0, 0]; S3[i, j] -> [2, i, 0, j, 0] }").unwrap();
    let p = permute_schedule(&cx, &s, &[1, 3], &[3, 1], Some(&["S3"])).unwrap();
    assert!(equal_map(&cx, &p, "[N] -> { S1[i, j] -> [0, i, 0, j, 0]; S2[i] -> [1, i, 0, 0, 0]; S3[i, j] -> [2, j, 0, i, 0] }"));
    // S2 is not inside the j loop: it keeps its time stamps.
    let p = permute_schedule(&cx, &s, &[1, 3], &[3, 1], None).unwrap();
    assert!(equal_map(&cx, &p, "[N] -> { S1[i, j] -> [0, j, 0, i, 0]; S2[i] -> [1, i, 0, 0, 0]; S3[i, j] -> [2, j, 0, i, 0] }"));
    assert!(matches!(permute_schedule(&cx, &s, &[1, 3], &[1, 5], None), Err(IslFailure::Error(_))));
    assert!(matches!(permute_schedule(&cx, &s, &[1, 5], &[5, 1], None), Err(IslFailure::Error(_))));
}

// ---------------------------------------------------------------- enumerate

/// The seed's enumerate-and-check: both orders of matmul's (i, j) band pass
/// the live-range check; only the original passes the classic one.
#[test]
fn matmul_band_permutations() {
    analysed(&matmul_after_pre(), 7, Some(&["A"]), |_, model, deps| {
        let perms = legal_permutations(model, deps, &[1, 3]).unwrap();
        let found: Vec<(Vec<u32>, bool)> = perms.iter().map(|p| (p.order.clone(), p.respects_all)).collect();
        assert_eq!(found, vec![(vec![1, 3], true), (vec![3, 1], false)]);
    });
}

/// Distance (1, 0, -1) on (i, j, k): an order is legal exactly when i runs
/// outside k: (i, j, k), (i, k, j), (j, i, k).
#[test]
fn skewed_band_permutations() {
    analysed(&skewed(2), 5, None, |_, model, deps| {
        let perms = legal_permutations(model, deps, &[1, 3]).unwrap();
        assert_eq!(perms.iter().map(|p| p.order.clone()).collect::<Vec<_>>(), vec![vec![1, 3]]);
    });
    analysed(&skewed(3), 7, None, |_, model, deps| {
        let perms = legal_permutations(model, deps, &[1, 3, 5]).unwrap();
        let orders: Vec<Vec<u32>> = perms.iter().map(|p| p.order.clone()).collect();
        assert_eq!(orders, vec![vec![1, 3, 5], vec![1, 5, 3], vec![3, 1, 5]]);
        assert!(perms.iter().all(|p| p.respects_all));
    });
}

// ---------------------------------------------------------------- isl

/// isl's scheduler with live-range reordering moves j outermost: j carries
/// no flow (A's runs along i), and the memory-based dependences on t that
/// it reverses only tie live ranges local to one (i, j). With every
/// dependence as a constraint, isl must keep i outermost.
#[test]
fn isl_with_live_range_reordering_finds_the_parallel_outer_loop() {
    analysed(&column_scalar(), 5, Some(&["A"]), |_, model, deps| {
        let lrr = schedule_with_live_range_reordering(model, deps).unwrap();
        assert!(lrr.violations.is_legal(), "{:?}", lrr.violations);
        assert!(lrr.map.copy().unwrap().domain().unwrap().is_equal(&model.domain).unwrap());
        assert!(!deps.respects_all(&lrr.map).unwrap());
        let outer = deps.check_parallel(&lrr.map, 0).unwrap();
        assert!(outer.carried_flow.is_empty(), "{} {outer:?}", lrr.map.to_str().unwrap());
        assert_eq!(outer.conflicting, vec!["t".to_string()]);
        let v = LoopVerdict::compute_under(model, deps, &lrr.map, &LoopId::of(0, &["S1", "S2"]), &[], &VerdictOptions::default())
            .unwrap();
        assert_eq!((v.kind, v.private.clone()), (VerdictKind::Private, vec!["t".to_string()]), "{v:?}");

        let all = schedule_all_dependences(model, deps).unwrap();
        assert!(all.violations.is_legal());
        assert!(deps.respects_all(&all.map).unwrap());
        let outer = deps.check_parallel(&all.map, 0).unwrap();
        assert_eq!(outer.carried_flow, vec!["A".to_string()], "{}", all.map.to_str().unwrap());
    });
}

/// On matmul after PRE both schedulers keep the dataflow and live ranges.
#[test]
fn isl_schedules_of_matmul_are_legal() {
    analysed(&matmul_after_pre(), 7, Some(&["A"]), |_, model, deps| {
        for s in [schedule_with_live_range_reordering(model, deps).unwrap(), schedule_all_dependences(model, deps).unwrap()] {
            assert!(s.violations.is_legal(), "{} {:?}", s.map.to_str().unwrap(), s.violations);
            assert!(s.map.copy().unwrap().domain().unwrap().is_equal(&model.domain).unwrap());
        }
    });
}

#[test]
fn time_vectors_are_padded_to_one_length() {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let s = cx.union_map("[N] -> { S1[i] -> [i]; S2[i] -> [i, 1, 2] }").unwrap();
    let p = poly::schedule::pad_time(&cx, &s).unwrap();
    assert!(equal_map(&cx, &p, "[N] -> { S1[i] -> [i, 0, 0]; S2[i] -> [i, 1, 2] }"));
}

// ---------------------------------------------------------------- budget

#[test]
fn a_tiny_operations_cap_is_an_error_not_a_panic() {
    let scop = column_scalar();
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let model = IslScop::build(&cx, &scop).unwrap();
    let deps = Dependences::compute(&scop, &model, 5).unwrap();
    cx.set_budget(50);
    assert_eq!(schedule_with_live_range_reordering(&model, &deps).err(), Some(IslFailure::OutOfOperations));
    assert_eq!(schedule_all_dependences(&model, &deps).err(), Some(IslFailure::OutOfOperations));
    assert_eq!(legal_permutations(&model, &deps, &[1, 3]).err(), Some(IslFailure::OutOfOperations));
    assert_eq!(check_interchange(&model, &deps, 1, 3).err(), Some(IslFailure::OutOfOperations));
    cx.set_budget(DEFAULT_MAX_OPERATIONS);
    assert!(schedule_with_live_range_reordering(&model, &deps).unwrap().violations.is_legal());
}
