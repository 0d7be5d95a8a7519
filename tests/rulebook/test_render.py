"""The rulebook a table reads is rendered from the clauses the engine enforces."""

from __future__ import annotations

import html
import html.parser
from dataclasses import dataclass

import pytest

import gamenight
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.rulebook import build_book, html_page, render

HEARTS = gamenight.get_game("hearts").spec


@dataclass(frozen=True)
class ToyOptions:
    target: int = option(100, "The game ends at {value} points.", minimum=1)
    wild: bool = option(False, "Jokers are wild: {value}.")


TOY = GameSpec(
    id="toy", title="Toy <Game> & Co", family="tricks", players=(2, 3, 4), options=ToyOptions, source="000",
    summary="A <b>toy</b> game for \"tests\".",
    rules=Rules([
        Clause("toy.deal", "Deal <all> the cards & keep them secret.", "Setup"),
        Clause("toy.three", "With three players remove the 2s.", "Setup", players=lambda n: n == 3),
        Clause("toy.wild", "Jokers stand for any card.", "Play", option="wild", when=lambda o: o.wild),
        Clause("toy.tame", "Jokers are just low cards.", "Play", option="wild", when=lambda o: not o.wild),
        Clause("toy.end", "Play to {target} points.", "Scoring", option="target"),
    ]),
    presets={"standard": {}, "wild": {"wild": True}},
    sections=("Setup", "Play", "Scoring"),
)


def test_text_lists_sections_in_order_with_values_filled_in() -> None:
    text = render(TOY, {"target": 50}, players=4)
    assert text.index("Setup") < text.index("Play\n") < text.index("Scoring")
    assert "Play to 50 points." in text and "{target}" not in text
    assert "(toy.end)" in text and "(toy.deal)" in text
    assert "remove the 2s" not in text  # a three-player clause, not in force for four
    assert "remove the 2s" in render(TOY, None, players=3)
    assert "Jokers are just low cards." in text and "stand for any card" not in text


def test_alternate_rules_are_marked_and_listed() -> None:
    text = render(TOY, {"wild": True}, players=4)
    wild_line = next(line for line in text.splitlines() if "stand for any card" in line)
    assert "[house rule]" in wild_line
    assert "[house rule]" not in next(line for line in text.splitlines() if "Deal" in line)
    options_part = text.split("Options in effect")[1]
    assert "Jokers are wild: yes." in options_part
    assert "book's main rules" in render(TOY, None, players=4).split("Options in effect")[1]


def test_markdown_marks_alternates_in_bold() -> None:
    md = render(TOY, {"wild": True, "target": 20}, fmt="markdown")
    assert md.startswith("# Toy")
    assert "## Setup" in md and "## Options in effect" in md
    line = next(x for x in md.splitlines() if "stand for any card" in x)
    assert line.startswith("- **[house rule]**") and "`toy.wild`" in line
    assert "\\<all\\>" in md  # markdown-significant characters escaped


class _Collector(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []
        self.stack: list[str] = []
        self.marks = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag not in ("meta", "br"):
            self.stack.append(tag)
        if tag == "mark" and ("class", "alternate") in attrs:
            self.marks += 1

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"unbalanced </{tag}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_fragment_is_escaped_and_balanced() -> None:
    frag = render(TOY, {"wild": True}, players=4, fmt="html")
    assert "<html" not in frag and frag.lstrip().startswith("<section")
    assert "<b>" not in frag and "<all>" not in frag and "<Game>" not in frag
    assert "Toy &lt;Game&gt; &amp; Co" in frag
    parser = _Collector()
    parser.feed(frag)
    parser.close()
    assert parser.stack == [] and "script" not in parser.tags
    assert parser.marks == 1  # exactly the one house rule
    text = "".join(parser.text)
    assert "Deal <all> the cards & keep them secret." in text  # the reader sees the original text
    assert 'id="toy.wild"' in frag and "clause-id" in frag


def test_html_page_is_a_whole_document() -> None:
    page = html_page(HEARTS, {"target": 50}, players=4)
    assert page.startswith("<!DOCTYPE html>") and "</html>" in page
    assert render(HEARTS, {"target": 50}, players=4, fmt="html") in page


@pytest.mark.parametrize("spec", gamenight.games(), ids=lambda s: s.id)
@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_every_game_renders_every_clause_in_force(spec: GameSpec, fmt: str) -> None:
    for preset, values in spec.presets.items():
        options = gamenight.load(spec.id, preset=preset, seed=1).options
        out = render(spec, options, spec.preferred_players, fmt)
        assert spec.title.split()[0].lower() in html.unescape(out).lower()  # "Liar's" is escaped in html
        for clause in spec.rules.in_force(options, spec.preferred_players):
            assert clause.id in out, f"{clause.id} missing from {preset} {fmt}"
        if values:
            assert "house rule" in out or "Options in effect" in out


def test_hearts_classic_preset_marks_first_trick_rule() -> None:
    book = build_book(HEARTS, gamenight.load("hearts", preset="classic", seed=1).options, 4)
    lines = {line.id: line for _, group in book.sections for line in group}
    assert lines["hearts.first-trick.points"].alternate
    assert not lines["hearts.deck"].alternate
    assert [name for name, _, _ in book.changes] == ["points on first trick"]
    standard = build_book(HEARTS, None, 4)
    assert "hearts.first-trick.points" not in {line.id for _, g in standard.sections for line in g}


def test_unknown_format_and_bad_options() -> None:
    with pytest.raises(ValueError):
        render(HEARTS, None, fmt="pdf")
    with pytest.raises(gamenight.OptionError):
        render(HEARTS, {"nonsense": 1})
