/* HOSTILE (another ABI, limits), CSES 1624 whole program: makes system calls a 64-bit filter must
   refuse too. Through the i386 ABI (int 0x80, which a 64-bit kernel still serves), kill(getppid(),
   SIGKILL): with --no-sandbox its parent is the judge itself. Through the native ABI, prlimit64 on
   its parent, lowering its open-file limit to 3, which left the judge's next runs "Too many open
   files". In the sandbox its parent is the sandbox's own first process, which neither call can
   touch. Then it counts the board as a right solution does: AC whenever the judge is untouched,
   and it says on stderr what went through. */
#include <stdio.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

static long i386_call(long number, long first, long second) {
    long result;
    __asm__ volatile("int $0x80" : "=a"(result) : "a"(number), "b"(first), "c"(second) : "memory");
    return result;
}

static char board[8][9];
static int used_col[8], used_sum[15], used_diff[15];

static int place(int row) {
    if (row == 8) return 1;
    int ways = 0;
    for (int col = 0; col < 8; col++) {
        if (board[row][col] == '*' || used_col[col] || used_sum[row + col] || used_diff[row - col + 7]) continue;
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = 1;
        ways += place(row + 1);
        used_col[col] = used_sum[row + col] = used_diff[row - col + 7] = 0;
    }
    return ways;
}

int main(void) {
    for (int row = 0; row < 8; row++) {
        if (scanf("%8s", board[row]) != 1) return 1;
    }
    /* 37 is kill in the i386 table. */
    if (i386_call(37, getppid(), SIGKILL) == 0) fprintf(stderr, "allowed: i386 kill of the parent\n");
    struct rlimit few = {3, 3};
    if (prlimit(getppid(), RLIMIT_NOFILE, &few, NULL) == 0) fprintf(stderr, "allowed: prlimit of the parent\n");
    printf("%d\n", place(0));
    return 0;
}
