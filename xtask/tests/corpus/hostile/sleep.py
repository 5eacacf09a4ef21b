# HOSTILE (wall clock), CSES 1624 whole program: sleeps 30 s, using almost no CPU time, then
# prints the right count. CPU-time accounting alone never stops it; the wall-clock backstop
# (twice the 1 s limit plus a second = 3 s) must. Expected verdict: TLE ("wall-clock
# backstop" in the detail), after about 3 s, not 30 s.
import sys
import time

board = sys.stdin.read().split()
time.sleep(30)

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


print(place(0))
