"""Renders a game's rulebook from its clauses for chosen options, and a house's
rulebook with its own rulings beside the clauses they concern."""

from gamenight.rulebook.house import HOUSE_CSS, build_house_book, house_page, render_diff, render_house
from gamenight.rulebook.render import (
    FORMATS,
    Book,
    Extras,
    Note,
    RuleLine,
    build_book,
    html_document,
    html_page,
    render,
    render_book,
)

__all__ = ["FORMATS", "HOUSE_CSS", "Book", "Extras", "Note", "RuleLine", "build_book", "build_house_book",
           "house_page", "html_document", "html_page", "render", "render_book", "render_diff", "render_house"]
