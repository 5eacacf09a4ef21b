// CSES 1624: WRONG -- reads the board but never checks for '*', so it counts the queens of an
// empty board and always prints 92. Expected verdict: WA (right only on boards with no '*',
// e.g. the empty board; the sample, 65, gets 92).
const board = require('fs').readFileSync(0, 'utf8').trim().split(/\s+/);
const cols = new Array(8).fill(false);
const sums = new Array(15).fill(false);
const diffs = new Array(15).fill(false);

function place(row) {
  if (row === 8) return 1;
  let ways = 0;
  for (let col = 0; col < 8; col++) {
    // Bug: forgets `if (board[row][col] === '*') continue;`
    if (cols[col] || sums[row + col] || diffs[row - col + 7]) continue;
    cols[col] = sums[row + col] = diffs[row - col + 7] = true;
    ways += place(row + 1);
    cols[col] = sums[row + col] = diffs[row - col + 7] = false;
  }
  return ways;
}

console.log(place(0));
