# LeetCode 52 N-Queens II, returning the count as text (str(count)), as a learner who printed it
# first might. LeetCode expects an int: a Runtime Error, told in the learner's terms
# ("totalNQueens returned a str ('2'); LeetCode 52 expects an int"), with no frame of the judge's.
class Solution:
    def totalNQueens(self, n: int) -> int:
        def place(row, cols, sums, diffs):
            if row == n:
                return 1
            return sum(
                place(row + 1, cols | {col}, sums | {row + col}, diffs | {row - col})
                for col in range(n)
                if col not in cols and row + col not in sums and row - col not in diffs
            )

        return str(place(0, set(), set(), set()))
