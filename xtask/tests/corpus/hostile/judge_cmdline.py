# HOSTILE (what the host shows), CSES 1624 whole program: reads the command line and environment
# of process 1 of its PID namespace, the sandbox's first process, which is a copy of the judge
# (never exec'd): its arguments named every file of the batch and the judge's own paths. Prints
# the right count only when neither shows anything of the judge, else 0 and what it saw.
import sys

board = sys.stdin.read().split()
seen = []
for name in ("cmdline", "environ"):
    try:
        with open("/proc/1/" + name, "rb") as source:
            text = source.read().replace(b"\0", b" ").strip()
    except OSError:
        continue
    if text:
        seen.append(name + ": " + text[:200].decode("utf-8", "replace"))
for what in seen:
    print("/proc/1/" + what, file=sys.stderr)


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
            cols.discard(col)
            sums.discard(row + col)
            diffs.discard(row - col)
        return ways

    return place(0)


print(0 if seen else count(board))
