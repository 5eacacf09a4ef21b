# CSES 1624: raises -- an off-by-one reads row 8 of an 8-row board at module level, so the
# traceback is short: IndexError on line 8 of this file. Expected verdict: RE, the detail
# naming "Traceback", "IndexError" and crash.py.
import sys

board = sys.stdin.read().split()
free_squares = 0
last_row = board[8]
print(free_squares + len(last_row))
