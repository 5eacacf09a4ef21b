// CSES 1624: WRONG -- reads the board but never looks at the reserved squares, so it always
// prints 92. Expected verdict: WA (right only on boards with no '*', e.g. the empty board;
// the sample, 65, gets 92).
#include <iostream>
#include <string>

static std::string board[8];
static bool used_col[8], used_sum[15], used_diff[15];

static long long place(int row) {
    if (row == 8) return 1;
    long long ways = 0;
    for (int col = 0; col < 8; ++col) {
        // Bug: forgets `if (board[row][col] == '*') continue;`
        if (used_col[col] || used_sum[row + col] || used_diff[row - col + 7]) continue;
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = true;
        ways += place(row + 1);
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = false;
    }
    return ways;
}

int main() {
    for (auto &row : board) std::cin >> row;
    std::cout << place(0) << "\n";
    return 0;
}
