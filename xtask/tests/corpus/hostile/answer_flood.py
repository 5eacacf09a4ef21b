# HOSTILE (output), LeetCode 51: returns 200,000 boards (some 15 MB on the answer channel for n = 8),
# far past any right answer. The judge stops reading past the longest right answer: WA, "answer
# too long", and its memory stays small.
class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        return [["Q" * n] * n] * 200_000
