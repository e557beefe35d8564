//! The rule a Rust file in `solutions/` must keep, checked by `build.rs` before the file is
//! compiled into the judge (and unit-tested here): it may name nothing outside its own file.

/// Where a drop-in solution reaches past its own file, and how: `(line, message)`. It is
/// compiled into the judge, next to the oracle, so it may not name the crate around it
/// (`crate`, `super`, `zuma_judge`, and `$crate` in a macro of its own), pull in another file
/// (`include!`, `include_str!`, `include_bytes!`, `#[path]`), or use `unsafe` (which could
/// reach the judge's code by address). LeetCode's Rust needs none of these.
pub fn reaches_out(text: &str) -> Option<(usize, String)> {
    use proc_macro2::{Delimiter, TokenStream, TokenTree};
    fn walk(tokens: TokenStream) -> Option<(usize, String)> {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        for (i, t) in tokens.iter().enumerate() {
            let line = t.span().start().line;
            let next_is = |c: char| matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == c);
            match t {
                TokenTree::Ident(id) => {
                    let name = id.to_string();
                    let name = name.strip_prefix("r#").unwrap_or(&name);
                    let why = match name {
                        "crate" | "super" | "zuma_judge" => Some(format!(
                            "names `{name}`: a solution in solutions/ is compiled into the judge, \
                             next to the oracle, and may name nothing outside its own file"
                        )),
                        "unsafe" => Some(
                            "uses `unsafe`: a solution in solutions/ runs inside the judge's \
                             binary and may not reach its code by address"
                                .to_string(),
                        ),
                        "include" | "include_str" | "include_bytes" if next_is('!') => Some(
                            format!("uses `{name}!`: a solution may not read other files"),
                        ),
                        _ => None,
                    };
                    if let Some(why) = why {
                        return Some((line, why));
                    }
                }
                TokenTree::Punct(p) if p.as_char() == '#' => {
                    let attr = tokens.get(if next_is('!') { i + 2 } else { i + 1 });
                    if let Some(TokenTree::Group(g)) = attr {
                        let first = g.stream().into_iter().next();
                        if g.delimiter() == Delimiter::Bracket
                            && matches!(&first, Some(TokenTree::Ident(id)) if id == "path")
                        {
                            return Some((
                                line,
                                "uses `#[path]`: a solution may not read other files".into(),
                            ));
                        }
                    }
                }
                TokenTree::Group(g) => {
                    if let Some(found) = walk(g.stream()) {
                        return Some(found);
                    }
                }
                _ => {}
            }
        }
        None
    }
    walk(text.parse().ok()?)
}

#[cfg(test)]
mod tests {
    use super::reaches_out;

    #[test]
    fn a_leetcode_solution_stays_in_its_file() {
        let plain = "impl Solution {\n    pub fn find_min_step(board: String, hand: String) -> i32 {\n        // the crate of r#super\n        let s = \"crate::oracle\";\n        #[allow(unused)]\n        let path = s.len();\n        -1\n    }\n}\n";
        assert_eq!(reaches_out(plain), None);
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
                "names `crate`",
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
        ];
        for (text, line, start) in cases {
            let (got_line, why) = reaches_out(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(got_line, line, "{text}");
            assert!(why.starts_with(start), "{text}: {why}");
        }
    }
}
