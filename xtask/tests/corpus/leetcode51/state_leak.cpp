// LeetCode 51 N-Queens: keeps its answer and its search state in class members and never
// clears them, so ONE object reused for a second call would return the first call's boards
// too (wrong). LeetCode makes a fresh `new Solution()` for every test, and so must the judge.
// Expected verdict: AC for 1 <= n <= 9 (one object per call).
class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        n_ = n;
        rows_.resize(n, string(n, '.'));
        cols_.resize(n);
        sums_.resize(2 * n);
        diffs_.resize(2 * n);
        place(0);
        return boards_;
    }

private:
    int n_ = 0;
    vector<string> rows_;
    vector<bool> cols_, sums_, diffs_;
    vector<vector<string>> boards_;  // never cleared

    void place(int row) {
        if (row == n_) {
            boards_.push_back(rows_);
            return;
        }
        for (int col = 0; col < n_; ++col) {
            int d = row - col + n_ - 1;
            if (cols_[col] || sums_[row + col] || diffs_[d]) continue;
            cols_[col] = sums_[row + col] = diffs_[d] = true;
            rows_[row][col] = 'Q';
            place(row + 1);
            rows_[row][col] = '.';
            cols_[col] = sums_[row + col] = diffs_[d] = false;
        }
    }
};
