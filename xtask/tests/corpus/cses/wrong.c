// CSES 1624: WRONG -- checks the columns and the "/" diagonals (row + col) but forgets the "\"
// diagonals (row - col): 2113 on the empty board instead of 92, 1156 on the sample instead of
// 65. Expected verdict: WA on every board with an answer (the empty board and the sample).
#include <stdio.h>

static char board[8][9];
static int used_col[8], used_sum[15];

static long long place(int row) {
    if (row == 8) return 1;
    long long ways = 0;
    for (int col = 0; col < 8; col++) {
        if (board[row][col] == '*' || used_col[col] || used_sum[row + col]) continue;
        used_col[col] = used_sum[row + col] = 1;
        ways += place(row + 1);
        used_col[col] = used_sum[row + col] = 0;
    }
    return ways;
}

int main(void) {
    for (int row = 0; row < 8; row++) scanf("%8s", board[row]);
    printf("%lld\n", place(0));
    return 0;
}
