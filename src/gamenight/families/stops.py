"""Stops (sevens, layout) games: a layout in the middle of the table where each suit is
started with one card (usually a 7) and built down and up in sequence, one card at a
time; a player who cannot play passes.

The mechanics here name no game: what starts a suit (a rank, and optionally one card
that must open the whole layout), whether the ace sits above the king or below the 2,
whether another suit may be opened at any time, and what happens where a card is out of
the game (removed to even the hands, or set aside): ``gap="skip"`` lets the next card
of the suit that is in play continue the sequence, so a gap can never deadlock;
``gap="block"`` closes the suit at the gap, and ``Layout.dead`` then says which cards
can never be played (a game decides what ends the hand when only such cards are left).

Games that use the shared clauses below must have an option field named ``gap`` with
the values in ``GAPS``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gamenight.core.cards import FACES, RANK_TEXT, SUIT_NAMES, Card, card_text
from gamenight.engine.clauses import Clause
from gamenight.engine.view import Zone, ZoneKind

GAPS = ("skip", "block")
"""How a suit continues past a card that is out of the game."""

ACE_HIGH_ORDER: tuple[int, ...] = tuple(range(2, 15))
"""Ranks from the bottom of a suit to its top when the ace is played on the king."""
ACE_LOW_ORDER: tuple[int, ...] = (14, *range(2, 14))
"""Ranks from the bottom to the top when the ace is played below the 2."""

BUILD = Clause("stops.build", "Cards are played to a layout in the middle of the table: once a suit is started, "
               "it is built down and up in sequence, one card at a time, each card next to the end of its suit.",
               section="The layout")
PASS_WHEN_UNABLE = Clause("stops.pass", "A player who has no card that can be played passes.", section="The layout")
GAP_SKIP = Clause("stops.gap.skip", "A card that is out of the game leaves no hole: the next card of that suit "
                  "that is in play may be played in its place.", section="The layout", option="gap",
                  when=lambda o: o.gap == "skip")
GAP_BLOCK = Clause("stops.gap.block", "A card that is out of the game closes its suit at that point: the cards "
                   "beyond it can never be played.", section="The layout", option="gap",
                   when=lambda o: o.gap == "block")
MUST_PLAY = Clause("stops.must-play", "A player who can play must play; passing is only for a player who "
                   "cannot.", section="The layout")


@dataclass(frozen=True)
class StopsRules:
    """How a layout is built. Defaults: sevens start suits, ace high, gaps skipped."""

    start_rank: int = 7
    """The rank that starts a suit."""
    first_card: int | None = None
    """A face that must open the whole layout (None: any starting card)."""
    ace_high: bool = True
    """The ace is played on top of the king (False: below the 2)."""
    gap: str = "skip"
    """``skip``: the next card in play continues the suit past a missing one; ``block``: the suit ends there."""
    open_any_time: bool = True
    """A new suit may be started whenever a player holds its starting card."""

    def __post_init__(self) -> None:
        if self.gap not in GAPS:
            raise ValueError(f"gap must be one of {GAPS}, not {self.gap!r}")
        if not 2 <= self.start_rank <= 14:
            raise ValueError("start_rank must be a rank 2..14")

    @property
    def order(self) -> tuple[int, ...]:
        return ACE_HIGH_ORDER if self.ace_high else ACE_LOW_ORDER


_POSITIONS: dict[tuple[int, ...], dict[int, int]] = {}


def _positions(order: tuple[int, ...]) -> dict[int, int]:
    pos = _POSITIONS.get(order)
    if pos is None:
        pos = _POSITIONS[order] = {rank: i for i, rank in enumerate(order)}
    return pos


@dataclass
class Layout:
    """The cards laid out by suit: for each suit, the lowest and highest positions laid
    (positions index ``rules.order``; None while the suit is not started)."""

    rules: StopsRules
    present: list[frozenset[int]]
    """For each suit, the positions of the cards in play (the deck minus cards out of the game)."""
    low: list[int | None] = field(default_factory=lambda: [None] * 4)
    high: list[int | None] = field(default_factory=lambda: [None] * 4)
    laid: list[Card] = field(default_factory=list)
    """Every card on the layout, in the order played."""

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, rules: StopsRules, in_play: Iterable[int]) -> Layout:
        """An empty layout for a deal whose cards in play are ``in_play`` (faces)."""
        pos = _positions(rules.order)
        present: list[set[int]] = [set() for _ in range(4)]
        for c in in_play:
            s = c >> 4
            if s < 4:
                present[s].add(pos[c & 15])
        return cls(rules, [frozenset(p) for p in present])

    # --- geometry ----------------------------------------------------------------------------
    def face_at(self, suit: int, position: int) -> Card:
        return FACES[suit * 16 + self.rules.order[position]]

    def position(self, card: int) -> int:
        return _positions(self.rules.order)[card & 15]

    def _opener(self, suit: int) -> int | None:
        """The position of the card that starts ``suit`` (None: it can never start)."""
        present = self.present[suit]
        start = _positions(self.rules.order)[self.rules.start_rank]
        if start in present:
            return start
        if self.rules.gap == "block" or not present:
            return None
        above = [p for p in present if p > start]
        return min(above) if above else max(present)

    def _below(self, suit: int, lo: int) -> int | None:
        present = self.present[suit]
        if self.rules.gap == "block":
            return lo - 1 if lo - 1 in present else None
        lower = [p for p in present if p < lo]
        return max(lower) if lower else None

    def _above(self, suit: int, hi: int) -> int | None:
        present = self.present[suit]
        if self.rules.gap == "block":
            return hi + 1 if hi + 1 in present else None
        higher = [p for p in present if p > hi]
        return min(higher) if higher else None

    def started(self, suit: int) -> bool:
        return self.low[suit] is not None

    # --- what may be played ---------------------------------------------------------------------
    def playable_faces(self) -> set[int]:
        """The faces that may be played to the layout now."""
        first = self.rules.first_card
        if not self.laid and first is not None:
            s = first >> 4
            if self.position(first) in self.present[s]:
                return {int(first)}
        out: set[int] = set()
        any_started = bool(self.laid)
        for s in range(4):
            lo, hi = self.low[s], self.high[s]
            if lo is None or hi is None:
                if self.rules.open_any_time or not any_started:
                    p = self._opener(s)
                    if p is not None:
                        out.add(self.face_at(s, p))
                continue
            b = self._below(s, lo)
            if b is not None:
                out.add(self.face_at(s, b))
            a = self._above(s, hi)
            if a is not None:
                out.add(self.face_at(s, a))
        return out

    def can_play(self, card: int) -> bool:
        return int(card) in self.playable_faces()

    def playable_in(self, hand: Sequence[Card]) -> list[Card]:
        """The cards of ``hand`` that may be played now, in hand order."""
        ok = self.playable_faces()
        return [c for c in hand if int(c) in ok]

    def suit_complete(self, suit: int) -> bool:
        lo, hi = self.low[suit], self.high[suit]
        present = self.present[suit]
        if not present:
            return True
        return lo is not None and hi is not None and lo <= min(present) and hi >= max(present)

    def complete(self) -> bool:
        return all(self.suit_complete(s) for s in range(4))

    def dead(self) -> set[int]:
        """Faces in play that can never be laid (only with ``gap="block"``, or a suit whose
        starting card is out of the game)."""
        out: set[int] = set()
        for s in range(4):
            present = self.present[s]
            lo, hi = self.low[s], self.high[s]
            if lo is None or hi is None:
                p = self._opener(s)
                if p is None:
                    out.update(self.face_at(s, q) for q in present)
                    continue
                lo = hi = p
            reach_lo, reach_hi = lo, hi
            if self.rules.gap == "block":
                while reach_lo - 1 in present:
                    reach_lo -= 1
                while reach_hi + 1 in present:
                    reach_hi += 1
                out.update(self.face_at(s, q) for q in present if q < reach_lo or q > reach_hi)
        return out

    def can_ever_play(self, hand: Sequence[Card]) -> bool:
        """Whether any card of ``hand`` can still be laid at some point."""
        if not hand:
            return False
        dead = self.dead()
        return any(int(c) not in dead for c in hand)

    # --- playing -----------------------------------------------------------------------------------
    def play(self, card: Card) -> None:
        """Lay ``card`` (the caller has checked ``can_play``)."""
        s = card >> 4
        p = self.position(card)
        lo, hi = self.low[s], self.high[s]
        if lo is None or hi is None:
            self.low[s] = self.high[s] = p
        elif p < lo:
            self.low[s] = p
        else:
            self.high[s] = p
        self.laid.append(card)

    # --- what players see ----------------------------------------------------------------------------
    def suit_cards(self, suit: int) -> list[Card]:
        """The cards of ``suit`` on the layout, bottom to top."""
        return sorted((c for c in self.laid if c >> 4 == suit), key=self.position)

    def zone(self, name: str = "layout", label: str = "Layout") -> Zone:
        """The layout as a zone everyone sees: suit by suit, each suit's cards bottom to top,
        with ``at`` naming the suit (the row) each card lies in.

        Shows only cards on the table: never which card would come next (that could
        reveal where a card out of the game is)."""
        pieces: list[Card] = []
        rows: list[str] = []
        for s in range(4):
            laid = self.suit_cards(s)
            pieces += laid
            rows += [SUIT_NAMES[s]] * len(laid)
        return Zone(name, pieces, kind=ZoneKind.LAYOUT, label=label, at=rows)

    def ends(self, suit: int) -> tuple[Card, Card] | None:
        """The lowest and highest cards of ``suit`` on the layout (None: not started)."""
        laid = self.suit_cards(suit)
        return (laid[0], laid[-1]) if laid else None

    def why_not(self, card: Card) -> str:
        """Why ``card`` cannot be laid now, in words that name only cards on the table."""
        suit = card >> 4
        ends = self.ends(suit)
        if ends is None:
            start = RANK_TEXT[self.rules.start_rank]
            return f"{SUIT_NAMES[suit]} are not started: {'an' if start in ('8', 'A') else 'a'} {start} starts a suit"
        low, high = ends
        if low == high:
            return f"{card_text(card)} does not go next to the {card_text(low)}"
        return f"{card_text(card)} does not go next to either end of the {SUIT_NAMES[suit]}, {card_text(low)} to " \
               f"{card_text(high)}"


def layout_clauses() -> tuple[Clause, ...]:
    """The shared clauses of a stops layout (the game's options need a ``gap`` field)."""
    return (BUILD, PASS_WHEN_UNABLE, GAP_SKIP, GAP_BLOCK)
