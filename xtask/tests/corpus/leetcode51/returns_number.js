// LeetCode 51 N-Queens, returning what LeetCode 52 asks for: the number of boards, not the boards.
// LeetCode's judge cannot read a number as string[][]: a Runtime Error, told in the learner's terms
// ("solveNQueens returned a number (2); LeetCode 51 expects an array of boards, each an array of
// strings"), with no path or frame of the judge's driver in it.
/**
 * @param {number} n
 * @return {string[][]}
 */
var solveNQueens = function(n) {
    let count = 0;
    const place = (row, cols, left, right) => {
        if (row === n) {
            count++;
            return;
        }
        for (let col = 0; col < n; col++) {
            if (cols & (1 << col) || left & (1 << (row + col)) || right & (1 << (row - col + n))) continue;
            place(row + 1, cols | (1 << col), left | (1 << (row + col)), right | (1 << (row - col + n)));
        }
    };
    place(0, 0, 0, 0);
    return count;
};
