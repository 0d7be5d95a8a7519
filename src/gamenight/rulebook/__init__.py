"""Renders a game's rulebook from its clauses for chosen options."""

from gamenight.rulebook.render import FORMATS, Book, RuleLine, build_book, html_page, render

__all__ = ["FORMATS", "Book", "RuleLine", "build_book", "html_page", "render"]
