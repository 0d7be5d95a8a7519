"""A house's TOML file: one file per house, written by ``tomli_w`` in canonical form (the
same house gives the same text) and read back by ``tomllib`` with every key checked."""

from __future__ import annotations

import tomllib
from typing import Any

import tomli_w

from gamenight.houses.data import from_data, to_data
from gamenight.houses.model import House, HouseFormatError

HEADER = ("# A gamenight house: its members and the rules it plays each game by.\n"
          "# [games.GAME] holds the version in force; [[games.GAME.history]] the earlier ones.\n")


def _without_empties(value: Any) -> Any:
    """Empty tables and lists left out: the reader takes them as its defaults anyway."""
    if isinstance(value, dict):
        items = ((k, _without_empties(v)) for k, v in value.items())
        return {k: v for k, v in items if v not in (None, {}, [])}
    if isinstance(value, list):
        return [_without_empties(v) for v in value]
    return value


def to_toml(house: House) -> str:
    """The house as canonical TOML text (one file per house)."""
    return HEADER + tomli_w.dumps(_without_empties(to_data(house)))


def from_toml(text: str) -> House:
    """A house from TOML text; errors (``HouseFormatError``) name the bad key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise HouseFormatError(f"not valid TOML: {e}", "(file)") from None
    except RecursionError:
        raise HouseFormatError("not a house file: nested too deeply", "(file)") from None
    except ValueError:  # an integer too long to convert: no house holds one
        raise HouseFormatError("not a house file: a number is far too long", "(file)") from None
    return from_data(data)
