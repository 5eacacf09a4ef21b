// LeetCode 52 N-Queens II in JavaScript: `function totalNQueens(n)` and, beside it at the top
// level, a helper function of its own name (placeQueens) holding the search, with bitmasks.
// Expected verdict: AC on leetcode52 for 1 <= n <= 9.
function placeQueens(full, cols, left, right) {
    if (cols === full) return 1;
    let ways = 0;
    let free = full & ~(cols | left | right);
    while (free !== 0) {
        const bit = free & -free;
        free -= bit;
        ways += placeQueens(full, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
    }
    return ways;
}

function totalNQueens(n) {
    return placeQueens((1 << n) - 1, 0, 0, 0);
}
