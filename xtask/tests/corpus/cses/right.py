# CSES 1624 Chessboard and Queens: a right whole Python program (backtracking with sets).
# Expected verdict: AC on every 8 x 8 board.
import sys

board = sys.stdin.read().split()
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
