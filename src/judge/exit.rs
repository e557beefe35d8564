//! The exit code of every command, as one type. Library operations return typed reports; each
//! report says which [`Exit`] it ends in (one method, one place), and `main` turns it into the
//! process's code. The numbers are a contract (DESIGN.md, "Exit codes").

use std::process::ExitCode;

/// How a command ended, worst first when several apply: [`Exit::Usage`] beats
/// [`Exit::Incomplete`], which beats [`Exit::Differs`], which beats [`Exit::Ok`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// 0: everything as expected.
    Ok,
    /// 1: a verdict, an expected value or a strict claim differs from the truth.
    Differs,
    /// 3: an incomplete run (interrupted, or a worker of the judge could not start).
    Incomplete,
    /// 2: usage, configuration or case-file error.
    Usage,
}

impl Exit {
    /// The process exit code.
    pub fn code(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::Differs => 1,
            Exit::Usage => 2,
            Exit::Incomplete => 3,
        }
    }

    /// [`Exit::Differs`] if `differs`, else [`Exit::Ok`].
    pub fn differs_if(differs: bool) -> Exit {
        if differs {
            Exit::Differs
        } else {
            Exit::Ok
        }
    }
}

/// In a JSON report (`exit_code`): the number.
impl serde::Serialize for Exit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.code())
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

#[cfg(test)]
mod tests {
    use super::Exit;

    #[test]
    fn codes_are_the_contract_and_the_worst_wins() {
        let codes: Vec<u8> = [Exit::Ok, Exit::Differs, Exit::Usage, Exit::Incomplete]
            .map(Exit::code)
            .to_vec();
        assert_eq!(codes, [0, 1, 2, 3]);
        assert_eq!(
            [Exit::Differs, Exit::Usage, Exit::Incomplete].iter().max(),
            Some(&Exit::Usage)
        );
        assert_eq!(Exit::Ok.max(Exit::Incomplete), Exit::Incomplete);
        assert_eq!(Exit::differs_if(true), Exit::Differs);
    }
}
