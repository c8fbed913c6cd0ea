//! The threads of one search (Lazy SMP): a main thread and its helpers
//! search the same root and share the transposition table and nothing
//! else. The main thread reports each completed depth and decides when the
//! search ends; its result is played. The helpers only fill the table for
//! it (how they differ from it: [`Role`]).

use crate::ordering::Ordering;
use crate::search::{Iteration, Role, RootMove, Searcher, Shared};
use leap_core::search::{Evaluator, Score};
use leap_core::{Game, MoveKey, MAX_KINDS};
use std::sync::atomic::Ordering as Atomic;

/// What the threads of a search leave.
pub(crate) struct Done {
    /// The main thread's last completed depth; `None` when it completed none.
    pub(crate) last: Option<Iteration>,
    /// The first of the main thread's root moves when it ended: the move
    /// to play when no depth was completed.
    pub(crate) first: MoveKey,
    /// What the main thread learnt of moves, for the next search.
    pub(crate) ordering: Ordering,
}

/// Searches `shared`'s root on `threads` threads (at least the main
/// thread), from `root_moves` in their order; the main thread starts with
/// `ordering`, the helpers with nothing learnt (captures valued by
/// `values`). Each depth the main thread completes goes to `report` with
/// the nodes of every thread so far. Returns once every thread has ended.
pub(crate) fn search<G: Game, E: Evaluator<G>>(
    shared: &Shared<'_, G, E>,
    threads: usize,
    root_moves: Vec<RootMove>,
    ordering: Ordering,
    values: [Score; MAX_KINDS],
    report: impl FnMut(&Iteration, u64),
) -> Done {
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|id| {
                let root_moves = root_moves.clone();
                scope.spawn(move || {
                    let mut helper = Searcher::new(shared, Role::Helper(id), root_moves, Ordering::new(values));
                    helper.iterate(|_, _| {});
                    helper.flush_nodes();
                })
            })
            .collect();
        let mut main = Searcher::new(shared, Role::Main, root_moves, ordering);
        let last = main.iterate(report);
        shared.done.store(true, Atomic::Relaxed);
        main.flush_nodes();
        let first = main.root_moves[0].key;
        for h in helpers {
            // (A helper that panicked has found nothing the main thread needs.)
            let _ = h.join();
        }
        Done { last, first, ordering: main.into_ordering() }
    })
}
