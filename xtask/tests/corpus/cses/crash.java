// CSES 1624: throws -- counting the free squares first, an off-by-one (`col <= 8`) reads column
// 8 of an 8-column row, in main itself, so the stack trace is two lines. Its public class is
// Crash, in a file named crash.java. Expected verdict: RE, the detail naming
// ArrayIndexOutOfBoundsException (line 15 of this file).
import java.util.Scanner;

public class Crash {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        char[][] board = new char[8][];
        for (int row = 0; row < 8; row++) board[row] = in.next().toCharArray();
        int free = 0;
        for (int row = 0; row < 8; row++)
            for (int col = 0; col <= 8; col++)
                if (board[row][col] == '.') free++;
        System.out.println(free);
    }
}
