//! The plain table every text report draws (verdicts, timing, the gradebook, bench, list).

use comfy_table::{presets, ContentArrangement, Table};

/// A table with no borders and a header rule, wide enough never to wrap.
pub fn table(header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_preset(presets::ASCII_BORDERS_ONLY_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(header.iter().map(|h| h.to_string()));
    t
}
