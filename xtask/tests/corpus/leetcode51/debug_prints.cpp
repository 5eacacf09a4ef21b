// LeetCode 51 N-Queens: right boards, but it prints debugging lines to STDOUT with cout
// ("placing queen at ...", "found board ..."); no includes, LeetCode supplies them.
// Expected verdict: AC for 1 <= n <= 9 (the prints must not be taken for the answer).
class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        cout << "solveNQueens(" << n << ")" << endl;
        n_ = n;
        rows_.assign(n, string(n, '.'));
        boards_.clear();
        place(0);
        cout << "returning " << boards_.size() << " boards" << endl;
        return boards_;
    }

private:
    int n_ = 0;
    vector<string> rows_;
    vector<vector<string>> boards_;

    bool safe(int row, int col) const {
        for (int r = 0; r < row; ++r) {
            int c = int(rows_[r].find('Q'));
            if (c == col || abs(c - col) == row - r) return false;
        }
        return true;
    }

    void place(int row) {
        if (row == n_) {
            cout << "found board #" << boards_.size() + 1 << endl;
            boards_.push_back(rows_);
            return;
        }
        for (int col = 0; col < n_; ++col) {
            if (!safe(row, col)) continue;
            if (row == 0) cout << "placing queen at row " << row << ", column " << col << "\n";
            rows_[row][col] = 'Q';
            place(row + 1);
            rows_[row][col] = '.';
        }
    }
};
