// LeetCode 52 N-Queens II with the count in a STATIC field, `private static int count = 0;`,
// that totalNQueens never resets. LeetCode runs every test in one JVM with a new Solution each
// time, but a static field belongs to the class, not the object: the first test (n = 4) returns
// 2, right, and every later one adds its count to the ones before (3 for n = 1, then 4, 4, 4, 6,
// 16, ...). Expected verdict: WA, right only on the first test.
class Solution {
    private static int count = 0;

    public int totalNQueens(int n) {
        boolean[] cols = new boolean[n];
        boolean[] diag1 = new boolean[2 * n - 1];
        boolean[] diag2 = new boolean[2 * n - 1];
        backtrack(0, n, cols, diag1, diag2);
        return count;
    }

    private void backtrack(int row, int n, boolean[] cols, boolean[] diag1, boolean[] diag2) {
        if (row == n) {
            count++;
            return;
        }
        for (int col = 0; col < n; col++) {
            if (cols[col] || diag1[row + col] || diag2[row - col + n - 1]) continue;
            cols[col] = diag1[row + col] = diag2[row - col + n - 1] = true;
            backtrack(row + 1, n, cols, diag1, diag2);
            cols[col] = diag1[row + col] = diag2[row - col + n - 1] = false;
        }
    }
}
