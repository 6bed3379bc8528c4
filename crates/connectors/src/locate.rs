//! Finds the line of a value path (`rooms[3].connectors[1].direction`) in a block-style YAML
//! text, so that validation problems found after parsing can still point at a line. serde_yaml
//! reports locations only for its own parse errors; this small scanner covers the rest. It
//! understands block mappings and sequences (the shape of packs); a value written in flow style
//! (`{ id: a, position: [1, 2, 3] }`) is located at the line where it starts.

use std::collections::BTreeMap;

/// Path -> first line (1-based) where that path's key or item starts.
#[derive(Debug, Default)]
pub struct LineIndex {
    lines: BTreeMap<String, usize>,
}

struct Frame {
    /// For a key, the column of the key; for a sequence item, the column of its dash.
    column: usize,
    /// For a sequence item, the column where its content starts (after "- ").
    content_column: Option<usize>,
    path: String,
    next_item: usize,
}

impl Frame {
    /// Whether a sequence item starting at `column` ends this frame.
    fn closed_by_item(&self, column: usize) -> bool {
        match self.content_column {
            Some(_) => self.column >= column,
            None => self.column > column,
        }
    }

    /// Whether a key starting at `column` ends this frame.
    fn closed_by_key(&self, column: usize) -> bool {
        match self.content_column {
            Some(content) => content > column,
            None => self.column >= column,
        }
    }
}

impl LineIndex {
    /// Scans `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut lines = BTreeMap::new();
        let mut stack: Vec<Frame> = vec![Frame {
            column: 0,
            content_column: None,
            path: String::new(),
            next_item: 0,
        }];
        for (line_idx, raw) in text.lines().enumerate() {
            let line_no = line_idx + 1;
            let trimmed = raw.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("---") {
                continue;
            }
            let mut column = raw.len() - trimmed.len();
            let mut rest = trimmed;
            // Sequence items: "- ", possibly several on one line; each opens an item frame.
            while rest == "-" || rest.starts_with("- ") {
                while stack.len() > 1 && stack.last().is_some_and(|f| f.closed_by_item(column)) {
                    stack.pop();
                }
                let Some(parent) = stack.last_mut() else {
                    break;
                };
                let index = parent.next_item;
                parent.next_item += 1;
                let path = format!("{}[{index}]", parent.path);
                lines.entry(path.clone()).or_insert(line_no);
                let after = rest[1..].trim_start();
                let content_column = column + (rest.len() - after.len());
                stack.push(Frame {
                    column,
                    content_column: Some(content_column),
                    path,
                    next_item: 0,
                });
                column = content_column;
                rest = after;
            }
            if rest.is_empty() || rest.starts_with('{') || rest.starts_with('[') {
                continue;
            }
            let Some(key) = mapping_key(rest) else {
                continue;
            };
            while stack.len() > 1 && stack.last().is_some_and(|f| f.closed_by_key(column)) {
                stack.pop();
            }
            let parent_path = stack.last().map(|f| f.path.clone()).unwrap_or_default();
            let path = if parent_path.is_empty() {
                key.to_string()
            } else {
                format!("{parent_path}.{key}")
            };
            lines.entry(path.clone()).or_insert(line_no);
            // Keys of an inline flow mapping on the same line point here too.
            let value = rest[key.len() + 1..].trim();
            if let Some(inner) = value.strip_prefix('{') {
                for part in inner.trim_end_matches('}').split(',') {
                    if let Some(inner_key) = mapping_key(part.trim()) {
                        lines
                            .entry(format!("{path}.{inner_key}"))
                            .or_insert(line_no);
                    }
                }
            }
            stack.push(Frame {
                column,
                content_column: None,
                path,
                next_item: 0,
            });
        }
        LineIndex { lines }
    }

    /// The line of `path`, or of its longest known prefix.
    pub fn line_of(&self, path: &str) -> Option<usize> {
        let mut candidate = path;
        loop {
            if let Some(&line) = self.lines.get(candidate) {
                return Some(line);
            }
            let cut = candidate.rfind(['.', '['])?;
            candidate = &candidate[..cut];
        }
    }
}

/// The key of a `key: value` or `key:` line, for plain keys.
fn mapping_key(text: &str) -> Option<&str> {
    let colon = text.find(':')?;
    let key = &text[..colon];
    let after = &text[colon + 1..];
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    (plain && (after.is_empty() || after.starts_with(' '))).then_some(key)
}
