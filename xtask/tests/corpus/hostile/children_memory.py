# HOSTILE (memory), CSES 1624 whole program: three children fill 300 MB each (900 MB in all,
# against the 512 MB limit), each saying so on a pipe and holding it; the parent then prints the
# RIGHT count. A run is one process: its first fork kills it (SIGSYS), RE (without the rule and
# without a cgroup, four such children once held 1.6 GB under --no-sandbox, AC).
import os
import sys
import time

board = sys.stdin.read().split()
done_read, done_write = os.pipe()
for _ in range(3):
    if os.fork() == 0:
        block = bytearray(300 << 20)
        for index in range(0, len(block), 4096):
            block[index] = 1
        os.write(done_write, b"x")
        time.sleep(30)
        os._exit(0)
os.close(done_write)
# Three bytes, or the end of the pipe once every child has gone.
received = 0
while received < 3:
    chunk = os.read(done_read, 3)
    if not chunk:
        break
    received += len(chunk)


def count(board):
    cols, sums, diffs = set(), set(), set()

    def place(row):
        if row == 8:
            return 1
        ways = 0
        for col in range(8):
            if board[row][col] == "*" or col in cols or row + col in sums or row - col in diffs:
                continue
            cols.add(col)
            sums.add(row + col)
            diffs.add(row - col)
            ways += place(row + 1)
            cols.remove(col)
            sums.remove(row + col)
            diffs.remove(row - col)
        return ways

    return place(0)


print(count(board))
