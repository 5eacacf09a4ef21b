# LeetCode 51 N-Queens: right boards, but it prints debugging lines to STDOUT ("placing queen
# at ...", "found board ..."), as people do on LeetCode, where stdout is shown apart from the
# answer. Expected verdict: AC for 1 <= n <= 9 (the prints must not be taken for the answer).
class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        print(f"solveNQueens({n})")
        boards: List[List[str]] = []
        queens: List[int] = []

        def safe(row: int, col: int) -> bool:
            return all(c != col and abs(c - col) != row - r for r, c in enumerate(queens))

        def place(row: int) -> None:
            if row == n:
                print(f"found board #{len(boards) + 1}: {queens}")
                boards.append(["." * c + "Q" + "." * (n - c - 1) for c in queens])
                return
            for col in range(n):
                if safe(row, col):
                    if row == 0:
                        print(f"placing queen at row {row}, column {col}")
                    queens.append(col)
                    place(row + 1)
                    queens.pop()

        place(0)
        print(f"returning {len(boards)} boards")
        return boards
