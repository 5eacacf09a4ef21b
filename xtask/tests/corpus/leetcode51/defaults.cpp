// LeetCode 51 N-Queens as a learner wrote it for LeetCode's C++ editor: `solveNQueens` takes the
// row as a default argument and calls itself with it, while LeetCode calls `solveNQueens(n)`.
// Members hold the board and the taken columns and diagonals, reset on the first call of each
// test (row 0), and the boards are returned from that first call only. AC for 1 <= n <= 9.
class Solution {
    vector<bool> cols, sums, diffs;
    vector<string> board;
    vector<vector<string>> boards;

public:
    vector<vector<string>> solveNQueens(int n, int row = 0) {
        if (row == 0) {
            cols.assign(n, false);
            sums.assign(2 * n, false);
            diffs.assign(2 * n, false);
            board.assign(n, string(n, '.'));
            boards.clear();
        }
        if (row == n) {
            boards.push_back(board);
            return {};
        }
        for (int col = 0; col < n; ++col) {
            if (cols[col] || sums[row + col] || diffs[row - col + n]) continue;
            cols[col] = sums[row + col] = diffs[row - col + n] = true;
            board[row][col] = 'Q';
            solveNQueens(n, row + 1);
            board[row][col] = '.';
            cols[col] = sums[row + col] = diffs[row - col + n] = false;
        }
        // The boards for LeetCode's call; the recursive calls' results are not used.
        return row == 0 ? boards : vector<vector<string>>();
    }
};
