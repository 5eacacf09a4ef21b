// CSES 1624: does NOT parse -- line 11's `if` is missing its closing parenthesis.
// Expected verdict: CE, Node's "SyntaxError: Unexpected token" for line 11 of this file.
const board = require('fs').readFileSync(0, 'utf8').trim().split(/\s+/);
const cols = [], sums = [], diffs = [];

function place(row) {
  if (row === 8) return 1;
  let ways = 0;
  for (let col = 0; col < 8; col++) {
    const d = row - col + 7;
    if (board[row][col] === '*' || cols[col] || sums[row + col] || diffs[d] continue;
    cols[col] = sums[row + col] = diffs[d] = true;
    ways += place(row + 1);
    cols[col] = sums[row + col] = diffs[d] = false;
  }
  return ways;
}

console.log(place(0));
