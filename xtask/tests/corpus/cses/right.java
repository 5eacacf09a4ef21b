// CSES 1624 Chessboard and Queens: a right whole Java program whose public class is Queens,
// in a file named right.java (the judge compiles it under its class's name). Backtracking with
// boolean arrays of the taken columns and diagonals. Expected verdict: AC on every 8 x 8 board.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Queens {
    static char[][] board = new char[8][];
    static boolean[] usedCol = new boolean[8], usedSum = new boolean[15], usedDiff = new boolean[15];

    static int place(int row) {
        if (row == 8) return 1;
        int ways = 0;
        for (int col = 0; col < 8; col++) {
            if (board[row][col] == '*' || usedCol[col] || usedSum[row + col] || usedDiff[row - col + 7]) continue;
            usedCol[col] = usedSum[row + col] = usedDiff[row - col + 7] = true;
            ways += place(row + 1);
            usedCol[col] = usedSum[row + col] = usedDiff[row - col + 7] = false;
        }
        return ways;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (int row = 0; row < 8; row++) board[row] = in.readLine().trim().toCharArray();
        System.out.println(place(0));
    }
}
