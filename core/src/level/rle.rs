//! Run-length boards: `4#|#@$.#|4#`, rows split by `|`, a count before a character or a
//! parenthesised group repeats it (`2(3(#-)#)`), and `|` may itself be counted or grouped.
//! Every digit here is part of a count, so the `7` slope cannot be written in such a board.
//!
//! Expansion never allocates more than the budget it is given: a count that would go past
//! it is reported instead, so `9999(9999(#))` costs nothing. Rows wider than [`MAX_SIDE`]
//! (floor at a row's end not counted, as a board drops it) are measured and refused before
//! anything is expanded, so a board one cell too wide costs no more than its text.

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
    /// Set when the problem is a row wider than [`MAX_SIDE`]: the board is too big, and
    /// [`measure_line`] says how big.
    pub too_wide: bool,
}

/// A parsed piece of run-length text.
enum Node {
    /// One character from the given column.
    Char(char, u32),
    /// A repeated group or character, with the column of its count.
    Repeat(u64, Vec<Node>, u32),
}

/// Characters of a run-length line read one at a time, with their 1-based columns; the
/// line is never copied whole.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    /// Column of the next character.
    col: u32,
    /// Nodes parsed so far, each refused past the budget.
    nodes: usize,
}

impl Cursor<'_> {
    /// The next character and its column, without taking it.
    fn peek(&mut self) -> Option<(u32, char)> {
        let col = self.col;
        self.chars.peek().map(|&c| (col, c))
    }

    /// Takes the next character.
    fn bump(&mut self) {
        if self.chars.next().is_some() {
            self.col = self.col.saturating_add(1);
        }
    }
}

/// Expands one run-length line into rows of cells, within `budget` cells (`|` included).
///
/// The text itself is held to the budget too: it may hold at most `budget` characters and
/// groups, so parsing never takes more memory than expanding would.
pub(crate) fn expand(line: &str, budget: usize) -> Result<Vec<Vec<Cell>>, RleProblem> {
    let mut cursor = Cursor {
        chars: line.chars().peekable(),
        col: 1,
        nodes: 0,
    };
    let nodes = parse_seq(&mut cursor, 0, budget)?;
    if let Some((col, c)) = cursor.peek() {
        return Err(problem(col, format!("{c:?} closes no group")));
    }
    // Measured before it is built: text that expands past the budget costs no more than
    // its own length, however many levels repeat it.
    let mut size = 0;
    measure(&nodes, &mut size, budget)?;
    check_width(&nodes)?;
    let mut flat = Vec::with_capacity(size);
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

/// The widest row of a run-length line (floor at a row's end not counted) and its number of
/// rows, measured without expanding it, within `budget` cells; `None` when it does not read.
pub(crate) fn measure_line(line: &str, budget: usize) -> Option<(usize, usize)> {
    let mut cursor = Cursor {
        chars: line.chars().peekable(),
        col: 1,
        nodes: 0,
    };
    let nodes = parse_seq(&mut cursor, 0, budget).ok()?;
    let mut size = 0;
    measure(&nodes, &mut size, budget).ok()?;
    let whole = shape(&nodes);
    let trailing_bar = whole.bars > 0 && whole.tail.len == 0;
    Some((
        whole.widest_row(),
        whole.bars + 1 - usize::from(trailing_bar),
    ))
}

/// Builds a problem at a column.
fn problem(col: u32, reason: String) -> RleProblem {
    RleProblem {
        col: col as usize,
        reason,
        too_wide: false,
    }
}

/// Parses a sequence up to a `)` or the end, at most `budget` nodes in all.
fn parse_seq(
    cursor: &mut Cursor<'_>,
    depth: usize,
    budget: usize,
) -> Result<Vec<Node>, RleProblem> {
    let mut nodes = Vec::new();
    while let Some((col, c)) = cursor.peek() {
        if c == ')' {
            break;
        }
        cursor.nodes += 1;
        if cursor.nodes > budget {
            return Err(too_big(col));
        }
        let count = parse_count(cursor)?;
        let Some((col2, c2)) = cursor.peek() else {
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
                cursor.bump();
                let inner = parse_seq(cursor, depth + 1, budget)?;
                if cursor.peek().map(|(_, c)| c) != Some(')') {
                    return Err(problem(col2, "this `(` is never closed".into()));
                }
                cursor.bump();
                Node::Repeat(count.unwrap_or(1), inner, col)
            }
            ')' => return Err(problem(col, "a count with nothing after it".into())),
            _ => {
                cursor.bump();
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
fn parse_count(cursor: &mut Cursor<'_>) -> Result<Option<u64>, RleProblem> {
    let Some((start, _)) = cursor.peek() else {
        return Ok(None);
    };
    let mut n: u64 = 0;
    let mut digits = false;
    while let Some((_, c)) = cursor.peek() {
        let Some(d) = c.to_digit(10) else { break };
        // Saturates: any count past the board's cells is refused by `emit` all the same.
        n = n.saturating_mul(10).saturating_add(u64::from(d));
        digits = true;
        cursor.bump();
    }
    if !digits {
        return Ok(None);
    }
    if n == 0 {
        return Err(problem(start, "a count of 0".into()));
    }
    Ok(Some(n))
}

/// Adds the size of the expansion of `nodes` to `size`, refusing to pass `budget` exactly
/// where [`emit`] would.
fn measure(nodes: &[Node], size: &mut usize, budget: usize) -> Result<(), RleProblem> {
    for node in nodes {
        match node {
            Node::Char(_, col) => {
                if *size >= budget {
                    return Err(too_big(*col));
                }
                *size += 1;
            }
            Node::Repeat(n, inner, col) => {
                let start = *size;
                measure(inner, size, budget)?;
                let once = *size - start;
                let total = usize::try_from(*n - 1)
                    .ok()
                    .and_then(|m| m.checked_mul(once))
                    .and_then(|extra| size.checked_add(extra))
                    .filter(|&total| total <= budget);
                let Some(total) = total else {
                    return Err(too_big(*col));
                };
                *size = total;
            }
        }
    }
    Ok(())
}

/// How far a run of cells without a `|` reaches: its length, and the length it keeps once
/// the floor at its end is dropped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Run {
    len: usize,
    kept: usize,
}

impl Run {
    /// This run followed by `next`.
    fn then(self, next: Self) -> Self {
        Self {
            len: self.len + next.len,
            kept: if next.kept > 0 {
                self.len + next.kept
            } else {
                self.kept
            },
        }
    }
}

/// The row widths of an expansion, measured without building it: the run before its first
/// `|` (the whole of it when it has none), the run after its last, and the widest kept row
/// in between.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Shape {
    bars: usize,
    head: Run,
    tail: Run,
    widest: usize,
}

impl Shape {
    /// The shape of one character.
    fn of_char(c: char) -> Self {
        if c == '|' {
            return Self {
                bars: 1,
                ..Self::default()
            };
        }
        let kept = usize::from(!matches!(c, ' ' | '-' | '_'));
        let run = Run { len: 1, kept };
        Self {
            bars: 0,
            head: run,
            tail: run,
            widest: 0,
        }
    }

    /// This expansion followed by `next`.
    fn then(self, next: Self) -> Self {
        match (self.bars, next.bars) {
            (0, 0) => {
                let whole = self.head.then(next.head);
                Self {
                    bars: 0,
                    head: whole,
                    tail: whole,
                    widest: 0,
                }
            }
            (0, _) => Self {
                head: self.head.then(next.head),
                ..next
            },
            (_, 0) => Self {
                tail: self.tail.then(next.head),
                ..self
            },
            _ => Self {
                bars: self.bars + next.bars,
                head: self.head,
                tail: next.tail,
                widest: self
                    .widest
                    .max(next.widest)
                    .max(self.tail.then(next.head).kept),
            },
        }
    }

    /// This expansion `n` times over (`n` at least 1, and the whole within the budget).
    fn repeated(self, n: usize) -> Self {
        if self.bars == 0 {
            let kept = if self.head.kept > 0 {
                (n - 1) * self.head.len + self.head.kept
            } else {
                0
            };
            let whole = Run {
                len: n * self.head.len,
                kept,
            };
            return Self {
                head: whole,
                tail: whole,
                ..self
            };
        }
        let joined = if n > 1 {
            self.tail.then(self.head).kept
        } else {
            0
        };
        Self {
            bars: n * self.bars,
            widest: self.widest.max(joined),
            ..self
        }
    }

    /// The widest row this expansion holds so far.
    fn widest_row(self) -> usize {
        self.widest.max(self.head.kept).max(self.tail.kept)
    }
}

/// The shape of the expansion of `nodes` (already measured within the budget, so no sum
/// overflows).
fn shape(nodes: &[Node]) -> Shape {
    nodes.iter().fold(Shape::default(), |acc, node| {
        acc.then(match node {
            Node::Char(c, _) => Shape::of_char(*c),
            Node::Repeat(n, inner, _) => {
                shape(inner).repeated(usize::try_from(*n).unwrap_or(usize::MAX))
            }
        })
    })
}

/// Refuses, before anything is expanded, a row wider than [`MAX_SIDE`], at the column of
/// the piece of text that makes it so.
fn check_width(nodes: &[Node]) -> Result<(), RleProblem> {
    let mut acc = Shape::default();
    for node in nodes {
        acc = acc.then(shape(std::slice::from_ref(node)));
        let widest = acc.widest_row();
        if widest > MAX_SIDE {
            let col = match node {
                Node::Char(_, col) | Node::Repeat(_, _, col) => *col,
            };
            return Err(RleProblem {
                too_wide: true,
                ..problem(
                    col,
                    format!("a row is {widest} cells wide; the most sokoshot reads is {MAX_SIDE}"),
                )
            });
        }
    }
    Ok(())
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
                // Checked all the way: a count such as 99999999999999999999 must not wrap.
                let extra = usize::try_from(*n - 1)
                    .ok()
                    .and_then(|m| m.checked_mul(once))
                    .filter(|&extra| out.len().checked_add(extra).is_some_and(|t| t <= budget));
                let Some(extra) = extra else {
                    return Err(too_big(*col));
                };
                if once == 0 {
                    // An empty group repeated any number of times is still empty.
                    continue;
                }
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
        too_wide: false,
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
    fn rle_count_overflow_is_refused() {
        for line in [
            "#|99999999999999999999#",
            "#|18446744073709551615#",
            "#|18446744073709551616(#)",
            "3#|9223372036854775808(##)",
            "999999999999#|99999999999999999999(#|)",
        ] {
            let p = expand(line, MAX_SIDE * (MAX_SIDE + 1)).expect_err(line);
            assert!(
                p.reason.contains("expands to more than 1000×1000 cells"),
                "{line}: {p:?}"
            );
        }
    }

    #[test]
    fn a_board_one_cell_too_wide_is_refused_before_it_is_expanded() {
        let line = "1000#|#@$.996 #|997(#998-#|)1000#";
        let p = expand(line, MAX_SIDE * (MAX_SIDE + 1)).expect_err("too wide");
        assert_eq!(
            (p.col, p.reason.as_str()),
            (
                15,
                "a row is 1001 cells wide; the most sokoshot reads is 1000"
            )
        );
        // Rows that are wide only with floor at their end are kept (the board drops it).
        let rows = expand("1000#5 |1000#", MAX_SIDE * (MAX_SIDE + 1)).expect("fits");
        assert_eq!(rows[0].len(), 1005);
        let wide_in_a_group = "#|3(400#|)2(600#)|#";
        let p = expand(wide_in_a_group, MAX_SIDE * (MAX_SIDE + 1)).expect_err("1200 wide");
        assert!(p.reason.contains("1200 cells wide"), "{p:?}");
        // The last row of one repeat joins the first of the next: `1000##`.
        let joined = "2(#|1000#)";
        let p = expand(joined, MAX_SIDE * (MAX_SIDE + 1)).expect_err("1001 wide");
        assert!(p.reason.contains("1001 cells wide"), "{p:?}");
    }

    #[test]
    fn measured_widths_agree_with_the_expansion() {
        for line in [
            "4#|#@$.#|4#",
            "2(3(#-)#)",
            "#2|#",
            "3#|",
            "2(#|)#",
            "3(-#|#3-)2-",
            "2(#|--)3(#-)|2(-|#)",
            "|2(--#|-)",
        ] {
            let rows = expand(line, 10_000).expect(line);
            let widest = rows
                .iter()
                .map(|r| {
                    r.iter()
                        .rposition(|&(c, _)| !matches!(c, ' ' | '-' | '_'))
                        .map_or(0, |p| p + 1)
                })
                .max()
                .unwrap_or(0);
            let mut cursor = Cursor {
                chars: line.chars().peekable(),
                col: 1,
                nodes: 0,
            };
            let nodes = parse_seq(&mut cursor, 0, 10_000).expect(line);
            assert_eq!(shape(&nodes).widest_row(), widest, "{line}");
        }
    }

    #[test]
    fn huge_counts_stop_at_the_budget() {
        let p = expand("99999999999999999999(9999(#))", 1_000_000).expect_err("too big");
        assert!(p.reason.contains("expands"), "{p:?}");
        let empty = expand("#|99999999999999999999()#", 100).expect("an empty group is nothing");
        assert_eq!(text(&empty), ["#", "#"]);
        let deep = "(".repeat(200);
        let p = expand(&deep, 100).expect_err("too deep");
        assert!(p.reason.contains("nest"));
    }
}
