//! Tests of the maze module: perfect mazes for every algorithm, size and seed; the structure
//! each algorithm promises; the dead-end "character" document 004 gives them; braiding; ASCII and
//! JSON round trips; names; errors; value stability.

use proptest::prelude::*;
use rng::Lcg31;

use super::*;

/// Every algorithm, plus mixed growing trees at the two ends and the middle of the ratio.
fn algorithms() -> Vec<Algorithm> {
    let mut all = Algorithm::ALL.to_vec();
    for newest in [0.0, 0.25, 1.0] {
        all.push(Algorithm::GrowingTree(GrowingPolicy::Mixed { newest }));
    }
    all
}

/// Checks everything a perfect maze must satisfy, beyond `is_perfect`.
fn check_perfect(maze: &Maze, context: &str) {
    assert_eq!(maze.cells().len(), maze.width * maze.height, "{context}");
    // from_cells checks bit range, symmetry and the border.
    let rebuilt = Maze::from_cells(maze.width, maze.height, maze.cells().to_vec());
    assert!(rebuilt.is_ok(), "{context}: {rebuilt:?}");
    assert_eq!(
        maze.passages() + 1,
        maze.cell_count(),
        "{context}: passages"
    );
    assert!(maze.is_connected(), "{context}: not connected");
    for x in 0..maze.width {
        assert!(!maze.is_open(x, 0, Dir4::N), "{context}");
        assert!(!maze.is_open(x, maze.height - 1, Dir4::S), "{context}");
    }
    for y in 0..maze.height {
        assert!(!maze.is_open(0, y, Dir4::W), "{context}");
        assert!(!maze.is_open(maze.width - 1, y, Dir4::E), "{context}");
    }
}

#[test]
fn every_algorithm_is_perfect_on_fixed_sizes_and_seeds() {
    let sizes = [
        (1, 1),
        (1, 2),
        (2, 1),
        (1, 37),
        (37, 1),
        (2, 2),
        (3, 7),
        (7, 3),
        (16, 16),
        (31, 17),
    ];
    let mut generator = Generator::new();
    let mut maze = Maze::closed(1, 1).unwrap();
    for algorithm in algorithms() {
        for &(width, height) in &sizes {
            for seed in 0..150 {
                let mut rng = Lcg31::new(seed);
                generator
                    .generate_into(&mut maze, algorithm, width, height, &mut rng)
                    .unwrap();
                check_perfect(&maze, &format!("{algorithm} {width}x{height} seed {seed}"));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn generated_mazes_are_perfect(
        which in 0usize..9,
        newest in 0.0f64..=1.0,
        width in 1usize..60,
        height in 1usize..60,
        seed in any::<u32>(),
    ) {
        let algorithm = match Algorithm::ALL[which] {
            Algorithm::GrowingTree(GrowingPolicy::Mixed { .. }) => {
                Algorithm::GrowingTree(GrowingPolicy::Mixed { newest })
            }
            other => other,
        };
        let maze = generate(algorithm, width, height, &mut Lcg31::new(seed)).unwrap();
        prop_assert_eq!((maze.width, maze.height), (width, height));
        check_perfect(&maze, &format!("{algorithm} {width}x{height} seed {seed}"));
    }

    #[test]
    fn braiding_removes_the_share_asked_and_stays_connected(
        which in 0usize..9,
        width in 2usize..40,
        height in 2usize..40,
        fraction in 0.0f64..=1.0,
        seed in any::<u32>(),
    ) {
        let mut rng = Lcg31::new(seed);
        let mut maze = generate(Algorithm::ALL[which], width, height, &mut rng).unwrap();
        let before = maze.dead_ends();
        let passages = maze.passages();
        let target = (fraction * before as f64).round() as usize;
        let removed = braid(&mut maze, fraction, &mut rng).unwrap();
        prop_assert_eq!(maze.dead_ends(), before - removed);
        // Exact, except that the very last opening may have to remove two dead ends.
        prop_assert!(removed == target || removed == target + 1, "{removed} for {target}");
        prop_assert!(maze.is_connected());
        prop_assert!(maze.passages() >= passages);
        prop_assert!(maze.passages() - passages <= removed);
        prop_assert!(Maze::from_cells(width, height, maze.cells().to_vec()).is_ok());
    }

    #[test]
    fn ascii_and_json_round_trip(
        which in 0usize..9,
        width in 1usize..30,
        height in 1usize..30,
        fraction in 0.0f64..=1.0,
        seed in any::<u32>(),
    ) {
        let mut rng = Lcg31::new(seed);
        let mut maze = generate(Algorithm::ALL[which], width, height, &mut rng).unwrap();
        braid(&mut maze, fraction, &mut rng).unwrap();
        let ascii = maze.to_ascii();
        let lines: Vec<&str> = ascii.lines().collect();
        prop_assert_eq!(lines.len(), 2 * height + 1);
        prop_assert!(lines.iter().all(|line| line.len() == 2 * width + 1));
        prop_assert_eq!(&Maze::from_ascii(&ascii).unwrap(), &maze);
        let json = serde_json::to_string(&maze).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Maze>(&json).unwrap(), &maze);
    }
}

#[test]
fn a_fixed_seed_gives_the_same_maze_and_reused_buffers_change_nothing() {
    let mut generator = Generator::new();
    let mut reused = Maze::closed(1, 1).unwrap();
    for algorithm in algorithms() {
        for seed in [0, 1, 42, 0x7FFF_FFFF] {
            let fresh = generate(algorithm, 23, 11, &mut Lcg31::new(seed)).unwrap();
            let again = generate(algorithm, 23, 11, &mut Lcg31::new(seed)).unwrap();
            assert_eq!(fresh, again, "{algorithm} seed {seed}");
            // Dirty the buffers with a different maze first.
            generator
                .generate_into(&mut reused, algorithm, 40, 3, &mut Lcg31::new(seed + 1))
                .unwrap();
            generator
                .generate_into(&mut reused, algorithm, 23, 11, &mut Lcg31::new(seed))
                .unwrap();
            assert_eq!(fresh, reused, "{algorithm} seed {seed} with reused buffers");
        }
    }
}

#[test]
fn different_seeds_give_different_mazes() {
    for algorithm in algorithms() {
        let mut seen: Vec<Vec<u8>> = (0..60)
            .map(|seed| {
                let maze = generate(algorithm, 10, 10, &mut Lcg31::new(seed)).unwrap();
                maze.cells().to_vec()
            })
            .collect();
        seen.sort();
        seen.dedup();
        // 10x10 perfect mazes are far too many for 60 seeds to collide.
        assert_eq!(seen.len(), 60, "{algorithm}");
    }
}

#[test]
fn growing_tree_newest_is_exactly_dfs() {
    for seed in 0..200 {
        let dfs = generate(Algorithm::Dfs, 19, 13, &mut Lcg31::new(seed)).unwrap();
        let newest = Algorithm::GrowingTree(GrowingPolicy::Newest);
        let grown = generate(newest, 19, 13, &mut Lcg31::new(seed)).unwrap();
        assert_eq!(dfs, grown, "seed {seed}");
    }
}

#[test]
fn binary_tree_opens_exactly_south_or_east_from_every_cell_but_the_corner() {
    for seed in 0..100 {
        let maze = generate(Algorithm::BinaryTree, 17, 9, &mut Lcg31::new(seed)).unwrap();
        for y in 0..9 {
            for x in 0..17 {
                let own = usize::from(maze.is_open(x, y, Dir4::S))
                    + usize::from(maze.is_open(x, y, Dir4::E));
                let corner = x == 16 && y == 8;
                assert_eq!(own, usize::from(!corner), "({x}, {y}) seed {seed}");
            }
        }
        // South row and east column are straight corridors.
        assert!((0..16).all(|x| maze.is_open(x, 8, Dir4::E)));
        assert!((0..8).all(|y| maze.is_open(16, y, Dir4::S)));
    }
}

#[test]
fn sidewinder_opens_the_south_row_and_one_south_passage_per_run() {
    let (width, height) = (15, 10);
    for seed in 0..100 {
        let maze = generate(Algorithm::Sidewinder, width, height, &mut Lcg31::new(seed)).unwrap();
        assert!((0..width - 1).all(|x| maze.is_open(x, height - 1, Dir4::E)));
        for y in 0..height - 1 {
            let mut south_in_run = 0;
            for x in 0..width {
                south_in_run += usize::from(maze.is_open(x, y, Dir4::S));
                if !maze.is_open(x, y, Dir4::E) {
                    assert_eq!(south_in_run, 1, "run ending at ({x}, {y}) seed {seed}");
                    south_in_run = 0;
                }
            }
        }
    }
}

/// Mean and standard error of the dead-end share over `samples` mazes of `size x size`.
fn dead_end_share(algorithm: Algorithm, size: usize, samples: u32) -> (f64, f64) {
    let cells = (size * size) as f64;
    let shares: Vec<f64> = (0..samples)
        .map(|seed| {
            let maze = generate(algorithm, size, size, &mut Lcg31::new(seed)).unwrap();
            maze.dead_ends() as f64 / cells
        })
        .collect();
    let n = f64::from(samples);
    let mean = shares.iter().sum::<f64>() / n;
    let variance = shares.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (variance / n).sqrt())
}

#[test]
fn binary_tree_dead_ends_match_their_exact_expectation() {
    // A cell is a dead end when exactly one passage touches it. Its own opening is certain (but
    // for the corner); the north neighbour opens south into it with probability 1 on the east
    // column, 1/2 elsewhere, 0 on the north row; the west neighbour opens east likewise.
    let (width, height) = (24, 18);
    let mut expected = 0.0;
    for y in 0..height {
        for x in 0..width {
            let own = if x == width - 1 && y == height - 1 {
                0
            } else {
                1
            };
            let from_north: f64 = match (y, x == width - 1) {
                (0, _) => 0.0,
                (_, true) => 1.0,
                _ => 0.5,
            };
            let from_west: f64 = match (x, y == height - 1) {
                (0, _) => 0.0,
                (_, true) => 1.0,
                _ => 0.5,
            };
            expected += if own == 1 {
                (1.0 - from_north) * (1.0 - from_west)
            } else {
                from_north * (1.0 - from_west) + from_west * (1.0 - from_north)
            };
        }
    }
    let samples = 2000u32;
    let counts: Vec<f64> = (0..samples)
        .map(|seed| {
            let maze = generate(Algorithm::BinaryTree, width, height, &mut Lcg31::new(seed));
            maze.unwrap().dead_ends() as f64
        })
        .collect();
    let n = f64::from(samples);
    let mean = counts.iter().sum::<f64>() / n;
    let sd = (counts.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let standard_error = sd / n.sqrt();
    assert!(
        (mean - expected).abs() < 5.0 * standard_error,
        "mean {mean}, expected {expected}, standard error {standard_error}"
    );
}

#[test]
fn dead_ends_follow_the_character_document_004_gives_each_algorithm() {
    // DFS: long corridors and few dead ends; Kruskal in between; Prim: many branches.
    let (dfs, dfs_se) = dead_end_share(Algorithm::Dfs, 30, 200);
    let (kruskal, kruskal_se) = dead_end_share(Algorithm::Kruskal, 30, 200);
    let (prim, prim_se) = dead_end_share(Algorithm::Prim, 30, 200);
    let newest = Algorithm::GrowingTree(GrowingPolicy::Newest);
    let random = Algorithm::GrowingTree(GrowingPolicy::Random);
    let mixed = Algorithm::GrowingTree(GrowingPolicy::Mixed { newest: 0.5 });
    let (grown_newest, _) = dead_end_share(newest, 30, 200);
    let (grown_random, random_se) = dead_end_share(random, 30, 200);
    let (grown_mixed, mixed_se) = dead_end_share(mixed, 30, 200);
    let apart = |low: f64, low_se: f64, high: f64, high_se: f64| {
        high - low > 5.0 * (low_se.powi(2) + high_se.powi(2)).sqrt()
    };
    assert!(
        apart(dfs, dfs_se, kruskal, kruskal_se),
        "dfs {dfs} kruskal {kruskal}"
    );
    assert!(
        apart(kruskal, kruskal_se, prim, prim_se),
        "kruskal {kruskal} prim {prim}"
    );
    assert_eq!(dfs, grown_newest);
    // The mixed policy lies between its two parents.
    assert!(
        apart(dfs, dfs_se, grown_mixed, mixed_se),
        "mixed {grown_mixed}"
    );
    assert!(
        apart(grown_mixed, mixed_se, grown_random, random_se),
        "mixed {grown_mixed} random {grown_random}"
    );
}

#[test]
fn braiding_everything_leaves_no_dead_end_and_zero_changes_nothing() {
    for algorithm in algorithms() {
        for seed in 0..30 {
            let mut rng = Lcg31::new(seed);
            let mut maze = generate(algorithm, 12, 9, &mut rng).unwrap();
            let original = maze.clone();
            let draws = rng.draws();
            assert_eq!(braid(&mut maze, 0.0, &mut rng).unwrap(), 0);
            assert_eq!(maze, original);
            assert_eq!(rng.draws(), draws, "a zero fraction draws nothing");
            let before = maze.dead_ends();
            assert_eq!(braid(&mut maze, 1.0, &mut rng).unwrap(), before);
            assert_eq!(maze.dead_ends(), 0, "{algorithm} seed {seed}");
            assert!(maze.is_connected());
        }
    }
}

#[test]
fn braiding_a_corridor_cannot_remove_its_ends() {
    for (width, height) in [(1, 9), (9, 1), (2, 1)] {
        let mut rng = Lcg31::new(5);
        let mut maze = generate(Algorithm::Kruskal, width, height, &mut rng).unwrap();
        assert_eq!(braid(&mut maze, 1.0, &mut rng).unwrap(), 0);
        assert_eq!(maze.dead_ends(), 2);
    }
}

#[test]
fn bad_braid_fractions_are_errors() {
    let mut rng = Lcg31::new(1);
    let mut maze = generate(Algorithm::Dfs, 5, 5, &mut rng).unwrap();
    let original = maze.clone();
    for fraction in [-0.1, 1.5, f64::NAN, f64::INFINITY] {
        let error = braid(&mut maze, fraction, &mut rng).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::BadFraction(_)));
    }
    assert_eq!(maze, original);
}

#[test]
fn sizes_out_of_range_are_errors_not_panics() {
    let mut rng = Lcg31::new(1);
    for algorithm in algorithms() {
        for (width, height) in [(0, 5), (5, 0), (0, 0)] {
            let error = generate(algorithm, width, height, &mut rng).unwrap_err();
            assert_eq!(error.kind(), &ErrorKind::EmptySize { width, height });
        }
        for (width, height) in [(usize::MAX, 2), (1 << 15, 1 << 14), (MAX_CELLS + 1, 1)] {
            let error = generate(algorithm, width, height, &mut rng).unwrap_err();
            assert_eq!(error.kind(), &ErrorKind::TooLarge { width, height });
        }
    }
    assert_eq!(rng.draws(), 0, "rejected sizes draw nothing");
    for newest in [-0.5, 1.01, f64::NAN] {
        let algorithm = Algorithm::GrowingTree(GrowingPolicy::Mixed { newest });
        let error = generate(algorithm, 3, 3, &mut rng).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::BadRatio(_)));
    }
}

#[test]
fn stack_use_does_not_grow_with_the_maze() {
    // DFS has the deepest search (its stack holds most of the maze): 16 million cells on a
    // thread with a 256 KiB stack. A recursive version would need gigabytes.
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let maze = generate(Algorithm::Dfs, 4000, 4000, &mut Lcg31::new(9)).unwrap();
            (maze.passages(), maze.is_connected())
        })
        .unwrap();
    assert_eq!(worker.join().unwrap(), (4000 * 4000 - 1, true));
    let worker = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(|| {
            algorithms().into_iter().all(|algorithm| {
                generate(algorithm, 300, 300, &mut Lcg31::new(3))
                    .is_ok_and(|maze| maze.is_perfect())
            })
        })
        .unwrap();
    assert!(worker.join().unwrap());
}

#[test]
fn algorithm_names_parse_and_print_back() {
    let cases = [
        ("dfs", Algorithm::Dfs),
        ("prim", Algorithm::Prim),
        ("kruskal", Algorithm::Kruskal),
        ("binary-tree", Algorithm::BinaryTree),
        ("sidewinder", Algorithm::Sidewinder),
        (
            "growing-tree",
            Algorithm::GrowingTree(GrowingPolicy::Newest),
        ),
        (
            "growing-tree:newest",
            Algorithm::GrowingTree(GrowingPolicy::Newest),
        ),
        (
            "growing-tree:oldest",
            Algorithm::GrowingTree(GrowingPolicy::Oldest),
        ),
        (
            "growing-tree:random",
            Algorithm::GrowingTree(GrowingPolicy::Random),
        ),
        (
            "growing-tree:mixed",
            Algorithm::GrowingTree(GrowingPolicy::Mixed { newest: 0.5 }),
        ),
        (
            "growing-tree:mixed:0.75",
            Algorithm::GrowingTree(GrowingPolicy::Mixed { newest: 0.75 }),
        ),
        (
            "Growing-Tree:MIXED:1",
            Algorithm::GrowingTree(GrowingPolicy::Mixed { newest: 1.0 }),
        ),
    ];
    for (text, expected) in cases {
        let parsed: Algorithm = text.parse().unwrap();
        assert_eq!(parsed, expected, "{text}");
        assert_eq!(parsed.to_string().parse::<Algorithm>().unwrap(), parsed);
        let json = serde_json::to_string(&parsed).unwrap();
        assert_eq!(serde_json::from_str::<Algorithm>(&json).unwrap(), parsed);
    }
    for text in [
        "",
        "bfs",
        "dfs:newest",
        "growing-tree:sideways",
        "growing-tree:random:0.5",
    ] {
        let error = text.parse::<Algorithm>().unwrap_err();
        assert!(
            matches!(error.kind(), ErrorKind::UnknownAlgorithm(_)),
            "{text}"
        );
    }
    for text in ["growing-tree:mixed:1.5", "growing-tree:mixed:x"] {
        let error = text.parse::<Algorithm>().unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::BadRatio(_)), "{text}");
    }
    // -0 is a fine way to write zero.
    assert_eq!(
        "growing-tree:mixed:-0".parse::<Algorithm>().unwrap(),
        Algorithm::GrowingTree(GrowingPolicy::Mixed { newest: 0.0 })
    );
}

#[test]
fn malformed_maze_data_is_rejected_with_a_reason() {
    let cases = [
        (r#"{"width":2,"height":1,"cells":[2,8]}"#, None),
        (r#"{"width":2,"height":1,"cells":[2]}"#, Some("cells for a")),
        (
            r#"{"width":2,"height":1,"cells":[2,0]}"#,
            Some("does not open"),
        ),
        (
            r#"{"width":2,"height":1,"cells":[3,8]}"#,
            Some("through the border"),
        ),
        (r#"{"width":2,"height":1,"cells":[18,8]}"#, Some("beyond")),
        (r#"{"width":0,"height":1,"cells":[]}"#, Some("at least 1")),
        (
            r#"{"width":2,"height":1,"cells":[2,8],"x":1}"#,
            Some("unknown field"),
        ),
    ];
    for (json, problem) in cases {
        let result = serde_json::from_str::<Maze>(json);
        match problem {
            None => assert!(result.is_ok(), "{json}: {result:?}"),
            Some(problem) => {
                let message = result.unwrap_err().to_string();
                assert!(message.contains(problem), "{json}: {message}");
            }
        }
    }
    let ascii_cases = [
        ("#####\n#   #\n#####\n", None),
        ("#####\n#   #\n####\n", Some("line 3 has 4")),
        ("#####\n#   #\n", Some("odd number")),
        ("#####\n#  ##\n#####\n", Some("must be a space")),
        ("#####\n    #\n#####\n", Some("through the border")),
        ("## ##\n#   #\n#####\n", Some("corner")),
        ("#####\n# x #\n#####\n", Some("only '#'")),
    ];
    for (text, problem) in ascii_cases {
        let result = Maze::from_ascii(text);
        match problem {
            None => assert!(result.is_ok(), "{text}: {result:?}"),
            Some(problem) => {
                let message = result.unwrap_err().to_string();
                assert!(message.contains(problem), "{text:?}: {message}");
            }
        }
    }
}

#[test]
fn queries_outside_the_maze_answer_closed() {
    let mut maze = generate(Algorithm::Prim, 4, 3, &mut Lcg31::new(2)).unwrap();
    assert_eq!(maze.open_dirs(4, 0), 0);
    assert_eq!(maze.open_dirs(0, 3), 0);
    assert!(!maze.is_open(usize::MAX, 0, Dir4::E));
    assert!(!maze.open_wall(3, 0, Dir4::E), "the border stays closed");
    assert!(!maze.open_wall(9, 9, Dir4::N));
    assert_eq!(maze.neighbor(0, 0, Dir4::N), None);
    assert_eq!(maze.neighbor(1, 1, Dir4::W), Some((0, 1)));
    assert!(maze.distances_from(4, 0).is_none());
    // A tampered size makes queries answer closed instead of panicking.
    maze.width = 100;
    assert_eq!(maze.open_dirs(50, 2), 0);
    let mut rng = Lcg31::new(1);
    assert!(braid(&mut maze, 0.5, &mut rng).is_err());
}

#[test]
fn distances_follow_the_passages() {
    let maze = Maze::from_ascii("#######\n#     #\n# #####\n#   # #\n#######\n").unwrap();
    let distance = maze.distances_from(0, 1).unwrap();
    // (2, 1) is walled in on every side.
    assert_eq!(distance, vec![1, 2, 3, 0, 1, u32::MAX]);
    assert!(!maze.is_connected());
}

/// The exact mazes of a few seeds. A change here changes every saved seed: make it on purpose.
#[test]
fn value_stability() {
    // 6x4 mazes from seed 2026, then braided by half, as 9 lines of 13 characters.
    let expected: [(&str, [&str; 9]); 8] = [
        (
            "dfs",
            [
                "#############",
                "#   #       #",
                "# ### # # # #",
                "#   #   # # #",
                "# # ##### # #",
                "# #     #   #",
                "# ##### ### #",
                "#     #     #",
                "#############",
            ],
        ),
        (
            "prim",
            [
                "#############",
                "#           #",
                "### # # # ###",
                "#   # # #   #",
                "# # # # # # #",
                "# # # # #   #",
                "# # ### # # #",
                "#   #   #   #",
                "#############",
            ],
        ),
        (
            "kruskal",
            [
                "#############",
                "#     #     #",
                "# # # ##### #",
                "# #   # #   #",
                "### ### ### #",
                "#     #     #",
                "# ### # ### #",
                "#           #",
                "#############",
            ],
        ),
        (
            "binary-tree",
            [
                "#############",
                "# # #       #",
                "# # # # ### #",
                "#   #   #   #",
                "# # ### ### #",
                "# #       # #",
                "# ####### # #",
                "#           #",
                "#############",
            ],
        ),
        (
            "sidewinder",
            [
                "#############",
                "#   #     # #",
                "# # # ### # #",
                "# #   # #   #",
                "# ### # ### #",
                "# # # # #   #",
                "# # # # ### #",
                "#           #",
                "#############",
            ],
        ),
        (
            "growing-tree:oldest",
            [
                "#############",
                "#           #",
                "##### ##### #",
                "#           #",
                "### # # #####",
                "#   # #     #",
                "### # # ### #",
                "#   #       #",
                "#############",
            ],
        ),
        (
            "growing-tree:random",
            [
                "#############",
                "#       #   #",
                "# # # # # ###",
                "#   # #     #",
                "# ### # # # #",
                "# # # # # # #",
                "# # # # # ###",
                "#     #     #",
                "#############",
            ],
        ),
        (
            "growing-tree:mixed:0.5",
            [
                "#############",
                "#       #   #",
                "# ##### # ###",
                "# #   #     #",
                "# # # ##### #",
                "# # #     # #",
                "# # ####### #",
                "#           #",
                "#############",
            ],
        ),
    ];
    for (name, lines) in expected {
        let algorithm: Algorithm = name.parse().unwrap();
        let mut rng = Lcg31::new(2026);
        let mut maze = generate(algorithm, 6, 4, &mut rng).unwrap();
        braid(&mut maze, 0.5, &mut rng).unwrap();
        let ascii: String = lines.iter().map(|line| format!("{line}\n")).collect();
        assert_eq!(maze.to_ascii(), ascii, "{name}");
    }
}

/// FNV-1a over the cells: a short fingerprint of a whole maze.
fn fingerprint(maze: &Maze) -> u64 {
    maze.cells()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &bits| {
            (hash ^ u64::from(bits)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// Larger mazes, pinned by fingerprint.
#[test]
fn value_stability_large() {
    let expected: [(&str, u64); 9] = [
        ("dfs", 9842533521195147638),
        ("prim", 8690881687546350759),
        ("kruskal", 4814912677433673437),
        ("binary-tree", 8038777171260830517),
        ("sidewinder", 2753944645950556758),
        ("growing-tree:newest", 9842533521195147638),
        ("growing-tree:oldest", 12073522028771479702),
        ("growing-tree:random", 1422768947877605853),
        ("growing-tree:mixed:0.25", 13832713008113975316),
    ];
    for (name, hash) in expected {
        let algorithm: Algorithm = name.parse().unwrap();
        let maze = generate(algorithm, 100, 70, &mut Lcg31::new(7)).unwrap();
        assert_eq!(fingerprint(&maze), hash, "{name}");
    }
    // The mixed policy's batched draws, from 2^18 cells.
    let algorithm = Algorithm::GrowingTree(GrowingPolicy::Mixed { newest: 0.5 });
    let maze = generate(algorithm, 520, 510, &mut Lcg31::new(7)).unwrap();
    assert_eq!(
        fingerprint(&maze),
        9401664953941915556,
        "batched growing-tree:mixed"
    );
}

/// Replays fixed 31-bit outputs, to put draws right on the edges of the range reductions.
struct Replay(Vec<u32>, usize);

impl rng::Rng31 for Replay {
    fn next_u31(&mut self) -> u32 {
        let value = self.0[self.1 % self.0.len()];
        self.1 += 1;
        value
    }
}

#[test]
fn integer_chance_equals_the_float_chance() {
    use rng::Rng31;
    for p in [
        0.0,
        1e-9,
        0.25,
        0.3,
        0.5,
        0.75,
        0.999,
        1.0,
        1.5,
        -0.1,
        f64::NAN,
    ] {
        let chance = draw::Chance::new(p);
        let scaled = (p * 2_147_483_648.0).ceil().clamp(1.0, 2_147_483_647.0) as u32;
        let mut draws = vec![
            0u32,
            1,
            0x7FFF_FFFF,
            scaled,
            scaled.saturating_sub(1),
            (scaled + 1).min(0x7FFF_FFFF),
        ];
        let mut stream = Lcg31::new(99);
        draws.extend((0..2000).map(|_| stream.next_u31()));
        let (mut ours, mut theirs) = (Replay(draws.clone(), 0), Replay(draws.clone(), 0));
        for _ in 0..draws.len() {
            assert_eq!(chance.draw(&mut ours), theirs.chance(p), "p {p}");
        }
    }
}

/// The walls of a `width x height` maze in enumeration order (row by row, each cell's east wall
/// then its south wall), as (cell, south).
fn walls_in_order(width: usize, height: usize) -> Vec<(usize, bool)> {
    let mut walls = Vec::new();
    for y in 0..height {
        for x in 0..width {
            if x + 1 < width {
                walls.push((y * width + x, false));
            }
            if y + 1 < height {
                walls.push((y * width + x, true));
            }
        }
    }
    walls
}

/// Textbook Kruskal: the walls in the order given, each opened when a plain union-find says
/// its cells are apart.
fn kruskal_over(width: usize, height: usize, walls: &[(usize, bool)]) -> Maze {
    fn root(parent: &mut [usize], mut cell: usize) -> usize {
        while parent[cell] != cell {
            parent[cell] = parent[parent[cell]];
            cell = parent[cell];
        }
        cell
    }
    let mut maze = Maze::closed(width, height).unwrap();
    let mut parent: Vec<usize> = (0..width * height).collect();
    for &(cell, south) in walls {
        let other = if south { cell + width } else { cell + 1 };
        let (a, b) = (root(&mut parent, cell), root(&mut parent, other));
        if a != b {
            parent[a] = b;
            let dir = if south { Dir4::S } else { Dir4::E };
            assert!(maze.open_wall(cell % width, cell / width, dir));
        }
    }
    maze
}

/// Kruskal as its file defines it, without blocks: one key per wall in enumeration order (the
/// top 21 bits of a draw), the walls taken by (key, id).
fn kruskal_by_sorted_keys(width: usize, height: usize, rng: &mut impl rng::Rng31) -> Maze {
    let walls = walls_in_order(width, height);
    let mut keyed: Vec<(u32, usize, (usize, bool))> = walls
        .iter()
        .map(|&(cell, south)| {
            (
                rng.next_u31() >> 10,
                cell * 2 + usize::from(south),
                (cell, south),
            )
        })
        .collect();
    keyed.sort_unstable();
    let order: Vec<(usize, bool)> = keyed.iter().map(|&(_, _, wall)| wall).collect();
    kruskal_over(width, height, &order)
}

/// The blocks, their cut and cycle rules and the last pass over the parts give exactly the
/// minimum spanning tree of the keys, and draw exactly one key per wall. The sizes cut blocks at
/// every kind of edge (whole and partial blocks, one-cell strips, one block, many).
#[test]
fn kruskal_is_the_minimum_spanning_tree_of_its_keys() {
    let sizes = [
        (1, 1),
        (2, 1),
        (1, 2),
        (6, 4),
        (32, 32),
        (33, 33),
        (64, 64),
        (100, 70),
        (33, 97),
        (1, 3000),
        (3000, 1),
        (2, 300),
        (31, 200),
        (65, 65),
        (129, 40),
        (97, 96),
        (40, 161),
    ];
    let mut generator = Generator::new();
    let mut maze = Maze::closed(1, 1).unwrap();
    let mut scratch = kruskal::Scratch::default();
    for (width, height) in sizes {
        for seed in 0..6 {
            let mut reference_rng = Lcg31::new(seed);
            let reference = kruskal_by_sorted_keys(width, height, &mut reference_rng);
            let mut rng = Lcg31::new(seed);
            generator
                .generate_into(&mut maze, Algorithm::Kruskal, width, height, &mut rng)
                .unwrap();
            let context = format!("{width}x{height} seed {seed}");
            check_perfect(&maze, &context);
            assert!(maze == reference, "{context}");
            assert_eq!(rng.state(), reference_rng.state(), "{context}");
            assert_eq!(rng.draws(), walls_in_order(width, height).len() as u64);
            for blocks in [true, false] {
                let mut rng = Lcg31::new(seed);
                let mut maze = Maze::closed(width, height).unwrap();
                kruskal::carve_kruskal_with(
                    maze.cells_mut(),
                    width,
                    &mut rng,
                    &mut scratch,
                    blocks,
                );
                assert!(maze == reference, "{context}, blocks {blocks}");
                assert_eq!(rng.state(), reference_rng.state(), "{context}");
            }
            let mut rng = Lcg31::new(seed);
            let mut maze = Maze::closed(width, height).unwrap();
            kruskal::carve_kruskal_in_halves(maze.cells_mut(), width, &mut rng, &mut scratch);
            assert!(maze == reference, "{context}, halves");
            assert_eq!(rng.state(), reference_rng.state(), "{context}, halves");
        }
    }
}

/// Kruskal takes its keys with `fill_u31`, which an [`Lcg31`] computes eight at a time and a
/// generator that does not override it draws one by one: the same stream gives the same maze
/// either way, and leaves the [`Lcg31`] where the draws one by one leave it (widths round every
/// remainder of the lanes, heights round a stripe).
#[test]
fn kruskal_lanes_match_draws_one_by_one() {
    /// An [`Lcg31`] with the trait's own `fill_u31`, one draw after the other.
    struct OneByOne(Lcg31);
    impl rng::Rng31 for OneByOne {
        fn next_u31(&mut self) -> u32 {
            self.0.next_u31()
        }
    }
    let mut scratch = kruskal::Scratch::default();
    for width in (2..=18).chain([40, 129]) {
        for height in [1, 31, 32, 33, 70] {
            let seed = (width * 100 + height) as u32;
            let mut lanes_rng = Lcg31::new(seed);
            let mut one_rng = OneByOne(Lcg31::new(seed));
            let mut lanes_maze = Maze::closed(width, height).unwrap();
            let mut one_maze = Maze::closed(width, height).unwrap();
            let cells = lanes_maze.cells_mut();
            kruskal::carve_kruskal_with(cells, width, &mut lanes_rng, &mut scratch, true);
            let cells = one_maze.cells_mut();
            kruskal::carve_kruskal_with(cells, width, &mut one_rng, &mut scratch, true);
            let context = format!("{width}x{height}");
            assert!(lanes_maze == one_maze, "{context}");
            assert_eq!(lanes_rng.state(), one_rng.0.state(), "{context}");
            assert_eq!(lanes_rng.draws(), one_rng.0.draws(), "{context}");
            let mut halves_rng = OneByOne(Lcg31::new(seed));
            let mut halves_maze = Maze::closed(width, height).unwrap();
            let cells = halves_maze.cells_mut();
            kruskal::carve_kruskal_in_halves(cells, width, &mut halves_rng, &mut scratch);
            assert!(lanes_maze == halves_maze, "{context}, halves");
            assert_eq!(lanes_rng.state(), halves_rng.0.state(), "{context}, halves");
        }
    }
}

/// Tied keys are taken by wall id, in the blocks as in the last pass: a generator with only a
/// few distinct outputs makes ties everywhere.
#[test]
fn kruskal_breaks_tied_keys_by_wall_id() {
    let mut stream = Lcg31::new(5);
    for distinct in [1u32, 2, 3, 17] {
        let draws: Vec<u32> = (0..977)
            .map(|_| (stream.next_u31() % distinct) << 26)
            .collect();
        for (width, height) in [(40, 40), (70, 33), (5, 90)] {
            let reference = kruskal_by_sorted_keys(width, height, &mut Replay(draws.clone(), 0));
            for blocks in [true, false] {
                let mut maze = Maze::closed(width, height).unwrap();
                let mut scratch = kruskal::Scratch::default();
                let mut replay = Replay(draws.clone(), 0);
                kruskal::carve_kruskal_with(
                    maze.cells_mut(),
                    width,
                    &mut replay,
                    &mut scratch,
                    blocks,
                );
                let context =
                    format!("{width}x{height}, {distinct} distinct keys, blocks {blocks}");
                check_perfect(&maze, &context);
                assert!(maze == reference, "{context}");
            }
            let mut maze = Maze::closed(width, height).unwrap();
            let mut scratch = kruskal::Scratch::default();
            let mut replay = Replay(draws.clone(), 0);
            kruskal::carve_kruskal_in_halves(maze.cells_mut(), width, &mut replay, &mut scratch);
            let context = format!("{width}x{height}, {distinct} distinct keys, halves");
            check_perfect(&maze, &context);
            assert!(maze == reference, "{context}");
        }
    }
}

/// Means and standard errors, over `samples` mazes, of three shares per cell: dead ends,
/// junctions (three or four passages), and passages running east-west among all passages.
fn shape_figures(samples: u32, mut make: impl FnMut(u32) -> Maze) -> [(f64, f64); 3] {
    let figures: Vec<[f64; 3]> = (0..samples)
        .map(|seed| {
            let maze = make(seed);
            let cells = maze.cell_count() as f64;
            let junctions = maze
                .cells()
                .iter()
                .filter(|&&bits| bits.count_ones() >= 3)
                .count();
            let east = maze
                .cells()
                .iter()
                .filter(|&&bits| bits & Dir4::E.bit() != 0)
                .count();
            [
                maze.dead_ends() as f64 / cells,
                junctions as f64 / cells,
                east as f64 / maze.passages() as f64,
            ]
        })
        .collect();
    let n = f64::from(samples);
    std::array::from_fn(|figure| {
        let mean = figures.iter().map(|f| f[figure]).sum::<f64>() / n;
        let variance = figures
            .iter()
            .map(|f| (f[figure] - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        (mean, (variance / n).sqrt())
    })
}

/// Asserts that two sets of [`shape_figures`] agree within five standard errors of their
/// difference.
fn assert_same_shape(ours: [(f64, f64); 3], reference: [(f64, f64); 3], context: &str) {
    let names = ["dead ends", "junctions", "east-west passages"];
    for ((name, (mean, se)), (reference_mean, reference_se)) in
        names.iter().zip(ours).zip(reference)
    {
        let tolerance = 5.0 * (se.powi(2) + reference_se.powi(2)).sqrt();
        assert!(
            (mean - reference_mean).abs() < tolerance,
            "{context}: {name} {mean} against {reference_mean} (tolerance {tolerance})"
        );
    }
}

/// Sorting by random keys is a uniformly random order: the mazes look like those of a
/// Fisher-Yates shuffle of the wall list, the textbook form (and the one this crate used first).
#[test]
fn kruskal_mazes_look_like_a_shuffled_wall_list() {
    let (width, height) = (70, 70);
    let ours = shape_figures(200, |seed| {
        generate(Algorithm::Kruskal, width, height, &mut Lcg31::new(seed)).unwrap()
    });
    let reference = shape_figures(200, |seed| {
        let mut walls = walls_in_order(width, height);
        rng::Rng31::shuffle(&mut Lcg31::new(seed + 100_000), &mut walls);
        kruskal_over(width, height, &walls)
    });
    assert_same_shape(ours, reference, "kruskal");
}

/// The growing tree's mixed policy as document 004 states it, on a plain ordered list: the
/// newest cell with probability `newest`, else a uniformly random one; a cell without unvisited
/// neighbours leaves the list.
fn growing_tree_mixed_by_the_book(width: usize, height: usize, newest: f64, seed: u32) -> Maze {
    use rng::Rng31;
    let mut rng = Lcg31::new(seed);
    let mut maze = Maze::closed(width, height).unwrap();
    let mut visited = vec![false; width * height];
    let start = rng.index(width * height).unwrap();
    visited[start] = true;
    let mut list = vec![start];
    while !list.is_empty() {
        let slot = if rng.chance(newest) {
            list.len() - 1
        } else {
            rng.index(list.len()).unwrap()
        };
        let cell = list[slot];
        let (x, y) = (cell % width, cell / width);
        let options: Vec<(Dir4, usize)> = Dir4::ALL
            .into_iter()
            .filter_map(|dir| {
                maze.neighbor(x, y, dir)
                    .map(|(nx, ny)| (dir, ny * width + nx))
            })
            .filter(|&(_, next)| !visited[next])
            .collect();
        if options.is_empty() {
            list.remove(slot);
            continue;
        }
        let (dir, next) = options[rng.index(options.len()).unwrap()];
        assert!(maze.open_wall(x, y, dir));
        visited[next] = true;
        list.push(next);
    }
    maze
}

/// The mixed policy's live list and insertion-order stack pick as the plain ordered list does:
/// the same shares of dead ends, junctions and east-west passages.
#[test]
fn growing_tree_mixed_mazes_look_like_the_plain_ordered_list() {
    let (width, height) = (40, 40);
    for newest in [0.25, 0.5, 0.9] {
        let algorithm = Algorithm::GrowingTree(GrowingPolicy::Mixed { newest });
        let ours = shape_figures(200, |seed| {
            generate(algorithm, width, height, &mut Lcg31::new(seed)).unwrap()
        });
        let reference = shape_figures(200, |seed| {
            growing_tree_mixed_by_the_book(width, height, newest, seed + 100_000)
        });
        assert_same_shape(ours, reference, &format!("mixed {newest}"));
    }
}

/// A mixed growing tree, its random picks' draws batched (as from 2^18 cells) or not.
fn growing_tree_mixed(width: usize, height: usize, newest: f64, seed: u32, batched: bool) -> Maze {
    let mut maze = Maze::closed(width, height).unwrap();
    let mut grid = padded::PaddedGrid::default();
    grid.reset(width, height);
    let mut scratch = Vec::new();
    growing_tree::carve_growing_tree(
        &mut grid,
        width * height,
        width,
        GrowingPolicy::Mixed { newest },
        &mut Lcg31::new(seed),
        &mut scratch,
        batched,
    );
    grid.write_to(maze.cells_mut(), width);
    maze
}

/// The batched draws (large mazes) give the mixed policy's mazes too: perfect, and shaped as
/// the plain ordered list's; without batching, the mazes are those `generate` makes below 2^18
/// cells.
#[test]
fn growing_tree_mixed_batched_draws_keep_the_policy() {
    let (width, height) = (40, 40);
    for newest in [0.25, 0.5, 0.9] {
        let ours = shape_figures(200, |seed| {
            let maze = growing_tree_mixed(width, height, newest, seed, true);
            check_perfect(&maze, &format!("batched mixed {newest} seed {seed}"));
            maze
        });
        let reference = shape_figures(200, |seed| {
            growing_tree_mixed_by_the_book(width, height, newest, seed + 100_000)
        });
        assert_same_shape(ours, reference, &format!("batched mixed {newest}"));
    }
    let algorithm = Algorithm::GrowingTree(GrowingPolicy::Mixed { newest: 0.5 });
    for seed in 0..20 {
        let plain = generate(algorithm, 30, 20, &mut Lcg31::new(seed)).unwrap();
        assert_eq!(growing_tree_mixed(30, 20, 0.5, seed, false), plain);
        assert_ne!(growing_tree_mixed(30, 20, 0.5, seed, true), plain);
    }
}
