// POJ 3239 as a learner's IDE leaves it: the right program of right.java, class Main, but still
// in the package its project put it in. This judge runs it (AC); POJ runs `java Main` from the
// default package and would most likely refuse it: a note says so, and to remove the line.
package poj.queens;

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
