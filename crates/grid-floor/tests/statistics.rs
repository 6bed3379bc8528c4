//! The figures of document 000 reproduced over 5,000 runs: mean wall counts (section 4), the odds
//! of the extra reward names (section 7), of the weird features (section 8), and the uniform
//! environment and monster-count draws. Every tolerance is four standard errors of the estimate
//! computed from the sample itself, so a correct generator fails with odds below 1 in 15,000 per
//! check, while a wrong rule (a missed threshold, a swapped row) moves a figure by many errors.

use grid_floor::{Generator, ObjectKind, Setup, Tables};

const RUNS: u32 = 5000;
const Z: f64 = 4.0;

struct Sample {
    walls: [Vec<f64>; 3],
    extra_first: Vec<String>,
    extra_later: Vec<String>,
    weird: Vec<String>,
    environments_first: Vec<String>,
    monster_counts_later: Vec<usize>,
}

fn sample() -> Sample {
    let tables = Tables::default_tables().expect("the default tables are valid");
    let setup = Setup::for_class("warrior").expect("warrior is a class");
    let mut generator = Generator::new(&tables);
    let mut sample = Sample {
        walls: [Vec::new(), Vec::new(), Vec::new()],
        extra_first: Vec::new(),
        extra_later: Vec::new(),
        weird: Vec::new(),
        environments_first: Vec::new(),
        monster_counts_later: Vec::new(),
    };
    for seed in 1..=RUNS {
        let floors = generator.run(&setup, seed).expect("a run builds");
        for floor in &floors[..3] {
            let depth = usize::from(floor.depth);
            sample.walls[depth - 1].push(f64::from(floor.wall_count()));
            let names = floor.extra_rewards.iter().map(|n| n.to_string());
            if depth == 1 {
                sample.extra_first.extend(names);
                sample
                    .environments_first
                    .push(floor.environment.to_string());
            } else {
                sample.extra_later.extend(names);
                sample.monster_counts_later.push(
                    floor
                        .objects
                        .iter()
                        .filter(|o| o.kind == ObjectKind::Monster && !o.from_reward)
                        .count(),
                );
                for object in &floor.objects {
                    match object.kind {
                        ObjectKind::Altar => sample.weird.push(object.name.to_string()),
                        ObjectKind::MushroomPatch => sample.weird.push("mushroom".into()),
                        ObjectKind::Brainsucker => sample.weird.push("brainsucker".into()),
                        _ => {}
                    }
                }
            }
        }
    }
    sample
}

fn mean_and_standard_error(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (variance / n).sqrt())
}

/// Asserts that the share of `value` among `items` is `expected` within Z binomial errors.
fn assert_share<T: PartialEq + std::fmt::Debug>(items: &[T], value: &T, expected: f64, what: &str) {
    let n = items.len() as f64;
    let hits = items.iter().filter(|item| *item == value).count() as f64;
    let share = hits / n;
    let tolerance = Z * (expected * (1.0 - expected) / n).sqrt();
    println!("{what} {value:?}: {share:.4} (expected {expected:.4} +- {tolerance:.4}, n {n})");
    assert!(
        (share - expected).abs() <= tolerance,
        "{what} {value:?}: share {share:.4}, expected {expected:.4} +- {tolerance:.4} over {n}"
    );
}

#[test]
fn document_figures_over_five_thousand_runs() {
    let sample = sample();

    // Walls: document 000 section 4 gives sample means 25.1 (8x8) and 39.9 (10x10), printed to
    // one decimal. Tolerance: Z standard errors of our mean plus the rounding of the printed
    // figure (the document's own sample size is not given, so its error cannot be added).
    let (first_mean, first_error) = mean_and_standard_error(&sample.walls[0]);
    let later: Vec<f64> = sample.walls[1]
        .iter()
        .chain(&sample.walls[2])
        .copied()
        .collect();
    let (later_mean, later_error) = mean_and_standard_error(&later);
    println!(
        "walls floor 1: mean {first_mean:.3} (standard error {first_error:.4}, n {})",
        sample.walls[0].len()
    );
    println!(
        "walls floors 2-3: mean {later_mean:.3} (standard error {later_error:.4}, n {})",
        later.len()
    );
    for (depth, values) in sample.walls.iter().enumerate() {
        let (mean, error) = mean_and_standard_error(values);
        println!(
            "walls floor {}: mean {mean:.3} (standard error {error:.4})",
            depth + 1
        );
    }
    assert!(
        (first_mean - 25.1).abs() <= Z * first_error + 0.05,
        "floor 1 walls {first_mean}"
    );
    assert!(
        (later_mean - 39.9).abs() <= Z * later_error + 0.05,
        "floors 2-3 walls {later_mean}"
    );
    // The acceptance band for `dungeon floor --count 5000`.
    assert!((24.6..=25.6).contains(&first_mean));
    for values in &sample.walls[1..] {
        let (mean, _) = mean_and_standard_error(values);
        assert!((39.4..=40.4).contains(&mean), "floor walls {mean}");
    }

    // Extra reward names (GenerateRewardName), floor 1 and floors 2-3.
    let first = [
        ("Treasure Chest", 0.40),
        ("Health Pack", 0.15),
        ("Shop", 0.15),
        ("Goblin Hoarder", 0.10),
        ("Blacksmith", 0.05),
        ("Healing Pool", 0.05),
        ("Monastery", 0.05),
        ("Smoothie Shack", 0.05),
    ];
    for (name, odds) in first {
        assert_share(
            &sample.extra_first,
            &name.to_string(),
            odds,
            "floor 1 reward name",
        );
    }
    let later_odds = [
        ("Treasure Chest", 0.40),
        ("Health Pack", 0.15),
        ("Shop", 0.15),
        ("Blacksmith", 0.05),
        ("Goblin Hoarder", 0.05),
        ("Healing Pool", 0.05),
        ("Mimic Chest", 0.05),
        ("Monastery", 0.05),
        ("Smoothie Shack", 0.05),
    ];
    for (name, odds) in later_odds {
        assert_share(
            &sample.extra_later,
            &name.to_string(),
            odds,
            "floors 2-3 reward name",
        );
    }
    assert!(
        !sample.extra_first.iter().any(|n| n == "Mimic Chest"),
        "no mimic chest on floor 1"
    );

    // Weird features on floors 2 and 3: altar 70 % (six kinds evenly), mushroom 15 %, brainsucker 15 %.
    assert_eq!(sample.weird.len(), 2 * RUNS as usize);
    let altars: Vec<String> = sample
        .weird
        .iter()
        .filter(|w| w.starts_with("Altar"))
        .cloned()
        .collect();
    let is_altar: Vec<bool> = sample
        .weird
        .iter()
        .map(|w| w.starts_with("Altar"))
        .collect();
    assert_share(&is_altar, &true, 0.70, "weird feature altar");
    assert_share(
        &sample.weird,
        &"mushroom".to_string(),
        0.15,
        "weird feature",
    );
    assert_share(
        &sample.weird,
        &"brainsucker".to_string(),
        0.15,
        "weird feature",
    );
    for altar in [
        "Altar to Jeremiad",
        "Altar to Alcoran",
        "Altar to Cairn",
        "Altar to Gauss",
        "Altar to Liara",
        "Altar to Aston",
    ] {
        assert_share(&altars, &altar.to_string(), 1.0 / 6.0, "altar kind");
    }

    // Uniform draws: floor 1's environment (1 of 6), the monster count of floors 2-3 (9, 10, 11).
    for environment in ["Dungeon", "Water", "Volcano", "Forest", "Crypt", "Mountain"] {
        assert_share(
            &sample.environments_first,
            &environment.to_string(),
            1.0 / 6.0,
            "floor 1 environment",
        );
    }
    for count in 9..=11 {
        assert_share(
            &sample.monster_counts_later,
            &count,
            1.0 / 3.0,
            "floors 2-3 monster count",
        );
    }
}
