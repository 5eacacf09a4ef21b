// The judge's LeetCode driver: runs the file's function as LeetCode's JavaScript does
// (`node driver.js FILE PROBLEM`, n on stdin, the answer on descriptor 3).
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
const n = parseInt(fs.readFileSync(0, "utf8"), 10);
const methods = globalThis.__queensJudge;
let answer;
if (problem === "51") {
  const boards = methods.solveNQueens(n);
  const lines = [String(boards.length)];
  for (const board of boards) {
    lines.push(String(board.length));
    for (const row of board) {
      lines.push(String(row).replace(/\n/g, "\\n").replace(/\r/g, "\\r"));
    }
  }
  answer = lines.join("\n") + "\n";
} else {
  answer = String(methods.totalNQueens(n)) + "\n";
}
const bytes = Buffer.from(answer, "utf8");
for (let written = 0; written < bytes.length; ) {
  written += fs.writeSync(3, bytes, written, bytes.length - written);
}
