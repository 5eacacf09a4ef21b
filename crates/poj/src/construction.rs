//! POJ 3239 by the classical explicit construction: one placement for every n but 2 and 3,
//! written down without any search, in O(n) time and memory.
//!
//! Why it works, with m = n / 2 for even n: the queens of columns 1..=m take the even rows
//! (column i in row 2i), those of columns m+1..=n the odd rows (column m+j in row 2j-1). Within
//! each half both `row - column` and `row + column` grow with the column, so no two meet there.
//! An even queen (i, 2i) and an odd one (m+j, 2j-1) share a diagonal only when 3(i - j) = m - 1,
//! so only when n mod 6 == 2. For odd n the even board of side n - 1 is laid out and the last
//! queen goes to the corner (n, n): its `\` diagonal is empty, the even half lying above it and
//! the odd half below, and its `/` diagonal holds no other square; so odd n fails only when
//! n - 1 mod 6 == 2, that is when n mod 6 == 3.
//! Those two cases reorder the lists so that the clashing pairs move apart:
//! - n mod 6 == 2: the evens as they are, then the odds as 3, 1, 7, 9, ..., n - 1, 5 (1 and 3
//!   swapped, 5 moved to the end);
//! - n mod 6 == 3: the evens as 4, 6, ..., n - 1, 2 (2 moved to the end), then the odds as
//!   5, 7, ..., n, 1, 3 (1 and 3 moved to the end).
//!
//! n = 8 gives `2 4 6 8 3 1 7 5`. The tests check every n up to 2000 against the checker; n = 2
//! and n = 3 have no placement at all, and n = 0 the empty one.

/// One placement of n queens: the 1-based row of each column's queen, left to right, or `None`
/// for n = 2 and n = 3, where there is none.
pub fn place(n: usize) -> Option<Vec<usize>> {
    if n == 2 || n == 3 {
        return None;
    }
    let evens = (2..=n).step_by(2);
    let odds = (1..=n).step_by(2);
    let rows: Vec<usize> = match n % 6 {
        2 => {
            // n >= 8 here, so 1, 3 and 5 are all on the board.
            let later_odds = (7..=n).step_by(2);
            evens.chain([3, 1]).chain(later_odds).chain([5]).collect()
        }
        3 => {
            // n >= 9 here, so 2, 4, 1, 3 and 5 are all on the board.
            let later_evens = (4..=n).step_by(2);
            let later_odds = (5..=n).step_by(2);
            later_evens.chain([2]).chain(later_odds).chain([1, 3]).collect()
        }
        _ => evens.chain(odds).collect(),
    };
    Some(rows)
}
