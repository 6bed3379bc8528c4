//! Finds the line of a value in a YAML text from its path (`floors[1].monster_count.min`), so that
//! validation problems found after parsing can still point at a line. Best effort: it follows block
//! mappings and sequences by indentation and stops at a flow collection (`{...}` on one line),
//! whose line it returns. `[*]` stands for "the table itself".

enum Segment<'p> {
    Key(&'p str),
    Index(usize),
    Any,
}

fn segments(path: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    for part in path.split('.') {
        let (key, rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        if !key.is_empty() {
            out.push(Segment::Key(key));
        }
        for index in rest.split('[') {
            let index = index.trim_end_matches(']');
            if index.is_empty() {
                continue;
            }
            out.push(match index.parse() {
                Ok(i) => Segment::Index(i),
                Err(_) => Segment::Any,
            });
        }
    }
    out
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn is_content(line: &str) -> bool {
    let trimmed = line.trim_start();
    !trimmed.is_empty() && !trimmed.starts_with('#')
}

/// The 1-based line of `path` in `text`, or of its deepest ancestor that could be found.
pub fn line_of(text: &str, path: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found: Option<usize> = None;
    // The region searched: lines after `cursor` with indentation of at least `floor`.
    let mut cursor = 0usize;
    let mut floor = 0usize;
    for segment in segments(path) {
        if let Some(line) = found {
            if lines[line].contains('{')
                || lines[line].contains('[') && !lines[line].trim_end().ends_with(':')
            {
                // A flow collection: the rest of the path is on this line.
                return Some(line + 1);
            }
        }
        match segment {
            Segment::Any => continue,
            Segment::Key(key) => {
                let mut hit = None;
                for (i, line) in lines.iter().enumerate().skip(cursor) {
                    if !is_content(line) {
                        continue;
                    }
                    if found.is_some() && i > cursor && indent(line) < floor {
                        break;
                    }
                    let body = line.trim_start().trim_start_matches("- ");
                    if body.starts_with(key) && body[key.len()..].starts_with(':') {
                        hit = Some(i);
                        break;
                    }
                }
                let Some(i) = hit else { break };
                found = Some(i);
                floor = indent(lines[i]) + 1;
                cursor = i;
            }
            Segment::Index(wanted) => {
                let mut count = 0usize;
                let mut item_indent = None;
                let mut hit = None;
                for (i, line) in lines.iter().enumerate().skip(cursor + 1) {
                    if !is_content(line) {
                        continue;
                    }
                    let here = indent(line);
                    if here + 1 < floor {
                        break;
                    }
                    if line.trim_start().starts_with("- ") || line.trim() == "-" {
                        let level = *item_indent.get_or_insert(here);
                        if here == level {
                            if count == wanted {
                                hit = Some(i);
                                break;
                            }
                            count += 1;
                        }
                    }
                }
                let Some(i) = hit else { break };
                found = Some(i);
                floor = indent(lines[i]) + 1;
                cursor = i;
            }
        }
    }
    found.map(|line| line + 1)
}

#[cfg(test)]
mod tests {
    use super::line_of;

    const TEXT: &str = "a: 1\nfloors:\n  - depth: 1\n    size: 8\n    count: {min: 6, max: 6}\n  - depth: 2\n    size: 10\nmonsters:\n  - {id: X, weights: {water: 1}}\n  - {id: Y, weights: {water: 2}}\n";

    #[test]
    fn finds_block_and_flow_values() {
        assert_eq!(line_of(TEXT, "a"), Some(1));
        assert_eq!(line_of(TEXT, "floors[0].size"), Some(4));
        assert_eq!(line_of(TEXT, "floors[1].size"), Some(7));
        assert_eq!(line_of(TEXT, "floors[0].count.min"), Some(5));
        assert_eq!(line_of(TEXT, "monsters[1].weights.water"), Some(10));
        assert_eq!(line_of(TEXT, "monsters[*].weights.water"), Some(8));
        assert_eq!(line_of(TEXT, "nothing"), None);
    }
}
