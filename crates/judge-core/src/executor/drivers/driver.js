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

// A return value LeetCode could not take, told in the learner's terms (what came back, what the
// problem expects), with no path or frame of this driver's: a runtime error.
function described(value) {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  const kind = typeof value;
  const shown = kind === "string" ? JSON.stringify(value.slice(0, 40)) : String(value).slice(0, 40);
  return kind === "object" ? "an object" : `a ${kind} (${shown})`;
}
function wrongType(name, value, expects, where = "") {
  process.stderr.write(`${name} returned ${where}${described(value)}; LeetCode ${problem} expects ${expects}\n`);
  process.exit(1);
}
const BOARDS = "an array of boards, each an array of strings (string[][])";
function checkedBoards(boards) {
  if (!Array.isArray(boards)) wrongType("solveNQueens", boards, BOARDS);
  boards.forEach((board, at) => {
    if (!Array.isArray(board)) wrongType("solveNQueens", board, BOARDS, `an array whose board ${at + 1} is `);
    for (const row of board) {
      if (typeof row !== "string") {
        wrongType("solveNQueens", row, BOARDS, `an array whose board ${at + 1} has a row that is `);
      }
    }
  });
  return boards;
}
function checkedCount(count) {
  if (!Number.isInteger(count)) wrongType("totalNQueens", count, "an integer (number)");
  return count;
}

function answer(n) {
  if (problem === "51") {
    const boards = checkedBoards(methods.solveNQueens(n));
    const lines = [String(boards.length)];
    for (const board of boards) {
      lines.push(String(board.length));
      for (const row of board) {
        lines.push(String(row).replace(/\n/g, "\\n").replace(/\r/g, "\\r"));
      }
    }
    return lines.join("\n") + "\n";
  }
  return String(checkedCount(methods.totalNQueens(n))) + "\n";
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
