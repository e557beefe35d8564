//! Case files parsed: each `[[case]]` table of a `*.toml` file on its own (serde + toml),
//! validated against the constraints, into a [`Case`] with its [`Claim`]s; a bad table becomes
//! a [`CaseError`] naming its file, line and fix, and the rest load.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::cases::error::CaseError;
use crate::cases::text::{line_of, one_line};
use crate::game::rules::{Constraints, InputError, Instance, Move};

/// One third-party claim about a case's answer, kept with its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// Who claimed it, e.g. `seed 003 test list`.
    pub source: String,
    /// The claimed answer in moves, -1 for impossible (`answer = N`), if claimed.
    pub answer: Option<i64>,
    /// A claimed move sequence (`moves = ["R@2", "B@4"]`, gaps as [`crate::game::rules::Move`]
    /// numbers them), if claimed; it holds when it is legal and leaves `leaves`.
    pub moves: Option<Vec<Move>>,
    /// The board the moves are claimed to leave (`leaves = "WW"`); empty, the default, means
    /// they clear the board.
    pub leaves: String,
    /// A strict claim that does not hold fails the run (exit 1); others are only reported.
    pub strict: bool,
    /// 1-based line of `answer` (or of `moves`) in the file.
    pub line: usize,
}

/// One case, loaded and validated.
#[derive(Clone, Debug)]
pub struct Case {
    /// `file.toml#name`, the file relative to the case root it was found under.
    pub id: String,
    /// The file, as found.
    pub path: PathBuf,
    /// 1-based line of the case's `name`.
    pub line: usize,
    /// Unique in its file.
    pub name: String,
    /// The board as written.
    pub board: String,
    /// The hand as written.
    pub hand: String,
    /// The asserted answer in moves (-1 for impossible), if any.
    pub expected: Option<i64>,
    /// The case asserts the input is rejected, with a reason containing this text.
    pub invalid: Option<String>,
    /// Free text for people.
    pub note: Option<String>,
    /// Free labels.
    pub tags: Vec<String>,
    /// Third-party claims.
    pub claims: Vec<Claim>,
    /// What passing it is worth in a gradebook (`points = N`, default 1).
    pub points: u64,
    /// Who may see the case's input, answer and witness in output meant for students (the
    /// case's `visibility`, else its file's top-level `visibility`, else visible).
    pub visibility: Visibility,
    /// The input under the constraints the suite was loaded with.
    pub input: Result<Instance, InputError>,
}

/// Who may see a case in output meant for students, in Gradescope's words. The grader's own
/// reports show every case whatever its visibility.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Students see the case (the default).
    #[default]
    Visible,
    /// Students never see the case's input, answer or witness: only "hidden case N".
    Hidden,
    /// Students see the case once the due date has passed; until then it is hidden.
    AfterDueDate,
}

impl Visibility {
    /// Whether students may see the case now (`after_due_date` counts as hidden: the judge
    /// does not know the due date).
    pub fn shown_to_students(self) -> bool {
        self == Visibility::Visible
    }

    /// The word a case file uses: `visible`, `hidden` or `after_due_date`.
    pub fn name(self) -> &'static str {
        match self {
            Visibility::Visible => "visible",
            Visibility::Hidden => "hidden",
            Visibility::AfterDueDate => "after_due_date",
        }
    }

    /// The more restrictive of two: hidden, then after_due_date, then visible.
    pub fn most_restrictive(self, other: Visibility) -> Visibility {
        let rank = |v: Visibility| match v {
            Visibility::Visible => 0,
            Visibility::AfterDueDate => 1,
            Visibility::Hidden => 2,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The default visibility of the file's cases (top-level `visibility`).
    visibility: Option<Visibility>,
    #[serde(default)]
    case: Vec<RawCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    name: Spanned<String>,
    board: String,
    hand: String,
    expected: Option<Spanned<i64>>,
    invalid: Option<String>,
    note: Option<String>,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    claims: Vec<RawClaim>,
    points: Option<Spanned<i64>>,
    visibility: Option<Visibility>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClaim {
    source: Spanned<String>,
    answer: Option<Spanned<i64>>,
    moves: Option<Spanned<Vec<String>>>,
    leaves: Option<String>,
    #[serde(default)]
    strict: bool,
}

/// The byte offsets where a case file splits: 0, then every `[[case]]` header line. Each case
/// is parsed on its own, so a bad key or a broken string loses only its own case.
pub fn case_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let code = line.split('#').next().unwrap_or("");
        let squeezed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        if squeezed == "[[case]]" && offset != 0 {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts
}

/// Whether a chunk of [`case_starts`] starts with a `[[case]]` header (the first chunk may hold
/// only the file's top-level keys).
fn holds_a_case(chunk: &str) -> bool {
    let first = chunk.lines().next().unwrap_or("");
    let code = first.split('#').next().unwrap_or("");
    code.chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        == "[[case]]"
}

/// The keys a case may have, for "did you mean" hints.
const CASE_KEYS: [&str; 10] = [
    "name",
    "board",
    "hand",
    "expected",
    "invalid",
    "note",
    "tags",
    "claims",
    "points",
    "visibility",
];
const CLAIM_KEYS: [&str; 5] = ["source", "answer", "moves", "leaves", "strict"];

/// What a key holds, for a value of the wrong type: the fix in words.
fn type_fix(key: &str) -> Option<&'static str> {
    Some(match key {
        "points" => "`points` is a whole number 0 or more (default 1), as in points = 2",
        "expected" => {
            "`expected` is a whole number of moves, or -1 for impossible, as in expected = 2"
        }
        "answer" => {
            "a claim's `answer` is a whole number of moves, or -1 for impossible, as in answer = 2"
        }
        "name" | "board" | "hand" | "invalid" | "note" | "source" | "leaves" => {
            "this key holds text in quotes, as in board = \"WRRBBW\""
        }
        "tags" => "`tags` is a list of text, as in tags = [\"editorial\"]",
        "moves" => "`moves` is a list of moves, as in moves = [\"R@2\", \"B@0\"]",
        "strict" => "`strict` is true or false",
        "visibility" => {
            "`visibility` is \"visible\", \"hidden\" or \"after_due_date\" (Gradescope's words), as in visibility = \"hidden\""
        }
        "claims" => "`claims` is a list of tables, as in claims = [{ source = \"x\", answer = 2 }]",
        _ => return None,
    })
}

/// The key whose value starts at byte `at` of `chunk`: the word before the last `=` ahead of it.
fn key_before(chunk: &str, at: usize) -> &str {
    let ahead = &chunk[..at.min(chunk.len())];
    let Some(eq) = ahead.rfind('=') else {
        return "";
    };
    let key = ahead[..eq].trim_end();
    let start = key
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .map_or(0, |i| i + 1);
    &key[start..]
}

/// The parser's message with a hint where one helps: the nearest known key for an unknown one,
/// the likely cause of a broken string, what a key holds when its value has the wrong type
/// (`key` is the key the error points at, or "").
fn with_hint(message: &str, key: &str) -> String {
    let message = &one_line(message);
    // An unknown `visibility` word is a value of the wrong kind too.
    if message.starts_with("invalid type:") || message.starts_with("unknown variant") {
        if let Some(fix) = type_fix(key) {
            return format!("{message}; {fix}");
        }
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let key = rest.split('`').next().unwrap_or("");
        let near = CASE_KEYS
            .iter()
            .chain(CLAIM_KEYS.iter())
            .map(|k| (strsim::levenshtein(key, k), *k))
            .min()
            .filter(|(d, _)| *d <= 2);
        if let Some((_, k)) = near {
            return format!("{message}; did you mean `{k}`?");
        }
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        let key = rest.split('`').next().unwrap_or("");
        let example = match key {
            "board" => Some("board = \"WRRBBW\""),
            "hand" => Some("hand = \"RB\""),
            "name" => Some("name = \"example-1\""),
            _ => None,
        };
        if let Some(e) = example {
            return format!("{message}; every case needs one, e.g. `{e}`");
        }
    }
    if message.starts_with("invalid basic string") || message.starts_with("invalid string") {
        return format!("{message} (is a closing quote missing?)");
    }
    message.to_string()
}

/// Parses one file's text. `label` is the name used in case ids. Each `[[case]]` is parsed on
/// its own, so one bad case is reported (file, line, column, fix) and the others still load.
pub fn parse_file(
    path: &Path,
    label: &str,
    text: &str,
    limits: &Constraints,
) -> (Vec<Case>, Vec<CaseError>) {
    let (cases, errors, _) = parse_file_tables(path, label, text, limits);
    (cases, errors)
}

/// [`parse_file`], and for each `[[case]]` table of the file, in order, whether it loaded
/// (deserialised as a case): `audit` corrects only those, since `run` judges no other.
pub fn parse_file_tables(
    path: &Path,
    label: &str,
    text: &str,
    limits: &Constraints,
) -> (Vec<Case>, Vec<CaseError>, Vec<bool>) {
    let shown = path.display().to_string();
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    let mut loads = Vec::new();
    let mut names: HashMap<String, usize> = HashMap::new();
    let starts = case_starts(text);
    // Lines before each chunk, counted once: counting from the top for every chunk made a
    // file of 40,000 cases take 30 s to load.
    let mut lines_before = 0;
    // The file's top-level `visibility`, read from the first chunk (before any `[[case]]`).
    let mut file_visibility = None;
    for (k, &from) in starts.iter().enumerate() {
        let to = starts.get(k + 1).copied().unwrap_or(text.len());
        let place = Place {
            path,
            shown: &shown,
            label,
            chunk: &text[from..to],
            first_line: lines_before,
        };
        lines_before += line_of(place.chunk, place.chunk.len()) - 1;
        let parsed = toml::from_str::<RawFile>(place.chunk);
        loads.push(parsed.is_ok());
        match parsed {
            Ok(raw) => {
                if k == 0 {
                    file_visibility = raw.visibility;
                }
                for mut rc in raw.case {
                    rc.visibility = rc.visibility.or(file_visibility);
                    let case = place.case(rc, limits, &mut names, &mut errors);
                    cases.extend(case);
                }
            }
            Err(e) => {
                // Top-level keys that do not load may have meant `visibility = "hidden"`: the
                // file's cases are hidden until the error is fixed.
                if k == 0 && !holds_a_case(place.chunk) {
                    file_visibility = Some(Visibility::Hidden);
                }
                let cut_off = k + 1 == starts.len() && !text.is_empty() && !text.ends_with('\n');
                errors.push(place.syntax_error(&e, cut_off));
            }
        }
    }
    (cases, errors, loads)
}

/// One chunk of a case file (from one `[[case]]` to the next) and where its errors point.
struct Place<'a> {
    path: &'a Path,
    shown: &'a str,
    label: &'a str,
    chunk: &'a str,
    /// Lines of the file before the chunk.
    first_line: usize,
}

impl Place<'_> {
    /// The file's line of byte `at` of the chunk.
    fn line(&self, at: usize) -> usize {
        self.first_line + line_of(self.chunk, at)
    }

    /// An error of case `name` at `line`.
    fn error(&self, line: usize, name: &str, message: String) -> CaseError {
        CaseError::Case {
            path: self.shown.to_string(),
            label: self.label.to_string(),
            line,
            name: name.to_string(),
            message,
        }
    }

    /// The chunk's TOML error, at its line and column; `cut_off` when the file ends inside
    /// this chunk with no final newline.
    fn syntax_error(&self, e: &toml::de::Error, cut_off: bool) -> CaseError {
        let (line, column) = e.span().map_or((self.first_line + 1, 1), |s| {
            let line_start = self.chunk[..s.start.min(self.chunk.len())]
                .rfind('\n')
                .map_or(0, |i| i + 1);
            (self.line(s.start), s.start - line_start + 1)
        });
        let key = e.span().map_or("", |s| key_before(self.chunk, s.start));
        let mut message = with_hint(e.message(), key);
        if message.is_empty() {
            // toml says nothing for `key =` at the very end of the input.
            message = "a value is missing here".into();
        }
        if cut_off {
            message
                .push_str("; the file ends inside this case with no final newline: is it cut off?");
        }
        CaseError::Syntax {
            path: self.shown.to_string(),
            label: self.label.to_string(),
            line,
            column,
            name: self.name(),
            message,
        }
    }

    /// The name of the chunk's case, when the chunk is valid TOML with a string `name`.
    fn name(&self) -> Option<String> {
        let table = toml::from_str::<toml::Table>(self.chunk).ok()?;
        let case = table.get("case")?.as_array()?.first()?;
        Some(case.get("name")?.as_str()?.to_string())
    }

    /// The case of one `[[case]]` table, or `None` when it is unusable; every problem found
    /// goes to `errors` (a bad claim is dropped, and the case kept).
    fn case(
        &self,
        rc: RawCase,
        limits: &Constraints,
        names: &mut HashMap<String, usize>,
        errors: &mut Vec<CaseError>,
    ) -> Option<Case> {
        let line = self.line(rc.name.span().start);
        let name = rc.name.get_ref().clone();
        if let Err((at, message)) = self.check_case(&rc, line, names) {
            errors.push(self.error(at, &name, message));
            return None;
        }
        let points = rc.points.map_or(1, |p| *p.get_ref() as u64);
        let mut claims = Vec::new();
        for c in rc.claims {
            match claim(c, &|at| self.line(at)) {
                Ok(c) => claims.push(c),
                Err((at, message)) => errors.push(self.error(at, &name, message)),
            }
        }
        let input = Instance::parse(&rc.board, &rc.hand, limits);
        if let (Err(reason), None) = (&input, &rc.invalid) {
            errors.push(self.error(
                line,
                &name,
                format!(
                    "input rejected: {reason}; if that is intended, mark the case with invalid = \"{}\"",
                    short_reason(reason)
                ),
            ));
            return None;
        }
        Some(Case {
            id: format!("{}#{name}", self.label),
            path: self.path.to_path_buf(),
            line,
            name,
            board: rc.board,
            hand: rc.hand,
            expected: rc.expected.map(|e| e.into_inner()),
            invalid: rc.invalid,
            note: rc.note,
            tags: rc.tags,
            claims,
            points,
            visibility: rc.visibility.unwrap_or_default(),
            input,
        })
    }

    /// The checks that make a case unusable, in order: its name (unique, no `#` or spaces),
    /// `expected` beside `invalid`, `expected` below -1, negative `points`. The error's line
    /// and message; a unique name is remembered at `line`.
    fn check_case(
        &self,
        rc: &RawCase,
        line: usize,
        names: &mut HashMap<String, usize>,
    ) -> Result<(), (usize, String)> {
        let name = rc.name.get_ref();
        if let Some(first) = names.get(name) {
            return Err((
                line,
                format!(
                    "duplicate name (first used at line {first}); names must be unique in a file"
                ),
            ));
        }
        names.insert(name.clone(), line);
        if name.is_empty() || name.contains('#') || name.chars().any(char::is_whitespace) {
            return Err((
                line,
                "a name may not be empty or hold '#' or spaces; use letters, digits and dashes"
                    .into(),
            ));
        }
        if rc.expected.is_some() && rc.invalid.is_some() {
            return Err((
                line,
                "has both `expected` and `invalid`; an invalid input has no answer, keep one"
                    .into(),
            ));
        }
        if let Some(e) = rc.expected.as_ref().filter(|e| *e.get_ref() < -1) {
            return Err((
                self.line(e.span().start),
                format!(
                    "expected = {} is not an answer; use -1 for impossible or a number of moves",
                    e.get_ref()
                ),
            ));
        }
        if let Some(p) = rc.points.as_ref().filter(|p| *p.get_ref() < 0) {
            return Err((
                self.line(p.span().start),
                format!(
                    "points = {} is negative; use a whole number 0 or more (default 1)",
                    p.get_ref()
                ),
            ));
        }
        Ok(())
    }
}

/// One `[[case.claims]]` entry, checked: an `answer`, `moves` in `R@2` notation, or both, and
/// `leaves` only beside `moves`. Errors carry their line and the fix.
fn claim(c: RawClaim, line_in: &dyn Fn(usize) -> usize) -> Result<Claim, (usize, String)> {
    let at = line_in(c.source.span().start);
    if c.answer.is_none() && c.moves.is_none() {
        return Err((
            at,
            "a claim needs `answer = N` or `moves = [\"R@2\", ...]` (or both)".into(),
        ));
    }
    if c.leaves.is_some() && c.moves.is_none() {
        return Err((
            at,
            "`leaves` describes `moves`; add the moves or drop it".into(),
        ));
    }
    let moves = match &c.moves {
        None => None,
        Some(m) => Some(
            m.get_ref()
                .iter()
                .map(|s| {
                    Move::parse(s).ok_or_else(|| {
                        (
                            line_in(m.span().start),
                            format!("move {s:?} is not COLOUR@GAP, e.g. \"R@2\" (R inserted at LeetCode's index 2)"),
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let leaves = c.leaves.unwrap_or_default();
    if let Some(ch) = leaves
        .chars()
        .find(|ch| crate::game::rules::Colour::from_char(*ch).is_none())
    {
        return Err((at, format!("leaves = {leaves:?}: '{ch}' is not a colour")));
    }
    let line = c
        .answer
        .as_ref()
        .map(|a| a.span().start)
        .or(c.moves.as_ref().map(|m| m.span().start))
        .map_or(at, line_in);
    Ok(Claim {
        source: c.source.into_inner(),
        answer: c.answer.map(Spanned::into_inner),
        moves,
        leaves,
        strict: c.strict,
        line,
    })
}

/// The part of a rejection message before the first `:`, e.g. `three in a row`: what an
/// `invalid = "..."` line should say.
pub fn short_reason(reason: &InputError) -> String {
    let s = reason.to_string();
    s.split(':').next().unwrap_or(&s).to_string()
}

/// Does the rejection `reason` match an `invalid = "..."` assertion? Case-insensitive substring.
pub fn reason_matches(asserted: &str, reason: &InputError) -> bool {
    reason
        .to_string()
        .to_lowercase()
        .contains(&asserted.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Vec<Case>, Vec<CaseError>) {
        parse_file(
            Path::new("cases/x.toml"),
            "x.toml",
            text,
            &Constraints::default(),
        )
    }

    #[test]
    fn loads_a_case_with_claims() {
        let (cases, errors) = parse(
            "[[case]]\nname = \"split-pair\"\nboard = \"RRWWRRBBRR\"\nhand = \"WB\"\nexpected = 2\n[[case.claims]]\nsource = \"bug report\"\nanswer = -1\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(cases[0].id, "x.toml#split-pair");
        assert_eq!((cases[0].line, cases[0].expected), (2, Some(2)));
        assert_eq!(
            cases[0].claims[0],
            Claim {
                source: "bug report".into(),
                answer: Some(-1),
                moves: None,
                leaves: String::new(),
                strict: false,
                line: 8
            }
        );
    }

    #[test]
    fn a_missing_key_names_an_example_of_it() {
        let (cases, e) = parse("[[case]]\nname = \"x\"\nboard = \"RR\"\n");
        assert!(cases.is_empty());
        assert_eq!(
            e[0].to_string(),
            "cases/x.toml line 1, column 1: case 'x': missing field `hand`; every case needs one, e.g. `hand = \"RB\"`"
        );
    }

    #[test]
    fn points_default_to_one_and_are_whole_numbers_from_zero() {
        let (cases, errors) = parse(
            "[[case]]\nname = \"a\"\nboard = \"RR\"\nhand = \"R\"\npoints = 5\n[[case]]\nname = \"b\"\nboard = \"GG\"\nhand = \"G\"\n[[case]]\nname = \"c\"\nboard = \"BB\"\nhand = \"B\"\npoints = 0\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        let points: Vec<_> = cases.iter().map(|c| (c.name.as_str(), c.points)).collect();
        assert_eq!(points, [("a", 5), ("b", 1), ("c", 0)]);
        let (cases, e) = parse(
            "[[case]]\nname = \"a\"\nboard = \"RR\"\nhand = \"R\"\n\npoints = -2\n[[case]]\nname = \"b\"\nboard = \"GG\"\nhand = \"G\"\npoints = 1.5\n",
        );
        assert!(cases.is_empty());
        assert_eq!(
            e[0].to_string(),
            "cases/x.toml line 6: case 'a': points = -2 is negative; use a whole number 0 or more (default 1)"
        );
        assert_eq!(
            e[1].to_string(),
            "cases/x.toml line 11, column 10: case 'b': invalid type: floating point `1.5`, expected i64; `points` is a whole number 0 or more (default 1), as in points = 2"
        );
    }

    #[test]
    fn errors_name_file_line_and_fix() {
        let (_, e) = parse("[[case]]\nname = \"a\"\nboard = \"RR\"\nhnad = \"R\"\n");
        assert_eq!(e[0].to_string(), "cases/x.toml line 4, column 1: case 'a': unknown field `hnad`, expected one of `name`, `board`, `hand`, `expected`, `invalid`, `note`, `tags`, `claims`, `points`, `visibility`; did you mean `hand`?");
        let (_, e) =
            parse("[[case]]\nname = \"a\"\nboard = \"RR\"\nhand = \"R\"\nexpected = \"two\"\n");
        assert_eq!(
            e[0].to_string(),
            "cases/x.toml line 5, column 12: case 'a': invalid type: string \"two\", expected i64; `expected` is a whole number of moves, or -1 for impossible, as in expected = 2"
        );
        let (_, e) = parse(
            "[[case]]\nname = \"c\"\nboard = \"RR\"\nhand = \"R\"\nclaims = [{ source = \"x\", answer = \"1\" }]\n",
        );
        assert_eq!(
            e[0].to_string(),
            "cases/x.toml line 5, column 36: case 'c': invalid type: string \"1\", expected i64; a claim's `answer` is a whole number of moves, or -1 for impossible, as in answer = 2"
        );
        let (c, e) = parse("[[case]]\nname = \"t\"\nboard = \"BBB\"\nhand = \"R\"\n");
        assert!(c.is_empty());
        assert_eq!(e[0].to_string(), "cases/x.toml line 2: case 't': input rejected: three in a row: 'BBB' at board positions 0..2 (the starting board may not hold a run of three or more); if that is intended, mark the case with invalid = \"three in a row\"");
        let (c, e) = parse("[[case]]\nname = \"a\"\nboard = \"R\"\nhand = \"R\"\n[[case]]\nname = \"a\"\nboard = \"G\"\nhand = \"G\"\n");
        assert_eq!(c.len(), 1);
        assert_eq!(e[0].to_string(), "cases/x.toml line 6: case 'a': duplicate name (first used at line 2); names must be unique in a file");
    }

    #[test]
    fn one_bad_case_does_not_take_its_file_down() {
        let text = "# comment\n[[case]]\nname = \"a\"\nboard = \"R\"\nhand = \"RR\"\nexpect = 2\n\n[[case]]\nname = \"b\"\nboard = \"G\"\nhand = \"GG\"\n[[case.claims]]\nsource = \"s\"\nanswer = 2\n[[ case ]] # third\nname = \"c\"\nboard = \"Y\nhand = \"YY\"\n";
        let (c, e) = parse(text);
        assert_eq!(
            c.iter()
                .map(|c| (c.id.as_str(), c.line))
                .collect::<Vec<_>>(),
            [("x.toml#b", 9)]
        );
        assert_eq!(c[0].claims[0].line, 14);
        assert_eq!(e.len(), 2);
        assert!(
            e[0].to_string()
                .starts_with("cases/x.toml line 6, column 1: case 'a': unknown field `expect`"),
            "{}",
            e[0]
        );
        assert!(
            e[0].to_string().ends_with("did you mean `expected`?"),
            "{}",
            e[0]
        );
        assert!(
            e[1].to_string()
                .starts_with("cases/x.toml line 17, column "),
            "{}",
            e[1]
        );
        assert!(
            e[1].to_string().ends_with("(is a closing quote missing?)"),
            "{}",
            e[1]
        );
        // The unknown key's case has a name to give; the unterminated string's has none.
        assert_eq!(
            (e[0].subject(), e[1].subject()),
            ("x.toml#a".into(), "x.toml".into())
        );
    }

    const ONE: &str = "[[case]]\nname = \"a\"\nboard = \"RR\"\nhand = \"R\"\n";

    /// A file cut off inside a case (as a `kill -9` during a plain write left them): the cut
    /// case is an error naming file and line, the cases before it load.
    #[test]
    fn a_cut_off_file_names_its_file_and_line() {
        let text = format!("{ONE}expected = 1\n\n[[case]]\nname = \"b\"\nboard =");
        let (c, e) = parse(&text);
        assert_eq!(c.len(), 1);
        assert_eq!(
            e.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["cases/x.toml line 9, column 8: a value is missing here; the file ends inside this case with no final newline: is it cut off?"]
        );
        let (c, e) = parse(&format!("{ONE}\n[[case]]\nname = \"b\"\nboard = \"GGB"));
        assert_eq!(c.len(), 1);
        assert_eq!(
            e.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["cases/x.toml line 8, column 13: invalid basic string (is a closing quote missing?); the file ends inside this case with no final newline: is it cut off?"]
        );
    }

    /// toml's two-line messages are one line, so they sit in a report's indented list.
    #[test]
    fn a_syntax_error_is_one_line() {
        let (c, e) = parse("[[case]\nname = \"a\"\n");
        assert_eq!(c.len(), 0);
        assert_eq!(
            e.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["cases/x.toml line 1, column 7: invalid table header; expected `.`, `]]`"]
        );
    }

    #[test]
    fn move_claims_load_in_leetcodes_gap_numbering() {
        let (c, e) = parse(
            "[[case]]\nname = \"a\"\nboard = \"WRRBBW\"\nhand = \"RB\"\n[[case.claims]]\nsource = \"seed 003\"\nmoves = [\"R@1\", \"B@1\"]\nleaves = \"WW\"\n[[case.claims]]\nsource = \"bad\"\nmoves = [\"R1\"]\n[[case.claims]]\nsource = \"empty\"\n",
        );
        let claim = &c[0].claims[0];
        assert_eq!(
            (
                claim.answer,
                claim.moves.clone(),
                claim.leaves.as_str(),
                claim.line
            ),
            (
                None,
                Some(vec![
                    Move::parse("R@1").unwrap(),
                    Move::parse("B@1").unwrap()
                ]),
                "WW",
                7
            )
        );
        assert_eq!(c[0].claims.len(), 1);
        assert_eq!(
            e.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "cases/x.toml line 11: case 'a': move \"R1\" is not COLOUR@GAP, e.g. \"R@2\" (R inserted at LeetCode's index 2)",
                "cases/x.toml line 13: case 'a': a claim needs `answer = N` or `moves = [\"R@2\", ...]` (or both)",
            ]
        );
    }

    #[test]
    fn invalid_cases_load_with_their_reason() {
        let (c, e) = parse(
            "[[case]]\nname = \"t\"\nboard = \"BBB\"\nhand = \"R\"\ninvalid = \"Three in a row\"\n",
        );
        assert!(e.is_empty());
        assert!(reason_matches(
            c[0].invalid.as_deref().unwrap(),
            c[0].input.as_ref().unwrap_err()
        ));
    }
}
