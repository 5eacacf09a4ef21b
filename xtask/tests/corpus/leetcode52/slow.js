// LeetCode 52 N-Queens II: right answers, far too slow -- every call first fills a table for
// ALL n from 1 to 9 by brute force, trying every one of the size^size placements of one queen
// per row (387 million for size 9 alone) as an array of strings, whatever n is asked.
// Expected verdict: TLE on every n (tens of seconds of CPU time where the limit is 1 s).
function countByBruteForce(size) {
    const rowOf = (c) => '.'.repeat(c) + 'Q' + '.'.repeat(size - c - 1);
    const queens = new Array(size).fill(0);
    let count = 0;
    while (true) {
        const board = queens.map(rowOf);
        if (isValid(board)) count++;
        let row = size - 1; // the next placement, like an odometer
        while (row >= 0 && queens[row] === size - 1) queens[row--] = 0;
        if (row < 0) return count;
        queens[row]++;
    }
}

function isValid(board) {
    const cols = board.map((line) => line.indexOf('Q'));
    for (let a = 0; a < cols.length; a++)
        for (let b = a + 1; b < cols.length; b++)
            if (cols[a] === cols[b] || Math.abs(cols[a] - cols[b]) === b - a) return false;
    return true;
}

function totalNQueens(n) {
    const table = [0];
    for (let size = 1; size <= 9; size++) table.push(countByBruteForce(size));
    return table[n];
}
