// The judge's LeetCode driver: runs the file's function as LeetCode's JavaScript does, every test
// of a submission in one process (`node driver.js FILE PROBLEM`; the session protocol: "R" on
// descriptor 3 once loaded, then per test a line with n on stdin and a frame on descriptor 3).
"use strict";
const fs = require("fs");
const vm = require("vm");
const [path, problem] = process.argv.slice(2);
// The file runs as a script of its own, under its own name; a line after it (so that no line of
// the file moves) hands over its functions, declared with function, var, let or const.
const handOver =
  "\n;globalThis.__queensJudge = {" +
  " solveNQueens: typeof solveNQueens === 'function' ? solveNQueens : undefined," +
  " totalNQueens: typeof totalNQueens === 'function' ? totalNQueens : undefined };";
vm.runInThisContext(fs.readFileSync(path, "utf8") + handOver, { filename: path });
const methods = globalThis.__queensJudge;

// Descriptors 0 and 3 are blocking pipes unless something made them not: a busy one is waited on.
const pause = new Int32Array(new SharedArrayBuffer(4));
function retried(operation) {
  for (;;) {
    try {
      return operation();
    } catch (error) {
      if (error.code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
function send(bytes) {
  for (let written = 0; written < bytes.length; ) {
    written += retried(() => fs.writeSync(3, bytes, written, bytes.length - written));
  }
}
// Stdin read a chunk at a time, a line handed out at a time: the judge writes the next line
// only once it has the frame of this one.
let pending = Buffer.alloc(0);
let ended = false;
const chunk = Buffer.alloc(1 << 16);
function readLine() {
  for (;;) {
    const end = pending.indexOf(10);
    if (end >= 0) {
      const line = pending.subarray(0, end).toString("utf8");
      pending = pending.subarray(end + 1);
      return line;
    }
    if (ended) {
      const line = pending.length > 0 ? pending.toString("utf8") : null;
      pending = Buffer.alloc(0);
      return line;
    }
    const got = retried(() => fs.readSync(0, chunk, 0, chunk.length, null));
    if (got === 0) ended = true;
    else pending = Buffer.concat([pending, chunk.subarray(0, got)]);
  }
}

function answer(n) {
  if (problem === "51") {
    const boards = methods.solveNQueens(n);
    const lines = [String(boards.length)];
    for (const board of boards) {
      lines.push(String(board.length));
      for (const row of board) {
        lines.push(String(row).replace(/\n/g, "\\n").replace(/\r/g, "\\r"));
      }
    }
    return lines.join("\n") + "\n";
  }
  return String(methods.totalNQueens(n)) + "\n";
}

function frame(text) {
  const bytes = Buffer.from(text, "utf8");
  send(Buffer.concat([Buffer.from(`A ${bytes.length} 0\n`), bytes]));
}

// The tests, one after another. Node writes stdout to a pipe at once while the pipe has room, and
// queues the rest for the event loop: then the frame waits until what this test printed is out.
function session() {
  for (;;) {
    const line = readLine();
    if (line === null) {
      fs.closeSync(3);
      return;
    }
    if (!/^\s*[+-]?\d+\s*$/.test(line)) throw new Error(`the judge's n: ${JSON.stringify(line)}`);
    const text = answer(parseInt(line, 10));
    if (process.stdout.writableLength > 0) {
      process.stdout.write("", () => {
        frame(text);
        session();
      });
      return;
    }
    frame(text);
  }
}
send(Buffer.from("R\n"));
session();
