// LeetCode 51 N-Queens with the answer in a GLOBAL, `vector<vector<string>> result;` at file
// scope, filled by the search and returned (copied), never cleared. LeetCode makes a new
// Solution for each test but runs them all in one process, so the global keeps every earlier
// test's boards: the first test (n = 4) returns its 2 boards, right; the next (n = 1) returns
// those 2 and {"Q"}, and so on. Expected verdict: WA, right only on the first test.
vector<vector<string>> result;

class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
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
