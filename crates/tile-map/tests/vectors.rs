//! Runs every map of every reference file in `tests/vectors/` (maps made by the real game's
//! generator, see the README of the shared vectors) and reports the matches per file; all must
//! match. A mismatch prints the first differing line and the header figures of both sides.
//! The `rare_*` files hold seeds that reach rare paths (most layout attempts and spawn passes,
//! shops, monster houses, moats, both ends of the u32 seed range), each map checked identical
//! to a public port of the game run through a differential harness.

use std::fmt::Write as _;

use tile_map::{parse_properties, preset, Generator, Quirks};

struct Case {
    preset: String,
    overrides: String,
    header: String,
    seed: u32,
    lines: Vec<String>,
}

fn field<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    header.split_whitespace().find_map(|word| {
        word.strip_prefix(key)
            .and_then(|rest| rest.strip_prefix('='))
    })
}

fn read_cases(text: &str) -> Vec<Case> {
    let mut lines = text.lines();
    let file_header = lines.next().unwrap_or_default();
    let preset_name = field(file_header, "preset").unwrap_or("std").to_string();
    let mut overrides = String::new();
    for key in ["allow_dead_ends", "layout"] {
        if let Some(value) = field(file_header, key) {
            let _ = writeln!(overrides, "{key}: {value}");
        }
    }
    let mut cases = Vec::new();
    while let Some(header) = lines.next() {
        if header.trim().is_empty() {
            continue;
        }
        let seed = field(header, "seed")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let map: Vec<String> = lines.by_ref().take(32).map(str::to_string).collect();
        cases.push(Case {
            preset: preset_name.clone(),
            overrides: overrides.clone(),
            header: header.to_string(),
            seed,
            lines: map,
        });
    }
    cases
}

#[test]
fn every_reference_map_matches() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("vector directory")
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".txt"))
        .collect();
    names.sort();
    let rare_files = names
        .iter()
        .filter(|name| name.starts_with("rare_"))
        .count();
    assert!(
        names.len() - rare_files >= 24 && rare_files >= 22,
        "expected the 24 vector files and the 22 rare-seed files, found {} and {rare_files}",
        names.len() - rare_files
    );
    let mut generator = Generator::new();
    let mut report = String::new();
    let mut all_match = true;
    for name in &names {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).expect("vector file");
        let cases = read_cases(&text);
        let mut matched = 0;
        let mut first_failure = String::new();
        for case in &cases {
            let base = preset(&case.preset).expect("preset");
            let props = parse_properties(&case.overrides, &base).expect("overrides");
            generator.generate(&props, Quirks::Faithful, case.seed);
            let map = generator.map();
            let ascii = map.to_ascii();
            let ours: Vec<&str> = ascii.lines().collect();
            let want_summary = case
                .header
                .split_once("rooms=")
                .map(|(_, rest)| format!("rooms={rest}"));
            let same_figures = want_summary.as_deref() == Some(map.summary().as_str());
            if same_figures && ours == case.lines.iter().map(String::as_str).collect::<Vec<_>>() {
                matched += 1;
            } else if first_failure.is_empty() {
                let row = ours
                    .iter()
                    .zip(&case.lines)
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                first_failure = format!(
                    "\n    seed {}: first difference on row {row}\n    want {}\n    got  {}\n    want {}\n    got  {}",
                    case.seed,
                    case.header,
                    map.summary(),
                    case.lines.get(row).map(String::as_str).unwrap_or(""),
                    ours.get(row).copied().unwrap_or("")
                );
            }
        }
        all_match &= matched == cases.len() && !cases.is_empty();
        let _ = writeln!(
            report,
            "{name}: {matched}/{} match{first_failure}",
            cases.len()
        );
    }
    println!("{report}");
    assert!(all_match, "reference maps differ:\n{report}");
}
