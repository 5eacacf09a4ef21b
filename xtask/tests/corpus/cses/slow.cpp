// CSES 1624: right answer, far too slow -- repeats the (right) search until it has made
// 2.5 billion calls in all, whatever the board: some 30-60 s of CPU time where the limit is
// 1 s. Expected verdict: TLE (by CPU time; the run is stopped long before it would finish).
#include <iostream>
#include <string>

static std::string board[8];
static bool used_col[8], used_sum[15], used_diff[15];
// Global side effects, so the repeated searches cannot be folded away by the optimiser.
static long long found, calls;

static void place(int row) {
    ++calls;
    if (row == 8) { ++found; return; }
    for (int col = 0; col < 8; ++col) {
        if (board[row][col] == '*') continue;
        if (used_col[col] || used_sum[row + col] || used_diff[row - col + 7]) continue;
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = true;
        place(row + 1);
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = false;
    }
}

int main() {
    for (auto &row : board) std::cin >> row;
    long long searches = 0;
    while (calls < 2500000000LL) {
        place(0);
        ++searches;
    }
    std::cout << found / searches << "\n";
    return 0;
}
