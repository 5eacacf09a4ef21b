# HOSTILE (network), CSES 1624 whole program: sends the board over UDP to 127.0.0.1:9 and over
# IPv6 to ::1, the way a file once handed its board to a helper listening there (Landlock's
# network rules cover TCP alone, so --no-sandbox let UDP through). Prints 0 if any datagram left,
# else the RIGHT count. No socket but AF_UNIX is made in any mode (outside the sandbox the filter
# refuses it; inside, the network is the sandbox's own and empty): AC.
import socket
import sys

board = sys.stdin.read().split()
sent = False
for family, address in ((socket.AF_INET, ("127.0.0.1", 9)), (socket.AF_INET6, ("::1", 9))):
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as udp:
            sent = udp.sendto("\n".join(board).encode(), address) > 0 or sent
    except OSError:
        pass


def count(board):
    cols, sums, diffs = set(), set(), set()

    def place(row):
        if row == 8:
            return 1
        ways = 0
        for col in range(8):
            if board[row][col] == "*" or col in cols or row + col in sums or row - col in diffs:
                continue
            cols.add(col), sums.add(row + col), diffs.add(row - col)
            ways += place(row + 1)
            cols.remove(col), sums.remove(row + col), diffs.remove(row - col)
        return ways

    return place(0)


print(0 if sent else count(board))
