"""Refusals are said in words (TABLE.md: "A refused move is explained next to the hand in one
sentence"): no reason a game or family gives quotes typed command syntax ('take discard', 'lay'
... 'on'). The rulebook's clause texts may show the terminal's syntax, and parse errors of typed
moves teach it; those are left out. The terminal offers the nearest legal move after a refusal."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import gamenight

SRC = Path(gamenight.__file__).parent
COMMAND = re.compile(r"'[a-z][a-zA-Z0-9 _-]*'")
"""A quoted command word or phrase: 'deal', 'take discard', 'keep K K'."""
TEACHES_SYNTAX = {"Clause", "option", "GroupSyntax", "ClaimSyntaxError", "ActionSyntaxError", "OptionError"}


def _quoted_commands(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in TEACHES_SYNTAX:
            skip |= {id(n) for n in ast.walk(node)}
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # docstrings
    return [f"{path.relative_to(SRC)}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            and COMMAND.search(node.value)]


def test_no_refusal_quotes_typed_command_syntax() -> None:
    files = [p for p in (*SRC.glob("games/**/*.py"), *SRC.glob("families/*.py")) if p.name != "rules.py"]
    assert len(files) > 30
    found = [line for p in sorted(files) for line in _quoted_commands(p)]
    assert found == []


def test_a_sticks_refusal_is_in_words() -> None:
    m = gamenight.load("sticks", seed=1)
    seat = m.to_act()[0]
    for typed, reason in (("take pile", "only the top card of the discard pile is taken"),
                          ("draw pile", "draw the top card of the stock")):
        try:
            m.apply(seat, typed)
        except gamenight.IllegalAction as e:
            assert e.detail == reason
        else:
            raise AssertionError(f"{typed!r} is not a move of Sticks")
