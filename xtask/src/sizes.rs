//! `--sizes` for `bench` and `stress` (being unified; see `bench::parse_sizes` until then).
