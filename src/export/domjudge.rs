//! A DOMjudge problem zip: the Kattis package ([`super::kattis`]) at the zip's root, plus
//! `domjudge-problem.ini` (name, timelimit from `judge.toml`, color), the statement as
//! `problem.txt`, and an `@EXPECTED_RESULTS@:` comment on top of each jury submission (DOMjudge's manual, "Problem format specification").
//! DOMjudge reads the verdict from the comment in any submissions folder; in the four Kattis
//! folders it also follows the folder, which the comment repeats.

use std::io::Write as _;

use crate::export::{kattis, ExportError, Package, Sources};
use crate::submission::verdict::VerdictKind;

/// The ini file DOMjudge reads its own problem settings from.
pub const INI: &str = "domjudge-problem.ini";

/// DOMjudge's name for the verdict of a Kattis submissions folder.
pub fn result_name(kind: VerdictKind) -> &'static str {
    match kind {
        VerdictKind::Accepted => "CORRECT",
        VerdictKind::WrongAnswer => "WRONG-ANSWER",
        VerdictKind::TimeLimitExceeded => "TIMELIMIT",
        VerdictKind::RunTimeError => "RUN-ERROR",
        VerdictKind::MemoryLimitExceeded => "MEMORY-LIMIT",
        VerdictKind::CompileError => "COMPILER-ERROR",
    }
}

/// The package for `sources`, with the problem's balloon colour `color` (a CSS colour).
pub fn package(sources: &Sources, color: &str) -> Result<Package, ExportError> {
    let mut package = kattis::package(sources)?;
    package
        .files
        .retain(|path, _| !path.starts_with("submissions/"));
    kattis::add_submissions(&mut package, sources, |kind| {
        vec![format!("@EXPECTED_RESULTS@: {}", result_name(kind))]
    });
    package.add(INI, ini(sources, color));
    let tex = &package.files[kattis::STATEMENT];
    let txt = statement_txt(&String::from_utf8_lossy(tex));
    package.add(STATEMENT, txt);
    Ok(package)
}

/// The statement DOMjudge shows teams: `problem.txt` (it takes `problem.{pdf,html,txt}`).
pub const STATEMENT: &str = "problem.txt";

/// The LaTeX statement as plain text: the name and the section titles on lines of their own,
/// the few commands it uses (`\texttt{..}`, `$..$`) unwrapped.
fn statement_txt(tex: &str) -> String {
    let rules: [(&str, &str); 4] = [
        (r"\\problemname\{([^}]*)\}", "$1\n"),
        (r"\\section\*\{([^}]*)\}", "$1\n"),
        (r"\\texttt\{([^}]*)\}", "$1"),
        (r"\$([^$]*)\$", "$1"),
    ];
    let mut text = tex.to_string();
    for (pattern, with) in rules {
        let re = regex::Regex::new(pattern).expect("a valid pattern");
        text = re.replace_all(&text, with).into_owned();
    }
    text
}

/// `domjudge-problem.ini`: `key = value` lines, values quoted.
fn ini(sources: &Sources, color: &str) -> String {
    let ms = sources.config.limits.cpu_ms;
    let seconds = format!("{}.{:03}", ms / 1000, ms % 1000);
    let seconds = seconds.trim_end_matches('0').trim_end_matches('.');
    format!(
        "name = \"{}\"\ntimelimit = {seconds}\ncolor = \"{color}\"\n",
        kattis::NAME
    )
}

/// The package as zip bytes, every file deflated, in path order.
pub fn zip(package: &Package) -> std::io::Result<Vec<u8>> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o644);
    for (path, bytes) in &package.files {
        w.start_file(path.as_str(), options)
            .map_err(std::io::Error::other)?;
        w.write_all(bytes)?;
    }
    Ok(w.finish().map_err(std::io::Error::other)?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_as_text_keeps_the_words_and_drops_the_commands() {
        let tex = "\\problemname{Zuma Game}\n\nred (\\texttt{R}), the answer is $-1$.\n\n\\section*{Input}\n\nTwo lines.\n";
        assert_eq!(
            statement_txt(tex),
            "Zuma Game\n\n\nred (R), the answer is -1.\n\nInput\n\n\nTwo lines.\n"
        );
    }

    #[test]
    fn every_folder_has_its_domjudge_name() {
        let names: Vec<&str> = kattis::FOLDERS.iter().map(|k| result_name(*k)).collect();
        assert_eq!(
            names,
            vec!["CORRECT", "WRONG-ANSWER", "TIMELIMIT", "RUN-ERROR"]
        );
    }
}
