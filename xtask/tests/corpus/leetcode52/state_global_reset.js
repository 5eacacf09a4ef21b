// LeetCode 52 N-Queens II in JavaScript counting into a top-level `let total = 0;`, as in
// state_global.js, but totalNQueens sets it back to 0 first. The variable still outlives each
// call in LeetCode's one process; the reset makes that harmless.
// Expected verdict: AC for 1 <= n <= 9.
let total = 0;

/**
 * @param {number} n
 * @return {number}
 */
var totalNQueens = function(n) {
    total = 0;
    const cols = new Array(n).fill(false);
    const diag1 = new Array(2 * n - 1).fill(false);
    const diag2 = new Array(2 * n - 1).fill(false);

    const backtrack = (row) => {
        if (row === n) {
            total++;
            return;
        }
        for (let col = 0; col < n; col++) {
            if (cols[col] || diag1[row + col] || diag2[row - col + n - 1]) continue;
            cols[col] = diag1[row + col] = diag2[row - col + n - 1] = true;
            backtrack(row + 1);
            cols[col] = diag1[row + col] = diag2[row - col + n - 1] = false;
        }
    };

    backtrack(0);
    return total;
};
