# HOSTILE (cgroups), CSES 1624 whole program: tries to leave the cgroups the judge put it in, by
# writing its pid into cgroup.procs of every folder above its own group (and the hierarchy's root),
# under each controller /proc/self/cgroup names. A judge run as root once let an unsandboxed run do
# it: its files are the judge's, and 1.8 GB held outside the group was AC with a 1 MB peak. Prints
# the RIGHT count only if every write failed, else 0 (WA) and where it went on stderr.
import os
import sys

board = sys.stdin.read().split()
moved = []
try:
    with open("/proc/self/cgroup") as groups:
        lines = groups.read().splitlines()
except OSError:
    lines = []
for line in lines:
    _, controllers, path = line.split(":", 2)
    base = "/sys/fs/cgroup" if controllers == "" else "/sys/fs/cgroup/" + controllers.split(",")[0].replace("name=", "")
    parts = [part for part in path.split("/") if part]
    for depth in range(len(parts) - 1, -1, -1):
        target = os.path.join(base, *parts[:depth], "cgroup.procs")
        try:
            with open(target, "w") as procs:
                procs.write(str(os.getpid()))
            moved.append(target)
        except OSError:
            pass
for target in moved:
    print("moved into " + target, file=sys.stderr)


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


print(0 if moved else count(board))
