//! The derived draws of `Rng31`: exact values for fixed seeds (value stability), step counts, and
//! their statistical and edge-case behaviour.

use proptest::prelude::*;
use rng::{Lcg31, Rng31, RngError};

/// The first outputs from seed 1, as floats: the inputs of every derived draw below.
fn floats_from_seed_1(n: usize) -> Vec<f64> {
    let mut g = Lcg31::new(1);
    (0..n)
        .map(|_| f64::from(g.next_u31()) / 2_147_483_648.0)
        .collect()
}

#[test]
fn value_stability() {
    let f = floats_from_seed_1(8);
    let mut g = Lcg31::new(1);
    assert_eq!(g.float(), f[0]);
    // range: lo + floor(float * (hi + 1 - lo)).
    assert_eq!(g.range(1, 6), Ok(1 + (f[1] * 6.0) as i32));
    assert_eq!(g.range(-10, 10), Ok(-10 + (f[2] * 21.0) as i32));
    assert_eq!(g.chance(0.5), f[3] < 0.5);
    assert_eq!(g.letter(), char::from(b'A' + (f[4] * 26.0) as u8));
    assert_eq!(g.round_random(2.25), 2 + i64::from(f[5] < 0.25));
    let expected_normal =
        10.0 + 2.0 * (-2.0 * (1.0 - f[6]).ln()).sqrt() * (std::f64::consts::TAU * f[7]).cos();
    assert_eq!(g.normal(10.0, 2.0), expected_normal);
    assert_eq!(g.draws(), 8);

    // Pinned literal values (computed independently from the formulas), so that a change to any
    // formula is seen.
    let mut g = Lcg31::new(1);
    let pinned: Vec<i32> = (0..8).map(|_| g.range(1, 100).expect("1 <= 100")).collect();
    assert_eq!(pinned, [52, 18, 31, 54, 95, 18, 71, 23]);
    let mut g = Lcg31::new(7);
    let mut deck: Vec<u32> = (0..10).collect();
    g.shuffle(&mut deck);
    assert_eq!(deck, [5, 3, 4, 7, 9, 0, 2, 6, 8, 1]);
    let mut g = Lcg31::new(3);
    let picks: Vec<usize> = (0..8)
        .map(|_| g.weighted(&[1.0, 0.0, 3.0, 6.0]).expect("positive weights"))
        .collect();
    assert_eq!(picks, [3, 2, 2, 2, 3, 3, 2, 3]);
}

#[test]
fn draw_counts_are_fixed() {
    let mut g = Lcg31::new(11);
    g.float();
    g.range(4, 4).expect("lo == hi is allowed");
    g.chance(2.0);
    g.letter();
    g.round_random(3.0);
    assert_eq!(g.draws(), 5, "one step each, also for trivial cases");
    g.normal(0.0, 1.0);
    assert_eq!(g.draws(), 7, "normal takes two");
    g.weighted(&[0.0, 5.0]).expect("one positive weight");
    assert_eq!(g.draws(), 8, "weighted takes one");
    let mut items = [0u8; 13];
    g.shuffle(&mut items);
    assert_eq!(g.draws(), 21, "shuffle takes exactly n");
    let mut empty: [u8; 0] = [];
    g.shuffle(&mut empty);
    assert_eq!(g.draws(), 21);
}

#[test]
fn bad_arguments_are_errors_and_consume_nothing() {
    let mut g = Lcg31::new(5);
    assert_eq!(g.range(3, 2), Err(RngError::EmptyRange { lo: 3, hi: 2 }));
    assert_eq!(g.weighted::<f64>(&[]), Err(RngError::NoPositiveWeight));
    assert_eq!(g.weighted(&[0.0, 0.0]), Err(RngError::NoPositiveWeight));
    assert_eq!(
        g.weighted(&[1.0, -1.0]),
        Err(RngError::BadWeight { index: 1 })
    );
    assert_eq!(
        g.weighted(&[f64::NAN]),
        Err(RngError::BadWeight { index: 0 })
    );
    assert_eq!(g.index(0), None);
    assert_eq!(g.draws(), 0);
}

#[test]
fn range_covers_both_ends_evenly() {
    let mut g = Lcg31::new(2024);
    let mut counts = [0u32; 3];
    let n = 30_000;
    for _ in 0..n {
        let v = g.range(9, 11).expect("9 <= 11");
        counts[(v - 9) as usize] += 1;
    }
    // Each bucket has p = 1/3; 5 standard deviations of a binomial count.
    let expected = f64::from(n) / 3.0;
    let tolerance = 5.0 * (f64::from(n) * (1.0 / 3.0) * (2.0 / 3.0)).sqrt();
    for count in counts {
        assert!(
            (f64::from(count) - expected).abs() < tolerance,
            "{counts:?}"
        );
    }
}

#[test]
fn extreme_ranges_do_not_overflow() {
    let mut g = Lcg31::new(9);
    for _ in 0..1000 {
        let v = g.range(i32::MIN, i32::MAX).expect("full range");
        assert!((i32::MIN..=i32::MAX).contains(&v));
    }
}

#[test]
fn weighted_follows_the_weights_and_never_picks_zero() {
    let weights = [0.0, 1.0, 0.0, 3.0, 0.0];
    let mut g = Lcg31::new(77);
    let n = 40_000;
    let mut counts = [0u32; 5];
    for _ in 0..n {
        counts[g.weighted(&weights).expect("positive weights")] += 1;
    }
    assert_eq!(counts[0] + counts[2] + counts[4], 0);
    let share = f64::from(counts[3]) / f64::from(n);
    let sd = (0.75 * 0.25 / f64::from(n)).sqrt();
    assert!(
        (share - 0.75).abs() < 5.0 * sd,
        "share of weight 3: {share}"
    );
}

#[test]
fn normal_has_the_asked_mean_and_spread() {
    let mut g = Lcg31::new(31337);
    let n = 50_000;
    let samples: Vec<f64> = (0..n).map(|_| g.normal(100.0, 10.0)).collect();
    let mean = samples.iter().sum::<f64>() / f64::from(n);
    let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / f64::from(n - 1);
    assert!(
        (mean - 100.0).abs() < 5.0 * 10.0 / f64::from(n).sqrt(),
        "mean {mean}"
    );
    assert!((var.sqrt() - 10.0).abs() < 0.3, "sd {}", var.sqrt());
    assert!(samples.iter().all(|x| x.is_finite()));
}

#[test]
fn rand_core_interop_fills_bytes_deterministically() {
    use rand_core::RngCore;
    let mut a = Lcg31::new(5);
    let mut b = Lcg31::new(5);
    let mut x = [0u8; 37];
    let mut y = [0u8; 37];
    a.fill_bytes(&mut x);
    b.fill_bytes(&mut y);
    assert_eq!(x, y);
    assert!(x.iter().any(|&byte| byte != 0));
    // The top bit of next_u32 is used (unlike the raw 31-bit output).
    let mut g = Lcg31::new(1);
    assert!((0..64).any(|_| g.next_u32() >> 31 == 1));
}

proptest! {
    #[test]
    fn shuffle_is_a_permutation_with_n_draws(seed: u32, len in 0usize..200) {
        let mut g = Lcg31::new(seed);
        let mut items: Vec<usize> = (0..len).collect();
        g.shuffle(&mut items);
        prop_assert_eq!(g.draws(), len as u64);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        prop_assert_eq!(sorted, (0..len).collect::<Vec<_>>());
    }

    #[test]
    fn range_stays_inside(seed: u32, lo in -1000i32..1000, span in 0i32..1000) {
        let mut g = Lcg31::new(seed);
        let v = g.range(lo, lo + span).expect("lo <= hi");
        prop_assert!(v >= lo && v <= lo + span);
    }

    #[test]
    fn weighted_never_picks_a_zero_weight(seed: u32, weights in proptest::collection::vec(
        prop_oneof![Just(0.0f64), 0.001f64..10.0], 1..20)) {
        let mut g = Lcg31::new(seed);
        match g.weighted(&weights) {
            Ok(index) => prop_assert!(weights[index] > 0.0),
            Err(e) => {
                prop_assert_eq!(e, RngError::NoPositiveWeight);
                prop_assert!(weights.iter().all(|w| *w == 0.0));
            }
        }
    }

    #[test]
    fn float_is_in_the_unit_interval(seed: u32) {
        let mut g = Lcg31::new(seed);
        for _ in 0..64 {
            let f = g.float();
            prop_assert!((0.0..1.0).contains(&f));
        }
    }
}

/// `moved` (filled or skipped) stands where `stepped` (stepped one output at a time) does: the
/// same state, the same draw count, and the same next output.
fn assert_same_point(moved: &mut Lcg31, stepped: &mut Lcg31, context: &str) {
    assert_eq!(moved.state(), stepped.state(), "{context}");
    assert_eq!(moved.draws(), stepped.draws());
    assert_eq!(moved.next_u31(), stepped.next_u31());
}

#[test]
fn fill_gives_the_outputs_of_single_steps_and_counts_them() {
    for seed in [0u32, 1, 7, 12_345, 0x7FFF_FFFF, 0xDEAD_BEEF] {
        // Every remainder of the eight lanes, and runs of several whole chunks.
        for len in (0..=20).chain([63, 64, 65, 1000]) {
            let mut stepped = Lcg31::new(seed);
            stepped.next_u31();
            let expected: Vec<u32> = (0..len).map(|_| stepped.next_u31()).collect();
            let mut filled = Lcg31::new(seed);
            filled.next_u31();
            let mut out = vec![0; len];
            filled.fill_u31(&mut out);
            assert_eq!(out, expected, "seed {seed}, {len} outputs");
            assert_same_point(
                &mut filled,
                &mut stepped,
                &format!("seed {seed}, {len} outputs"),
            );
        }
    }
}

#[test]
fn skip_lands_where_single_steps_would_and_counts_them() {
    for seed in [0u32, 1, 7, 12_345, 0x7FFF_FFFF, 0xDEAD_BEEF] {
        for steps in [0u64, 1, 2, 3, 17, 63, 64, 127, 128, 129, 1000, 4097] {
            let mut stepped = Lcg31::new(seed);
            stepped.next_u31();
            for _ in 0..steps {
                stepped.next_u31();
            }
            let mut skipped = Lcg31::new(seed);
            skipped.next_u31();
            skipped.skip(steps);
            assert_same_point(
                &mut skipped,
                &mut stepped,
                &format!("seed {seed}, {steps} steps"),
            );
        }
    }
    // The period is 2^31: a whole period returns to the start.
    let mut whole = Lcg31::new(99);
    whole.skip(1 << 31);
    assert_eq!(whole.state(), 99);
}
