# HOSTILE (environment), CSES 1624 whole program: prints the RIGHT count only if its
# environment has no HOME and no variable whose name starts with CARGO or RUSTUP (the judge's
# own, which would tell a submission where the toolchain and the user's files are); if any is
# there it prints 0 -> WA. It never prints a variable's value. Expected verdict: AC (the judge
# starts every run from an empty environment plus the few variables it chooses, none of these).
import os
import sys

board = sys.stdin.read().split()
leaked = [name for name in os.environ if name == "HOME" or name.startswith(("CARGO", "RUSTUP"))]
if leaked:
    print(f"leaked variables: {', '.join(sorted(leaked))}", file=sys.stderr)

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


print(0 if leaked else place(0))
