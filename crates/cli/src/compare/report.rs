//! The report of a round robin as tables: aligned text for the terminal
//! and Markdown for the file.

use super::summary::{ratio, GameStats};
use super::{Entrant, Options, VariantReport};
use std::fmt::Write as _;

/// A table that prints as aligned text or as Markdown.
struct Table {
    headers: Vec<String>,
    /// Whether each column is right-aligned (numbers).
    right: Vec<bool>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn new(headers: &[&str], right: &[bool]) -> Table {
        Table { headers: headers.iter().map(|s| s.to_string()).collect(), right: right.to_vec(), rows: Vec::new() }
    }

    fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    fn widths(&self) -> Vec<usize> {
        (0..self.headers.len())
            .map(|c| {
                self.rows
                    .iter()
                    .map(|r| r[c].chars().count())
                    .chain([self.headers[c].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect()
    }

    fn text(&self) -> String {
        let w = self.widths();
        let line = |cells: &[String]| {
            let parts: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(i, c)| if self.right[i] { format!("{c:>0$}", w[i]) } else { format!("{c:<0$}", w[i]) })
                .collect();
            format!("  {}\n", parts.join("  ").trim_end())
        };
        let mut out = line(&self.headers);
        out.push_str(&line(&w.iter().map(|n| "-".repeat(*n)).collect::<Vec<_>>()));
        for r in &self.rows {
            out.push_str(&line(r));
        }
        out
    }

    fn markdown(&self) -> String {
        let esc = |s: &String| s.replace('|', "\\|");
        let mut out = format!("| {} |\n", self.headers.iter().map(esc).collect::<Vec<_>>().join(" | "));
        let rule: Vec<&str> = self.right.iter().map(|r| if *r { "---:" } else { "---" }).collect();
        out.push_str(&format!("| {} |\n", rule.join(" | ")));
        for r in &self.rows {
            out.push_str(&format!("| {} |\n", r.iter().map(esc).collect::<Vec<_>>().join(" | ")));
        }
        out
    }
}

/// A number with thousands separators and `decimals` decimals.
pub(super) fn num(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    let (int, frac) = s.split_once('.').map_or((s.as_str(), None), |(a, b)| (a, Some(b)));
    let (sign, digits) = int.strip_prefix('-').map_or(("", int), |d| ("-", d));
    let mut grouped = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(' ');
        }
        grouped.push(ch);
    }
    match frac {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// A duration per move in a readable unit.
fn per_move_time(micros: f64) -> String {
    if micros >= 1e6 {
        format!("{:.2} s", micros / 1e6)
    } else if micros >= 1e3 {
        format!("{:.1} ms", micros / 1e3)
    } else {
        format!("{micros:.0} µs")
    }
}

/// The tables of one variant: pairings, strategies, node ratios, games.
fn tables(r: &VariantReport) -> [(String, Table); 4] {
    let totals = r.totals();
    let names: Vec<String> = r.entrants.iter().map(Entrant::name).collect();

    let mut pairings = Table::new(
        &["first", "second", "first wins", "draws", "second wins", "unfinished"],
        &[false, false, true, true, true, true],
    );
    for (i, res) in r.pairing_results().iter().enumerate() {
        let [a, b] = r.pairings[i];
        pairings.row(vec![
            names[a].clone(),
            names[b].clone(),
            res[0].to_string(),
            res[1].to_string(),
            res[2].to_string(),
            res[3].to_string(),
        ]);
    }

    let mut strategies = Table::new(
        &["strategy", "games", "wins", "draws", "losses", "score %", "moves", "nodes/move", "time/move"],
        &[false, true, true, true, true, true, true, true, true],
    );
    for (i, t) in totals.iter().enumerate() {
        strategies.row(vec![
            names[i].clone(),
            t.games.to_string(),
            t.wins.to_string(),
            t.draws.to_string(),
            t.losses.to_string(),
            format!("{:.1}", t.score_percent()),
            t.usage.moves.to_string(),
            num(t.nodes_per_move(), 1),
            per_move_time(t.micros_per_move()),
        ]);
    }

    let mut ratios =
        Table::new(&["depth", "minimax nodes/move", "alphabeta nodes/move", "ratio"], &[true, true, true, true]);
    for (d, m, a) in r.node_ratios(&totals) {
        ratios.row(vec![d.to_string(), num(m, 1), num(a, 1), format!("{:.3}", ratio(a, m))]);
    }

    let s = GameStats::of(r);
    let first_wins = format!("{} (moves first) wins, % of decisive", r.first);
    let mut games = Table::new(
        &[
            "games",
            "plies/game",
            "branching",
            "captures/game",
            "pieces captured/game",
            "decisive %",
            &first_wins,
            "endings",
        ],
        &[true, true, true, true, true, true, true, false],
    );
    let mut row = game_cells(&s);
    row.push(format!("{:.1}", 100.0 * ratio(s.first_player_wins as f64, s.decisive as f64)));
    row.push(s.endings_text());
    games.row(row);
    [
        ("Pairings (wins, draws, losses)".into(), pairings),
        ("Strategies".into(), strategies),
        ("Alpha-beta / minimax nodes per move".into(), ratios),
        ("Games".into(), games),
    ]
}

/// The family comparison: one row per variant.
fn families(reports: &[VariantReport]) -> Table {
    let mut t = Table::new(
        &["variant", "games", "plies/game", "branching", "captures/game", "pieces captured/game", "decisive %"],
        &[false, true, true, true, true, true, true],
    );
    for r in reports {
        let mut row = vec![r.name.clone()];
        row.extend(game_cells(&GameStats::of(r)));
        t.row(row);
    }
    t
}

/// The figures of a variant's games that both the games table and the
/// family comparison give: games, plies/game, branching, captures/game,
/// pieces captured/game, decisive %.
fn game_cells(s: &GameStats) -> Vec<String> {
    vec![
        s.games.to_string(),
        format!("{:.1}", s.per_game(s.plies)),
        format!("{:.1}", s.branching_factor()),
        format!("{:.1}", s.per_game(s.captures)),
        format!("{:.1}", s.per_game(s.pieces)),
        format!("{:.1}", 100.0 * s.per_game(s.decisive)),
    ]
}

fn settings(opts: &Options, threads: usize) -> String {
    let depths: Vec<String> = opts.depths.iter().map(u32::to_string).collect();
    let kinds: Vec<&str> = opts.strategies.iter().map(|k| k.name()).collect();
    format!(
        "strategies {}, depths {}, {} games per pairing, at most {} plies, {} random opening plies, seed {}, {} threads",
        kinds.join(","),
        depths.join(","),
        opts.games,
        opts.max_plies,
        opts.opening_plies,
        opts.seed,
        threads
    )
}

/// The report as terminal text.
pub(super) fn terminal(reports: &[VariantReport], opts: &Options, threads: usize) -> String {
    let mut out = format!("compare: {}\n", settings(opts, threads));
    for r in reports {
        let _ = writeln!(out, "\n== {} ({}), evaluation: {}, {:.1} s", r.name, r.title, r.eval, r.seconds);
        for (title, table) in tables(r) {
            let _ = write!(out, "\n{title}\n{}", table.text());
        }
    }
    if reports.len() > 1 {
        let _ = write!(out, "\nRule families\n{}", families(reports).text());
    }
    out.push('\n');
    out
}

/// A file name as a Markdown link's destination: percent-encoded but for
/// letters, digits and `-._~`, so that a name with spaces or parentheses
/// (`my report (2).svg`) still links.
fn link(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// A file name as a Markdown link's text: the characters Markdown reads
/// as markup escaped with `\\`.
fn link_text(name: &str) -> String {
    name.chars().fold(String::new(), |mut out, c| {
        if "\\`*_[]<>()#!|".contains(c) {
            out.push('\\');
        }
        out.push(c);
        out
    })
}

/// The report as Markdown, linking the chart and the games.
pub(super) fn markdown(
    reports: &[VariantReport],
    opts: &Options,
    threads: usize,
    svg_name: &str,
    games_name: &str,
) -> String {
    let names: Vec<&str> = reports.iter().map(|r| r.name.as_str()).collect();
    let mut out = format!("# Strategy comparison: {}\n\n", names.join(", "));
    let _ = writeln!(out, "Settings: {}.\n", settings(opts, threads));
    let _ = writeln!(
        out,
        "Each pairing plays games in pairs that share an opening of random plies and swap \
         the seats; a game stopped at the ply limit counts as a draw (\"unfinished\"). \
         Nodes are the positions a strategy visited to choose its moves, the root included; \
         times are wall-clock per move with games running in parallel. Minimax and alpha-beta \
         at the same depth choose the same moves, so they meet the same positions and their \
         node counts compare like for like.\n"
    );
    let _ = writeln!(out, "![Nodes per move and score per strategy]({})\n", link(svg_name));
    let _ = writeln!(
        out,
        "The games are in [{}]({}) (`camelot replay` reads them).\n",
        link_text(games_name),
        link(games_name)
    );
    if reports.len() > 1 {
        let _ = write!(out, "## Rule families\n\n{}\n", families(reports).markdown());
    }
    for r in reports {
        let _ = writeln!(out, "## {} ({})\n", r.name, r.title);
        let _ = writeln!(out, "Evaluation: {}. Run time {:.1} s.\n", r.eval, r.seconds);
        for (title, table) in tables(r) {
            let _ = write!(out, "### {title}\n\n{}\n", table.markdown());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_and_games_link_whatever_their_names() {
        assert_eq!(link("compare-checkers.svg"), "compare-checkers.svg");
        assert_eq!(link("my report (2).svg"), "my%20report%20%282%29.svg");
        assert_eq!(link("é.pgn"), "%C3%A9.pgn");
        assert_eq!(link_text("a [b]_c.pgn"), "a \\[b\\]\\_c.pgn");
    }

    #[test]
    fn numbers_are_grouped() {
        assert_eq!(num(1234567.0, 0), "1 234 567");
        assert_eq!(num(-1234.5, 1), "-1 234.5");
        assert_eq!(num(12.0, 1), "12.0");
        assert_eq!(per_move_time(1500.0), "1.5 ms");
    }
}
