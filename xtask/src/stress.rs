//! `cargo xtask stress` (being written; see issue 6).

/// Runs `cargo xtask stress`; returns the exit status.
///
/// # Errors
/// A usage error, as one line.
pub fn command(parser: lexopt::Parser) -> Result<i32, String> {
    let _ = parser;
    Err("`cargo xtask stress` is not built yet".to_string())
}
