// CSES 1624 Chessboard and Queens with everything global: the board, the taken columns and
// diagonals, and the count, which the search increments and main prints. Never reset, and it
// needs no reset: CSES runs each test in a fresh process, so every run starts from zero.
// Expected verdict: AC on every 8 x 8 board.
#include <bits/stdc++.h>
using namespace std;

char board[8][9];
bool col_used[8], diag1[15], diag2[15];
int answer = 0;

void search(int row) {
    if (row == 8) {
        answer++;
        return;
    }
    for (int col = 0; col < 8; col++) {
        if (board[row][col] == '*') continue;
        if (col_used[col] || diag1[row + col] || diag2[row - col + 7]) continue;
        col_used[col] = diag1[row + col] = diag2[row - col + 7] = true;
        search(row + 1);
        col_used[col] = diag1[row + col] = diag2[row - col + 7] = false;
    }
}

int main() {
    for (int i = 0; i < 8; i++) cin >> board[i];
    search(0);
    cout << answer << endl;
    return 0;
}
