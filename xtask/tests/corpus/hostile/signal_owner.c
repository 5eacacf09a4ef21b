// HOSTILE (signals), CSES 1624 whole program: asks the kernel to send a pipe's and a socket's
// O_ASYNC signals to its parent (the judge outside the sandbox, PID 1 in it): fcntl F_SETOWN,
// F_SETOWN_EX and F_SETSIG, ioctl FIOSETOWN and SIOCSPGRP, then makes the pipe ready. Only
// Landlock's ABI 6 scopes such signals, and on kernels 5.13 to 6.11 a file stopped the judge this
// way. The filter refuses every one of those calls, in every mode. Prints 0 if any was taken,
// else the RIGHT count: AC.
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static char board[8][16];

static long place(int row, int cols, int sums, int diffs) {
    if (row == 8) return 1;
    long ways = 0;
    for (int col = 0; col < 8; ++col) {
        int c = 1 << col, s = 1 << (row + col), d = 1 << (row - col + 7);
        if (board[row][col] == '*' || (cols & c) || (sums & s) || (diffs & d)) continue;
        ways += place(row + 1, cols | c, sums | s, diffs | d);
    }
    return ways;
}

int main(void) {
    for (int row = 0; row < 8; ++row)
        if (scanf("%15s", board[row]) != 1) return 1;
    pid_t parent = getppid();
    int taken = 0;
    int ends[2];
    if (pipe(ends) == 0) {
        taken |= fcntl(ends[0], F_SETOWN, parent) == 0;
        struct f_owner_ex owner = {F_OWNER_PID, parent};
        taken |= fcntl(ends[0], F_SETOWN_EX, &owner) == 0;
        taken |= fcntl(ends[0], F_SETSIG, SIGKILL) == 0;
        fcntl(ends[0], F_SETFL, O_ASYNC | O_NONBLOCK);
        taken |= ioctl(ends[0], FIOSETOWN, &parent) == 0;
        if (write(ends[1], "x", 1) != 1) taken = 1;
    }
    int sockets[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sockets) == 0) {
        taken |= ioctl(sockets[0], SIOCSPGRP, &parent) == 0;
        taken |= fcntl(sockets[0], F_SETOWN, parent) == 0;
    }
    printf("%ld\n", taken ? 0 : place(0, 0, 0, 0));
    return 0;
}
