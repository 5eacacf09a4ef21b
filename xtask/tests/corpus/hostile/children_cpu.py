# HOSTILE (processes), CSES 1624 whole program: three children burn 0.9 s of CPU each (2.7 s in
# all), each saying so on a pipe when done; the parent, which never waits for them (their time is
# never folded into its own), then prints the RIGHT count. A run is one process: its first fork
# kills it (SIGSYS), RE, so no child's time can hide (with the sandbox's reaper and without a
# cgroup, children reaped by the kernel once took 3.6 s unseen).
import os
import sys
import time

board = sys.stdin.read().split()
done_read, done_write = os.pipe()
for _ in range(3):
    if os.fork() == 0:
        started = time.process_time()
        while time.process_time() - started < 0.9:
            pass
        os.write(done_write, b"x")
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
