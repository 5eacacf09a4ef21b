// UVa 11195 "Another n-Queen Problem": for each board, the placements of n queens on its free
// squares (bad squares block no attack), row by row with bit sets; UVa runs the class Main.
// Expected verdict: AC.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

public class Main {
    static int n;
    static int[] free;

    static long place(int row, int columns, int rising, int falling) {
        if (row == n) return 1;
        int full = (1 << n) - 1;
        int open = free[row] & ~(columns | rising | falling) & full;
        long ways = 0;
        while (open != 0) {
            int bit = open & -open;
            open -= bit;
            ways += place(row + 1, columns | bit, ((rising | bit) << 1) & full, (falling | bit) >> 1);
        }
        return ways;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder all = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) all.append(line).append(' ');
        StringTokenizer tokens = new StringTokenizer(all.toString());
        StringBuilder out = new StringBuilder();
        int caseNumber = 0;
        while (tokens.hasMoreTokens()) {
            n = Integer.parseInt(tokens.nextToken());
            if (n == 0) break;
            free = new int[n];
            for (int r = 0; r < n; r++) {
                String row = tokens.nextToken();
                for (int c = 0; c < n; c++) if (row.charAt(c) == '.') free[r] |= 1 << c;
            }
            out.append("Case ").append(++caseNumber).append(": ").append(place(0, 0, 0, 0)).append('\n');
        }
        System.out.print(out);
    }
}
