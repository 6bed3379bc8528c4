//! End-to-end tests of `dungeon export`: the default run writes the data pack, the room files,
//! the combined file and the preview; the same seed gives byte-identical folders; a corrupt or
//! truncated room file, or a bad option, is a one-line error with exit status 2 that leaves no
//! output behind.

mod common;
use common::{dungeon_in, root};

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

/// A fresh scratch folder per test (under the target dir, removed first).
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("export-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Every file below `dir`, relative, sorted, with its bytes.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<(String, Vec<u8>)>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(dir)
            .expect("readable")
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(base, &path, out);
            } else {
                let name = path
                    .strip_prefix(base)
                    .expect("inside")
                    .display()
                    .to_string();
                out.push((name, fs::read(&path).expect("readable")));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

fn one_line_error(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(stderr.starts_with("dungeon: error: "), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    stderr
}

#[test]
fn with_no_arguments_it_writes_out_with_everything() {
    let dir = scratch("default");
    let output = dungeon_in(&dir, &["export"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out = dir.join("out");
    for file in [
        "dungeon.nbt",
        "preview.txt",
        "preview.png",
        "datapack/pack.mcmeta",
        "datapack/data/dungeon/function/place.mcfunction",
        "rooms/000_entrance_hall.nbt",
    ] {
        assert!(out.join(file).is_file(), "missing {file}");
    }
    let png = std::fs::read(out.join("preview.png")).expect("preview.png");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(
        !out.join("dungeon.schem").exists(),
        "--schem was not asked for"
    );
    let files = tree(&out);
    let rooms = files
        .iter()
        .filter(|(n, _)| n.starts_with("rooms/"))
        .count();
    let function = fs::read_to_string(out.join("datapack/data/dungeon/function/place.mcfunction"))
        .expect("function");
    let commands = function
        .lines()
        .filter(|l| l.starts_with("place template dungeon:"))
        .count();
    assert_eq!(
        rooms, commands,
        "one room file and one command per placed room"
    );
    // Every template a command names is in the pack.
    for line in function.lines().filter(|l| l.starts_with("place")) {
        let name = line.split_whitespace().nth(2).expect("name");
        let path = format!(
            "datapack/data/dungeon/structure/{}.nbt",
            name.trim_start_matches("dungeon:")
        );
        assert!(out.join(&path).is_file(), "{path}");
    }
    // Every written structure is gzip.
    for (name, bytes) in &files {
        if name.ends_with(".nbt") {
            assert_eq!(bytes[..2], [0x1f, 0x8b], "{name}");
        }
    }
}

#[test]
fn the_same_seed_gives_byte_identical_folders_and_another_seed_does_not() {
    let dir = scratch("twice");
    for (out, seed) in [("a", "5"), ("b", "5"), ("c", "6")] {
        let output = dungeon_in(
            &dir,
            &["export", "--seed", seed, "--schem", "--out", out, "--pack"]
                .iter()
                .copied()
                .chain([root()
                    .join("configs/packs/mines.yaml")
                    .to_str()
                    .expect("utf8")])
                .collect::<Vec<_>>(),
        );
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    assert_eq!(tree(&dir.join("a")), tree(&dir.join("b")));
    assert_ne!(tree(&dir.join("a")), tree(&dir.join("c")));
    assert!(dir.join("a/dungeon.schem").is_file());
}

#[test]
fn older_versions_get_their_pack_format_and_folders() {
    let dir = scratch("old");
    let output = dungeon_in(&dir, &["export", "--mc-version", "1.20.1"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let meta = fs::read_to_string(dir.join("out/datapack/pack.mcmeta")).expect("meta");
    assert!(meta.contains("\"pack_format\": 15"), "{meta}");
    assert!(dir
        .join("out/datapack/data/dungeon/functions/place.mcfunction")
        .is_file());
}

/// Copies the built-in rooms so one can be damaged.
fn rooms_copy(dir: &Path) -> PathBuf {
    let rooms = dir.join("rooms");
    for (name, bytes) in tree(&root().join("structures")) {
        let path = rooms.join(name);
        fs::create_dir_all(path.parent().expect("parent")).expect("folder");
        fs::write(path, bytes).expect("copy");
    }
    rooms
}

#[test]
fn corrupt_or_truncated_room_files_are_one_line_errors_and_leave_no_output() {
    let dir = scratch("corrupt");
    let rooms = rooms_copy(&dir);
    let entrance = rooms.join("castle/entrance_hall.nbt");
    let good = fs::read(&entrance).expect("room");
    let rooms_arg = rooms.to_str().expect("utf8");

    // The copy itself is fine.
    let output = dungeon_in(
        &dir,
        &["export", "--structures", rooms_arg, "--out", "fine"],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x55;
    for (case, bytes) in [
        ("truncated", good[..good.len() / 3].to_vec()),
        ("flipped", flipped),
        ("not gzip", b"hello".to_vec()),
        ("empty", Vec::new()),
    ] {
        fs::write(&entrance, &bytes).expect("damage");
        let output = dungeon_in(&dir, &["export", "--structures", rooms_arg, "--out", "bad"]);
        let message = one_line_error(&output);
        assert!(message.contains("entrance_hall.nbt"), "{case}: {message}");
        assert!(
            !dir.join("bad").exists(),
            "{case}: partial output left behind"
        );
    }
    fs::remove_file(&entrance).expect("remove");
    let message = one_line_error(&dungeon_in(
        &dir,
        &["export", "--structures", rooms_arg, "--out", "bad"],
    ));
    assert!(message.contains("cannot read room"), "{message}");
}

#[test]
fn bad_options_are_bad_input() {
    let dir = scratch("options");
    let message = one_line_error(&dungeon_in(&dir, &["export", "--mc-version", "1.8"]));
    assert!(
        message.contains("unknown Minecraft version `1.8`"),
        "{message}"
    );
    let message = one_line_error(&dungeon_in(&dir, &["export", "--engine", "teleport"]));
    assert!(message.contains("unknown engine"), "{message}");
    let message = one_line_error(&dungeon_in(&dir, &["export", "--namespace", "Big Dungeon"]));
    assert!(message.contains("namespace"), "{message}");
    assert!(!dir.join("out").exists());
}

/// Names in `dir` other than `keep`: what a run left behind.
fn leftovers(dir: &Path, keep: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("read scratch")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| !keep.contains(&n.as_str()))
        .collect();
    names.sort();
    names
}

#[test]
fn only_an_empty_folder_or_an_earlier_export_is_replaced() {
    let dir = scratch("replace");
    // A folder of the user's own is never deleted, and nothing is left beside it.
    fs::create_dir_all(dir.join("mine")).expect("mkdir");
    fs::write(dir.join("mine/notes.txt"), "keep me").expect("write");
    let message = one_line_error(&dungeon_in(&dir, &["export", "--out", "mine"]));
    assert!(message.contains("not an earlier export"), "{message}");
    assert_eq!(
        fs::read_to_string(dir.join("mine/notes.txt")).expect("kept"),
        "keep me"
    );
    // `.` is the user's folder too: resolved, refused, no temporary folder left in it.
    let message = one_line_error(&dungeon_in(&dir.join("mine"), &["export", "--out", "."]));
    assert!(message.contains("not an earlier export"), "{message}");
    assert_eq!(leftovers(&dir.join("mine"), &[]), ["notes.txt"]);
    // A file is not a folder.
    fs::write(dir.join("file.nbt"), "data").expect("write");
    let message = one_line_error(&dungeon_in(&dir, &["export", "--out", "file.nbt"]));
    assert!(message.contains("not a folder"), "{message}");
    assert_eq!(fs::read(dir.join("file.nbt")).expect("kept"), b"data");
    // An empty folder and an earlier export are replaced.
    fs::create_dir_all(dir.join("empty")).expect("mkdir");
    for _ in 0..2 {
        let output = dungeon_in(&dir, &["export", "--out", "empty"]);
        assert!(output.status.success(), "{output:?}");
        assert!(dir.join("empty/datapack/pack.mcmeta").is_file());
    }
    assert_eq!(leftovers(&dir, &[]), ["empty", "file.nbt", "mine"]);
}
