// LeetCode 51 N-Queens as pasted into LeetCode's JavaScript editor: the `var solveNQueens =
// function(n) { ... };` alone, no module.exports. Bitmasks of the taken columns and diagonals.
// Expected verdict: AC for 1 <= n <= 9.
/**
 * @param {number} n
 * @return {string[][]}
 */
var solveNQueens = function(n) {
    const boards = [];
    const queens = [];
    const full = (1 << n) - 1;

    const place = (cols, left, right) => {
        if (cols === full) {
            boards.push(queens.map((c) => '.'.repeat(c) + 'Q' + '.'.repeat(n - c - 1)));
            return;
        }
        let free = full & ~(cols | left | right);
        while (free) {
            const bit = free & -free;
            free ^= bit;
            queens.push(31 - Math.clz32(bit));
            place(cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
            queens.pop();
        }
    };

    place(0, 0, 0);
    return boards;
};
