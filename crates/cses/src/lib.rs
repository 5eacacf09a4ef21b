//! CSES 1624 "Chessboard and Queens" (work in progress: the modules land with issue 3).

pub mod fastest;
