// AOJ ALDS1_13_A "8 Queens Problem": the placed queens' rows are fixed, the others searched row
// by row with a flag a column and a diagonal; prints the one solution. Expected verdict: AC.
#include <stdio.h>

#define N 8
static int fixed[N], column_of[N], column[N], rising[2 * N], falling[2 * N];

static int place(int row) {
    if (row == N) return 1;
    for (int c = 0; c < N; c++) {
        if (fixed[row] >= 0 && fixed[row] != c) continue;
        if (column[c] || rising[row + c] || falling[row - c + N - 1]) continue;
        column[c] = rising[row + c] = falling[row - c + N - 1] = 1;
        column_of[row] = c;
        if (place(row + 1)) return 1;
        column[c] = rising[row + c] = falling[row - c + N - 1] = 0;
    }
    return 0;
}

int main(void) {
    int k, r, c;
    for (int i = 0; i < N; i++) fixed[i] = -1;
    if (scanf("%d", &k) != 1) return 1;
    for (int i = 0; i < k; i++) {
        if (scanf("%d %d", &r, &c) != 2) return 1;
        fixed[r] = c;
    }
    place(0);
    for (int row = 0; row < N; row++) {
        for (int c2 = 0; c2 < N; c2++) putchar(column_of[row] == c2 ? 'Q' : '.');
        putchar('\n');
    }
    return 0;
}
