// UVa 11195 "Another n-Queen Problem": for each board, the placements of n queens on its free
// squares (bad squares block no attack), row by row with bit sets. Expected verdict: AC.
const tokens = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((token) => token.length > 0);

function count(rows) {
  const n = rows.length;
  const full = (1 << n) - 1;
  const free = rows.map((row) => [...row].reduce((mask, square, c) => (square === "." ? mask | (1 << c) : mask), 0));
  const place = (row, columns, rising, falling) => {
    if (row === n) return 1;
    let ways = 0;
    let open = free[row] & ~(columns | rising | falling) & full;
    while (open !== 0) {
      const bit = open & -open;
      open -= bit;
      ways += place(row + 1, columns | bit, ((rising | bit) << 1) & full, (falling | bit) >> 1);
    }
    return ways;
  };
  return place(0, 0, 0, 0);
}

const out = [];
for (let at = 0, caseNumber = 1; at < tokens.length; caseNumber++) {
  const n = Number(tokens[at]);
  if (n === 0) break;
  out.push(`Case ${caseNumber}: ${count(tokens.slice(at + 1, at + 1 + n))}`);
  at += 1 + n;
}
console.log(out.join("\n"));
