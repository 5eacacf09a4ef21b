// CSES 1624 with <bits/stdc++.h> included after another header: the judge's precompiled header
// cannot be used there (GCC takes one only as the first include), so the header itself is read.
// AC.
#include <iostream>
#include <bits/stdc++.h>
using namespace std;

int main() {
    vector<string> board(8);
    for (auto& row : board) cin >> row;
    int ways = 0;
    array<int, 8> queen{};
    auto safe = [&](int row, int col) {
        if (board[row][col] == '*') return false;
        for (int above = 0; above < row; above++) {
            int other = queen[above];
            if (other == col || abs(other - col) == row - above) return false;
        }
        return true;
    };
    function<void(int)> place = [&](int row) {
        if (row == 8) {
            ways++;
            return;
        }
        for (int col = 0; col < 8; col++) {
            if (!safe(row, col)) continue;
            queen[row] = col;
            place(row + 1);
        }
    };
    place(0);
    cout << ways << endl;
}
