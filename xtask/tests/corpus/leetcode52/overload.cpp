// LeetCode 52 N-Queens II: the class only, as pasted. Its private recursive helper is an
// OVERLOAD of LeetCode 51's method name, taking the row, n, the flags and the count by
// reference; nothing here lists boards, so this is LeetCode 52 only.
// Expected verdict: AC on leetcode52 for 1 <= n <= 9 (not judged on leetcode51).
class Solution {
public:
    int totalNQueens(int n) {
        vector<bool> cols(n), d1(2 * n - 1), d2(2 * n - 1);
        int count = 0;
        solveNQueens(0, n, cols, d1, d2, count);
        return count;
    }

private:
    void solveNQueens(int row, int n, vector<bool>& cols, vector<bool>& d1, vector<bool>& d2, int& count) {
        if (row == n) {
            ++count;
            return;
        }
        for (int col = 0; col < n; ++col) {
            if (cols[col] || d1[row + col] || d2[row - col + n - 1]) continue;
            cols[col] = d1[row + col] = d2[row - col + n - 1] = true;
            solveNQueens(row + 1, n, cols, d1, d2, count);
            cols[col] = d1[row + col] = d2[row - col + n - 1] = false;
        }
    }
};
