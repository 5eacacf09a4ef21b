# LeetCode 52 N-Queens II: the class only, as pasted. Its recursive helper is a method with
# LeetCode 51's method name but other parameters (the row, the taken columns and diagonals, n);
# nothing here lists boards, so this is LeetCode 52 only.
# Expected verdict: AC on leetcode52 for 1 <= n <= 9 (not judged on leetcode51).
class Solution:
    def totalNQueens(self, n: int) -> int:
        return self.solveNQueens(0, set(), set(), set(), n)

    def solveNQueens(self, row, cols, d1, d2, n):
        if row == n:
            return 1
        count = 0
        for col in range(n):
            if col in cols or row + col in d1 or row - col in d2:
                continue
            cols.add(col)
            d1.add(row + col)
            d2.add(row - col)
            count += self.solveNQueens(row + 1, cols, d1, d2, n)
            cols.remove(col)
            d1.remove(row + col)
            d2.remove(row - col)
        return count
