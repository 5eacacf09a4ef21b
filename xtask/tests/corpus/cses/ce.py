# CSES 1624: does NOT compile -- a syntax error on line 8 (the `def` line lacks its colon:
# "SyntaxError: expected ':'"). Expected verdict: CE (a syntax error found before the program
# runs, e.g. by py_compile), on line 8 of this file.
import sys

board = sys.stdin.read().split()

def place(row, cols, sums, diffs)
    if row == 8:
        return 1
    ways = 0
    for col in range(8):
        if board[row][col] == "*" or col in cols or row + col in sums or row - col in diffs:
            continue
        ways += place(row + 1, cols | {col}, sums | {row + col}, diffs | {row - col})
    return ways


print(place(0, set(), set(), set()))
