// LeetCode 52 N-Queens II with an off-by-one: `col` has n entries (col[r] is 1 + the column of
// row r's queen, 0 while row r is empty), but safe() loops `r <= n` and so READS col[n], one past
// the end, on its very first check of every call. Without a sanitizer it usually still counts
// right (the stray int is rarely a small nonzero number); LeetCode builds with AddressSanitizer,
// which stops the first test (n = 4) with a heap-buffer-overflow on line 29.
// Expected verdict: RE.
class Solution {
public:
    int totalNQueens(int n) {
        vector<int> col(n);
        return place(0, n, col);
    }

private:
    int place(int row, int n, vector<int>& col) {
        if (row == n) return 1;
        int ways = 0;
        for (int c = 0; c < n; c++) {
            if (!safe(row, c, n, col)) continue;
            col[row] = c + 1;
            ways += place(row + 1, n, col);
            col[row] = 0;
        }
        return ways;
    }

    bool safe(int row, int c, int n, const vector<int>& col) {
        for (int r = 0; r <= n; r++) {
            if (col[r] == 0) continue;
            int other = col[r] - 1;
            if (other == c || abs(other - c) == abs(r - row)) return false;
        }
        return true;
    }
};
