//! A reader that goes away (`zuma-judge list | head -1`) ends the command quietly with exit 0,
//! as ripgrep and the coreutils do, instead of a panic or an error message. The judge keeps
//! SIGPIPE ignored, as Rust programs start, because it writes to workers' pipes and a worker
//! that dies must be a verdict, not the judge's death; so the broken pipe to standard output
//! is caught here, both as `println!`'s panic and as an error returned by a write. Standard
//! error is another matter: its messages go through `eprintln_lossy!`, which drops a failed
//! write, so a reader of standard error that goes away (`2>&1 >report.json | head -1`) leaves
//! the exit code, and the verdict it carries, as it was.

use zuma_judge::report::writer::WriteError;

/// Installs the panic hook that turns `println!`'s "failed printing to stdout: Broken pipe"
/// into a quiet exit 0; every other panic goes to the default hook.
pub fn install() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info)
    }));
}

/// Whether `e` is, somewhere in its chain, a write to a pipe whose reader has gone.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<WriteError>()
                .is_some_and(WriteError::is_broken_pipe)
    })
}
