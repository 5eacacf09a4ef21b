# LeetCode 52 N-Queens II: WRONG -- an off-by-one in the base case (`row == n - 1`) counts
# every safe placement of n - 1 queens instead of n. Expected verdict: WA (right only for
# n = 1).
class Solution:
    def totalNQueens(self, n: int) -> int:
        cols, sums, diffs = set(), set(), set()

        def count(row: int) -> int:
            if row == n - 1:  # Bug: should be `row == n`.
                return 1
            ways = 0
            for col in range(n):
                if col in cols or row + col in sums or row - col in diffs:
                    continue
                cols.add(col)
                sums.add(row + col)
                diffs.add(row - col)
                ways += count(row + 1)
                cols.remove(col)
                sums.remove(row + col)
                diffs.remove(row - col)
            return ways

        return count(0)
