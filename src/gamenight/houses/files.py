"""A house's TOML file: one file per house, in canonical form, read back with every key
checked (``from_data``)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from gamenight.houses.data import from_data, to_data
from gamenight.houses.model import House, HouseFormatError, as_utc

HEADER = ("# A gamenight house: its members and the rules it plays each game by.\n"
          "# [games.GAME] holds the version in force; [[games.GAME.history]] the earlier ones.\n")

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _toml_key(key: str) -> str:
    return key if _BARE.fullmatch(key) else _toml_str(key)


def _toml_str(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_str(value)
    if isinstance(value, datetime):
        return as_utc(value).isoformat().replace("+00:00", "Z")
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to a house file")


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _emit(table: Mapping[str, Any], path: str, out: list[str]) -> None:
    for k, v in table.items():
        if v is None or isinstance(v, dict) or _is_tables(v) or (isinstance(v, list) and not v):
            continue
        out.append(f"{_toml_key(k)} = {_toml_value(v)}")
    for k, v in table.items():
        sub = f"{path}.{_toml_key(k)}" if path else _toml_key(k)
        if isinstance(v, dict) and v:
            if all(isinstance(x, dict) for x in v.values()):  # a table of tables (games): no empty header
                for k2, v2 in v.items():
                    out += ["", f"[{sub}.{_toml_key(k2)}]"]
                    _emit(v2, f"{sub}.{_toml_key(k2)}", out)
            else:
                out += ["", f"[{sub}]"]
                _emit(v, sub, out)
        elif _is_tables(v):
            for item in v:
                out += ["", f"[[{sub}]]"]
                _emit(item, sub, out)


def to_toml(house: House) -> str:
    """The house as canonical TOML text (one file per house)."""
    out: list[str] = []
    _emit(to_data(house), "", out)
    return HEADER + "\n".join(out) + "\n"


def from_toml(text: str) -> House:
    """A house from TOML text; errors (``HouseFormatError``) name the bad key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise HouseFormatError(f"not valid TOML: {e}", "(file)") from None
    return from_data(data)
