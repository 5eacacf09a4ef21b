# LeetCode 52 N-Queens II as a learner brought it from Python 2: `xrange` is gone in Python 3, so
# every test ends in NameError. Runtime Error, and LeetCode's result line names the error itself
# ("NameError: name 'xrange' is not defined"), never an empty quote of its stderr.
class Solution:
    def totalNQueens(self, n: int) -> int:
        def place(row, cols, sums, diffs):
            if row == n:
                return 1
            count = 0
            for col in xrange(n):
                if col in cols or row + col in sums or row - col in diffs:
                    continue
                count += place(row + 1, cols | {col}, sums | {row + col}, diffs | {row - col})
            return count

        return place(0, set(), set(), set())
