# The judge's LeetCode driver: runs a Solution class as LeetCode's Python 3 does.
import sys, os
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
if problem == "51":
    boards = method("solveNQueens", "solve_n_queens")(n)
    lines = [str(len(boards))]
    for board in boards:
        lines.append(str(len(board)))
        lines.extend(str(row).replace("\n", "\\n").replace("\r", "\\r") for row in board)
    answer = "\n".join(lines) + "\n"
else:
    answer = str(method("totalNQueens", "total_n_queens")(n)) + "\n"
sys.stdout.flush()
with os.fdopen(3, "w") as channel:
    channel.write(answer)
