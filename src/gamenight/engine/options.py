"""House options: every field's default is the rulebook's main rule; each carries
the sentence it adds to the rulebook. Values from text (CLI, forms, TOML) are
validated here, and an unknown or bad option is a clear error naming the key."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

OptionsT = TypeVar("OptionsT")

MAX_NUMBER = 1_000_000
"""Bound of a number option that declares none: a match must be able to end."""
MAX_TEXT = 200
"""Longest text option: option values ride along with every table's description."""
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class OptionError(ValueError):
    """An unknown option, or a value the option does not accept."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        self.reason = message
        super().__init__(f"option {key!r}: {message}")


def option(default: Any, rule: str, *, label: str = "", choices: Sequence[Any] | None = None,
           minimum: int | None = None, maximum: int | None = None) -> Any:
    """Declare an option field. ``rule`` is the sentence the rulebook prints when the
    option is switched away from the default (``{value}`` is filled in)."""
    meta = {"rule": rule, "label": label, "choices": tuple(choices) if choices else None,
            "minimum": minimum, "maximum": maximum}
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class OptionInfo:
    name: str
    default: Any
    kind: type
    rule: str
    label: str
    choices: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None

    def sentence(self, value: Any) -> str:
        return self.rule.format(value=value)


def describe(cls: type) -> list[OptionInfo]:
    """The options of an options dataclass, in declaration order."""
    return list(_describe(cls))


@functools.cache
def _describe(cls: type) -> tuple[OptionInfo, ...]:
    """Options classes are frozen declarations: read each once (every match start asks)."""
    out = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        kind = type(f.default)
        out.append(OptionInfo(f.name, f.default, kind, meta.get("rule", ""), meta.get("label", "") or
                              f.name.replace("_", " "), meta.get("choices"), meta.get("minimum"),
                              meta.get("maximum")))
    return tuple(out)


def coerce(info: OptionInfo, value: Any) -> Any:
    """Turn ``value`` (possibly text) into the option's type, or raise OptionError."""
    key = info.name
    if info.kind is bool:
        if isinstance(value, bool):
            out: Any = value
        elif isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            out = value.strip().lower() in _TRUE
        else:
            raise OptionError(key, f"expected true or false, got {value!r}")
    elif info.kind is int:
        if isinstance(value, bool):
            raise OptionError(key, f"expected a whole number, got {value!r}")
        if isinstance(value, int):
            out = value
        else:
            text = str(value).strip()
            if len(text) > 12:
                raise OptionError(key, f"expected a whole number, got {text[:20]!r}…")
            try:
                out = int(text)
            except ValueError:
                raise OptionError(key, f"expected a whole number, got {value!r}") from None
        low = info.minimum if info.minimum is not None else -MAX_NUMBER
        high = info.maximum if info.maximum is not None else MAX_NUMBER
        if out < low:
            raise OptionError(key, f"must be at least {low}, got {out}")
        if out > high:
            raise OptionError(key, f"must be at most {high}, got {out}")
    elif info.kind is str:
        if not isinstance(value, str):
            raise OptionError(key, f"expected text, got {value!r}")
        out = value.strip()
        if len(out) > MAX_TEXT:
            raise OptionError(key, f"at most {MAX_TEXT} characters, got {len(out)}")
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in out):
            raise OptionError(key, "text cannot hold control characters")
    else:
        out = value
    if info.choices is not None and out not in info.choices:
        raise OptionError(key, f"must be one of {', '.join(map(str, info.choices))}; got {out!r}")
    return out


def option_name(cls: type, key: str) -> str:
    """The option ``key`` names (``target-score`` is ``target_score``); unknown keys are errors."""
    names = [i.name for i in describe(cls)]
    name = key.replace("-", "_")
    if name not in names:
        raise OptionError(key, f"unknown option (this game's options: {', '.join(names) or 'none'})")
    return name


def normalise(cls: type, values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` (possibly text) converted to their options' types, by option name in
    declaration order: what ``build`` passes to the options class, for callers that keep
    only the values that were set (a house's rule set)."""
    infos = {i.name: i for i in describe(cls)}
    got = {}
    for key, raw in values.items():
        name = option_name(cls, str(key))
        got[name] = coerce(infos[name], raw)
    return {n: got[n] for n in infos if n in got}


def build(cls: type[OptionsT], values: Mapping[str, Any] | None = None) -> OptionsT:
    """An options instance from defaults plus ``values``; unknown keys are errors."""
    return cls(**normalise(cls, values or {}))


def changed(options: Any) -> dict[str, Any]:
    """The options that differ from the book's main rule."""
    return {i.name: getattr(options, i.name) for i in describe(type(options))
            if getattr(options, i.name) != i.default}


def as_dict(options: Any) -> dict[str, Any]:
    return dataclasses.asdict(options)
