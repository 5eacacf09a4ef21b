// HOSTILE (network), CSES 1624 whole program: tries TCP connections to 127.0.0.1:80 and to
// 1.1.1.1:53 (each non-blocking, given 300 ms), and then answers:
//   - no connection was made (socket() refused, or connect() failed or timed out): prints the
//     RIGHT count -> AC. A sandbox with no network (an empty network namespace, or seccomp
//     refusing socket()) always gives this.
//   - either connection was made: prints 0 -> WA, meaning the run could reach the network.
// Expected verdict under the judge's sandbox: AC. Caveat: on a machine with no route out and
// nothing listening on port 80 it is AC even unsandboxed, so AC alone does not prove a sandbox;
// WA proves its absence. (A sandbox that kills the process on socket() gives RE instead.)
#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <iostream>
#include <netinet/in.h>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

static bool connects(const char *ip, int port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return false;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, ip, &address.sin_addr) != 1) {
        close(fd);
        return false;
    }
    bool connected = false;
    if (connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0) {
        connected = true;
    } else if (errno == EINPROGRESS) {
        pollfd wait_for{fd, POLLOUT, 0};
        if (poll(&wait_for, 1, 300) == 1) {
            int error = 0;
            socklen_t length = sizeof error;
            connected = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0;
        }
    }
    close(fd);
    return connected;
}

static std::string board[8];

static long long place(int row, int cols, int sums, int diffs) {
    if (row == 8) return 1;
    long long ways = 0;
    for (int col = 0; col < 8; ++col) {
        int c = 1 << col, s = 1 << (row + col), d = 1 << (row - col + 7);
        if (board[row][col] == '*' || (cols & c) || (sums & s) || (diffs & d)) continue;
        ways += place(row + 1, cols | c, sums | s, diffs | d);
    }
    return ways;
}

int main() {
    for (auto &row : board) std::cin >> row;
    bool reached = connects("127.0.0.1", 80);
    reached = connects("1.1.1.1", 53) || reached;
    std::cout << (reached ? 0 : place(0, 0, 0, 0)) << "\n";
    return 0;
}
