"""A house's rulebook for one game: the clauses in force under the house's rule set,
alternate rules marked, and the house's own rulings printed beside the clauses
they concern (rulebook 004: the rules must be "on hand all throughout game play";
a printed copy is "nice to have on hand as well").

``render_house(house, game_id, players, fmt)`` gives text, markdown or an HTML
fragment; ``house_page`` a standalone HTML page that prints cleanly;
``render_diff`` shows two versions side by side.
"""

from __future__ import annotations

import html
from typing import Any

from gamenight import houses as H
from gamenight.engine.registry import game as registered_game
from gamenight.rulebook.render import FORMATS, PAGE_CSS, Book, Extras, Note, build_book, html_document, render_book

RULING_TAG = "house ruling"
MATCH_TAG = "this game only (The Kali Effect)"

HOUSE_CSS = PAGE_CSS + """.rulebook .subtitle { font-weight: bold; }
.rulebook ul.notes { list-style: none; margin: 0.3em 0 0.4em 0; padding-left: 1em; }
.rulebook li.note { border-left: 3px solid #4a7ebb; padding-left: 0.5em; margin: 0.2em 0; font-style: italic; }
.rulebook li.note.match { border-left-color: #c0392b; }
.rulebook .note-tag { font-style: normal; font-size: 0.85em; color: #2c5282; }
.rulebook .note-meta { color: #777; font-style: normal; margin-left: 0.3em; }
table.diff { border-collapse: collapse; width: 100%; }
table.diff th, table.diff td { border: 1px solid #ccc; padding: 0.3em 0.5em; vertical-align: top; text-align: left; }
@media print {
  body { max-width: none; margin: 0; font-size: 11pt; }
  .rulebook h2 { page-break-after: avoid; break-after: avoid; }
  .rulebook li { page-break-inside: avoid; break-inside: avoid; }
  .rulebook mark.alternate { background: none; border: 1px solid #000; }
  .rulebook li.note, .rulebook li.alternate { border-left-color: #000; }
  .rulebook .clause-id, .rulebook .note-meta { color: #444; }
  a { color: inherit; text-decoration: none; }
}
"""


def _date(when: Any) -> str:
    return str(when.date()) if hasattr(when, "date") else str(when)


def ruling_note(r: H.Ruling, *, about: str = "") -> Note:
    text = f"Asked: {r.question} — Ruled: {r.text}" if r.question else r.text
    meta = f"{r.id}, {r.author}, {_date(r.when)}"
    if r.why and not r.question:
        meta += f"; why: {r.why}"
    if about:
        meta += f"; {about}"
    return Note(RULING_TAG, text, meta, "ruling")


def match_note(m: H.MatchRuling, *, about: str = "") -> Note:
    meta = f"{m.player}'s way, asked: {m.question}"
    if about:
        meta += f"; {about}"
    return Note(MATCH_TAG, m.text, meta, "match")


def subtitle(house: H.House, game_id: str, number: int | None = None) -> str:
    v = H.version(house, game_id, number)
    if v.number == 0:
        return f"{house.name}: the book's main rules (the house has not changed them)."
    how = "settled at the table" if v.status == "ruled" else "agreed"
    why = f": {v.why}" if v.why else ""
    return (f"{H.possessive(house.name)} house rules, version {v.number}, {how} {_date(v.when)} "
            f"(proposed by {v.proposed_by}{why}).")


def build_house_book(house: H.House, game_id: str, players: int | None = None, number: int | None = None,
                     match: str | None = None, with_match_rulings: bool = False) -> tuple[Book, Extras]:
    """The game's book under the house's rule set (version ``number``, default the one
    in force) and the extras that put the house's rulings beside their clauses.
    With ``with_match_rulings``, the per-match rulings of ``match`` are shown too."""
    spec = registered_game(game_id).spec
    options = H.options_for(house, game_id, number)
    book = build_book(spec, options, players)
    in_book = {line.id for _, lines in book.sections for line in lines}
    notes: dict[str, list[Note]] = {}
    general: list[Note] = []
    for r in H.rule_set(house, game_id, number).rulings:
        if r.clause in in_book:
            notes.setdefault(r.clause, []).append(ruling_note(r))
        elif r.clause is None:
            general.append(ruling_note(r))
        else:
            general.append(ruling_note(r, about=f"about {r.clause}, not in force under these rules"))
    closing: list[tuple[str, tuple[Note, ...]]] = []
    if general:
        closing.append(("House rulings", tuple(general)))
    if with_match_rulings:
        only: list[Note] = []
        for m in H.match_rulings(house, match, game_id):
            if m.clause in in_book:
                notes.setdefault(m.clause, []).append(match_note(m))
            else:
                only.append(match_note(m, about=f"about {m.clause}" if m.clause else ""))
        if only:
            closing.append(("This game only", tuple(only)))
    extras = Extras(subtitle(house, game_id, number), {k: tuple(v) for k, v in notes.items()}, tuple(closing))
    return book, extras


def render_house(house: H.House, game_id: str, players: int | None = None, fmt: str = "text",
                 number: int | None = None, match: str | None = None, with_match_rulings: bool = False) -> str:
    """The house's rulebook for ``game_id`` as text, markdown or an HTML fragment."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})")
    book, extras = build_house_book(house, game_id, players, number, match, with_match_rulings)
    return render_book(book, fmt, extras)


def house_page(house: H.House, game_id: str, players: int | None = None, number: int | None = None,
               match: str | None = None, with_match_rulings: bool = False) -> str:
    """A standalone HTML page of the house's rulebook, styled to print cleanly."""
    spec = registered_game(game_id).spec
    body = render_house(house, game_id, players, "html", number, match, with_match_rulings)
    return html_document(body, f"{spec.title} — {H.possessive(house.name)} house rules", HOUSE_CSS)


# --- diff -----------------------------------------------------------------------------------------
def _ruling_line(r: H.Ruling) -> str:
    about = f" [{r.clause}]" if r.clause else ""
    text = f"Asked: {r.question} — Ruled: {r.text}" if r.question else r.text
    return f"{r.id}{about}: {text} ({r.author}, {_date(r.when)})"


def render_diff(d: H.RuleDiff, fmt: str = "text", house: str = "") -> str:
    """Two versions side by side: the options changed (with both rule sentences), the
    preset, and the rulings added and removed."""
    spec = registered_game(d.game).spec
    a, b = f"version {d.before}", f"version {d.after}"
    title = f"{spec.title}: {a} → {b}" + (f" ({house})" if house else "")
    if fmt == "text":
        out = [title, "=" * len(title)]
        if d.empty:
            out.append("No differences.")
        if d.preset:
            out += ["", "Preset", "------", f"  {a}: {d.preset[0] or 'none'}", f"  {b}: {d.preset[1] or 'none'}"]
        if d.options:
            out += ["", "Options", "-------"]
            for c in d.options:
                out += [f"* {c.label}", f"    {a}: {H.value_text(c.before)} — {c.before_rule}",
                        f"    {b}: {H.value_text(c.after)} — {c.after_rule}"]
        if d.added:
            out += ["", "Rulings added", "-------------", *(f"+ {_ruling_line(r)}" for r in d.added)]
        if d.removed:
            out += ["", "Rulings removed", "---------------", *(f"- {_ruling_line(r)}" for r in d.removed)]
        return "\n".join(out) + "\n"
    if fmt == "markdown":
        def md(t: str) -> str:
            return t.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")
        out = [f"# {md(title)}", ""]
        if d.empty:
            out.append("No differences.")
        if d.preset or d.options:
            out += [f"| | {a} | {b} |", "|---|---|---|"]
            if d.preset:
                out.append(f"| preset | {md(d.preset[0] or 'none')} | {md(d.preset[1] or 'none')} |")
            for c in d.options:
                out.append(f"| **{md(c.label)}** | `{H.value_text(c.before)}`: {md(c.before_rule)} | "
                           f"`{H.value_text(c.after)}`: {md(c.after_rule)} |")
        if d.added:
            out += ["", "## Rulings added", "", *(f"- {md(_ruling_line(r))}" for r in d.added)]
        if d.removed:
            out += ["", "## Rulings removed", "", *(f"- {md(_ruling_line(r))}" for r in d.removed)]
        return "\n".join(out) + "\n"
    if fmt == "html":
        e = html.escape
        out = [f'<section class="rulediff" data-game="{e(d.game)}">', f"<h1>{e(title)}</h1>"]
        if d.empty:
            out.append("<p>No differences.</p>")
        if d.preset or d.options:
            out.append(f'<table class="diff"><tr><th></th><th>{e(a)}</th><th>{e(b)}</th></tr>')
            if d.preset:
                out.append(f"<tr><th>preset</th><td>{e(d.preset[0] or 'none')}</td>"
                           f"<td>{e(d.preset[1] or 'none')}</td></tr>")
            for c in d.options:
                out.append(f'<tr data-option="{e(c.name)}"><th>{e(c.label)}</th>'
                           f"<td><code>{e(H.value_text(c.before))}</code> {e(c.before_rule)}</td>"
                           f"<td><code>{e(H.value_text(c.after))}</code> {e(c.after_rule)}</td></tr>")
            out.append("</table>")
        for heading, items, cls in (("Rulings added", d.added, "added"), ("Rulings removed", d.removed, "removed")):
            if items:
                out += [f"<h2>{heading}</h2>", f'<ul class="{cls}">',
                        *(f"<li>{e(_ruling_line(r))}</li>" for r in items), "</ul>"]
        out.append("</section>")
        return "\n".join(out) + "\n"
    raise ValueError(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})")


__all__ = ["HOUSE_CSS", "MATCH_TAG", "RULING_TAG", "build_house_book", "house_page", "match_note", "render_diff",
           "render_house", "ruling_note", "subtitle"]
