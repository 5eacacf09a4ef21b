# HOSTILE (processes), CSES 1624 whole program: a fork bomb in Python. It names itself
# "qj-forkbomb-py" (prctl PR_SET_NAME through ctypes; children inherit the name) and forks
# without end; a process whose fork fails raises BlockingIOError and exits, the others go on.
# NEVER RUN IT OUTSIDE A SANDBOX THAT CAPS PROCESSES (a pids cgroup, or RLIMIT_NPROC for a
# non-root user -- root ignores RLIMIT_NPROC).
# Expected verdict: RE, a run being one process (its first fork kills it, SIGSYS); and after the
# verdict no process named "qj-forkbomb-py" may be left.
import ctypes
import os

try:
    ctypes.CDLL(None).prctl(15, b"qj-forkbomb-py", 0, 0, 0)  # 15 = PR_SET_NAME
except (OSError, AttributeError):
    pass
while True:
    os.fork()
