# HOSTILE (the judge's pipes), LeetCode 52: on its test with n = 1 it opens its own stdin for
# writing (/proc/self/fd/0, refused in the sandbox, where the pipe is not the run's user's), fills
# the pipe, never blocking, and points the driver's `sys.stdin` at a pipe of its own that nothing
# writes: from then on nothing reads the judge's pipe. It returns the RIGHT count. The judge's
# blocking write of the next test's input once never returned: only Ctrl-C ended it, and no file
# of the batch got a verdict. Now a test's input is written only as the process takes it, within
# the test's wall-clock backstop: TLE on the test after n = 1 ("stopped reading its input", or,
# in the sandbox, where the input could still be written, the backstop), AC on the others, which
# run in a new process.
import os
import sys

_kept = []


class Solution:
    def totalNQueens(self, n: int) -> int:
        if n == 1 and not _kept:
            try:
                fd = os.open("/proc/self/fd/0", os.O_WRONLY | os.O_NONBLOCK)
                try:
                    while True:
                        os.write(fd, b"x" * 4096)
                except OSError:
                    pass
            except OSError:
                pass
            read_end, write_end = os.pipe()
            _kept.append(write_end)
            sys.stdin = os.fdopen(read_end)

        def place(row, cols, sums, diffs):
            if row == n:
                return 1
            return sum(
                place(row + 1, cols | {col}, sums | {row + col}, diffs | {row - col})
                for col in range(n)
                if col not in cols and row + col not in sums and row - col not in diffs
            )

        return place(0, set(), set(), set())
