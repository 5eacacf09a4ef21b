//! The `poj` binary end to end: POJ's sample on stdin, and a refused input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use pretty_assertions::assert_eq;

fn poj(stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_poj"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_sample_prints_the_answer_of_answer() {
    let output = poj(b"8\n0\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), poj::answer("8\n0\n").unwrap());
    assert_eq!(output.stderr, b"");
}

#[test]
fn a_refused_input_prints_nothing_and_exits_2() {
    let output = poj(b"8\n3\n0\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(output.stdout, b"");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: ") && stderr.contains("n = 3"), "{stderr:?}");
}
