//! The report's SVG chart: nodes per move and score per strategy.

use super::report::num;
use super::summary::EntrantTotals;
use super::{Entrant, StrategyKind, VariantReport};
use std::fmt::Write as _;

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn colour(kind: StrategyKind) -> &'static str {
    match kind {
        StrategyKind::Random => "#9d9d9d",
        StrategyKind::Minimax => "#4e79a7",
        StrategyKind::AlphaBeta => "#f28e2b",
    }
}

/// The chart: for each variant, nodes per move (log scale) and score per
/// strategy, as bars coloured by strategy family.
pub(super) fn svg(reports: &[VariantReport]) -> String {
    const W: f64 = 920.0;
    const ROW: f64 = 300.0;
    const TOP: f64 = 40.0;
    let height = TOP + ROW * reports.len() as f64 + 10.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{height}\" viewBox=\"0 0 {W} {height}\" \
         font-family=\"sans-serif\" font-size=\"11\">"
    );
    let _ = writeln!(s, "<rect x=\"0\" y=\"0\" width=\"{W}\" height=\"{height}\" fill=\"white\"/>");
    // Legend.
    let mut x = 20.0;
    for kind in [StrategyKind::Random, StrategyKind::Minimax, StrategyKind::AlphaBeta] {
        let _ = writeln!(s, "<rect x=\"{x}\" y=\"14\" width=\"12\" height=\"12\" fill=\"{}\"/>", colour(kind));
        let _ = writeln!(s, "<text x=\"{}\" y=\"24\">{}</text>", x + 16.0, kind.name());
        x += 100.0;
    }
    for (i, r) in reports.iter().enumerate() {
        let y0 = TOP + ROW * i as f64;
        let totals = r.totals();
        let names: Vec<String> = r.entrants.iter().map(Entrant::name).collect();
        let kinds: Vec<StrategyKind> = r.entrants.iter().map(|e| e.kind).collect();
        let nodes: Vec<f64> = totals.iter().map(EntrantTotals::nodes_per_move).collect();
        let scores: Vec<f64> = totals.iter().map(EntrantTotals::score_percent).collect();
        let _ = writeln!(
            s,
            "<text x=\"20\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
            y0 + 16.0,
            xml_escape(&r.name)
        );
        let max_log = nodes.iter().map(|n| n.max(1.0).log10()).fold(1.0_f64, f64::max).ceil();
        panel(
            &mut s,
            (60.0, y0 + 30.0, 400.0, 190.0),
            "nodes per move (log scale)",
            &names,
            &kinds,
            &nodes.iter().map(|n| n.max(1.0).log10() / max_log).collect::<Vec<_>>(),
            &nodes.iter().map(|n| num(*n, 0)).collect::<Vec<_>>(),
            &(0..=max_log as u32).map(|p| (p as f64 / max_log, num(10f64.powi(p as i32), 0))).collect::<Vec<_>>(),
        );
        panel(
            &mut s,
            (540.0, y0 + 30.0, 360.0, 190.0),
            "score % (wins + half the draws)",
            &names,
            &kinds,
            &scores.iter().map(|v| v / 100.0).collect::<Vec<_>>(),
            &scores.iter().map(|v| format!("{v:.0}")).collect::<Vec<_>>(),
            &[(0.0, "0".into()), (0.5, "50".into()), (1.0, "100".into())],
        );
    }
    s.push_str("</svg>\n");
    s
}

/// One bar panel: `frac` in 0..=1 per bar, `labels` above the bars, `grid`
/// lines at fractions with their labels.
#[allow(clippy::too_many_arguments)]
fn panel(
    s: &mut String,
    (x0, y0, w, h): (f64, f64, f64, f64),
    title: &str,
    names: &[String],
    kinds: &[StrategyKind],
    frac: &[f64],
    labels: &[String],
    grid: &[(f64, String)],
) {
    let _ =
        writeln!(s, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x0 + w / 2.0, y0, xml_escape(title));
    let top = y0 + 14.0;
    let plot_h = h - 14.0;
    let base = top + plot_h;
    for (f, label) in grid {
        let y = base - f * plot_h;
        let _ = writeln!(s, "<line x1=\"{x0}\" y1=\"{y:.1}\" x2=\"{}\" y2=\"{y:.1}\" stroke=\"#dddddd\"/>", x0 + w);
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            x0 - 4.0,
            y + 4.0,
            xml_escape(label)
        );
    }
    let _ = writeln!(s, "<line x1=\"{x0}\" y1=\"{base:.1}\" x2=\"{}\" y2=\"{base:.1}\" stroke=\"black\"/>", x0 + w);
    let n = names.len().max(1) as f64;
    let slot = w / n;
    let bar = (slot * 0.7).min(40.0);
    for (i, name) in names.iter().enumerate() {
        let cx = x0 + slot * (i as f64 + 0.5);
        let bh = (frac[i].clamp(0.0, 1.0) * plot_h).max(0.5);
        let _ = writeln!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{bh:.1}\" fill=\"{}\"><title>{}: {}</title></rect>",
            cx - bar / 2.0,
            base - bh,
            colour(kinds[i]),
            xml_escape(name),
            xml_escape(&labels[i])
        );
        let _ = writeln!(
            s,
            "<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"9\">{}</text>",
            base - bh - 3.0,
            xml_escape(&labels[i])
        );
        let _ = writeln!(
            s,
            "<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"end\" transform=\"rotate(-35 {cx:.1} {:.1})\">{}</text>",
            base + 12.0,
            base + 12.0,
            xml_escape(name)
        );
    }
}
