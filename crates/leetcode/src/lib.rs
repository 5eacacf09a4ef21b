//! LeetCode 51 and 52 (work in progress: the modules land with issue 4).
