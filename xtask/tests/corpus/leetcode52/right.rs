// LeetCode 52 N-Queens II as pasted into LeetCode's editor: only the impl block, no struct.
// Bitmask counting. Expected verdict: AC for 1 <= n <= 9.
impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        fn count(full: u32, cols: u32, left: u32, right: u32) -> i32 {
            if cols == full {
                return 1;
            }
            let mut free = full & !(cols | left | right);
            let mut ways = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                ways += count(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
            }
            ways
        }
        count((1u32 << n) - 1, 0, 0, 0)
    }
}
