//! Reading the YAML (or JSON) files a user hands the CLI: a read failure is bad input naming the
//! file, and so is text nested so deeply in brackets that the YAML scanner would take minutes
//! (its cost grows with the square of the flow nesting depth; no config needs more than a few),
//! and so is a file of several YAML documents, named by the line where the second one starts
//! (the YAML parser rejects such a file without saying where).

use std::path::Path;

use crate::fail::bad_input;

/// The deepest nesting of `[` / `{` a config file may have.
pub const MAX_FLOW_DEPTH: usize = 64;

/// Reads `path`, a `what` file ("pack", "data", "floor"), as text ready for a YAML parser.
pub fn read(path: &Path, what: &str) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(path).map_err(|error| {
        bad_input(format!(
            "{}: cannot read the {what} file: {error}",
            path.display()
        ))
    })?;
    if let Some(line) = too_deep(&text) {
        return Err(bad_input(format!(
            "{}:{line}: brackets nested more than {MAX_FLOW_DEPTH} levels deep",
            path.display()
        )));
    }
    if let Some(line) = second_document(&text) {
        return Err(bad_input(format!(
            "{}:{line}: a second YAML document starts here; a {what} file holds one document",
            path.display()
        )));
    }
    Ok(text)
}

/// The line where a second YAML document starts, if the text has more than one: at a `---`
/// marker after a document has begun (with a marker or with content), or at content after a
/// `...` end marker. Markers only count at the start of a line, where YAML allows them (never
/// inside a block scalar, which is indented, nor inside a flow scalar, where they are
/// forbidden).
fn second_document(text: &str) -> Option<usize> {
    let is_marker = |line: &str, marker: &str| {
        line.strip_prefix(marker)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
    };
    let mut open = false;
    let mut documents = 0;
    for (index, line) in text.lines().enumerate() {
        let starts = if is_marker(line, "---") {
            true
        } else if is_marker(line, "...") {
            open = false;
            false
        } else {
            let content = line.trim_start();
            let blank = content.is_empty() || content.starts_with('#');
            // Directives (`%YAML`) come before a document's marker.
            !open && !blank && !line.starts_with('%')
        };
        if starts {
            if open || documents > 0 {
                return Some(index + 1);
            }
            open = true;
            documents += 1;
        }
    }
    None
}

/// The line where the nesting of flow collections first goes past [`MAX_FLOW_DEPTH`], if it does.
/// Brackets inside quoted scalars and comments do not count; stray closing brackets never make
/// the depth negative.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (index, line) in text.lines().enumerate() {
        let mut quote: Option<char> = None;
        let mut previous = ' ';
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            match quote {
                Some('"') if c == '\\' => {
                    chars.next();
                }
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None => match c {
                    '#' if previous.is_whitespace() => break,
                    '"' | '\'' => quote = Some(c),
                    '[' | '{' => {
                        depth += 1;
                        if depth > MAX_FLOW_DEPTH {
                            return Some(index + 1);
                        }
                    }
                    ']' | '}' => depth = depth.saturating_sub(1),
                    _ => {}
                },
            }
            previous = c;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_flow_brackets_only() {
        let deep = format!("a: {}{}\n", "[".repeat(65), "]".repeat(65));
        assert_eq!(too_deep(&deep), Some(1));
        let fine = format!("a: {}{}\n", "[".repeat(64), "]".repeat(64));
        assert_eq!(too_deep(&fine), None);
        let mixed = format!("a:\n  b: {}\n  c: {}\n", "{x: [".repeat(20), "[".repeat(30));
        assert_eq!(too_deep(&mixed), Some(3));
        // Quoted and commented brackets, and closing ones, do not count.
        let quoted = format!(
            "a: \"{}\"\nb: '{}'\n# {}\nc: x # {}\nd: \"\\\"[[\"\ne: {}\n",
            "[".repeat(100),
            "{".repeat(100),
            "[".repeat(100),
            "[".repeat(100),
            "]".repeat(100)
        );
        assert_eq!(too_deep(&quoted), None);
        // Depth carries across lines, and a sibling collection starts again from its parent.
        let lines = format!("a: [\n{}\n]\n", "[".repeat(64));
        assert_eq!(too_deep(&lines), Some(2));
        let siblings = format!("a: [{0}{1}]\nb: [{0}{1}]\n", "[".repeat(40), "]".repeat(40));
        assert_eq!(too_deep(&siblings), None);
    }

    #[test]
    fn a_second_document_is_found_at_its_first_line() {
        assert_eq!(second_document("a: 1\nb: 2\n"), None);
        assert_eq!(second_document("# c\n---\na: 1\n...\n\n# end\n"), None);
        assert_eq!(second_document("%YAML 1.2\n---\na: 1\n"), None);
        assert_eq!(second_document("a: |\n  ---\n  text\nb: '---'\n"), None);
        assert_eq!(second_document("a: 1\n---\nb: 2\n"), Some(2));
        assert_eq!(second_document("---\na: 1\n--- # two\n"), Some(3));
        assert_eq!(second_document("---\n---\n"), Some(2));
        assert_eq!(second_document("a: 1\n...\nb: 2\n"), Some(3));
        assert_eq!(second_document("a: 1\n----\n"), None);
    }
}
