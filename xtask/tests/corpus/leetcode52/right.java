// LeetCode 52 N-Queens II as pasted into LeetCode's editor: the class only, no import lines.
// Backtracking with boolean arrays of the taken columns and diagonals.
// Expected verdict: AC for 1 <= n <= 9.
class Solution {
    private int n, total;
    private boolean[] cols, sums, diffs;

    public int totalNQueens(int n) {
        this.n = n;
        cols = new boolean[n];
        sums = new boolean[2 * n - 1];
        diffs = new boolean[2 * n - 1];
        place(0);
        return total;
    }

    private void place(int row) {
        if (row == n) {
            total++;
            return;
        }
        for (int col = 0; col < n; col++) {
            int d = row - col + n - 1;
            if (cols[col] || sums[row + col] || diffs[d]) continue;
            cols[col] = sums[row + col] = diffs[d] = true;
            place(row + 1);
            cols[col] = sums[row + col] = diffs[d] = false;
        }
    }
}
