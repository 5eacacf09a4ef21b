// CSES 1624: right answer, far too slow -- tries every set of 8 of the 64 squares, C(64, 8) =
// 4.4 billion of them, and checks each in full, whatever the board: tens of seconds of CPU
// time where the limit is 1 s. Expected verdict: TLE (by CPU time).
#include <stdio.h>
#include <stdlib.h>

static char board[8][9];

static int attack(int a, int b) {
    int ra = a / 8, ca = a % 8, rb = b / 8, cb = b % 8;
    return ra == rb || ca == cb || abs(ra - rb) == abs(ca - cb);
}

static int valid(const int *sq) {
    for (int i = 0; i < 8; i++) {
        if (board[sq[i] / 8][sq[i] % 8] == '*') return 0;
        for (int j = i + 1; j < 8; j++)
            if (attack(sq[i], sq[j])) return 0;
    }
    return 1;
}

int main(void) {
    for (int row = 0; row < 8; row++)
        if (scanf("%8s", board[row]) != 1) return 1;
    int sq[8];
    long long ways = 0;
    for (sq[0] = 0; sq[0] < 64; sq[0]++)
    for (sq[1] = sq[0] + 1; sq[1] < 64; sq[1]++)
    for (sq[2] = sq[1] + 1; sq[2] < 64; sq[2]++)
    for (sq[3] = sq[2] + 1; sq[3] < 64; sq[3]++)
    for (sq[4] = sq[3] + 1; sq[4] < 64; sq[4]++)
    for (sq[5] = sq[4] + 1; sq[5] < 64; sq[5]++)
    for (sq[6] = sq[5] + 1; sq[6] < 64; sq[6]++)
    for (sq[7] = sq[6] + 1; sq[7] < 64; sq[7]++)
        ways += valid(sq);
    printf("%lld\n", ways);
    return 0;
}
