//! The pairwise engine against the exact one: on every model of the verdict
//! and schedule tests, every loop gets the same verdict (kind, privates with
//! first/last, reductions) from `PairEngine` as from `LoopVerdict`, for the
//! arrays live after the region given or all of them, with and without
//! privatization and reassociation, with and without reduction hints.

mod common;

use common::{matmul_after_pre, Loop1};
use poly::bounded::DEFAULT_MAX_OPERATIONS;
use poly::{
    BoundedCtx, Dependences, IslScop, Iterations, LightScop, LoopId, LoopVerdict, PairEngine, PairLoop, ReductionHint,
    ReductionOp, Scop, Statement, VerdictKind, VerdictOptions,
};
use poly::light::SplitPoint;
use std::collections::BTreeMap;

/// The loops of a 2d+1 model: (dim, statements).
fn loops(scop: &Scop) -> Vec<(u32, Vec<String>)> {
    let l = LightScop::read(scop).unwrap();
    let mut out: Vec<(u32, Vec<String>)> = Vec::new();
    let mut seen: Vec<(usize, Vec<i128>)> = Vec::new();
    for s in &l.stmts {
        for lv in 0..s.depth() {
            let key = (lv, s.consts[..=lv].to_vec());
            if seen.contains(&key) {
                continue;
            }
            let stmts: Vec<String> = l
                .stmts
                .iter()
                .filter(|t| t.depth() > lv && t.consts[..=lv] == key.1[..])
                .map(|t| t.name.clone())
                .collect();
            seen.push(key);
            out.push((2 * lv as u32 + 1, stmts));
        }
    }
    out
}

fn compare(name: &str, scop: &Scop, live_out: Option<&[&str]>, hints: &[ReductionHint]) {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let model = IslScop::build(&cx, scop).unwrap();
    let light = LightScop::read(scop).unwrap();
    let deps = Dependences::compute_with_live_out(scop, &model, light.time_dims as u32, live_out).unwrap();
    let cx2 = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let engine = PairEngine::new(&cx2, light, live_out.map(|l| l.iter().map(|s| s.to_string()).collect()), &BTreeMap::new());
    let all_opts = [
        VerdictOptions::default(),
        VerdictOptions { allow_reassociation: true, allow_privatization: true },
        VerdictOptions { allow_reassociation: false, allow_privatization: false },
    ];
    for (dim, stmts) in loops(scop) {
        let names: Vec<&str> = stmts.iter().map(|s| s.as_str()).collect();
        for opts in &all_opts {
            let exact = LoopVerdict::compute(&model, &deps, &LoopId::of(dim, &names), hints, opts).unwrap();
            let pl = PairLoop { dim, statements: stmts.clone(), iterations: Iterations::Model };
            let fast = engine.verdict(&pl, hints, opts).unwrap();
            let what = format!("{name} dim {dim} {stmts:?} live-out {live_out:?} {opts:?} hints {hints:?}\nexact {exact:#?}\nfast {fast:#?}");
            assert_eq!(exact.kind, fast.kind, "{what}");
            assert_eq!(exact.parallel, fast.parallel, "{what}");
            assert_eq!(exact.reductions, fast.reductions, "{what}");
            if exact.parallel {
                assert_eq!(exact.private, fast.private, "{what}");
                assert_eq!(exact.firstprivate, fast.firstprivate, "{what}");
                assert_eq!(exact.lastprivate, fast.lastprivate, "{what}");
            } else {
                let arrays = |v: &LoopVerdict| {
                    let mut a: Vec<(String, poly::BlockerKind)> = v.blockers.iter().map(|b| (b.array.clone(), b.kind)).collect();
                    a.sort();
                    a.dedup();
                    a
                };
                assert_eq!(arrays(&exact), arrays(&fast), "{what}");
            }
        }
    }
}

fn hint(array: &str, op: ReductionOp, statements: &[&str], float: bool) -> ReductionHint {
    ReductionHint { array: array.into(), op, statements: statements.iter().map(|s| s.to_string()).collect(), float, arrays: Vec::new(), in_place: true }
}

fn models() -> Vec<(&'static str, Scop, Vec<ReductionHint>)> {
    let p = "[N, M] -> ";
    let temporary = Scop {
        context: "[N, M] -> { : N > 0 and M > 0 }".into(),
        statements: vec![
            Statement::new("S1", 3, &format!("{p}{{ S1[i, j] : 0 <= i < N and 0 <= j < M }}"), &format!("{p}{{ S1[i, j] -> [0, i, 0, j, 0] }}"))
                .reads("A", &format!("{p}{{ S1[i, j] -> A[i, j] }}"))
                .writes("tmp", &format!("{p}{{ S1[i, j] -> tmp[j] }}")),
            Statement::new("S2", 4, &format!("{p}{{ S2[i, j] : 0 <= i < N and 0 <= j < M }}"), &format!("{p}{{ S2[i, j] -> [0, i, 1, j, 0] }}"))
                .reads("tmp", &format!("{p}{{ S2[i, j] -> tmp[j] }}"))
                .writes("B", &format!("{p}{{ S2[i, j] -> B[i, j] }}")),
        ],
    };
    let l1 = |params: &'static str, context: &'static str, body: Vec<(&'static str, &'static str, Vec<common::Acc>)>, after| {
        Loop1 { params, context, body, after }.scop()
    };
    let help = |m: &str| {
        let p = "[n, m]";
        let rel = |a: &str, cell: &str| format!("{p} -> {{ S1[i] -> {a}[{cell}] }}");
        Scop {
            context: format!("{p} -> {{ : n > 0 and m = {m} }}"),
            statements: vec![Statement::new("S1", 2, &format!("{p} -> {{ S1[i] : 0 <= i < n }}"), &format!("{p} -> {{ S1[i] -> [0, i, 0] }}"))
                .reads("help", &rel("help", "i + m"))
                .writes("help", &rel("help", "i"))],
        }
    };
    let add = |a, s: &[&str], f| vec![hint(a, ReductionOp::Add, s, f)];
    vec![
        ("matmul", matmul_after_pre(), vec![]),
        ("matmul+hint", matmul_after_pre(), add("t", &["S2"], true)),
        ("matmul+int", matmul_after_pre(), add("t", &["S2"], false)),
        ("matmul+wrong", matmul_after_pre(), add("t", &["S3"], false)),
        ("temporary", temporary, vec![]),
        ("first", l1("[N]", "[N] -> { : N > 1 }", vec![("S1", "", vec![('r', "A", "i"), ('w', "tmp", "0")]), ("S2", "", vec![('r', "tmp", "0"), ('r', "tmp", "1"), ('w', "B", "i")])], vec![]), vec![]),
        ("sum", l1("[N]", "[N] -> { : N > 1 }", vec![("S1", "", vec![('r', "s", ""), ('r', "A", "i"), ('w', "s", "")])], vec![]), add("s", &["S1"], true)),
        ("sum-int", l1("[N]", "[N] -> { : N > 1 }", vec![("S1", "", vec![('r', "s", ""), ('r', "A", "i"), ('w', "s", "")])], vec![]), add("s", &["S1"], false)),
        ("sum-none", l1("[N]", "[N] -> { : N > 1 }", vec![("S1", "", vec![('r', "s", ""), ('r', "A", "i"), ('w', "s", "")])], vec![]), vec![]),
        ("partial", l1("[N]", "[N] -> { : N > 1 }", vec![("S1", "", vec![('r', "s", ""), ('r', "A", "i"), ('w', "s", "")]), ("S2", "", vec![('r', "s", ""), ('w', "B", "i")])], vec![]), add("s", &["S1"], false)),
        ("lastprivate", l1("[N]", "[N] -> { : N > 1 }", vec![("S1", "", vec![('r', "A", "i"), ('w', "x", "")]), ("S2", "", vec![('r', "x", ""), ('w', "B", "i")])], vec![("S3", vec![('r', "x", ""), ('w', "C", "0")])]), vec![]),
        ("guarded", l1("[N, K]", "[N, K] -> { : 0 < K < N }", vec![("S1", "i < K", vec![('r', "x", ""), ('w', "B", "i")]), ("S2", "i >= K", vec![('r', "A", "i"), ('w', "x", "")]), ("S3", "i >= K", vec![('r', "x", ""), ('w', "C", "i")])], vec![]), vec![]),
        ("not-last", l1("[N, K]", "[N, K] -> { : 0 < K < N }", vec![("S1", "i < K", vec![('r', "A", "i"), ('w', "x", "")]), ("S2", "i < K", vec![('r', "x", ""), ('w', "C", "i")])], vec![]), vec![]),
        ("reads-ahead", l1("[N]", "[N] -> { : N > 1 }", vec![("S1", "", vec![('r', "A", "i + 1"), ('w', "B", "i")]), ("S2", "", vec![('r', "C", "i"), ('w', "A", "i")])], vec![]), vec![]),
        ("help-m", help("m"), vec![]),
        ("help-1", help("1"), vec![]),
        ("help--1", help("-1"), vec![]),
        ("help-n", help("n"), vec![]),
        ("help-0", help("0"), vec![]),
        ("recurrence", l1("[N]", "[N] -> { : N > 1 }", vec![("S1", "", vec![('r', "x", ""), ('r', "A", "i"), ('w', "x", "")])], vec![]), vec![]),
    ]
}

/// lu's second j loop as GCC -O3 leaves it before parloops (less the k
/// loop's sum), the i loop outside the region: do-while loops whose entry
/// tests were hoisted out, so each domain is two pieces (the first
/// iteration runs even where `n <= i`), and `row` is `A[i]`.
fn lu_row_after_loop_copying() -> Scop {
    let p = "[i, n] -> ";
    Scop {
        context: "[i, n] -> { : -1000 <= i <= 1000 and -1000 <= n <= 1000 }".into(),
        statements: vec![
            Statement::new("S_10", 16, &format!("{p}{{ S_10[j, k] : 0 <= j < -i + n and 0 <= k < i; S_10[j = 0, k] : n <= i and 0 <= k < i }}"), &format!("{p}{{ S_10[j, k] -> [2, j, 1, k, 0] }}"))
                .reads("row", &format!("{p}{{ S_10[j, k] -> row[k] }}"))
                .reads("A", &format!("{p}{{ S_10[j, k] -> A[k, i + j] }}"))
                .reads("acc", &format!("{p}{{ S_10[j, k] -> acc[] }}"))
                .writes("row", &format!("{p}{{ S_10[j, k] -> row[i + j] }}"))
                .writes("t", &format!("{p}{{ S_10[j, k] -> t[] }}")),
            Statement::new("S_12", 16, &format!("{p}{{ S_12[j] : i > 0 and 0 <= j < -i + n; S_12[j = 0] : i > 0 and n <= i }}"), &format!("{p}{{ S_12[j] -> [2, j, 0, 0, 0] }}"))
                .reads("row", &format!("{p}{{ S_12[j] -> row[i + j] }}"))
                .writes("acc", &format!("{p}{{ S_12[j] -> acc[] }}")),
        ],
    }
}

#[test]
fn a_domain_of_several_pieces_is_their_union() {
    let light = LightScop::read(&lu_row_after_loop_copying()).unwrap();
    let s = &light.stmts[0];
    assert_eq!(s.iters, vec!["j".to_string(), "k".to_string()]);
    assert_eq!((s.pieces, s.domain.len()), (2, 2), "{:?}", s.domain);
    // The j loop is parallel (each j its own element of the row), by both
    // engines. (On the k loop the exact engine asks for a snapshot copy
    // under an empty set of parameters where the pairwise one finds the
    // reads apart from the writes, with one piece as with two.)
    let scop = lu_row_after_loop_copying();
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let model = IslScop::build(&cx, &scop).unwrap();
    let deps = Dependences::compute_with_live_out(&scop, &model, light.time_dims as u32, None).unwrap();
    let exact = LoopVerdict::compute(&model, &deps, &LoopId::of(1, &["S_10", "S_12"]), &[], &VerdictOptions::default()).unwrap();
    let cx2 = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let engine = PairEngine::new(&cx2, light, None, &BTreeMap::new());
    let j = PairLoop { dim: 1, statements: vec!["S_10".into(), "S_12".into()], iterations: Iterations::Model };
    let fast = engine.verdict(&j, &[], &VerdictOptions::default()).unwrap();
    assert!(exact.parallel && fast.parallel, "exact {exact:?}\nfast {fast:?}");
    assert_eq!((exact.kind, exact.private), (fast.kind, fast.private));
    // Pieces that name a position's iterator differently are refused.
    let mut odd = lu_row_after_loop_copying();
    odd.statements[1].domain = "[i, n] -> { S_12[j] : i > 0 and 0 <= j < -i + n; S_12[q] : q = 0 and i > 0 and n <= i }".into();
    let e = LightScop::read(&odd).unwrap_err();
    assert!(e.contains("name their iterators differently"), "{e}");
}

#[test]
fn the_pairwise_engine_agrees_with_the_exact_one() {
    for (name, scop, hints) in models() {
        compare(name, &scop, None, &hints);
        // Every array but the scalars live after the region.
        let light = LightScop::read(&scop).unwrap();
        let mut arrays: Vec<String> = light.stmts.iter().flat_map(|s| s.accesses.iter().filter(|a| !a.subs.is_empty()).map(|a| a.array.clone())).collect();
        arrays.sort();
        arrays.dedup();
        let refs: Vec<&str> = arrays.iter().map(|s| s.as_str()).collect();
        compare(name, &scop, Some(&refs), &hints);
    }
}

/// help[i] = help[i + 1]: every iteration reads an incoming cell the next
/// one overwrites, a different cell each. A private copy cannot give each
/// iteration its incoming cell (it would take a snapshot of them); where
/// help is live after the loop the last-value check refuses it too, so it
/// takes help dead after the loop to see the incoming cells' check alone.
#[test]
fn different_incoming_cells_are_not_privatizable() {
    let (_, scop, _) = models().into_iter().find(|(n, _, _)| *n == "help-1").unwrap();
    compare("help-1, nothing live after", &scop, Some(&[]), &[]);
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let engine = PairEngine::new(&cx, LightScop::read(&scop).unwrap(), Some(Vec::new()), &BTreeMap::new());
    let pl = PairLoop { dim: 1, statements: vec!["S1".into()], iterations: Iterations::Model };
    let v = engine.verdict(&pl, &[], &VerdictOptions::default()).unwrap();
    assert_eq!(v.kind, VerdictKind::None);
    assert_eq!(v.blockers.len(), 1, "{v:#?}");
    assert_eq!((v.blockers[0].array.as_str(), v.blockers[0].kind), ("help", poly::BlockerKind::NotPrivatizable));
    assert!(v.blockers[0].detail.contains("snapshot"), "{}", v.blockers[0].detail);
}

#[test]
fn matmul_verdicts() {
    let scop = matmul_after_pre();
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let e = PairEngine::new(&cx, LightScop::read(&scop).unwrap(), Some(vec!["A".into()]), &BTreeMap::new());
    let all = vec!["S1".to_string(), "S2".into(), "S3".into()];
    let v = e.verdict(&PairLoop { dim: 1, statements: all.clone(), iterations: Iterations::Model }, &[], &VerdictOptions::default()).unwrap();
    assert_eq!((v.kind, v.private.clone()), (VerdictKind::Private, vec!["t".to_string()]));
    let i = e.interchange(1, 3, &all).unwrap();
    assert!(i.legal, "{}", i.reason);
    assert!(i.reason.contains("(t)"), "{}", i.reason);
}

// ---------------------------------------------------------------- GIMPLE's shapes

/// Matmul as the plugin sees it after PRE (seed 004's figure with SSA):
///
/// ```text
/// for i, j:
///   S_4:  A[i][j] = 0; p_phi = 0            // line 5: the k loop's preheader
///   for k:
///     S_5:  p = p_phi; t = p + B[i][k] * C[k][j]; A[i][j] = t   // line 7
///     S_12: p_phi = t                       // line 6: the k loop's latch (k < N - 1)
/// ```
/// `p` is the k header's PHI, `t` its latch value; PRE leaves the store of
/// the running value in the loop.
fn matmul_ssa(store_cell: &str) -> Scop {
    let n = "[N] -> ";
    Scop {
        context: "[N] -> { : N > 0 }".into(),
        statements: vec![
            Statement::new("S_4", 5, &format!("{n}{{ S_4[i, j] : 0 <= i < N and 0 <= j < N }}"), &format!("{n}{{ S_4[i, j] -> [0, i, 0, j, 0, 0, 0] }}"))
                .writes("A", &format!("{n}{{ S_4[i, j] -> A[i, j] }}"))
                .writes("p_phi", &format!("{n}{{ S_4[i, j] -> p_phi[] }}")),
            Statement::new("S_5", 7, &format!("{n}{{ S_5[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }}"), &format!("{n}{{ S_5[i, j, k] -> [0, i, 0, j, 1, k, 0] }}"))
                .reads("B", &format!("{n}{{ S_5[i, j, k] -> B[i, k] }}"))
                .reads("C", &format!("{n}{{ S_5[i, j, k] -> C[k, j] }}"))
                .writes("A", &format!("{n}{{ S_5[i, j, k] -> A[{store_cell}] }}"))
                .reads("p_phi", &format!("{n}{{ S_5[i, j, k] -> p_phi[] }}"))
                .writes("t", &format!("{n}{{ S_5[i, j, k] -> t[] }}")),
            Statement::new("S_12", 6, &format!("{n}{{ S_12[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k <= N - 2 }}"), &format!("{n}{{ S_12[i, j, k] -> [0, i, 0, j, 1, k, 1] }}"))
                .reads("t", &format!("{n}{{ S_12[i, j, k] -> t[] }}"))
                .writes("p_phi", &format!("{n}{{ S_12[i, j, k] -> p_phi[] }}")),
        ],
    }
}

fn cycle_hint() -> ReductionHint {
    ReductionHint {
        array: "p_phi".into(),
        op: ReductionOp::Add,
        statements: vec!["S_5".into(), "S_12".into()],
        float: true,
        arrays: vec!["t".into(), "A".into()],
        in_place: false,
    }
}

fn ssa_facts() -> BTreeMap<String, poly::ScalarFact> {
    let mut f = BTreeMap::new();
    f.insert("t".to_string(), poly::ScalarFact::Value { def: "S_5".into() });
    f.insert(
        "p_phi".to_string(),
        poly::ScalarFact::Phi { block: "S_5".into(), header_of: Some(5), latch: Some("S_12".into()), recompute: None },
    );
    f
}

/// Both engines, with and without the SSA facts: the k loop is a reduction
/// on the cycle (its store to A[i][j] receives the result), with
/// reassociation only; i and j privatize the cycle's scalars.
#[test]
fn a_pre_cycle_with_its_store_is_a_reduction() {
    let scop = matmul_ssa("i, j");
    let live = ["A", "B", "C"];
    compare("matmul-ssa", &scop, Some(&live), &[cycle_hint()]);
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let e = PairEngine::new(&cx, LightScop::read(&scop).unwrap(), Some(live.iter().map(|s| s.to_string()).collect()), &ssa_facts());
    let k = PairLoop { dim: 5, statements: vec!["S_5".into(), "S_12".into()], iterations: Iterations::Latch("S_12".into()) };
    let reassoc = VerdictOptions { allow_reassociation: true, allow_privatization: true };
    let v = e.verdict(&k, &[cycle_hint()], &reassoc).unwrap();
    assert_eq!((v.kind, v.reductions.clone()), (VerdictKind::Reduction, vec![("p_phi".to_string(), ReductionOp::Add)]), "{v:?}");
    assert!(v.private.is_empty(), "{v:?}");
    let v = e.verdict(&k, &[cycle_hint()], &VerdictOptions::default()).unwrap();
    assert_eq!(v.blockers.iter().map(|b| b.kind).collect::<Vec<_>>(), vec![poly::BlockerKind::NonAssociative]);
    // Without the hint, the latch-to-header flow blocks.
    let v = e.verdict(&k, &[], &reassoc).unwrap();
    assert_eq!(v.blockers[0].kind, poly::BlockerKind::FlowCarried);
    assert_eq!((v.blockers[0].source_line, v.blockers[0].sink_line), (6, 7));
    let all = vec!["S_4".to_string(), "S_5".into(), "S_12".into()];
    for dim in [1, 3] {
        let v = e.verdict(&PairLoop { dim, statements: all.clone(), iterations: Iterations::Unknown }, &[], &VerdictOptions::default()).unwrap();
        assert_eq!((v.kind, v.private.clone()), (VerdictKind::Private, vec!["p_phi".to_string(), "t".into()]), "dim {dim}: {v:?}");
        assert!(v.lastprivate.is_empty());
    }
    let i = e.interchange(1, 3, &all).unwrap();
    assert!(i.legal, "{}", i.reason);
    assert_eq!(i.private, vec!["p_phi".to_string(), "t".into()]);
}

/// A running value stored to a different cell in each iteration is a scan
/// (prefix sums), not a reduction: both engines refuse the hint.
#[test]
fn a_cycle_stored_to_varying_cells_is_a_scan() {
    let scop = matmul_ssa("i, k");
    let live = ["A", "B", "C"];
    compare("matmul-scan", &scop, Some(&live), &[cycle_hint()]);
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let e = PairEngine::new(&cx, LightScop::read(&scop).unwrap(), Some(live.iter().map(|s| s.to_string()).collect()), &ssa_facts());
    let k = PairLoop { dim: 5, statements: vec!["S_5".into(), "S_12".into()], iterations: Iterations::Latch("S_12".into()) };
    let v = e.verdict(&k, &[cycle_hint()], &VerdictOptions { allow_reassociation: true, allow_privatization: true }).unwrap();
    assert!(!v.parallel, "{v:?}");
    assert!(v.blockers.iter().any(|b| b.detail.contains("scan")), "{v:?}");
}

/// `for i { s[0] = s[0] + A[i]; }` with the updated value also used after
/// the loop through a scalar written in the loop (the in-place form's
/// receivers): a reduction that absorbs the receiver; a receiver read in
/// the loop refuses it.
#[test]
fn an_in_place_update_with_a_receiver() {
    let make = |read_in_loop: bool| {
        let mut body = vec![("S1", "", vec![('r', "s", "0"), ('r', "A", "i"), ('w', "s", "0"), ('w', "v", "")])];
        if read_in_loop {
            body.push(("S2", "", vec![('r', "v", ""), ('w', "B", "i")]));
        }
        Loop1 { params: "[N]", context: "[N] -> { : N > 1 }", body, after: vec![("S9", vec![('r', "v", ""), ('w', "C", "0")])] }.scop()
    };
    let h = ReductionHint {
        array: "s".into(),
        op: ReductionOp::Add,
        statements: vec!["S1".into()],
        float: false,
        arrays: vec!["v".into()],
        in_place: true,
    };
    for read_in_loop in [false, true] {
        let scop = make(read_in_loop);
        let live = ["A", "B", "C", "s"];
        compare("receiver", &scop, Some(&live), std::slice::from_ref(&h));
        let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        let e = PairEngine::new(&cx, LightScop::read(&scop).unwrap(), Some(live.iter().map(|s| s.to_string()).collect()), &BTreeMap::new());
        let stmts: Vec<String> = if read_in_loop { vec!["S1".into(), "S2".into()] } else { vec!["S1".into()] };
        let v = e.verdict(&PairLoop { dim: 1, statements: stmts, iterations: Iterations::Model }, std::slice::from_ref(&h), &VerdictOptions::default()).unwrap();
        assert_eq!(v.parallel, !read_in_loop, "{v:?}");
        if !read_in_loop {
            assert_eq!(v.reductions, vec![("s".to_string(), ReductionOp::Add)]);
            assert!(v.private.is_empty(), "{v:?}");
        }
    }
}

/// Facts the model contradicts are ignored: a "value" written by two
/// statements is judged from its accesses.
#[test]
fn a_fact_the_model_contradicts_is_ignored() {
    let scop = Loop1 {
        params: "[N]",
        context: "[N] -> { : N > 1 }",
        body: vec![("S1", "", vec![('r', "x", ""), ('r', "A", "i"), ('w', "x", "")])],
        after: vec![],
    }
    .scop();
    let mut facts = BTreeMap::new();
    // x is read before it is written in each iteration: not an SSA value
    // whose definition dominates its uses, whatever the caller says.
    facts.insert("x".to_string(), poly::ScalarFact::Phi { block: "S9".into(), header_of: None, latch: None, recompute: None });
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let e = PairEngine::new(&cx, LightScop::read(&scop).unwrap(), Some(vec!["A".into()]), &facts);
    let v = e.verdict(&PairLoop { dim: 1, statements: vec!["S1".into()], iterations: Iterations::Model }, &[], &VerdictOptions::default()).unwrap();
    assert_eq!(v.blockers.iter().map(|b| (b.array.as_str(), b.kind)).collect::<Vec<_>>(), vec![("x", poly::BlockerKind::FlowCarried)]);
}

/// The dependence counts: every pair with a dependence, SSA scalars from
/// their facts (each loop taken to run twice).
#[test]
fn dependence_counts_of_matmul_ssa() {
    let scop = matmul_ssa("i, j");
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let e = PairEngine::new(&cx, LightScop::read(&scop).unwrap(), Some(vec!["A".into(), "B".into(), "C".into()]), &ssa_facts());
    let (deps, counts) = e.dependences(&Default::default(), true, true).unwrap();
    // Flows: t (S_5 -> S_12), p_phi (S_4 -> S_5, S_12 -> S_5); A has no read.
    assert_eq!(counts.flow, 3, "{deps:#?}");
    assert!(deps.iter().any(|d| d.kind == "flow" && d.array == "p_phi" && d.carried == vec![2]));
    // Output dependences on A: S_4 -> S_5 (same (i, j)), S_5 -> S_5 (k).
    assert_eq!(deps.iter().filter(|d| d.array == "A").count(), 2, "{deps:#?}");
    assert!(counts.memory > 2 && counts.memory_ignored >= counts.memory - 2, "{counts:?}");
}

/// Interchange against the exact engine's `check_interchange`: a skewed
/// flow (distance (1, -1)) forbids it; a PRE-style scalar whose values stay
/// in one iteration does not; an anti dependence from a read of an incoming
/// value that the swap would reverse forbids it.
#[test]
fn interchange_agrees_with_the_exact_engine() {
    let p = "[N] -> ";
    let skewed = Scop {
        context: "[N] -> { : N > 2 }".into(),
        statements: vec![Statement::new("S1", 3, &format!("{p}{{ S1[i, j] : 1 <= i < N and 0 <= j < N - 1 }}"), &format!("{p}{{ S1[i, j] -> [0, i, 0, j, 0] }}"))
            .reads("A", &format!("{p}{{ S1[i, j] -> A[i - 1, j + 1] }}"))
            .writes("A", &format!("{p}{{ S1[i, j] -> A[i, j] }}"))],
    };
    let dom = |s: &str| format!("{p}{{ {s}[i, j] : 1 <= i < N and 0 <= j < N }}");
    let column = Scop {
        context: "[N] -> { : N > 2 }".into(),
        statements: vec![
            Statement::new("S1", 3, &dom("S1"), &format!("{p}{{ S1[i, j] -> [0, i, 0, j, 0] }}"))
                .reads("A", &format!("{p}{{ S1[i, j] -> A[i - 1, j] }}"))
                .writes("t", &format!("{p}{{ S1[i, j] -> t[] }}")),
            Statement::new("S2", 4, &dom("S2"), &format!("{p}{{ S2[i, j] -> [0, i, 0, j, 1] }}"))
                .reads("t", &format!("{p}{{ S2[i, j] -> t[] }}"))
                .writes("A", &format!("{p}{{ S2[i, j] -> A[i, j] }}")),
        ],
    };
    let ahead = Scop {
        context: "[N] -> { : N > 2 }".into(),
        statements: vec![Statement::new("S1", 3, &dom("S1"), &format!("{p}{{ S1[i, j] -> [0, i, 0, j, 0] }}"))
            .reads("A", &format!("{p}{{ S1[i, j] -> A[i + 1, j - 1] }}"))
            .writes("A", &format!("{p}{{ S1[i, j] -> A[i, j] }}"))],
    };
    for (name, scop, live, expect) in [
        ("skewed", skewed, vec!["A"], false),
        ("column", column, vec!["A"], true),
        ("ahead", ahead, vec!["A"], false),
    ] {
        let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        let model = IslScop::build(&cx, &scop).unwrap();
        let deps = Dependences::compute_with_live_out(&scop, &model, 5, Some(&live)).unwrap();
        let exact = poly::check_interchange(&model, &deps, 1, 3).unwrap();
        let cx2 = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
        let e = PairEngine::new(&cx2, LightScop::read(&scop).unwrap(), Some(live.iter().map(|s| s.to_string()).collect()), &BTreeMap::new());
        let stmts: Vec<String> = scop.statements.iter().map(|s| s.name.clone()).collect();
        let fast = e.interchange(1, 3, &stmts).unwrap();
        assert_eq!((exact.legal, fast.legal), (expect, expect), "{name}: exact {} / fast {}", exact.reason, fast.reason);
    }
}


// ---------------------------------------------------------------- wavefronts

/// nussinov's nest in iteration numbers: `for i = N-1 down to 0, for j =
/// i+1 up to N-1` is `a` in [0, N), `b` in [0, a) with i = N-1-a and
/// j = N-a+b; the cell T[i][j] is written once, after reading `extra`
/// (cells given as (i, j) in terms of a and b).
fn triangle(extra: &[&str]) -> Scop {
    let n = "[N] -> ";
    let mut s = Statement::new("S", 3, &format!("{n}{{ S[a, b] : 0 <= a < N and 0 <= b < a }}"), &format!("{n}{{ S[a, b] -> [0, a, 0, b, 0] }}"));
    for cell in extra {
        s = s.reads("T", &format!("{n}{{ S[a, b] -> T[{cell}] }}"));
    }
    s = s.writes("T", &format!("{n}{{ S[a, b] -> T[N - 1 - a, N - a + b] }}"));
    Scop { context: "[N] -> { : N > 0 }".into(), statements: vec![s] }
}

fn wavefront_of(scop: &Scop) -> (bool, Vec<String>) {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let e = PairEngine::new(&cx, LightScop::read(scop).unwrap(), Some(vec!["T".into()]), &BTreeMap::new());
    let (swap, shared) = e.wavefront(1, 3, &["S".to_string()]).unwrap();
    (swap.legal, shared)
}

#[test]
fn wavefront_of_nussinov() {
    // T[i][j-1] and T[i+1][j]: both on the diagonal before.
    let (legal, shared) = wavefront_of(&triangle(&["N - 1 - a, N - a + b - 1", "N - a, N - a + b"]));
    assert!(legal);
    assert!(shared.is_empty(), "{shared:?}");
}

#[test]
fn wavefront_reversed() {
    // T[i-1][j-2]: written later in the loops' order (row i-1 comes after
    // row i), on the diagonal before: run by diagonals it would be
    // overwritten first.
    let (legal, _) = wavefront_of(&triangle(&["N - 2 - a, N - a + b - 2"]));
    assert!(!legal);
}

#[test]
fn wavefront_shared_diagonal() {
    // T[i+1][j+1]: written by the outer loop's iteration before, on the
    // same diagonal: the interchange keeps it, the diagonal's cells are
    // not independent.
    let (legal, shared) = wavefront_of(&triangle(&["N - a, N - a + b + 1"]));
    assert!(legal);
    assert_eq!(shared, vec!["T".to_string()]);
}

/// Floyd-Warshall's nest, `for k, i, j: path[i][j] = min (path[i][j],
/// path[i][k] + path[k][j])`, with `extra` cells read besides.
fn floyd_warshall(extra: &[&str]) -> Scop {
    let n = "[n] -> ";
    let mut s = Statement::new(
        "S",
        4,
        &format!("{n}{{ S[k, i, j] : 0 <= k < n and 0 <= i < n and 0 <= j < n }}"),
        &format!("{n}{{ S[k, i, j] -> [0, k, 0, i, 0, j, 0] }}"),
    );
    for cell in ["i, j", "i, k", "k, j"].iter().chain(extra) {
        s = s.reads("path", &format!("{n}{{ S[k, i, j] -> path[{cell}] }}"));
    }
    s = s.writes("path", &format!("{n}{{ S[k, i, j] -> path[i, j] }}"));
    Scop { context: "[n] -> { : n > 0 }".into(), statements: vec![s] }
}

/// Whether the loop at level `inner` (time dimension 2 * inner + 1) is
/// parallel on the instances where its iterator is below (Some(true)) or
/// above (Some(false)) the one at level `outer`, or on all (None).
fn parallel_on_side(scop: &Scop, inner: usize, outer: usize, below: Option<bool>) -> bool {
    parallel_around(scop, inner, SplitPoint::Iterator { level: outer, offset: 0 }, below)
}

/// The same with any split point.
fn parallel_around(scop: &Scop, inner: usize, at: SplitPoint, below: Option<bool>) -> bool {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let mut m = LightScop::read(scop).unwrap();
    if let Some(b) = below {
        m.restrict_to_side(&["S".to_string()], inner, at, b);
    }
    let e = PairEngine::new(&cx, m, Some(vec!["path".into()]), &BTreeMap::new());
    let lp = PairLoop { dim: 2 * inner as u32 + 1, statements: vec!["S".to_string()], iterations: Iterations::Model };
    e.verdict(&lp, &[], &VerdictOptions::default()).unwrap().parallel
}

#[test]
fn index_split_of_floyd_warshall() {
    // Row k is written in iteration i = k and read by every other i; on
    // each side of i = k the rows are independent. The same for column k
    // in the j loop.
    let fw = floyd_warshall(&[]);
    for inner in [1, 2] {
        assert!(!parallel_on_side(&fw, inner, 0, None), "level {inner}");
        assert!(parallel_on_side(&fw, inner, 0, Some(true)), "level {inner}");
        assert!(parallel_on_side(&fw, inner, 0, Some(false)), "level {inner}");
    }
}

#[test]
fn index_split_keeps_other_dependences() {
    // Reading the row before as well: iterations below k depend on each
    // other.
    let fw = floyd_warshall(&["i - 1, j"]);
    assert!(!parallel_on_side(&fw, 1, 0, Some(true)));
    assert!(!parallel_on_side(&fw, 1, 0, Some(false)));
}

#[test]
fn index_split_around_an_outer_counter_with_an_offset() {
    // `for (k = 0; ...) for (i = 1; ...)` reading row k + 1 and column
    // k + 1, the model counting each loop's iterations from zero (i = b + 1,
    // k = a): row k + 1 is written where b = a, so the cut is b = a + 0,
    // at equal iteration numbers; around i = k (b = a - 1) a side holds the
    // writer and its readers. Row k instead: b = a - 1, the counters'
    // values equal.
    let n = "[n] -> ";
    for (read, right) in [("a + 1", 0), ("a", -1)] {
        let mut s = Statement::new(
            "S",
            4,
            &format!("{n}{{ S[a, b, j] : 0 <= a < n - 1 and 0 <= b < n - 1 and 0 <= j < n }}"),
            &format!("{n}{{ S[a, b, j] -> [0, a, 0, b, 0, j, 0] }}"),
        );
        for cell in ["b + 1, j".to_string(), format!("b + 1, {read}"), format!("{read}, j")] {
            s = s.reads("path", &format!("{n}{{ S[a, b, j] -> path[{cell}] }}"));
        }
        s = s.writes("path", &format!("{n}{{ S[a, b, j] -> path[b + 1, j] }}"));
        let scop = Scop { context: "[n] -> { : n > 1 }".into(), statements: vec![s] };
        assert!(!parallel_around(&scop, 1, SplitPoint::Iterator { level: 0, offset: right }, None), "row {read}");
        for offset in [-2, -1, 0, 1] {
            let at = SplitPoint::Iterator { level: 0, offset };
            let both = parallel_around(&scop, 1, at, Some(true)) && parallel_around(&scop, 1, at, Some(false));
            assert_eq!(both, offset == right, "row {read}, offset {offset}");
        }
    }
}

/// One step of Floyd-Warshall in a function of its own, `k` a parameter:
/// `for (i = START; ...) for (j = 0; j < n; j++) path[i][j] = min
/// (path[i][j], path[i][k] + path[k][j])`, the model counting i's
/// iterations from zero (the row is `a + START`).
fn relax_step(start: i128) -> Scop {
    let n = "[n, k] -> ";
    let row = format!("a + {start}");
    let mut s = Statement::new(
        "S",
        4,
        &format!("{n}{{ S[a, j] : 0 <= a < n - {start} and 0 <= j < n }}"),
        &format!("{n}{{ S[a, j] -> [0, a, 0, j, 0] }}"),
    );
    for cell in [format!("{row}, j"), format!("{row}, k"), "k, j".to_string()] {
        s = s.reads("path", &format!("{n}{{ S[a, j] -> path[{cell}] }}"));
    }
    s = s.writes("path", &format!("{n}{{ S[a, j] -> path[{row}, j] }}"));
    Scop { context: "[n, k] -> { : n > 0 and 0 <= k < n }".into(), statements: vec![s] }
}

#[test]
fn index_split_around_a_parameter() {
    // Row k is written where the counter, START + a, equals k: on each side
    // of that iteration the rows are independent; one iteration off (the
    // start not counted) and a side holds row k's writer and its readers.
    for start in [0, 1, 3] {
        let step = relax_step(start);
        let at = |index, s| SplitPoint::Param { index, start: s, start_param: None };
        // Parameters in the order of the context: n, k.
        assert!(!parallel_around(&step, 0, at(1, start), None), "start {start}");
        assert!(parallel_around(&step, 0, at(1, start), Some(true)), "start {start}");
        assert!(parallel_around(&step, 0, at(1, start), Some(false)), "start {start}");
        let off = at(1, start + 1);
        assert!(
            !parallel_around(&step, 0, off, Some(true)) || !parallel_around(&step, 0, off, Some(false)),
            "start {start}, one off"
        );
        // Around n, nothing: both sides hold row k.
        assert!(!parallel_around(&step, 0, at(0, start), Some(true)), "start {start}, around n");
    }
    // Rows from a parameter lo: the cut is lo + a < k.
    let n = "[n, k, lo] -> ";
    let mut s = Statement::new(
        "S",
        4,
        &format!("{n}{{ S[a, j] : 0 <= a < n - lo and 0 <= j < n }}"),
        &format!("{n}{{ S[a, j] -> [0, a, 0, j, 0] }}"),
    );
    for cell in ["a + lo, j", "a + lo, k", "k, j"] {
        s = s.reads("path", &format!("{n}{{ S[a, j] -> path[{cell}] }}"));
    }
    s = s.writes("path", &format!("{n}{{ S[a, j] -> path[a + lo, j] }}"));
    let step = Scop { context: "[n, k, lo] -> { : n > 0 and 0 <= lo <= k < n }".into(), statements: vec![s] };
    let from_lo = SplitPoint::Param { index: 1, start: 0, start_param: Some(2) };
    assert!(parallel_around(&step, 0, from_lo, Some(true)));
    assert!(parallel_around(&step, 0, from_lo, Some(false)));
    // Without lo in the cut, a side holds row k's writer and its readers.
    let without = SplitPoint::Param { index: 1, start: 0, start_param: None };
    assert!(!parallel_around(&step, 0, without, Some(true)) || !parallel_around(&step, 0, without, Some(false)));
}

/// A rectangular pair in iteration numbers, `a` and `b` in [0, N), the
/// loops' counters i = a + 1 and j = b + 1 inside a time loop `t`; each
/// iteration writes A[i][j] after reading the cells `reads` (in i and j).
fn stencil(reads: &[&str]) -> Scop {
    let n = "[T, N] -> ";
    let mut s = Statement::new(
        "S",
        4,
        &format!("{n}{{ S[t, a, b] : 0 <= t < T and 0 <= a < N and 0 <= b < N }}"),
        &format!("{n}{{ S[t, a, b] -> [0, t, 0, a, 0, b, 0] }}"),
    );
    for cell in reads {
        let cell = cell.replace('i', "a + 1").replace('j', "b + 1");
        s = s.reads("A", &format!("{n}{{ S[t, a, b] -> A[{cell}] }}"));
    }
    s = s.writes("A", &format!("{n}{{ S[t, a, b] -> A[a + 1, b + 1] }}"));
    Scop { context: "[T, N] -> { : T > 0 and N > 0 }".into(), statements: vec![s] }
}

fn skew_of(scop: &Scop) -> poly::PairSkew {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let e = PairEngine::new(&cx, LightScop::read(scop).unwrap(), Some(vec!["A".into()]), &BTreeMap::new());
    e.skew(3, 5, &["S".to_string()], 4).unwrap()
}

/// Whether the stencil's inner loop carries a chain (`skew_chain_of`).
fn chain_of(scop: &Scop) -> bool {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let e = PairEngine::new(&cx, LightScop::read(scop).unwrap(), Some(vec!["A".into()]), &BTreeMap::new());
    e.skew_chain_of(5, &["S".to_string()])
}

#[test]
fn skew_of_seidel() {
    // seidel-2d's nine cells: (i - 1, j + 1) was written by the row before
    // one column right, so the diagonals are 2i + j.
    let nine = ["i - 1, j - 1", "i - 1, j", "i - 1, j + 1", "i, j - 1", "i, j", "i, j + 1", "i + 1, j - 1", "i + 1, j", "i + 1, j + 1"];
    let seidel = stencil(&nine);
    let s = skew_of(&seidel);
    assert_eq!(s.factor, Some(2), "{s:?}");
    assert!(chain_of(&seidel));
    // Nine reads over three rows (the write's among them).
    assert_eq!((s.reads, s.rows), (9, 3));
    let s = skew_of(&stencil(&["i - 1, j + 1", "i, j - 1", "i, j"]));
    assert_eq!((s.reads, s.rows), (3, 2));
}

#[test]
fn skew_by_one() {
    // The upper and left neighbours: the diagonals i + j.
    let scop = stencil(&["i - 1, j", "i, j - 1"]);
    let s = skew_of(&scop);
    assert_eq!(s.factor, Some(1), "{s:?}");
    assert!(chain_of(&scop));
}

#[test]
fn skew_no_chain() {
    // Only the row before: the inner loop carries nothing.
    let scop = stencil(&["i - 1, j + 1"]);
    let s = skew_of(&scop);
    assert_eq!(s.factor, Some(2), "{s:?}");
    assert!(!chain_of(&scop));
}

#[test]
fn skew_too_steep() {
    // (i - 1, j + 4): the row before, four columns right, needs f = 5.
    let s = skew_of(&stencil(&["i - 1, j + 4", "i, j - 1"]));
    assert_eq!(s.factor, None, "{s:?}");
    assert_eq!(s.blocking, vec!["A".to_string()]);
    // The last cell of the row before: no factor for every N.
    let s = skew_of(&stencil(&["i - 1, N", "i, j - 1"]));
    assert_eq!(s.factor, None, "{s:?}");
}

#[test]
fn skew_later_row() {
    // (i + 1, j - 1) read before the row after writes it: an anti
    // dependence of distance (1, -1), kept by f = 2 as a flow is.
    let s = skew_of(&stencil(&["i + 1, j - 1", "i, j - 1"]));
    assert_eq!(s.factor, Some(2), "{s:?}");
    // (i + 1, j - 3): needs f = 4.
    let s = skew_of(&stencil(&["i + 1, j - 3", "i, j - 1"]));
    assert_eq!(s.factor, Some(4), "{s:?}");
}

#[test]
fn skew_not_for_one_cell() {
    // q[i] += a[i][j] while q[N + j] is scaled: the inner loop carries q[i]
    // alone, one cell (a register's job), so no chain to break, though
    // the diagonals i + j would be legal.
    let n = "[N] -> ";
    let s = Statement::new("S", 3, &format!("{n}{{ S[a, b] : 0 <= a < N and 0 <= b < N }}"), &format!("{n}{{ S[a, b] -> [0, a, 0, b, 0] }}"))
        .reads("q", &format!("{n}{{ S[a, b] -> q[a] }}"))
        .reads("A", &format!("{n}{{ S[a, b] -> A[a, b] }}"))
        .reads("q", &format!("{n}{{ S[a, b] -> q[N + b] }}"))
        .writes("q", &format!("{n}{{ S[a, b] -> q[a] }}"))
        .writes("q", &format!("{n}{{ S[a, b] -> q[N + b] }}"));
    let scop = Scop { context: "[N] -> { : N > 0 }".into(), statements: vec![s] };
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let e = PairEngine::new(&cx, LightScop::read(&scop).unwrap(), Some(vec!["q".into()]), &BTreeMap::new());
    let s = e.skew(1, 3, &["S".to_string()], 4).unwrap();
    assert_eq!(s.factor, Some(1), "{s:?}");
    assert!(!e.skew_chain_of(3, &["S".to_string()]));
}

#[test]
fn skew_not_for_one_column() {
    // Floyd-Warshall's row k: the inner loop reads, in every iteration,
    // the one cell A[i][1] that its first iteration wrote: a dependence at
    // one iteration, not a chain (the diagonals would cost the loop its
    // vectors).
    assert!(!chain_of(&stencil(&["i, 1", "i - 1, j"])));
    // j - 2: the iteration two before, which a vector of two can wait for.
    assert!(!chain_of(&stencil(&["i, j - 2", "i - 1, j"])));
}

/// atax's i loop: `tmp[i] = 0`, then `tmp[i] += A[i][j] * x[j]` over j,
/// then `y[j] += A[i][j] * tmp[i]` over j; `t_read` is the cell of tmp the
/// second j loop reads (`a`: its own row's).
fn atax(t_read: &str) -> Scop {
    let n = "[M, N] -> ";
    let s0 = Statement::new("S0", 2, &format!("{n}{{ S0[a] : 0 <= a < M }}"), &format!("{n}{{ S0[a] -> [0, a, 0, 0, 0] }}"))
        .writes("tmp", &format!("{n}{{ S0[a] -> tmp[a] }}"));
    let s1 = Statement::new("S1", 3, &format!("{n}{{ S1[a, b] : 0 <= a < M and 0 <= b < N }}"), &format!("{n}{{ S1[a, b] -> [0, a, 1, b, 0] }}"))
        .reads("tmp", &format!("{n}{{ S1[a, b] -> tmp[a] }}"))
        .reads("A", &format!("{n}{{ S1[a, b] -> A[a, b] }}"))
        .reads("x", &format!("{n}{{ S1[a, b] -> x[b] }}"))
        .writes("tmp", &format!("{n}{{ S1[a, b] -> tmp[a] }}"));
    let s2 = Statement::new("S2", 3, &format!("{n}{{ S2[a, b] : 0 <= a < M and 0 <= b < N }}"), &format!("{n}{{ S2[a, b] -> [0, a, 2, b, 0] }}"))
        .reads("y", &format!("{n}{{ S2[a, b] -> y[b] }}"))
        .reads("A", &format!("{n}{{ S2[a, b] -> A[a, b] }}"))
        .reads("tmp", &format!("{n}{{ S2[a, b] -> tmp[{t_read}] }}"))
        .writes("y", &format!("{n}{{ S2[a, b] -> y[b] }}"));
    Scop { context: "[M, N] -> { : M > 0 and N > 0 }".into(), statements: vec![s0, s1, s2] }
}

/// The arrays that forbid the jam of the loop at dimension 1 by `factor`
/// (`growing`: its last inner loop runs one iteration more at each).
fn jam_with(scop: &Scop, factor: i128, growing: bool) -> Vec<String> {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let names: Vec<String> = scop.statements.iter().map(|s| s.name.clone()).collect();
    let e = PairEngine::new(&cx, LightScop::read(scop).unwrap(), None, &BTreeMap::new());
    e.jam(1, &names, factor, growing).unwrap()
}

fn jam_of(scop: &Scop, factor: i128) -> Vec<String> {
    jam_with(scop, factor, false)
}

#[test]
fn jam_of_atax() {
    // Row i + 1's sum runs before row i's y updates, and its y updates at
    // column j after row i's: every dependence between the rows kept.
    assert!(jam_of(&atax("a"), 4).is_empty());
    assert!(jam_of(&atax("a"), 2).is_empty());
    // Row i's y updates read tmp[i + 1] before row i + 1's sum writes it:
    // jammed, the sum comes first.
    assert_eq!(jam_of(&atax("a + 1"), 2), vec!["tmp".to_string()]);
    // tmp[i + 3]: only a jam of four brings that row's sum forward.
    assert!(jam_of(&atax("a + 3"), 3).is_empty());
    assert_eq!(jam_of(&atax("a + 3"), 4), vec!["tmp".to_string()]);
}

/// `A[i][j] = f(A[i - 1][cell])` over i and j, in one inner loop.
fn rows(cell: &str) -> Scop {
    let n = "[N] -> ";
    let s = Statement::new("S", 3, &format!("{n}{{ S[a, b] : 0 <= a < N and 0 <= b < N }}"), &format!("{n}{{ S[a, b] -> [0, a, 0, b, 0] }}"))
        .reads("A", &format!("{n}{{ S[a, b] -> A[a, {cell}] }}"))
        .writes("A", &format!("{n}{{ S[a, b] -> A[a + 1, b] }}"));
    Scop { context: "[N] -> { : N > 2 }".into(), statements: vec![s] }
}

#[test]
fn jam_within_one_inner_loop() {
    // The row before at the same column or one to the left: written at
    // that point of the inner loop or before it.
    assert!(jam_of(&rows("b"), 4).is_empty());
    assert!(jam_of(&rows("b - 1"), 4).is_empty());
    // One to the right: row i + 1 at column j reads what row i writes at
    // column j + 1, later in the jammed inner loop.
    assert_eq!(jam_of(&rows("b + 1"), 2), vec!["A".to_string()]);
}

/// A forward substitution over rows a, its running value in t[a]: `t[a] =
/// x[a]`, then `t[a] -= L[a][k] * x[k + r]` for k < a + g (a count growing
/// with the row), then `x[a + g] = t[a] / L[a][a]`: the first copy's count
/// shared, each later copy's last iterations after the copies before it.
fn forward(r: i64, g: i64) -> Scop {
    let n = "[N] -> ";
    let s0 = Statement::new("S0", 2, &format!("{n}{{ S0[a] : 0 <= a < N }}"), &format!("{n}{{ S0[a] -> [0, a, 0, 0, 0] }}"))
        .reads("x", &format!("{n}{{ S0[a] -> x[a] }}"))
        .writes("t", &format!("{n}{{ S0[a] -> t[a] }}"));
    let s1 = Statement::new("S1", 3, &format!("{n}{{ S1[a, k] : 0 <= a < N and 0 <= k < a + {g} }}"), &format!("{n}{{ S1[a, k] -> [0, a, 1, k, 0] }}"))
        .reads("t", &format!("{n}{{ S1[a, k] -> t[a] }}"))
        .reads("L", &format!("{n}{{ S1[a, k] -> L[a, k] }}"))
        .reads("x", &format!("{n}{{ S1[a, k] -> x[k + {r}] }}"))
        .writes("t", &format!("{n}{{ S1[a, k] -> t[a] }}"));
    let s2 = Statement::new("S2", 4, &format!("{n}{{ S2[a] : 0 <= a < N }}"), &format!("{n}{{ S2[a] -> [0, a, 2, 0, 0] }}"))
        .reads("t", &format!("{n}{{ S2[a] -> t[a] }}"))
        .reads("L", &format!("{n}{{ S2[a] -> L[a, a] }}"))
        .writes("x", &format!("{n}{{ S2[a] -> x[a + {g}] }}"));
    Scop { context: "[N] -> { : N > 0 }".into(), statements: vec![s0, s1, s2] }
}

fn jam_growing_of(scop: &Scop, factor: i128) -> Vec<String> {
    jam_with(scop, factor, true)
}

#[test]
fn jam_of_a_growing_inner_loop() {
    // Row a + d's sum reads x[a] at k = a, one of its last d iterations,
    // which run after row a's division: legal by 4 with the count growing,
    // and not by the common rule, where all of row a + d's inner loop comes
    // before row a's division.
    assert!(jam_growing_of(&forward(0, 0), 4).is_empty());
    assert_eq!(jam_of(&forward(0, 0), 2), vec!["x".to_string()]);
    // x[k + 1]: at k = a - 1, a shared iteration of row a + 1, the cell row
    // a's division writes.
    assert_eq!(jam_growing_of(&forward(1, 0), 2), vec!["x".to_string()]);
    // k < a + 2, the division to x[a + 2]: row a + 2 reads it before its
    // inner loop (by 4, not by 2); row a + 1 at k = a + 2, one of its last
    // iterations.
    assert_eq!(jam_growing_of(&forward(0, 2), 4), vec!["x".to_string()]);
    assert!(jam_growing_of(&forward(0, 2), 2).is_empty());
}

/// durbin's k loop: the sum over y[i] for i < k (S1, only reads), the z
/// loop (S2), the copy back `y[i] = z[i]` (S3, B), then `y[k] = alpha`
/// (S4), and before the sum a store `w[c]` (S0, with `c` a form of k): the
/// sum of k + 1 shifted into iteration k and fused with the copy loop.
fn durbin(sum_reads: &str, before: &str, after: &str) -> Scop {
    let n = "[N] -> ";
    let s0 = Statement::new("S0", 1, &format!("{n}{{ S0[k] : 1 <= k < N }}"), &format!("{n}{{ S0[k] -> [0, k, 0, 0, 0] }}"))
        .writes("w", &format!("{n}{{ S0[k] -> w[{before}] }}"));
    let s1 = Statement::new("S1", 2, &format!("{n}{{ S1[k, i] : 1 <= k < N and 0 <= i < k }}"), &format!("{n}{{ S1[k, i] -> [0, k, 1, i, 0] }}"))
        .reads("r", &format!("{n}{{ S1[k, i] -> r[k - i - 1] }}"))
        .reads("y", &format!("{n}{{ S1[k, i] -> y[{sum_reads}] }}"))
        .reads("w", &format!("{n}{{ S1[k, i] -> w[i] }}"));
    let s2 = Statement::new("S2", 3, &format!("{n}{{ S2[k, i] : 1 <= k < N and 0 <= i < k }}"), &format!("{n}{{ S2[k, i] -> [0, k, 2, i, 0] }}"))
        .reads("y", &format!("{n}{{ S2[k, i] -> y[i] }}"))
        .reads("y", &format!("{n}{{ S2[k, i] -> y[k - i - 1] }}"))
        .writes("z", &format!("{n}{{ S2[k, i] -> z[i] }}"));
    let s3 = Statement::new("S3", 4, &format!("{n}{{ S3[k, i] : 1 <= k < N and 0 <= i < k }}"), &format!("{n}{{ S3[k, i] -> [0, k, 3, i, 0] }}"))
        .reads("z", &format!("{n}{{ S3[k, i] -> z[i] }}"))
        .writes("y", &format!("{n}{{ S3[k, i] -> y[i] }}"));
    let s4 = Statement::new("S4", 5, &format!("{n}{{ S4[k] : 1 <= k < N }}"), &format!("{n}{{ S4[k] -> [0, k, 4, 0, 0] }}"))
        .writes("y", &format!("{n}{{ S4[k] -> y[{after}] }}"));
    Scop { context: "[N] -> { : N > 2 }".into(), statements: vec![s0, s1, s2, s3, s4] }
}

fn shift_of(scop: &Scop) -> Vec<String> {
    let cx = BoundedCtx::new(DEFAULT_MAX_OPERATIONS);
    let names: Vec<String> = scop.statements.iter().map(|s| s.name.clone()).collect();
    let e = PairEngine::new(&cx, LightScop::read(scop).unwrap(), None, &BTreeMap::new());
    e.shift(1, &names, &["S1".to_string()], &["S3".to_string()]).unwrap()
}

#[test]
fn shift_of_durbin() {
    // As written: the sum of k + 1 at i reads y[i], which the copy of k
    // has just written at i; y[k], written after the copy, only at i = k,
    // past the copy's count (it runs where it did); w[-1] never.
    assert!(shift_of(&durbin("i", "-1", "k")).is_empty());
    // y[i + 1]: the copy of k writes it at i + 1, after the fused sum read.
    assert_eq!(shift_of(&durbin("i + 1", "-1", "k")), vec!["y".to_string()]);
    // y[k - 1] written after the copy (y[k - 1] = alpha) is read by the sum
    // of k + 1 at i = k - 1, a fused iteration.
    assert_eq!(shift_of(&durbin("i", "-1", "k - 1")), vec!["y".to_string()]);
    // w[k - 2] stored before the sum of k + 1, which reads it at i = k - 2
    // (fused): the shift reads it before the store.
    assert_eq!(shift_of(&durbin("i", "k - 2", "k")), vec!["w".to_string()]);
    // w[k - 1]: read only at i = k - 1, after the store (the sum's last
    // iteration, which stays).
    assert!(shift_of(&durbin("i", "k - 1", "k")).is_empty());
}
