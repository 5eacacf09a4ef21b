# HOSTILE (kernel keys), CSES 1624 whole program: searches the session keyring it was given for a
# "user" key named queens-judge-secret (the tests start the judge in a session keyring holding
# one), and tries to leave a key of its own there. Prints 0 if it found the key, else the RIGHT
# count: AC under the judge's sandbox, which gives every run a session keyring of its own.
import ctypes
import sys

board = sys.stdin.read().split()
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
SYS_KEYCTL, SYS_ADD_KEY = 250, 248
KEYCTL_SEARCH, KEY_SPEC_SESSION_KEYRING = 10, -3
found = libc.syscall(SYS_KEYCTL, KEYCTL_SEARCH, KEY_SPEC_SESSION_KEYRING, b"user", b"queens-judge-secret", 0)
libc.syscall(SYS_ADD_KEY, b"user", b"queens-judge-planted", b"x", 1, KEY_SPEC_SESSION_KEYRING)
if found >= 0:
    print("found the judge's key", file=sys.stderr)


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



print(0 if found >= 0 else count(board))
