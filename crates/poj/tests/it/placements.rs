//! Every implementation's placements, checked outside the code under test: the construction for
//! every n from 0 to 2000, the two searches for every n from 0 to their reach (each well under a second;
//! several n from 30 on take seconds or far more, which is their point).

use pretty_assertions::assert_eq;

use crate::assert_is_placement;

/// Checks `place` for every n in `sides`: a placement for all but 2 and 3, `None` for those two.
fn assert_places_all_but_2_and_3(
    name: &str,
    place: fn(usize) -> Option<Vec<usize>>,
    sides: std::ops::RangeInclusive<usize>,
) {
    for n in sides {
        match place(n) {
            Some(rows) => assert_is_placement(name, n, &rows),
            None => assert!(n == 2 || n == 3, "{name}, n = {n}: no placement, but there is one"),
        }
        if n == 2 || n == 3 {
            assert_eq!(place(n), None, "{name}, n = {n}: there is no placement");
        }
    }
}

#[test]
fn the_registry_lists_each_module_once_the_construction_first() {
    let names: Vec<&str> = poj::IMPLEMENTATIONS.iter().map(|implementation| implementation.name).collect();
    assert_eq!(names, ["construction", "bitmask", "erickson"]);
    for name in names {
        assert_eq!(poj::implementation(name).map(|found| found.name), Some(name));
    }
    assert!(poj::implementation("no_such_module").is_none());
}

#[test]
fn each_entry_embeds_its_own_module() {
    for implementation in poj::IMPLEMENTATIONS {
        assert!(
            implementation.source.contains("pub fn place(n: usize) -> Option<Vec<usize>>"),
            "{implementation:?}"
        );
        assert!(!implementation.source.contains("crate::"), "{} refers to the crate", implementation.name);
    }
    // Debug leaves the file out.
    let printed = format!("{:?}", poj::IMPLEMENTATIONS[0]);
    assert!(printed.contains("source_bytes") && !printed.contains("pub fn"), "{printed}");
}

#[test]
fn the_construction_places_every_n_from_0_to_2000() {
    assert_places_all_but_2_and_3("construction", poj::construction::place, 0..=2000);
}

#[test]
fn the_construction_gives_the_documented_placements() {
    let place = poj::construction::place;
    assert_eq!(place(0), Some(vec![]));
    assert_eq!(place(1), Some(vec![1]));
    assert_eq!(place(4), Some(vec![2, 4, 1, 3]));
    // n mod 6 == 2: odds 3, 1, 7, 5.
    assert_eq!(place(8), Some(vec![2, 4, 6, 8, 3, 1, 7, 5]));
    // n mod 6 == 3: evens 4, 6, 8, 2, odds 5, 7, 9, 1, 3.
    assert_eq!(place(9), Some(vec![4, 6, 8, 2, 5, 7, 9, 1, 3]));
}

#[test]
fn the_searches_place_every_n_up_to_their_reach() {
    // The judge runs a search only on the cases within its reach unless asked: there, each side
    // must be placed (how long it takes is measured, not tested: see IMPLEMENTATIONS).
    let searches: Vec<_> = poj::IMPLEMENTATIONS.iter().filter(|found| found.search.is_some()).collect();
    assert_eq!(searches.iter().map(|found| found.name).collect::<Vec<_>>(), ["bitmask", "erickson"]);
    for implementation in searches {
        let (name, reach) = (implementation.name, implementation.search.unwrap());
        assert!((20..300).contains(&reach), "{name}: a reach inside POJ's range, {reach}");
        assert_places_all_but_2_and_3(name, implementation.place, 0..=reach);
        assert_eq!((implementation.place)(0), Some(vec![]), "{name}");
    }
    assert_eq!(poj::implementation("construction").unwrap().search, None);
}

#[test]
fn the_searches_find_the_same_first_solution() {
    // Both try rows from 1 upward in each column, so both stop at the lexicographically first
    // placement; POJ's own sample is another valid one.
    for n in 0..=20 {
        assert_eq!(poj::bitmask::place(n), poj::erickson::place(n), "n = {n}");
    }
    assert_eq!(poj::bitmask::place(8), Some(vec![1, 5, 8, 6, 3, 7, 2, 4]));
}
