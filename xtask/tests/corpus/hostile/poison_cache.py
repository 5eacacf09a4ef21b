# HOSTILE (the judge's caches), CSES 1624 whole program: tries to create pwned-judge-test in every
# folder above its own source (its build's folder, the judge's build cache, the clone or the
# user's cache folder), and in the folder above its TMPDIR. Outside the sandbox a run once shared
# the judge's user and could rewrite cached builds, which later sandboxed judgings ran. Removes
# what it made; prints the RIGHT count only if every write failed, else 0 (WA).
import os
import sys

board = sys.stdin.read().split()
# Its own scratch folder (TMPDIR: the sandbox's private /tmp, or the fenced run's own folder) is
# its to write; a source under /tmp (a clone there) has that /tmp among the folders above it.
scratch = os.path.abspath(os.environ.get("TMPDIR", "/tmp"))
folders = []
folder = os.path.dirname(os.path.abspath(__file__))
while folder != "/":
    folder = os.path.dirname(folder)
    if folder != scratch:
        folders.append(folder)
folders.append(os.path.dirname(scratch))
written = []
for folder in folders:
    target = os.path.join(folder, "pwned-judge-test")
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
if written:
    print("wrote " + " ".join(written), file=sys.stderr)


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


print(0 if written else count(board))
