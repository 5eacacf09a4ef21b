# LeetCode 51 N-Queens with the answer in a module-level list, `boards = []`, as in
# state_module_list.py, but solveNQueens empties it (`boards.clear()`) before searching. The list
# still outlives each Solution in LeetCode's one process; the clear makes that harmless as long as
# each answer is read before the next call. Expected verdict: AC for 1 <= n <= 9.
boards = []


class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        boards.clear()
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
