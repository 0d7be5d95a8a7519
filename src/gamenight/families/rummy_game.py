"""The skeleton of a rummy game's state machine: the state every rummy game keeps (hands, the cards
taken face up, the stock, the turn), the deal, and the four questions answered the same way: between
hands only the next dealer acts, and only to deal; during a hand the turn's moves are one restriction
cascade, listed and refused through the same rules. A game subclasses :class:`RummyGame` and writes
only its own: its cascade (``restrictions``), its useful moves (``candidates``), its deal, its count.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from gamenight.core.cards import Card
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import UNKNOWN, Clause, IllegalAction
from gamenight.engine.game import Game, State
from gamenight.engine.legality import refuse
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.families.rummy import Meld, Restriction, cascade, permitted


class Phase(StrEnum):
    """Where a hand stands (a game with more steps, such as a partner asked, keeps its own)."""

    DRAW = "draw"
    PLAY = "play"
    """Drawn (or no draw of its own): meld, lay off, end the turn."""
    SHOW = "show"
    """The hand is over and counted; the next dealer deals."""
    OVER = "over"


DEAL = Action("deal")


@dataclass
class RummyState(State):
    hands: list[list[Card]] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    """Cards in each hand everyone saw (taken face up from the pile, bought, dealt face up)."""
    stock: list[Card] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    """The melds on the table, numbered from 1 in the order laid; each with its owner (a seat, a side, or
    nobody) and who laid each card."""
    phase: str = Phase.DRAW
    turn: int = 0
    next_dealer: int = 0


RS = TypeVar("RS", bound=RummyState)


class RummyGame(Game[RS]):
    """The four questions of a rummy game. ``next_deal`` is the clause (and its reason in words) that
    refuses anything but ``deal`` once a hand is over; ``by_teams`` scores by side."""

    state_type: ClassVar[type[RummyState]]
    next_deal: ClassVar[tuple[Clause, str]]

    # --- dealing -----------------------------------------------------------------------------------
    def setup(self, players: int, options: Any, rng: random.Random) -> RS:
        state: RS = self.state_type(players=players, options=options, rng=rng,  # type: ignore[assignment]
                                    sheet=self.sheet(players), dealer=rng.randrange(players))
        self.seated(state)
        self._deal(state)
        return state

    def seated(self, state: RS) -> None:
        """What a new match holds for each seat before the first deal (a purse, a score kept apart)."""

    def sheet(self, players: int) -> ScoreSheet:
        """The score sheet: a column a seat (a game of sides gives one a side)."""
        return ScoreSheet.per_seat(players)

    @abstractmethod
    def _deal(self, state: RS) -> None:
        ...

    # --- the four questions --------------------------------------------------------------------------
    def to_act(self, state: RS) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.phase == Phase.SHOW:
            return (state.next_dealer,)
        return self.turn_seats(state)

    def turn_seats(self, state: RS) -> tuple[int, ...]:
        """Who acts during a hand: the player whose turn it is (a game with moves out of turn adds them)."""
        return (state.turn,)

    def legal_actions(self, state: RS, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == Phase.SHOW:
            return [DEAL]
        return self.turn_moves(state, seat)

    def turn_moves(self, state: RS, seat: int) -> list[Action]:
        """The moves of ``seat`` during a hand: the useful ones the cascade keeps."""
        return permitted(self._candidates(state, seat), self.restrictions(state, seat))

    def refusal(self, state: RS, seat: int, action: Action) -> None:
        if state.phase == Phase.SHOW:
            if action != DEAL:
                clause, why = self.next_deal
                raise IllegalAction(clause, why, state.options)
            return
        self.turn_refusal(state, seat, action)

    def turn_refusal(self, state: RS, seat: int, action: Action) -> None:
        """Refuse a move of the hand with the first rule of the cascade it breaks."""
        refuse(cascade([], self.restrictions(state, seat)), action, state.options, UNKNOWN)

    @abstractmethod
    def restrictions(self, state: RS, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat``'s turn, in rulebook order."""

    @abstractmethod
    def _candidates(self, state: RS, seat: int) -> list[Action]:
        """The useful moves the cascade narrows (the full set of melds is combinatorial)."""


def deal_hands(state: RummyState, deck: list[Card], size: int) -> tuple[int, list[Card]]:
    """Shuffle ``deck`` and deal ``size`` cards to each player, one hand at a time from the dealer's left,
    each hand sorted and nothing in it seen; the first player to play and the cards left over."""
    n = state.players
    state.rng.shuffle(deck)
    first = left_of(state.dealer, n)
    state.hands = [[] for _ in range(n)]
    for i in range(n):
        state.hands[(first + i) % n] = sorted(deck[i * size:(i + 1) * size])
    state.known = [[] for _ in range(n)]
    return first, deck[n * size:]


def end_hand(state: RummyState, over: bool, next_dealer: int | None = None) -> None:
    """A counted hand ends the match or waits for the next deal (by the dealer's left-hand neighbour
    unless ``next_dealer`` says who)."""
    state.next_dealer = left_of(state.dealer, state.players) if next_dealer is None else next_dealer
    state.over = over
    state.phase = Phase.OVER if over else Phase.SHOW

