# LeetCode 51 N-Queens with the answer in a MODULE-LEVEL list, `boards = []`, that the search
# appends to and solveNQueens returns, never emptied. LeetCode runs every test in one Python
# process with a new Solution each time, but the module, and so the list, lives on: the first test
# (n = 4) returns its 2 boards, right; the next (n = 1) returns those 2 and ["Q"], and every later
# one all the boards found so far. Expected verdict: WA, right only on the first test.
boards = []


class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        queens = []
        cols, diag1, diag2 = set(), set(), set()

        def backtrack(row: int) -> None:
            if row == n:
                boards.append(["." * c + "Q" + "." * (n - c - 1) for c in queens])
                return
            for col in range(n):
                if col in cols or row + col in diag1 or row - col in diag2:
                    continue
                cols.add(col)
                diag1.add(row + col)
                diag2.add(row - col)
                queens.append(col)
                backtrack(row + 1)
                queens.pop()
                cols.remove(col)
                diag1.remove(row + col)
                diag2.remove(row - col)

        backtrack(0)
        return boards
