// UVa 11195 "Another n-Queen Problem": for each board, the placements of n queens on its free
// squares (bad squares block no attack), with a flag a column and a diagonal. Expected: AC.
#include <iostream>
#include <string>
#include <vector>

namespace {
int n;
std::vector<std::string> board;
std::vector<bool> column, rising, falling;

long long place(int row) {
    if (row == n) return 1;
    long long ways = 0;
    for (int c = 0; c < n; ++c) {
        if (board[row][c] == '*' || column[c] || rising[row + c] || falling[row - c + n - 1]) continue;
        column[c] = rising[row + c] = falling[row - c + n - 1] = true;
        ways += place(row + 1);
        column[c] = rising[row + c] = falling[row - c + n - 1] = false;
    }
    return ways;
}
}  // namespace

int main() {
    int case_number = 0;
    while (std::cin >> n && n != 0) {
        board.assign(n, "");
        for (auto &row : board) std::cin >> row;
        column.assign(n, false);
        rising.assign(2 * n, false);
        falling.assign(2 * n, false);
        std::cout << "Case " << ++case_number << ": " << place(0) << "\n";
    }
}
