//! Per-loop verdicts, dependence counts and parallelism conditions on
//! hand-built models (issue 4, items 1, 2, 5, 7).

mod common;

use common::{analysed, matmul_after_pre, Loop1};
use poly::{
    conflict_free_condition, parallel_condition, BlockerKind, BoundedCtx, DependenceCounts, Dependences, IslFailure,
    IslScop, LoopId, LoopVerdict, ReductionHint, ReductionOp, Scop, Statement, VerdictKind, VerdictOptions,
};

fn judge(model: &IslScop, deps: &Dependences, lp: LoopId, hints: &[ReductionHint], opts: VerdictOptions) -> LoopVerdict {
    LoopVerdict::compute(model, deps, &lp, hints, &opts).unwrap()
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn hint(array: &str, op: ReductionOp, statements: &[&str], float: bool) -> ReductionHint {
    ReductionHint { array: array.into(), op, statements: strings(statements), float, arrays: Vec::new(), in_place: true }
}

const REASSOC: VerdictOptions = VerdictOptions { allow_reassociation: true, allow_privatization: true };

// ---------------------------------------------------------------- counts

/// Matmul after PRE: three flows of t (S1 -> S2, S2 -> S2, S2 -> S3); eight
/// memory-based access pairs, all on t (anti: S2's and S3's reads to S1's and
/// S2's writes; output: the four pairs of S1's and S2's writes); and every
/// one of them has instance pairs across (i, j) iterations that no flow
/// links and that do not protect the region's boundary: all eight are
/// (at least partly) ignored — where GRAPHITE honours all eight.
#[test]
fn matmul_counts() {
    analysed(&matmul_after_pre(), 7, None, |_, _, deps| {
        assert_eq!(deps.counts().unwrap(), DependenceCounts { flow: 3, memory: 8, memory_ignored: 8 });
    });
}

/// `for i { B[i] = A[i + 1]; A[i] = C[i]; }`: one anti dependence, from a
/// read of A's incoming value: the live-range model keeps it (the incoming
/// value lives until that read), so nothing is ignored.
fn reads_ahead() -> Scop {
    Loop1 {
        params: "[N]",
        context: "[N] -> { : N > 1 }",
        body: vec![
            ("S1", "", vec![('r', "A", "i + 1"), ('w', "B", "i")]),
            ("S2", "", vec![('r', "C", "i"), ('w', "A", "i")]),
        ],
        after: vec![],
    }
    .scop()
}

#[test]
fn an_anti_dependence_from_an_incoming_value_is_kept() {
    analysed(&reads_ahead(), 3, None, |cx, model, deps| {
        assert_eq!(deps.counts().unwrap(), DependenceCounts { flow: 0, memory: 1, memory_ignored: 0 });
        // So reversing the loop is illegal even though no flow exists: the
        // write of A[i + 1] would come before its incoming value is read.
        let reversed = cx.union_map("[N] -> { S1[i] -> [0, -i, 0]; S2[i] -> [0, -i, 1] }").unwrap();
        let v = deps.check_schedule(&reversed).unwrap();
        assert!(v.flow.is_empty(), "{v:?}");
        assert_eq!(v.live_ranges, strings(&["A"]));
        assert!(deps.check_schedule(&model.schedule).unwrap().is_legal());
    });
}

/// The final value of a live-out cell protects its last write: a schedule
/// that moves an earlier write after it is illegal, unless the array is
/// declared dead after the region.
#[test]
fn the_final_write_of_a_live_out_cell_stays_last() {
    let scop = Loop1 {
        params: "[N]",
        context: "[N] -> { : N > 1 }",
        body: vec![("S1", "", vec![('r', "A", "i"), ('w', "x", "")])],
        after: vec![],
    }
    .scop();
    let reversed = "[N] -> { S1[i] -> [0, -i, 0] }";
    analysed(&scop, 3, None, |cx, _, deps| {
        let v = deps.check_schedule(&cx.union_map(reversed).unwrap()).unwrap();
        assert_eq!(v.live_ranges, strings(&["x"]));
        assert_eq!(deps.counts().unwrap(), DependenceCounts { flow: 0, memory: 1, memory_ignored: 1 });
    });
    analysed(&scop, 3, Some(&["A"]), |cx, _, deps| {
        assert!(deps.check_schedule(&cx.union_map(reversed).unwrap()).unwrap().is_legal());
    });
}

// ---------------------------------------------------------------- matmul

/// Seed 004: the i and j loops are parallel with t private (the minimal set:
/// A, B, C need nothing); t is dead after the region, so no copy-out.
#[test]
fn matmul_i_and_j_are_parallel_with_t_private() {
    analysed(&matmul_after_pre(), 7, Some(&["A"]), |_, model, deps| {
        for dim in [1, 3] {
            let v = judge(model, deps, LoopId::at(dim), &[], VerdictOptions::default());
            assert_eq!(v.kind, VerdictKind::Private, "dim {dim}: {v:?}");
            assert!(v.parallel);
            assert_eq!(v.private, strings(&["t"]));
            assert!(v.firstprivate.is_empty() && v.lastprivate.is_empty() && v.reductions.is_empty(), "{v:?}");
            assert!(v.blockers.is_empty());
        }
    });
    // With t live after the region, its final value is the last (i, j)'s:
    // lastprivate.
    analysed(&matmul_after_pre(), 7, None, |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!((v.kind, v.private.clone(), v.lastprivate.clone()), (VerdictKind::Private, strings(&["t"]), strings(&["t"])));
    });
}

/// Without privatization the conflicts on t are blockers.
#[test]
fn matmul_without_privatization_is_sequential() {
    analysed(&matmul_after_pre(), 7, Some(&["A"]), |_, model, deps| {
        let opts = VerdictOptions { allow_reassociation: false, allow_privatization: false };
        let v = judge(model, deps, LoopId::at(1), &[], opts);
        assert_eq!(v.kind, VerdictKind::None);
        assert!(!v.blockers.is_empty());
        assert!(v.blockers.iter().all(|b| b.array == "t" && b.kind == BlockerKind::LiveRangeConflict), "{v:?}");
    });
}

/// The k loop carries t's flow: sequential, unless t is an Add reduction
/// (floating point: only with reassociation allowed).
#[test]
fn matmul_k_is_a_reduction_only_when_hinted_and_allowed() {
    analysed(&matmul_after_pre(), 7, Some(&["A"]), |_, model, deps| {
        let v = judge(model, deps, LoopId::at(5), &[], VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::None);
        assert!(!v.parallel);
        assert_eq!(v.blockers.len(), 1, "{v:?}");
        let b = &v.blockers[0];
        assert_eq!((b.array.as_str(), b.kind, b.source_line, b.sink_line), ("t", BlockerKind::FlowCarried, 6, 6));

        let add = [hint("t", ReductionOp::Add, &["S2"], true)];
        let v = judge(model, deps, LoopId::at(5), &add, VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::None);
        assert_eq!(v.blockers.iter().map(|b| b.kind).collect::<Vec<_>>(), vec![BlockerKind::NonAssociative]);

        let v = judge(model, deps, LoopId::at(5), &add, REASSOC);
        assert_eq!(v.kind, VerdictKind::Reduction, "{v:?}");
        assert!(v.parallel);
        assert_eq!(v.reductions, vec![("t".to_string(), ReductionOp::Add)]);
        assert!(v.private.is_empty());

        // An integer accumulator needs no permission.
        let int_add = [hint("t", ReductionOp::Add, &["S2"], false)];
        assert_eq!(judge(model, deps, LoopId::at(5), &int_add, VerdictOptions::default()).kind, VerdictKind::Reduction);
        // A hint on the wrong statement does not help.
        let wrong = [hint("t", ReductionOp::Add, &["S3"], false)];
        assert_eq!(judge(model, deps, LoopId::at(5), &wrong, VerdictOptions::default()).kind, VerdictKind::None);
    });
}

// ---------------------------------------------------------------- arrays

/// `for i { for j tmp[j] = A[i][j]; for j B[i][j] = tmp[j] * 2; }`: the i
/// loop is parallel with tmp private; each j loop as it is.
fn temporary_array() -> Scop {
    let p = "[N, M] -> ";
    Scop {
        context: "[N, M] -> { : N > 0 and M > 0 }".into(),
        statements: vec![
            Statement::new("S1", 3, &format!("{p}{{ S1[i, j] : 0 <= i < N and 0 <= j < M }}"),
                &format!("{p}{{ S1[i, j] -> [0, i, 0, j, 0] }}"))
                .reads("A", &format!("{p}{{ S1[i, j] -> A[i, j] }}"))
                .writes("tmp", &format!("{p}{{ S1[i, j] -> tmp[j] }}")),
            Statement::new("S2", 4, &format!("{p}{{ S2[i, j] : 0 <= i < N and 0 <= j < M }}"),
                &format!("{p}{{ S2[i, j] -> [0, i, 1, j, 0] }}"))
                .reads("tmp", &format!("{p}{{ S2[i, j] -> tmp[j] }}"))
                .writes("B", &format!("{p}{{ S2[i, j] -> B[i, j] }}")),
        ],
    }
}

#[test]
fn temporary_array_is_private_to_the_outer_loop() {
    analysed(&temporary_array(), 5, Some(&["B"]), |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!((v.kind, v.private.clone()), (VerdictKind::Private, strings(&["tmp"])), "{v:?}");
        assert!(v.firstprivate.is_empty() && v.lastprivate.is_empty());
        for s in ["S1", "S2"] {
            let v = judge(model, deps, LoopId::of(3, &[s]), &[], VerdictOptions::default());
            assert_eq!(v.kind, VerdictKind::Doall, "{s}: {v:?}");
        }
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions { allow_privatization: false, ..Default::default() });
        assert_eq!(v.blockers.len(), 1, "{v:?}");
        let b = &v.blockers[0];
        assert_eq!((b.array.as_str(), b.kind, b.source_line, b.sink_line), ("tmp", BlockerKind::LiveRangeConflict, 3, 3));
    });
    // tmp live after the region: the last i iteration writes every cell of
    // it last, so its copy is the one to hand back.
    analysed(&temporary_array(), 5, None, |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!((v.kind, v.lastprivate.clone()), (VerdictKind::Private, strings(&["tmp"])), "{v:?}");
    });
}

/// A private array whose untouched cell every iteration reads:
/// `for i { tmp[0] = A[i]; B[i] = tmp[0] + tmp[1]; }`: firstprivate.
#[test]
fn private_array_reading_an_incoming_cell_is_firstprivate() {
    let scop = Loop1 {
        params: "[N]",
        context: "[N] -> { : N > 1 }",
        body: vec![
            ("S1", "", vec![('r', "A", "i"), ('w', "tmp", "0")]),
            ("S2", "", vec![('r', "tmp", "0"), ('r', "tmp", "1"), ('w', "B", "i")]),
        ],
        after: vec![],
    }
    .scop();
    analysed(&scop, 3, Some(&["B"]), |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::Private, "{v:?}");
        assert_eq!((v.private.clone(), v.firstprivate.clone()), (strings(&["tmp"]), strings(&["tmp"])));
        assert!(v.lastprivate.is_empty());
    });
}

// ---------------------------------------------------------------- scalars

/// `for i s += A[i]` (line 2).
fn sum() -> Scop {
    Loop1 {
        params: "[N]",
        context: "[N] -> { : N > 1 }",
        body: vec![("S1", "", vec![('r', "s", ""), ('r', "A", "i"), ('w', "s", "")])],
        after: vec![],
    }
    .scop()
}

#[test]
fn sum_is_a_reduction() {
    analysed(&sum(), 3, None, |_, model, deps| {
        let int = [hint("s", ReductionOp::Add, &["S1"], false)];
        let v = judge(model, deps, LoopId::at(1), &int, VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::Reduction, "{v:?}");
        assert!(v.parallel);
        assert_eq!(v.reductions, vec![("s".to_string(), ReductionOp::Add)]);

        let double = [hint("s", ReductionOp::Add, &["S1"], true)];
        let v = judge(model, deps, LoopId::at(1), &double, VerdictOptions::default());
        assert!(!v.parallel);
        assert_eq!(v.kind, VerdictKind::None);
        let b = &v.blockers[0];
        assert_eq!((b.array.as_str(), b.kind, b.source_line), ("s", BlockerKind::NonAssociative, 2));

        let v = judge(model, deps, LoopId::at(1), &double, REASSOC);
        assert!(v.parallel);
        assert_eq!(v.kind, VerdictKind::Reduction);

        // No hint: a carried flow.
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!(v.blockers.iter().map(|b| b.kind).collect::<Vec<_>>(), vec![BlockerKind::FlowCarried]);
    });
}

/// `for i { s += A[i]; B[i] = s; }`: the running sum is read in every
/// iteration, so reordering the additions changes B: the hint is refused
/// and the blocker names the reader (line 3) against the update (line 2).
#[test]
fn a_reduction_whose_partial_values_are_read_is_refused() {
    let scop = Loop1 {
        params: "[N]",
        context: "[N] -> { : N > 1 }",
        body: vec![
            ("S1", "", vec![('r', "s", ""), ('r', "A", "i"), ('w', "s", "")]),
            ("S2", "", vec![('r', "s", ""), ('w', "B", "i")]),
        ],
        after: vec![],
    }
    .scop();
    analysed(&scop, 3, None, |_, model, deps| {
        let h = [hint("s", ReductionOp::Add, &["S1"], false)];
        let v = judge(model, deps, LoopId::at(1), &h, VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::None, "{v:?}");
        assert!(v.blockers.iter().all(|b| b.kind == BlockerKind::FlowCarried && b.array == "s"));
        assert!(v.blockers.iter().any(|b| (b.source_line, b.sink_line) == (3, 2)), "{v:?}");
    });
}

/// `for i x = x * 2 + A[i]` with no hint (not an associative update):
/// sequential, the blocker names x and line 2 at both ends.
#[test]
fn a_recurrence_is_sequential() {
    let scop = Loop1 {
        params: "[N]",
        context: "[N] -> { : N > 1 }",
        body: vec![("S1", "", vec![('r', "x", ""), ('r', "A", "i"), ('w', "x", "")])],
        after: vec![],
    }
    .scop();
    analysed(&scop, 3, None, |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::None);
        assert_eq!(v.blockers.len(), 1);
        let b = &v.blockers[0];
        assert_eq!(
            (b.array.as_str(), b.kind, b.source.as_str(), b.source_line, b.sink.as_str(), b.sink_line),
            ("x", BlockerKind::FlowCarried, "S1", 2, "S1", 2)
        );
    });
}

/// `for i { x = A[i]; B[i] = x * x; }  C[0] = x;`: x private, and the value
/// read after the loop is the last iteration's: lastprivate.
#[test]
fn a_scalar_read_after_the_loop_is_lastprivate() {
    let scop = Loop1 {
        params: "[N]",
        context: "[N] -> { : N > 1 }",
        body: vec![
            ("S1", "", vec![('r', "A", "i"), ('w', "x", "")]),
            ("S2", "", vec![('r', "x", ""), ('w', "B", "i")]),
        ],
        after: vec![("S3", vec![('r', "x", ""), ('w', "C", "0")])],
    }
    .scop();
    analysed(&scop, 3, Some(&["B", "C"]), |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::Private, "{v:?}");
        assert_eq!((v.private.clone(), v.lastprivate.clone()), (strings(&["x"]), strings(&["x"])));
        assert!(v.firstprivate.is_empty());
    });
}

/// ```text
/// for (i = 0; i < N; i++) {
///   if (i < K)  B[i] = x;             // S1, line 2: reads the incoming x
///   if (i >= K) x = A[i];             // S2, line 3
///   if (i >= K) C[i] = x;             // S3, line 4
/// }                                   // 0 < K < N, x live after the loop
/// ```
/// No value crosses iterations; x needs a copy per iteration that starts
/// with the incoming value (firstprivate: every reading iteration reads the
/// same cell) and hands back the last iteration's (lastprivate: i = N - 1
/// writes it).
#[test]
fn a_guarded_scalar_is_firstprivate_and_lastprivate() {
    let scop = Loop1 {
        params: "[N, K]",
        context: "[N, K] -> { : 0 < K < N }",
        body: vec![
            ("S1", "i < K", vec![('r', "x", ""), ('w', "B", "i")]),
            ("S2", "i >= K", vec![('r', "A", "i"), ('w', "x", "")]),
            ("S3", "i >= K", vec![('r', "x", ""), ('w', "C", "i")]),
        ],
        after: vec![],
    }
    .scop();
    analysed(&scop, 3, None, |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::Private, "{v:?}");
        assert_eq!(v.private, strings(&["x"]));
        assert_eq!(v.firstprivate, strings(&["x"]));
        assert_eq!(v.lastprivate, strings(&["x"]));
    });
}

/// `for i { if (i < K) { x = A[i]; C[i] = x; } }` with x live after the
/// loop and 0 < K < N: the final x is iteration K - 1's, not the last
/// iteration's, so no private copy can hand it back: sequential, blocker
/// NotPrivatizable on x. Dead after the loop, x is simply private.
///
/// Every statement of the body is guarded here, so the model alone sees no
/// iteration past K - 1: the loop's own iterations must be given.
#[test]
fn a_live_out_scalar_not_written_last_is_not_privatizable() {
    let scop = Loop1 {
        params: "[N, K]",
        context: "[N, K] -> { : 0 < K < N }",
        body: vec![
            ("S1", "i < K", vec![('r', "A", "i"), ('w', "x", "")]),
            ("S2", "i < K", vec![('r', "x", ""), ('w', "C", "i")]),
        ],
        after: vec![],
    }
    .scop();
    let whole = LoopId::at(1).with_iterations("[N, K] -> { [0, i] : 0 <= i < N }");
    analysed(&scop, 3, None, |_, model, deps| {
        let v = judge(model, deps, whole.clone(), &[], VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::None, "{v:?}");
        assert!(v.blockers.iter().all(|b| b.array == "x" && b.kind == BlockerKind::NotPrivatizable), "{v:?}");
        assert_eq!(v.blockers[0].source_line, 2);
    });
    analysed(&scop, 3, Some(&["C"]), |_, model, deps| {
        let v = judge(model, deps, whole.clone(), &[], VerdictOptions::default());
        assert_eq!((v.kind, v.private.clone()), (VerdictKind::Private, strings(&["x"])), "{v:?}");
        assert!(v.lastprivate.is_empty());
    });
}

// ---------------------------------------------------------------- seed 003

/// Seed 003, E8 (`notes/003-moon.md`): `for (i = 0; i < n; i++) help[i] =
/// help[i + m];` (line 2), help live after the loop.
fn help(m: &str) -> Scop {
    let p = "[n, m]";
    let rel = |a: &str, cell: &str| format!("{p} -> {{ S1[i] -> {a}[{cell}] }}");
    Scop {
        context: format!("{p} -> {{ : n > 0 and m = {m} }}"),
        statements: vec![Statement::new("S1", 2, &format!("{p} -> {{ S1[i] : 0 <= i < n }}"), &format!("{p} -> {{ S1[i] -> [0, i, 0] }}"))
            .reads("help", &rel("help", "i + m"))
            .writes("help", &rel("help", "i"))],
    }
}

/// The value-based condition: iteration i reads help[i + m], which iteration
/// i + m writes; a flow exists exactly when that iteration ran before,
/// 0 <= i + m < i < n, i.e. -n < m < 0 (some i exists then: i = n - 1). So
/// the loop carries no flow exactly when m >= 0 or m <= -n. The condition
/// as it is, without any copy, also excludes the anti dependences of
/// 0 < m < n (iteration i reads help[i + m] before iteration i + m < n
/// overwrites it): m = 0 or m >= n or m <= -n — the seed's exact
/// memory-based condition.
///
/// For 0 < m < n the flow-only condition holds but the verdict refuses:
/// a private copy does not help, since every iteration reads a different
/// incoming cell that another iteration overwrites. What it would take is a
/// snapshot: before the loop, copy the cells read as incoming and
/// overwritten, help[m .. n - 1] (n - m elements), and read help[i + m] from
/// the copy; the verdict's detail names exactly that set.
#[test]
fn seed_003_help_parallel_conditions() {
    let scop = help("m");
    analysed(&scop, 3, None, |cx, model, deps| {
        let flow_free = parallel_condition(model, deps, &LoopId::at(1)).unwrap();
        let expected = cx.set("[n, m] -> { : n > 0 and (m >= 0 or m <= -n) }").unwrap();
        assert!(flow_free.is_equal(&expected).unwrap(), "{}", flow_free.to_str().unwrap());

        let as_is = conflict_free_condition(model, deps, &LoopId::at(1)).unwrap();
        let expected = cx.set("[n, m] -> { : n > 0 and (m = 0 or m >= n or m <= -n) }").unwrap();
        assert!(as_is.is_equal(&expected).unwrap(), "{}", as_is.to_str().unwrap());

        // Parametric verdict: some m carries a flow.
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert!(!v.parallel);
        assert!(v.blockers.iter().any(|b| b.kind == BlockerKind::FlowCarried && b.array == "help"));
    });
    // m = 1: no flow, but privatizing would need the snapshot.
    analysed(&help("1"), 3, None, |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert!(!v.parallel);
        let b = &v.blockers[0];
        assert_eq!((b.array.as_str(), b.kind, b.source_line, b.sink_line), ("help", BlockerKind::NotPrivatizable, 2, 2));
        assert!(b.detail.contains("snapshot"), "{}", b.detail);
        assert!(b.detail.contains("{ help[i0] : 0 < i0 < n }"), "{}", b.detail);
    });
    // m = -1: help[i] = help[i - 1] carries the flow.
    analysed(&help("-1"), 3, None, |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!(v.blockers.iter().map(|b| b.kind).collect::<Vec<_>>(), vec![BlockerKind::FlowCarried]);
    });
    // m = n: reads never overlap writes.
    analysed(&help("n"), 3, None, |_, model, deps| {
        assert_eq!(judge(model, deps, LoopId::at(1), &[], VerdictOptions::default()).kind, VerdictKind::Doall);
    });
}

/// The same loop, reading ahead, as a verdict: `reads_ahead` (B[i] =
/// A[i + 1]; A[i] = C[i]) needs a snapshot of A too.
#[test]
fn reading_ahead_is_not_privatizable() {
    analysed(&reads_ahead(), 3, None, |_, model, deps| {
        let v = judge(model, deps, LoopId::at(1), &[], VerdictOptions::default());
        assert_eq!(v.kind, VerdictKind::None);
        let b = &v.blockers[0];
        assert_eq!((b.array.as_str(), b.kind, b.source_line, b.sink_line), ("A", BlockerKind::NotPrivatizable, 2, 3));
    });
}

// ---------------------------------------------------------------- budget

#[test]
fn a_tiny_operations_cap_is_an_error_not_a_panic() {
    let scop = matmul_after_pre();
    let cx = BoundedCtx::new(poly::bounded::DEFAULT_MAX_OPERATIONS);
    let model = IslScop::build(&cx, &scop).unwrap();
    let deps = Dependences::compute(&scop, &model, 7).unwrap();
    cx.set_budget(20);
    for dim in [1, 3, 5] {
        let r = LoopVerdict::compute(&model, &deps, &LoopId::at(dim), &[], &VerdictOptions::default());
        assert_eq!(r.err(), Some(IslFailure::OutOfOperations), "dim {dim}");
    }
    assert_eq!(parallel_condition(&model, &deps, &LoopId::at(1)).err(), Some(IslFailure::OutOfOperations));
    assert_eq!(deps.counts().err(), Some(IslFailure::OutOfOperations));
    // And the context still works once the cap is lifted.
    cx.set_budget(poly::bounded::DEFAULT_MAX_OPERATIONS);
    assert!(LoopVerdict::compute(&model, &deps, &LoopId::at(1), &[], &VerdictOptions::default()).unwrap().parallel);
}

#[test]
fn unknown_statements_and_dimensions_are_errors() {
    analysed(&matmul_after_pre(), 7, None, |_, model, deps| {
        let r = LoopVerdict::compute(model, deps, &LoopId::of(1, &["S9"]), &[], &VerdictOptions::default());
        assert!(matches!(r, Err(IslFailure::Error(_))));
        let r = LoopVerdict::compute(model, deps, &LoopId::at(7), &[], &VerdictOptions::default());
        assert!(matches!(r, Err(IslFailure::Error(_))));
    });
}
