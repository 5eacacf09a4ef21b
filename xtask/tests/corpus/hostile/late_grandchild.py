# HOSTILE (processes), CSES 1624 whole program: prints nothing itself; a detached grandchild (a
# session of its own) prints the RIGHT count 1.5 s after the program has ended. Nothing of a run
# outlives it, and a run is one process: its first fork kills it, RE.
import os
import sys
import time

board = sys.stdin.read().split()


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


if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(1.5)
        print(count(board), flush=True)
    os._exit(0)
os.wait()
