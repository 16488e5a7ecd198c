//! The coalescing model on the worked examples of seed 000 (IPDA, 256-byte
//! requests) and seed 002 (Juravle, 128-byte lines).

use poly::coalesce::{
    choose, classify, count_requests, lane_offsets, legal, requests_per_warp, Coalescing, Device, LaneAccess, Mapping, Nest,
    NestLoop,
};

/// Seed 000's GPU: the paper's 256-byte requests.
const IPDA: Device = Device { warp: 32, line: 256, block: 128 };
/// Seed 002's GPU: 128-byte lines.
const JURAVLE: Device = Device { warp: 32, line: 128, block: 128 };

/// A loop that carries nothing and may move anywhere.
fn free(trip: Option<i128>) -> NestLoop {
    NestLoop { trip, parallel: true, independent: true, rectangular: true }
}

/// A loop that carries a dependence (a reduction, a recurrence).
fn carrying(trip: Option<i128>) -> NestLoop {
    NestLoop { trip, parallel: false, independent: false, rectangular: true }
}

fn access(label: &str, size: i128, steps: &[i128]) -> LaneAccess {
    LaneAccess { label: label.into(), size, steps: steps.iter().map(|&s| Some(s)).collect() }
}

fn mapping(order: &[usize], collapse: usize) -> Mapping {
    Mapping { order: order.to_vec(), collapse }
}

/// Byte offsets relative to lane 0 of the warp whose lanes run iterations
/// `first..first+32` of a 1-D parallel loop, `address` giving each one's
/// byte address (the caller's job for a piecewise address).
fn warp_offsets(first: i128, address: impl Fn(i128) -> i128) -> Vec<Option<i128>> {
    let base = address(first);
    (first..first + 32).map(|i| Some(address(i) - base)).collect()
}

fn unit(stride: i128) -> Vec<Option<i128>> {
    (0..32).map(|lane| Some(lane * stride)).collect()
}

// ---- count_requests -------------------------------------------------------

#[test]
fn unit_stride_doubles_fill_one_256_byte_request_or_two_128_byte_lines() {
    assert_eq!(count_requests(&unit(8), 8, 256), 1);
    assert_eq!(count_requests(&unit(8), 8, 128), 2);
}

#[test]
fn a_stride_beyond_the_line_needs_one_request_per_lane() {
    assert_eq!(count_requests(&unit(4096), 4, 256), 32);
    assert_eq!(count_requests(&unit(-4096), 4, 256), 32);
}

#[test]
fn one_address_for_all_lanes_is_one_request() {
    assert_eq!(count_requests(&[Some(0); 32], 8, 256), 1);
}

#[test]
fn the_span_includes_the_last_element() {
    // 32 floats at stride 8: the last lane's element ends at 252, within 256.
    assert_eq!(count_requests(&unit(8), 4, 256), 1);
    // Doubles at stride 9 end at 287: lanes 0..=27 (ending at 251) fit, the rest start a second request.
    assert_eq!(count_requests(&unit(9), 8, 256), 2);
    // Two lanes 124 bytes apart share a 128-byte line when their elements end by byte 128.
    assert_eq!(count_requests(&[Some(0), Some(124)], 4, 128), 1);
    assert_eq!(count_requests(&[Some(0), Some(124)], 8, 128), 2);
    // A descending warp packs the same as an ascending one.
    assert_eq!(count_requests(&unit(-8), 8, 128), 2);
}

#[test]
fn unknown_offsets_count_one_request_each() {
    let mut offsets = unit(4);
    offsets[5] = None;
    offsets[17] = None;
    assert_eq!(count_requests(&offsets, 4, 256), 1 + 2);
    assert_eq!(count_requests(&[None; 32], 4, 256), 32);
}

#[test]
fn overflowing_offsets_count_as_unknown_and_do_not_panic() {
    assert_eq!(count_requests(&[Some(0), Some(i128::MAX), Some(i128::MIN)], 8, 256), 2 + 1);
    assert_eq!(count_requests(&unit(8), 8, 0), 32);
    assert_eq!(count_requests(&[], 8, 256), 0);
}

// ---- T1: conditional index (seed 000 §6) ----------------------------------

/// `if (i < 16 or 32) idx = base + i; else idx = i; B[idx] = v` on doubles:
/// the address is piecewise, so it is given through the lanes' offsets.
fn conditional(split: i128, base: i128) -> impl Fn(i128) -> i128 {
    move |i| 8 * if i < split { base + i } else { i }
}

#[test]
fn t1_conditional_index_is_one_request_per_warp() {
    let t1 = conditional(32, 64);
    let warp0 = warp_offsets(0, &t1);
    assert_eq!(warp0.last(), Some(&Some(248)));
    assert_eq!(count_requests(&warp0, 8, IPDA.line), 1);
    assert_eq!(count_requests(&warp_offsets(32, &t1), 8, IPDA.line), 1);
    // ceil(32*8/256) = 1: the fewest the warp's bytes allow, so coalesced.
}

#[test]
fn t1b_split_warp_is_two_requests() {
    let warp0 = warp_offsets(0, conditional(16, 1024));
    assert_eq!(warp0[15], Some(120));
    assert_eq!(warp0[16], Some(-8064));
    assert_eq!(warp0[31], Some(-7944));
    assert_eq!(count_requests(&warp0, 8, IPDA.line), 2);
}

// ---- T4: GEMM --------------------------------------------------------------

/// `for i, for j { C[i*NJ+j] *= BETA; for k C[i*NJ+j] += ALPHA*A[i*NK+k]*B[k*NJ+j]; }`
/// with NI = NJ = NK = 1024 floats: perfect to depth 2 only, k carries the C reduction.
fn gemm() -> Nest {
    let n = Some(1024);
    Nest {
        loops: vec![free(n), free(n), carrying(n)],
        perfect: 2,
        accesses: vec![access("C", 4, &[4096, 4, 0]), access("A", 4, &[4096, 0, 4]), access("B", 4, &[0, 4, 4096])],
    }
}

#[test]
fn t4_gemm_original_mapping() {
    let nest = gemm();
    let original = Mapping::original(3);
    let [c, a, b] = [0, 1, 2].map(|x| classify(&nest.accesses[x], &nest, &original, &IPDA));
    assert_eq!(c, (32.0, Coalescing::Uncoalesced));
    assert_eq!(a, (32.0, Coalescing::Uncoalesced));
    assert_eq!(b, (1.0, Coalescing::Uniform));
}

#[test]
fn t4_gemm_collapse_2_is_chosen() {
    let nest = gemm();
    assert!(legal(&nest, &mapping(&[0, 1, 2], 2)));
    assert!(!legal(&nest, &mapping(&[0, 1, 2], 3)), "k is not parallel and the nest is perfect only to depth 2");
    let choice = choose(&nest, &IPDA, true).unwrap();
    assert_eq!(choice.mapping, mapping(&[0, 1, 2], 2));
    assert_eq!(choice.original, 65.0);
    assert_eq!(choice.requests, 3.0);
    assert_eq!(
        choice.per_access,
        vec![(1.0, Coalescing::Coalesced), (1.0, Coalescing::Uniform), (1.0, Coalescing::Coalesced)]
    );
}

// ---- T5: 2DCONV ------------------------------------------------------------

/// `for i in 1..NI-1, for j in 1..NJ-1: B[i*NJ+j] = Σ c·A[(i±1)*NJ+(j±1)]`, NI = NJ = 4096 floats.
fn conv2d() -> Nest {
    let trip = Some(4096 - 2);
    let steps = [4 * 4096, 4];
    let mut accesses = vec![access("B", 4, &steps)];
    for di in ["i-1", "i", "i+1"] {
        for dj in ["j-1", "j", "j+1"] {
            accesses.push(access(&format!("A[{di}][{dj}]"), 4, &steps));
        }
    }
    Nest { loops: vec![free(trip), free(trip)], perfect: 2, accesses }
}

#[test]
fn t5_2dconv_collapse_2_is_one_request_per_access() {
    let nest = conv2d();
    assert_eq!(nest.accesses.len(), 10);
    let original = Mapping::original(2);
    for a in &nest.accesses {
        assert_eq!(classify(a, &nest, &original, &IPDA), (32.0, Coalescing::Uncoalesced), "{}", a.label);
    }
    let choice = choose(&nest, &IPDA, false).unwrap();
    assert_eq!(choice.mapping, mapping(&[0, 1], 2));
    assert_eq!((choice.original, choice.requests), (320.0, 10.0));
    assert!(choice.per_access.iter().all(|&p| p == (1.0, Coalescing::Coalesced)));
}

// ---- T6: 3DCONV ------------------------------------------------------------

/// `B[i*(NK*NJ)+j*NK+k] = Σ c·A[(i±1)*(NK*NJ)+(j±1)*NK+(k±1)]`, NI = NJ = NK = 256 floats, loops from 1 to 254.
fn conv3d() -> Nest {
    let trip = Some(256 - 2);
    let steps = [4 * 256 * 256, 4 * 256, 4];
    let mut accesses = vec![access("B", 4, &steps)];
    accesses.extend(["A[i-1][j-1][k-1]", "A[i+1][j-1][k-1]", "A[i][j][k]", "A[i-1][j+1][k+1]", "A[i+1][j+1][k+1]"].map(|l| access(l, 4, &steps)));
    Nest { loops: vec![free(trip), free(trip), free(trip)], perfect: 3, accesses }
}

#[test]
fn t6_3dconv_collapse_2_does_not_help_collapse_3_is_chosen() {
    let nest = conv3d();
    let b = &nest.accesses[0];
    assert_eq!(classify(b, &nest, &Mapping::original(3), &IPDA), (32.0, Coalescing::Uncoalesced));
    // Lanes over j: stride 4*NK = 1024 bytes.
    assert_eq!(classify(b, &nest, &mapping(&[0, 1, 2], 2), &IPDA), (32.0, Coalescing::Uncoalesced));
    let choice = choose(&nest, &IPDA, true).unwrap();
    assert_eq!(choice.mapping, mapping(&[0, 1, 2], 3));
    assert_eq!((choice.original, choice.requests), (6.0 * 32.0, 6.0));
    assert!(choice.per_access.iter().all(|&p| p == (1.0, Coalescing::Coalesced)));
}

// ---- T7: 557.pcsp-like interchange ----------------------------------------

/// `for k, for j { j1 = j+1; for i { ...lhsY[c][k][j][i], rhs[m][k][j][i] (for m < 3),
/// lhsY[2][k][j1][i] -= lhsY[1][k][j1][i]*lhsY[3][k][j][i] } }` on doubles with
/// P0 = P1 = P2 = 64: j carries the flow dependence on lhsY[2]; the trips (gp-2) are run-time
/// values. j1/j2 are taken as sunk, so k, j, i are perfect; the m loop is not.
fn pcsp() -> Nest {
    let (k, j, i, m) = (64 * 64 * 8, 64 * 8, 8, 64 * 64 * 64 * 8);
    let lhs = |label: &str| access(label, 8, &[k, j, i, 0]);
    Nest {
        loops: vec![free(None), carrying(None), free(None), free(Some(3))],
        perfect: 3,
        accesses: vec![
            lhs("load lhsY[2][k][j][i]"),
            lhs("load lhsY[3][k][j][i]"),
            lhs("store lhsY[3][k][j][i]"),
            lhs("load lhsY[4][k][j][i]"),
            lhs("store lhsY[4][k][j][i]"),
            access("load rhs[m][k][j][i]", 8, &[k, j, i, m]),
            access("store rhs[m][k][j][i]", 8, &[k, j, i, m]),
            lhs("load lhsY[2][k][j1][i]"),
            lhs("load lhsY[1][k][j1][i]"),
            lhs("load lhsY[3][k][j][i] (again)"),
            lhs("store lhsY[2][k][j1][i]"),
        ],
    }
}

#[test]
fn t7_original_is_uncoalesced_and_collapsing_k_j_is_illegal() {
    let nest = pcsp();
    for a in &nest.accesses {
        assert_eq!(classify(a, &nest, &Mapping::original(4), &IPDA), (32.0, Coalescing::Uncoalesced), "{}", a.label);
    }
    assert!(!legal(&nest, &mapping(&[0, 1, 2, 3], 2)), "j carries a dependence");
    assert!(!legal(&nest, &mapping(&[0, 1, 2, 3], 3)));
    assert!(legal(&nest, &mapping(&[0, 2, 1, 3], 2)), "i is independent: k-i-j, collapse k-i");
    assert!(!legal(&nest, &mapping(&[0, 2, 1, 3], 3)), "j collapsed");
    assert!(!legal(&nest, &mapping(&[0, 1, 3, 2], 1)), "m is outside the perfect part");
}

#[test]
fn t7_interchange_then_collapse_is_chosen() {
    let nest = pcsp();
    let choice = choose(&nest, &IPDA, true).unwrap();
    assert_eq!(choice.mapping, mapping(&[0, 2, 1, 3], 2));
    assert!(choice.mapping.is_interchange());
    assert_eq!((choice.original, choice.requests), (11.0 * 32.0, 11.0));
    // 32 doubles at stride 8 are exactly one 256-byte request.
    assert!(choice.per_access.iter().all(|&p| p == (1.0, Coalescing::Coalesced)));
    // Lanes over i, whose trip is unknown: i = lane, k = 0 for the whole block.
    assert_eq!(lane_offsets(&nest.accesses[0], &nest, &choice.mapping, 3, &IPDA), unit(8));
}

#[test]
fn t7_without_interchange_the_original_stays() {
    let choice = choose(&pcsp(), &IPDA, false).unwrap();
    assert_eq!(choice.mapping, Mapping::original(4));
    assert_eq!(choice.requests, choice.original);
}

// ---- T8: MVT kernel 1, the negative test ----------------------------------

/// `for i (parallel), for j: x1[i] += a[i*N+j] * y1[j]` with N = 1024 floats.
fn mvt() -> Nest {
    let n = Some(1024);
    Nest {
        loops: vec![free(n), carrying(n)],
        perfect: 2,
        accesses: vec![access("x1[i]", 4, &[4, 0]), access("a[i*N+j]", 4, &[4 * 1024, 4]), access("y1[j]", 4, &[0, 4])],
    }
}

#[test]
fn t8_mvt_is_not_transformed() {
    let nest = mvt();
    assert!(!legal(&nest, &mapping(&[0, 1], 2)), "j carries the x1[i] reduction");
    assert!(!legal(&nest, &mapping(&[1, 0], 1)), "j as the lanes: j is not parallel");
    let choice = choose(&nest, &IPDA, true).unwrap();
    assert_eq!(choice.mapping, Mapping::original(2));
    assert!(!choice.mapping.is_interchange());
    assert_eq!((choice.original, choice.requests), (34.0, 34.0));
    assert_eq!(
        choice.per_access,
        vec![(1.0, Coalescing::Coalesced), (32.0, Coalescing::Uncoalesced), (1.0, Coalescing::Uniform)]
    );
}

// ---- T10: non-linear subscript --------------------------------------------

#[test]
fn t10_a_non_constant_lane_step_is_uncoalesced() {
    // `A[i*j]` (ints), lanes over i, j an inner sequential loop: the step in i is 4j bytes.
    let nest = Nest { loops: vec![free(Some(1024)), carrying(Some(1024))], perfect: 2, accesses: vec![] };
    let a = LaneAccess { label: "A[i*j]".into(), size: 4, steps: vec![None, None] };
    let original = Mapping::original(2);
    let offsets = lane_offsets(&a, &nest, &original, 0, &IPDA);
    assert_eq!(offsets[0], Some(0));
    assert!(offsets[1..].iter().all(Option::is_none));
    assert_eq!(classify(&a, &nest, &original, &IPDA), (32.0, Coalescing::Uncoalesced));
    // With j fixed to 3 the stride is 12 bytes: lanes 0..=21 end at 256, the other 10 start a second request.
    let fixed = access("A[i*3]", 4, &[12, 4]);
    assert_eq!(classify(&fixed, &nest, &original, &IPDA), (2.0, Coalescing::Strided));
}

// ---- Seed 002 E6: matrix add ----------------------------------------------

/// `for i, for j: c[i*N+j] = a[i*N+j] + b[i*N+j]`, N = 1024 ints.
fn matrix_add() -> Nest {
    let n = Some(1024);
    let steps = [4 * 1024, 4];
    Nest { loops: vec![free(n), free(n)], perfect: 2, accesses: ["a", "b", "c"].map(|l| access(l, 4, &steps)).to_vec() }
}

#[test]
fn e6_matrix_add_i_as_lanes_is_uncoalesced_j_as_lanes_coalesced() {
    let nest = matrix_add();
    let i_lanes = Mapping::original(2);
    let j_lanes = mapping(&[1, 0], 1);
    assert!(legal(&nest, &j_lanes));
    for a in &nest.accesses {
        assert_eq!(classify(a, &nest, &i_lanes, &JURAVLE), (32.0, Coalescing::Uncoalesced));
        // 32 ints at stride 4: 128 bytes, one line.
        assert_eq!(classify(a, &nest, &j_lanes, &JURAVLE), (1.0, Coalescing::Coalesced));
    }
}

#[test]
fn e6_choose_prefers_the_original_order_collapsed_over_the_reversed_one() {
    // Collapsing i-j also makes j the lanes; a reversed order is never a candidate of a
    // 2-deep nest (IPDA moves a loop beneath the outermost one), and ties go to the original.
    let choice = choose(&matrix_add(), &JURAVLE, true).unwrap();
    assert_eq!(choice.mapping, mapping(&[0, 1], 2));
    assert_eq!((choice.original, choice.requests), (96.0, 3.0));
    assert!(choice.per_access.iter().all(|&p| p == (1.0, Coalescing::Coalesced)));
}

// ---- Seed 002 E12: getIndex -----------------------------------------------

/// `for i (lanes), for k < 10: ... = a[2*i+4]; ... = b[2*i*n+4]; ... = c[2*k+4]` on doubles,
/// n unknown.
#[test]
fn e12_get_index() {
    let nest = Nest { loops: vec![free(None), free(Some(10))], perfect: 2, accesses: vec![] };
    let lanes = Mapping::original(2);
    let a = access("a[2*i+4]", 8, &[16, 0]);
    let b = LaneAccess { label: "b[2*i*n+4]".into(), size: 8, steps: vec![None, Some(0)] };
    let c = access("c[2*k+4]", 8, &[0, 16]);
    // Stride 16 bytes: 32*16/128 = 4 lines, twice the 2 that 32 doubles need.
    assert_eq!(classify(&a, &nest, &lanes, &JURAVLE), (4.0, Coalescing::Strided));
    assert_eq!(classify(&b, &nest, &lanes, &JURAVLE), (32.0, Coalescing::Uncoalesced));
    assert_eq!(classify(&c, &nest, &lanes, &JURAVLE), (1.0, Coalescing::Uniform));
    // The note's int version: stride 8 bytes, 2 lines where one would do.
    let a_int = access("a[2*i+4] (int)", 4, &[8, 0]);
    assert_eq!(classify(&a_int, &nest, &lanes, &JURAVLE), (2.0, Coalescing::Strided));
}

#[test]
fn e7_accesses_through_either_of_two_pointers_are_one_request_per_lane() {
    // `p[idx]` with p = a or b by a condition: nothing relates the lanes'
    // addresses, so each is unknown (the thesis's conservative 32).
    let offsets: Vec<Option<i128>> = (0..32).map(|lane| if lane == 0 { Some(0) } else { None }).collect();
    assert_eq!(count_requests(&offsets, 4, JURAVLE.line), 32);
}

#[test]
fn e8_a_non_monotonic_index_counts_the_lines_its_lanes_touch() {
    // f(x) = x*x on ints: lanes 0..31 touch bytes 0, 4, 16, ..., 3844;
    // packed greedily into 128-byte requests.
    let offsets = warp_offsets(0, |x| 4 * x * x);
    // Requests of at most 128 bytes: {0..100}, {144, 196, 256},
    // {324, 400}, {484, 576}, {676, 784}, {900, 1024}; from x = 17 on the
    // gaps (8x+4 bytes) pass the line, one request each: 6 + 15.
    let requests = count_requests(&offsets, 4, JURAVLE.line);
    assert_eq!(requests, 6 + 15);
}

#[test]
fn e9_a_stride_of_unknown_value_is_uncoalesced_without_a_sign_assumption() {
    // f(x) = x*a with `a` unknown: the thesis assumes a > 0 and reports
    // |a|*4*32/128; this model counts one request per lane.
    let nest = Nest { loops: vec![free(None)], perfect: 1, accesses: vec![] };
    let scaled = LaneAccess { label: "v[x*a]".into(), size: 4, steps: vec![None] };
    assert_eq!(classify(&scaled, &nest, &Mapping::original(1), &JURAVLE), (32.0, Coalescing::Uncoalesced));
}

#[test]
fn e10_e11_rgb_pixels_rows_as_lanes_uncoalesced_columns_as_lanes_one_request() {
    // out_row[x+0..2] of 3-byte pixels, y outer, x inner (step 3 bytes),
    // image_width 640: rows are 1920 bytes apart.
    let nest = Nest { loops: vec![free(Some(480)), free(Some(640))], perfect: 2, accesses: vec![] };
    let out = [0, 1, 2].map(|c| access(&format!("out_row[x+{c}]"), 1, &[1920, 3]));
    // The thesis's mapping, y as the lanes: (3/4)*i_w, capped at 32.
    for a in &out {
        assert_eq!(classify(a, &nest, &Mapping::original(2), &JURAVLE), (32.0, Coalescing::Uncoalesced));
    }
    // Reversed (x as the lanes), here by collapsing the two: 32 pixels are
    // 96 bytes, one request.
    for a in &out {
        assert_eq!(classify(a, &nest, &mapping(&[0, 1], 2), &JURAVLE), (1.0, Coalescing::Coalesced));
    }
    let chosen = choose(&Nest { accesses: out.to_vec(), ..nest }, &JURAVLE, false).unwrap();
    assert_eq!((chosen.mapping.collapse, chosen.requests, chosen.original), (2, 3.0, 96.0));
}

// ---- lane_offsets and the block average -----------------------------------

#[test]
fn collapse_wraps_rows_inside_a_warp_and_averages_over_the_block() {
    // `a[i*64+j]` on floats with j < 40: rows of 256 bytes of which each row of the nest uses 160.
    let nest = Nest { loops: vec![free(Some(100)), free(Some(40))], perfect: 2, accesses: vec![] };
    let a = access("a[i*64+j]", 4, &[256, 4]);
    let collapsed = mapping(&[0, 1], 2);
    // Warp 1 covers c = 32..63: row 0 with j = 32..39, then row 1 with j = 0..23.
    let warp1 = lane_offsets(&a, &nest, &collapsed, 1, &JURAVLE);
    assert_eq!(warp1[7], Some(28));
    assert_eq!(warp1[8], Some(256 - 32 * 4));
    assert_eq!(warp1[31], Some(256 + (23 - 32) * 4));
    // Warps 0..3 cover c = 0..127: rows wrap at 40, 80 and 120, inside warps 1, 2 and 3.
    assert_eq!(requests_per_warp(&a, &nest, &collapsed, &JURAVLE), (1.0 + 2.0 + 2.0 + 2.0) / 4.0);
    assert_eq!(classify(&a, &nest, &collapsed, &JURAVLE), (1.75, Coalescing::Strided));
}

#[test]
fn an_unknown_inner_trip_makes_the_lane_loop_take_the_whole_block() {
    let nest = Nest { loops: vec![free(Some(100)), free(None)], perfect: 2, accesses: vec![] };
    let a = access("a", 4, &[1 << 20, 4]);
    assert_eq!(requests_per_warp(&a, &nest, &mapping(&[0, 1], 2), &JURAVLE), 1.0);
}

// ---- legal ----------------------------------------------------------------

#[test]
fn legal_rejects_what_collapse_and_interchange_cannot_do() {
    let mut nest = Nest { loops: vec![free(Some(64)), free(Some(64)), carrying(Some(64))], perfect: 2, accesses: vec![] };
    assert!(legal(&nest, &Mapping::original(3)));
    assert!(legal(&nest, &mapping(&[1, 0, 2], 2)), "independent loops may swap");
    assert!(!legal(&nest, &mapping(&[0, 0, 2], 1)), "not a permutation");
    assert!(!legal(&nest, &mapping(&[0, 1], 1)), "not a permutation");
    assert!(!legal(&nest, &mapping(&[0, 1, 2, 3], 1)), "not a permutation");
    assert!(!legal(&nest, &mapping(&[0, 1, 2], 0)), "nothing distributed");
    assert!(!legal(&nest, &mapping(&[0, 1, 2], 3)), "beyond the perfect part, and k is not parallel");
    nest.perfect = 3;
    assert!(!legal(&nest, &mapping(&[0, 1, 2], 3)), "k is not parallel");
    assert!(!legal(&nest, &mapping(&[2, 0, 1], 1)), "k is not parallel");
    nest.loops[2] = free(Some(64));
    nest.perfect = 2;
    assert!(!legal(&nest, &mapping(&[0, 1, 2], 3)), "beyond the perfect part");
    assert!(!legal(&nest, &mapping(&[0, 2, 1], 2)), "moving a loop out of the imperfect part");
    nest.loops[1].rectangular = false;
    assert!(!legal(&nest, &mapping(&[0, 1, 2], 2)), "a triangular collapsed loop");
    assert!(legal(&nest, &mapping(&[0, 1, 2], 1)), "a triangular loop that is not collapsed");
}

#[test]
fn legal_lets_a_dependent_loop_be_passed_but_not_moved() {
    // k-j-i with j carrying: hoisting i over j keeps j's order among the dependent loops.
    let nest = Nest { loops: vec![free(None), carrying(None), free(None)], perfect: 3, accesses: vec![] };
    assert!(legal(&nest, &mapping(&[0, 2, 1], 2)));
    assert!(legal(&nest, &mapping(&[2, 0, 1], 2)));
    let two_dependent = Nest { loops: vec![free(None), carrying(None), carrying(None)], perfect: 3, accesses: vec![] };
    assert!(!legal(&two_dependent, &mapping(&[0, 2, 1], 1)), "two dependent loops swapped");
}

// ---- choose ---------------------------------------------------------------

#[test]
fn the_original_mapping_is_the_identity_with_the_outermost_loop_distributed() {
    assert_eq!(Mapping::original(3), mapping(&[0, 1, 2], 1));
    assert!(!Mapping::original(3).is_interchange());
    assert!(mapping(&[0, 2, 1], 2).is_interchange());
}

#[test]
fn choose_needs_a_parallel_outermost_loop() {
    let mut nest = matrix_add();
    nest.loops[0].parallel = false;
    assert_eq!(choose(&nest, &JURAVLE, true), None);
    let empty = Nest { loops: vec![], perfect: 1, accesses: vec![] };
    assert_eq!(choose(&empty, &JURAVLE, true), None);
}

#[test]
fn choose_keeps_the_original_when_nothing_is_better() {
    // Already coalesced along the outermost loop: collapsing gives the same count, so the original stays.
    let n = Some(1024);
    let nest = Nest { loops: vec![free(n), free(n)], perfect: 2, accesses: vec![access("a[j*N+i]", 4, &[4, 4096])] };
    let choice = choose(&nest, &JURAVLE, true).unwrap();
    assert_eq!(choice.mapping, Mapping::original(2));
    assert_eq!((choice.original, choice.requests), (1.0, 1.0));
}

#[test]
fn odd_devices_do_not_panic() {
    let nest = matrix_add();
    let a = &nest.accesses[0];
    let no_lanes = Device { warp: 0, line: 128, block: 128 };
    assert_eq!(requests_per_warp(a, &nest, &Mapping::original(2), &no_lanes), 0.0);
    let tiny_block = Device { warp: 32, line: 0, block: 1 };
    assert_eq!(requests_per_warp(a, &nest, &mapping(&[0, 1], 2), &tiny_block), 32.0);
    let huge = access("huge", i128::MAX, &[i128::MAX, i128::MIN]);
    let _ = classify(&huge, &nest, &mapping(&[0, 1], 2), &Device::NVIDIA);
    let _ = lane_offsets(&huge, &nest, &mapping(&[7, 9], 5), usize::MAX, &Device::NVIDIA);
    let _ = choose(&Nest { loops: vec![free(Some(0)), free(Some(-3))], perfect: 9, accesses: vec![huge] }, &Device::NVIDIA, true);
}
