// LeetCode 51 N-Queens: WRONG -- checks the columns and the "\" diagonals (row - col) but
// forgets the "/" ones (row + col), so its boards include queens attacking along those.
// Expected verdict: WA for n = 2..9 (for n = 2 it returns ".Q" / "Q."); n = 1 is right.
class Solution {
    public List<List<String>> solveNQueens(int n) {
        List<List<String>> boards = new ArrayList<>();
        int[] queens = new int[n];
        boolean[] cols = new boolean[n], diffs = new boolean[2 * n];
        place(0, n, queens, cols, diffs, boards);
        return boards;
    }

    private void place(int row, int n, int[] queens, boolean[] cols, boolean[] diffs, List<List<String>> boards) {
        if (row == n) {
            List<String> board = new ArrayList<>();
            for (int q : queens) {
                char[] line = new char[n];
                Arrays.fill(line, '.');
                line[q] = 'Q';
                board.add(new String(line));
            }
            boards.add(board);
            return;
        }
        for (int col = 0; col < n; col++) {
            if (cols[col] || diffs[row - col + n]) continue;
            cols[col] = diffs[row - col + n] = true;
            queens[row] = col;
            place(row + 1, n, queens, cols, diffs, boards);
            cols[col] = diffs[row - col + n] = false;
        }
    }
}
