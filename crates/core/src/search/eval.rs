//! Evaluations: what a position is worth to a player when the search stops.

use super::Score;
use crate::game::Game;
use crate::position::{Kind, Player, Position, MAX_KINDS};

/// The value of an unfinished position for a player, in [`Score`] units
/// (100 = one Man). Searches call it only on positions where the game goes
/// on (finished games are scored by [`super::outcome_score`]), and clamp
/// what it returns to ±[`super::MAX_EVAL`].
///
/// For two players an evaluation should be antisymmetric
/// (`evaluate(pos, a) == -evaluate(pos, b)`); the searches do not rely on
/// it, since they always ask for the root player's value.
///
/// A closure becomes an evaluator with [`EvalFn`]; a reference to an
/// evaluator is one too, so that many searches can share one.
pub trait Evaluator<G: ?Sized>: Send + Sync {
    /// The value of `pos` for `player`.
    fn evaluate(&self, game: &G, pos: &Position, player: Player) -> Score;

    /// A cheap estimate of [`Evaluator::evaluate`], where the evaluation
    /// has one: the terms that cost little, and how far the rest may move
    /// the value (an [`Estimate`]). A search may take the value as at least
    /// `score - margin` and at most `score + margin` without evaluating,
    /// where that alone settles what it needs. `None` (the default): no
    /// estimate, the search evaluates.
    fn estimate(&self, _game: &G, _pos: &Position, _player: Player) -> Option<Estimate> {
        None
    }
}

/// A cheap estimate of an evaluation ([`Evaluator::estimate`]): the full
/// value lies within `margin` of `score` in all but rare positions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Estimate {
    /// The estimated value.
    pub score: Score,
    /// How far the full evaluation may lie from it.
    pub margin: Score,
}

/// A closure `Fn(&G, &Position, Player) -> Score` as an [`Evaluator`].
///
/// ```
/// # use leap_core::{Game, Position, Player, perft::count_moves, search::*};
/// # fn demo<G: Game>(game: &G) {
/// let mobility = EvalFn(|g: &G, p: &Position, me: Player| {
///     let n = count_moves(g, p) as Score;
///     if p.to_move() == me { n } else { -n }
/// });
/// let _ = AlphaBeta::new(2, mobility).choose(game, &game.start());
/// # }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct EvalFn<F>(pub F);

impl<G: ?Sized, F> Evaluator<G> for EvalFn<F>
where
    F: Fn(&G, &Position, Player) -> Score + Send + Sync,
{
    fn evaluate(&self, game: &G, pos: &Position, player: Player) -> Score {
        (self.0)(game, pos, player)
    }
}

/// The default evaluation: material. Each piece kind has a value; a
/// position is worth the value of the player's pieces minus the value of
/// all the other players' pieces (for two players: own minus the
/// opponent's; with more, the paranoid view that every other player is an
/// enemy).
///
/// ```
/// use leap_core::{Kind, search::Material};
/// let m = Material::new(&[300, 100]);
/// assert_eq!(m.value(Kind(0)), 300);
/// assert_eq!(Material::default().value(Kind(1)), 100);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Material {
    values: [Score; MAX_KINDS],
}

impl Default for Material {
    /// Every kind worth 100.
    fn default() -> Self {
        Material { values: [100; MAX_KINDS] }
    }
}

impl Material {
    /// Values by kind index; kinds not listed are worth 100.
    pub fn new(values: &[Score]) -> Self {
        let mut m = Material::default();
        for (slot, v) in m.values.iter_mut().zip(values) {
            *slot = *v;
        }
        m
    }

    /// The values the variant gives its kinds of piece
    /// ([`KindInfo::value`](crate::KindInfo::value)); kinds without one are worth 100.
    ///
    /// ```
    /// use leap_core::{Kind, KindInfo, search::Material};
    /// let king = KindInfo { name: "King".into(), prefix: "K".into(), symbols: vec!['K', 'k'], value: Some(250) };
    /// let man = KindInfo { name: "Man".into(), prefix: String::new(), symbols: vec!['M', 'm'], value: None };
    /// let m = Material::of_kinds(&[king, man]);
    /// assert_eq!((m.value(Kind(0)), m.value(Kind(1))), (250, 100));
    /// ```
    pub fn of_kinds(kinds: &[crate::KindInfo]) -> Self {
        let values: Vec<Score> = kinds.iter().map(|k| k.value.unwrap_or(100)).collect();
        Material::new(&values)
    }

    /// The value of one piece of `kind`.
    pub fn value(&self, kind: Kind) -> Score {
        self.values[kind.index()]
    }

    /// The value of `player`'s pieces.
    pub fn of(&self, pos: &Position, player: Player) -> Score {
        let mine = pos.pieces_of(player);
        (0..MAX_KINDS).map(|k| (mine & pos.kind_cells(Kind(k as u8))).len() as Score * self.values[k]).sum()
    }
}

impl<G: Game + ?Sized> Evaluator<G> for Material {
    fn evaluate(&self, game: &G, pos: &Position, player: Player) -> Score {
        let n = game.players().len();
        (0..n).map(|p| Player(p as u8)).map(|p| if p == player { 1 } else { -1 } * self.of(pos, p)).sum()
    }
}

impl<G: ?Sized, E: Evaluator<G>> Evaluator<G> for &E {
    fn evaluate(&self, game: &G, pos: &Position, player: Player) -> Score {
        (**self).evaluate(game, pos, player)
    }

    fn estimate(&self, game: &G, pos: &Position, player: Player) -> Option<Estimate> {
        (**self).estimate(game, pos, player)
    }
}

/// The weights of an evaluation's terms, by name: what a variant file's
/// `[eval]` table sets, and what `camelot tune` fits. Declared with
/// [`weights!`](crate::weights), which writes the struct, its defaults and
/// this trait together.
///
/// ```
/// use leap_core::search::Weights;
/// leap_core::weights! {
///     /// Two terms.
///     pub struct Demo {
///         /// The first.
///         material = 100,
///         /// The second.
///         mobility = 3,
///     }
/// }
/// let mut w = Demo::default();
/// assert_eq!(Demo::NAMES, ["material", "mobility"]);
/// assert_eq!(w.values(), [100, 3]);
/// w.set(1, 5);
/// assert_eq!(w.mobility, 5);
/// assert_eq!(Demo::from_values(&[1, 2]), Demo { material: 1, mobility: 2 });
/// assert_eq!(Demo::index_of("mobility"), Some(1));
/// ```
pub trait Weights: Copy + Default + PartialEq + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// Every weight's name, in order: the keys of an `[eval]` table.
    const NAMES: &'static [&'static str];

    /// The weight at `index` (of [`Weights::NAMES`]).
    fn get(&self, index: usize) -> Score;

    /// Sets the weight at `index`.
    fn set(&mut self, index: usize, value: Score);

    /// Every weight, in the order of [`Weights::NAMES`].
    fn values(&self) -> Vec<Score> {
        (0..Self::NAMES.len()).map(|i| self.get(i)).collect()
    }

    /// Weights from values in the order of [`Weights::NAMES`]; missing
    /// ones keep their defaults.
    fn from_values(values: &[Score]) -> Self {
        let mut w = Self::default();
        for (i, v) in values.iter().enumerate().take(Self::NAMES.len()) {
            w.set(i, *v);
        }
        w
    }

    /// The index of the weight called `name`.
    fn index_of(name: &str) -> Option<usize> {
        Self::NAMES.iter().position(|n| *n == name)
    }
}

/// Declares a struct of evaluation weights (each a [`Score`] with its
/// default and its documentation) and implements
/// [`Weights`](crate::search::Weights) for it: see there for an example.
#[macro_export]
macro_rules! weights {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$fmeta:meta])* $field:ident = $default:expr),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $crate::search::Score,)*
        }

        impl Default for $name {
            fn default() -> Self {
                $name { $($field: $default),* }
            }
        }

        impl $crate::search::Weights for $name {
            const NAMES: &'static [&'static str] = &[$(stringify!($field)),*];

            fn get(&self, index: usize) -> $crate::search::Score {
                [$(self.$field),*][index]
            }

            fn set(&mut self, index: usize, value: $crate::search::Score) {
                let mut fields = [$(&mut self.$field),*];
                *fields[index] = value;
            }
        }
    };
}
