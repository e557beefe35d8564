//! The rule a Rust file in `solutions/` must keep, checked by `build.rs` before the file is
//! compiled into the judge (and unit-tested here): it may name nothing outside its own file.
//! Its tests (`#[cfg(test)]` and `#[test]` items, which solution repositories carry) are left
//! out of what the judge compiles ([`without_tests`]) before the check.

/// Where a drop-in solution reaches past its own file, and how: `(line, message)`. It is
/// compiled into the judge, next to the oracle, so it may not:
/// - name the crate around it (`crate`, `super`, `zuma_judge`, `$crate` in a macro of its own),
///   in code, or as a path in a string inside an attribute (`#[serde(default =
///   "crate::x")]`; doc comments excepted);
/// - read another file at compile time: call `include!`, `include_str!` or `include_bytes!`,
///   or name one in a `use` (which could rename it), or put `path` or `debugger_visualizer`
///   in an attribute (`cfg_attr` included), or declare an out-of-line module (`mod x;`);
/// - use `unsafe` (which could reach the judge's code by address) or assembly (`asm!`,
///   `global_asm!`, called or named in a `use`);
/// - define a macro (`macro_rules!`), which could be handed a forbidden name as a token and
///   put it together where this token-level check cannot see it;
/// - carry tests (`#[test]`, `cfg(test)`), which `cargo test` would run inside the judge's own
///   test binary;
/// - set how it is linked (`no_mangle`, `export_name`, `link_section`, `link`, `link_name`,
///   `used`, `global_allocator`, `panic_handler`), which could replace a symbol of the judge's.
///
/// LeetCode's Rust needs none of these.
pub fn reaches_out(text: &str) -> Option<(usize, String)> {
    walk(text.parse().ok()?, Within::Code)
}

/// Where a token stands: a name means different things in each.
#[derive(Clone, Copy, PartialEq)]
enum Within {
    Code,
    /// A `use` item, up to its `;`.
    Use,
    /// An attribute's brackets.
    Attribute,
}

/// Names that reach out wherever they stand, with why.
fn anywhere(name: &str) -> Option<String> {
    Some(match name {
        "crate" | "super" | "zuma_judge" => format!(
            "names `{name}`: a solution in solutions/ is compiled into the judge, next to the \
             oracle, and may name nothing outside its own file"
        ),
        "unsafe" => "uses `unsafe`: a solution in solutions/ runs inside the judge's binary and \
                     may not reach its code by address"
            .to_string(),
        "macro_rules" => "defines a macro: a solution in solutions/ may not, since a macro can \
                          be handed a name this check forbids (`m!(include_str)`, `#[$p = ...]`)"
            .to_string(),
        _ => return None,
    })
}

/// Names that reach out inside an attribute (`#[...]`, `#![...]`, at any depth), with why.
fn in_attribute(name: &str) -> Option<String> {
    Some(match name {
        "path" | "debugger_visualizer" => {
            format!("uses `#[{name}]`: a solution may not read other files")
        }
        "test" => "has tests (`#[test]`, `cfg(test)`): `cargo test` would run them inside the \
                   judge's own test binary, outside the sandbox"
            .to_string(),
        "no_mangle" | "export_name" | "link_section" | "link" | "link_name" | "used"
        | "global_allocator" | "panic_handler" => format!(
            "uses `#[{name}]`: a solution in solutions/ is linked into the judge and may not \
             set how (a symbol of the judge's own could be replaced)"
        ),
        _ => return None,
    })
}

/// An include or assembly macro called (`include_str!`) or named in a `use` (`use
/// std::include_str as grab;`), with why. A variable of the same name is no macro.
fn macro_out(name: &str, called: bool, within: Within) -> Option<String> {
    if !called && within != Within::Use {
        return None;
    }
    Some(match name {
        "include" | "include_str" | "include_bytes" => {
            format!("uses `{name}!`: a solution may not read other files")
        }
        "asm" | "global_asm" | "naked_asm" => format!(
            "uses `{name}!`: a solution in solutions/ is linked into the judge and may not \
             write assembly"
        ),
        _ => return None,
    })
}

/// A string in an attribute that names the crate around it as a path (`#[serde(with =
/// "crate::x")]`, which serde turns into code), with why. The string is read as the compiler
/// reads it, escapes decoded; prose (`reason = "super short"`) is no path.
fn string_out(literal: &proc_macro2::Literal) -> Option<String> {
    let text = litrs::StringLit::parse(literal.to_string()).ok()?;
    let text = text.value();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let named = |name: &str| {
        text.match_indices(name).any(|(at, _)| {
            let rest = &text[at + name.len()..];
            let whole = !text[..at].ends_with(word) && !rest.starts_with(word);
            let path = rest.trim_start().starts_with("::") || text.trim() == name;
            whole && (name == "zuma_judge" || path)
        })
    };
    ["crate", "super", "zuma_judge"]
        .into_iter()
        .find(|name| named(name))
        .map(|w| {
            format!(
                "names `{w}` in an attribute's string: a solution in solutions/ is compiled \
                 into the judge, next to the oracle, and may name nothing outside its own file"
            )
        })
}

/// `mod x;`, a module in another file, with why.
fn out_of_line(name: &str, after: &[proc_macro2::TokenTree]) -> Option<String> {
    use proc_macro2::TokenTree::{Ident, Punct};
    match (name, after) {
        ("mod", [Ident(m), Punct(p), ..]) if p.as_char() == ';' => Some(format!(
            "declares `mod {m};`, which reads another file: a solution may not read other \
             files (write the module inline, `mod {m} {{ ... }}`)"
        )),
        _ => None,
    }
}

/// Whether the tokens before a literal end in `doc =`: a doc comment, which is text.
fn doc_value(before: &[proc_macro2::TokenTree]) -> bool {
    use proc_macro2::TokenTree::{Ident, Punct};
    matches!(before, [.., Ident(d), Punct(e)] if d == "doc" && e.as_char() == '=')
}

/// The first token of `tokens`, which stand `within`, that reaches out.
fn walk(tokens: proc_macro2::TokenStream, mut within: Within) -> Option<(usize, String)> {
    use proc_macro2::{Delimiter, TokenTree};
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, t) in tokens.iter().enumerate() {
        let line = t.span().start().line;
        let is = |j: usize, c: char| matches!(tokens.get(j), Some(TokenTree::Punct(p)) if p.as_char() == c);
        let found = match t {
            TokenTree::Ident(id) => {
                let name = id.to_string();
                let name = name.strip_prefix("r#").unwrap_or(&name);
                // `use<'a>` is a bound (precise capturing), not an item.
                if name == "use" && within == Within::Code && !is(i + 1, '<') {
                    within = Within::Use;
                }
                anywhere(name)
                    .or_else(|| macro_out(name, is(i + 1, '!'), within))
                    .or_else(|| out_of_line(name, &tokens[i + 1..]))
                    .or_else(|| {
                        (within == Within::Attribute)
                            .then(|| in_attribute(name))
                            .flatten()
                    })
                    .map(|why| (line, why))
            }
            TokenTree::Literal(l) if within == Within::Attribute && !doc_value(&tokens[..i]) => {
                string_out(l).map(|why| (line, why))
            }
            TokenTree::Punct(p) if p.as_char() == ';' && within == Within::Use => {
                within = Within::Code;
                None
            }
            TokenTree::Group(g) => {
                // `#[...]` or `#![...]`: an attribute, walked once, as one.
                let attribute = g.delimiter() == Delimiter::Bracket
                    && (is(i.wrapping_sub(1), '#')
                        || is(i.wrapping_sub(1), '!') && is(i.wrapping_sub(2), '#'));
                walk(
                    g.stream(),
                    if attribute { Within::Attribute } else { within },
                )
            }
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// `text` with every item whose attributes include `#[cfg(test)]` or `#[test]` blanked out
/// (its doc comments and other attributes too), at any depth: what `cargo test` alone would
/// compile is never part of the judge, and never runs inside its test binary. Spaces replace
/// the item and its line breaks stay, so a compiler's line numbers are the file's. Text that
/// does not parse is returned as it is (its check then fails on its own).
pub fn without_tests(text: &str) -> String {
    let Ok(tokens) = text.parse::<proc_macro2::TokenStream>() else {
        return text.to_string();
    };
    let mut ranges = Vec::new();
    test_items(tokens, &mut ranges);
    let starts = line_starts(text);
    let at = |l: proc_macro2::LineColumn| {
        let line = starts
            .get(l.line.wrapping_sub(1))
            .copied()
            .unwrap_or(text.len());
        let rest = &text[line..];
        line + rest
            .char_indices()
            .nth(l.column)
            .map_or(rest.len(), |(i, _)| i)
    };
    let mut out = text.to_string().into_bytes();
    for (start, end) in ranges {
        for b in &mut out[at(start)..at(end)] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    }
    // Only ASCII spaces replaced whole characters' bytes: still UTF-8.
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// The byte where each line of `text` starts.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// Collects the (start, end) of every test item among `tokens`, looking inside the braces of
/// the others.
fn test_items(
    tokens: proc_macro2::TokenStream,
    ranges: &mut Vec<(proc_macro2::LineColumn, proc_macro2::LineColumn)>,
) {
    use proc_macro2::{Delimiter, TokenTree};
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let hash = |j: usize| matches!(tokens.get(j), Some(TokenTree::Punct(p)) if p.as_char() == '#');
    let attribute = |j: usize| {
        hash(j)
            && matches!(tokens.get(j + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket)
    };
    let mut i = 0;
    while i < tokens.len() {
        if !attribute(i) {
            if let TokenTree::Group(g) = &tokens[i] {
                if g.delimiter() == Delimiter::Brace {
                    test_items(g.stream(), ranges);
                }
            }
            i += 1;
            continue;
        }
        // An item's attributes, then the item up to its body's braces or its `;`.
        let first = i;
        let mut is_test = false;
        while attribute(i) {
            let TokenTree::Group(g) = &tokens[i + 1] else {
                unreachable!()
            };
            let words: String = g.stream().to_string().split_whitespace().collect();
            is_test |= words == "cfg(test)" || words == "test";
            i += 2;
        }
        let mut end = i;
        while let Some(t) = tokens.get(end) {
            match t {
                TokenTree::Punct(p) if p.as_char() == ';' => break,
                TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                    if matches!(tokens.get(end + 1), Some(TokenTree::Punct(p)) if p.as_char() == ';')
                    {
                        end += 1;
                    }
                    break;
                }
                _ => end += 1,
            }
        }
        let end = end.min(tokens.len().saturating_sub(1));
        if is_test {
            ranges.push((tokens[first].span().start(), tokens[end].span().end()));
        } else {
            test_items(tokens[i..=end].iter().cloned().collect(), ranges);
        }
        i = end + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{reaches_out, without_tests};

    #[test]
    fn tests_are_left_out_with_their_lines_kept() {
        let text = "impl Solution {\n    pub fn find_min_step(b: String, h: String) -> i32 { 2 }\n    #[cfg(test)]\n    fn helper() -> i32 { 1 }\n}\n/// The tests.\n#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn t() { assert_eq!(Solution::find_min_step(\"R\".into(), \"R\".into()), -1); }\n}\n#[test]\nfn loose() {}\nconst KEPT: i32 = 3;\n";
        let kept = without_tests(text);
        assert_eq!(kept.lines().count(), text.lines().count());
        let squeezed: String = kept.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(
            squeezed,
            "impl Solution { pub fn find_min_step(b: String, h: String) -> i32 { 2 } } const KEPT: i32 = 3;"
        );
        assert_eq!(reaches_out(&kept), None);
        // Whatever a test module names is gone with it; other test-like attributes still count.
        let blank = format!("{}\n{}", " ".repeat(12), " ".repeat(23));
        assert_eq!(
            without_tests("#[cfg(test)]\nmod t { use crate::x; }"),
            blank
        );
        let other = without_tests("#[cfg(any(test, doc))]\nfn f() {}");
        assert_eq!(reaches_out(&other).map(|(l, _)| l), Some(1));
    }

    #[test]
    fn a_leetcode_solution_stays_in_its_file() {
        let plain = "impl Solution {\n    #[inline]\n    pub fn find_min_step(board: String, hand: String) -> i32 {\n        // the crate of r#super\n        let s = \"crate::oracle\";\n        #[allow(unused)]\n        let path = s.len();\n        let include = path > 2;\n        let link = include as i32;\n        #[cfg_attr(debug_assertions, derive(Debug))]\n        struct Used;\n        -link\n    }\n}\n";
        assert_eq!(reaches_out(plain), None);
        let names = "#[allow(clippy::needless_range_loop, reason = \"super short; crate-free\")]\nfn h() {}\n/// Not the crate's oracle: super fast.\nmod inner {\n    #[derive(Clone)]\n    pub struct S;\n}\nfn f<'a>(x: &'a str) -> impl Sized + use<'a> {\n    let asm = x.len();\n    let include_str = asm + 1;\n    include_str\n}\n#[deprecated(note = \"slow\")]\nfn g() {}\n";
        assert_eq!(reaches_out(names), None);
    }

    #[test]
    fn every_way_out_is_named_with_its_line() {
        let cases = [
            (
                "fn f() -> i32 {\n    crate::oracle::solve(\"R\", \"R\")\n}",
                2,
                "names `crate`",
            ),
            ("fn f() {\n    super::super::x();\n}", 2, "names `super`"),
            ("\n\nfn f() { r#zuma_judge::x(); }", 3, "names `zuma_judge`"),
            (
                "macro_rules! m { () => { $crate::x() } }",
                1,
                "defines a macro",
            ),
            (
                "macro_rules! m { ($i:ident) => { $i!(\"/etc/hostname\") } }\nconst S: &str = m!(include_str);",
                1,
                "defines a macro",
            ),
            ("fn f() {\n    unsafe { g() }\n}", 2, "uses `unsafe`"),
            (
                "const S: &str = include_str!(\"/etc/passwd\");",
                1,
                "uses `include_str!`",
            ),
            (
                "#[path = \"../../src/oracle.rs\"]\nmod o;",
                1,
                "uses `#[path]`",
            ),
            ("#![path = \"x\"]", 1, "uses `#[path]`"),
            (
                "use std::include_str as grab;\nconst S: &str = grab!(\"/etc/passwd\");",
                1,
                "uses `include_str!`",
            ),
            (
                "fn f() {\n    use std::{self, include_bytes as b};\n}",
                2,
                "uses `include_bytes!`",
            ),
            (
                "#[cfg_attr(all(), path = \"/tmp/evil.rs\")]\nmod evil;",
                1,
                "uses `#[path]`",
            ),
            (
                "#[no_mangle]\npub extern \"C\" fn malloc() {}",
                1,
                "uses `#[no_mangle]`",
            ),
            (
                "\n#[export_name = \"free\"]\nfn f() {}",
                2,
                "uses `#[export_name]`",
            ),
            (
                "#[global_allocator]\nstatic A: X = X;",
                1,
                "uses `#[global_allocator]`",
            ),
            (
                "std::arch::global_asm!(\".globl main\");",
                1,
                "uses `global_asm!`",
            ),
            (
                "fn f() {}\nuse std::arch::asm as a;",
                2,
                "uses `asm!`",
            ),
            ("\nmod elsewhere;", 2, "declares `mod elsewhere;`"),
            (
                "#[debugger_visualizer(gdb_script_file = \"../cases/hard.toml\")]\nmod m {}",
                1,
                "uses `#[debugger_visualizer]`",
            ),
            (
                "#[cfg(any(test))]\nmod tests {}",
                1,
                "has tests",
            ),
            (
                "#[serde(with = \" super \")]\nstruct S;",
                1,
                "names `super` in an attribute's string",
            ),
            (
                "#[serde(with = \"zuma_judge\")]\nstruct S;",
                1,
                "names `zuma_judge` in an attribute's string",
            ),
            (
                "#[derive(serde::Deserialize)]\nstruct S {\n    #[serde(default = \"crate::game::oracle::x\")]\n    a: i32,\n}",
                3,
                "names `crate` in an attribute's string",
            ),
            (
                "#[cfg_attr(all(), serde(with = \"cr\\u{61}te::x\"))]\nstruct S;",
                1,
                "names `crate` in an attribute's string",
            ),
            (
                "#[serde(bound = r#\"T: super::X\"#)]\nstruct S;",
                1,
                "names `super` in an attribute's string",
            ),
            (
                "fn f() -> impl Sized + use<> {}\nfn g() { crate::x() }",
                2,
                "names `crate`",
            ),
        ];
        for (text, line, start) in cases {
            let (got_line, why) = reaches_out(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(got_line, line, "{text}");
            assert!(why.starts_with(start), "{text}: {why}");
        }
    }
}
