"""Trick-taking: dealing, following suit, trumps, winning tricks, and the clauses
every trick game shares. A game subclasses ``TrickGame`` and adds its own phases
(passing, bidding, ordering up) and its scoring at the end of each hand.

Suit and power of each card are per-hand look-up tables indexed by the card's
int value, so a game where a card changes suit (a left bower) or rank order just
fills the tables differently, and play stays fast.

Also here, for the games that need them: bower tables, tables for an unusual rank
order, point tables, stripping a (multi-)deck, the bidding order, seats of partners
and team totals.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from gamenight.core.cards import FACES, SUIT_NAMES, Card, card_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action, listed
from gamenight.engine.chance import shuffle
from gamenight.engine.clauses import UNKNOWN, Clause, IllegalAction
from gamenight.engine.events import Event
from gamenight.engine.game import Game, State, Teams
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.view import Fact, FactKind, Zone, ZoneKind, fact, per_seat

TABLE_SIZE = 176

FOLLOW_SUIT = Clause("tricks.follow-suit", "You must follow the suit led if you can; if you cannot, "
                     "you may play any card.", section="Playing the tricks")
HIGHEST_WINS = Clause("tricks.highest-wins", "The highest card of the suit led wins the trick, unless "
                      "a trump is played.", section="Playing the tricks")
TRUMP_WINS = Clause("tricks.trump-wins", "A trump beats every card of another suit; the highest trump "
                    "wins the trick.", section="Playing the tricks")
WINNER_LEADS = Clause("tricks.winner-leads", "The winner of a trick leads to the next one.",
                      section="Playing the tricks")
PLAY_FROM_HAND = Clause("tricks.from-hand", "You may only play a card you hold.", section="Playing the tricks")

SHARED_CLAUSES = (FOLLOW_SUIT, HIGHEST_WINS, TRUMP_WINS, WINNER_LEADS, PLAY_FROM_HAND)

# General rules of rulebook 000 that trick games share; a game lists those it uses.
FIRST_DEALER = Clause("tricks.deal.first-dealer", "The dealer of the first hand is chosen at random.",
                      section="Dealing")
DEAL_PASSES_LEFT = Clause("tricks.deal.rotation", "After each hand the deal passes to the left.",
                          section="Dealing")
LEFT_OF_DEALER_LEADS = Clause("tricks.lead.left-of-dealer", "The player to the left of the dealer leads to "
                              "the first trick; play goes clockwise.", section="Playing the tricks")
BIDDING_ORDER = Clause("tricks.bid.order", "Bidding starts with the player to the left of the dealer and goes "
                       "clockwise around the table, so the dealer bids last.", section="Bidding")

PLAY: dict[int, Action] = {face: Action("play", (card,)) for face, card in FACES.items()}
"""One shared ``play`` action per face: legal-move lists allocate nothing."""

_PLAY_LIST: list[Action | None] = [PLAY.get(i) for i in range(max(FACES) + 1)]

_PLAYS_TEXT: list[str] = ["{0} plays " + card_text(i) if i in FACES else "" for i in range(max(FACES) + 1)]
_TAKES_TEXT: list[str] = ["{0} takes the trick with " + card_text(i) if i in FACES else ""
                          for i in range(max(FACES) + 1)]
_PIECES: list[tuple[Card, ...]] = [(FACES[i],) if i in FACES else () for i in range(max(FACES) + 1)]
_SEATS = tuple((s,) for s in range(64))
"""Event texts, pieces and seats of each card played and each trick taken, built once: play stays
cheap with an event per card (built as plain tuples, the fastest way to make an ``Event``)."""
_new_event = tuple.__new__

SUIT_WORDS = SUIT_NAMES
"""Suit names as action words (``call hearts``), indexed by suit."""

_TABLES: dict[tuple[int | None, bool], tuple[list[int], list[int]]] = {}
_BOWER_TABLES: dict[int, tuple[list[int], list[int]]] = {}

TRUMP_BONUS = 100
"""Trumps' power is raised by this much, so every trump outranks every plain card."""


def standard_tables(trump: int | None, ace_high: bool = True) -> tuple[list[int], list[int]]:
    """Suit and power tables for a plain deck: rank order, trumps above everything.
    Shared and cached: callers must not modify them."""
    key = (trump, ace_high)
    if key not in _TABLES:
        _TABLES[key] = _build_tables(trump, ace_high)
    return _TABLES[key]


def _build_tables(trump: int | None, ace_high: bool) -> tuple[list[int], list[int]]:
    suit = [c >> 4 for c in range(TABLE_SIZE)]
    power = [0] * TABLE_SIZE
    for c in range(TABLE_SIZE):
        rank = c & 15
        if not ace_high and rank == 14:
            rank = 1
        power[c] = rank + (TRUMP_BONUS if trump is not None and c >> 4 == trump else 0)
    return suit, power


_ORDER_TABLES: dict[tuple[tuple[int, ...], int | None], tuple[list[int], list[int]]] = {}


def ranked_tables(order: Sequence[int], trump: int | None = None) -> tuple[list[int], list[int]]:
    """Suit and power tables for a game with its own rank order, ``order`` listed high to
    low (K Q J A 10 9 8 7 is ``(13, 12, 11, 14, 10, 9, 8, 7)``). Ranks not listed have power 0.
    Shared and cached: callers must not modify them."""
    key = (tuple(order), trump)
    if key not in _ORDER_TABLES:
        suit = [c >> 4 for c in range(TABLE_SIZE)]
        strength = {rank: len(order) - i for i, rank in enumerate(order)}
        power = [strength.get(c & 15, 0) + (TRUMP_BONUS if trump is not None and c >> 4 == trump else 0)
                 for c in range(TABLE_SIZE)]
        _ORDER_TABLES[key] = (suit, power)
    return _ORDER_TABLES[key]


def point_table(points: Callable[[int], int]) -> list[int]:
    """Points of every face, indexed by the card's int value: ``table[c]``. Build once per
    game (or per round) and count a pile with :func:`count_points`."""
    return [points(c) if (c >> 4) < 4 and 2 <= (c & 15) <= 14 else 0 for c in range(TABLE_SIZE)]


def count_points(pile: Iterable[int], table: Sequence[int]) -> int:
    """The points in ``pile`` by a :func:`point_table`."""
    return sum(table[c] for c in pile)


def remove_cards(deck: Sequence[Card], faces: Iterable[int]) -> list[Card]:
    """``deck`` without one physical copy of each face in ``faces`` (a face listed twice
    removes two copies). "Two decks, remove one set of clubs" is
    ``remove_cards(standard_deck(copies=2), clubs)``. A face not in the deck is an error."""
    out = list(deck)
    for face in faces:
        for i in range(len(out) - 1, -1, -1):
            if out[i] == face:
                del out[i]
                break
        else:
            raise ValueError(f"{card_text(face)} is not in the deck")
    return out


def same_colour(suit: int) -> int:
    """The other suit of the same colour: clubs and spades, diamonds and hearts."""
    return 3 - suit


RIGHT_BOWER_POWER = TRUMP_BONUS + 16
LEFT_BOWER_POWER = TRUMP_BONUS + 15


def bower_tables(trump: int) -> tuple[list[int], list[int]]:
    """Tables with bowers: the jack of trumps (right bower) is the highest trump, the
    jack of the same colour (left bower) the second highest and belongs to the trump
    suit for every purpose. Shared and cached: callers must not modify them."""
    if trump not in _BOWER_TABLES:
        suit, power = (list(t) for t in _build_tables(trump, True))
        right = trump * 16 + 11
        left = same_colour(trump) * 16 + 11
        power[right] = RIGHT_BOWER_POWER
        power[left] = LEFT_BOWER_POWER
        suit[left] = trump
        _BOWER_TABLES[trump] = (suit, power)
    return _BOWER_TABLES[trump]


def bidding_order(dealer: int, players: int) -> list[int]:
    """Seats in bidding order: from the dealer's left round to the dealer."""
    return [(dealer + i) % players for i in range(1, players + 1)]


def partner_of(seat: int, teams: Teams) -> int:
    """The (first) partner of ``seat`` in a partnership game."""
    for members in teams:
        if seat in members:
            return next(s for s in members if s != seat)
    raise ValueError(f"seat {seat} is on no team")


def team_totals(per_seat: Sequence[int], teams: Teams) -> list[int]:
    """Sum a per-seat count (tricks, cards) by team."""
    return [sum(per_seat[s] for s in members) for members in teams]


HELD_SUITS = (3, 2, 0, 1)
"""Suits in a held hand when nothing else decides: spades, hearts, clubs, diamonds (colours alternate)."""


def held_order(hand: Iterable[Card], suit: Sequence[int], power: Sequence[int], trump: int | None,
               ) -> tuple[list[Card], tuple[int, ...]]:
    """``hand`` as a player holds it under the hand's suit and power tables, and the size of each
    suit's group: by the suit each card counts as, trumps first and the colours alternating, then
    highest first (Euchre's left bower among the trumps after the right; Pinochle's 10 between its
    ace and king)."""
    start = HELD_SUITS.index(trump) if trump in HELD_SUITS else 0
    place = {s: (i - start) % len(HELD_SUITS) for i, s in enumerate(HELD_SUITS)}
    cards = sorted(hand, key=lambda c: (place.get(suit[c], len(HELD_SUITS)), -power[c]))
    sizes = Counter(suit[c] for c in cards)
    return cards, tuple(sizes[s] for s in dict.fromkeys(suit[c] for c in cards))


def suit_word(suit: int) -> str:
    return SUIT_WORDS[suit]


def _count(n: int) -> str:
    return "one of them" if n == 1 else f"{n} of them"


@dataclass
class TrickState(State):
    """A hand of a trick game in progress."""

    hands: list[list[Card]] = field(default_factory=list)
    phase: str = "play"
    leader: int = 0
    turn: int = 0
    trick: list[tuple[int, Card]] = field(default_factory=list)
    last_trick: list[tuple[int, Card]] = field(default_factory=list)
    taken: list[list[Card]] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    trump: int | None = None
    suit: list[int] = field(default_factory=list)
    power: list[int] = field(default_factory=list)
    active: list[bool] = field(default_factory=list)
    hand_no: int = 0
    deck: list[Card] = field(default_factory=list)
    """Every card of the match's deck (for conservation checks)."""
    hooks: bool = True
    """Whether the game's lead and play restrictions can still narrow the legal cards this
    hand; a game clears it once they cannot (e.g. hearts broken), to keep play fast."""
    follow_hooks: bool = True
    """The same for the follow restrictions alone (``follow_steps``): a game clears it once they
    cannot narrow anything this hand while its lead restrictions still can."""
    last_identical_wins: bool | None = None
    """Per-match override of the game's ``last_identical_wins`` (a house option); None: the game's."""
    play_index: list[tuple[list[Action], dict[int, list[Action]]]] | None = None
    """Per seat, the ``play`` action of each card held (in the hand's order) and the same split by
    suit: built at the first play of a hand of a game with ``indexed_play``, kept in step with the
    hands as cards are played, dropped at the next deal."""


TS = TypeVar("TS", bound=TrickState)


def follow_options(hand: list[Card], led_suit: int, suit: list[int]) -> list[Card]:
    """The cards that may be played to a trick whose led suit is ``led_suit``."""
    same = [c for c in hand if suit[c] == led_suit]
    return same if same else hand


def trick_winner(plays: list[tuple[int, Card]], suit: list[int], power: list[int], trump: int | None,
                 last_identical_wins: bool = False) -> int:
    """The seat that wins ``plays``. Identical cards (multi-deck): first played wins,
    unless ``last_identical_wins``."""
    best_seat, first = plays[0]
    led = suit[first]
    best = power[first] + (1000 if led == trump else 0)
    for i in range(1, len(plays)):
        seat, card = plays[i]
        s = suit[card]
        if s == trump:
            key = power[card] + 1000
        elif s == led:
            key = power[card]
        else:
            continue
        if key > best or (last_identical_wins and key == best):
            best_seat, best = seat, key
    return best_seat


def deal(deck: list[Card], players: int, per_hand: int, first: int, rng: random.Random,
         ) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle and deal ``per_hand`` cards to each seat starting at ``first``; the rest stay."""
    cards = list(deck)
    shuffle(rng, cards)
    n = per_hand * players
    hands = [sorted(cards[(s - first) % players:n:players]) for s in range(players)]
    return hands, cards[n:]


class TrickGame(Game[TS]):
    """The play of the tricks; subclasses add their phases and ``end_hand`` scoring."""

    last_identical_wins = False
    one_deck = False
    """True when no two cards share a face (legal-move lists then skip de-duplication)."""

    held_hands = False
    """Hands are shown in the game's own order (``held_order``): for a game whose ranks or suits
    differ from the usual (bowers, Pinochle's 10), where sorting by rank would mislead."""

    indexed_play: ClassVar[bool] = False
    """True when, once the play starts, a hand changes only by the cards played from it (no draws,
    exchanges or folds mid-play) and the suit table stays put: the legal plays are then copied from
    per-suit lists built once a hand (``TrickState.play_index``), not found by scanning the hand."""

    _plain_lead: ClassVar[bool] = True
    _plain_follow: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._plain_lead = cls.lead_steps is TrickGame.lead_steps
        cls._plain_follow = cls.follow_steps is TrickGame.follow_steps

    # --- hooks for games ---------------------------------------------------------------
    def lead_steps(self, state: TS, seat: int, hand: list[Card]) -> Iterable[Step[Card]]:
        """The game's rules on what may be led, in rulebook order (each narrows the last);
        default none."""
        return ()

    def follow_steps(self, state: TS, seat: int, allowed: list[Card]) -> Iterable[Step[Card]]:
        """The game's rules on a card played to a trick after following suit (must trump,
        must beat); default none."""
        return ()

    def on_trick(self, state: TS, winner: int, plays: list[tuple[int, Card]]) -> None:
        """Called after each trick is gathered."""

    def end_hand(self, state: TS) -> None:
        """Score the hand, then deal the next one or end the match."""

    def other_to_act(self, state: TS) -> tuple[int, ...]:
        return ()

    def other_legal(self, state: TS, seat: int) -> Sequence[Action]:
        return []

    def other_apply(self, state: TS, seat: int, action: Action) -> None:
        raise ValueError(f"no phase {state.phase!r}")

    # --- the contract -------------------------------------------------------------------
    def to_act(self, state: TS) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.phase == "play":
            turn = state.turn
            return _SEATS[turn] if turn < 64 else (turn,)
        return self.other_to_act(state)

    def play_cascade(self, state: TS, seat: int) -> Iterator[Step[Card]]:
        """Every rule on the card ``seat`` may play now, in rulebook order: the one
        authority for both the legal cards and the refusal of any other."""
        hand = state.hands[seat]
        yield Step(hand, PLAY_FROM_HAND, "you do not hold {move}")
        trick = state.trick
        if not trick:
            yield from self.lead_steps(state, seat, hand)
            return
        suit = state.suit
        led = suit[trick[0][1]]
        same = [c for c in hand if suit[c] == led]
        allowed = hand
        if same and len(same) < len(hand):
            allowed = same
            yield Step(same, FOLLOW_SUIT, f"{SUIT_NAMES[led]} were led and you hold {_count(len(same))}")
        yield from self.follow_steps(state, seat, allowed)

    def playable(self, state: TS, seat: int) -> list[Card]:
        """The cards ``seat`` may play now."""
        return list(narrow(self.play_cascade(state, seat)))

    def legal_actions(self, state: TS, seat: int) -> Sequence[Action]:
        if state.over:
            return []
        if state.phase == "play":
            if seat != state.turn:
                return []
            trick = state.trick
            # The cascade's answer without building its first steps: the cards held, narrowed
            # to the suit led, then by the game's own steps (skipped when the game has none, or
            # has said with ``hooks`` that they can no longer narrow anything this hand).
            if trick:
                hooked = state.hooks and state.follow_hooks and not self._plain_follow
            else:
                hooked = state.hooks and not self._plain_lead
            if self.indexed_play and not hooked:
                held, by_suit = (state.play_index or self._index_plays(state))[seat]
                acts = (by_suit.get(state.suit[trick[0][1]]) or held) if trick else held
                return acts[:] if self.one_deck else list(dict.fromkeys(acts))
            hand = state.hands[seat]
            table: list[Action] = _PLAY_LIST  # type: ignore[assignment]  # indexed by faces only
            if trick:
                suit = state.suit
                led = suit[trick[0][1]]
                if not hooked:
                    acts = [table[c] for c in hand if suit[c] == led] or [table[c] for c in hand]
                    return acts if self.one_deck else list(dict.fromkeys(acts))
                cards: Sequence[Card] = [c for c in hand if suit[c] == led] or hand
                for step in self.follow_steps(state, seat, cards):  # type: ignore[arg-type]
                    cards = step.allowed
            else:
                cards = hand
                if hooked:
                    for step in self.lead_steps(state, seat, hand):
                        cards = step.allowed
            if self.one_deck:
                return [table[c] for c in cards]
            return list(dict.fromkeys([table[c] for c in cards]))
        return self.other_legal(state, seat)

    def refusal(self, state: TS, seat: int, action: Action) -> None:
        if state.phase != "play":
            self.other_refusal(state, seat, action)
            return
        if action.verb != "play" or len(action.args) != 1 or type(action.args[0]) is not Card:
            raise IllegalAction(UNKNOWN, "play one card", state.options)
        refuse(self.play_cascade(state, seat), action.args[0], state.options, UNKNOWN)

    def other_refusal(self, state: TS, seat: int, action: Action) -> None:
        """Refuse a move of the game's other phases (bids, passes): the game's cascade."""
        if not listed(action, self.other_legal(state, seat)):
            raise IllegalAction(UNKNOWN,
                                f"'{action}' is not allowed", state.options)

    def _apply(self, state: TS, seat: int, action: Action) -> None:
        if state.phase != "play":
            self.other_apply(state, seat, action)
            return
        hand = state.hands[seat]
        trick = state.trick
        at = hand.index(action.args[0])
        card = hand.pop(at)
        index = state.play_index
        if index is not None:
            held, by_suit = index[seat]
            by_suit[state.suit[card]].remove(held.pop(at))
        trick.append((seat, card))
        events = state.events
        if events is not None:
            events.append(_new_event(Event, (_PLAYS_TEXT[card], _SEATS[seat], _PIECES[card], "play", None, None,
                                             state.ply + 1, "")))
        active = state.active
        if len(trick) < active.count(True):
            nxt = seat + 1
            n = state.players
            if nxt == n:
                nxt = 0
            while not active[nxt]:
                nxt += 1
                if nxt == n:
                    nxt = 0
            state.turn = nxt
            return
        last_wins = state.last_identical_wins
        winner = trick_winner(trick, state.suit, state.power, state.trump,
                              self.last_identical_wins if last_wins is None else last_wins)
        state.taken[winner].extend([c for _, c in trick])
        state.tricks_won[winner] += 1
        if events is not None:
            best = next(c for s, c in trick if s == winner)
            events.append(_new_event(Event, (_TAKES_TEXT[best], _SEATS[winner], _PIECES[best], "trick", None, None,
                                             state.ply + 1, "")))
        state.last_trick = trick
        state.trick = []
        state.leader = state.turn = winner
        self.on_trick(state, winner, trick)
        if not state.hands[winner]:
            self.end_hand(state)

    @staticmethod
    def _index_plays(state: TS) -> list[tuple[list[Action], dict[int, list[Action]]]]:
        """Build ``state.play_index`` from the hands and the suit table."""
        suit = state.suit
        index = []
        for hand in state.hands:
            held = [_PLAY_LIST[c] for c in hand]
            by_suit: dict[int, list[Action]] = {}
            for c, a in zip(hand, held):
                by_suit.setdefault(suit[c], []).append(a)  # type: ignore[arg-type]
            index.append((held, by_suit))
        state.play_index = index  # type: ignore[assignment]
        return index  # type: ignore[return-value]

    def next_active(self, state: TS, seat: int) -> int:
        nxt = left_of(seat, state.players)
        while not state.active[nxt]:
            nxt = left_of(nxt, state.players)
        return nxt

    def first_active_left_of(self, state: TS, seat: int) -> int:
        """The first seat clockwise from ``seat``'s left that is playing this hand."""
        return self.next_active(state, seat)

    # --- dealing --------------------------------------------------------------------------
    def start_hand(self, state: TS, deck: list[Card], per_hand: int) -> list[Card]:
        """Deal a new hand from the left of the dealer; returns the undealt cards."""
        players = state.players
        state.hands, rest = deal(deck, players, per_hand, left_of(state.dealer, players), state.rng)
        state.taken = [[] for _ in range(players)]
        state.tricks_won = [0] * players
        state.trick = []
        state.last_trick = []
        state.active = [True] * players
        state.hooks = state.follow_hooks = True
        state.play_index = None
        state.hand_no += 1
        return rest

    # --- what players see -------------------------------------------------------------------
    def trick_facts(self, state: TS, seat: int | None) -> list[Fact]:
        """The facts every trick game shows: trump and the tricks each seat has taken."""
        facts = []
        if state.trump is not None:
            facts.append(fact("trump", "Trump", FactKind.SUIT, SUIT_WORDS[state.trump]))
        facts.append(per_seat("tricks", "Tricks", state.tricks_won))
        return facts

    def facts(self, state: TS, seat: int | None) -> list[Fact]:
        return self.trick_facts(state, seat)

    def phase(self, state: TS) -> object:
        return "over" if state.over else state.phase

    def trick_zones(self, state: TS) -> list[Zone]:
        """Hands (each seen by its owner), the trick and the last trick in front of the
        seats that played them, and the tricks taken (face down, not shown)."""
        zones = [self.hand_zone(state, s, state.hands[s])
                 for s in range(state.players) if state.active[s] or state.hands[s]]
        zones.append(Zone("trick", [c for _, c in state.trick], kind=ZoneKind.TRICK, label="Trick",
                          by=[s for s, _ in state.trick]))
        zones.append(Zone("last-trick", [c for _, c in state.last_trick], kind=ZoneKind.LAST_TRICK,
                          label="Last trick", by=[s for s, _ in state.last_trick], recap=True))
        zones += [Zone("taken", state.taken[s], owner=s, label="Taken", listed=False) for s in range(state.players)]
        return zones

    def hand_zone(self, state: TS, seat: int, cards: Sequence[Card]) -> Zone:
        """``seat``'s hand, seen by its owner (in the game's own order if it has one)."""
        if self.held_hands:
            held, groups = held_order(cards, state.suit, state.power, state.trump)
            return Zone("hand", held, frozenset({seat}), owner=seat, kind=ZoneKind.HAND, label="Hand", held=groups)
        return Zone("hand", cards, frozenset({seat}), owner=seat, kind=ZoneKind.HAND, label="Hand")

    def zones(self, state: TS) -> list[Zone]:
        return self.trick_zones(state)

    def all_cards(self, state: TS) -> list[Card]:
        return state.deck
