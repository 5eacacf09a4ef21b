// LeetCode 52 in C with uthash (which LeetCode's C offers without an #include): the attacked
// columns and diagonals are kept in hash sets, as a learner coming from a language with sets would.
struct mark {
    int key;
    UT_hash_handle hh;
};

static bool taken(struct mark **set, int key) {
    struct mark *found = NULL;
    HASH_FIND_INT(*set, &key, found);
    return found != NULL;
}

static void take(struct mark **set, int key) {
    struct mark *entry = malloc(sizeof *entry);
    entry->key = key;
    HASH_ADD_INT(*set, key, entry);
}

static void give_back(struct mark **set, int key) {
    struct mark *found = NULL;
    HASH_FIND_INT(*set, &key, found);
    HASH_DEL(*set, found);
    free(found);
}

static int place(int row, int n, struct mark **cols, struct mark **up, struct mark **down) {
    if (row == n) return 1;
    int ways = 0;
    for (int col = 0; col < n; col++) {
        if (taken(cols, col) || taken(up, row + col) || taken(down, row - col)) continue;
        take(cols, col);
        take(up, row + col);
        take(down, row - col);
        ways += place(row + 1, n, cols, up, down);
        give_back(cols, col);
        give_back(up, row + col);
        give_back(down, row - col);
    }
    return ways;
}

int totalNQueens(int n) {
    struct mark *cols = NULL, *up = NULL, *down = NULL;
    int ways = place(0, n, &cols, &up, &down);
    return HASH_COUNT(cols) + HASH_COUNT(up) + HASH_COUNT(down) == 0 ? ways : -1;
}
