// LeetCode 52 N-Queens II: the class only, as pasted. Its private recursive helper is an
// OVERLOAD of LeetCode 51's method name, taking the row, n and three bitmasks and returning a
// count; nothing here lists boards, so this is LeetCode 52 only.
// Expected verdict: AC on leetcode52 for 1 <= n <= 9 (not judged on leetcode51).
class Solution {
    public int totalNQueens(int n) {
        return solveNQueens(0, n, 0, 0, 0);
    }

    private int solveNQueens(int row, int n, int cols, int d1, int d2) {
        if (row == n) return 1;
        int count = 0;
        for (int col = 0; col < n; col++) {
            int c = 1 << col, a = 1 << (row + col), b = 1 << (row - col + n - 1);
            if ((cols & c) != 0 || (d1 & a) != 0 || (d2 & b) != 0) continue;
            count += solveNQueens(row + 1, n, cols | c, d1 | a, d2 | b);
        }
        return count;
    }
}
