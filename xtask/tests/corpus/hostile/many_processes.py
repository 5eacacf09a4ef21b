# HOSTILE (processes), CSES 1624 whole program: starts 200 children that sleep 20 s each, then
# prints the RIGHT count. Outside the sandbox the process cap was set only inside it, and 200
# processes at once were AC. A run is one process in every mode: its first fork kills it
# (SIGSYS), RE, and no process named qj-many may be left.
import ctypes
import os
import sys
import time

try:
    ctypes.CDLL(None).prctl(15, b"qj-many", 0, 0, 0)  # 15 = PR_SET_NAME
except OSError:
    pass
board = sys.stdin.read().split()
for _ in range(200):
    if os.fork() == 0:
        time.sleep(20)
        os._exit(0)


def count(board):
    cols, sums, diffs = set(), set(), set()

    def place(row):
        if row == 8:
            return 1
        ways = 0
        for col in range(8):
            if board[row][col] == "*" or col in cols or row + col in sums or row - col in diffs:
                continue
            cols.add(col), sums.add(row + col), diffs.add(row - col)
            ways += place(row + 1)
            cols.remove(col), sums.remove(row + col), diffs.remove(row - col)
        return ways

    return place(0)


print(count(board))
