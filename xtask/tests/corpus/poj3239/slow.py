# POJ 3239 Solution to the n Queens Puzzle: a plain first-solution backtracking in Python, column
# by column, rows tried from 1 upward. Right on every n, but far too slow for POJ's n up to 300.
# Expected verdict: TLE.
import sys

sys.setrecursionlimit(10000)


def solve(n):
    rows = [0] * n
    used_row = [False] * (n + 1)
    used_sum = [False] * (2 * n + 1)
    used_diff = [False] * (2 * n + 1)

    def place(col):
        if col == n:
            return True
        for r in range(1, n + 1):
            if used_row[r] or used_sum[r + col] or used_diff[r - col + n]:
                continue
            rows[col] = r
            used_row[r] = used_sum[r + col] = used_diff[r - col + n] = True
            if place(col + 1):
                return True
            used_row[r] = used_sum[r + col] = used_diff[r - col + n] = False
        return False

    place(0)
    return rows


for token in sys.stdin.read().split():
    n = int(token)
    if n == 0:
        break
    print(" ".join(map(str, solve(n))))
