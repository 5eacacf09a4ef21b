# HOSTILE (signals), CSES 1624 whole program: sends SIGKILL to its parent (the judge itself when
# files run with --no-sandbox; the sandbox's own first process, which ignores it, in the sandbox),
# probes whether it may signal every process (kill -1 with signal 0, which sends nothing), and
# tries to trace its parent. Prints 0 if the probe or the trace was allowed, else the RIGHT count:
# AC both ways, and the judge's report comes whole. Never sends a real signal to anything but its
# parent.
import ctypes
import os
import signal
import sys

board = sys.stdin.read().split()
allowed = []
try:
    os.kill(os.getppid(), signal.SIGKILL)
except OSError:
    pass
try:
    os.kill(-1, 0)
    allowed.append("kill -1")
except OSError:
    pass
libc = ctypes.CDLL(None, use_errno=True)
PTRACE_ATTACH = 16
if libc.ptrace(PTRACE_ATTACH, os.getppid(), None, None) == 0:
    allowed.append("ptrace")
for what in allowed:
    print("allowed:", what, file=sys.stderr)


def count(board):
    cols, sums, diffs = set(), set(), set()

    def place(row):
        if row == 8:
            return 1
        ways = 0
        for col in range(8):
            if board[row][col] == "*" or col in cols or row + col in sums or row - col in diffs:
                continue
            cols.add(col)
            sums.add(row + col)
            diffs.add(row - col)
            ways += place(row + 1)
            cols.remove(col)
            sums.remove(row + col)
            diffs.remove(row - col)
        return ways

    return place(0)



print(0 if allowed else count(board))
