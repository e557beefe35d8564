//! `zuma-judge ideas` as text for people or as JSON: each known wrong idea with its pitfall,
//! its counterexample (the oracle's witness beside it) and where it is published.

use std::fmt::Write as _;

use super::writer::Document;
use super::HumanOrJson;
use crate::judge::ideas::Listed;

/// The catalogue as `zuma-judge ideas` lists it.
pub struct Catalogue<'a>(pub &'a [Listed]);

impl Document<HumanOrJson> for Catalogue<'_> {
    fn render(&self, format: HumanOrJson) -> String {
        match format {
            HumanOrJson::Human => human(self.0),
            HumanOrJson::Json => json(self.0),
        }
    }
}

/// The catalogue for people: one block per idea.
pub fn human(ideas: &[Listed]) -> String {
    let mut o = format!(
        "{} known wrong ideas; a failing submission's report names the one its answers follow\n",
        ideas.len()
    );
    for i in ideas {
        let kind = if i.habit { " [habit]" } else { "" };
        let _ = writeln!(o, "\n{}{kind}: {}", i.id, i.name);
        let _ = writeln!(o, "  pitfall: {}", i.pitfall);
        match &i.counterexample {
            Some(c) => {
                let after = c
                    .after
                    .as_ref()
                    .map_or(String::new(), |[b, h]| format!(", called after {b} + {h}"));
                let where_ = match c.found_in {
                    "sweep" => "smallest counterexample",
                    _ => "counterexample (from the cases, shrunk)",
                };
                let _ = writeln!(
                    o,
                    "  {where_}: {} + {}{after}: oracle {}, the idea {}",
                    c.board, c.hand, c.oracle, c.idea
                );
                if !c.witness.is_empty() {
                    let _ = writeln!(o, "    the oracle's moves: {}", c.witness.join(" "));
                }
            }
            None => {
                let _ = writeln!(o, "  no counterexample in the sweep or the cases");
            }
        }
        for s in i.sources {
            let _ = writeln!(o, "  source: {} <{}>", s.title, s.url);
        }
    }
    o
}

/// The catalogue as JSON: `{ideas: [...]}`, pretty, with a final newline.
pub fn json(ideas: &[Listed]) -> String {
    let mut s = serde_json::to_string_pretty(&serde_json::json!({ "ideas": ideas }))
        .expect("the catalogue serialises");
    s.push('\n');
    s
}
