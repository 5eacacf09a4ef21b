# HOSTILE (the judge's pipes), LeetCode 52: writes on the driver's answer channel (descriptor 3)
# a frame header whose two sizes add up past 2^64 ("A 18446744073709551615 1"), then returns the
# RIGHT count. A debug build of the judge once panicked in its frame reader on the sum (a plain
# `+`; a release build wrapped), and the judge ended with status 101 and no report at all. The
# sizes are checked in every build: not the protocol, RE, and the other files go on.
import os


class Solution:
    def totalNQueens(self, n: int) -> int:
        try:
            os.write(3, b"A 18446744073709551615 1\n")
        except OSError:
            pass

        def place(row, cols, sums, diffs):
            if row == n:
                return 1
            return sum(
                place(row + 1, cols | {col}, sums | {row + col}, diffs | {row - col})
                for col in range(n)
                if col not in cols and row + col not in sums and row - col not in diffs
            )

        return place(0, set(), set(), set())
