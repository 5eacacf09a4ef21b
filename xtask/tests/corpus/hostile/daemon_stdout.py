# HOSTILE (processes), CSES 1624 whole program: prints the RIGHT count, then leaves a daemon
# holding stdout that prints 0 after 1.5 s and then sleeps 25 s. A run is one process: its fork
# kills it, RE, at once (a judge that waited for stdout to close would have waited 25 s).
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


print(count(board), flush=True)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(1.5)
        print(0, flush=True)
        time.sleep(25)
    os._exit(0)
