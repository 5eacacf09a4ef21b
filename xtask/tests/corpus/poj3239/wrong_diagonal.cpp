// POJ 3239 Solution to the n Queens Puzzle: a wrong whole C++ program. It is the explicit
// construction with the fix for n % 6 == 2 (so the sample, n = 8, passes) but without the one for
// n % 6 == 3: there it prints evens then odds unchanged, and two queens share a diagonal (for n = 9,
// `2 4 6 8 1 3 5 7 9`: columns 2 and 5, rows 4 and 1, among others). Expected verdict: WA, on the
// 49 n = 9, 15, 21, ..., 297 (n % 6 == 3); right on the other 244 n of 8..300.
#include <cstdio>

int main() {
    int n;
    while (scanf("%d", &n) == 1 && n != 0) {
        int rows[305], k = 0;
        for (int i = 2; i <= n; i += 2) rows[k++] = i;
        if (n % 6 == 2) {
            rows[k++] = 3;
            rows[k++] = 1;
            for (int i = 7; i <= n; i += 2) rows[k++] = i;
            rows[k++] = 5;
        } else {
            for (int i = 1; i <= n; i += 2) rows[k++] = i;
        }
        for (int i = 0; i < n; i++) printf("%d%c", rows[i], i + 1 < n ? ' ' : '\n');
    }
    return 0;
}
