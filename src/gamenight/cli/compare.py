"""``gamenight compare GAME``: the same seeds played under two or more rule sets, side by side.

A rule set is named on the command line as ``--rules "preset=classic,target=50"`` (``book``:
the book's main rules), or is a version of a house's rules (``--house FILE --version 1
--version 2``); the table goes to the terminal and, with its plots, to the ``--out`` folder."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from gamenight import houses as H
from gamenight.cli.common import (
    BotsArg,
    JobsArg,
    PlayersArg,
    RayArg,
    UsageProblem,
    console,
    fail,
    option_values,
    players_for,
    progress_bar,
    resolve,
    seat_bots,
    spec_of,
)
from gamenight.cli.house import HouseFileProblem, load_house
from gamenight.engine.game import GameSpec
from gamenight.sim import RayUnavailable, default_jobs, house_rules, report
from gamenight.sim.compare import CompareError, Comparison, RuleSet, compare

BOOK = "book"


def rule_set(spec: GameSpec, text: str) -> RuleSet:
    """``book``, or ``NAME=VALUE`` pairs split by commas where ``preset`` names a preset."""
    text = text.strip()
    if text in (BOOK, ""):
        return RuleSet(BOOK, resolve(spec, (), None))
    values = option_values([p for p in text.split(",") if p.strip()])
    preset = values.pop("preset", None)
    return RuleSet(text, resolve(spec, [f"{k}={v}" for k, v in values.items()], preset))


def rule_sets(spec: GameSpec, rules: list[str], house: Path | None, version: list[int]) -> list[RuleSet]:
    out = [rule_set(spec, r) for r in rules]
    if house is not None:
        try:
            out += house_rules.versions(load_house(house), spec.id, version)
        except (HouseFileProblem, H.HouseError) as e:
            raise UsageProblem(str(e)) from None
    elif version:
        raise UsageProblem("--version names a version of a house's rules: give the house with --house FILE")
    if len(out) < 2:
        raise UsageProblem("name two or more rule sets to compare: --rules book --rules \"preset=...\", "
                           "or --house FILE (its last two versions)")
    return out


def render_table(comparison: Comparison) -> Table:
    table = Table(title=Text(f"{comparison.title}: {comparison.games} matches under each rule set, "
                             f"{comparison.players} players (95% intervals)"))
    table.add_column("metric")
    for label in comparison.labels:
        table.add_column(label, justify="right")
    for row in comparison.rows:
        table.add_row(row.metric, *(report.shown(e, row.kind) for e in row.estimates))
    return table


def compare_cmd(game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")],
                rules: Annotated[list[str] | None, typer.Option(
                    "--rules", "-r", metavar="RULES",
                    help='A rule set: "book", or NAME=VALUE pairs split by commas, e.g. "preset=classic,target=50" '
                         "(repeatable).")] = None,
                house: Annotated[Path | None, typer.Option("--house", help="A house file whose versions to compare."
                                                           )] = None,
                version: Annotated[list[int] | None, typer.Option(
                    "--version", help="A version of the house's rules (repeatable; default: the last two).")] = None,
                games: Annotated[int, typer.Option("--games", "-g", min=1, help="Matches under each rule set.")
                                 ] = 1000,
                players: PlayersArg = None,
                seed: Annotated[int, typer.Option("--seed", help="Seed of the first match.")] = 0,
                bots: BotsArg = "heuristic", jobs: JobsArg = None, ray: RayArg = None,
                out: Annotated[Path | None, typer.Option("--out", help="Folder for table.csv, report.html and the "
                                                         "plots (default: compare-GAME).")] = None) -> None:
    """Play the same seeds under two or more rule sets and report the outcomes side by side."""
    try:
        spec = spec_of(game)
        n = players_for(spec, players)
        sides = rule_sets(spec, rules or [], house, version or [])
        seated = seat_bots(bots)
    except UsageProblem as e:
        fail(str(e))
    screen = console()
    with progress_bar(screen) as bar:
        task = bar.add_task(f"comparing {len(sides)} rule sets of {spec.id}", total=games * len(sides))
        try:
            result = compare(spec.id, sides, games, n, seed, choose=seated, jobs=jobs or default_jobs(), ray=ray,
                             progress=lambda done, total: bar.update(task, completed=done))
        except (CompareError, RayUnavailable) as e:
            fail(str(e))
    screen.print(render_table(result))
    folder = out if out is not None else Path(f"compare-{spec.id}")
    report.write(result, folder)
    screen.print(Text(f"wrote {folder / report.CSV_NAME} and {folder / report.HTML_NAME} "
                      f"({result.seconds:.1f} s)", style="dim"))
    if result.errors:
        screen.print(Text(f"{len(result.errors)} match(es) failed:", style="bold red"))
        for problem in result.errors[:20]:
            screen.print(Text("  " + problem))
        raise typer.Exit(1)
