// AOJ ALDS1_13_A "8 Queens Problem": the placed queens' rows are fixed, the others searched row
// by row; AOJ runs the class Main. Expected verdict: AC.
import java.util.Arrays;
import java.util.Scanner;

public class Main {
    static final int N = 8;
    static int[] fixed = new int[N];
    static int[] columnOf = new int[N];
    static boolean[] column = new boolean[N];
    static boolean[] rising = new boolean[2 * N];
    static boolean[] falling = new boolean[2 * N];

    static boolean place(int row) {
        if (row == N) return true;
        for (int c = 0; c < N; c++) {
            if (fixed[row] >= 0 && fixed[row] != c) continue;
            if (column[c] || rising[row + c] || falling[row - c + N - 1]) continue;
            column[c] = rising[row + c] = falling[row - c + N - 1] = true;
            columnOf[row] = c;
            if (place(row + 1)) return true;
            column[c] = rising[row + c] = falling[row - c + N - 1] = false;
        }
        return false;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        Arrays.fill(fixed, -1);
        int k = in.nextInt();
        for (int i = 0; i < k; i++) {
            int r = in.nextInt();
            fixed[r] = in.nextInt();
        }
        place(0);
        StringBuilder out = new StringBuilder();
        for (int row = 0; row < N; row++) {
            for (int c = 0; c < N; c++) out.append(columnOf[row] == c ? 'Q' : '.');
            out.append('\n');
        }
        System.out.print(out);
    }
}
