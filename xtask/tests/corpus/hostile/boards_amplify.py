# HOSTILE (the judge's memory), LeetCode 51: answers every n with 36,000 boards of 64 one-letter
# rows, the same list each time. On the wire each board is some 131 bytes, within what a right
# answer for n = 12 may take; parsed, each row would cost the judge some forty bytes, so the whole
# answer about 28 times its size (140 MB for one such file, 277 MB for two at once, before the
# judge counted it as it parsed). WA everywhere: "answer too long" where the wire cap is small,
# "answer too large" where the parse budget stops it first.
class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        row = ["Q"] * 64
        return [row] * 36000
