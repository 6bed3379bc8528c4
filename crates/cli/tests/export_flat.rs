//! End-to-end tests of `dungeon export --from floor|map`: the 2D generators extruded into
//! Minecraft files, reproducibly, with bad input rejected before anything is written.

mod common;
use common::dungeon;

use std::path::Path;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("dungeon-export-flat-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_floor_of_a_run_exports_reproducibly() {
    let base = temp_dir("floors");
    for depth in ["1", "2", "3", "4"] {
        let first = base.join(format!("a{depth}"));
        let second = base.join(format!("b{depth}"));
        for out in [&first, &second] {
            let run = dungeon(&[
                "export",
                "--from",
                "floor",
                "--seed",
                "11",
                "--depth",
                depth,
                "--schem",
                "--out",
                out.to_str().expect("utf-8 temp path"),
            ]);
            assert!(
                run.status.success(),
                "{}",
                String::from_utf8_lossy(&run.stderr)
            );
        }
        for file in [
            "dungeon.nbt",
            "dungeon.schem",
            "preview.txt",
            "preview.png",
            "datapack/pack.mcmeta",
            "datapack/data/dungeon/structure/map.nbt",
            "datapack/data/dungeon/function/place.mcfunction",
        ] {
            assert_eq!(
                read(&first.join(file)),
                read(&second.join(file)),
                "depth {depth}: {file}"
            );
        }
        let preview = String::from_utf8(read(&first.join("preview.txt"))).expect("utf-8");
        assert!(preview.starts_with(&format!("floor {depth}")), "{preview}");
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_tile_map_floor_exports_at_the_asked_scale() {
    let out = temp_dir("map");
    let run = dungeon(&[
        "export",
        "--from",
        "map",
        "--preset",
        "water",
        "--seed",
        "3",
        "--scale",
        "1",
        "--out",
        out.to_str().expect("utf-8 temp path"),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8(run.stdout).expect("utf-8");
    assert!(stdout.contains("56 x 5 x 32 blocks"), "{stdout}");
    // The preview is exactly the map's ASCII view.
    let map = dungeon(&[
        "map", "--preset", "water", "--seed", "3", "--format", "ascii",
    ]);
    assert_eq!(read(&out.join("preview.txt")), map.stdout);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn bad_input_exits_2_and_writes_nothing() {
    for (name, args) in [
        ("preset", &["--from", "map", "--preset", "nope"][..]),
        ("depth", &["--from", "floor", "--depth", "5"]),
        ("code", &["--from", "floor", "--code", "ABC"]),
        ("scale", &["--from", "map", "--scale", "0"]),
    ] {
        let out = temp_dir(name);
        let mut full = vec!["export"];
        full.extend_from_slice(args);
        full.extend_from_slice(&["--out", out.to_str().expect("utf-8 temp path")]);
        let run = dungeon(&full);
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(!out.exists(), "{args:?} left {}", out.display());
    }
}
