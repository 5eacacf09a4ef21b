# The judge's LeetCode driver: runs a Solution class as LeetCode's Python 3 does, every test of a
# submission in one process (the session protocol: "R" once loaded, then a line with n in, a frame
# out, per test). What the file's module globals and class attributes hold before a test, where it
# differs from what they held once loaded, goes with the test's answer: a fresh process would not
# have it.
import collections, itertools, os, sys, types
path, problem = sys.argv[1], sys.argv[2]
namespace = {"__name__": "solution", "__file__": path}
exec(
    "from typing import *\n"
    "import collections, math, itertools, functools, heapq, bisect, string, re, random, operator\n"
    "from collections import *\nfrom math import *\nfrom itertools import *\n"
    "from functools import *\nfrom heapq import *\nfrom bisect import *\n",
    namespace,
)
prelude = dict(namespace)
with open(path, encoding="utf-8") as source:
    code = compile(source.read(), path, "exec")
exec(code, namespace)
SCALARS = (int, float, complex, str, bytes, type(None))
CONTAINERS = (list, dict, set, frozenset, tuple, collections.deque, bytearray)
NOT_STATE = (
    types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
    staticmethod, classmethod, property,
)
def file_classes():
    """The classes the file defined, nested ones too, with the names people give them."""
    found, pending = [], [value for value in namespace.values() if isinstance(value, type)]
    while pending:
        cls = pending.pop(0)
        if cls.__module__ == namespace["__name__"] and cls not in found:
            found.append(cls)
            pending.extend(value for value in vars(cls).values() if isinstance(value, type))
    return found
def state():
    """Each piece of state the file owns, by name: its module globals (a prelude name counts only
    once the file binds it to something else), then its classes' attributes."""
    places = {}
    for name, value in namespace.items():
        if name.startswith("__") or isinstance(value, NOT_STATE):
            continue
        if name in prelude and prelude[name] is value:
            continue
        places[name] = value
    for cls in file_classes():
        for name, value in vars(cls).items():
            if not (name.startswith("__") and name.endswith("__")) and not isinstance(value, NOT_STATE):
                places[cls.__qualname__ + "." + name] = value
    return places
def fingerprint(value):
    """Scalars by value; containers by identity and size; anything else by identity."""
    if isinstance(value, SCALARS):
        return ("value", type(value), value)
    if isinstance(value, CONTAINERS):
        return ("container", value, len(value))
    return ("object", value)
def same(first, second):
    if first[0] != second[0] or first[1] is not second[1]:
        return False
    if first[0] == "value":
        # NaN is no different from itself.
        return first[2] == second[2] or (first[2] != first[2] and second[2] != second[2])
    return first[2:] == second[2:]
def described(value):
    if isinstance(value, SCALARS):
        try:
            text = repr(value)
        except ValueError:  # an int past Python's limit on the digits it converts
            text = "an int of " + str(value.bit_length()) + " bits"
        return text if len(text) <= 40 else text[:37] + "..."
    kind = type(value).__name__
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    if isinstance(value, CONTAINERS):
        size = len(value)
        unit = ("entry", "entries") if isinstance(value, dict) else ("item", "items")
        return article + " " + kind + " of " + str(size) + " " + unit[size != 1]
    return article + " " + kind
baseline = {name: fingerprint(value) for name, value in state().items()}
def changes():
    lines = []
    for name, value in state().items():
        if name not in baseline or not same(baseline[name], fingerprint(value)):
            lines.append(name + "\t" + described(value) + "\n")
    return "".join(lines)
def method(solution, *names):
    for name in names:
        if hasattr(solution, name):
            return getattr(solution, name)
    raise AttributeError("Solution has no " + " or ".join(names))
def wrong_type(name, value, expects, where=""):
    """A return value LeetCode could not take, told in the learner's terms (what came back, what
    the problem expects), with no path or frame of this driver's: a runtime error."""
    kind = type(value).__name__
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    shown = article + " " + kind + " (" + described(value) + ")" if isinstance(value, SCALARS) else described(value)
    sys.stdout.flush()
    sys.stderr.write(name + " returned " + where + shown + "; LeetCode " + problem + " expects " + expects + "\n")
    sys.stderr.flush()
    os._exit(1)
BOARDS = "a list of boards, each a list of strings (List[List[str]])"
def checked_boards(boards):
    if not isinstance(boards, (list, tuple)):
        wrong_type("solveNQueens", boards, BOARDS)
    for at, board in enumerate(boards):
        if not isinstance(board, (list, tuple)):
            wrong_type("solveNQueens", board, BOARDS, "a list whose board " + str(at + 1) + " is ")
        for row in board:
            if not isinstance(row, str):
                wrong_type("solveNQueens", row, BOARDS, "a list whose board " + str(at + 1) + " has a row that is ")
    return boards
def checked_count(count):
    if isinstance(count, bool) or not isinstance(count, int):
        wrong_type("totalNQueens", count, "an int")
    return count
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
channel = os.fdopen(3, "wb")
channel.write(b"R\n")
channel.flush()
while True:
    line = sys.stdin.readline()
    if not line:
        break
    n = int(line)
    solution = namespace["Solution"]()
    # After the constructor, which may reset what it finds: what the call starts with.
    carried = changes().encode("utf-8")
    if problem == "51":
        boards = checked_boards(method(solution, "solveNQueens", "solve_n_queens")(n))
        answer = str(len(boards)) + "\n" + boards_text(boards)
    else:
        answer = str(checked_count(method(solution, "totalNQueens", "total_n_queens")(n))) + "\n"
    answer = answer.encode("utf-8")
    sys.stdout.flush()
    channel.write(b"A %d %d\n" % (len(answer), len(carried)))
    channel.write(answer)
    channel.write(carried)
    channel.flush()
channel.close()
