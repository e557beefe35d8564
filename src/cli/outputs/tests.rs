//! The check of the files a command will write.

use super::*;

fn error(outputs: &[Output]) -> String {
    check(outputs).unwrap_err().to_string()
}

#[test]
fn a_missing_folder_a_folder_and_a_file_named_twice_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let gone = d.join("no/such/x.json");
    assert_eq!(
        error(&[Output::flag("--out", &gone)]),
        format!(
            "--out {}: the folder {} does not exist; create it first",
            gone.display(),
            d.join("no/such").display()
        )
    );
    assert_eq!(
        error(&[Output::flag("--save", d)]),
        format!("--save {}: is a folder; give a file to write", d.display())
    );
    let same = d.join("r.json");
    let again = d.join("./r.json");
    let report = Output {
        flag: format!("--report json={}", again.display()),
        path: &again,
    };
    assert_eq!(
        error(&[Output::flag("--out", &same), report]),
        format!(
            "--report json={} and --out {} name the same file; one would overwrite the other",
            again.display(),
            same.display()
        )
    );
    let null = Path::new("/dev/null");
    check(&[Output::flag("--out", null), Output::flag("--save", null)]).unwrap();
    check(&[
        Output::flag("--out", &same),
        Output::flag("--save", &d.join("s.toml")),
    ])
    .unwrap();
}
