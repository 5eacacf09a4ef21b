// LeetCode 51 N-Queens: does NOT compile -- a type error on line 7 of this file (a string
// used to initialise an int). Expected verdict: CE, reported on line 7 of THIS file (not on a
// line of whatever the judge wraps it in: LeetCode's includes come before it).
class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        int found = string("none");
        vector<vector<string>> boards;
        vector<string> rows(n, string(n, '.'));
        place(0, n, rows, boards);
        return boards;
    }

private:
    void place(int row, int n, vector<string> &rows, vector<vector<string>> &boards) {
        if (row == n) {
            boards.push_back(rows);
            return;
        }
        for (int col = 0; col < n; ++col) {
            bool safe = true;
            for (int r = 0; r < row; ++r) {
                int c = int(rows[r].find('Q'));
                if (c == col || abs(c - col) == row - r) safe = false;
            }
            if (!safe) continue;
            rows[row][col] = 'Q';
            place(row + 1, n, rows, boards);
            rows[row][col] = '.';
        }
    }
};
