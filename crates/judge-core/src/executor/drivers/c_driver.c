/* The judge's LeetCode driver for C: every test of a submission in one process, as LeetCode runs
   them (the session protocol: "R" on descriptor 3 once started, then per test a line with n on
   stdin and a frame on descriptor 3). It frees what the solution returns, as LeetCode's caller
   does. The answer is built in a growable buffer (plain C: no open_memstream), so that its length
   is known before the frame's header. No header is included here, after the user's file: a
   function of the file named like one of <unistd.h>'s (dup, link, read) stays the file's own. */
struct queens_judge_text {
    char *bytes;
    size_t size, capacity;
};

static void queens_judge_add(struct queens_judge_text *text, const char *bytes, size_t size) {
    if (text->capacity - text->size < size) {
        size_t capacity = text->capacity ? text->capacity : 4096;
        while (capacity - text->size < size) capacity *= 2;
        char *grown = (char *)realloc(text->bytes, capacity);
        if (!grown) {
            fputs("the judge's driver ran out of memory for the answer\n", stderr);
            exit(3);
        }
        text->bytes = grown;
        text->capacity = capacity;
    }
    memcpy(text->bytes + text->size, bytes, size);
    text->size += size;
}

static void queens_judge_number(struct queens_judge_text *text, long number) {
    char digits[32];
    int size = snprintf(digits, sizeof digits, "%ld\n", number);
    queens_judge_add(text, digits, (size_t)size);
}

static void queens_judge_row(struct queens_judge_text *text, const char *row) {
    for (; *row; row++) {
        if (*row == '\n') queens_judge_add(text, "\\n", 2);
        else if (*row == '\r') queens_judge_add(text, "\\r", 2);
        else queens_judge_add(text, row, 1);
    }
    queens_judge_add(text, "\n", 1);
}

/* Writes all of it on the channel (stdio loops on partial writes): 0, or -1 once it fails. */
static int queens_judge_send(FILE *channel, const char *bytes, size_t size) {
    return size == 0 || fwrite(bytes, 1, size, channel) == size ? 0 : -1;
}

/* The next line's n: 1, 0 at the end of the input, -1 for a line that holds no number. */
static int queens_judge_next(int *n) {
    char line[64];
    size_t size = 0;
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
        if (size + 1 < sizeof line) line[size++] = (char)c;
        else return -1;
    }
    if (c == EOF && size == 0) return 0;
    line[size] = '\0';
    char *end;
    long value = strtol(line, &end, 10);
    while (*end == ' ' || *end == '\t' || *end == '\r') end++;
    if (end == line || *end != '\0' || value < INT_MIN || value > INT_MAX) return -1;
    *n = (int)value;
    return 1;
}

int main(int argc, char **argv) {
    const char *problem = argc > 1 ? argv[1] : "";
    struct queens_judge_text answer = {NULL, 0, 0};
    int n = 0, next;
    (void)queens_judge_row;
    (void)queens_judge_number;
    /* Declared again for a strict -std=c11, whose <stdio.h> leaves POSIX's names out. */
    FILE *fdopen(int, const char *);
    FILE *channel = fdopen(3, "w");
    if (!channel || queens_judge_send(channel, "R\n", 2) != 0 || fflush(channel) != 0) return 3;
    while ((next = queens_judge_next(&n)) == 1) {
        answer.size = 0;
#ifdef QUEENS_JUDGE_51
        if (strcmp(problem, "51") == 0) {
            int size = -1;
            int *columns = NULL;
            char ***boards = solveNQueens(n, &size, &columns);
            fflush(stdout);
            if (size < 0) {
                fprintf(stderr, "solveNQueens did not set *returnSize\n");
                free(answer.bytes);
                return 1;
            }
            if (size > 0 && (boards == NULL || columns == NULL)) {
                fprintf(stderr, "solveNQueens set *returnSize to %d but returned %s\n", size,
                        boards == NULL ? "NULL" : "no *returnColumnSizes");
                free(answer.bytes);
                return 1;
            }
            queens_judge_number(&answer, size);
            for (int i = 0; i < size; i++) {
                queens_judge_number(&answer, columns[i]);
                for (int row = 0; row < columns[i]; row++) {
                    queens_judge_row(&answer, boards[i][row]);
                    free(boards[i][row]);
                }
                free(boards[i]);
            }
            free(boards);
            free(columns);
        }
#endif
#ifdef QUEENS_JUDGE_52
        if (strcmp(problem, "52") == 0) {
            int count = totalNQueens(n);
            queens_judge_number(&answer, count);
        }
#endif
        fflush(stdout);
        char header[64];
        int size = snprintf(header, sizeof header, "A %lu 0\n", (unsigned long)answer.size);
        if (queens_judge_send(channel, header, (size_t)size) != 0
            || queens_judge_send(channel, answer.bytes, answer.size) != 0 || fflush(channel) != 0) {
            free(answer.bytes);
            return 3;
        }
    }
    free(answer.bytes);
    if (next < 0) {
        fprintf(stderr, "the judge's input is not a number of queens\n");
        return 2;
    }
    return fclose(channel) == 0 ? 0 : 3;
}
