"""Desert Rummy's state machine: the deal, the draw, the meld each player is on, further melds and
lay-offs on their own melds, swaps out of runs, going out, and the climb to the 11th meld.

Every move of a turn runs one restriction cascade (``restrictions``), built from the rummy
family's restrictions and Desert Rummy's own; ``legal_actions`` lists the useful melds (the full
set is combinatorial) through the same cascade, and ``check`` refuses any other with its clause."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from gamenight.core.cards import FACES, Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.events import emit, private
from gamenight.engine.game import Result, ranked
from gamenight.engine.registry import register
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, per_seat
from gamenight.families import melds, rummy, rummy_contracts, rummy_piles
from gamenight.families.rummy import Meld, Restriction
from gamenight.families.rummy_game import Phase, RummyGame, RummyState, deal_hands
from gamenight.games.desert_rummy import cards as dc
from gamenight.games.desert_rummy.rules import (
    END,
    GO_OUT,
    KINDS,
    LONGER,
    MAKE_MELD,
    NO_EXTRA,
    OWN,
    REPLAY,
    SCORE,
    SPEC,
    STOCK_OUT,
    SWAP,
    TAME,
    TURN,
)

VERBS = ("draw", "take", "meld", "lay", "swap", "discard")


@dataclass
class DesertState(RummyState):
    pile: list[Card] = field(default_factory=list)
    down: list[bool] = field(default_factory=list)
    """Whether each seat has laid its meld down this hand."""
    phase: Phase = Phase.DRAW
    melded_now: bool = False
    """The player to move laid their meld down this turn: nothing more goes down."""
    must_play: list[Card] = field(default_factory=list)
    """The wild card just won by a swap, to be played at once."""
    hand_no: int = 0
    winner: int | None = None

    def on(self, seat: int) -> int:
        """The meld (1 to 11) ``seat`` is on: one past the melds the score sheet says it has made."""
        return min(int(self.sheet.totals[seat]) + 1, len(dc.CONTRACTS))


def _is_run(cards: Sequence[Card]) -> bool:
    return rummy.run_start(cards, dc.MELD_RULES) is not None


def _suit_of(run: Sequence[Card]) -> int:
    return next(c >> 4 for c in run if not dc.is_wild(c))


def place(table: Sequence[Meld], groups: Sequence[rummy.Group]) -> rummy.Layout:
    """Where ``groups`` land on ``table`` (their targets are melds on it): each new group must be a set
    or a run, each group laid on a meld must keep it one, tame cards never fewer than wild ones."""
    kinds = [rummy.RUN if _is_run(m.cards) else rummy.SET for m in table]
    return rummy.lay_out([m.cards for m in table], kinds, groups, dc.MELD_RULES)


@register
class DesertRummy(RummyGame[DesertState]):
    spec = SPEC
    random_play_ends = False  # the 10th meld, two sets of 5, is in a random hand once in thousands
    next_deal = (GO_OUT, "the hand is over: the next dealer deals")
    state_type = DesertState

    # --- dealing ---------------------------------------------------------------------------------
    def _deal(self, state: DesertState) -> None:
        n = state.players
        deck = dc.deck(n, state.options)
        first, state.stock = deal_hands(state, deck, dc.HAND_SIZE)
        state.pile = [state.stock.pop()]
        state.melds = []
        state.down = [False] * n
        state.hand_no += 1
        emit(state, f"{{0}} deals 11 cards each and turns up {card_text(state.pile[-1])}", state.dealer,
             pieces=state.pile, kind="deal")
        self._start_turn(state, first)

    def _start_turn(self, state: DesertState, seat: int) -> None:
        state.turn = seat
        state.phase = Phase.DRAW
        state.melded_now = False
        state.must_play = []

    # --- the cascade of a turn ---------------------------------------------------------------------
    def restrictions(self, state: DesertState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat``'s turn, in rulebook order."""
        hand = state.hands[seat]
        placements: dict[Action, rummy.Layout] = {}

        def placed(a: Action) -> rummy.Layout:
            if a not in placements:
                placements[a] = place(state.melds, rummy.groups_of(a.args)) if a.verb in ("meld", "lay") \
                    else rummy.Layout()
            return placements[a]

        yield rummy.well_formed(TURN)
        yield Restriction(TURN, _verb_problem)
        yield rummy.draw_first(state.phase == Phase.PLAY)
        if state.phase == Phase.DRAW:
            yield Restriction(rummy.DRAW, lambda a: self._nothing_to_draw(state, a))
            return
        yield rummy.from_hand(hand)
        yield rummy.play_at_once(state.must_play, SWAP)
        yield Restriction(MAKE_MELD, lambda a: None if state.down[seat] or a.verb not in ("lay", "swap") else
                          f"make your meld first: you are on meld {state.on(seat)}, {dc.contract(state.on(seat))}")
        extra = LONGER if state.options.longer_melds else NO_EXTRA
        yield Restriction(extra, lambda a: "you laid your meld down this turn: nothing more goes down until your "
                          "next turn" if state.melded_now and a.verb in ("meld", "lay", "swap") else None)
        own, anyone = rummy.on_melds(state.melds, lambda m: m.owner == seat), rummy.on_melds(state.melds)
        yield Restriction(OWN, lambda a: None if a.verb == "swap" else own.problem(a))
        yield Restriction(SWAP, lambda a: anyone.problem(a) if a.verb == "swap" else None)
        yield Restriction(TAME, lambda a: placed(a).problem if placed(a).wild_limit else None)
        yield Restriction(KINDS, lambda a: placed(a).problem)
        yield Restriction(MAKE_MELD, lambda a: self._contract_problem(state, seat, a, exact=False))
        yield Restriction(extra, lambda a: self._contract_problem(state, seat, a, exact=True))
        yield Restriction(SWAP, lambda a: self._swap_problem(state, seat, a))
        yield rummy.keep_a_discard(hand)

    @staticmethod
    def _nothing_to_draw(state: DesertState, a: Action) -> str | None:
        if a == rummy.TAKE_DISCARD and not state.pile:
            return "the discard pile is empty"
        if a == rummy.DRAW_STOCK and not state.stock and len(state.pile) < 2:
            return "the stock is empty and there is no discard pile under the top card to make a new one"
        return None

    def _contract_problem(self, state: DesertState, seat: int, a: Action, exact: bool) -> str | None:
        """The meld of a player not yet down this hand: the groups must make the meld they are on (each
        exactly as long as asked, with ``exact`` where the book forbids extra cards)."""
        if a.verb != "meld" or state.down[seat]:
            return None
        if exact and state.options.longer_melds:
            return None
        groups = rummy.groups_of(a.args)
        if any(g.on is not None for g in groups):
            return "make your meld with new sets and runs only: nothing is added to a meld on the table"
        contract = dc.contract(state.on(seat))
        return contract.problem([g.cards for g in groups], dc.MELD_RULES, exact=exact)

    def _swap_problem(self, state: DesertState, seat: int, a: Action) -> str | None:
        if a.verb != "swap":
            return None
        natural, n = a.cards[0], a.args[-1]
        target = state.melds[n - 1]
        if not _is_run(target.cards):
            return f"meld {n} is a set: wild cards are swapped out of runs only"
        i = rummy.run_swap_index(target.cards, natural, dc.MELD_RULES)
        if i is None:
            return f"no wild card in meld {n} stands for {card_text(natural)}"
        wild = target.cards[i]
        if not self._wild_homes(state, seat, wild, _swapped_hand(state.hands[seat], natural, wild)):
            return f"you could not use {card_text(wild)} at once: it must go into a meld this move after the swap"
        return None

    def _wild_homes(self, state: DesertState, seat: int, wild: Card, hand: Sequence[Card]) -> list[Action]:
        """The moves that would play ``wild`` from ``hand`` at once: onto one of the player's melds, or in a
        new set or run with two cards from hand (keeping a card to discard)."""
        out = []
        if len(hand) >= 2:
            for i, m in enumerate(state.melds):
                if m.owner == seat and place(state.melds, [rummy.Group((wild,), i + 1)]).problem is None:
                    out.append(rummy.lay([wild], i + 1))
        if len(hand) >= 4:
            naturals = sorted({int(c): c for c in hand if not dc.is_wild(c)}.values())
            for x, y in itertools.combinations(naturals, 2):
                trio = [x, y, wild]
                if melds.is_meld(trio, dc.MELD_RULES):
                    out.append(rummy.meld(rummy.run_order(trio, dc.MELD_RULES) or trio))
        return out

    # --- the moves listed ----------------------------------------------------------------------------
    def _candidates(self, state: DesertState, seat: int) -> list[Action]:
        """The useful moves of a turn: both draws; then every discard, the ways to make the meld the
        player is on, and once down the melds the hand holds, single cards onto the player's melds
        and swaps. The cascade keeps the legal ones."""
        if state.phase == Phase.DRAW:
            return [rummy.DRAW_STOCK, rummy.TAKE_DISCARD]
        hand = state.hands[seat]
        if state.must_play:
            return self._wild_homes(state, seat, state.must_play[0], hand)
        out = [rummy.discard(c) for c in dict.fromkeys(hand)]
        if not state.down[seat]:
            return out + list(_contract_melds(tuple(sorted(map(int, hand))), state.on(seat)))
        if state.melded_now:
            return out
        found = melds.best_arrangement(hand, dc.MELD_RULES).melds
        out += [rummy.meld(rummy.run_order(m, dc.MELD_RULES) or m) for m in found]
        for i, m in enumerate(state.melds):
            run = _is_run(m.cards)
            if m.owner == seat:
                like = _suit_of(m.cards) if run else rummy.set_rank(m.cards, dc.is_wild)
                out += [rummy.lay([c], i + 1) for c in dict.fromkeys(hand)
                        if dc.is_wild(c) or (c >> 4 if run else c & 15) == like]
            if run:
                faces = rummy.stands_for(m.cards, dc.MELD_RULES)
                out += [rummy.swap(c, i + 1) for c in dict.fromkeys(hand)
                        if any(dc.is_wild(w) and faces[j] == c for j, w in enumerate(m.cards))]
        return list(dict.fromkeys(out))

    # --- playing ----------------------------------------------------------------------------------------
    def _apply(self, state: DesertState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "draw":
            self._draw(state, seat)
        elif verb == "take":
            card = rummy_piles.take_top(state.pile)
            state.hands[seat].append(card)
            state.hands[seat].sort()
            state.known[seat].append(card)
            emit(state, "{0} takes " + card_text(card) + " from the discard pile", seat, pieces=(card,), kind="take")
            state.phase = Phase.PLAY
        elif verb in ("meld", "lay"):
            self._lay_down(state, seat, action)
        elif verb == "swap":
            self._swap(state, seat, action.cards[0], action.args[-1])
        elif verb == "discard":
            self._discard(state, seat, action.cards[0])

    def _draw(self, state: DesertState, seat: int) -> None:
        if not state.stock:
            top = state.pile.pop()
            state.stock = rummy_piles.take_all(state.pile)
            state.rng.shuffle(state.stock)
            state.pile = [top]
            emit(state, f"The stock has run out: the discard pile under {card_text(top)} is shuffled into a new "
                 "stock", kind="deal", clause=STOCK_OUT)
        card = state.stock.pop()
        state.hands[seat].append(card)
        state.hands[seat].sort()
        private(state, seat, "{0} draws " + card_text(card), "{0} draws from the stock", seat, pieces=(card,),
                kind="draw")
        state.phase = Phase.PLAY

    def _lay_down(self, state: DesertState, seat: int, action: Action) -> None:
        groups = rummy.groups_of(action.args)
        placement = place(state.melds, groups)
        played = [c for g in groups for c in g.cards]
        hand = state.hands[seat]
        for c in played:
            hand.remove(c)
            if c in state.must_play:
                state.must_play.remove(c)
        rummy.forget_known(state.known[seat], played)
        first = len(state.melds) + 1
        rummy.put_down(state.melds, placement, seat, seat)
        if action.verb == "lay" or state.down[seat]:
            emit(state, "{0} " + ("lays " + str(groups[0]) if action.verb == "lay" else
                                  "melds " + " and ".join(str(g) for g in groups)), seat, pieces=played, kind="meld")
            return
        state.down[seat] = state.melded_now = True
        on = state.on(seat)
        numbers = ", ".join(str(n) for n in range(first, len(state.melds) + 1))
        emit(state, f"{{0}} lays down meld {on} ({dc.contract(on)}) as melds {numbers}", seat, pieces=played,
             kind="meld")
        if on == len(dc.CONTRACTS):
            state.winner = seat
            emit(state, f"{{0}} completes the {on}th meld and wins", seat, kind="summary")
            self._end_hand(state)

    def _swap(self, state: DesertState, seat: int, natural: Card, n: int) -> None:
        m = state.melds[n - 1]
        i = rummy.run_swap_index(m.cards, natural, dc.MELD_RULES)
        assert i is not None
        wild = m.cards[i]
        m.cards[i], m.by[i] = natural, seat
        hand = state.hands[seat]
        hand.remove(natural)
        rummy.forget_known(state.known[seat], (natural,))
        hand.append(wild)
        hand.sort()
        state.must_play = [wild]
        emit(state, "{0} puts " + card_text(natural) + f" in place of {card_text(wild)} in meld {n}", seat,
             pieces=(natural, wild), kind="swap")

    def _discard(self, state: DesertState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        state.pile.append(card)
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        if not hand:
            emit(state, "{0} goes out", seat, kind="summary")
            self._end_hand(state)
            return
        self._start_turn(state, left_of(seat, state.players))

    def _end_hand(self, state: DesertState) -> None:
        """The hand's row: a 1 for each player who laid their meld down; they move on to the next meld."""
        points: list[int | float] = [1 if d else 0 for d in state.down]
        notes = [f"seat {s} made meld {state.on(s)}, {dc.contract(state.on(s))} [{SCORE.id}]"
                 for s in range(state.players) if state.down[s]]
        notes += [f"seat {s} replays meld {state.on(s)} [{REPLAY.id}]"
                  for s in range(state.players) if not state.down[s] and state.winner is None]
        if state.winner is not None:
            notes.append(f"seat {state.winner} completed the 11th meld first [{END.id}]")
        state.sheet.add(f"hand {state.hand_no}", points, state.ply + 1, notes)
        state.next_dealer = left_of(state.dealer, state.players)
        if state.winner is not None:
            state.over = True
            state.phase = Phase.OVER
            return
        state.phase = Phase.SHOW

    # --- what the players see -----------------------------------------------------------------------------
    def result(self, state: DesertState) -> Result:
        return ranked(state.sheet.totals, high_wins=True)

    def all_cards(self, state: DesertState) -> list[Card]:
        return dc.deck(state.players, state.options)

    def zones(self, state: DesertState) -> list[Zone]:
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock),
                rummy.pile_zone(state.pile), *rummy.meld_zones(state.melds, _meld_label)]

    def facts(self, state: DesertState, seat: int | None) -> list[Fact]:
        """On the seats, the meld each player is on and whether it is down this hand; the viewer's own
        meld spelled out (the others' are in the rules' list of melds)."""
        on = [state.on(s) for s in range(state.players)]
        facts = [per_seat("meld", "Meld", on), per_seat("down", "Laid down", list(state.down), FactKind.FLAG)]
        if seat is not None:
            facts.append(fact("my-meld", "Your meld", FactKind.TEXT, f"{on[seat]}: {dc.contract(on[seat])}"))
        return facts

    def prompt(self, state: DesertState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.SHOW:
            return "The hand is over: deal the next one."
        if state.phase == Phase.DRAW:
            return "Draw from the stock or take the top discard."
        if state.must_play:
            return f"Play {cards_text(state.must_play)} at once: in a set or run, or on one of your melds."
        if not state.down[seat]:
            return "Lay down your meld if you can, then discard."  # which meld: its fact
        if state.melded_now:
            return "Your meld is down: discard to end your turn."
        return "Meld, lay cards on your own melds or swap for a wild card in a run, then discard; discard your " \
               "last card to go out."


@functools.lru_cache(maxsize=4096)
def _contract_melds(hand: tuple[int, ...], on: int) -> tuple[Action, ...]:
    """A few ways to lay meld ``on`` down from a hand of these faces (the same hand comes back often:
    the whole turn, and every look at it)."""
    ways = rummy_contracts.contract_ways([FACES[f] for f in hand], dc.contract(on), dc.MELD_RULES, limit=3)
    return tuple(rummy.meld(*way) for way in ways)


def _verb_problem(a: Action) -> str | None:
    if a.verb not in VERBS:
        return f"there is no '{a.verb}' in Desert Rummy"
    if a.verb == "take" and a.args != ("discard",):
        return "only the top card of the discard pile is taken"
    return None


def _swapped_hand(hand: Sequence[Card], natural: Card, wild: Card) -> list[Card]:
    out = list(hand)
    out.remove(natural)
    return [*out, wild]


def _meld_label(n: int, m: Meld) -> str:
    return rummy.meld_label(n, m.cards, rummy.RUN if _is_run(m.cards) else rummy.SET, dc.MELD_RULES)


__all__ = ["DesertRummy", "DesertState", "Phase", "place"]
