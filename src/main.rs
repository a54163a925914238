//! The `herald` command: a thin shell over the library (see `herald::cli`).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    herald::cli::main()
}
