# UVa 11195 "Another n-Queen Problem": for each board, the placements of n queens on its free
# squares (bad squares block no attack), row by row with bit sets. Expected verdict: AC.
import sys


def count(rows):
    n = len(rows)
    full = (1 << n) - 1
    free = [sum(1 << c for c, square in enumerate(row) if square == ".") for row in rows]

    def place(row, columns, rising, falling):
        if row == n:
            return 1
        ways = 0
        open_ = free[row] & ~(columns | rising | falling) & full
        while open_:
            bit = open_ & -open_
            open_ -= bit
            ways += place(row + 1, columns | bit, ((rising | bit) << 1) & full, (falling | bit) >> 1)
        return ways

    return place(0, 0, 0, 0)


def main():
    tokens = sys.stdin.read().split()
    at, case, out = 0, 0, []
    while at < len(tokens):
        n = int(tokens[at])
        if n == 0:
            break
        rows = tokens[at + 1 : at + 1 + n]
        at += 1 + n
        case += 1
        out.append(f"Case {case}: {count(rows)}")
    print("\n".join(out))


main()
