# HOSTILE (output), LeetCode 52: prints 40 MB on stdout, then returns the RIGHT count. The judge
# keeps 8 KiB of a solution's prints, however many it writes: AC, and a report of a few kilobytes.
class Solution:
    def totalNQueens(self, n: int) -> int:
        line = "x" * 1023
        for _ in range(40 * 1024):
            print(line)

        def place(row, cols, sums, diffs):
            if row == n:
                return 1
            return sum(
                place(row + 1, cols | {col}, sums | {row + col}, diffs | {row - col})
                for col in range(n)
                if col not in cols and row + col not in sums and row - col not in diffs
            )

        return place(0, set(), set(), set())
