// LeetCode 52 N-Queens II in JavaScript, written as a function declaration (`function
// totalNQueens(n) { ... }`) rather than LeetCode's `var` form; no module.exports. Recursion
// over an array of queen columns, each checked against the rows above.
// Expected verdict: AC for 1 <= n <= 9.
function totalNQueens(n) {
    const queens = new Array(n);

    function count(row) {
        if (row === n) return 1;
        let ways = 0;
        for (let col = 0; col < n; col++) {
            let safe = true;
            for (let r = 0; r < row && safe; r++) {
                if (queens[r] === col || Math.abs(queens[r] - col) === row - r) safe = false;
            }
            if (!safe) continue;
            queens[row] = col;
            ways += count(row + 1);
        }
        return ways;
    }

    return count(0);
}
