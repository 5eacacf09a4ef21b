// LeetCode 52 N-Queens II as pasted into LeetCode's editor: the class only, no includes, no
// main. Backtracking with flag arrays. Expected verdict: AC for 1 <= n <= 9.
class Solution {
public:
    int totalNQueens(int n) {
        vector<bool> cols(n), sums(2 * n - 1), diffs(2 * n - 1);
        return count(0, n, cols, sums, diffs);
    }

private:
    int count(int row, int n, vector<bool> &cols, vector<bool> &sums, vector<bool> &diffs) {
        if (row == n) return 1;
        int ways = 0;
        for (int col = 0; col < n; ++col) {
            int d = row - col + n - 1;
            if (cols[col] || sums[row + col] || diffs[d]) continue;
            cols[col] = sums[row + col] = diffs[d] = true;
            ways += count(row + 1, n, cols, sums, diffs);
            cols[col] = sums[row + col] = diffs[d] = false;
        }
        return ways;
    }
};
