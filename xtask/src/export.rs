//! `cargo xtask export` (being written; see issue 6).

/// Runs `cargo xtask export`; returns the exit status.
///
/// # Errors
/// A usage error, as one line.
pub fn command(parser: lexopt::Parser) -> Result<i32, String> {
    let _ = parser;
    Err("`cargo xtask export` is not built yet".to_string())
}
