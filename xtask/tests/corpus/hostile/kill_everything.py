# HOSTILE (signals), CSES 1624 whole program: sends SIGKILL to every process it may signal
# (kill -1), to its parent and to every pid from 1 to 4000, then prints the RIGHT count. Neither the
# judge nor another run may be reached: AC, and the judge's report comes whole.
import os
import signal
import sys

board = sys.stdin.read().split()
for target in [-1, os.getppid(), *range(1, 4000)]:
    if target in (os.getpid(), 0):
        continue
    try:
        os.kill(target, signal.SIGKILL)
    except OSError:
        pass


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


print(count(board))
