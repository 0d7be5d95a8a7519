"""Rule clauses are held to what DESIGN.md promises: each is a module constant, cited by
code or marked as text only; a game never prints a family clause twice; an option's
sentence adds to its clause instead of restating it; score notes cite real clauses."""

from __future__ import annotations

import ast
import contextlib
import difflib
import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import gamenight
from gamenight.engine.clauses import Clause
from gamenight.engine.options import describe

SRC = Path(gamenight.__file__).parent
GAMES, FAMILIES, BOTS = (importlib.import_module(f"gamenight.{p}") for p in ("games", "families", "bots"))
GAME_IDS = [spec.id for spec in gamenight.games()]


def _modules(package: ModuleType) -> Iterator[ModuleType]:
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        yield importlib.import_module(info.name)


def _constants() -> dict[int, tuple[ModuleType, str]]:
    """Every module-level Clause constant in games and families: id(clause) -> (module, name)."""
    out: dict[int, tuple[ModuleType, str]] = {}
    for package in (GAMES, FAMILIES):
        for mod in _modules(package):
            for name, value in vars(mod).items():
                if isinstance(value, Clause) and id(value) not in out and name.isupper():
                    out[id(value)] = (mod, name)
    return out


def _citations() -> dict[str, int]:
    """How often each constant name is read in code, leaving out the ``Rules([...])`` lists and
    ``TEXT_ONLY`` tuples that only gather clauses."""
    counts: dict[str, int] = {}
    for package in (GAMES, FAMILIES, BOTS):
        for mod in _modules(package):
            tree = ast.parse(inspect.getsource(mod))
            skip: set[int] = set()
            for node in ast.walk(tree):
                gathers = isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Rules"
                text_only = isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "TEXT_ONLY"
                                                                  for t in node.targets)
                if gathers or text_only:
                    skip |= {id(n) for n in ast.walk(node)}
            for node in ast.walk(tree):
                if id(node) in skip:
                    continue
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    counts[node.id] = counts.get(node.id, 0) + 1
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                    counts[node.attr] = counts.get(node.attr, 0) + 1
    return counts


CONSTANTS = _constants()
CITED = _citations()


def _text_only(mod: ModuleType) -> set[int]:
    return {id(c) for c in getattr(mod, "TEXT_ONLY", ())}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_clause_is_a_constant_cited_by_code_or_marked_text_only(game_id: str) -> None:
    spec = gamenight.get_game(game_id).spec
    game_module = importlib.import_module(type(gamenight.get_game(game_id)).__module__)
    marked = _text_only(game_module)
    package = game_module.__name__.rsplit(".", 1)[0]
    if package != "gamenight.games":  # a game package keeps its clauses in rules.py
        with contextlib.suppress(ModuleNotFoundError):
            marked |= _text_only(importlib.import_module(package + ".rules"))
    for clause in spec.rules:
        where = CONSTANTS.get(id(clause))
        assert where is not None, f"{clause.id} is not a module constant: code must be able to cite it"
        mod, name = where
        if id(clause) in marked or id(clause) in _text_only(mod):
            continue
        assert CITED.get(name, 0) > 0, f"{clause.id} ({mod.__name__}.{name}) is neither cited by code nor " \
                                       f"marked as text only (TEXT_ONLY)"


def test_no_game_cites_a_clause_by_its_id_string() -> None:
    pattern = re.compile(r"RULES\[\s*[\"']")
    offenders = [str(p.relative_to(SRC)) for p in (SRC / "games").rglob("*.py") if pattern.search(p.read_text())]
    assert not offenders, f"cite clause constants, not RULES['id']: {offenders}"


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_never_repeats_a_family_clause(game_id: str) -> None:
    spec = gamenight.get_game(game_id).spec
    family = [c for c in spec.rules if CONSTANTS.get(id(c), (None,))[0] is not None
              and CONSTANTS[id(c)][0].__name__.startswith("gamenight.families")]
    own = [c for c in spec.rules if c not in family]
    for f in family:
        for c in own:
            ratio = difflib.SequenceMatcher(None, _words(f.text), _words(c.text)).ratio()
            assert ratio < 0.75, f"{c.id} repeats the family clause {f.id}: reword it in place of the family's"
    texts = [_words(c.text) for c in spec.rules]
    assert len(texts) == len(set(texts)), "two clauses print the same text"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_option_sentence_does_not_restate_its_clause(game_id: str) -> None:
    spec = gamenight.get_game(game_id).spec
    sentences = {info.name: info.rule for info in describe(spec.options)}
    for clause in spec.rules:
        if clause.option is None or clause.option not in sentences:
            continue
        ratio = difflib.SequenceMatcher(None, _words(sentences[clause.option]), _words(clause.text)).ratio()
        assert ratio < 0.8, f"option {clause.option!r} restates clause {clause.id}"
