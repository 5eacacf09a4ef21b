# HOSTILE (file system), CSES 1624 whole program: looks for what a sandbox must not show -- the
# host's /etc/passwd, $HOME's keys (/root/.ssh), the host's /tmp (the sandbox's own is empty), any
# file beside its own source or in a folder above it (the judge shows a copy of the file alone, at
# its own path: no cases/ folder to read answers from, no repository) -- and whether it runs as
# root. Prints 0 if anything was there, else the RIGHT count: AC under the judge's sandbox.
import os
import sys

board = sys.stdin.read().split()
here = os.path.dirname(os.path.abspath(__file__))
found = []
for path in ["/etc/passwd", "/etc/shadow", "/root/.ssh", "/home", "/var", "/sys/fs/cgroup"]:
    # A folder on the way to this file's copy (a learner's file under /home) is there to hold that
    # way: the walk below checks that it holds nothing else.
    if os.path.exists(path) and not here.startswith(path + "/"):
        found.append(path)
# The copy of this file sits at its own path; every folder on the way holds that way alone.
child = os.path.basename(__file__)
folder = here
while True:
    entries = sorted(os.listdir(folder))
    if folder == "/":
        # The system folders, the judge's own (/box) and the interpreter's installation.
        system = {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "dev", "proc", "tmp", "box"}
        system.add(sys.prefix.split("/")[1])
        extra = [entry for entry in entries if entry not in system and entry != child]
        if extra:
            found.append("/: " + " ".join(extra))
        break
    if entries != [child]:
        found.append(folder + ": " + " ".join(entries))
    child = os.path.basename(folder)
    folder = os.path.dirname(folder)
source = os.path.abspath(__file__)
tmp = [entry for entry in os.listdir("/tmp") if not source.startswith("/tmp/" + entry)]
if tmp:
    found.append("/tmp: " + " ".join(tmp))
if os.getuid() == 0 or os.geteuid() == 0:
    found.append("runs as root")
for item in found:
    print("seen:", item, file=sys.stderr)


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


print(0 if found else count(board))
