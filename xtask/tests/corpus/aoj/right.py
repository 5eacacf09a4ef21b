# AOJ ALDS1_13_A "8 Queens Problem": the placed queens' rows are fixed, the others searched row by
# row with sets of taken columns and diagonals. Expected verdict: AC.
import sys

numbers = list(map(int, sys.stdin.read().split()))
fixed = {numbers[1 + 2 * i]: numbers[2 + 2 * i] for i in range(numbers[0])}
chosen = []


def place(row, columns, rising, falling):
    if row == 8:
        return True
    for c in [fixed[row]] if row in fixed else range(8):
        if c in columns or row + c in rising or row - c in falling:
            continue
        chosen.append(c)
        if place(row + 1, columns | {c}, rising | {row + c}, falling | {row - c}):
            return True
        chosen.pop()
    return False


place(0, frozenset(), frozenset(), frozenset())
print("\n".join("".join("Q" if c == col else "." for c in range(8)) for col in chosen))
