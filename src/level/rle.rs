//! Run-length boards: `4#|#@$.#|4#`, rows split by `|`, a count before a character or a
//! parenthesised group repeats it (`2(3(#-)#)`), and `|` may itself be counted or grouped.
//! Every digit here is part of a count, so the `7` slope cannot be written in such a board.
//!
//! Expansion never allocates more than the budget it is given: a count that would go past
//! it is reported instead, so `9999(9999(#))` costs nothing.

/// How deep groups may nest before the text is refused.
const MAX_DEPTH: usize = 64;

use super::MAX_SIDE;

/// One expanded cell: the character and the 1-based column of the source text it came from.
pub(crate) type Cell = (char, u32);

/// A problem in run-length text: the 1-based column and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RleProblem {
    /// Column where the problem is, 1-based.
    pub col: usize,
    /// What is wrong, in words.
    pub reason: String,
}

/// A parsed piece of run-length text.
enum Node {
    /// One character from the given column.
    Char(char, u32),
    /// A repeated group or character, with the column of its count.
    Repeat(u64, Vec<Node>, u32),
}

/// Expands one run-length line into rows of cells, within `budget` cells (`|` included).
pub(crate) fn expand(line: &str, budget: usize) -> Result<Vec<Vec<Cell>>, RleProblem> {
    let chars: Vec<(u32, char)> = line
        .chars()
        .enumerate()
        .map(|(i, c)| (u32::try_from(i + 1).unwrap_or(u32::MAX), c))
        .collect();
    let mut pos = 0;
    let nodes = parse_seq(&chars, &mut pos, 0)?;
    if let Some(&(col, c)) = chars.get(pos) {
        return Err(problem(col, format!("{c:?} closes no group")));
    }
    let mut flat = Vec::new();
    emit(&nodes, &mut flat, budget)?;
    let mut rows: Vec<Vec<Cell>> = flat
        .split(|&(c, _)| c == '|')
        .map(<[Cell]>::to_vec)
        .collect();
    if rows.len() > 1 && rows.last().is_some_and(Vec::is_empty) {
        rows.pop();
    }
    Ok(rows)
}

/// Builds a problem at a column.
fn problem(col: u32, reason: String) -> RleProblem {
    RleProblem {
        col: col as usize,
        reason,
    }
}

/// Parses a sequence up to a `)` or the end.
fn parse_seq(
    chars: &[(u32, char)],
    pos: &mut usize,
    depth: usize,
) -> Result<Vec<Node>, RleProblem> {
    let mut nodes = Vec::new();
    while let Some(&(col, c)) = chars.get(*pos) {
        if c == ')' {
            break;
        }
        let count = parse_count(chars, pos)?;
        let Some(&(col2, c2)) = chars.get(*pos) else {
            return Err(problem(col, "a count with nothing after it".into()));
        };
        let node = match c2 {
            '(' => {
                if depth >= MAX_DEPTH {
                    return Err(problem(
                        col2,
                        format!("groups nest deeper than {MAX_DEPTH}"),
                    ));
                }
                *pos += 1;
                let inner = parse_seq(chars, pos, depth + 1)?;
                if chars.get(*pos).map(|&(_, c)| c) != Some(')') {
                    return Err(problem(col2, "this `(` is never closed".into()));
                }
                *pos += 1;
                Node::Repeat(count.unwrap_or(1), inner, col)
            }
            ')' => return Err(problem(col, "a count with nothing after it".into())),
            _ => {
                *pos += 1;
                let one = Node::Char(c2, col2);
                match count {
                    Some(n) => Node::Repeat(n, vec![one], col),
                    None => one,
                }
            }
        };
        nodes.push(node);
    }
    Ok(nodes)
}

/// Reads the digits of a count, if any; refuses a count of zero.
fn parse_count(chars: &[(u32, char)], pos: &mut usize) -> Result<Option<u64>, RleProblem> {
    let start = *pos;
    let mut n: u64 = 0;
    while let Some(&(_, c)) = chars.get(*pos) {
        let Some(d) = c.to_digit(10) else { break };
        n = n.saturating_mul(10).saturating_add(u64::from(d));
        *pos += 1;
    }
    if *pos == start {
        return Ok(None);
    }
    if n == 0 {
        return Err(problem(chars[start].0, "a count of 0".into()));
    }
    Ok(Some(n))
}

/// Appends the expansion of `nodes` to `out`, refusing to grow past `budget`.
fn emit(nodes: &[Node], out: &mut Vec<Cell>, budget: usize) -> Result<(), RleProblem> {
    for node in nodes {
        match node {
            Node::Char(c, col) => {
                if out.len() >= budget {
                    return Err(too_big(*col));
                }
                out.push((*c, *col));
            }
            Node::Repeat(n, inner, col) => {
                let start = out.len();
                emit(inner, out, budget)?;
                let once = out.len() - start;
                let extra = usize::try_from(*n - 1)
                    .ok()
                    .and_then(|m| m.checked_mul(once))
                    .filter(|extra| out.len() + extra <= budget);
                let Some(extra) = extra else {
                    return Err(too_big(*col));
                };
                out.reserve(extra);
                for _ in 1..*n {
                    out.extend_from_within(start..start + once);
                }
            }
        }
    }
    Ok(())
}

/// The problem for an expansion past the size limit.
fn too_big(col: u32) -> RleProblem {
    RleProblem {
        col: col as usize,
        reason: format!("it expands to more than {MAX_SIDE}×{MAX_SIDE} cells"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(rows: &[Vec<Cell>]) -> Vec<String> {
        rows.iter()
            .map(|r| r.iter().map(|&(c, _)| c).collect())
            .collect()
    }

    #[test]
    fn expands_the_examples() {
        let cases = [
            ("simple", "4#|#@$.#|4#", vec!["####", "#@$.#", "####"]),
            ("nested", "2(3(#-)#)", vec!["#-#-#-##-#-#-#"]),
            ("counted bar", "#2|#", vec!["#", "", "#"]),
            ("trailing bar", "3#|", vec!["###"]),
            ("grouped rows", "2(#|)#", vec!["#", "#", "#"]),
        ];
        for (name, line, want) in cases {
            let rows = expand(line, 10_000).unwrap_or_else(|p| panic!("{name}: {p:?}"));
            assert_eq!(text(&rows), want, "{name}");
        }
    }

    #[test]
    fn columns_point_at_the_source() {
        let rows = expand("2#|3(-)", 100).expect("valid");
        assert_eq!(rows[0], vec![('#', 2), ('#', 2)]);
        assert_eq!(rows[1], vec![('-', 6), ('-', 6), ('-', 6)]);
    }

    #[test]
    fn problems_have_columns() {
        let cases = [
            ("dangling count", "#|3", 3, "a count with nothing after it"),
            ("unclosed", "#|2(#", 4, "this `(` is never closed"),
            ("stray close", "#)|#", 2, "')' closes no group"),
            ("zero", "#|0#", 3, "a count of 0"),
            (
                "count before close",
                "2(#3)",
                4,
                "a count with nothing after it",
            ),
        ];
        for (name, line, col, reason) in cases {
            let p = expand(line, 100).expect_err(name);
            assert_eq!((p.col, p.reason.as_str()), (col, reason), "{name}");
        }
    }

    #[test]
    fn huge_counts_stop_at_the_budget() {
        let p = expand("99999999999999999999(9999(#))", 1_000_000).expect_err("too big");
        assert!(p.reason.contains("expands"), "{p:?}");
        let deep = "(".repeat(200);
        let p = expand(&deep, 100).expect_err("too deep");
        assert!(p.reason.contains("nest"));
    }
}
