"""Trick-taking: dealing, following suit, trumps, winning tricks, and the clauses
every trick game shares. A game subclasses ``TrickGame`` and adds its own phases
(passing, bidding, ordering up) and its scoring at the end of each hand.

Suit and power of each card are per-hand look-up tables indexed by the card's
int value, so a game where a card changes suit (Euchre's left bower) or rank
order just fills the tables differently, and play stays fast.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, TypeVar

from gamenight.core.cards import FACES, Card, card_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause
from gamenight.engine.game import Game, State, Zone

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

PLAY: dict[int, Action] = {face: Action("play", (card,)) for face, card in FACES.items()}
"""One shared ``play`` action per face: legal-move lists allocate nothing."""


_TABLES: dict[tuple[int | None, bool], tuple[list[int], list[int]]] = {}


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
        power[c] = rank + (100 if trump is not None and c >> 4 == trump else 0)
    return suit, power


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


TS = TypeVar("TS", bound=TrickState)


def follow_options(hand: list[Card], led_suit: int, suit: list[int]) -> list[Card]:
    """The cards that may be played to a trick whose led suit is ``led_suit``."""
    same = [c for c in hand if suit[c] == led_suit]
    return same if same else hand


def trick_winner(plays: list[tuple[int, Card]], suit: list[int], power: list[int], trump: int | None,
                 last_identical_wins: bool = False) -> int:
    """The seat that wins ``plays``. Identical cards (multi-deck): first played wins,
    unless ``last_identical_wins``."""
    led = suit[plays[0][1]]
    best_seat, best_card = plays[0]
    best_key = (2 if trump is not None and led == trump else 1, power[best_card])
    for seat, card in plays[1:]:
        s = suit[card]
        if trump is not None and s == trump:
            key = (2, power[card])
        elif s == led:
            key = (1, power[card])
        else:
            continue
        if key > best_key or (last_identical_wins and key == best_key):
            best_seat, best_card, best_key = seat, card, key
    return best_seat


def deal(deck: list[Card], players: int, per_hand: int, first: int, rng: random.Random,
         ) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle and deal ``per_hand`` cards to each seat starting at ``first``; the rest stay."""
    cards = list(deck)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(per_hand * players):
        hands[(first + i) % players].append(cards[i])
    for h in hands:
        h.sort()
    return hands, cards[per_hand * players:]


class TrickGame(Game[TS]):
    """The play of the tricks; subclasses add their phases and ``end_hand`` scoring."""

    last_identical_wins = False

    # --- hooks for games ---------------------------------------------------------------
    def lead_restriction(self, state: TS, seat: int, hand: list[Card]) -> tuple[list[Card], Clause | None]:
        """Cards that may be led, and the clause limiting them (None: any card)."""
        return hand, None

    def play_restriction(self, state: TS, seat: int, allowed: list[Card]) -> tuple[list[Card], Clause | None]:
        """Further limits on a card played to a trick (e.g. must trump); default none."""
        return allowed, None

    def on_trick(self, state: TS, winner: int, plays: list[tuple[int, Card]]) -> None:
        """Called after each trick is gathered."""

    def end_hand(self, state: TS) -> None:
        """Score the hand, then deal the next one or end the match."""

    def other_to_act(self, state: TS) -> tuple[int, ...]:
        return ()

    def other_legal(self, state: TS, seat: int) -> list[Action]:
        return []

    def other_apply(self, state: TS, seat: int, action: Action) -> None:
        raise ValueError(f"no phase {state.phase!r}")

    # --- the contract -------------------------------------------------------------------
    def to_act(self, state: TS) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.phase == "play":
            return (state.turn,)
        return self.other_to_act(state)

    def playable(self, state: TS, seat: int) -> tuple[list[Card], Clause | None]:
        hand = state.hands[seat]
        if not state.trick:
            return self.lead_restriction(state, seat, hand)
        allowed = follow_options(hand, state.suit[state.trick[0][1]], state.suit)
        clause = FOLLOW_SUIT if len(allowed) < len(hand) else None
        narrowed, extra = self.play_restriction(state, seat, allowed)
        return narrowed, extra or clause

    def legal_actions(self, state: TS, seat: int) -> list[Action]:
        if state.over:
            return []
        if state.phase == "play":
            if seat != state.turn:
                return []
            return list(dict.fromkeys(PLAY[c] for c in self.playable(state, seat)[0]))
        return self.other_legal(state, seat)

    def explain(self, state: TS, seat: int, action: Action) -> Clause | None:
        if state.phase != "play" or action.verb != "play" or len(action.args) != 1:
            return None
        card = action.args[0]
        if card not in state.hands[seat]:
            return PLAY_FROM_HAND
        return self.playable(state, seat)[1]

    def _apply(self, state: TS, seat: int, action: Action) -> None:
        if state.phase != "play":
            self.other_apply(state, seat, action)
            return
        card = action.args[0]
        hand = state.hands[seat]
        played = hand.pop(hand.index(card))
        state.trick.append((seat, played))
        if len(state.trick) < sum(state.active):
            state.turn = self.next_active(state, seat)
            return
        plays = state.trick
        winner = trick_winner(plays, state.suit, state.power, state.trump, self.last_identical_wins)
        state.taken[winner].extend(c for _, c in plays)
        state.tricks_won[winner] += 1
        state.last_trick = plays
        state.trick = []
        state.leader = state.turn = winner
        self.on_trick(state, winner, plays)
        if not any(state.hands[s] for s in range(state.players) if state.active[s]):
            self.end_hand(state)

    def next_active(self, state: TS, seat: int) -> int:
        nxt = left_of(seat, state.players)
        while not state.active[nxt]:
            nxt = left_of(nxt, state.players)
        return nxt

    # --- dealing --------------------------------------------------------------------------
    def start_hand(self, state: TS, deck: list[Card], per_hand: int) -> list[Card]:
        """Deal a new hand from the left of the dealer; returns the undealt cards."""
        state.hands, rest = deal(deck, state.players, per_hand, left_of(state.dealer, state.players), state.rng)
        state.taken = [[] for _ in range(state.players)]
        state.tricks_won = [0] * state.players
        state.trick = []
        state.last_trick = []
        state.active = [True] * state.players
        state.hand_no += 1
        return rest

    # --- what players see -------------------------------------------------------------------
    def trick_view(self, state: TS, seat: int | None) -> dict[str, Any]:
        """The parts of a view every trick game shares."""
        return {
            "phase": state.phase,
            "hand_no": state.hand_no,
            "dealer": state.dealer,
            "to_act": list(self.to_act(state)),
            "hand": [card_text(c) for c in state.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "trick": [{"seat": s, "card": card_text(c)} for s, c in state.trick],
            "last_trick": [{"seat": s, "card": card_text(c)} for s, c in state.last_trick],
            "tricks_won": list(state.tricks_won),
            "trump": "CDHS"[state.trump] if state.trump is not None else None,
            "sheet": state.sheet.to_dict(),
            "over": state.over,
        }

    def trick_zones(self, state: TS) -> list[Zone]:
        zones = [Zone(f"hand {s}", state.hands[s], frozenset({s})) for s in range(state.players)]
        zones.append(Zone("trick", [c for _, c in state.trick]))
        zones += [Zone(f"taken {s}", state.taken[s]) for s in range(state.players)]
        return zones

    def all_cards(self, state: TS) -> list[Card]:
        return state.deck
