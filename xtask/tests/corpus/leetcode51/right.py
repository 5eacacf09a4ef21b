# LeetCode 51 N-Queens as pasted into LeetCode's editor: the class only; `List` is used
# without importing it (LeetCode supplies the typing names). Expected verdict: AC for 1 <= n <= 9.
class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        boards = []
        queens = []
        cols, sums, diffs = set(), set(), set()

        def place(row: int) -> None:
            if row == n:
                boards.append(["." * c + "Q" + "." * (n - c - 1) for c in queens])
                return
            for col in range(n):
                if col in cols or row + col in sums or row - col in diffs:
                    continue
                cols.add(col)
                sums.add(row + col)
                diffs.add(row - col)
                queens.append(col)
                place(row + 1)
                queens.pop()
                cols.remove(col)
                sums.remove(row + col)
                diffs.remove(row - col)

        place(0)
        return boards
