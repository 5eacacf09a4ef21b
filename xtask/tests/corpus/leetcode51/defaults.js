// LeetCode 51 N-Queens as a learner wrote it for LeetCode's JavaScript editor: the sets of taken
// columns and diagonals are parameters with defaults, so the recursion passes them on while
// LeetCode calls `solveNQueens(n)` with one argument (each call gets fresh sets). LeetCode's
// signature is what a call gives, not the parameter list: AC for 1 <= n <= 9.
/**
 * @param {number} n
 * @return {string[][]}
 */
var solveNQueens = function(n, colSet = new Set(), posDiag = new Set(), negDiag = new Set(), row = 0, board = []) {
    if (row === n) {
        return [board.map((col) => '.'.repeat(col) + 'Q' + '.'.repeat(n - col - 1))];
    }
    const boards = [];
    for (let col = 0; col < n; col++) {
        if (colSet.has(col) || posDiag.has(row + col) || negDiag.has(row - col)) continue;
        colSet.add(col);
        posDiag.add(row + col);
        negDiag.add(row - col);
        board.push(col);
        boards.push(...solveNQueens(n, colSet, posDiag, negDiag, row + 1, board));
        board.pop();
        colSet.delete(col);
        posDiag.delete(row + col);
        negDiag.delete(row - col);
    }
    return boards;
};
