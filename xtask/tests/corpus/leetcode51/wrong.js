// LeetCode 51 N-Queens: WRONG -- pushes the working board itself instead of a copy, so every
// board in the answer is the same array, all '.' once the search has undone its moves.
// Expected verdict: WA for n = 1 and 4..9 (boards without queens); n = 2, 3 are right (no
// boards).
/**
 * @param {number} n
 * @return {string[][]}
 */
var solveNQueens = function(n) {
    const result = [];
    const board = Array.from({ length: n }, () => '.'.repeat(n));
    const cols = new Array(n).fill(false);
    const d1 = new Array(2 * n).fill(false);
    const d2 = new Array(2 * n).fill(false);

    function backtrack(row) {
        if (row === n) {
            result.push(board); // Bug: should be result.push([...board]).
            return;
        }
        for (let col = 0; col < n; col++) {
            if (cols[col] || d1[row + col] || d2[row - col + n]) continue;
            cols[col] = d1[row + col] = d2[row - col + n] = true;
            board[row] = '.'.repeat(col) + 'Q' + '.'.repeat(n - col - 1);
            backtrack(row + 1);
            board[row] = '.'.repeat(n);
            cols[col] = d1[row + col] = d2[row - col + n] = false;
        }
    }

    backtrack(0);
    return result;
};
