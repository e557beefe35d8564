//! Table rows under a header that names a board, a hand and (optionally) an answer column, in
//! any order and in the header words of `HEADERS`: Markdown tables, HTML tables in `.html`
//! files, and ` | ` text.

use super::tokens;

/// Header words of each column (a cell names the column when it contains one, any case).
const HEADERS: &[(Column, &[&str])] = &[
    (
        Column::Board,
        &["board", "棋盘", "桌面", "tablero", "plateau", "brett"],
    ),
    (Column::Hand, &["hand", "手", "mano", "main", "mão"]),
    (
        Column::Input,
        &["input", "输入", "entrada", "entrée", "eingabe"],
    ),
    (
        Column::Answer,
        &[
            "answer",
            "output",
            "expected",
            "result",
            "moves",
            "min",
            "steps",
            "insertions",
            "balls needed",
            "used",
            "needed",
            "ans",
            "count",
            "次数",
            "球数",
            "输出",
            "答案",
            "结果",
            "最少",
            "步数",
            "respuesta",
            "salida",
            "réponse",
            "résultat",
            "antwort",
            "ergebnis",
            "resposta",
        ],
    ),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    Board,
    Hand,
    /// One column holding both, as LeetCode writes an input: `board = "..", hand = ".."`.
    Input,
    Answer,
}

/// Column indices of a table's board, hand and answer columns (board and hand the same column
/// when one input column holds both).
pub type Header = (usize, usize, Option<usize>);

/// What a line of a table is.
#[derive(Debug, PartialEq, Eq)]
pub enum Row {
    /// Not a table line: the header ends.
    None,
    /// A header naming board and hand columns.
    Header(Header),
    /// The `|---|---|` line, or a row of a table without board and hand columns.
    Other,
    /// A row: board, hand, and the answer when the table has an answer column and the cell holds
    /// one.
    Pair(String, String, Option<i64>),
}

/// Reads one line under the current `header`.
pub fn row(text: &str, header: Option<Header>) -> Row {
    let cells: Vec<String> = text
        .trim_matches('|')
        .split('|')
        .map(|c| {
            c.trim()
                .trim_matches(|c: char| "`'\"".contains(c))
                .to_string()
        })
        .collect();
    if cells.len() < 2 {
        return Row::None;
    }
    let find = |col: Column| {
        let words = HEADERS
            .iter()
            .find(|(c, _)| *c == col)
            .map_or(&[][..], |h| h.1);
        cells.iter().position(|c| {
            let c = c.to_lowercase();
            words.iter().any(|p| c.contains(p))
        })
    };
    if let (Some(b), Some(h)) = (find(Column::Board), find(Column::Hand)) {
        if b != h {
            return Row::Header((b, h, find(Column::Answer)));
        }
    }
    if let (Some(i), Some(a)) = (find(Column::Input), find(Column::Answer)) {
        if i != a {
            return Row::Header((i, i, Some(a)));
        }
    }
    let Some((b, h, a)) = header else {
        return Row::None;
    };
    if cells.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) {
        return Row::Other;
    }
    let (Some(board), Some(hand)) = (cells.get(b), cells.get(h)) else {
        return Row::Other;
    };
    let (board, hand) = if b == h {
        let raw = text.trim_matches('|').split('|').nth(b).unwrap_or("");
        match super::layout::pair_in(raw) {
            Some(pair) => pair,
            None => return Row::Other,
        }
    } else {
        (board.clone(), hand.clone())
    };
    let answer = a
        .and_then(|a| cells.get(a))
        .and_then(|n| tokens::parse_answer(n));
    Row::Pair(board, hand, answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Headers in any order and language, each with the row under it.
    #[test]
    fn headers_in_any_order_and_language() {
        let table: &[(&str, &str, Row)] = &[
            (
                "board | hand | answer",
                "RRWWRRBBRR | WB | 2",
                Row::Pair("RRWWRRBBRR".into(), "WB".into(), Some(2)),
            ),
            (
                "Expected | Hand | Board",
                "-1 | RB | WRRBBW",
                Row::Pair("WRRBBW".into(), "RB".into(), Some(-1)),
            ),
            (
                "棋盘 | 手中的球 | 答案",
                "G | GGGGG | 2",
                Row::Pair("G".into(), "GGGGG".into(), Some(2)),
            ),
            (
                "Board | Hand | Result",
                "`WRRBBW` | `RB` | impossible",
                Row::Pair("WRRBBW".into(), "RB".into(), Some(-1)),
            ),
            (
                "board | hand | note",
                "RGBY | RR | tricky",
                Row::Pair("RGBY".into(), "RR".into(), None),
            ),
            (
                "Input | Output",
                "board = \"WRRBBW\", hand = \"RB\" | -1",
                Row::Pair("WRRBBW".into(), "RB".into(), Some(-1)),
            ),
            (
                "输入 | 输出",
                "board = \"G\", hand = \"GGGGG\" | 2",
                Row::Pair("G".into(), "GGGGG".into(), Some(2)),
            ),
        ];
        for (head, line, want) in table {
            let Row::Header(h) = row(head, None) else {
                panic!("{head}")
            };
            assert_eq!(row("---|---|---", Some(h)), Row::Other);
            assert_eq!(row(line, Some(h)), *want, "{head} / {line}");
        }
        assert_eq!(row("a | b", None), Row::None);
        assert_eq!(row("just prose", None), Row::None);
    }
}
