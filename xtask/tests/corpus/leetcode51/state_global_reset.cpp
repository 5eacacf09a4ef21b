// LeetCode 51 N-Queens with the answer in a global, `vector<vector<string>> result;` at file
// scope, as in state_global.cpp, but solveNQueens clears it (`result.clear();`) first. The global
// still outlives each Solution in LeetCode's one process; the clear makes that harmless.
// Expected verdict: AC for 1 <= n <= 9.
vector<vector<string>> result;

class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        result.clear();
        vector<string> board(n, string(n, '.'));
        vector<bool> cols(n), diag1(2 * n - 1), diag2(2 * n - 1);
        backtrack(0, n, board, cols, diag1, diag2);
        return result;
    }

private:
    void backtrack(int row, int n, vector<string>& board, vector<bool>& cols,
                   vector<bool>& diag1, vector<bool>& diag2) {
        if (row == n) {
            result.push_back(board);
            return;
        }
        for (int col = 0; col < n; col++) {
            if (cols[col] || diag1[row + col] || diag2[row - col + n - 1]) continue;
            cols[col] = diag1[row + col] = diag2[row - col + n - 1] = true;
            board[row][col] = 'Q';
            backtrack(row + 1, n, board, cols, diag1, diag2);
            board[row][col] = '.';
            cols[col] = diag1[row + col] = diag2[row - col + n - 1] = false;
        }
    }
};
