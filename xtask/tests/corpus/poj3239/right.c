// POJ 3239 Solution to the n Queens Puzzle: a right whole C program, the explicit construction
// (even rows, then odd rows, adjusted when n % 6 is 2 or 3). Expected verdict: AC.
#include <stdio.h>

int rows[305];

int main(void) {
    int n;
    while (scanf("%d", &n) == 1 && n != 0) {
        int k = 0, i;
        if (n % 6 == 2) {
            for (i = 2; i <= n; i += 2) rows[k++] = i;
            rows[k++] = 3;
            rows[k++] = 1;
            for (i = 7; i <= n; i += 2) rows[k++] = i;
            rows[k++] = 5;
        } else if (n % 6 == 3) {
            for (i = 4; i <= n; i += 2) rows[k++] = i;
            rows[k++] = 2;
            for (i = 5; i <= n; i += 2) rows[k++] = i;
            rows[k++] = 1;
            rows[k++] = 3;
        } else {
            for (i = 2; i <= n; i += 2) rows[k++] = i;
            for (i = 1; i <= n; i += 2) rows[k++] = i;
        }
        for (i = 0; i < n; i++) printf(i ? " %d" : "%d", rows[i]);
        printf("\n");
    }
    return 0;
}
