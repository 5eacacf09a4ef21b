// UVa 11195, WRONG: counts every board as if it had no bad squares (the plain n-queens count).
// Right on empty boards; wrong on the sample's 4 x 4, whose bad square leaves one placement of
// two. Expected verdict: WA.
const tokens = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((token) => token.length > 0);

function count(n) {
  const full = (1 << n) - 1;
  const place = (row, columns, rising, falling) => {
    if (row === n) return 1;
    let ways = 0;
    let open = ~(columns | rising | falling) & full;
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
  out.push(`Case ${caseNumber}: ${count(n)}`);
  at += 1 + n;
}
console.log(out.join("\n"));
