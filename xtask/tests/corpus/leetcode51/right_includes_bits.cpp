// LeetCode 51 as many paste it from their own editor: the class with its own
// `#include <bits/stdc++.h>` and `using namespace std;` above it, which LeetCode's prelude already
// has. The judge's driver includes the header first (precompiled); this second include must read
// the header itself. Expected verdict: AC for 1 <= n <= 9.
#include <bits/stdc++.h>
using namespace std;

class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        vector<vector<string>> boards;
        vector<string> rows(n, string(n, '.'));
        vector<bool> cols(n), rising(2 * n - 1), falling(2 * n - 1);
        function<void(int)> place = [&](int row) {
            if (row == n) {
                boards.push_back(rows);
                return;
            }
            for (int col = 0; col < n; col++) {
                if (cols[col] || rising[row + col] || falling[row - col + n - 1]) continue;
                cols[col] = rising[row + col] = falling[row - col + n - 1] = true;
                rows[row][col] = 'Q';
                place(row + 1);
                rows[row][col] = '.';
                cols[col] = rising[row + col] = falling[row - col + n - 1] = false;
            }
        };
        place(0);
        return boards;
    }
};
