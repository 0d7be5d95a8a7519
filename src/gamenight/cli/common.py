"""What the commands share: reading a game, its options and player count from the command
line, the bots and cores a simulation uses, and how a bad argument is refused (exit code 2)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

import gamenight
from gamenight.bots import SeatBots
from gamenight.engine.game import GameSpec
from gamenight.engine.options import OptionError
from gamenight.engine.registry import UnknownGame, resolve_options


def console() -> Console:
    return Console(file=sys.stdout, highlight=False)


def fail(message: str) -> NoReturn:
    Console(file=sys.stderr, highlight=False, soft_wrap=True).print(Text(f"error: {message}", style="bold red"))
    raise typer.Exit(2)


class UsageProblem(Exception):
    """A bad game, option, preset or count given on the command line (exit code 2)."""


# --- shared argument handling -----------------------------------------------------------
OptionArg = Annotated[list[str] | None, typer.Option("--option", "-o", metavar="NAME=VALUE",
                                                     help="A house option, e.g. target=50 (repeatable).")]
PresetArg = Annotated[str | None, typer.Option("--preset", "-p", help="A named set of options.")]
PlayersArg = Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")]


def spec_of(game_id: str) -> GameSpec:
    try:
        return gamenight.get_game(game_id).spec
    except UnknownGame as e:
        raise UsageProblem(str(e)) from None


def option_values(pairs: Sequence[str] | None) -> dict[str, str]:
    values: dict[str, str] = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise UsageProblem(f"option {pair!r} should be written NAME=VALUE, e.g. target=50")
        key, value = pair.split("=", 1)
        values[key.strip()] = value.strip()
    return values


def players_for(spec: GameSpec, players: int | None) -> int:
    n = players if players is not None else spec.preferred_players
    if n not in spec.players:
        raise UsageProblem(f"{spec.title} is played by {spec.players_text} players, not {n}")
    return n


def resolve(spec: GameSpec, option: Sequence[str] | None, preset: str | None) -> Any:
    try:
        return resolve_options(spec, option_values(option), preset)
    except OptionError as e:
        raise UsageProblem(str(e)) from None


JobsArg = Annotated[int | None, typer.Option("--jobs", "-j", min=1,
                                             help="Processes to share the matches (default: every core).")]
RayArg = Annotated[str | None, typer.Option("--ray", metavar="ADDRESS",
                                            help="Run on a Ray cluster at ADDRESS (or auto); needs gamenight[ray].")]
BotsArg = Annotated[str, typer.Option("--bots", help="heuristic, random or mixed "
                                      "(mixed: even seats heuristic, odd seats random).")]


def seat_bots(kind: str) -> SeatBots:
    try:
        return SeatBots(kind)
    except ValueError as e:
        raise UsageProblem(str(e)) from None


def progress_bar(console: Console) -> Progress:
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=console, transient=False)


