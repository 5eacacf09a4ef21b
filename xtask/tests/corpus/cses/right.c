// CSES 1624 Chessboard and Queens: a right whole C program, backtracking row by row with
// bitmasks of the taken columns and diagonals. Expected verdict: AC on every 8 x 8 board.
#include <stdio.h>

static char board[8][9];

static int place(int row, int cols, int sums, int diffs) {
    if (row == 8) return 1;
    int ways = 0;
    for (int col = 0; col < 8; col++) {
        int c = 1 << col, s = 1 << (row + col), d = 1 << (row - col + 7);
        if (board[row][col] == '*' || (cols & c) || (sums & s) || (diffs & d)) continue;
        ways += place(row + 1, cols | c, sums | s, diffs | d);
    }
    return ways;
}

int main(void) {
    for (int row = 0; row < 8; row++)
        if (scanf("%8s", board[row]) != 1) return 1;
    printf("%d\n", place(0, 0, 0, 0));
    return 0;
}
