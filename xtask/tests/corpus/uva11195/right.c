// UVa 11195 "Another n-Queen Problem": for each board, the placements of n queens on its free
// squares (bad squares block no attack), row by row with bit sets. Expected verdict: AC.
#include <stdio.h>

static int n, free_in[16];

static long long place(int row, unsigned columns, unsigned rising, unsigned falling) {
    if (row == n) return 1;
    unsigned full = (1u << n) - 1;
    unsigned open = free_in[row] & ~(columns | rising | falling) & full;
    long long ways = 0;
    while (open) {
        unsigned bit = open & -open;
        open -= bit;
        ways += place(row + 1, columns | bit, ((rising | bit) << 1) & full, (falling | bit) >> 1);
    }
    return ways;
}

int main(void) {
    int case_number = 0;
    char row[32];
    while (scanf("%d", &n) == 1 && n != 0) {
        for (int r = 0; r < n; r++) {
            if (scanf("%31s", row) != 1) return 1;
            free_in[r] = 0;
            for (int c = 0; c < n; c++)
                if (row[c] == '.') free_in[r] |= 1 << c;
        }
        printf("Case %d: %lld\n", ++case_number, place(0, 0, 0, 0));
    }
    return 0;
}
