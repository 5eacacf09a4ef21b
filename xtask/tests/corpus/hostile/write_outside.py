# HOSTILE (file system), CSES 1624 whole program: tries to create three files --
#   /tmp/../root/pwned-judge-test, pwned-judge-test next to its own source (the folder of
#   __file__), and pwned-judge-test in the current folder --
# removes any it managed to create, and then prints the RIGHT count only if EVERY write failed,
# 0 (WA) if any write worked. Expected verdict under the judge's sandbox (everything but a
# private scratch area read-only, and no scratch at the source or the working folder): AC.
# WA means the submission could write outside its sandbox. It prints nothing else to stdout.
import os
import sys

board = sys.stdin.read().split()

targets = [
    "/tmp/../root/pwned-judge-test",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "pwned-judge-test"),
    os.path.join(os.getcwd(), "pwned-judge-test"),
]
written = []
for target in targets:
    try:
        with open(target, "x") as file:
            file.write("a judged submission wrote this file\n")
        written.append(target)
    except OSError:
        pass
for target in written:
    try:
        os.remove(target)
    except OSError:
        pass
for target in written:
    print(f"wrote {target}", file=sys.stderr)

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


print(0 if written else place(0))
