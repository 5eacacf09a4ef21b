// LeetCode 51 N-Queens as pasted into LeetCode's editor: the class only -- no #include, no
// `using namespace std;`, no main (LeetCode supplies them). Backtracking with flag arrays.
// Expected verdict: AC for 1 <= n <= 9.
class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        vector<vector<string>> boards;
        vector<string> rows(n, string(n, '.'));
        vector<bool> cols(n), sums(2 * n - 1), diffs(2 * n - 1);
        place(0, n, rows, cols, sums, diffs, boards);
        return boards;
    }

private:
    void place(int row, int n, vector<string> &rows, vector<bool> &cols, vector<bool> &sums,
               vector<bool> &diffs, vector<vector<string>> &boards) {
        if (row == n) {
            boards.push_back(rows);
            return;
        }
        for (int col = 0; col < n; ++col) {
            int d = row - col + n - 1;
            if (cols[col] || sums[row + col] || diffs[d]) continue;
            cols[col] = sums[row + col] = diffs[d] = true;
            rows[row][col] = 'Q';
            place(row + 1, n, rows, cols, sums, diffs, boards);
            rows[row][col] = '.';
            cols[col] = sums[row + col] = diffs[d] = false;
        }
    }
};
