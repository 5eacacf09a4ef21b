// CSES 1624: does NOT compile -- line 14 adds to `way`, a typo for `ways`, which is never
// declared. Expected verdict: CE, gcc's "'way' undeclared" error on line 14 of this file.
#include <stdio.h>

static char board[8][9];
static int used_col[8], used_sum[15], used_diff[15];

static int place(int row) {
    if (row == 8) return 1;
    int ways = 0;
    for (int col = 0; col < 8; col++) {
        if (board[row][col] == '*' || used_col[col] || used_sum[row + col] || used_diff[row - col + 7]) continue;
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = 1;
        way += place(row + 1);
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = 0;
    }
    return ways;
}

int main(void) {
    for (int row = 0; row < 8; row++) scanf("%8s", board[row]);
    printf("%d\n", place(0));
    return 0;
}
