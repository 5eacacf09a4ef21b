# LeetCode 52 N-Queens II as pasted into LeetCode's editor: the class only; it uses
# `collections.deque` without importing collections (LeetCode's prelude imports it), as an
# explicit stack of partial placements. Expected verdict: AC for 1 <= n <= 9.
class Solution:
    def totalNQueens(self, n: int) -> int:
        stack = collections.deque([()])
        total = 0
        while stack:
            queens = stack.pop()
            row = len(queens)
            if row == n:
                total += 1
                continue
            for col in range(n):
                if all(c != col and abs(c - col) != row - r for r, c in enumerate(queens)):
                    stack.append(queens + (col,))
        return total
