# HOSTILE (other processes), CSES 1624 whole program: opens /proc/PID/environ and /proc/PID/mem of
# every process it can see but itself (the judge, the judge's other runs, whatever else the user
# runs). Where Yama is off, any process of the same user is open to it outside a sandbox. Prints the
# RIGHT count only if none could be opened, else 0 (WA) and what it opened on stderr.
import os
import sys

board = sys.stdin.read().split()
opened = []
own = str(os.getpid())
for pid in os.listdir("/proc"):
    if not pid.isdigit() or pid == own:
        continue
    for name in ("environ", "mem"):
        try:
            with open("/proc/" + pid + "/" + name, "rb") as source:
                source.read(1)
            opened.append(pid + "/" + name)
        except OSError:
            pass
if opened:
    print("opened " + " ".join(opened[:10]), file=sys.stderr)


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


print(0 if opened else count(board))
