/* HOSTILE (the kernel's surface), CSES 1624 whole program: asks for what no solution needs and
   the sandbox's system-call policy refuses as if the kernel had no such call (ENOSYS): a nested
   user namespace and a network one (with the capabilities they would give), a mount, io_uring,
   userfaultfd, bpf, perf_event_open, a key, a kernel module, kexec, a clone into new namespaces,
   a memfd.
   Each call's arguments are harmless or invalid, so a call that reaches the kernel changes
   nothing; its errno (EFAULT, EINVAL, EPERM...) tells that it got there. Prints the right count
   only when every one was refused, else 0 and, on stderr, what got through: AC in the sandbox. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

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

static int reached = 0;

/* A call refused by the policy fails with ENOSYS; anything else reached the kernel. */
static void refused(const char *what, long result) {
    if (result == -1 && errno == ENOSYS) return;
    fprintf(stderr, "reached the kernel: %s (result %ld, errno %d)\n", what, result, errno);
    reached++;
}

int main(void) {
    for (int row = 0; row < 8; row++) {
        if (scanf("%8s", board[row]) != 1) return 1;
    }
    refused("unshare(CLONE_NEWUSER)", syscall(SYS_unshare, CLONE_NEWUSER));
    refused("unshare(CLONE_NEWNET)", syscall(SYS_unshare, CLONE_NEWNET));
    refused("setns", syscall(SYS_setns, -1, 0));
    refused("mount", syscall(SYS_mount, NULL, NULL, NULL, 0, NULL));
    refused("io_uring_setup", syscall(SYS_io_uring_setup, 1, NULL));
    refused("userfaultfd", syscall(SYS_userfaultfd, 0));
    refused("bpf", syscall(SYS_bpf, 0, NULL, 0));
    refused("perf_event_open", syscall(SYS_perf_event_open, NULL, 0, -1, -1, 0));
    refused("add_key", syscall(SYS_add_key, NULL, NULL, NULL, 0, 0));
    refused("keyctl", syscall(SYS_keyctl, 0, 0, 0, 0, 0));
    refused("init_module", syscall(SYS_init_module, NULL, 0, NULL));
    refused("kexec_load", syscall(SYS_kexec_load, 0, 0, NULL, 0));
    refused("clone3", syscall(SYS_clone3, NULL, 0));
    /* Memory in a memfd is no process's resident memory: only a cgroup would count it. */
    refused("memfd_create", syscall(SYS_memfd_create, "held", 0));
    /* A clone into a new user namespace: its child would exit at once. */
    long child = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, NULL, NULL, NULL, NULL);
    if (child == 0) _exit(0);
    refused("clone(CLONE_NEWUSER)", child);
    printf("%d\n", reached ? 0 : place(0));
    return 0;
}
