# UVa 11195, right but SLOW: tries every order of the columns, one a row (n! of them, 40 million
# for n = 11), and checks each. Expected verdict: TLE on the 11 x 11 boards, AC on the small ones.
import itertools
import sys


def count(rows):
    n = len(rows)
    ways = 0
    for columns in itertools.permutations(range(n)):
        if any(rows[r][c] == "*" for r, c in enumerate(columns)):
            continue
        if len({r + c for r, c in enumerate(columns)}) == n and len({r - c for r, c in enumerate(columns)}) == n:
            ways += 1
    return ways


tokens = sys.stdin.read().split()
at, case = 0, 0
while at < len(tokens) and tokens[at] != "0":
    n = int(tokens[at])
    case += 1
    print(f"Case {case}: {count(tokens[at + 1 : at + 1 + n])}")
    at += 1 + n
