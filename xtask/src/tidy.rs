//! The tidy checks: cheap rules over the source tree that a reviewer would otherwise enforce.

use std::fs;
use std::path::Path;

/// Crates whose output must not depend on hash iteration order.
const GENERATOR_CRATES: [&str; 5] = ["rng", "grid-floor", "tile-map", "connectors", "nbt-export"];

/// Returns every problem found, one line each, paths relative to `root`.
pub fn problems(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for dir in ["crates", "xtask", "tests"] {
        crate::files_with_extension(&root.join(dir), "rs", &mut files);
    }
    let mut problems = Vec::new();
    // Built from pieces so that this file does not flag itself.
    let banned_macros = [concat!("todo", "!("), concat!("unimplemented", "!(")];
    let banned_types = [concat!("Hash", "Map"), concat!("Hash", "Set")];
    for path in files {
        let shown = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let Ok(text) = fs::read_to_string(&path) else {
            problems.push(format!("{shown}: cannot be read as UTF-8"));
            continue;
        };
        if !text.starts_with("//!") {
            problems.push(format!(
                "{shown}:1: the file must start with a `//!` header"
            ));
        }
        let in_generator = GENERATOR_CRATES
            .iter()
            .any(|c| shown.starts_with(&format!("crates/{c}/src")));
        for (line_no, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for banned in banned_macros {
                if code.contains(banned) {
                    problems.push(format!(
                        "{shown}:{}: `{banned}` left in the code",
                        line_no + 1
                    ));
                }
            }
            if in_generator {
                for banned in banned_types {
                    if code.contains(banned) {
                        problems.push(format!(
                            "{shown}:{}: `{banned}` in a generator crate (iteration order would \
                             leak into output; use BTreeMap, Vec or a bitset)",
                            line_no + 1
                        ));
                    }
                }
            }
        }
    }
    problems
}

/// Runs the checks and reports them all.
pub fn run(root: &Path) -> Result<(), String> {
    let found = problems(root);
    if found.is_empty() {
        println!("tidy: ok");
        return Ok(());
    }
    for problem in &found {
        eprintln!("{problem}");
    }
    Err(format!("{} tidy problem(s)", found.len()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn tree_is_tidy() {
        let root = super::super::workspace_root();
        let found = super::problems(&root);
        assert!(found.is_empty(), "tidy problems:\n{}", found.join("\n"));
    }
}
