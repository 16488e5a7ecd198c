//! New schedules (issue 48, items 1 and 2): isl's scheduler under
//! live-range reordering, tiles sized by the cache model, point loops
//! ordered for stride one, parallel loops marked and proved by the loop
//! verdict, the result checked independently; the AST read into Rust and
//! run, to see it executes every instance once, in the new order.

mod common;

use common::{analysed, matmul_after_pre};
use poly::reschedule::interpret::{run, Instance};
use poly::reschedule::{ast, plan_and_check, reschedule, Options, Refusal, Rescheduled};
use poly::{BoundedCtx, IslScop, Scop, Statement};

fn statement(name: &str, line: u32, params: &str, it: &str, bounds: &str, time: &str) -> Statement {
    Statement::new(name, line, &format!("{params} -> {{ {name}[{it}] : {bounds} }}"), &format!("{params} -> {{ {name}[{it}] -> [{time}] }}"))
}

/// Adds accesses (kind 'r' or 'w', array, cell) to `s`.
fn with(mut s: Statement, params: &str, it: &str, accesses: &[(char, &str, &str)]) -> Statement {
    let name = s.name.clone();
    for &(kind, array, cell) in accesses {
        let rel = format!("{params} -> {{ {name}[{it}] -> {array}[{cell}] }}");
        s = if kind == 'r' { s.reads(array, &rel) } else { s.writes(array, &rel) };
    }
    s
}

/// `D = A B; E = D C`, both products accumulating in memory.
fn chain_of_products() -> Scop {
    let p = "[N]";
    let (b2, b3) = ("0 <= i < N and 0 <= j < N", "0 <= i < N and 0 <= j < N and 0 <= k < N");
    Scop {
        context: "[N] -> { : N > 0 }".into(),
        statements: vec![
            with(statement("S1", 3, p, "i, j", b2, "0, i, 0, j, 0, 0, 0"), p, "i, j", &[('w', "D", "i, j")]),
            with(statement("S2", 5, p, "i, j, k", b3, "0, i, 0, j, 1, k, 0"), p, "i, j, k",
                &[('r', "D", "i, j"), ('r', "A", "i, k"), ('r', "B", "k, j"), ('w', "D", "i, j")]),
            with(statement("S3", 8, p, "i, j", b2, "1, i, 0, j, 0, 0, 0"), p, "i, j", &[('w', "E", "i, j")]),
            with(statement("S4", 10, p, "i, j, k", b3, "1, i, 0, j, 1, k, 0"), p, "i, j, k",
                &[('r', "E", "i, j"), ('r', "D", "i, k"), ('r', "C", "k, j"), ('w', "E", "i, j")]),
        ],
    }
}

/// Covariance's shape: column means, centring in place, then the upper
/// triangle of `data^T data` and its mirror.
fn covariance() -> Scop {
    let p = "[N, M]";
    Scop {
        context: "[N, M] -> { : N > 0 and M > 0 }".into(),
        statements: vec![
            with(statement("S1", 3, p, "j", "0 <= j < M", "0, j, 0, 0, 0, 0, 0"), p, "j", &[('w', "mean", "j")]),
            with(statement("S2", 5, p, "j, i", "0 <= j < M and 0 <= i < N", "0, j, 1, i, 0, 0, 0"), p, "j, i",
                &[('r', "mean", "j"), ('r', "data", "i, j"), ('w', "mean", "j")]),
            with(statement("S3", 6, p, "j", "0 <= j < M", "0, j, 2, 0, 0, 0, 0"), p, "j", &[('r', "mean", "j"), ('w', "mean", "j")]),
            with(statement("S4", 9, p, "i, j", "0 <= i < N and 0 <= j < M", "1, i, 0, j, 0, 0, 0"), p, "i, j",
                &[('r', "data", "i, j"), ('r', "mean", "j"), ('w', "data", "i, j")]),
            with(statement("S5", 12, p, "i, j", "0 <= i < M and i <= j < M", "2, i, 0, j, 0, 0, 0"), p, "i, j", &[('w', "cov", "i, j")]),
            with(statement("S6", 14, p, "i, j, k", "0 <= i < M and i <= j < M and 0 <= k < N", "2, i, 0, j, 1, k, 0"), p, "i, j, k",
                &[('r', "cov", "i, j"), ('r', "data", "k, i"), ('r', "data", "k, j"), ('w', "cov", "i, j")]),
            with(statement("S7", 15, p, "i, j", "0 <= i < M and i <= j < M", "2, i, 0, j, 2, 0, 0"), p, "i, j",
                &[('r', "cov", "i, j"), ('w', "cov", "j, i")]),
        ],
    }
}

/// SYRK on the lower triangle: `C[i][j] += A[i][k] * A[j][k]`, `j <= i`.
fn triangular_syrk() -> Scop {
    let p = "[N]";
    Scop {
        context: "[N] -> { : N > 0 }".into(),
        statements: vec![with(
            statement("S1", 4, p, "i, j, k", "0 <= i < N and 0 <= j <= i and 0 <= k < N", "0, i, 0, j, 0, k, 0"),
            p,
            "i, j, k",
            &[('r', "C", "i, j"), ('r', "A", "i, k"), ('r', "A", "j, k"), ('w', "C", "i, j")],
        )],
    }
}

/// Gauss-Seidel in one dimension, `T` sweeps in place.
fn seidel_1d() -> Scop {
    let p = "[T, N]";
    Scop {
        context: "[T, N] -> { : T > 0 and N > 2 }".into(),
        statements: vec![with(
            statement("S1", 3, p, "t, i", "0 <= t < T and 1 <= i < N - 1", "0, t, 0, i, 0"),
            p,
            "t, i",
            &[('r', "A", "i - 1"), ('r', "A", "i"), ('r', "A", "i + 1"), ('w', "A", "i")],
        )],
    }
}

fn with_side(side: u32) -> Options {
    let mut o = Options::default();
    o.bands.tile_side = Some(side);
    o
}

/// Runs `r`'s AST at `params` and checks it executes exactly the region's
/// instances there, each once, in the order of `r.map`; returns them.
fn runs_in_new_order(cx: &BoundedCtx, model: &IslScop, r: &Rescheduled, params: &[(&str, i64)]) -> Vec<Instance> {
    let tree = ast::build(cx, &model.context, &r.tree).unwrap();
    // The comparisons below are the test's, on explicit instance lists:
    // not under the analysis' budget.
    cx.set_budget(0);
    cx.reset_budget();
    let done = run(&tree, params, 200_000).unwrap();
    let names: Vec<&str> = params.iter().map(|p| p.0).collect();
    let fixed: Vec<String> = params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    let head = format!("[{}] -> ", names.join(", "));
    let at = cx.set(&format!("{head}{{ : {} }}", fixed.join(" and "))).unwrap();
    let pieces: Vec<String> = done
        .iter()
        .enumerate()
        .map(|(pos, (s, x))| format!("{s}[{}] -> [{pos}]", x.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")))
        .collect();
    let executed = cx.union_map(&format!("{head}{{ {} }}", pieces.join("; "))).unwrap().intersect_params(at.copy().unwrap()).unwrap();
    let domain = model.domain.copy().unwrap().intersect_params(at.copy().unwrap()).unwrap();
    assert!(executed.copy().unwrap().domain().unwrap().is_equal(&domain).unwrap(), "the AST misses or adds instances");
    let mut seen = done.clone();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), done.len(), "an instance runs twice");
    // Consecutive instances must be in increasing order of the planned
    // time: the differences of successive time vectors lexicographically
    // positive.
    let planned = r.map.copy().unwrap().intersect_domain(domain).unwrap();
    let time = executed.reverse().unwrap().apply_range(planned).unwrap();
    let next = cx.union_map("{ [p] -> [p + 1] }").unwrap();
    let steps = time.copy().unwrap().reverse().unwrap().apply_range(next).unwrap().apply_range(time).unwrap();
    let dims = r.map.get_map_list().unwrap().get_at(0).unwrap().dim(isl_rs::DimType::Out).unwrap() as usize;
    let x: Vec<String> = (0..dims).map(|d| format!("x{d}")).collect();
    let positive: Vec<String> = (0..dims)
        .map(|d| (0..d).map(|e| format!("x{e} = 0 and ")).collect::<String>() + &format!("x{d} > 0"))
        .collect();
    let lexpos = cx.union_set(&format!("{head}{{ [{}] : {} }}", x.join(", "), positive.join(" or "))).unwrap();
    assert!(steps.deltas().unwrap().is_subset(&lexpos).unwrap(), "the AST runs another order than the schedule");
    cx.set_budget(poly::bounded::DEFAULT_MAX_OPERATIONS);
    done
}

/// Seed 004: after PRE the accumulator t ties k to one (i, j); i and j
/// form a permutable, parallel band, tiled (64 by the model: the tile's
/// reads of B and C and writes of A); the outer tile loop is parallel with
/// t private; k stays inside, untiled (isl puts S1 before it and S3 after
/// it in the same band).
#[test]
fn matmul_after_pre_tiles_i_and_j() {
    analysed(&matmul_after_pre(), 7, Some(&["A"]), |cx, model, deps| {
        let r = reschedule(model, deps, &Options::default()).unwrap();
        assert_eq!(r.bands.len(), 2);
        let (ij, k) = (&r.bands[0], &r.bands[1]);
        assert_eq!((ij.statements.clone(), ij.members, ij.tile_side, ij.parallel_dim), (vec!["S1".into(), "S2".into(), "S3".into()], 2, Some(64), Some(0)));
        assert!(k.statements.contains(&"S2".to_string()));
        assert_eq!((k.dim, k.members, k.tile_side, k.parallel_dim), (4, 1, None, None));
        assert!(r.parallel[0].parallel);
        assert_eq!(r.parallel[0].private, vec!["t".to_string()]);
        assert_eq!(r.transforms, vec!["tile"]);
        // Below one tile, and over several (sides of 4).
        assert_eq!(runs_in_new_order(cx, model, &r, &[("N", 3)]).len(), 9 + 27 + 9);
        let small = reschedule(model, deps, &with_side(4)).unwrap();
        assert_eq!(small.bands[0].tile_side, Some(4));
        assert_eq!(runs_in_new_order(cx, model, &small, &[("N", 6)]).len(), 36 + 216 + 36);
    });
}

/// Two products in a chain: distributed (no-fuse), each product's band
/// (i, j, k) is tiled at 64 and its point loops run i, k, j: j innermost,
/// where C/D and B/C are read with stride one; fused (isl's clustering), one
/// band holds both products and the report says so.
#[test]
fn chain_of_products_tiles_fuses_and_orders_points() {
    analysed(&chain_of_products(), 7, Some(&["E"]), |cx, model, deps| {
        let mut apart = Options::default();
        apart.fuse = false;
        let r = reschedule(model, deps, &apart).unwrap();
        let products: Vec<_> = r.bands.iter().filter(|b| b.members == 3).collect();
        assert_eq!(products.len(), 2);
        for b in &products {
            assert_eq!((b.tile_side, b.point_order.clone()), (Some(64), vec![0, 2, 1]), "{b:?}");
        }
        assert!(r.parallel.iter().filter(|p| p.dim.is_some()).all(|p| p.parallel));
        assert_eq!(r.transforms, vec!["interchange", "tile"]);
        runs_in_new_order(cx, model, &r, &[("N", 5)]);

        let fused = reschedule(model, deps, &Options::default()).unwrap();
        assert!(fused.transforms.contains(&"fuse"), "{:?}", fused.transforms);
        assert_eq!(fused.bands[0].statements.len(), 4);
        assert!(fused.parallel[0].parallel);
        runs_in_new_order(cx, model, &fused, &[("N", 5)]);
        let small = reschedule(model, deps, &with_side(2)).unwrap();
        runs_in_new_order(cx, model, &small, &[("N", 5)]);
    });
}

/// Covariance's shape: means, centring and the triangular product; every
/// statement keeps a legal order, the AST covers odd sizes.
#[test]
fn covariance_is_rescheduled_legally() {
    analysed(&covariance(), 7, Some(&["cov", "data", "mean"]), |cx, model, deps| {
        let r = reschedule(model, deps, &with_side(4)).unwrap();
        assert!(r.transforms.contains(&"tile"), "{:?}", r.transforms);
        let marked: Vec<_> = r.parallel.iter().filter(|p| p.dim.is_some()).collect();
        assert!(!marked.is_empty() && marked.iter().all(|p| p.parallel), "{:?}", r.parallel);
        runs_in_new_order(cx, model, &r, &[("N", 5), ("M", 7)]);
        runs_in_new_order(cx, model, &r, &[("N", 1), ("M", 3)]);
    });
}

/// A triangular band: tiles of the triangle, k innermost (both A reads
/// stride one), the outer tile loop parallel.
#[test]
fn triangular_band_is_tiled() {
    analysed(&triangular_syrk(), 7, Some(&["C"]), |cx, model, deps| {
        let r = reschedule(model, deps, &Options::default()).unwrap();
        assert_eq!(r.bands.len(), 1);
        assert_eq!((r.bands[0].tile_side, r.bands[0].point_order.clone()), (Some(64), vec![0, 1, 2]));
        assert!(r.parallel[0].parallel);
        let small = reschedule(model, deps, &with_side(3)).unwrap();
        assert_eq!(runs_in_new_order(cx, model, &small, &[("N", 7)]).len(), 28 * 7);
        assert_eq!(runs_in_new_order(cx, model, &small, &[("N", 1)]).len(), 1);
    });
}

/// A time-iterated stencil: the band (t, i) is permutable only once skewed
/// (isl's t + i), then tiled; no loop of it is parallel, so the tiles run
/// by wavefronts and the second tile loop is proved parallel.
#[test]
fn stencil_is_skewed_tiled_and_run_by_wavefronts() {
    analysed(&seidel_1d(), 5, Some(&["A"]), |cx, model, deps| {
        let r = reschedule(model, deps, &with_side(4)).unwrap();
        assert_eq!(r.bands.len(), 1);
        assert!(r.bands[0].wavefront);
        assert_eq!(r.bands[0].parallel_dim, Some(1));
        assert!(r.parallel[0].parallel, "{:?}", r.parallel);
        runs_in_new_order(cx, model, &r, &[("T", 5), ("N", 11)]);
        runs_in_new_order(cx, model, &r, &[("T", 1), ("N", 3)]);
    });
}

/// Item 2: the check after scheduling does not take the tree's word. The
/// stencil's (t, i) band, not skewed but claimed permutable, is tiled by
/// the walk and then refused: tiles would read A[i + 1] before the
/// previous sweep wrote it.
#[test]
fn an_illegal_tiling_is_refused() {
    analysed(&seidel_1d(), 5, Some(&["A"]), |cx, model, deps| {
        let band = "[T, N] -> [{ S1[t, i] -> [(t)] }, { S1[t, i] -> [(i)] }]";
        let mupa = cx.ok(isl_rs::MultiUnionPwAff::read_from_str(cx.ctx(), band)).unwrap();
        let tree = isl_rs::Schedule::from_domain(model.domain.copy().unwrap()).unwrap().insert_partial_schedule(mupa).unwrap();
        let node = tree.get_root().unwrap().child(0).unwrap().band_set_permutable(1).unwrap();
        let tree = node.get_schedule().unwrap();
        match plan_and_check(model, deps, tree, &with_side(4)) {
            Err(Refusal::Illegal(v)) => assert_eq!(v.flow, vec!["A".to_string()]),
            Err(e) => panic!("refused for another reason: {e}"),
            Ok(r) => panic!("accepted: {:?}", r.bands),
        }
        // Untiled, the same band is the original order and passes.
        let mut untiled = with_side(4);
        untiled.bands.tile = false;
        let tree = isl_rs::Schedule::from_domain(model.domain.copy().unwrap()).unwrap();
        let mupa = cx.ok(isl_rs::MultiUnionPwAff::read_from_str(cx.ctx(), band)).unwrap();
        assert!(plan_and_check(model, deps, tree.insert_partial_schedule(mupa).unwrap(), &untiled).is_ok());
    });
}

/// Every step is under the operations cap: a tiny budget gives an isl
/// failure, never a hang or an abort.
#[test]
fn rescheduling_is_bounded() {
    let cx = BoundedCtx::new(poly::bounded::DEFAULT_MAX_OPERATIONS);
    let scop = covariance();
    let model = IslScop::build(&cx, &scop).unwrap();
    let deps = poly::Dependences::compute_with_live_out(&scop, &model, 7, None).unwrap();
    cx.set_budget(500);
    assert_eq!(reschedule(&model, &deps, &Options::default()).err(), Some(Refusal::Isl(poly::IslFailure::OutOfOperations)));
    cx.set_budget(poly::bounded::DEFAULT_MAX_OPERATIONS);
    assert!(reschedule(&model, &deps, &Options::default()).is_ok());
}
