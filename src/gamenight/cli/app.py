"""The ``gamenight`` command: list the games, print a rulebook, play against bots
in the terminal, simulate many bot matches.

The CLI holds no rules: it turns terminal input into engine calls and renders
views, prompts, refusals and the score sheet. Everything is generic over the
game contract, so a newly registered game works here without changes.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

import gamenight
from gamenight import houses
from gamenight.bots import Bot, SeatBots, has_heuristic, make_bot
from gamenight.cli.common import (
    BotsArg,
    JobsArg,
    OptionArg,
    PlayersArg,
    PresetArg,
    RayArg,
    UsageProblem,
    progress_bar,
    seat_bots,
)
from gamenight.cli.common import console as _console
from gamenight.cli.common import fail as _fail
from gamenight.cli.common import players_for as _players
from gamenight.cli.common import resolve as _resolve
from gamenight.cli.common import spec_of as _spec
from gamenight.cli.compare import compare_cmd
from gamenight.cli.house import HouseFileProblem, house_app, house_banner, load_house, rulings_text, save_house
from gamenight.core.cards import Card, parse_card
from gamenight.core.chips import Money
from gamenight.core.dice import Die
from gamenight.core.pieces import try_parse_piece
from gamenight.engine.actions import Action, ActionSyntaxError, did_you_mean, parse_action, understand
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.events import fill
from gamenight.engine.match import Match
from gamenight.engine.scoresheet import ScoreSheet, with_names
from gamenight.engine.view import FactKind, View, ZoneKind, ZoneView
from gamenight.rulebook import FORMATS, render, render_house
from gamenight.sim import RayUnavailable, SimulationSummary, default_jobs, simulate

app = typer.Typer(
    name="gamenight",
    help="Plays and referees table games under your house rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(house_app, name="house")
app.command("compare")(compare_cmd)

BOT_KINDS = ("heuristic", "random")
MAX_LISTED = 30


# --- list ---------------------------------------------------------------------------------------
@app.command("list")
def list_games() -> None:
    """List the games gamenight can play."""
    table = Table(title="gamenight games", caption="source: the family rulebook (000–004) the rules come from")
    for col in ("id", "title", "family", "players", "source", "presets"):
        table.add_column(col, no_wrap=col in ("id", "players", "source", "presets"), overflow="fold")
    for spec in gamenight.games():
        table.add_row(*(Text(x) for x in (spec.id, spec.title, spec.family, spec.players_text, spec.source,
                                          "\n".join(spec.presets) or "—")))
    console = _console()
    if not console.is_terminal:
        console.width = max(console.width, 120)  # piped output: no need to squeeze the table
    console.print(table)


# --- rules --------------------------------------------------------------------------------------
@app.command("rules")
def rules(game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")],
          option: OptionArg = None, preset: PresetArg = None, players: PlayersArg = None,
          fmt: Annotated[str, typer.Option("--format", "-f", help="text, markdown or html.")] = "text") -> None:
    """Print a game's rulebook for the chosen house options."""
    try:
        spec = _spec(game)
        options = _resolve(spec, option, preset)
        n = _players(spec, players) if players is not None else None
        if fmt not in FORMATS:
            raise UsageProblem(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})")
    except UsageProblem as e:
        _fail(str(e))
    typer.echo(render(spec, options, n, fmt), nl=False)


# --- play ----------------------------------------------------------------------------------------
SUIT_SYMBOL = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


def card_markup(token: str) -> Text:
    """A card token as a friendly coloured symbol (``QS`` → ``Q♠``)."""
    try:
        card = parse_card(token)
    except ValueError:
        return Text(token)
    style = "bold red" if card.is_red and not card.is_joker and card.suit < 4 else "bold"
    return Text(card.symbol(), style=style)


def piece_markup(token: str) -> Text:
    """Any piece in notation, shown as players know it: cards as symbols, dice as faces."""
    piece = try_parse_piece(token)
    if isinstance(piece, Card):
        return card_markup(token)
    if isinstance(piece, Die):
        return Text(f"[{piece.symbol()}]", style="bold")
    if piece is None:
        return Text(token)
    return Text(str(piece), style="bold")


def words_markup(text: str) -> Text:
    """Running text with every piece named in it shown as a piece."""
    out = Text()
    for i, tok in enumerate(text.split(" ")):
        if i:
            out.append(" ")
        head = tok[:len(tok) - len(tok.lstrip("'(\""))]
        core = tok[len(head):].rstrip(",.;:)'\"?!")
        tail = tok[len(head) + len(core):]
        out.append(head)
        out.append_text(piece_markup(core) if core and try_parse_piece(core) is not None else Text(core))
        out.append(tail)
    return out


class Table_:
    """The names at one terminal player's table: "You" for them, "Bot 1", "Bot 2"... for the others."""

    def __init__(self, players: int, me: int) -> None:
        self.players = players
        self.me = me
        self.names = [f"Bot {s}" for s in range(players)]

    def name(self, seat: Any) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool):
            return str(seat)
        return "You" if seat == self.me else self.names[seat] if 0 <= seat < self.players else f"Seat {seat}"

    def fill(self, text: str, seats: tuple[int, ...]) -> str:
        """A template's ``{0}``, ``{1}``... replaced by the names of ``seats`` ("You" for mine)."""
        return fill(text, seats, self.names, self.me)

    def words(self, text: str) -> str:
        """The score sheet's "seat 1" and "seats 0 & 2" as names."""
        return with_names(text, self.names, self.me)


def fact_markup(kind: FactKind, value: Any, seats: Table_, view: View) -> Text:
    """A fact's value shown by its declared kind."""
    if value is None:
        return Text("—", style="dim")
    if kind is FactKind.SEAT:
        return Text(seats.name(value))
    if kind is FactKind.BID:
        return Text(f"{value['number']} — {seats.name(value['seat'])}")
    if kind is FactKind.SAID:
        return Text(f"{value['words']} — {seats.name(value['seat'])}")
    if kind is FactKind.SEATS:
        return Text(", ".join(seats.name(s) for s in value) or "—")
    if kind is FactKind.TEAM:
        members = view.teams[value] if view.teams else ()
        return Text(" & ".join(seats.name(s) for s in members))
    if kind is FactKind.SUIT:
        return Text(f"{SUIT_SYMBOL.get(value, '')} {value}".strip(),
                    style="bold red" if value in ("hearts", "diamonds") else "bold")
    if kind is FactKind.MONEY:
        return Text(str(Money(int(value))))
    if kind is FactKind.CHIPS:
        return Text(f"{value} chips")
    if kind is FactKind.FLAG:
        return Text("yes" if value else "no")
    if kind is FactKind.PIECES:
        return Text(" ").join(piece_markup(p) for p in value) if value else Text("—", style="dim")
    if kind is FactKind.TABLE:
        return Text("\n").join(Text("  ".join(map(str, row))) for row in value.get("rows", []))
    if isinstance(value, float):
        return Text(f"{value:g}")
    return Text(str(value))


def _zone_markup(zone: ZoneView, seats: Table_) -> Text:
    if zone.kind in (ZoneKind.TRICK, ZoneKind.LAST_TRICK) and zone.by is not None:
        if not zone.pieces:
            return Text("—", style="dim")
        return Text("   ").join(Text(f"{seats.name(s)}: ") + piece_markup(p) for s, p in zip(zone.by, zone.pieces))
    parts = [piece_markup(p) + (Text(f" {zone.at[i]}", style="dim") if zone.at else Text())
             for i, p in enumerate(zone.pieces)]
    text = Text(" ").join(parts)
    if zone.hidden:
        text.append((" " if parts else "") + f"{zone.hidden} face down", style="dim")
    return text


def hand_groups(pieces: Sequence[str], view: View, held: Sequence[int] = (),
                ) -> tuple[list[list[str]], list[str] | None]:
    """The hand as a player holds it: with a ``groups`` fact, the melds the game sees and the
    unmatched rest apart; in the groups the game holds it in (``ZoneView.held``: trumps first, a
    left bower among them); otherwise cards by suit in the order they are held (and no rest)."""
    groups = next((f.value for f in view.facts if f.kind is FactKind.GROUPS), None)
    rest = list(pieces)
    if groups is not None:
        for group in groups:
            for p in group:
                if p in rest:
                    rest.remove(p)
        return [list(g) for g in groups], rest
    if held and sum(held) == len(rest):
        ends = list(itertools.accumulate(held))
        return [rest[end - size:end] for size, end in zip(held, ends)], None
    by_suit: dict[str, list[str]] = {}
    for p in rest:
        piece = try_parse_piece(p)
        by_suit.setdefault(str(piece.suit) if isinstance(piece, Card) else "", []).append(p)
    return list(by_suit.values()), None


def hand_markup(pieces: Sequence[str], view: View, held: Sequence[int] = ()) -> Text:
    """Your hand, grouped by suit, or into melds with the unmatched cards last."""
    groups, rest = hand_groups(pieces, view, held)
    parts = [Text(" ").join(piece_markup(p) for p in g) for g in groups]
    if rest is not None:
        parts = [Text("[") + p + Text("]") for p in parts]
        if rest:
            parts.append(Text("unmatched: ", style="dim") + Text(" ").join(piece_markup(p) for p in rest))
    return Text("   ").join(parts)


def render_view(view: View, seats: Table_, title: str) -> Panel:
    """The table as one seat sees it: facts by kind, per-seat figures, zones, then the hand."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    header = []
    if view.hand_no:
        header.append(f"hand {view.hand_no}")
    if view.phase:
        header.append(view.phase)
    if view.dealer is not None:
        header.append(f"dealer: {seats.name(view.dealer)}")
    for f in view.facts:
        if f.kind in (FactKind.PER_SEAT, FactKind.GROUPS) or (f.kind is FactKind.FLAG and not f.value):
            continue
        grid.add_row(f.label, Text("✓") if f.kind is FactKind.FLAG else fact_markup(f.kind, f.value, seats, view))
    counts: dict[int, int] = {}
    for z in view.zones:
        if z.kind is ZoneKind.HAND and z.owner is not None and z.owner != view.seat:
            counts[z.owner] = counts.get(z.owner, 0) + len(z.pieces) + z.hidden
    if counts:
        grid.add_row("cards left", Text("   ").join(Text(f"{seats.name(s)}: {n}") for s, n in counts.items()))
    for f in view.facts:
        if f.kind is FactKind.PER_SEAT:
            of = f.of or FactKind.NUMBER
            cells = [Text(f"{seats.name(s)}: ") + fact_markup(of, v, seats, view)
                     for s, v in enumerate(f.value) if v is not None]
            if cells:
                grid.add_row(f.label.lower(), Text("   ").join(cells))
    mine = None
    for z in view.zones:
        if z.kind is ZoneKind.HAND and z.owner == view.seat and view.seat is not None:
            mine = z if mine is None else dataclasses.replace(mine, pieces=mine.pieces + z.pieces)
            continue
        if z.kind is ZoneKind.HAND and not z.pieces:
            continue
        if not z.pieces and not z.hidden and z.kind is not ZoneKind.TRICK:
            continue
        label = (z.label or z.name.replace("-", " ")).lower()
        label = label if z.owner is None or z.kind is ZoneKind.TRICK else \
            f"{label} ({seats.name(z.owner)})"
        grid.add_row(label, _zone_markup(z, seats))
    if mine is not None:
        grid.add_row(Text("your hand", style="bold cyan"), hand_markup(mine.pieces, view, mine.held))
    return Panel(grid, title=Text(title), subtitle=Text(" · ".join(header)) if header else None, expand=False)


def _note_text(note: dict[str, Any], words: Callable[[str], str]) -> Text:
    """A score note in words, each stretch followed by its clause, dim, in brackets (as a refusal
    cites it; ``rules GAME`` prints the clause under that id)."""
    out = Text()
    for part in note.get("parts") or [note]:
        out.append(words(part["text"]))
        if part.get("clause"):
            out.append(f" [{part['clause']}]", style="dim")
    return out


def render_sheet(sheet: dict[str, Any] | ScoreSheet, title: str = "Score sheet", notes: bool = True,
                 seats: Table_ | None = None, rows: slice = slice(None)) -> Table:
    """The score sheet (``rows`` of it), with the players' names for their seats when ``seats`` is given."""
    data = sheet.to_dict() if isinstance(sheet, ScoreSheet) else sheet
    words = seats.words if seats is not None else str
    table = Table(title=Text(title), show_footer=True)
    table.add_column("", footer="Total")
    for col, total in zip(data["columns"], data["totals"]):
        table.add_column(Text(words(str(col))), justify="right", footer=Text(f"{total:g}"))
    if notes:
        table.add_column("notes", overflow="fold")
    for row in data["rows"][rows]:
        cells = [Text(words(str(row["label"]))), *(Text(f"{p:g}") for p in row["points"])]
        if notes:
            cells.append(Text("; ").join(_note_text(n, words) for n in row["notes"]))
        table.add_row(*cells)
    return table


HELP_TEXT = """Type the number of a move, or the move itself (e.g. 'play QS', 'pass 2C 3C 4C'; cards are \
case-insensitive, and a card alone is enough when only one move uses it). When a move takes several of \
your cards out of many ways to choose them (a pass), type the letters of the cards in your hand.
Commands: help · rules (the rulebook in force) · sheet (the score sheet) · log (what has happened) · \
moves (list every legal move) · quit"""


class TerminalGame:
    """One person against bots, reading lines from ``stdin`` (a TTY or not)."""

    def __init__(self, match: Match, seat: int, bots: dict[int, Bot], rng: random.Random, console: Console,
                 house: houses.House | None = None) -> None:
        self.match = match
        self.house = house
        self.seat = seat
        self.bots = bots
        self.rng = rng
        self.out = console
        self.seats = Table_(match.players, seat)
        self.rows_seen = 0
        self.events_seen = 0
        self.summary: list[Text] = []
        """What the end of the hand said, shown with the hand's score row."""
        self.chooser: Chooser | None = None

    # --- input ------------------------------------------------------------------------------
    def read(self, prompt: str) -> str | None:
        self.out.print(Text(prompt, style="bold green"), end="")
        self.out.file.flush()
        line = sys.stdin.readline()
        if not line:
            self.out.print()
            return None
        if not sys.stdin.isatty():
            self.out.print(line.rstrip("\n"), markup=False, highlight=False)
        return line.strip()

    def resolve(self, text: str, legal: Sequence[Action]) -> Action:
        """A typed line → an action: a number, the move's text, or its cards alone."""
        if self.chooser is not None:
            chosen = self.chooser.resolve(text)
            if chosen is not None:
                return chosen
        elif text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            raise ActionSyntaxError(f"there is no move number {k} (1 to {len(legal)})")
        return understand(text, legal, self.match.parse)

    # --- output -----------------------------------------------------------------------------
    def show_moves(self, legal: Sequence[Action], limit: int | None = MAX_LISTED) -> None:
        shown = legal if limit is None else legal[:limit]
        width = len(str(len(legal)))
        grid = Table.grid(padding=(0, 1))
        for i, a in enumerate(shown, 1):
            line = Text(f"{i:>{width}}. ")
            line.append(a.verb)
            for x in a.args:
                line.append(" ")
                line.append_text(piece_markup(str(x)))
            grid.add_row(line)
        self.out.print(grid)
        if len(shown) < len(legal):
            self.out.print(Text(f"   … and {len(legal) - len(shown)} more (type 'moves' to see all, or type "
                                f"the move, e.g. '{legal[-1]}').", style="dim"))

    def show_new_rows(self) -> None:
        """At the end of a hand: what it came to, in words, and the score sheet."""
        rows = len(self.match.sheet.rows)
        if rows > self.rows_seen or (self.summary and self.match.over):
            self.rows_seen = rows
            if self.summary:
                self.out.print(Panel(Text("\n").join(self.summary), title="End of the hand", expand=False,
                                     border_style="magenta"))
                self.summary = []
            self.out.print(render_sheet(self.match.sheet, seats=self.seats))

    def show_result(self) -> None:
        self.show_new_rows()
        res = self.match.result()
        names = ", ".join(self.seats.name(s) for s in res.winners)
        self.out.print(Text(f"Game over. Winner{'s' if len(res.winners) > 1 else ''}: {names}.", style="bold"))
        for place, group in enumerate(res.ranking, 1):
            self.out.print(f"  {place}. {', '.join(self.seats.name(s) for s in group)}")

    def bot_move(self, seat: int) -> None:
        m = self.match
        legal = m.legal_actions(seat)
        m.apply(seat, self.bots[seat].choose(m.view(seat), list(legal), self.rng))
        self.narrate()

    def narrate(self) -> None:
        """Say what happened since last time, in words with names, as this player may know it."""
        m = self.match
        for e in m.events(self.seat, self.events_seen):
            line = words_markup(self.seats.fill(e.text, e.seats))
            if e.kind == "summary":
                self.summary.append(line)
            else:
                self.out.print(line, style="magenta")
        self.events_seen = m.event_count

    # --- the loop -----------------------------------------------------------------------------
    def run(self) -> int:
        m = self.match
        names = [self.seats.name(s) for s in range(m.players) if s != self.seat]
        company = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        self.out.print(Text(f"{m.spec.title} — you play with {company}. Type 'help' for help.",
                            style="bold"))
        while not m.over:
            seats = m.to_act()
            others = [s for s in seats if s != self.seat]
            if others:
                for s in others:
                    if not m.over and s in m.to_act():
                        self.bot_move(s)
                self.show_new_rows()
                continue
            if self.seat not in seats:
                self.out.print(Text("Nobody can act; the game is stuck.", style="bold red"))
                return 1
            if not self.human_turn():
                self.out.print("Bye.")
                return 0
            self.show_new_rows()
        self.show_result()
        return 0

    def human_turn(self) -> bool:
        """Ask the human for one move; False when they quit or input ends."""
        m = self.match
        legal = m.legal_actions(self.seat)
        view = m.game.view(m.state, self.seat)
        self.out.print(render_view(view, self.seats, f"{m.spec.title} — your turn"))
        if view.prompt.text:
            self.out.print(Text(self.seats.fill(view.prompt.text, view.prompt.seats), style="bold"))
        self.chooser = Chooser.of(legal, view, make_bot(m.spec.id), self.rng)
        if self.chooser is not None:
            self.out.print(self.chooser.markup())
        else:
            self.show_moves(legal)
        while True:
            line = self.read("> ")
            if line is None:
                return False
            if not line:
                continue
            word = line.lower()
            if word in ("quit", "exit", "q"):
                return False
            if word in ("help", "?", "h"):
                self.out.print(HELP_TEXT, markup=False)
                continue
            if word == "rules":
                text = render(m.spec, m.options, m.players, "text") if self.house is None \
                    else render_house(self.house, m.spec.id, m.players, "text")
                self.out.print(text, markup=False)
                continue
            if word in ("sheet", "score", "scores"):
                self.out.print(render_sheet(m.sheet, seats=self.seats))
                continue
            if word == "log":
                for e in m.events(self.seat)[-40:]:
                    self.out.print(words_markup(self.seats.fill(e.text, e.seats)))
                continue
            if word in ("moves", "list"):
                self.show_moves(legal, None)
                continue
            try:
                action = self.resolve(line, legal)
                m.apply(self.seat, action)
                self.narrate()
            except IllegalAction as e:
                msg = Text("Refused: ", style="bold red")
                if e.detail:
                    msg.append(self.seats.words(e.detail) + ". ")
                msg.append("Rule: ")
                msg.append(e.rule, style="italic")
                msg.append(f" [{e.clause_id}]", style="dim")
                self.out.print(msg)
                self.suggest(line, legal)  # refusals are in words: the nearest legal move shows how to type it
                for line in rulings_text(self.house, m.spec.id, e.clause_id) if self.house is not None else ():
                    self.out.print(Text(line, style="cyan"))
                continue
            except (ActionSyntaxError, ValueError) as e:
                self.out.print(Text(f"Not understood: {e}. Type a number from the list, or 'help'.",
                                    style="yellow"))
                self.suggest(line, legal)
                continue
            return True

    def suggest(self, typed: str, legal: Sequence[Action]) -> None:
        """"Did you mean ...?" for a mistyped move (only moves listed for this seat are offered)."""
        guess = did_you_mean(typed, legal)
        if guess is not None and guess.lower() != typed.lower():
            self.out.print(Text("Did you mean ") + words_markup(f"'{guess}'") + Text("?"), style="yellow")


class Chooser:
    """Choosing several cards out of many ways (a Hearts pass has 220): the hand is lettered, the
    player types letters or cards, or 1 for a suggested choice, instead of reading every combination."""

    def __init__(self, verb: str, count: int, hand: list[str], suggestion: Action) -> None:
        self.verb, self.count, self.hand, self.suggestion = verb, count, hand, suggestion

    @classmethod
    def of(cls, legal: Sequence[Action], view: View, bot: Bot, rng: random.Random) -> Chooser | None:
        """A chooser when ``legal`` is many moves of one verb, each naming the same number of cards."""
        if len(legal) <= MAX_LISTED or len({a.verb for a in legal}) != 1:
            return None
        counts = {len(a.args) for a in legal}
        if len(counts) != 1 or min(counts) < 2 or any(len(a.cards) != len(a.args) for a in legal):
            return None
        suggestion = bot.choose(view, list(legal), rng)
        return cls(legal[0].verb, counts.pop(), list(view.hand), suggestion)

    def letter(self, i: int) -> str:
        return chr(ord("a") + i) if i < 26 else f"z{i - 25}"

    def markup(self) -> Text:
        words = ("no", "one", "two", "three", "four", "five", "six")
        count = words[self.count] if self.count < len(words) else str(self.count)
        cells = [Text(f"{self.letter(i)} ", style="dim") + piece_markup(c) for i, c in enumerate(self.hand)]
        text = Text("Your cards: ") + Text("  ").join(cells)
        text.append(f"\nType the letters of {count} cards (e.g. '{' '.join(map(self.letter, range(self.count)))}')"
                    " or the cards themselves; or 1 for ")
        text.append_text(words_markup(str(self.suggestion)))
        text.append(" (a suggestion).")
        return text

    def resolve(self, text: str) -> Action | None:
        """The move ``text`` names by letters or by the suggestion's number; None: not that kind of answer."""
        if text.strip().isdigit():
            if text.strip() == "1":
                return self.suggestion
            raise ActionSyntaxError(f"there is no move number {text.strip()} (1 is the suggestion; choose "
                                    "other cards by their letters)")
        letters = text.lower().replace(",", " ").split()
        index = {self.letter(i): i for i in range(len(self.hand))}
        if not letters or not all(w in index for w in letters):
            return None
        if len(set(letters)) != len(letters):
            raise ActionSyntaxError("each card can be chosen once")
        return parse_action(" ".join([self.verb, *(self.hand[index[w]] for w in letters)]))


@app.command("play")
def play(game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")],
         players: PlayersArg = None,
         seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat (0 = first).")] = 0,
         option: OptionArg = None, preset: PresetArg = None,
         seed: Annotated[int | None, typer.Option("--seed", help="Seed for a repeatable deal.")] = None,
         bots: Annotated[str, typer.Option("--bots", help="heuristic or random.")] = "heuristic",
         house: Annotated[Path | None, typer.Option("--house", help="A house file: play by its rules for this "
                                                    "game.")] = None) -> None:
    """Play a game in the terminal against bots."""
    the_house: houses.House | None = None
    try:
        spec = _spec(game)
        n = _players(spec, players)
        if house is not None:
            if option or preset:
                raise UsageProblem("--house plays the house's rule set; change it with 'gamenight house set' "
                                   "instead of --option/--preset")
            try:
                the_house = load_house(house)
            except HouseFileProblem as e:
                raise UsageProblem(str(e)) from None
            options = houses.options_for(the_house, spec.id)
        else:
            options = _resolve(spec, option, preset)
        if not 0 <= seat < n:
            raise UsageProblem(f"seat must be 0 to {n - 1} for {n} players, not {seat}")
        if bots not in BOT_KINDS:
            raise UsageProblem(f"unknown bots {bots!r} (choose {', '.join(BOT_KINDS)})")
    except UsageProblem as e:
        _fail(str(e))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    match = gamenight.load(spec.id, players=n, options=options, seed=seed)
    console = _console()
    if bots == "heuristic" and not has_heuristic(spec.id):
        console.print(Text(f"(no heuristic bot for {spec.title} yet: the bots play at random)", style="dim"))
    if the_house is not None:
        console.print(Text(house_banner(the_house, spec.id), style="bold cyan"))
    table = {s: make_bot(spec.id, bots) for s in range(n) if s != seat}
    code = TerminalGame(match, seat, table, random.Random(f"bots:{seed}"), console, the_house).run()
    if the_house is not None:
        under = houses.played_under(the_house, spec.id)
        console.print(Text(f"(played under {houses.possessive(under.house)} {spec.id} rules, "
                           f"version {under.version})", style="dim"))
    console.print(Text(f"(seed {seed}; replay this deal with --seed {seed})", style="dim"))
    raise typer.Exit(code)


# --- simulate -------------------------------------------------------------------------------------
def render_summary(summary: SimulationSummary, bots: SeatBots) -> Group:
    seats = Table(title=Text(f"{summary.game}: {summary.completed} of {summary.games} matches, "
                             f"{summary.players} players, bots: {bots.kind}"))
    seats.add_column("seat")
    seats.add_column("bot")
    seats.add_column("wins", justify="right")
    seats.add_column("win rate", justify="right")
    for s in range(summary.players):
        seats.add_row(str(s), bots.kind_at(s), f"{summary.wins[s]:g}", f"{summary.win_rates[s]:.1%}")
    spread = Table(title="final totals per score-sheet column")
    for col in ("column", "mean", "min", "max", "stdev"):
        spread.add_column(col, justify="right" if col != "column" else "left")
    for sp in summary.spreads:
        spread.add_row(Text(sp.column), f"{sp.mean:.1f}", f"{sp.minimum:g}", f"{sp.maximum:g}", f"{sp.stdev:.1f}")
    rate = summary.games / summary.seconds if summary.seconds else 0.0
    lines = Text(f"average length: {summary.mean_actions:.1f} actions, {summary.mean_rows:.1f} score rows "
                 f"per match; {summary.seconds:.2f} s ({rate:.1f} matches a second, "
                 f"{summary.cpu_seconds:.1f} CPU seconds)")
    parts: list[Any] = [seats, spread, lines]
    if summary.errors:
        parts.append(Text(f"{len(summary.errors)} match(es) failed:", style="bold red"))
        parts += [Text("  " + e) for e in summary.errors[:20]]
    return Group(*parts)


@app.command("simulate")
def simulate_cmd(game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")],
                 games: Annotated[int, typer.Option("--games", "-g", min=1, help="How many matches.")] = 100,
                 players: PlayersArg = None, option: OptionArg = None, preset: PresetArg = None,
                 seed: Annotated[int, typer.Option("--seed", help="Seed of the first match.")] = 0,
                 bots: BotsArg = "heuristic", jobs: JobsArg = None, ray: RayArg = None) -> None:
    """Play many bot-only matches and summarise win rates, lengths and scores."""
    try:
        spec = _spec(game)
        n = _players(spec, players)
        options = _resolve(spec, option, preset)
        seated = seat_bots(bots)
    except UsageProblem as e:
        _fail(str(e))
    console = _console()
    with progress_bar(console) as bar:
        task = bar.add_task(f"simulating {spec.id}", total=games)
        try:
            summary = simulate(spec.id, games, n, options, seed, choose=seated, jobs=jobs or default_jobs(), ray=ray,
                               progress=lambda done, total: bar.update(task, completed=done))
        except RayUnavailable as e:
            _fail(str(e))
    console.print(render_summary(summary, seated))
    if summary.errors:
        raise typer.Exit(1)


# --- serve --------------------------------------------------------------------------------------
@app.command("serve")
def serve(host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: the whole LAN).")
                          ] = "127.0.0.1",
          port: Annotated[int, typer.Option("--port", help="Port to listen on.", min=1, max=65535)] = 8000,
          database_url: Annotated[str | None, typer.Option(
              "--database-url", help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db "
                                     "(default: SQLite in your data directory).")] = None,
          house: Annotated[list[Path] | None, typer.Option(
              "--house", help="A house file to bring in at start (repeatable), matched by the id it carries: "
                              "a house with that id already kept is left as it is.")] = None,
          redis: Annotated[str | None, typer.Option(
              "--redis", help="Redis URL, e.g. redis://127.0.0.1:6379/0: one of several processes serving the "
                              "same tables over one PostgreSQL database (also GAMENIGHT_REDIS; needs the "
                              "'redis' extra).")] = None) -> None:
    """Start the web app: open tables, share seat links, play in the browser."""
    redis = redis or os.environ.get("GAMENIGHT_REDIS") or None
    if redis is not None and not redis.startswith(("redis://", "rediss://", "unix://")):
        _fail(f"--redis {redis!r}: give a Redis URL, like redis://127.0.0.1:6379/0")
    try:
        kept = [_with_id(p) for p in house or ()]
    except HouseFileProblem as e:
        _fail(str(e))
    from gamenight.server.app import run  # the web stack loads only for this command

    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    _console().print(Text(f"gamenight: open http://{shown}:{port}/ to set up a table (Ctrl+C stops)", style="bold"))
    for h in kept:
        _console().print(Text(f"{h.name}: the host's own link is printed below once the server brings it in",
                              style="cyan"))
    run(host, port, database_url, kept, redis)


def _with_id(path: Path) -> houses.House:
    """The house in ``path``; a file written before houses carried ids gets one, saved back into
    it, so the next start brings in the same house and never another of the same name."""
    house = load_house(path)
    if house.id is None:
        house = dataclasses.replace(house, id=houses.new_id())
        save_house(house, path)
        _console().print(Text(f"{path}: gave the house the id {house.id} (saved in the file)", style="cyan"))
    return house


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``gamenight`` script."""
    try:
        app(args=list(argv) if argv is not None else None, prog_name="gamenight")
    except UsageProblem as e:  # pragma: no cover - commands catch their own
        Console(file=sys.stderr, highlight=False, soft_wrap=True).print(Text(f"error: {e}", style="bold red"))
        sys.exit(2)


if __name__ == "__main__":  # pragma: no cover
    main()
