// LeetCode 51 N-Queens: does NOT compile -- line 18 returns the list of boards from a method
// declared to return an int. Expected verdict: CE, javac's "incompatible types" error on line
// 18 of THIS file (not on a line of whatever the judge wraps it in: LeetCode's imports come first).
class Solution {
    public List<List<String>> solveNQueens(int n) {
        List<List<String>> boards = new ArrayList<>();
        char[][] board = new char[n][n];
        for (char[] row : board) Arrays.fill(row, '.');
        place(0, n, board, boards);
        return boards;
    }

    private int place(int row, int n, char[][] board, List<List<String>> boards) {
        if (row == n) {
            List<String> rows = new ArrayList<>();
            for (char[] r : board) rows.add(new String(r));
            boards.add(rows);
            return boards;
        }
        for (int col = 0; col < n; col++) {
            if (!safe(board, row, col, n)) continue;
            board[row][col] = 'Q';
            place(row + 1, n, board, boards);
            board[row][col] = '.';
        }
        return 0;
    }

    private boolean safe(char[][] board, int row, int col, int n) {
        for (int r = 0; r < row; r++) {
            int d = row - r;
            if (board[r][col] == 'Q') return false;
            if (col - d >= 0 && board[r][col - d] == 'Q') return false;
            if (col + d < n && board[r][col + d] == 'Q') return false;
        }
        return true;
    }
}
