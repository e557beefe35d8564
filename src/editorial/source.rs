//! Reading an editorial as a person saved it: plain text, Markdown (pulldown-cmark) or HTML
//! (html5ever's tokenizer), into one shape, prose lines and code blocks, each line carrying its
//! 1-based line in the original file so every finding can cite it.

use std::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// One line of text and where it is in the original file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based line in the original file.
    pub line: usize,
    /// The text (Markdown and HTML markup removed; table cells joined by ` | `).
    pub text: String,
    /// A heading (Markdown `#`, HTML `<h1>`..`<h6>`, a plain-text line opening with `# `): it
    /// ends the example before it.
    pub heading: bool,
}

/// A code block: a fenced or indented Markdown block, an HTML `<pre>`, or a run of code lines
/// in plain text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeBlock {
    /// What names its language, if anything: the fence's info string, the `class` of the
    /// `<pre>`/`<code>` (`language-python`), or a short heading just before it ("Python").
    pub hint: Option<String>,
    /// Its lines, as written.
    pub lines: Vec<Line>,
}

impl CodeBlock {
    /// The 1-based line of its first line in the original file.
    pub fn line(&self) -> usize {
        self.lines.first().map_or(0, |l| l.line)
    }

    /// Its text, lines joined with newlines.
    pub fn text(&self) -> String {
        let mut s = self
            .lines
            .iter()
            .map(|l| l.text.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        s.push('\n');
        s
    }
}

/// A part of a document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// Prose, headings, list items and table rows, a line each.
    Prose(Vec<Line>),
    /// A code block.
    Code(CodeBlock),
}

/// How a file is read, from its extension (`.md`/`.markdown`, `.html`/`.htm`, anything else
/// plain text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Plain text: code blocks are found by their shape (see `plain`).
    Text,
    /// Markdown (CommonMark with tables).
    Markdown,
    /// HTML as a browser saves it.
    Html,
}

impl Kind {
    /// The kind for a file name.
    pub fn of(path: &str) -> Kind {
        let lower = path.to_lowercase();
        if lower.ends_with(".md") || lower.ends_with(".markdown") {
            Kind::Markdown
        } else if lower.ends_with(".html") || lower.ends_with(".htm") {
            Kind::Html
        } else {
            Kind::Text
        }
    }
}

/// Reads `text` as `kind`.
pub fn read(text: &str, kind: Kind) -> Vec<Block> {
    match kind {
        Kind::Text => plain(text),
        Kind::Markdown => markdown(text),
        Kind::Html => html(text),
    }
}

/// 1-based line of byte `offset` in `text`.
fn line_at(starts: &[usize], offset: usize) -> usize {
    starts.partition_point(|&s| s <= offset)
}

fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// Collects prose lines: text pieces join the line they start on; a new source line starts a
/// new prose line.
#[derive(Default)]
struct ProseLines {
    lines: Vec<Line>,
    open: bool,
    /// Inside a heading: the lines pushed are headings.
    heading: bool,
}

impl ProseLines {
    fn push(&mut self, line: usize, piece: &str) {
        match self.lines.last_mut() {
            Some(last) if self.open && last.line == line => {
                last.text.push_str(piece);
                last.heading |= self.heading;
            }
            _ => {
                self.lines.push(Line {
                    line,
                    text: piece.to_string(),
                    heading: self.heading,
                });
                self.open = true;
            }
        }
    }
    /// Ends the current line (a block ended, a cell ended).
    fn close(&mut self) {
        self.open = false;
    }
    fn take(&mut self, blocks: &mut Vec<Block>) {
        let lines: Vec<Line> = std::mem::take(&mut self.lines)
            .into_iter()
            .map(|l| Line {
                text: l.text.trim().to_string(),
                ..l
            })
            .filter(|l| !l.text.is_empty())
            .collect();
        if !lines.is_empty() {
            blocks.push(Block::Prose(lines));
        }
        self.open = false;
    }
}

/// Markdown through pulldown-cmark, with byte offsets mapped back to lines.
fn markdown(text: &str) -> Vec<Block> {
    let starts = line_starts(text);
    let mut blocks = Vec::new();
    let mut prose = ProseLines::default();
    let mut code: Option<(Option<String>, String, usize)> = None;
    let mut row: Option<(usize, Vec<String>)> = None;
    for (event, range) in Parser::new_ext(text, Options::ENABLE_TABLES).into_offset_iter() {
        let at = line_at(&starts, range.start);
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                prose.take(&mut blocks);
                let (hint, first) = code_start(kind, at, &mut prose);
                prose.take(&mut blocks);
                code = Some((hint, String::new(), first));
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((hint, body, first)) = code.take() {
                    blocks.push(Block::Code(code_block(hint, &body, first)));
                }
            }
            Event::Text(t) if code.is_some() => append_code(&mut code, at, &t),
            Event::Start(Tag::TableRow | Tag::TableHead) => row = Some((at, Vec::new())),
            Event::Start(Tag::TableCell) => {
                if let Some((_, cells)) = row.as_mut() {
                    cells.push(String::new());
                }
            }
            Event::End(TagEnd::TableRow | TagEnd::TableHead) => {
                if let Some((line, cells)) = row.take() {
                    prose.close();
                    prose.push(line, &cells.join(" | "));
                    prose.close();
                }
            }
            Event::Text(t) | Event::Code(t) | Event::InlineHtml(t) | Event::Html(t) => {
                match row.as_mut().and_then(|(_, cells)| cells.last_mut()) {
                    Some(cell) => cell.push_str(&t),
                    None => prose.push(at, &t),
                }
            }
            Event::Start(Tag::Heading { .. }) => prose.heading = true,
            Event::SoftBreak | Event::HardBreak => prose.close(),
            Event::End(
                TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item | TagEnd::BlockQuote(_),
            ) => {
                prose.close();
                prose.heading = false;
            }
            _ => {}
        }
    }
    prose.take(&mut blocks);
    blocks
}

/// Text inside a fenced code block: the block's first line is where its text starts.
fn append_code(code: &mut Option<(Option<String>, String, usize)>, at: usize, t: &str) {
    if let Some((_, body, first)) = code.as_mut() {
        if body.is_empty() {
            *first = at;
        }
        body.push_str(t);
    }
}

/// A code block's hint and first line. A page pasted with its fence glued to the text
/// (```` ```Input: board = .. ````) has prose for an info string: it becomes a line of prose
/// (in `prose`), not a hint.
fn code_start(kind: CodeBlockKind, at: usize, prose: &mut ProseLines) -> (Option<String>, usize) {
    match kind {
        CodeBlockKind::Fenced(info) if is_prose(&info) => {
            prose.push(at, &info);
            (None, at + 1)
        }
        CodeBlockKind::Fenced(info) => {
            let info = info.split_whitespace().next().unwrap_or("").to_string();
            ((!info.is_empty()).then_some(info), at + 1)
        }
        CodeBlockKind::Indented => (None, at),
    }
}

/// Whether a fence's info string is prose (`Input: board = "G", hand = "GG"`), not a language
/// tag with attributes (`python title="a.py"`, `rust:src/main.rs`): a word and a colon, then
/// more words or an `=`.
fn is_prose(info: &str) -> bool {
    let first = info.split_whitespace().next().unwrap_or("");
    let label = first.split(':').next().unwrap_or("");
    first.contains(':')
        && !label.is_empty()
        && label.chars().all(char::is_alphabetic)
        && (info.split_whitespace().count() > 1 || info.contains('='))
}

fn code_block(hint: Option<String>, body: &str, first: usize) -> CodeBlock {
    CodeBlock {
        hint,
        lines: body
            .trim_end_matches('\n')
            .split('\n')
            .enumerate()
            .map(|(i, t)| Line {
                line: first + i,
                text: t.to_string(),
                heading: false,
            })
            .collect(),
    }
}

/// Tags that end a line of prose in HTML.
/// HTML's heading tags.
const HEADINGS: &[&str] = &["h1", "h2", "h3", "h4", "h5", "h6"];

const HTML_BREAKS: &[&str] = &[
    "p",
    "div",
    "br",
    "li",
    "tr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "table",
    "ul",
    "ol",
    "blockquote",
    "section",
    "article",
    "header",
    "footer",
    "dt",
    "dd",
    "hr",
    "figure",
    "figcaption",
];

#[derive(Default)]
struct HtmlState {
    blocks: Vec<Block>,
    prose: ProseLines,
    /// Inside `<pre>`: the hint, the text so far and its first line.
    pre: Option<(Option<String>, String, usize)>,
    /// Inside `<script>` or `<style>`.
    skip: bool,
}

struct HtmlSink(RefCell<HtmlState>);

impl TokenSink for HtmlSink {
    type Handle = ();

    fn process_token(&self, token: Token, line_number: u64) -> TokenSinkResult<()> {
        let mut s = self.0.borrow_mut();
        let line = line_number as usize;
        match token {
            Token::TagToken(tag) => {
                let name: &str = &tag.name;
                let start = tag.kind == TagKind::StartTag;
                match name {
                    "script" | "style" if start => {
                        s.skip = true;
                        return TokenSinkResult::RawData(
                            html5ever::tokenizer::states::RawKind::ScriptData,
                        );
                    }
                    "script" | "style" => s.skip = false,
                    "pre" | "code" if start => {
                        let hint = tag
                            .attrs
                            .iter()
                            .find(|a| &*a.name.local == "class" || &*a.name.local == "data-lang")
                            .and_then(|a| language_class(&a.value));
                        s.open_code(name == "pre", hint, line);
                    }
                    "pre" => s.close_pre(),
                    "br" if s.pre.is_some() => {
                        if let Some((_, body, _)) = s.pre.as_mut() {
                            body.push('\n');
                        }
                    }
                    "td" | "th" if !start => {
                        s.prose.push(line, " | ");
                    }
                    _ if HTML_BREAKS.contains(&name) => {
                        s.prose.close();
                        if HEADINGS.contains(&name) {
                            s.prose.heading = start;
                        }
                    }
                    _ => {}
                }
            }
            Token::CharacterTokens(t) if !s.skip => s.characters(&t, line),
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

impl HtmlState {
    /// A `<pre>` (a code block starts; the prose before it ends) or a `<code>` (inside a
    /// `<pre>`, it may name the language).
    fn open_code(&mut self, pre: bool, hint: Option<String>, line: usize) {
        if pre {
            self.prose.take(&mut self.blocks);
            self.pre = Some((hint, String::new(), line));
        } else if let Some((h, _, _)) = self.pre.as_mut() {
            if h.is_none() {
                *h = hint;
            }
        }
    }

    /// A `</pre>`: the code block ends.
    fn close_pre(&mut self) {
        if let Some((hint, body, first)) = self.pre.take() {
            // html5ever drops a newline right after `<pre>`; so does this.
            let (body, first) = match body.strip_prefix('\n') {
                Some(rest) => (rest.to_string(), first + 1),
                None => (body, first),
            };
            self.blocks
                .push(Block::Code(code_block(hint, &body, first)));
        }
    }

    /// html5ever reports the line a run of characters ends on; each piece of it is placed on
    /// its own line by counting back.
    fn characters(&mut self, t: &StrTendril, end_line: usize) {
        let newlines = t.matches('\n').count();
        let first = end_line.saturating_sub(newlines).max(1);
        if let Some((_, body, _)) = self.pre.as_mut() {
            body.push_str(t);
            return;
        }
        for (i, piece) in t.split('\n').enumerate() {
            if i > 0 {
                self.prose.close();
            }
            if !piece.trim().is_empty() {
                self.prose.push(first + i, piece);
            }
        }
    }
}

/// The language a `class` attribute names: `language-python`, `lang-js`, `python`.
fn language_class(class: &str) -> Option<String> {
    class.split_whitespace().find_map(|c| {
        c.strip_prefix("language-")
            .or_else(|| c.strip_prefix("lang-"))
            .or_else(|| c.strip_prefix("brush:"))
            .map(str::to_string)
    })
}

/// HTML through html5ever's tokenizer: block tags end prose lines, `<pre>` is code, table
/// cells join their row, `<script>` and `<style>` are skipped; character references decoded.
fn html(text: &str) -> Vec<Block> {
    let sink = HtmlSink(RefCell::new(HtmlState::default()));
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(text));
    let tok = Tokenizer::new(sink, TokenizerOpts::default());
    let _ = tok.feed(&input);
    tok.end();
    let mut state = tok.sink.0.into_inner();
    if let Some((hint, body, first)) = state.pre.take() {
        state
            .blocks
            .push(Block::Code(code_block(hint, &body, first)));
    }
    state.prose.take(&mut state.blocks);
    state.blocks
}

/// Plain text's lines, numbered from 1; a line opening with `# ` is a heading.
pub fn lines_of(text: &str) -> Vec<Line> {
    text.lines()
        .enumerate()
        .map(|(i, t)| Line {
            line: i + 1,
            text: t.to_string(),
            heading: t.trim_start_matches('#').starts_with(' ') && t.starts_with('#'),
        })
        .collect()
}

/// Plain text: every line is prose except runs that look like code (see
/// [`super::runs::code_runs`]); a short line just before a run ("Python", "Go
/// Solution") is its hint.
fn plain(text: &str) -> Vec<Block> {
    let lines = lines_of(text);
    let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    let runs = super::runs::code_runs(&texts);
    let mut blocks = Vec::new();
    let mut prose: Vec<Line> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some(&(from, to)) = runs.iter().find(|(from, _)| *from == i) {
            let hint = prose
                .iter()
                .rev()
                .find(|l| !l.text.trim().is_empty())
                .filter(|l| l.text.split_whitespace().count() <= 3)
                .map(|l| l.text.trim().to_string());
            flush_plain(&mut prose, &mut blocks);
            blocks.push(Block::Code(CodeBlock {
                hint,
                lines: lines[from..to].to_vec(),
            }));
            i = to;
            continue;
        }
        prose.push(lines[i].clone());
        i += 1;
    }
    flush_plain(&mut prose, &mut blocks);
    blocks
}

fn flush_plain(prose: &mut Vec<Line>, blocks: &mut Vec<Block>) {
    let lines: Vec<Line> = std::mem::take(prose)
        .into_iter()
        .filter(|l| !l.text.trim().is_empty())
        .map(|l| Line {
            text: l.text.trim().to_string(),
            ..l
        })
        .collect();
    if !lines.is_empty() {
        blocks.push(Block::Prose(lines));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prose(blocks: &[Block]) -> Vec<(usize, String)> {
        blocks
            .iter()
            .flat_map(|b| match b {
                Block::Prose(l) => l.clone(),
                Block::Code(_) => Vec::new(),
            })
            .map(|l| (l.line, l.text))
            .collect()
    }

    fn codes(blocks: &[Block]) -> Vec<(usize, Option<String>, String)> {
        blocks
            .iter()
            .filter_map(|b| match b {
                Block::Code(c) => Some((c.line(), c.hint.clone(), c.text())),
                Block::Prose(_) => None,
            })
            .collect()
    }

    /// A fence glued to prose keeps its text as a prose line; a language tag stays a hint.
    #[test]
    fn a_fence_glued_to_its_text() {
        let table: &[(&str, bool)] = &[
            ("Input: board = \"G\", hand = \"GG\"", true),
            ("Input:board=\"G\"", true),
            ("python", false),
            ("python title=\"a.py\"", false),
            ("rust:src/main.rs", false),
        ];
        for (info, prose) in table {
            assert_eq!(is_prose(info), *prose, "{info}");
        }
        let b = markdown("```Input: board = \"G\", hand = \"GG\"\nOutput: 2\n```\n");
        assert_eq!(
            prose(&b),
            [(1, "Input: board = \"G\", hand = \"GG\"".to_string())]
        );
        assert_eq!(codes(&b), [(2, None, "Output: 2\n".to_string())]);
    }

    #[test]
    fn markdown_lines_map_back_to_the_file() {
        let md = "# Title\n\nInput: `board = \"WRRBBW\"`,\nhand = \"RB\"\n\n| board | hand | answer |\n|---|---|---|\n| R | RR | 1 |\n\n```python\nclass Solution:\n    pass\n```\n";
        let b = markdown(md);
        assert_eq!(
            prose(&b),
            [
                (1, "Title".to_string()),
                (3, "Input: board = \"WRRBBW\",".to_string()),
                (4, "hand = \"RB\"".to_string()),
                (6, "board | hand | answer".to_string()),
                (8, "R | RR | 1".to_string()),
            ]
        );
        assert_eq!(
            codes(&b),
            [(
                11,
                Some("python".into()),
                "class Solution:\n    pass\n".into()
            )]
        );
    }

    #[test]
    fn html_lines_map_back_to_the_file() {
        let html_text = "<html><head><style>p { x: 1 }</style></head><body>\n<h2>Example</h2>\n<p>Input: board = &quot;WRRBBW&quot;,\nhand = &quot;RB&quot;</p>\n<table><tr><td>R</td><td>RR</td><td>1</td></tr></table>\n<pre><code class=\"language-js\">var findMinStep = function(b, h) {\n  return 1 &lt; 2;\n};</code></pre>\n</body></html>\n";
        let b = html(html_text);
        assert_eq!(
            prose(&b),
            [
                (2, "Example".to_string()),
                (3, "Input: board = \"WRRBBW\",".to_string()),
                (4, "hand = \"RB\"".to_string()),
                (5, "R | RR | 1 |".to_string()),
            ]
        );
        assert_eq!(
            codes(&b),
            [(
                6,
                Some("js".into()),
                "var findMinStep = function(b, h) {\n  return 1 < 2;\n};\n".into()
            )]
        );
    }
}
