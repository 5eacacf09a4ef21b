# AOJ ALDS1_13_A, WRONG: reads each placed queen as column then row, the reverse of the statement's
# `r c`, and prints the board it completes to. Right only where a placement reads the same either
# way (all eight queens of a solution symmetric about its main diagonal); wrong on the sample.
# Expected verdict: WA.
import sys

numbers = list(map(int, sys.stdin.read().split()))
fixed = {numbers[2 + 2 * i]: numbers[1 + 2 * i] for i in range(numbers[0])}
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
