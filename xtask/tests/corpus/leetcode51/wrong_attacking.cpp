// LeetCode 51 N-Queens: WRONG -- right number of boards, but in the first board the queen of
// row 1 is moved next to row 0's queen diagonally, so those two queens attack each other.
// Expected verdict: WA for n = 4..9 (the checker names the two attacking queens); n = 1, 2, 3
// are right (no board has a row 1 to spoil).
class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        vector<vector<string>> boards;
        vector<string> rows(n, string(n, '.'));
        vector<int> queens;
        place(0, n, queens, rows, boards);
        if (!boards.empty() && n >= 2) {
            vector<string> &first = boards[0];
            int top = int(first[0].find('Q'));
            int next = top + 1 < n ? top + 1 : top - 1;  // diagonal to row 0's queen
            first[1] = string(n, '.');
            first[1][next] = 'Q';
        }
        return boards;
    }

private:
    void place(int row, int n, vector<int> &queens, vector<string> &rows, vector<vector<string>> &boards) {
        if (row == n) {
            boards.push_back(rows);
            return;
        }
        for (int col = 0; col < n; ++col) {
            bool safe = true;
            for (int r = 0; r < row; ++r)
                if (queens[r] == col || abs(queens[r] - col) == row - r) safe = false;
            if (!safe) continue;
            queens.push_back(col);
            rows[row][col] = 'Q';
            place(row + 1, n, queens, rows, boards);
            rows[row][col] = '.';
            queens.pop_back();
        }
    }
};
