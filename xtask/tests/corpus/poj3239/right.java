// POJ 3239 Solution to the n Queens Puzzle: a right whole Java program (POJ wants the class Main),
// the explicit construction (even rows, then odd rows, adjusted when n % 6 is 2 or 3).
// Expected verdict: AC.
import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        StringBuilder out = new StringBuilder();
        while (in.hasNextInt()) {
            int n = in.nextInt();
            if (n == 0) break;
            int[] rows = new int[n];
            int k = 0;
            if (n % 6 == 2) {
                for (int i = 2; i <= n; i += 2) rows[k++] = i;
                rows[k++] = 3;
                rows[k++] = 1;
                for (int i = 7; i <= n; i += 2) rows[k++] = i;
                rows[k++] = 5;
            } else if (n % 6 == 3) {
                for (int i = 4; i <= n; i += 2) rows[k++] = i;
                rows[k++] = 2;
                for (int i = 5; i <= n; i += 2) rows[k++] = i;
                rows[k++] = 1;
                rows[k++] = 3;
            } else {
                for (int i = 2; i <= n; i += 2) rows[k++] = i;
                for (int i = 1; i <= n; i += 2) rows[k++] = i;
            }
            for (int i = 0; i < n; i++) {
                if (i > 0) out.append(' ');
                out.append(rows[i]);
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}
