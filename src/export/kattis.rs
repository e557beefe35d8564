//! A Kattis problem package, legacy format (the one problemtools' `verifyproblem` checks and
//! Kattis installs): `problem.yaml`, `problem_statement/problem.en.tex`, `data/sample` and
//! `data/secret` as `.in`/`.ans` pairs, a C++ input validator, and `submissions/<verdict>/` with
//! each solution wrapped in a stdin/stdout driver.
//!
//! The legacy format has no time limit in `problem.yaml`: Kattis derives it from the accepted
//! submissions' running times (`time_multiplier`), so `judge.toml`'s CPU limit goes into a
//! comment there and into DOMjudge's `timelimit`. It has no group for invalid inputs either
//! (`verifyproblem` allows only `sample` and `secret` under `data/`), so the suite's invalid cases
//! stay out; the validator is what rejects them.

use sha2::{Digest as _, Sha256};

use crate::export::{add_test_data, driver, test_data, ExportError, Package, Sources};
use crate::submission::verdict::{Expected, VerdictKind};

/// The problem's name in `problem.yaml` and the statement.
pub const NAME: &str = "Zuma Game";

/// The statement, in LaTeX, where the legacy format looks for the English one.
pub const STATEMENT: &str = "problem_statement/problem.en.tex";

/// The verdict folders of a Kattis package (legacy format).
pub const FOLDERS: [VerdictKind; 4] = [
    VerdictKind::Accepted,
    VerdictKind::WrongAnswer,
    VerdictKind::TimeLimitExceeded,
    VerdictKind::RunTimeError,
];

/// The package for `sources`.
pub fn package(sources: &Sources) -> Result<Package, ExportError> {
    let mut package = Package::default();
    let cases = test_data(sources.suite, &mut package.left_out)?;
    package.add("problem.yaml", problem_yaml(sources));
    package.add(STATEMENT, fill(include_str!("problem.en.tex"), sources));
    package.add(
        "input_validators/validate/validate.cpp",
        fill(include_str!("validator.cpp"), sources),
    );
    add_test_data(&mut package, &cases);
    add_submissions(&mut package, sources, |_| Vec::new());
    Ok(package)
}

/// `problem.yaml`, legacy format. Written by hand: six scalar keys need no YAML library.
fn problem_yaml(sources: &Sources) -> String {
    let limits = &sources.config.limits;
    format!(
        "# Written by zuma-judge export from judge.toml. The legacy format takes the time limit from\n\
         # the accepted submissions' running times; the judge's own limit is {} ms of CPU per case.\n\
         problem_format_version: legacy\n\
         name: {NAME}\n\
         uuid: {}\n\
         source: LeetCode 488\n\
         source_url: https://leetcode.com/problems/zuma-game/\n\
         license: permission\n\
         rights_owner: {}\n\
         limits:\n  memory: {}\n",
        limits.cpu_ms,
        uuid(NAME),
        yaml_string(sources.rights_owner),
        limits.memory_mib
    )
}

/// A YAML double-quoted string (JSON's escapes are valid YAML).
fn yaml_string(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

/// A stable UUID for the problem, so that two exports of one problem are the same problem to a
/// contest system: the first 16 bytes of SHA-256 of its name, marked as version 4 (random-like).
fn uuid(name: &str) -> String {
    let h = Sha256::digest(format!("zuma-judge problem {name}").as_bytes());
    let mut b = [0u8; 16];
    b.copy_from_slice(&h[..16]);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// A template with the constraints filled in.
fn fill(template: &str, sources: &Sources) -> String {
    let c = &sources.config.constraints;
    template
        .replace("@BOARD_MAX@", &c.board_max.to_string())
        .replace("@HAND_MAX@", &c.hand_max.to_string())
        .replace("@COLOURS@", &c.colours)
}

/// Adds `submissions/<folder>/<file>` for every solution whose expected verdict is one of the
/// four folders and whose language has a driver; `header` gives the comment lines written on
/// top of each (DOMjudge's `@EXPECTED_RESULTS@`). The rest go to `left_out`.
pub fn add_submissions(
    package: &mut Package,
    sources: &Sources,
    header: impl Fn(VerdictKind) -> Vec<String>,
) {
    for p in sources.solutions {
        let folder = match p.expected {
            Expected::One(k) if FOLDERS.contains(&k) => k,
            other => {
                package.left_out.push(format!(
                    "{}: expected {}, which has no submissions folder in the package format",
                    p.path,
                    other.name()
                ));
                continue;
            }
        };
        let lines = header(folder);
        let Some(text) = driver::wrap(p.language.id, p.language.comment, &p.text, &lines) else {
            package.left_out.push(format!(
                "{}: no stdin/stdout driver for {} (drivers: {})",
                p.path,
                p.language.name,
                driver::languages().join(", ")
            ));
            continue;
        };
        let file = p
            .file
            .file_name()
            .map_or_else(|| p.name.clone(), |f| f.to_string_lossy().into_owned());
        package.add(format!("submissions/{}/{file}", folder.name()), text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uuid_is_stable_and_version_4() {
        let u = uuid(NAME);
        assert_eq!(u, uuid(NAME));
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
    }
}
