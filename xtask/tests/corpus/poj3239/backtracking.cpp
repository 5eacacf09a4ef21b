// POJ 3239 Solution to the n Queens Puzzle: a plain first-solution backtracking in C++, column by
// column, rows tried from 1 upward, with flag arrays for the rows and both diagonals. Right on every
// n and instant for small ones, but some n of POJ's range take far beyond the 1 s limit.
// Expected verdict: TLE.
#include <cstdio>
#include <cstring>

int n, rows[305];
bool usedRow[305], usedSum[610], usedDiff[610];

bool place(int col) {
    if (col == n) return true;
    for (int r = 1; r <= n; r++) {
        if (usedRow[r] || usedSum[r + col] || usedDiff[r - col + n]) continue;
        rows[col] = r;
        usedRow[r] = usedSum[r + col] = usedDiff[r - col + n] = true;
        if (place(col + 1)) return true;
        usedRow[r] = usedSum[r + col] = usedDiff[r - col + n] = false;
    }
    return false;
}

int main() {
    while (scanf("%d", &n) == 1 && n != 0) {
        memset(usedRow, 0, sizeof usedRow);
        memset(usedSum, 0, sizeof usedSum);
        memset(usedDiff, 0, sizeof usedDiff);
        place(0);
        for (int i = 0; i < n; i++) printf("%d%c", rows[i], i + 1 < n ? ' ' : '\n');
    }
    return 0;
}
