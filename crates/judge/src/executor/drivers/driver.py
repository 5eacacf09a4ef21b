# The judge's LeetCode driver: runs a Solution class as LeetCode's Python 3 does.
import itertools, os, sys
path, problem = sys.argv[1], sys.argv[2]
namespace = {"__name__": "solution", "__file__": path}
exec(
    "from typing import *\n"
    "import collections, math, itertools, functools, heapq, bisect, string, re, random, operator\n"
    "from collections import *\nfrom math import *\nfrom itertools import *\n"
    "from functools import *\nfrom heapq import *\nfrom bisect import *\n",
    namespace,
)
with open(path, encoding="utf-8") as source:
    code = compile(source.read(), path, "exec")
exec(code, namespace)
n = int(sys.stdin.read())
solution = namespace["Solution"]()
def method(*names):
    for name in names:
        if hasattr(solution, name):
            return getattr(solution, name)
    raise AttributeError("Solution has no " + " or ".join(names))
def boards_text(boards):
    """Each board as its number of rows, then its rows, a line each. Boards of plain rows (strings
    without line breaks) are written at C speed, so that the driver's own work stays small beside
    the solution's; otherwise row by row, each row's breaks escaped so that it stays one line."""
    sizes = list(map(len, boards))
    try:
        blocks = list(map("\n".join, boards))
    except TypeError:
        blocks = None
    # A board of k rows joined has k - 1 breaks, more only when a row holds one.
    plain = (
        blocks is not None
        and sizes
        and 0 not in sizes
        and sum(map(str.count, blocks, itertools.repeat("\n"))) == sum(sizes) - len(sizes)
        and not any(map(str.__contains__, blocks, itertools.repeat("\r")))
    )
    if plain:
        return "\n".join(itertools.chain.from_iterable(zip(map(str, sizes), blocks))) + "\n"
    lines = []
    for board in boards:
        lines.append(str(len(board)) + "\n")
        lines.extend(str(row).replace("\n", "\\n").replace("\r", "\\r") + "\n" for row in board)
    return "".join(lines)
if problem == "51":
    boards = method("solveNQueens", "solve_n_queens")(n)
    answer = str(len(boards)) + "\n" + boards_text(boards)
else:
    answer = str(method("totalNQueens", "total_n_queens")(n)) + "\n"
sys.stdout.flush()
with os.fdopen(3, "w") as channel:
    channel.write(answer)
