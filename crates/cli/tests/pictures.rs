//! End-to-end tests of `--format png` and `--out` on `map`, `floor`, `layout` and `maze`: the
//! picture is a PNG of the expected size, the same run gives the same bytes, `--out` writes
//! exactly what standard output gets, and a batch asked for as a picture, or an `--out` that is
//! a folder, is refused with exit status 2 and nothing written.

mod common;
use common::dungeon_in;

use std::fs;
use std::path::PathBuf;

/// An empty folder of the test's own (the tests run in parallel).
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("pictures")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The width and height in a PNG's header, after checking the signature and the chunk order.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[12..16], b"IHDR");
    assert_eq!(&bytes[bytes.len() - 8..bytes.len() - 4], b"IEND");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    (word(16), word(20))
}

#[test]
fn every_view_draws_a_picture_and_out_matches_stdout() {
    let dir = scratch("views");
    let pack = common::root().join("configs/packs/mines.yaml");
    let pack = pack.to_str().expect("UTF-8 path");
    let runs: [&[&str]; 5] = [
        &["map", "--preset", "std", "--seed", "3"],
        &["floor", "--seed", "7", "--depth", "all"],
        &["floor", "--seed", "7", "--depth", "2"],
        &["layout", "--pack", pack, "--seed", "2"],
        &[
            "maze",
            "--algorithm",
            "prim",
            "-W",
            "30",
            "-H",
            "12",
            "--seed",
            "4",
        ],
    ];
    for run in runs {
        for format in ["ascii", "json", "png"] {
            let mut args = run.to_vec();
            args.extend(["--format", format]);
            let printed = dungeon_in(&dir, &args);
            assert!(printed.status.success(), "{args:?}: {:?}", printed.stderr);
            args.extend(["--out", "sub/out.file"]);
            let written = dungeon_in(&dir, &args);
            assert!(written.status.success(), "{args:?}: {:?}", written.stderr);
            assert!(written.stdout.is_empty(), "{args:?}");
            let file = fs::read(dir.join("sub/out.file")).expect("the --out file");
            assert_eq!(file, printed.stdout, "{args:?}");
            if format == "png" {
                let (width, height) = png_size(&file);
                assert!(width >= 100 && height >= 50, "{args:?}: {width} x {height}");
                assert!(width.max(height) <= 1100, "{args:?}: {width} x {height}");
            }
        }
    }
    // Four boards side by side are wider than one, at the same height.
    let size = |depth: &str| {
        let output = dungeon_in(&dir, &["floor", "--depth", depth, "--format", "png"]);
        png_size(&output.stdout)
    };
    let (one, all) = (size("4"), size("all"));
    assert!(all.0 > 3 * one.0 && all.1 <= one.1, "{one:?} {all:?}");
}

#[test]
fn batches_and_oversized_pictures_are_refused() {
    let dir = scratch("refused");
    let runs: [&[&str]; 5] = [
        &["map", "--count", "2"],
        &["map", "--stats"],
        &["floor", "--count", "2"],
        &["maze", "--count", "2"],
        &["maze", "-W", "5000", "-H", "3", "--seed", "1"],
    ];
    for run in runs {
        let mut args = run.to_vec();
        args.extend(["--format", "png", "--out", "picture.png"]);
        let output = dungeon_in(&dir, &args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            fs::read_dir(&dir).expect("scratch").next().is_none(),
            "{args:?} left a file"
        );
    }
    // An existing folder is not a file to write: refused, and left as it was.
    fs::create_dir(dir.join("folder")).expect("a folder");
    for command in ["map", "floor", "layout", "maze"] {
        let output = dungeon_in(&dir, &[command, "--seed", "1", "--out", "folder"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains("folder: is a folder"),
            "{command}: {stderr}"
        );
        assert!(fs::read_dir(dir.join("folder"))
            .expect("folder")
            .next()
            .is_none());
    }
}
