# LeetCode 52 N-Queens II as a learner wrote it for LeetCode's Python editor: the row and the taken
# sets are parameters with defaults (None, so that no set is shared between calls), and the method
# calls itself with them while LeetCode calls `totalNQueens(n)` alone. AC for 1 <= n <= 9.
class Solution:
    def totalNQueens(self, n: int, row: int = 0, cols=None, sums=None, diffs=None) -> int:
        if cols is None:
            cols, sums, diffs = set(), set(), set()
        if row == n:
            return 1
        count = 0
        for col in range(n):
            if col in cols or row + col in sums or row - col in diffs:
                continue
            cols.add(col)
            sums.add(row + col)
            diffs.add(row - col)
            count += self.totalNQueens(n, row + 1, cols, sums, diffs)
            cols.remove(col)
            sums.remove(row + col)
            diffs.remove(row - col)
        return count
