// CSES 1624 with a memo that never forgets: it keeps a new 64 MB table for every row it tries,
// so the JVM's heap (sized to the 512 MB limit) runs out: java.lang.OutOfMemoryError. MLE.
import java.util.*;

public class Memory {
    public static void main(String[] args) {
        List<long[]> memo = new ArrayList<>();
        for (int row = 0; row < 1000; row++) {
            memo.add(new long[8 << 20]);
        }
        System.out.println(memo.size());
    }
}
