"""Render a game's rulebook from the same clauses the engine enforces.

``render(spec, options, players)`` prints the title, source and summary, then
every clause in force for those options (and that player count), grouped by
section in rulebook order, with option values filled in. Clauses that are in
force only because the house switched an option away from the book's main rule
are marked as house rules, and an "Options in effect" list says what changed.

Three formats: plain ``text`` (terminals), ``markdown`` and ``html``. The HTML
is an escaped fragment (a ``<section>``) meant to sit inside a web page;
``html_page`` wraps it in a small standalone document.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gamenight.engine import options as opts
from gamenight.engine.clauses import Clause
from gamenight.engine.game import GameSpec

FORMATS = ("text", "markdown", "html")
HOUSE_TAG = "house rule"

SOURCES = {
    "000": "Family rulebook 000",
    "001": "Family rulebook 001",
    "002": "Family rulebook 002",
    "003": "Family rulebook 003",
    "004": "Family rulebook 004",
}


@dataclass(frozen=True)
class RuleLine:
    """One clause as printed: its id, rendered text and whether it is a house rule."""

    id: str
    text: str
    alternate: bool


@dataclass(frozen=True)
class Book:
    """A rulebook ready to print in any format."""

    id: str
    title: str
    source: str
    summary: str
    players: int | None
    sections: tuple[tuple[str, tuple[RuleLine, ...]], ...]
    changes: tuple[tuple[str, str, str], ...]
    """(option name, value as text, the option's rule sentence) for each changed option."""


@dataclass(frozen=True)
class Note:
    """A line printed beside a clause, or in a closing section: e.g. a house's ruling.
    ``tag`` is the label (``house ruling``), ``meta`` who/when/why in small print,
    ``kind`` a CSS class word (``ruling``, ``match``)."""

    tag: str
    text: str
    meta: str = ""
    kind: str = "ruling"


@dataclass(frozen=True)
class Extras:
    """What a house adds to a game's rulebook: a subtitle under the title, notes beside
    clause ids, and closing sections (title, notes) printed after the clauses."""

    subtitle: str = ""
    notes: Mapping[str, tuple[Note, ...]] = field(default_factory=dict)
    closing: tuple[tuple[str, tuple[Note, ...]], ...] = ()


NO_EXTRAS = Extras()


def source_text(spec: GameSpec) -> str:
    parts = [p.strip() for p in spec.source.split(",") if p.strip()]
    return ", ".join(SOURCES.get(p, f"Rulebook {p}") for p in parts) or "—"


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _section_order(spec: GameSpec, clauses: list[Clause]) -> list[str]:
    order = list(spec.sections)
    for c in clauses:
        if c.section not in order:
            order.append(c.section)
    return order


def build_book(spec: GameSpec, options: Any = None, players: int | None = None) -> Book:
    """The clauses in force for ``options`` and ``players``, grouped and rendered."""
    if options is None:
        options = opts.build(spec.options)
    elif isinstance(options, Mapping):
        options = opts.build(spec.options, options)
    clauses = spec.rules.in_force(options, players)
    groups: dict[str, list[RuleLine]] = {}
    for c in clauses:
        groups.setdefault(c.section, []).append(RuleLine(c.id, c.render(options), c.is_alternate(options)))
    sections = tuple((name, tuple(groups[name])) for name in _section_order(spec, clauses) if name in groups)
    infos = {i.name: i for i in opts.describe(type(options))}
    changes = []
    for name, value in opts.changed(options).items():
        info = infos[name]
        changes.append((info.label or name, _value_text(value), info.sentence(_value_text(value))))
    return Book(spec.id, spec.title, source_text(spec), spec.summary, players, sections, tuple(changes))


def render(spec: GameSpec, options: Any = None, players: int | None = None, fmt: str = "text") -> str:
    """The rulebook of ``spec`` under ``options`` (an options instance or a mapping)
    for ``players`` seats (None: every player count), as text, markdown or an HTML fragment."""
    return render_book(build_book(spec, options, players), fmt)


def render_book(book: Book, fmt: str = "text", extras: Extras | None = None) -> str:
    """Print a built ``Book`` as text, markdown or an HTML fragment, with ``extras``
    (notes beside clauses, closing sections) if given."""
    ex = extras or NO_EXTRAS
    if fmt == "text":
        return _text(book, ex)
    if fmt == "markdown":
        return _markdown(book, ex)
    if fmt == "html":
        return _html(book, ex)
    raise ValueError(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})")


def html_document(body: str, title: str, css: str | None = None) -> str:
    """A complete standalone HTML document around an HTML fragment."""
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(title)}</title>\n<style>\n{PAGE_CSS if css is None else css}</style>\n"
            f"</head>\n<body>\n{body}</body>\n</html>\n")


def html_page(spec: GameSpec, options: Any = None, players: int | None = None) -> str:
    """A complete standalone HTML document holding the rulebook fragment."""
    return html_document(render(spec, options, players, "html"), f"{spec.title} — gamenight rules")


PAGE_CSS = """body { font-family: Georgia, serif; max-width: 44em; margin: 2em auto; padding: 0 1em; line-height: 1.5; }
.rulebook .clause-id { font-size: 0.75em; color: #777; font-family: monospace; margin-left: 0.4em; }
.rulebook mark.alternate { background: #fff3b0; font-size: 0.8em; padding: 0 0.3em; border-radius: 3px; }
.rulebook li.alternate { border-left: 3px solid #e0b400; padding-left: 0.4em; }
.rulebook .source { color: #555; font-style: italic; }
"""


def _players_text(book: Book) -> str:
    return f"{book.players} players" if book.players else "any number of players the game allows"


# --- text ---------------------------------------------------------------------------------
def _wrap(text: str, width: int, indent: str, first: str) -> list[str]:
    import textwrap
    return textwrap.wrap(text, width=width, initial_indent=first, subsequent_indent=indent,
                         break_on_hyphens=False, break_long_words=False) or [first]


def _note_text(note: Note) -> str:
    meta = f" ({note.meta})" if note.meta else ""
    return f"[{note.tag}] {note.text}{meta}"


def _text(book: Book, ex: Extras = NO_EXTRAS) -> str:
    out = [book.title.upper(), "=" * len(book.title)]
    if ex.subtitle:
        out += _wrap(ex.subtitle, 78, "", "")
    out += [f"Source: {book.source}", f"Rules for {_players_text(book)}."]
    if book.summary:
        out += ["", *_wrap(book.summary, 78, "", "")]
    for name, lines in book.sections:
        out += ["", name, "-" * len(name)]
        for line in lines:
            tag = f"[{HOUSE_TAG}] " if line.alternate else ""
            out += _wrap(f"{tag}{line.text} ({line.id})", 78, "  ", "* ")
            for note in ex.notes.get(line.id, ()):
                out += _wrap(_note_text(note), 78, "      ", "    > ")
    for title, notes in ex.closing:
        out += ["", title, "-" * len(title)]
        for note in notes:
            out += _wrap(_note_text(note), 78, "  ", "* ")
    out += ["", "Options in effect", "-----------------"]
    if book.changes:
        for label, value, sentence in book.changes:
            out += _wrap(f"{label} = {value}: {sentence}", 78, "  ", "* ")
    else:
        out.append("The book's main rules (no house options).")
    return "\n".join(out) + "\n"


# --- markdown -------------------------------------------------------------------------------
_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>#|"})


def _md(text: str) -> str:
    return text.translate(_MD_SPECIAL)


def _note_md(note: Note) -> str:
    meta = f" <sub>{_md(note.meta)}</sub>" if note.meta else ""
    return f"**{_md(note.tag)}:** {_md(note.text)}{meta}"


def _markdown(book: Book, ex: Extras = NO_EXTRAS) -> str:
    out = [f"# {_md(book.title)}", ""]
    if ex.subtitle:
        out += [f"**{_md(ex.subtitle)}**", ""]
    out.append(f"*Source: {_md(book.source)}. Rules for {_players_text(book)}.*")
    if book.summary:
        out += ["", _md(book.summary)]
    for name, lines in book.sections:
        out += ["", f"## {_md(name)}", ""]
        for line in lines:
            tag = f"**[{HOUSE_TAG}]** " if line.alternate else ""
            out.append(f"- {tag}{_md(line.text)} <sub>`{line.id}`</sub>")
            out += [f"  > {_note_md(note)}" for note in ex.notes.get(line.id, ())]
    for title, notes in ex.closing:
        out += ["", f"## {_md(title)}", ""]
        out += [f"- {_note_md(note)}" for note in notes]
    out += ["", "## Options in effect", ""]
    if book.changes:
        out += [f"- **{_md(label)}** = `{value}`: {_md(sentence)}" for label, value, sentence in book.changes]
    else:
        out.append("The book's main rules (no house options).")
    return "\n".join(out) + "\n"


# --- html ----------------------------------------------------------------------------------------
def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _note_html(note: Note, element: str) -> str:
    meta = f' <small class="note-meta">{_e(note.meta)}</small>' if note.meta else ""
    return (f'<{element} class="note {_e(note.kind)}"><strong class="note-tag">{_e(note.tag)}:</strong> '
            f"{_e(note.text)}{meta}</{element}>")


def _html(book: Book, ex: Extras = NO_EXTRAS) -> str:
    out = [f'<section class="rulebook" data-game="{_e(book.id)}">',
           f"<h1>{_e(book.title)}</h1>"]
    if ex.subtitle:
        out.append(f'<p class="subtitle">{_e(ex.subtitle)}</p>')
    out += [f'<p class="source">Source: {_e(book.source)}. Rules for {_e(_players_text(book))}.</p>']
    if book.summary:
        out.append(f'<p class="summary">{_e(book.summary)}</p>')
    for name, lines in book.sections:
        out.append(f"<h2>{_e(name)}</h2>")
        out.append("<ul>")
        for line in lines:
            cls = ' class="clause alternate"' if line.alternate else ' class="clause"'
            tag = f'<mark class="alternate">{_e(HOUSE_TAG)}</mark> ' if line.alternate else ""
            notes = ex.notes.get(line.id, ())
            inner = "".join(_note_html(n, "li") for n in notes)
            sub = f'<ul class="notes">{inner}</ul>' if notes else ""
            out.append(f'<li id="{_e(line.id)}"{cls}>{tag}{_e(line.text)} '
                       f'<small class="clause-id">{_e(line.id)}</small>{sub}</li>')
        out.append("</ul>")
    for title, notes in ex.closing:
        out.append(f"<h2>{_e(title)}</h2>")
        out.append('<ul class="notes">')
        out += [_note_html(n, "li") for n in notes]
        out.append("</ul>")
    out.append("<h2>Options in effect</h2>")
    if book.changes:
        out.append('<ul class="options">')
        for label, value, sentence in book.changes:
            out.append(f"<li><strong>{_e(label)}</strong> = <code>{_e(value)}</code>: {_e(sentence)}</li>")
        out.append("</ul>")
    else:
        out.append("<p>The book's main rules (no house options).</p>")
    out.append("</section>")
    return "\n".join(out) + "\n"
