// AOJ ALDS1_13_A "8 Queens Problem": the placed queens' rows are fixed, the others searched row
// by row with bit sets. Expected verdict: AC.
const numbers = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((token) => token.length > 0).map(Number);
const fixed = new Array(8).fill(-1);
for (let i = 0; i < numbers[0]; i++) fixed[numbers[1 + 2 * i]] = numbers[2 + 2 * i];
const chosen = [];

function place(row, columns, rising, falling) {
  if (row === 8) return true;
  for (let c = 0; c < 8; c++) {
    if (fixed[row] >= 0 && fixed[row] !== c) continue;
    const bit = 1 << c;
    const up = 1 << (row + c);
    const down = 1 << (row - c + 7);
    if (columns & bit || rising & up || falling & down) continue;
    chosen.push(c);
    if (place(row + 1, columns | bit, rising | up, falling | down)) return true;
    chosen.pop();
  }
  return false;
}

place(0, 0, 0, 0);
console.log(chosen.map((col) => [...Array(8).keys()].map((c) => (c === col ? "Q" : ".")).join("")).join("\n"));
