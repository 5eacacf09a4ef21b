// LeetCode 52 N-Queens II as pasted into LeetCode's C editor: no #include, no main. Bitmask
// counting, the lowest free square first. Expected verdict: AC for 1 <= n <= 9.
static int count(int full, int cols, int left, int right) {
    if (cols == full) return 1;
    int ways = 0;
    int avail = full & ~(cols | left | right);
    while (avail) {
        int bit = avail & -avail;
        avail ^= bit;
        ways += count(full, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
    }
    return ways;
}

int totalNQueens(int n) {
    return count((1 << n) - 1, 0, 0, 0);
}
