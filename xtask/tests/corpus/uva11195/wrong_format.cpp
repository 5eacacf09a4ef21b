// UVa 11195, WRONG: right counts, written `Case #1: 92` where the statement's sample writes
// `Case 1: 92`; UVa compares the output as it is. Expected verdict: WA.
#include <iostream>
#include <string>
#include <vector>

static long long place(const std::vector<std::string> &board, int row, unsigned columns, unsigned rising,
                       unsigned falling) {
    int n = board.size();
    if (row == n) return 1;
    long long ways = 0;
    for (int c = 0; c < n; ++c) {
        unsigned bit = 1u << c, up = 1u << (row + c), down = 1u << (row - c + n - 1);
        if (board[row][c] == '*' || (columns & bit) || (rising & up) || (falling & down)) continue;
        ways += place(board, row + 1, columns | bit, rising | up, falling | down);
    }
    return ways;
}

int main() {
    int n, case_number = 0;
    while (std::cin >> n && n != 0) {
        std::vector<std::string> board(n);
        for (auto &row : board) std::cin >> row;
        std::cout << "Case #" << ++case_number << ": " << place(board, 0, 0, 0, 0) << "\n";
    }
}
