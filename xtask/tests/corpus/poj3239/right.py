# POJ 3239 Solution to the n Queens Puzzle: a right whole Python program, the explicit
# construction (even rows, then odd rows, adjusted when n % 6 is 2 or 3). Expected verdict: AC.
import sys


def place(n):
    evens = list(range(2, n + 1, 2))
    odds = list(range(1, n + 1, 2))
    if n % 6 == 2:
        odds = [3, 1] + odds[3:] + [5]
    elif n % 6 == 3:
        evens = evens[1:] + [2]
        odds = odds[2:] + [1, 3]
    return evens + odds


out = []
for token in sys.stdin.read().split():
    n = int(token)
    if n == 0:
        break
    out.append(" ".join(map(str, place(n))))
print("\n".join(out))
