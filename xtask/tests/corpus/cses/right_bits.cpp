// CSES 1624 as competitive programmers write it: <bits/stdc++.h>, the whole standard library in
// one include (the judge keeps it precompiled), fast streams, a recursive lambda. AC.
#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    vector<string> board(8);
    for (auto& row : board) cin >> row;
    array<bool, 8> column{};
    array<bool, 15> rising{}, falling{};
    function<long long(int)> place = [&](int row) -> long long {
        if (row == 8) return 1;
        long long ways = 0;
        for (int col = 0; col < 8; col++) {
            if (board[row][col] == '*' || column[col] || rising[row + col] || falling[row - col + 7]) continue;
            column[col] = rising[row + col] = falling[row - col + 7] = true;
            ways += place(row + 1);
            column[col] = rising[row + col] = falling[row - col + 7] = false;
        }
        return ways;
    };
    cout << place(0) << "\n";
}
