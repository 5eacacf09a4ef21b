# CSES 1624: a right answer on stdout, plus debugging lines on STDERR ("placing queen at ...").
# Judges read stdout only. Expected verdict: AC.
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
        if row < 2:
            print(f"placing queen at row {row}, column {col}", file=sys.stderr)
        cols.add(col)
        sums.add(row + col)
        diffs.add(row - col)
        ways += place(row + 1)
        cols.remove(col)
        sums.remove(row + col)
        diffs.remove(row - col)
    return ways


ways = place(0)
print(f"done: {ways} ways", file=sys.stderr)
print(ways)
