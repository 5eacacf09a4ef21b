// CSES 1624: does NOT compile -- line 12 stores a String (the row read) in an int. Its public
// class is Main, in a file named ce.java. Expected verdict: CE, javac's "incompatible types"
// error on line 12 of this file.
import java.util.Scanner;

public class Main {
    static char[][] board = new char[8][];

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        for (int row = 0; row < 8; row++) {
            int line = in.next();
            board[row] = line.toCharArray();
        }
        System.out.println(place(0, 0, 0, 0));
    }

    static int place(int row, int cols, int sums, int diffs) {
        if (row == 8) return 1;
        int ways = 0;
        for (int col = 0; col < 8; col++) {
            int c = 1 << col, s = 1 << (row + col), d = 1 << (row - col + 7);
            if (board[row][col] == '*' || (cols & c) != 0 || (sums & s) != 0 || (diffs & d) != 0) continue;
            ways += place(row + 1, cols | c, sums | s, diffs | d);
        }
        return ways;
    }
}
