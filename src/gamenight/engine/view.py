"""Typed views: what one seat (or a spectator) may see, as data every interface
renders without knowing the game.

A game describes where its pieces are as ``Zone``s (any kind of piece, an owner,
who may see it). A viewer's ``View`` is derived from those zones, so hidden
pieces become counts by construction. ``Fact``s carry the few other things a
player would ask about, each with a declared kind, so the terminal, the web
table and the bots read them by kind and never by a game's key names. Events
(``engine.events``) say what just happened.

The JSON form (``view_json``) has a published schema (``view_schema``), built
by Pydantic from these dataclasses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, Protocol

from gamenight.core.pieces import kind_of


class ZoneKind(StrEnum):
    """What a zone is at the table; renderers lay zones out by kind."""

    HAND = "hand"
    """A seat's own pieces (cards in hand, tiles on a rack, dice under a cup)."""
    TRICK = "trick"
    """Cards played to the current trick, each in front of the seat that played it."""
    LAST_TRICK = "last-trick"
    STOCK = "stock"
    """Face-down pieces to draw from (the boneyard, the stock)."""
    DISCARD = "discard"
    """A discard pile or line, top last."""
    PILE = "pile"
    """Any other heap of pieces (a kitty, a widow, taken tricks)."""
    UPCARD = "upcard"
    """Pieces turned up for everyone (a trump card, an up-card)."""
    MELD = "meld"
    """Pieces laid out together by a seat or team (a meld, a run, a set)."""
    LAYOUT = "layout"
    """A shared arrangement built up by everyone (a sevens layout)."""
    TRAIN = "train"
    """Tiles in a line from an engine, open end last."""
    BOARD = "board"
    """Pieces on squares or spaces of a board (``at`` gives each one's place)."""
    DICE = "dice"
    """Dice in view: rolled, kept or set aside."""
    POT = "pot"
    """Chips or money in the middle: one amount (``5ch``, ``$1.25``, see ``pot_zone``), drawn as a
    stack. Amounts come and go with the betting, so conservation does not count them."""


@dataclass(slots=True)
class Zone:
    """Where pieces are, and who may see them: the engine's truth, before redaction. A game lists
    its zones anew for every view, so a zone is a plain slotted record (not frozen, which costs
    2.4 times as much to build): treat it as read-only.

    ``visible_to`` None is everyone; an empty set is nobody (a stock, a face-down
    kitty). ``by`` gives, per piece, the seat that placed it; ``at`` its place
    (a square, a train's open end). ``listed`` False keeps a zone out of views
    (it still counts for conservation and leak checks). ``recap`` marks a look back at
    pieces that now lie elsewhere (the last trick, now in the winner's pile): shown, but
    not counted again."""

    name: str
    pieces: Sequence[Any]
    visible_to: frozenset[int] | None = None
    owner: int | None = None
    kind: ZoneKind = ZoneKind.PILE
    label: str = ""
    by: Sequence[int] | None = None
    at: Sequence[str] | None = None
    team: int | None = None
    listed: bool = True
    recap: bool = False
    closed: str = ""
    """A finished meld, shown squared up as one pile under these words (``natural``, ``mixed``: a
    canasta); empty while it is open."""
    held: tuple[int, ...] = ()
    """A hand the game lists as its players hold it (its own suit and rank order, trumps first), in
    groups of these sizes (a suit each); empty: interfaces sort cards by suit, then rank, ace high."""

    def seen_by(self, viewer: int | None) -> bool:
        vis = self.visible_to
        return vis is None or (viewer is not None and viewer in vis)

    @property
    def cards(self) -> Sequence[Any]:
        """The zone's pieces (the name the card games' tests grew up with)."""
        return self.pieces


@dataclass(slots=True)
class ZoneView:
    """A zone as one viewer sees it: the pieces they may see (in notation) or, when
    hidden, only how many there are. Built for every view a bot reads, so, like ``Zone``, a
    plain slotted record rather than a frozen one: treat it as read-only."""

    name: str
    label: str = ""
    """The zone's name in words; empty: the name itself, capitalised."""
    kind: ZoneKind = ZoneKind.PILE
    piece: str = "card"
    """The kind of piece held: ``card``, ``tile``, ``die``, ``chips``..."""
    pieces: tuple[str, ...] = ()
    hidden: int = 0
    """How many pieces are face down to this viewer (shown as backs)."""
    owner: int | None = None
    team: int | None = None
    by: tuple[int, ...] | None = None
    at: tuple[str, ...] | None = None
    closed: str = ""
    """A finished meld's words (``natural``, ``mixed``), drawn squared up; empty: open."""
    held: tuple[int, ...] = ()
    """The pieces are in the order the game says players hold them, in groups of these sizes
    (a suit each): interfaces keep it. Empty: they sort the cards themselves."""


class FactKind(StrEnum):
    """How a fact's value is to be read and shown."""

    SEAT = "seat"
    """A seat number (shown as the player's name)."""
    TEAM = "team"
    """A team number, an index into the view's ``teams``."""
    SEATS = "seats"
    """A list of seats."""
    SUIT = "suit"
    """A suit word: clubs, diamonds, hearts, spades (or a colour in five-suit decks)."""
    NUMBER = "number"
    BID = "bid"
    """A number and the seat that said it, one fact (the high bid and its bidder):
    ``{"number": 75, "seat": 2}``, shown "75 — Bea"."""
    SAID = "said"
    """Words and the seat that said them, one fact (the claim to beat and its claimer):
    ``{"words": "a pair of kings", "seat": 2}``, shown "a pair of kings — Bea"."""
    MONEY = "money"
    """An amount in cents."""
    CHIPS = "chips"
    TEXT = "text"
    FLAG = "flag"
    """Yes or no: shown only when true, as the fact's label ("Hearts broken")."""
    PIECES = "pieces"
    """Pieces in notation (a hand shown at a showdown, a claim's dice)."""
    GROUPS = "groups"
    """Pieces in groups, each a list in notation: the viewer's hand as the game sees it arranged
    (a rummy hand's melds); the hand's other pieces stand apart (unmatched)."""
    PER_SEAT = "per-seat"
    """One value per seat, each of kind ``of``."""
    TABLE = "table"
    """Rows of words under column heads: ``{"columns": [...], "rows": [[...], ...]}``."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing a player would ask about, with the kind that says how to show it."""

    name: str
    label: str
    kind: FactKind
    value: Any
    of: FactKind | None = None
    """For ``PER_SEAT``: the kind of each seat's value."""


@dataclass(frozen=True, slots=True)
class EventView:
    """What happened, as one viewer may know it. ``text`` is a template: ``{0}``,
    ``{1}``... stand for ``seats[0]``, ``seats[1]``... (interfaces put names there)."""

    text: str
    seats: tuple[int, ...] = ()
    pieces: tuple[str, ...] = ()
    kind: str = ""
    ply: int = 0
    clause: str = ""
    """The id of the rule this event applies (the stock reshuffled, the game's end), which
    interfaces link to instead of printing; empty: none."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """What this seat is asked to do now, in words (empty when nothing is asked)."""

    text: str = ""
    seats: tuple[int, ...] = ()
    """Seats the text refers to as ``{0}``, ``{1}``..."""


class ViewReading:
    """Reading a view by name (bots and tests know their own game's names); shared by ``View`` and
    ``LazyView``, which need only ``seat``, ``zones`` and ``facts``."""

    __slots__ = ()
    seat: int | None
    zones: tuple[ZoneView, ...]
    facts: tuple[Fact, ...]

    def zone(self, name: str) -> ZoneView | None:
        for z in self.zones:
            if z.name == name:
                return z
        return None

    def named(self, name: str) -> tuple[ZoneView, ...]:
        """Every zone called ``name``, in order (a zone each seat has: hands, melds, piles taken)."""
        return tuple(z for z in self.zones if z.name == name)

    def pieces(self, name: str) -> tuple[str, ...]:
        """The visible pieces of zone ``name`` (empty if there is no such zone)."""
        z = self.zone(name)
        return z.pieces if z is not None else ()

    def fact(self, name: str, default: Any = None) -> Any:
        """The value of fact ``name``, or ``default``."""
        for f in self.facts:
            if f.name == name:
                return f.value
        return default

    def has_fact(self, name: str) -> bool:
        return any(f.name == name for f in self.facts)

    @property
    def hand(self) -> tuple[str, ...]:
        """This viewer's own hand: the pieces of the zones of kind hand that they own, in order
        (a hand may lie in two zones, the part only its owner sees and the part everyone has seen,
        such as the cards a rummy player took from the discard pile)."""
        if self.seat is None:
            return ()
        return tuple(p for z in self.zones if z.kind is ZoneKind.HAND and z.owner == self.seat for p in z.pieces)


@dataclass(frozen=True, slots=True)
class View(ViewReading):
    """Everything one viewer may know now."""

    game: str
    seat: int | None
    players: int
    phase: str
    """The phase in words (``bidding``, ``passing``, ``play``)."""
    to_act: tuple[int, ...]
    dealer: int | None = None
    hand_no: int = 0
    teams: tuple[tuple[int, ...], ...] | None = None
    """The partnerships now (interfaces mark your partner)."""
    seating: tuple[int, ...] | None = None
    """The viewer's table clockwise from its first chair, when that is not seat order (interfaces
    place the seats around the table by it); None: every seat, in seat order."""
    zones: tuple[ZoneView, ...] = ()
    facts: tuple[Fact, ...] = ()
    prompt: Prompt = field(default_factory=Prompt)
    events: tuple[EventView, ...] = ()
    over: bool = False
    options: Any = None
    """The rules this table plays by (the game's options): public, like the rulebook on the
    table, for bots to read. Interfaces show them in the rules panel, so the JSON form leaves
    them out."""


# --- deriving views from zones ------------------------------------------------------------------
@lru_cache(maxsize=512)
def _label(name: str) -> str:
    return name.replace("_", " ").replace("-", " ").capitalize()


def zone_view(zone: Zone, viewer: int | None) -> ZoneView:
    """``zone`` as ``viewer`` sees it: its pieces, or only their count."""
    pieces = zone.pieces
    piece = kind_of(pieces[0]) if pieces else "card"
    label = zone.label
    if label and label == _label(zone.name):
        label = ""
    by = tuple(zone.by) if zone.by is not None else None
    at = tuple(zone.at) if zone.at is not None else None
    if zone.seen_by(viewer):
        return ZoneView(zone.name, label, zone.kind, piece, tuple(map(str, pieces)), 0, zone.owner, zone.team,
                        by, at, zone.closed, zone.held)
    return ZoneView(zone.name, label, zone.kind, piece, (), len(pieces), zone.owner, zone.team, by, None)


def zone_views(zones: Iterable[Zone], viewer: int | None) -> tuple[ZoneView, ...]:
    return tuple(zone_view(z, viewer) for z in zones if z.listed)


def zone_text(zone: Zone, viewer: int | None, memo: dict[tuple[Any, ...], str]) -> str:
    """``zone_view(zone, viewer)`` as JSON text (``view_text``'s), remembered in ``memo`` (one per
    table) by what the viewer is shown: after a move most zones show what they showed before. A
    zone the viewer may not see is known by its count alone, so its text holds no piece."""
    pieces = zone.pieces
    seen = zone.seen_by(viewer)
    by, at = zone.by, zone.at
    key = (zone.name, zone.label, zone.kind, zone.owner, zone.team, zone.closed, zone.held, seen,
           None if by is None else tuple(by), None if at is None else tuple(at),
           type(pieces[0]) if pieces else None, tuple(pieces) if seen else len(pieces))
    text = memo.get(key)
    if text is None:
        if len(memo) > 4096:
            memo.clear()
        text = memo[key] = _adapter(ZoneView).serializer.to_json(zone_view(zone, viewer),
                                                                   exclude_defaults=True).decode()
    return text


def pot_zone(amount: Any, label: str = "Pot") -> Zone:
    """The pot in the middle, for everyone to see: ``amount`` is ``core.chips``' ``Chips`` or
    ``Money``. A zone, not a fact, so the table draws it as chips where the others' heaps lie."""
    return Zone("pot", [amount], kind=ZoneKind.POT, label=label)


class ViewSource(Protocol):
    """What a view is derived from: a game (``engine.game.Game``), asked about one state."""

    @property
    def spec(self) -> Any: ...

    def phase(self, state: Any) -> object: ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...

    def dealer(self, state: Any) -> int | None: ...

    def hand_no(self, state: Any) -> int: ...

    def teams(self, state: Any) -> tuple[tuple[int, ...], ...] | None: ...

    def seating(self, state: Any, seat: int | None) -> tuple[int, ...] | None: ...

    def zones_for(self, state: Any, seat: int | None) -> list[Zone]: ...

    def facts(self, state: Any, seat: int | None) -> list[Fact]: ...

    def prompt(self, state: Any, seat: int) -> Prompt | str: ...


class StaleView(RuntimeError):
    """A lazy view was read after its match moved on."""


class LazyView(ViewReading):
    """One viewer's ``View``, each part derived only when it is first read: a bot that reads its
    hand and the trick pays for those zones, not for every zone, fact and prompt (most of a
    simulation's time went into views nobody read in full). The parts come from the same game
    methods and the same ``zone_view`` as ``view()``, so it shows exactly what the viewer may see.

    It reads the live state, so it is for reading at once (a bot choosing its move); a read after
    the state has moved on raises ``StaleView`` rather than show a later position."""

    __slots__ = ("_source", "_state", "_ply", "_zones", "_parts", "_alike", "game", "seat", "players", "over",
                 "options")
    events: tuple[EventView, ...] = ()

    def __init__(self, source: ViewSource, state: Any, seat: int | None, zones: Sequence[Zone] | None = None,
                 alike: dict[tuple[int, bool], ZoneView] | None = None, facts: tuple[Fact, ...] | None = None):
        """``zones``: the zones, listed already; ``alike``: zone views shared by the views of other
        viewers of the same ``zones`` (a zone looks the same to everyone who may see it, and to
        everyone who may not), filled as they are made; ``facts``: the facts, when every viewer's
        are the same (``Game.facts_alike``)."""
        self._source = source
        self._state = state
        self._ply: int = state.ply
        self._zones: Sequence[Zone] | None = zones
        self._parts: dict[Any, Any] = {} if facts is None else {"facts": facts}
        self._alike = alike
        self.game: str = source.spec.id
        self.seat = seat
        self.players: int = state.players
        self.over: bool = state.over
        self.options: Any = state.options

    def _now(self) -> Any:
        state = self._state
        if state.ply != self._ply:
            raise StaleView(f"a view of ply {self._ply} read at ply {state.ply}")
        return state

    def _raw(self) -> Sequence[Zone]:
        """Every zone, listed or not (the readers below skip those a view leaves out)."""
        zones = self._zones
        if zones is None:
            zones = self._zones = self._source.zones_for(self._now(), self.seat)
        return zones

    def _zone(self, i: int, z: Zone) -> ZoneView:
        parts = self._parts
        got = parts.get(i)
        if got is None:
            self._now()  # a zone's pieces may be the state's own list
            alike = self._alike
            if alike is None:
                got = parts[i] = zone_view(z, self.seat)
            else:  # zone_view depends on the viewer only through seen_by
                key = (i, z.seen_by(self.seat))
                got = alike.get(key)
                if got is None:
                    got = alike[key] = zone_view(z, self.seat)
                parts[i] = got
        return got

    # --- the parts, each on first read ---------------------------------------------------------
    @property
    def zones(self) -> tuple[ZoneView, ...]:  # type: ignore[override]
        return tuple(self._zone(i, z) for i, z in enumerate(self._raw()) if z.listed)

    def zone(self, name: str) -> ZoneView | None:
        for i, z in enumerate(self._raw()):
            if z.name == name and z.listed:
                return self._zone(i, z)
        return None

    def named(self, name: str) -> tuple[ZoneView, ...]:
        return tuple(self._zone(i, z) for i, z in enumerate(self._raw()) if z.name == name and z.listed)

    @property
    def hand(self) -> tuple[str, ...]:
        seat = self.seat
        if seat is None:
            return ()
        return tuple(p for i, z in enumerate(self._raw()) if z.kind is ZoneKind.HAND and z.owner == seat and z.listed
                     for p in self._zone(i, z).pieces)

    @property
    def facts(self) -> tuple[Fact, ...]:  # type: ignore[override]
        got = self._parts.get("facts")
        if got is None:
            got = self._parts["facts"] = tuple(self._source.facts(self._now(), self.seat))
        return got

    @property
    def phase(self) -> str:
        return phase_words(self._source.phase(self._now()))

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(self._source.to_act(self._now()))

    @property
    def dealer(self) -> int | None:
        return self._source.dealer(self._now())

    @property
    def hand_no(self) -> int:
        return self._source.hand_no(self._now())

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        return self._source.teams(self._now())

    @property
    def seating(self) -> tuple[int, ...] | None:
        return self._source.seating(self._now(), self.seat)

    @property
    def prompt(self) -> Prompt:
        if self.seat is None:
            return Prompt()
        prompt = self._source.prompt(self._now(), self.seat)
        return prompt if isinstance(prompt, Prompt) else Prompt(prompt)

    def view(self) -> View:
        """Every part, as the published ``View``."""
        return self._view(self.zones)

    def _view(self, zones: tuple[ZoneView, ...]) -> View:
        return View(game=self.game, seat=self.seat, players=self.players, phase=self.phase, to_act=self.to_act,
                    dealer=self.dealer, hand_no=self.hand_no, teams=self.teams,
                    seating=self.seating, zones=zones,
                    facts=self.facts, prompt=self.prompt, over=self.over, options=self.options)


def view_texts(source: ViewSource, state: Any, zones: Sequence[Zone], facts: tuple[Fact, ...] | None,
               seats: Iterable[int | None], memo: dict[tuple[Any, ...], str]) -> dict[int | None, str]:
    """Several viewers' views of one state as JSON text, each the same data as ``view_text`` of
    that viewer's view (members in another order): what every viewer is told alike (the game,
    phase, who acts...) encoded once; each zone's text once for those who may see its pieces and
    once for those who may not (``zone_text``, remembered in ``memo``: keep one per table); then
    per viewer only its seat, seating, facts (unless ``facts``, everyone's) and prompt."""
    now = LazyView(source, state, None, zones)
    alike = View(game=now.game, seat=None, players=now.players, phase=now.phase, to_act=now.to_act,
                 dealer=now.dealer, hand_no=now.hand_no, teams=now.teams, over=now.over)
    head = _adapter(View).serializer.to_json(alike, exclude_defaults=True, exclude=_PER_VIEWER).decode()
    head = head[:-1]  # the members for everyone; the closing brace comes after each viewer's own
    shared_facts = None if facts is None else (',"facts":' + _facts_text(facts) if facts else "")
    listed = [z for z in zones if z.listed]
    texts: list[list[str | None]] = [[None, None] for _ in listed]  # per zone: as hidden, as seen
    out: dict[int | None, str] = {}
    for seat in seats:
        parts = [head, ',"seat":', "null" if seat is None else str(seat)]
        seating = source.seating(state, seat)
        if seating is not None:
            parts.append(',"seating":[' + ",".join(map(str, seating)) + "]")
        if shared_facts is None:
            own = tuple(source.facts(state, seat))
            if own:
                parts.append(',"facts":' + _facts_text(own))
        elif shared_facts:
            parts.append(shared_facts)
        if seat is not None:
            asked = source.prompt(state, seat)
            prompt = asked if isinstance(asked, Prompt) else Prompt(asked)
            if prompt != _NO_PROMPT:
                parts.append(',"prompt":' + _PROMPT_TEXTS[prompt])
        if listed:
            zone_parts = []
            for i, z in enumerate(listed):
                seen = int(z.seen_by(seat))
                text = texts[i][seen]
                if text is None:
                    text = texts[i][seen] = zone_text(z, seat, memo)
                zone_parts.append(text)
            parts.append(',"zones":[' + ",".join(zone_parts) + "]")
        parts.append("}")
        out[seat] = "".join(parts)
    return out


_PER_VIEWER = {"seat", "seating", "zones", "facts", "prompt", "events", "options"}
"""A view's members ``view_texts`` encodes per viewer (``options`` is not sent at all)."""


def _facts_text(facts: tuple[Fact, ...]) -> str:
    return _adapter(tuple[Fact, ...]).serializer.to_json(facts, exclude_defaults=True).decode()  # type: ignore[no-any-return]


class TextMemo(dict[Any, str]):
    """Texts remembered by what they say, made by ``make`` on a miss; emptied when ``limit`` is passed."""

    def __init__(self, make: Callable[[Any], str], limit: int) -> None:
        super().__init__()
        self.make, self.limit = make, limit

    def __missing__(self, key: Any) -> str:
        if len(self) > self.limit:
            self.clear()
        t = self[key] = self.make(key)
        return t


_NO_PROMPT = Prompt()


def _prompt_json(prompt: Prompt) -> str:
    return _adapter(Prompt).serializer.to_json(prompt, exclude_defaults=True).decode()  # type: ignore[no-any-return]


_PROMPT_TEXTS = TextMemo(_prompt_json, 10_000)
"""Prompts' texts: a seat is asked the same few things again and again."""


def per_seat(name: str, label: str, values: Sequence[Any], of: FactKind = FactKind.NUMBER) -> Fact:
    return Fact(name, label, FactKind.PER_SEAT, list(values), of)


def fact(name: str, label: str, kind: FactKind, value: Any) -> Fact:
    return Fact(name, label, kind, value)


def bid(name: str, label: str, number: int, seat: int) -> Fact:
    """A number and the seat that said it, as one fact: "Bid 75 — Bea"."""
    return Fact(name, label, FactKind.BID, {"number": number, "seat": seat})


def said(name: str, label: str, words: str, seat: int) -> Fact:
    """Words and the seat that said them, as one fact: "Claim to beat: a pair of kings — Bea"."""
    return Fact(name, label, FactKind.SAID, {"words": words, "seat": seat})


def flag(name: str, label: str, value: bool) -> Fact:
    return Fact(name, label, FactKind.FLAG, bool(value))


# --- JSON and schema -------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _adapter(cls: type) -> Any:
    from pydantic import TypeAdapter
    return TypeAdapter(cls)


def view_data(view: View) -> dict[str, Any]:
    """The view as JSON-ready data in the published schema's form (fields left at their
    defaults are omitted, to keep messages small)."""
    return _adapter(View).dump_python(view, mode="json", exclude_defaults=True,  # type: ignore[no-any-return]
                                      exclude={"options"})


def view_json(value: Any) -> Any:
    """A ``View`` or ``EventView`` as JSON-ready data (anything else passes through)."""
    if isinstance(value, View):
        return view_data(value)
    if isinstance(value, EventView):
        return _adapter(EventView).dump_python(value, mode="json", exclude_defaults=True)
    return value


_NOT_SENT = {"options"}
"""A view's members its JSON text leaves out (the rules are sent once, with the table)."""


def view_text(value: View | EventView) -> str:
    """A view or an event as compact JSON text, the same data as ``view_json``, encoded in one step
    by pydantic (a server sends one to every viewer after every move)."""
    if isinstance(value, View):
        out = _adapter(View).dump_json(value, exclude_defaults=True, exclude=_NOT_SENT)
    else:
        out = _adapter(EventView).dump_json(value, exclude_defaults=True)
    return out.decode()  # type: ignore[no-any-return]


def view_schema() -> dict[str, Any]:
    """The JSON Schema of a view, as the web app publishes it."""
    return _adapter(View).json_schema()  # type: ignore[no-any-return]


def phase_words(phase: object) -> str:
    """A phase enum or string as words (``bid-together`` → ``bid together``)."""
    value = getattr(phase, "value", phase)
    return str(value).replace("_", " ").replace("-", " ")
