// CSES 1624: a right answer printed as "<count> " -- a trailing space and NO final newline.
// CSES compares tokens, so trailing whitespace does not matter. Expected verdict: AC.
#include <cstdio>

static char board[8][9];

static int place(int row, int cols, int sums, int diffs) {
    if (row == 8) return 1;
    int ways = 0;
    for (int col = 0; col < 8; ++col) {
        int c = 1 << col, s = 1 << (row + col), d = 1 << (row - col + 7);
        if (board[row][col] != '.' || (cols & c) || (sums & s) || (diffs & d)) continue;
        ways += place(row + 1, cols | c, sums | s, diffs | d);
    }
    return ways;
}

int main() {
    for (int row = 0; row < 8; ++row)
        if (std::scanf("%8s", board[row]) != 1) return 1;
    std::printf("%d ", place(0, 0, 0, 0));
    return 0;
}
