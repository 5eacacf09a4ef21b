# HOSTILE (processes), CSES 1624 whole program: starts a daemon the usual way (fork, setsid, fork
# again, its standard streams on /dev/null), names it qj-daemon-sid and lets it sleep 30 s, then
# prints the RIGHT count and ends.
# Without a cgroup (a non-root user on cgroup v1, or QUEENS_JUDGE_CGROUPS=off) and without the
# sandbox, a daemon in a session of its own once outlived the judge. A run is one process: its
# first fork kills it, RE, and no process named qj-daemon-sid may be left once the verdict is in.
import os
import sys
import time

board = sys.stdin.read().split()


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


if os.fork() == 0:
    try:
        os.setsid()
    except OSError:
        pass
    if os.fork() == 0:
        try:
            with open("/proc/self/comm", "w") as comm:
                comm.write("qj-daemon-sid")
        except OSError:
            pass
        # Its standard streams on /dev/null, as a daemon's are: nothing of the run's holds it.
        null = os.open("/dev/null", os.O_RDWR)
        for stream in (0, 1, 2):
            os.dup2(null, stream)
        time.sleep(30)
    os._exit(0)
print(count(board), flush=True)
