# LeetCode 51 N-Queens: WRONG -- finds every board, then drops the last one. Expected verdict:
# WA (a missing board for n = 1 and 4..9; right only for n = 2 and 3, which have no boards).
class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        boards = []
        queens = []

        def place(row: int) -> None:
            if row == n:
                boards.append(["." * c + "Q" + "." * (n - c - 1) for c in queens])
                return
            for col in range(n):
                if all(c != col and abs(c - col) != row - r for r, c in enumerate(queens)):
                    queens.append(col)
                    place(row + 1)
                    queens.pop()

        place(0)
        if boards:
            boards.pop()  # Bug: one board too few.
        return boards
