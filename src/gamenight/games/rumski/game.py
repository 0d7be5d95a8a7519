"""Rumski's state machine: the deal, the draw (the stock, the pile's top card or all of it, the stock
refreshed from the pile), matched sets laid to a Community anyone may add to and rearrange once they
have introduced a set of their own, wild cards that never stay in hand unless dealt or drawn from
the stock, the turn ended by a matching discard or a knock, RUMSKI, the exhausted round, the count
and the game.

A turn's moves run one restriction cascade (``restrictions``) built from the rummy family's
restrictions and Rumski's own; ``legal_actions`` lists the useful moves through the same cascade
(sets, lay-offs, swaps and rearrangements are combinatorial) and ``check`` refuses any other with
its clause."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from gamenight.core.cards import RUMSKI_COLOURS, Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause
from gamenight.engine.events import emit, private
from gamenight.engine.registry import register
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, per_seat
from gamenight.families import rummy, rummy_piles
from gamenight.families.melds import meld_kind
from gamenight.families.rummy import Group, Meld, Restriction
from gamenight.families.rummy_game import Phase, RummyGame, RummyState, deal_hands
from gamenight.games.rumski.rules import (
    DECK_CARDS,
    DISCARD_MATCH,
    DRAW,
    EACH_TURN,
    END_TURN,
    EXHAUSTED,
    HAND_SIZE,
    INTRODUCE,
    INTRODUCE_EACH_TURN,
    LAY_DOWN,
    MATCHED_SETS,
    MELD_RULES,
    NEXT_DEAL,
    POINTS,
    POINTS_PER_PLAYER,
    PRIOR_ROUND,
    REARRANGE,
    REPLACE_WILD,
    RUMSKI,
    SPEC,
    TARGET,
    TWO_PLAYER_HAND,
    TWO_PLAYERS,
    TWO_PLAYERS_TURN,
    WILD_KEPT,
    WILD_SETS,
    is_wild,
    value,
)

KNOCK = Action("knock")
TAKE_PILE = rummy.take_pile()
VERBS = ("draw", "take", "meld", "lay", "swap", "rearrange", "discard", "knock")
TABLE_VERBS = ("meld", "lay", "swap", "rearrange")


@dataclass
class RumskiState(RummyState):
    pile: list[Card] = field(default_factory=list)
    phase: Phase = Phase.DRAW
    introduced: list[bool] = field(default_factory=list)
    """Whether each player has introduced a set from their own hand this round."""
    introduced_now: bool = False
    """Whether the player to move has introduced a set from their own hand this turn."""
    laid: list[bool] = field(default_factory=list)
    """Whether each player has laid a card to the Community this round."""
    laid_now: bool = False
    laid_before: list[bool] = field(default_factory=list)
    """Whether each player laid to the Community in an earlier round (two players: RUMSKI needs it)."""
    laid_earlier_turn: list[bool] = field(default_factory=list)
    """Whether each player laid to the Community in an earlier turn of this round."""
    must_play: list[Card] = field(default_factory=list)
    """A wild card taken from the pile or out of a set: it goes back to the Community next."""
    took_pile: bool = False
    dry: bool = False
    """This turn had nothing to draw: the stock and the discard pile were both empty."""
    dry_turns: int = 0
    """Turns in a row that had nothing to draw and ended with a knock and no card played."""
    hand_no: int = 0
    last: tuple[int | None, int] | None = None
    """The last round: who won it (None: no points) and the points awarded."""


class Outcome(NamedTuple):
    """What a table move does: the Community's sets after it (by number; None where a set is gone), the
    hand it leaves, and the first rule it breaks."""

    melds: list[list[Card] | None]
    hand: list[Card]
    new: int
    """How many sets come wholly from hand (an introduction)."""
    problem: tuple[Clause, str] | None = None


def _without(cards: Sequence[Card], gone: Sequence[Card]) -> list[Card]:
    """``cards`` less ``gone`` (a card of ``gone`` not among them is passed over: the refusal names it)."""
    out = list(cards)
    for c in gone:
        if c in out:
            out.remove(c)
    return out


def colour_word(c: Card) -> str:
    return ("red", "yellow", "green", "blue", "purple")[RUMSKI_COLOURS.index(card_text(c)[-1])]


def matches(card: Card, top: Card | None) -> bool:
    """A discard goes on ``top`` (None: an empty pile) when it shares its colour or its number."""
    return top is None or is_wild(top) or card >> 4 == top >> 4 or card & 15 == top & 15


def meld_clause(problem: str) -> Clause:
    """The clause a meld's reason in words breaks: one wild card a set, or the matched sets."""
    return WILD_SETS if "wild card" in problem else MATCHED_SETS


@register
class Rumski(RummyGame[RumskiState]):
    spec = SPEC
    next_deal = (NEXT_DEAL, "the round is over: deal the next one")
    state_type = RumskiState

    # --- dealing ---------------------------------------------------------------------------------
    def seated(self, state: RumskiState) -> None:
        state.laid_before = [False] * state.players

    def target(self, state: RumskiState) -> int:
        return int(state.options.target) or POINTS_PER_PLAYER * state.players

    def _deal(self, state: RumskiState) -> None:
        n = state.players
        size = TWO_PLAYER_HAND if n == 2 else HAND_SIZE
        deck = list(DECK_CARDS)
        first, stock = deal_hands(state, deck, size)
        state.pile = [stock.pop()]
        state.stock = stock
        state.melds = []
        state.introduced = [False] * n
        state.laid = [False] * n
        state.laid_earlier_turn = [False] * n
        state.dry_turns = 0
        state.hand_no += 1
        state.last = None
        emit(state, f"{{0}} deals {size} cards each and turns up " + card_text(state.pile[0]), state.dealer,
             pieces=state.pile, kind="deal")
        self._start_turn(state, first)

    def _start_turn(self, state: RumskiState, seat: int) -> None:
        state.turn = seat
        state.introduced_now = False
        state.laid_now = False
        state.must_play = []
        state.took_pile = False
        state.dry = not state.stock and not state.pile
        state.phase = Phase.PLAY if state.dry else Phase.DRAW

    # --- the cascade of a turn ---------------------------------------------------------------------------
    def restrictions(self, state: RumskiState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat``'s turn, in rulebook order."""
        hand = state.hands[seat]
        outcomes: dict[Action, Outcome] = {}

        def outcome(a: Action) -> Outcome:
            if a not in outcomes:
                outcomes[a] = self._outcome(state, seat, a)
            return outcomes[a]

        def broken(clause: Clause) -> Restriction:
            def problem(a: Action) -> str | None:
                found = outcome(a).problem
                return found[1] if found is not None and found[0] is clause else None
            return Restriction(clause, problem)

        introduce = INTRODUCE_EACH_TURN if state.options.introduce == EACH_TURN else INTRODUCE
        held = rummy.from_hand(hand)  # a rearrangement's own cards are checked with the sets it breaks
        yield rummy.well_formed(DRAW)
        yield Restriction(DRAW, self._verb_problem)
        yield Restriction(END_TURN, lambda a: "a knock names no cards" if a.verb == "knock" and a.args
                          else None)
        yield rummy.draw_first(state.phase == Phase.PLAY, DRAW)
        yield Restriction(DRAW, lambda a: self._draw_problem(state, a))
        yield Restriction(WILD_KEPT, lambda a: self._wild_taken(state, seat, a))
        yield Restriction(rummy.FROM_HAND, lambda a: None if a.verb == "rearrange" else held.problem(a))
        yield Restriction(WILD_KEPT, lambda a: self._wild_first(state, a))
        yield rummy.on_melds(state.melds, clause=LAY_DOWN)
        yield Restriction(REPLACE_WILD, lambda a: self._swap_problem(state, a))
        yield Restriction(REARRANGE, lambda a: self._rearrange_problem(state, a))
        yield broken(introduce)
        yield broken(WILD_SETS)
        yield broken(MATCHED_SETS)
        yield broken(LAY_DOWN)
        yield broken(REARRANGE)
        yield broken(WILD_KEPT)
        yield rummy.no_wild_discard(MELD_RULES.wild_faces)
        yield Restriction(DISCARD_MATCH, lambda a: self._match_problem(state, a))
        yield Restriction(self._two_player_clause(state), lambda a: self._early_rumski(state, seat, a))

    @staticmethod
    def _verb_problem(a: Action) -> str | None:
        if a.verb not in VERBS:
            return f"there is no '{a.verb}' in Rumski"
        if a.verb == "take" and a not in (rummy.TAKE_DISCARD, TAKE_PILE):
            return "take the top card or the whole pile"
        return None

    @staticmethod
    def _draw_problem(state: RumskiState, a: Action) -> str | None:
        if a.verb == "take" and not state.pile:
            return "the discard pile is empty"
        if a == rummy.DRAW_STOCK and not state.stock and not state.pile:
            return "the stock and the discard pile are both empty"
        return None

    def _wild_taken(self, state: RumskiState, seat: int, a: Action) -> str | None:
        """A wild card may only be taken from the pile when it can be played back at once."""
        if a.verb != "take":
            return None
        taken = state.pile[-1:] if a == rummy.TAKE_DISCARD else state.pile
        wild = next((c for c in taken if is_wild(c)), None)
        if wild is None or self._wild_has_a_place(state, seat, [*state.hands[seat], *taken], state.melds):
            return None
        return f"{card_text(wild)} would have to be played at once, and you have no set to play it in"

    def _wild_has_a_place(self, state: RumskiState, seat: int, hand: Sequence[Card],
                          melds: Sequence[Meld | list[Card]]) -> bool:
        """Whether a wild card in ``hand`` could go straight back into a set in one move: a new set with
        two cards of the hand, or a Community set without a wild card (introducing a set of the hand's
        in the same move, if need be), keeping a card when the player may not go out yet."""
        naturals = [c for c in hand if not is_wild(c)]
        wild = next(c for c in hand if is_wild(c))
        keep = 0 if self.may_go_out(state, seat) else 1
        if len(hand) - 3 >= keep and any(near(a, b) for a, b in itertools.combinations(naturals, 2)):
            return True
        cards = [m.cards if isinstance(m, Meld) else m for m in melds]
        if not any(fits(m, wild) for m in cards):
            return False
        if self._introduced(state, seat):
            return len(hand) - 1 >= keep
        return any(len(hand) - 1 - len(s) >= keep for s in _hand_sets(naturals))

    @staticmethod
    def _wild_first(state: RumskiState, a: Action) -> str | None:
        if not state.must_play or a.verb in ("draw", "take"):
            return None
        named = list(a.cards)
        if a.verb == "rearrange":
            at = a.args.index("into")
            broken = [state.melds[n - 1].cards for n in a.args[:at] if type(n) is int and 0 < n <= len(state.melds)]
            named = rummy.missing([c for m in broken for c in m], named)
        if a.verb in TABLE_VERBS and any(c in state.must_play for c in named):
            return None
        return f"play {cards_text(state.must_play)} back into a set first"

    def _swap_problem(self, state: RumskiState, a: Action) -> str | None:
        if a.verb != "swap":
            return None
        card, n = a.cards[0], a.numbers[0]
        if rummy.swap_index(state.melds[n - 1].cards, card, MELD_RULES) is None:
            return f"no wild card in set {n} stands for {card_text(card)}"
        return None

    @staticmethod
    def _rearrange_problem(state: RumskiState, a: Action) -> str | None:
        if a.verb != "rearrange":
            return None
        numbers = a.args[:a.args.index("into")]
        for n in numbers:
            if not 1 <= n <= len(state.melds):
                return f"there is no set {n}"
        if len(set(numbers)) != len(numbers):
            return "name each set once"
        return None

    def _introduced(self, state: RumskiState, seat: int) -> bool:
        return state.introduced_now if state.options.introduce == EACH_TURN else state.introduced[seat]

    def _outcome(self, state: RumskiState, seat: int, a: Action) -> Outcome:
        """The Community and the hand after a table move, and the first rule it breaks."""
        hand = list(state.hands[seat])
        melds: list[list[Card] | None] = [list(m.cards) for m in state.melds]
        if a.verb not in TABLE_VERBS:
            return Outcome(melds, hand, 0)
        introduce = INTRODUCE_EACH_TURN if state.options.introduce == EACH_TURN else INTRODUCE
        touches = "add to or take from the Community's sets"
        if a.verb == "swap":
            card, n = a.cards[0], a.numbers[0]
            meld = melds[n - 1] or []
            at = rummy.swap_index(meld, card, MELD_RULES)
            wild = meld[at or 0]
            meld[at or 0] = card
            hand = [*_without(hand, [card]), wild]
            out = Outcome(melds, hand, 0)
            if not self._introduced(state, seat):
                return out._replace(problem=(introduce, f"introduce a set of your own before you {touches}"))
            if not self._wild_has_a_place(state, seat, hand, [m for m in melds if m is not None]):
                return out._replace(problem=(WILD_KEPT, f"{card_text(wild)} must go straight back into a set, "
                                                        f"and it has no place to go"))
            return out
        if a.verb == "rearrange":
            at = a.args.index("into")
            numbers = list(a.args[:at])
            laid_out = [list(g.cards) for g in rummy.groups_of(a.args[at + 1:])]
            old = [state.melds[n - 1].cards for n in numbers]
            from_hand = rummy.missing([c for m in old for c in m], [c for g in laid_out for c in g])
            for i, n in enumerate(sorted(numbers)):
                melds[n - 1] = laid_out[i] if i < len(laid_out) else None
            melds += laid_out[len(numbers):]
            out = Outcome(melds, _without(hand, from_hand), 0)
            if not self._introduced(state, seat):
                return out._replace(problem=(introduce, f"introduce a set of your own before you {touches}"))
            why = rummy.rearrange_problem(old, laid_out, state.hands[seat], MELD_RULES)
            if why is not None:
                clause = REARRANGE if "must stay" in why or "do not hold" in why else meld_clause(why)
                return out._replace(problem=(clause, why))
            return out
        groups = rummy.groups_of(a.args)
        new = [g for g in groups if g.on is None]
        hand = _without(hand, a.cards)
        for g in new:
            melds.append(list(g.cards))
        out = Outcome(melds, hand, len(new))
        for g in new:
            why = rummy.meld_problem(g.cards, MELD_RULES)
            if why is not None:
                return out._replace(problem=(meld_clause(why), why))
        joined = [g for g in groups if g.on is not None]
        if joined and not new and not self._introduced(state, seat):
            return out._replace(problem=(introduce, f"introduce a set of your own before you {touches}"))
        for g in joined:
            grown = melds[(g.on or 0) - 1] or []
            why = rummy.lay_problem(grown, g.cards, MELD_RULES)
            if why is not None:
                return out._replace(problem=(meld_clause(why) if "wild card" in why else LAY_DOWN, why))
            grown.extend(g.cards)
        return out

    @staticmethod
    def _match_problem(state: RumskiState, a: Action) -> str | None:
        if a.verb != "discard" or not a.cards:
            return None
        top = state.pile[-1] if state.pile else None
        card = a.cards[0]
        if matches(card, top):
            return None
        assert top is not None
        return f"{card_text(card)} matches neither the colour ({colour_word(top)}) nor the number ({top & 15}) of " \
               f"{card_text(top)}"

    @staticmethod
    def _two_player_clause(state: RumskiState) -> Clause:
        return TWO_PLAYERS if state.options.two_player_rumski == PRIOR_ROUND else TWO_PLAYERS_TURN

    def may_go_out(self, state: RumskiState, seat: int) -> bool:
        if state.players != 2:
            return True
        if state.options.two_player_rumski == PRIOR_ROUND:
            return state.laid_before[seat]
        return state.laid_earlier_turn[seat]

    def _early_rumski(self, state: RumskiState, seat: int, a: Action) -> str | None:
        if self.may_go_out(state, seat):
            return None
        left = len(state.hands[seat]) - 1 if a.verb == "discard" else len(self._outcome(state, seat, a).hand)
        if a.verb in ("discard", *TABLE_VERBS) and left == 0:
            when = "a prior round" if state.options.two_player_rumski == PRIOR_ROUND else "an earlier turn"
            return f"you have not laid to the Community in {when}: keep a card"
        return None

    # --- the moves listed ---------------------------------------------------------------------------
    def _candidates(self, state: RumskiState, seat: int) -> list[Action]:
        """The useful moves: every draw; sets from hand (each number's cards, sequences and their
        three-card pieces, pairs with a wild card); each card and wild card onto each set; swaps of
        wild cards; a set's spare end card taken into a new set with two cards from hand; every
        discard and the knock. The cascade keeps the legal ones."""
        hand = state.hands[seat]
        if state.phase == Phase.DRAW:
            return [rummy.DRAW_STOCK, rummy.TAKE_DISCARD, TAKE_PILE]
        out: list[Action] = [rummy.meld(g) for g in _hand_sets(hand)]
        cards = list(dict.fromkeys(hand))
        for i, m in enumerate(state.melds):
            n = i + 1
            out += [rummy.lay([c], n) for c in cards if fits(m.cards, c)]
            if any(is_wild(c) for c in m.cards):
                out += [rummy.swap(c, n) for c in cards if swappable(m.cards, c)]
            out += self._spare_ends(m, n, hand)
        if state.must_play and not self._introduced(state, seat):
            wild = state.must_play[0]
            homes = [Group((wild,), i + 1) for i, m in enumerate(state.melds) if fits(m.cards, wild)]
            out += [rummy.meld(s, home) for s in _hand_sets([c for c in hand if not is_wild(c)]) for home in homes]
        out += [rummy.discard(c) for c in cards]
        out.append(KNOCK)
        return list(dict.fromkeys(out))

    @staticmethod
    def _spare_ends(meld: Meld, n: int, hand: Sequence[Card]) -> list[Action]:
        """Rearrangements that take a card a set can spare into a new set with two cards from hand."""
        cards = meld.cards
        if len(cards) < 4:
            return []
        kind = meld_kind(cards, MELD_RULES)
        ordered = sorted(cards, key=lambda c: (is_wild(c), c & 15))
        spare = [ordered[0], ordered[-1]] if kind == "run" else list(cards)
        out = []
        for x in dict.fromkeys(spare):
            rest = _without(cards, [x])
            if not _one_set(rest, len(rest)):
                continue
            for a, b in itertools.combinations([c for c in hand if near(c, x)], 2):
                if three(x, a, b):
                    out.append(rummy.rearrange([n], rest, [x, a, b]))
        return out

    # --- playing -----------------------------------------------------------------------------------------
    def _apply(self, state: RumskiState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "draw":
            self._draw(state, seat)
        elif verb == "take":
            self._take(state, seat, action == TAKE_PILE)
        elif verb in TABLE_VERBS:
            self._table(state, seat, action)
        elif verb == "discard":
            self._discard(state, seat, action.cards[0])
        elif verb == "knock":
            emit(state, "{0} knocks", seat, kind="discard")
            self._end_turn(state, seat)

    def _draw(self, state: RumskiState, seat: int) -> None:
        if not state.stock:
            state.stock = list(state.pile)
            state.pile = []
            state.rng.shuffle(state.stock)
            emit(state, "{0} shuffles the discard pile into a new stock of " + f"{len(state.stock)}", seat,
                 kind="stock")
        card = state.stock.pop()
        state.hands[seat].append(card)
        state.hands[seat].sort()
        private(state, seat, "{0} draws " + card_text(card), "{0} draws from the stock", seat, pieces=(card,))
        state.phase = Phase.PLAY

    def _take(self, state: RumskiState, seat: int, whole: bool) -> None:
        taken = rummy_piles.take_all(state.pile) if whole else [rummy_piles.take_top(state.pile)]
        state.took_pile = whole
        state.hands[seat].extend(taken)
        state.hands[seat].sort()
        state.known[seat].extend(taken)
        state.must_play = [c for c in taken if is_wild(c)]
        what = f"the whole discard pile ({cards_text(taken)})" if whole else card_text(taken[0]) + \
            " from the discard pile"
        emit(state, "{0} takes " + what, seat, pieces=taken, kind="take")
        state.phase = Phase.PLAY

    def _table(self, state: RumskiState, seat: int, action: Action) -> None:
        """Lay a table move's cards out in the Community (the physical cards: from hand, or from the sets
        rearranged, each keeping who laid it)."""
        hand = state.hands[seat]

        def from_hand(c: Card) -> Card:
            card = hand.pop(hand.index(c))
            rummy.forget_known(state.known[seat], (card,))
            if card in state.must_play:
                state.must_play.remove(card)
            return card

        placed = 0
        if action.verb == "swap":
            meld = state.melds[action.numbers[0] - 1]
            at = rummy.swap_index(meld.cards, action.cards[0], MELD_RULES) or 0
            wild = meld.cards[at]
            meld.cards[at], meld.by[at] = from_hand(action.cards[0]), seat
            hand.append(wild)
            hand.sort()
            state.must_play.append(wild)
            placed = 1
        elif action.verb == "rearrange":
            at = action.args.index("into")
            numbers = sorted(action.args[:at])
            pool = [(c, s) for n in numbers for c, s in zip(state.melds[n - 1].cards, state.melds[n - 1].by)]
            made: list[Meld] = []
            for g in rummy.groups_of(action.args[at + 1:]):
                meld = Meld([], None)
                for c in g.cards:
                    i = next((i for i, (p, _) in enumerate(pool) if p == c), None)
                    if i is None:
                        meld.add([from_hand(c)], seat)
                        placed += 1
                    else:
                        meld.add([pool[i][0]], pool.pop(i)[1])
                made.append(meld)
            slots = iter(made)
            kept = [next(slots, None) if i + 1 in numbers else m for i, m in enumerate(state.melds)]
            state.melds = [m for m in kept if m is not None] + list(slots)
        else:
            for g in rummy.groups_of(action.args):
                cards = [from_hand(c) for c in g.cards]
                placed += len(cards)
                if g.on is None:
                    state.melds.append(Meld(cards, None, [seat] * len(cards)))
                    state.introduced[seat] = True
                    state.introduced_now = True
                else:
                    state.melds[g.on - 1].add(cards, seat)
        if placed:
            state.laid[seat] = True
            state.laid_now = True
        words = {"meld": "melds", "lay": "lays", "swap": "swaps", "rearrange": "rearranges"}[action.verb]
        emit(state, "{0} " + words + " " + " ".join(map(str, action.args)), seat, pieces=action.cards, kind="meld")
        if not hand:
            self._rumski(state, seat)

    def _discard(self, state: RumskiState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        state.pile.append(card)
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        if not hand:
            self._rumski(state, seat)
            return
        self._end_turn(state, seat, discarded=True)

    def _end_turn(self, state: RumskiState, seat: int, discarded: bool = False) -> None:
        state.dry_turns = state.dry_turns + 1 if state.dry and not state.laid_now and not discarded else 0
        if state.laid_now:
            state.laid_earlier_turn[seat] = True
        if state.dry_turns >= state.players:
            emit(state, "Nothing is left to draw and nobody can play: the round ends without points", kind="summary")
            self._end_round(state, None)
            return
        self._start_turn(state, left_of(seat, state.players))

    def _rumski(self, state: RumskiState, seat: int) -> None:
        emit(state, "RUMSKI! {0} goes out", seat, kind="summary")
        self._end_round(state, seat)

    def _end_round(self, state: RumskiState, winner: int | None) -> None:
        n = state.players
        for s in range(n):
            state.laid_before[s] = state.laid_before[s] or state.laid[s]
        points: list[int | float] = [0] * n
        notes: list[str] = []
        if winner is None:
            notes.append(f"no points: nothing left to draw and no plays made [{EXHAUSTED.id}]")
            state.next_dealer = state.dealer
        else:
            for s in range(n):
                if s != winner:
                    got = sum(map(value, state.hands[s]))
                    points[winner] += got
                    held = len(state.hands[s])
                    notes.append(f"seat {s}'s {held} card{'s' if held != 1 else ''} in hand: {got} to seat {winner} "
                                 f"[{POINTS.id}]")
            notes.insert(0, f"seat {winner} played their whole hand [{RUMSKI.id}]")
            emit(state, "{0} scores " + f"{int(points[winner])}", winner, kind="summary")
            state.next_dealer = left_of(state.dealer, n)
        state.last = (winner, int(points[winner]) if winner is not None else 0)
        totals = [t + p for t, p in zip(state.sheet.totals, points)]
        target = self.target(state)
        over = winner is not None and totals[winner] >= target
        if over:
            notes.append(f"seat {winner} reaches {target} [{TARGET.id}]")
        state.sheet.add(f"round {state.hand_no}", points, state.ply + 1, notes)
        if over:
            assert winner is not None
            state.over = True
            state.phase = Phase.OVER
            emit(state, f"{{0}} wins the game with {int(totals[winner])}", winner, kind="summary")
            return
        state.phase = Phase.SHOW

    # --- what the players see ----------------------------------------------------------------------------
    def all_cards(self, state: RumskiState) -> list[Card]:
        return list(DECK_CARDS)

    def zones(self, state: RumskiState) -> list[Zone]:
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock),
                rummy.pile_zone(state.pile), *rummy.meld_zones(state.melds, _set_label)]

    def facts(self, state: RumskiState, seat: int | None) -> list[Fact]:
        """On the seats, who has introduced a set and (two players) who may not go out yet; the
        scores are the score sheet's."""
        n = state.players
        fs = [per_seat("introduced", "Set introduced", list(state.introduced), FactKind.FLAG),
              per_seat("not-out-yet", "May not go out yet", [not self.may_go_out(state, s) for s in range(n)],
                       FactKind.FLAG),
              fact("target", "Game to", FactKind.NUMBER, self.target(state))]
        if state.must_play:
            fs.append(fact("must_play", "To be played back at once", FactKind.PIECES,
                           [card_text(c) for c in state.must_play]))
        if state.last is not None:
            winner, points = state.last
            fs.append(fact("last_round", "Last round", FactKind.TEXT,
                           "no points" if winner is None else f"seat {winner} went out for {points}"))
        return fs

    def prompt(self, state: RumskiState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.SHOW:
            return "The round is over: deal the next one."
        if state.phase == Phase.DRAW:
            refresh = "" if state.stock else " (drawing from the stock shuffles the pile into a new one)"
            return "Draw from the stock" + refresh + ", or take the top card or the whole discard pile."
        if state.must_play:
            return f"Play {cards_text(state.must_play)} back into a set now."
        top = f" matching {card_text(state.pile[-1])} in colour or number" if state.pile else ""
        return "Lay down and rearrange sets if you wish, then discard" + top + " or knock."


def near(a: Card, b: Card) -> bool:
    """Whether two cards could be in one set of three: a wild card, the same number, or the same colour
    at most two apart (so a wild card completes any two natural cards that are near)."""
    if is_wild(a) or is_wild(b):
        return True
    return a & 15 == b & 15 or (a >> 4 == b >> 4 and 0 < abs((a & 15) - (b & 15)) <= 2)


def three(a: Card, b: Card, c: Card) -> bool:
    """Whether three cards make a set: one number, or one colour in sequence, with one wild card at most."""
    naturals = sorted((x for x in (a, b, c) if not is_wild(x)), key=lambda x: x & 15)
    if len(naturals) < 2:
        return False
    if len({x & 15 for x in naturals}) == 1:
        return True
    if len({x >> 4 for x in naturals}) != 1:
        return False
    gaps = [(y & 15) - (x & 15) for x, y in zip(naturals, naturals[1:])]
    return all(g == 1 for g in gaps) if len(naturals) == 3 else gaps[0] in (1, 2)


def fits(meld: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` can be added onto ``meld`` (``rummy.lay_problem``, read directly: one deck has
    each card once, so a set takes its number in any colour, and a sequence with at most one wild card
    holds its numbers when they span no more places than it has cards)."""
    return _one_set([*meld, card], len(meld) + 1)


def swappable(meld: Sequence[Card], card: Card) -> bool:
    """Whether natural ``card`` may take the place of the wild card in ``meld`` (``rummy.swap_index``,
    read directly)."""
    if is_wild(card) or not any(is_wild(c) for c in meld):
        return False
    return _one_set([*(c for c in meld if not is_wild(c)), card], len(meld))


def _one_set(cards: Sequence[Card], size: int) -> bool:
    """Whether ``cards`` (plus wild cards up to ``size`` in all) make one set: one number, or one colour
    spanning at most ``size`` places, with one wild card at most."""
    naturals = [c for c in cards if not is_wild(c)]
    if len(cards) - len(naturals) + size - len(cards) > 1 or not naturals:
        return False
    numbers = {c & 15 for c in naturals}
    if len(numbers) == 1:
        return True
    if len({c >> 4 for c in naturals}) != 1 or len(numbers) != len(naturals):
        return False
    return max(numbers) - min(numbers) + 1 <= size <= 13


def _set_label(n: int, m: Meld) -> str:
    kind = meld_kind(m.cards, MELD_RULES)
    return f"{n}: {kind or 'set'} of {len(m.cards)}"


def _hand_sets(hand: Sequence[Card]) -> list[list[Card]]:
    """The sets worth listing from a hand: each number's cards (three or more), each colour's
    sequences and their three-card pieces, and with a wild card every pair it completes."""
    naturals = sorted({int(c): c for c in hand if not is_wild(c)}.values())
    wild = next((c for c in hand if is_wild(c)), None)
    out: list[list[Card]] = []
    by_number: dict[int, list[Card]] = {}
    for c in naturals:
        by_number.setdefault(c & 15, []).append(c)
    for cs in by_number.values():
        if len(cs) >= 3:
            out.append(cs)
    out += rummy.runs_in(naturals, MELD_RULES)
    if wild is not None:
        out += [[a, b, wild] for a, b in itertools.combinations(naturals, 2) if near(a, b)]
    return out
