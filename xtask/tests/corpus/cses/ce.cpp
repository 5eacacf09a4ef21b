// CSES 1624: does NOT compile -- a type error on line 7 (a std::string used to initialise
// an int). Expected verdict: CE, the compiler's error on line 7 of this file.
#include <iostream>
#include <string>

static std::string board[8];
static int placed = std::string("none");

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
    std::cout << place(0, 0, 0, 0) + placed << "\n";
    return 0;
}
