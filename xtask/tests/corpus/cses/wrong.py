# CSES 1624: WRONG -- forgets the diagonals, so it counts non-attacking ROOKS on the free
# squares (40320 on the empty board instead of 92). Expected verdict: WA (right only where
# both counts are 0, e.g. a board with a fully reserved row).
import sys

board = sys.stdin.read().split()
cols = set()


def place(row):
    if row == 8:
        return 1
    ways = 0
    for col in range(8):
        if board[row][col] == "*" or col in cols:
            continue
        cols.add(col)
        ways += place(row + 1)
        cols.remove(col)
    return ways


print(place(0))
