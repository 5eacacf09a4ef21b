# AOJ ALDS1_13_A, right but SLOW: tries every set of 8 of the 64 squares (4.4 billion), keeping
# the first that holds the placed queens with no two attacking. Expected verdict: TLE.
import itertools
import sys

numbers = list(map(int, sys.stdin.read().split()))
placed = {(numbers[1 + 2 * i], numbers[2 + 2 * i]) for i in range(numbers[0])}


def apart(squares):
    rows = {r for r, _ in squares}
    cols = {c for _, c in squares}
    return len(rows) == 8 and len(cols) == 8 and len({r + c for r, c in squares}) == 8 and len({r - c for r, c in squares}) == 8


for squares in itertools.combinations([(r, c) for r in range(8) for c in range(8)], 8):
    chosen = set(squares)
    if placed <= chosen and apart(chosen):
        rows = dict(chosen)
        print("\n".join("".join("Q" if rows[r] == c else "." for c in range(8)) for r in range(8)))
        break
