// CSES 1624: throws -- an off-by-one (`row <= 8`) reads a 9th line that is not there, and
// calls .split on undefined at line 7. Expected verdict: RE (an uncaught TypeError, exit 1).
const lines = require('fs').readFileSync(0, 'utf8').trim().split('\n');
const board = [];

for (let row = 0; row <= 8; row++) {
  board.push(lines[row].split(''));
}

const queens = [];
function place(row) {
  if (row === 8) return 1;
  let ways = 0;
  for (let col = 0; col < 8; col++) {
    if (board[row][col] === '*') continue;
    if (queens.some((c, r) => c === col || Math.abs(c - col) === row - r)) continue;
    queens.push(col);
    ways += place(row + 1);
    queens.pop();
  }
  return ways;
}

console.log(place(0));
