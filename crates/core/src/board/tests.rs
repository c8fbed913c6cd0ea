//! The board's geometry, names and tables.

use super::*;

fn rect(g: Geometry, f: u8, r: u8) -> Board {
    Board::new(g, f, r, (0..r).flat_map(|r| (0..f).map(move |f| Coord { file: f, rank: r }))).unwrap()
}

#[test]
fn square_order_and_names() {
    let b = rect(Geometry::Square, 4, 3);
    assert_eq!(b.name(Cell::new(0)), "A1");
    assert_eq!(b.name(Cell::new(4)), "A2");
    assert_eq!(b.cell("d3"), Some(Cell::new(11)));
    assert_eq!(b.cell("E1"), None);
}

#[test]
fn hex_neighbours_and_leaps() {
    // A small hex patch: cells where file + rank is even (0-based).
    let cells =
        (0..9u8).flat_map(|r| (0..5u8).filter(move |f| (f + r) % 2 == 0).map(move |f| Coord { file: f, rank: r }));
    let b = Board::new(Geometry::Hex, 5, 9, cells).unwrap();
    let c = b.cell("C5").unwrap();
    let mut n: Vec<&str> = b.neighbours(c).map(|x| b.name(x)).collect();
    n.sort();
    assert_eq!(n, vec!["B4", "B6", "C3", "C7", "D4", "D6"]);
    let (over, land) = b.leap_over(c, 1).unwrap();
    assert_eq!((b.name(over), b.name(land)), ("D6", "E7"));
}

#[test]
fn shifting_whole_sets() {
    // Every geometry: moving a set one step in a direction gives the
    // neighbours of its cells in that direction, cell by cell.
    let hex =
        (0..9u8).flat_map(|r| (0..5u8).filter(move |f| (f + r) % 2 == 0).map(move |f| Coord { file: f, rank: r }));
    let irregular = (0..6u8)
        .flat_map(|r| (0..7u8).filter(move |f| f + r > 2 && f + r < 9).map(move |f| Coord { file: f, rank: r }));
    // (A rectangle of more than 255 squares numbers its cells densely.)
    let dense = (0..6u8)
        .flat_map(|r| (0..9u8).filter(move |f| f + r > 2 && f + r < 10).map(move |f| Coord { file: f, rank: r }));
    let checkers = Board::from_layout(Geometry::Diagonal, 8, 8, &" . . . .\n. . . .\n".repeat(4)).unwrap();
    for b in [
        rect(Geometry::Square, 5, 4),
        rect(Geometry::Diagonal, 8, 8),
        checkers,
        Board::new(Geometry::Hex, 5, 9, hex).unwrap(),
        Board::new(Geometry::Square, 7, 6, irregular).unwrap(),
        Board::new(Geometry::Diagonal, 9, 30, dense).unwrap(),
    ] {
        let some: Bitset = b.cells().iter().filter(|c| c.index() % 3 != 1).collect();
        for d in 0..b.dir_count() {
            let want: Bitset = some.iter().filter_map(|c| b.step(c, d)).collect();
            assert_eq!(b.shift(some, d), want, "{:?} direction {d}", b.geometry());
            if b.shifts_in_word() {
                assert_eq!(b.shift_word(some.low_word(), d), want.low_word(), "{:?} direction {d}", b.geometry());
                let back = b.shift(some, b.opposite(d)).low_word();
                assert_eq!(b.shift_word_back(some.low_word(), d), back, "{:?} direction {d}", b.geometry());
            }
            let o = b.opposite(d);
            assert!(b.cells().iter().all(|c| b.step(c, d).is_none_or(|n| b.step(n, o) == Some(c))));
        }
    }
}

#[test]
fn cells_are_indexed_by_square() {
    // A checkers board: 32 cells with the indices of their squares.
    let b = Board::from_layout(Geometry::Diagonal, 8, 8, &" . . . .\n. . . .\n".repeat(4)).unwrap();
    assert_eq!((b.len(), b.span()), (32, 64));
    assert_eq!(b.cell("A1"), Some(Cell::new(0)));
    assert_eq!(b.cell("H8"), Some(Cell::new(63)));
    assert_eq!(b.cell("B1"), None);
    assert!(b.shifts_in_word());
    // Names go to the cells in square order.
    let mut named = b.clone();
    named.set_names((1..=32).map(|n| n.to_string()).collect()).unwrap();
    assert_eq!(named.cell("1"), Some(Cell::new(0)));
    assert_eq!(named.cell("5"), Some(Cell::new(9)));
    assert_eq!(named.listed(b.cells())[4], Cell::new(9));
    // Beyond 255 squares, cells are numbered densely in square order.
    let wide =
        Board::new(Geometry::Square, 20, 20, [Coord { file: 19, rank: 19 }, Coord { file: 3, rank: 1 }]).unwrap();
    assert_eq!((wide.len(), wide.span()), (2, 2));
    assert_eq!((wide.cell("D2"), wide.cell("T20")), (Some(Cell::new(0)), Some(Cell::new(1))));
}

#[test]
fn errors() {
    assert_eq!(
        Board::new(Geometry::Square, 2, 2, [Coord { file: 2, rank: 0 }]).unwrap_err(),
        BoardError::OutOfRange(Coord { file: 2, rank: 0 })
    );
    let c = Coord { file: 0, rank: 0 };
    assert_eq!(Board::new(Geometry::Square, 2, 2, [c, c]).unwrap_err(), BoardError::Duplicate(c));
    assert_eq!(Board::new(Geometry::Square, 2, 2, []).unwrap_err(), BoardError::Empty);
}

#[test]
fn a_hex_layout_of_cells_that_never_meet_is_refused() {
    // Every other column, each line shifted by one: one board.
    assert_eq!(Board::from_layout(Geometry::Hex, 3, 2, " . \n. .\n").unwrap().len(), 3);
    // Every column: two boards that never touch (B1 is no neighbour of A1 or C1).
    let e = Board::from_layout(Geometry::Hex, 3, 2, "...\n...\n").unwrap_err().to_string();
    assert!(e.contains("cells go on every other column") && e.ends_with("A2 and B2 can never meet"), "{e}");
}
