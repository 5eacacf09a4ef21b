// CSES 1624 Chessboard and Queens: a right Node.js program reading the board on stdin and
// placing queens row by row, each checked against the queens above it.
// Expected verdict: AC on every 8 x 8 board.
const board = require('fs').readFileSync(0, 'utf8').trim().split(/\s+/);
const queens = []; // queens[r] = the column of row r's queen

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
