"""A comparison written to a folder: the table as CSV, and an HTML report with plots.

The CSV has one row per metric and, for each rule set, its value and the ends of its 95%
interval (``LABEL``, ``LABEL low``, ``LABEL high``), so a spreadsheet reads it as it is.
The plots are drawn with matplotlib's Agg backend (no display needed) into PNG files the
HTML page shows beside the same table."""

from __future__ import annotations

import csv
import html
from collections.abc import Sequence
from pathlib import Path

from gamenight.sim.compare import Comparison, Row
from gamenight.sim.stats import Estimate

CSV_NAME = "table.csv"
HTML_NAME = "report.html"


def header(labels: Sequence[str]) -> list[str]:
    out = ["metric"]
    for label in labels:
        out += [label, f"{label} low", f"{label} high"]
    return out


def shown(e: Estimate, kind: str) -> str:
    """An estimate in words: ``41.0% (35.2–47.1%)``, ``11.4 (10.9–11.9)``."""
    if kind == "rate":
        return f"{e.value:.1%} ({e.low:.1%}–{e.high:.1%})"
    digits = 0 if abs(e.value) >= 100 else 2
    return f"{e.value:,.{digits}f} ({e.low:,.{digits}f}–{e.high:,.{digits}f})"


def write_csv(comparison: Comparison, path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(header(comparison.labels))
        for row in comparison.rows:
            cells: list[object] = [row.metric]
            for e in row.estimates:
                cells += [round(e.value, 6), round(e.low, 6), round(e.high, 6)]
            out.writerow(cells)


def _bars(ax: object, rows: Sequence[Row], labels: Sequence[str], horizontal: bool = False) -> None:
    """Grouped bars, one group per row and one bar per rule set, with 95% error bars."""
    import numpy as np

    width = 0.8 / len(labels)
    at = np.arange(len(rows))
    for i, label in enumerate(labels):
        values = np.array([r.estimates[i].value for r in rows])
        errors = np.array([[r.estimates[i].value - r.estimates[i].low for r in rows],
                           [r.estimates[i].high - r.estimates[i].value for r in rows]])
        if horizontal:
            ax.barh(at + i * width, values, width, xerr=errors, label=label, capsize=3)  # type: ignore[attr-defined]
        else:
            ax.bar(at + i * width, values, width, yerr=errors, label=label, capsize=3)  # type: ignore[attr-defined]
    ticks = at + width * (len(labels) - 1) / 2
    names = [r.metric.replace(" cited per match", "").replace("win rate, ", "") for r in rows]
    if horizontal:
        ax.set_yticks(ticks, names)  # type: ignore[attr-defined]
        ax.invert_yaxis()  # type: ignore[attr-defined]
    else:
        ax.set_xticks(ticks, names)  # type: ignore[attr-defined]
    ax.legend()  # type: ignore[attr-defined]


def plots(comparison: Comparison, folder: Path) -> list[tuple[str, str]]:
    """Draw the plots into ``folder``; returns (file name, caption) for each."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = comparison.rows
    wins = [r for r in rows if r.metric.startswith("win rate")]
    lengths = [r for r in rows if r.kind == "mean" and r.clause is None]
    cited = [r for r in rows if r.clause is not None]
    figures = [  # file, caption, panels (each a list of rows sharing a scale), horizontal bars
        ("win-rates.png", "Win rate by seat (95% Wilson intervals)", [wins], False),
        ("length.png", "Match length and score spread (means, 95% bootstrap intervals)",
         [[r] for r in lengths], False),
        ("clauses.png", "Clauses cited per match (means, 95% bootstrap intervals)", [cited] if cited else [], True),
    ]
    made = []
    for name, caption, panels, horizontal in figures:
        if not panels:
            continue
        size = (8, 1.5 + 0.35 * len(cited) * len(comparison.labels)) if horizontal else (3.2 * len(panels) + 2, 3.8)
        fig, axes = plt.subplots(1, len(panels), figsize=size, squeeze=False)
        for ax, panel in zip(axes[0], panels):
            _bars(ax, panel, comparison.labels, horizontal)
        fig.suptitle(caption, fontsize=10)
        fig.tight_layout()
        fig.savefig(folder / name, dpi=96)
        plt.close(fig)
        made.append((name, caption))
    return made


def html_page(comparison: Comparison, images: Sequence[tuple[str, str]]) -> str:
    esc = html.escape
    head = "".join(f"<th>{esc(label)}</th>" for label in comparison.labels)
    body = "".join(
        f"<tr><th scope=row>{esc(r.metric)}</th>" + "".join(f"<td>{esc(shown(e, r.kind))}</td>" for e in r.estimates)
        + "</tr>" for r in comparison.rows)
    options = "".join(f"<li><b>{esc(s.label)}</b>: {esc(', '.join(f'{k}={v}' for k, v in s.options.items()))}</li>"
                      for s in comparison.sides)
    figures = "".join(f'<figure><img src="{esc(name)}" alt="{esc(caption)}"><figcaption>{esc(caption)}'
                      f"</figcaption></figure>" for name, caption in images)
    errors = "".join(f"<li>{esc(e)}</li>" for e in comparison.errors[:50])
    return (f"<!doctype html><html lang=en><meta charset=utf-8><title>{esc(comparison.title)}: rule sets compared"
            "</title><style>body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:"
            "collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:right}th[scope=row]{text-align:left}"
            "img{max-width:100%}</style>"
            f"<h1>{esc(comparison.title)}: rule sets compared</h1>"
            f"<p>{comparison.games} matches under each rule set on the same seeds ({comparison.seed} to "
            f"{comparison.seed + comparison.games - 1}), {comparison.players} players. Values are means "
            "with 95% intervals.</p>"
            f"<ul>{options}</ul><table><tr><th>metric</th>{head}</tr>{body}</table>{figures}"
            + (f"<h2>Matches that failed</h2><ul>{errors}</ul>" if errors else "") + "</html>")


def write(comparison: Comparison, folder: Path) -> list[Path]:
    """Write the CSV, the plots and the HTML report into ``folder`` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    write_csv(comparison, folder / CSV_NAME)
    images = plots(comparison, folder)
    (folder / HTML_NAME).write_text(html_page(comparison, images), encoding="utf-8")
    return [folder / CSV_NAME, folder / HTML_NAME] + [folder / name for name, _ in images]
