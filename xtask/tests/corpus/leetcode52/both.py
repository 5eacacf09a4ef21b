# LeetCode 51 AND 52 in one class, as someone solving both keeps it: solveNQueens lists the
# boards, totalNQueens counts them through it. Judged on both problems.
# Expected verdict: AC on leetcode51 and on leetcode52, for 1 <= n <= 9.
class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        boards: List[List[str]] = []
        queens: List[int] = []

        def place(row: int, cols: int, sums: int, diffs: int) -> None:
            if row == n:
                boards.append(["." * c + "Q" + "." * (n - c - 1) for c in queens])
                return
            for col in range(n):
                c, s, d = 1 << col, 1 << (row + col), 1 << (row - col + n - 1)
                if cols & c or sums & s or diffs & d:
                    continue
                queens.append(col)
                place(row + 1, cols | c, sums | s, diffs | d)
                queens.pop()

        place(0, 0, 0, 0)
        return boards

    def totalNQueens(self, n: int) -> int:
        return len(self.solveNQueens(n))
