# LeetCode 52 N-Queens II counting in a CLASS attribute: `found = 0` in the class body and
# `Solution.found += 1` for each board, never reset. LeetCode makes a new Solution for each test
# but keeps the class (one process), so the count carries over: the first test (n = 4) returns
# 2, right, and every later one the running total (3 for n = 1, then 4, 4, 4, 6, 16, ...).
# Expected verdict: WA, right only on the first test.
class Solution:
    found = 0

    def totalNQueens(self, n: int) -> int:
        cols = [False] * n
        diag1 = [False] * (2 * n - 1)
        diag2 = [False] * (2 * n - 1)

        def backtrack(row: int) -> None:
            if row == n:
                Solution.found += 1
                return
            for col in range(n):
                if cols[col] or diag1[row + col] or diag2[row - col + n - 1]:
                    continue
                cols[col] = diag1[row + col] = diag2[row - col + n - 1] = True
                backtrack(row + 1)
                cols[col] = diag1[row + col] = diag2[row - col + n - 1] = False

        backtrack(0)
        return Solution.found
