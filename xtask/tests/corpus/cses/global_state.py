# CSES 1624 Chessboard and Queens with a module-level counter, `count = 0`, that the search
# increments (`global count`) and the program prints at the end. Never reset, and it needs no
# reset: CSES runs each test in a fresh process, so every run starts from zero.
# Expected verdict: AC on every 8 x 8 board.
import sys

board = [sys.stdin.readline().strip() for _ in range(8)]
count = 0
cols = [False] * 8
diag1 = [False] * 15
diag2 = [False] * 15


def search(row):
    global count
    if row == 8:
        count += 1
        return
    for col in range(8):
        if board[row][col] == "*" or cols[col] or diag1[row + col] or diag2[row - col + 7]:
            continue
        cols[col] = diag1[row + col] = diag2[row - col + 7] = True
        search(row + 1)
        cols[col] = diag1[row + col] = diag2[row - col + 7] = False


search(0)
print(count)
