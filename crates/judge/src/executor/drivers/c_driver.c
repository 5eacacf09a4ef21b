#include <unistd.h>
/* The judge's LeetCode driver for C: n on stdin, the answer on descriptor 3; it frees what the
   solution returns, as LeetCode's caller does. */
static void queens_judge_row(FILE *out, const char *row) {
    for (; *row; row++) {
        if (*row == '\n') fputs("\\n", out);
        else if (*row == '\r') fputs("\\r", out);
        else fputc(*row, out);
    }
    fputc('\n', out);
}

int main(int argc, char **argv) {
    const char *problem = argc > 1 ? argv[1] : "";
    int n = 0;
    if (scanf("%d", &n) != 1) return 2;
    FILE *channel = fdopen(3, "w");
    if (!channel) return 3;
    (void)queens_judge_row;
#ifdef QUEENS_JUDGE_51
    if (strcmp(problem, "51") == 0) {
        int size = -1;
        int *columns = NULL;
        char ***boards = solveNQueens(n, &size, &columns);
        fflush(stdout);
        if (size < 0) {
            fprintf(stderr, "solveNQueens did not set *returnSize\n");
            return 1;
        }
        if (size > 0 && (boards == NULL || columns == NULL)) {
            fprintf(stderr, "solveNQueens set *returnSize to %d but returned %s\n", size,
                    boards == NULL ? "NULL" : "no *returnColumnSizes");
            return 1;
        }
        fprintf(channel, "%d\n", size);
        for (int i = 0; i < size; i++) {
            fprintf(channel, "%d\n", columns[i]);
            for (int row = 0; row < columns[i]; row++) {
                queens_judge_row(channel, boards[i][row]);
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
        fflush(stdout);
        fprintf(channel, "%d\n", count);
    }
#endif
    return fclose(channel) == 0 ? 0 : 3;
}
