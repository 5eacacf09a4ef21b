//! Work spread over a few threads, each waiting on one child process or compiler at a time: the
//! judge's runs, the builds, stress's runs. Results come back in the order of the items.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `work` applied to every item, on `jobs` threads (at least one, at most one an item), in the
/// order `order` gives (every index once; the items' own order when `None`). `done` is told how
/// many items are finished after each.
pub fn map<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    order: Option<&[usize]>,
    work: impl Fn(&T) -> R + Sync,
    done: impl Fn(usize) + Sync,
) -> Vec<R> {
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            scope.spawn(|| loop {
                let position = next.fetch_add(1, Ordering::Relaxed);
                let index = match order {
                    Some(order) => match order.get(position) {
                        Some(&index) => index,
                        None => break,
                    },
                    None if position < items.len() => position,
                    None => break,
                };
                let result = work(&items[index]);
                results.lock().unwrap_or_else(|poisoned| poisoned.into_inner())[index] = Some(result);
                done(finished.fetch_add(1, Ordering::Relaxed) + 1);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .into_iter()
        .map(|result| result.expect("every item was worked on"))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_the_items_order_whatever_the_work_order() {
        let items: Vec<u32> = (0..50).collect();
        let order: Vec<usize> = (0..50).rev().collect();
        let squares = super::map(&items, 3, Some(&order), |item| item * item, |_| {});
        assert_eq!(squares, items.iter().map(|item| item * item).collect::<Vec<_>>());
        assert_eq!(super::map(&items[..0], 4, None, |item| *item, |_| {}), Vec::<u32>::new());
    }
}
