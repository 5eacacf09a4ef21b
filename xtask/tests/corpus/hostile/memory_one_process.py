# HOSTILE (memory), CSES 1624 whole program: one process touches 640 MB (against the 512 MB
# limit), holds it a moment, then prints the RIGHT count. Without a cgroup and outside the sandbox
# (--no-sandbox as a user with no cgroup of their own), the run's memory was once not looked at
# at all. It is sampled while the run lives and read from the kernel (its peak resident size) at
# its end, in every mode: MLE.
# Its block is private anonymous memory that the kernel faults in at once (MAP_POPULATE): touched
# page by page, reaching 512 MB took about 0.5 s of CPU time on a quiet Zen 3 virtual machine, and
# more than its 1 s while other tests ran (TLE before MLE).
import mmap
import sys
import time

board = sys.stdin.read().split()
block = mmap.mmap(-1, 640 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | mmap.MAP_POPULATE)
for at in range(0, len(block), 4096):
    block[at] = 1
time.sleep(0.3)


def count(board):
    cols, sums, diffs = set(), set(), set()

    def place(row):
        if row == 8:
            return 1
        ways = 0
        for col in range(8):
            if board[row][col] == "*" or col in cols or row + col in sums or row - col in diffs:
                continue
            cols.add(col), sums.add(row + col), diffs.add(row - col)
            ways += place(row + 1)
            cols.remove(col), sums.remove(row + col), diffs.remove(row - col)
        return ways

    return place(0)


print(count(board))
