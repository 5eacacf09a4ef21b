//! Counting beyond one machine, the binary's side: the slice index a scheduler gives
//! (`--shard env/K`), the self-describing line a shard run prints, and `--sum`, which adds such
//! lines up and refuses any set that is not exactly the K slices of one board.
//!
//! A shard line is `slice I/K of board n=N fnv1a64=HASH slicing=fastest-CODE: COUNT`: slice I of
//! K, 1-based as `--shard I/K` takes it; the board's side; HASH, the FNV-1a 64-bit hash, as 16
//! lowercase hex digits, of the board's normalised text (its n rows of `.` and `*`, each ending
//! with `\n`, so CRLF line ends or a missing last newline leave it unchanged); CODE, 8 hex digits
//! of the same hash of `fastest.rs` as built in (without `\r`), since another version of the
//! counter may cut the search into other slices, which would not add up; and the slice's count.
//! FNV-1a is written out here rather than taken from std's `DefaultHasher`, whose output may
//! change between Rust versions: two machines, or two builds, must name the same board alike.
//!
//! `--sum` reads lines: a blank one (spaces, a `\r` alone) is skipped; any other line must be a
//! shard line, with spaces and a `\r` around it allowed. Anything else, a log line or an error
//! message a failed shard left in its output file among them, is refused with its file and line,
//! because a count added up past noise could be silently short. Memory is one entry per line
//! read, whatever K is; the check for missing slices walks the gaps between the slices seen.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt;
use std::io::BufRead;

/// The environment variables `--shard env/K` reads the 0-based slice index from: a Slurm job
/// array's task id (as `sbatch --array` gave it) and a Kubernetes Indexed Job's completion index.
pub const INDEX_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// The 0-based slice index for `--shard env/{shard_count}`, from whichever of [`INDEX_VARIABLES`]
/// is set (`variable` looks one up: `std::env::var_os` in the binary).
///
/// # Errors
/// One line when neither is set, when one is not a whole number below `shard_count`, or when both
/// are set and differ.
pub fn slice_index_from_environment(
    shard_count: usize,
    variable: impl Fn(&str) -> Option<OsString>,
) -> Result<usize, String> {
    let flag = format!("--shard env/{shard_count}");
    let mut found: Vec<(&str, usize)> = Vec::new();
    for name in INDEX_VARIABLES {
        let Some(value) = variable(name) else { continue };
        let text = value.to_string_lossy();
        let index = parse_whole_number(&text).filter(|&index| index < shard_count);
        let Some(index) = index else {
            let hint = if name == INDEX_VARIABLES[0] {
                format!("sbatch --array=0-{}", shard_count - 1)
            } else {
                format!("completions: {shard_count}")
            };
            return Err(format!(
                "{flag}: {name}={text:?} is not a slice index from 0 to {} ({hint})",
                shard_count - 1
            ));
        };
        found.push((name, index));
    }
    match found[..] {
        [] => Err(format!(
            "{flag}: neither {} nor {} is set (a Slurm job array or a Kubernetes Indexed Job sets one); \
             outside them give --shard I/K",
            INDEX_VARIABLES[0], INDEX_VARIABLES[1]
        )),
        [(_, index)] => Ok(index),
        [(first, first_index), (second, second_index)] if first_index != second_index => Err(format!(
            "{flag}: {first}={first_index} and {second}={second_index} disagree: unset the one that is not this job's"
        )),
        [(_, index), ..] => Ok(index),
    }
}

/// A whole number written in ASCII digits alone (no sign, no spaces), if it fits a `u64`.
pub(crate) fn parse_whole_number<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The FNV-1a 64-bit hash of `bytes` (Fowler, Noll and Vo; the offset basis and prime are the
/// published 64-bit ones).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.iter().fold(OFFSET_BASIS, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME))
}

/// A board as a shard line names it: its side and the hash of its normalised text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardId {
    pub n: usize,
    pub fnv1a64: u64,
}

impl BoardId {
    /// The id of the board `reserved[row][col]`, read as every counter reads it: n rows of n
    /// squares, a square missing from a short row free.
    pub fn of(reserved: &[Vec<bool>]) -> BoardId {
        let n = reserved.len();
        let mut text = Vec::with_capacity(n * (n + 1));
        for row in reserved {
            text.extend((0..n).map(|col| if row.get(col).copied().unwrap_or(false) { b'*' } else { b'.' }));
            text.push(b'\n');
        }
        BoardId { n, fnv1a64: fnv1a64(&text) }
    }
}

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n={} fnv1a64={:016x}", self.n, self.fnv1a64)
    }
}

/// The name of the code that cuts the search into slices, as shard lines carry it: the counter
/// and 8 hex digits of the FNV-1a hash of its file (`\r` left out, so that a checkout with CRLF
/// line ends names it alike). Any edit of the file changes it, so `--sum` may refuse slices that
/// would have added up; it never adds slices that do not.
pub fn slicing_of(counter: &str, source: &str) -> String {
    let source: Vec<u8> = source.bytes().filter(|&byte| byte != b'\r').collect();
    format!("{counter}-{:08x}", fnv1a64(&source) & 0xffff_ffff)
}

/// One shard's result: slice `slice` (1-based) of `slice_count` of `board`, cut by the code
/// `slicing` names, holds `count` placements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardLine {
    pub slice: usize,
    pub slice_count: usize,
    pub board: BoardId,
    pub slicing: String,
    pub count: u64,
}

impl fmt::Display for ShardLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "slice {}/{} of board {} slicing={}: {}",
            self.slice, self.slice_count, self.board, self.slicing, self.count
        )
    }
}

/// The form of a shard line, as error messages show it.
const FORM: &str = "slice I/K of board n=N fnv1a64=HASH slicing=NAME: COUNT";

/// At most this many characters of a refused line are quoted in the message.
const QUOTED_CHARACTERS: usize = 60;

impl ShardLine {
    /// Parses one line, already trimmed; the error says what is wrong, without the place.
    fn parse(line: &str) -> Result<ShardLine, String> {
        let not_a_shard_line = || {
            let quoted: String = line.chars().take(QUOTED_CHARACTERS).collect();
            let ellipsis = if line.chars().count() > QUOTED_CHARACTERS { "..." } else { "" };
            format!("not a shard line ({FORM}): {quoted:?}{ellipsis}")
        };
        let (head, count) = line.split_once(": ").ok_or_else(not_a_shard_line)?;
        let words: Vec<&str> = head.split(' ').collect();
        let ["slice", slice, "of", "board", n, hash, slicing] = words[..] else {
            return Err(not_a_shard_line());
        };
        let (slice, slice_count) = slice.split_once('/').ok_or_else(not_a_shard_line)?;
        let slice: usize = parse_whole_number(slice).ok_or_else(not_a_shard_line)?;
        let slice_count: usize = parse_whole_number(slice_count).ok_or_else(not_a_shard_line)?;
        let n: usize = n.strip_prefix("n=").and_then(parse_whole_number).ok_or_else(not_a_shard_line)?;
        let hash = hash.strip_prefix("fnv1a64=").ok_or_else(not_a_shard_line)?;
        if hash.len() != 16 || !hash.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return Err(not_a_shard_line());
        }
        let fnv1a64 = u64::from_str_radix(hash, 16).map_err(|_| not_a_shard_line())?;
        let slicing = slicing.strip_prefix("slicing=").ok_or_else(not_a_shard_line)?;
        let is_name_character = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_';
        if slicing.is_empty() || !slicing.bytes().all(is_name_character) {
            return Err(not_a_shard_line());
        }
        if count.is_empty() || !count.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(not_a_shard_line());
        }
        let count: u64 =
            count.parse().map_err(|_| format!("count {count} is over u64's largest, {}", u64::MAX))?;
        if slice == 0 || slice > slice_count {
            return Err(format!("slice {slice}/{slice_count} does not exist: expected 1 <= I <= K"));
        }
        Ok(ShardLine {
            slice,
            slice_count,
            board: BoardId { n, fnv1a64 },
            slicing: slicing.to_owned(),
            count,
        })
    }
}

/// Where a line was read: a file's name (`<stdin>` for `-`) and a 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Place {
    file: String,
    line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// At most this many runs of missing slices are listed; the rest are counted.
const LISTED_GAPS: usize = 12;

/// Adds up the shard lines of one input after another; [`Sum::total`] checks the whole.
#[derive(Debug, Default)]
pub struct Sum {
    /// The first shard line and where it was: every later one must match its K and its board.
    first: Option<(ShardLine, Place)>,
    /// Where each slice (1-based) was read.
    seen: BTreeMap<usize, Place>,
    total: u64,
    files: usize,
}

impl Sum {
    /// Reads every line of `input`, called `name` in messages.
    ///
    /// # Errors
    /// One line naming the file (and the line, for a bad one): unreadable input, a line that is
    /// not a shard line, a slice of another K or board than the first, a repeated slice, or a
    /// total past `u64::MAX`.
    pub fn add_input(&mut self, name: &str, mut input: impl BufRead) -> Result<(), String> {
        self.files += 1;
        let mut bytes = Vec::new();
        let mut line_number = 0;
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) => return Ok(()),
                Ok(_) => line_number += 1,
                Err(error) => return Err(format!("cannot read {name}: {error}")),
            }
            let text = String::from_utf8_lossy(&bytes);
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let place = Place { file: name.to_owned(), line: line_number };
            let shard = ShardLine::parse(text).map_err(|fault| format!("{place}: {fault}"))?;
            self.add(shard, place)?;
        }
    }

    fn add(&mut self, shard: ShardLine, place: Place) -> Result<(), String> {
        let (first, first_place) = self.first.get_or_insert_with(|| (shard.clone(), place.clone()));
        let name = format!("slice {}/{}", shard.slice, shard.slice_count);
        if shard.slice_count != first.slice_count {
            return Err(format!(
                "{place}: {name} is one of {} slices, but {first_place} has slice {}/{}, one of {}",
                shard.slice_count, first.slice, first.slice_count, first.slice_count
            ));
        }
        if shard.board != first.board {
            return Err(format!(
                "{place}: {name} is of board {}, but {first_place} is of board {}",
                shard.board, first.board
            ));
        }
        if shard.slicing != first.slicing {
            return Err(format!(
                "{place}: {name} was cut by {}, but {first_place} by {}: slices of different \
                 versions of cses need not add up; count them all with one",
                shard.slicing, first.slicing
            ));
        }
        if let Some(earlier) = self.seen.get(&shard.slice) {
            return Err(if *earlier == place {
                format!("{place}: {name} again: {} is given twice", place.file)
            } else {
                format!("{place}: {name} again, already read at {earlier}")
            });
        }
        self.total = self.total.checked_add(shard.count).ok_or_else(|| {
            format!("{place}: adding {name}'s count takes the total past u64's largest, {}", u64::MAX)
        })?;
        self.seen.insert(shard.slice, place);
        Ok(())
    }

    /// The total count, once every slice 1/K to K/K has been read exactly once.
    ///
    /// # Errors
    /// One line when no shard line was read, or listing the missing slices.
    pub fn total(&self) -> Result<u64, String> {
        let Some((first, _)) = &self.first else {
            return Err(if self.files == 1 {
                "no shard lines to add: the input holds none".to_owned()
            } else {
                format!("no shard lines to add: none of the {} inputs holds one", self.files)
            });
        };
        let slice_count = first.slice_count;
        // The runs of missing slices, from the gaps between the slices seen.
        let mut gaps: Vec<(usize, usize)> = Vec::new();
        let mut next = 1;
        for &slice in self.seen.keys().chain(std::iter::once(&(slice_count + 1))) {
            if slice > next {
                gaps.push((next, slice - 1));
            }
            next = slice + 1;
        }
        if gaps.is_empty() {
            return Ok(self.total);
        }
        let mut listed: Vec<String> = gaps
            .iter()
            .take(LISTED_GAPS)
            .map(|&(from, to)| match to - from {
                0 => format!("{from}/{slice_count}"),
                1 => format!("{from}/{slice_count}, {to}/{slice_count}"),
                _ => format!("{from}/{slice_count} to {to}/{slice_count}"),
            })
            .collect();
        if gaps.len() > LISTED_GAPS {
            listed.push(format!("and {} more runs", gaps.len() - LISTED_GAPS));
        }
        let missing: usize = gaps.iter().map(|&(from, to)| to - from + 1).sum();
        let noun = if missing == 1 { "slice" } else { "slices" };
        Err(format!("missing {noun} {} ({} of {slice_count} read)", listed.join(", "), slice_count - missing))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_gives_the_published_test_vectors() {
        // From the FNV authors' test suite (Landon Curt Noll, "FNV-1a 64 bit" vectors).
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn a_shard_line_reads_back_as_itself() {
        let shard = ShardLine {
            slice: 3,
            slice_count: 8,
            board: BoardId { n: 18, fnv1a64: 0x0123 },
            slicing: "fastest-0badcafe".to_owned(),
            count: 42,
        };
        let text = shard.to_string();
        assert_eq!(text, "slice 3/8 of board n=18 fnv1a64=0000000000000123 slicing=fastest-0badcafe: 42");
        assert_eq!(ShardLine::parse(&text), Ok(shard));
    }

    #[test]
    fn the_index_variables_are_read_as_documented() {
        let both = |slurm: &str, kubernetes: &str| {
            let (slurm, kubernetes) = (slurm.to_owned(), kubernetes.to_owned());
            move |name: &str| match name {
                "SLURM_ARRAY_TASK_ID" if !slurm.is_empty() => Some(OsString::from(&slurm)),
                "JOB_COMPLETION_INDEX" if !kubernetes.is_empty() => Some(OsString::from(&kubernetes)),
                _ => None,
            }
        };
        assert_eq!(slice_index_from_environment(8, both("7", "")), Ok(7));
        assert_eq!(slice_index_from_environment(8, both("", "0")), Ok(0));
        assert_eq!(slice_index_from_environment(8, both("5", "5")), Ok(5));
        assert!(slice_index_from_environment(8, both("5", "6")).is_err());
        assert!(slice_index_from_environment(8, both("8", "")).is_err());
        assert!(slice_index_from_environment(8, both("", "")).is_err());
    }
}
