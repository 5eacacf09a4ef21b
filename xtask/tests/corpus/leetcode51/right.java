// LeetCode 51 N-Queens as pasted into LeetCode's editor: the class only, no import lines (it
// uses List, ArrayList and HashSet; LeetCode's prelude imports java.util). Backtracking with
// sets of the taken columns and diagonals. Expected verdict: AC for 1 <= n <= 9.
class Solution {
    private final List<List<String>> boards = new ArrayList<>();
    private final Set<Integer> cols = new HashSet<>(), sums = new HashSet<>(), diffs = new HashSet<>();

    public List<List<String>> solveNQueens(int n) {
        char[][] board = new char[n][n];
        for (char[] row : board) Arrays.fill(row, '.');
        place(0, n, board);
        return boards;
    }

    private void place(int row, int n, char[][] board) {
        if (row == n) {
            List<String> rows = new ArrayList<>();
            for (char[] r : board) rows.add(new String(r));
            boards.add(rows);
            return;
        }
        for (int col = 0; col < n; col++) {
            if (cols.contains(col) || sums.contains(row + col) || diffs.contains(row - col)) continue;
            cols.add(col);
            sums.add(row + col);
            diffs.add(row - col);
            board[row][col] = 'Q';
            place(row + 1, n, board);
            board[row][col] = '.';
            cols.remove(col);
            sums.remove(row + col);
            diffs.remove(row - col);
        }
    }
}
