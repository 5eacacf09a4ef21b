// LeetCode 52 N-Queens II in JavaScript counting into a top-level `let total = 0;` above LeetCode's
// `var totalNQueens = function(n) { ... };`, never reset. LeetCode calls the function once per
// test in one process, so the variable keeps the earlier tests' boards: the first test (n = 4)
// returns 2, right, and every later one the running total (3 for n = 1, then 4, 4, 4, 6, 16, ...).
// Expected verdict: WA, right only on the first test.
let total = 0;

/**
 * @param {number} n
 * @return {number}
 */
var totalNQueens = function(n) {
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
