"""Push's state machine: five deals, taking the discard or pushing it to the opponent on the left,
each player's contract, further melds and cards on anyone's melds, swaps for wild cards, going out
and the team count.

Every move of a turn runs one restriction cascade (``restrictions``), built from the rummy
family's restrictions and Push's own; ``legal_actions`` lists the useful melds (the full set is
combinatorial) through the same cascade, and ``check`` refuses any other with its clause. A meld
of one natural card and wild cards says what it is with a word after its cards (``meld 7H JK 2C
run``); ``declared`` reads those words off a move."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import SUIT_NAMES, Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.events import emit, private
from gamenight.engine.game import Result, ranked
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, per_seat
from gamenight.families import melds, rummy, rummy_contracts, rummy_piles
from gamenight.families.melds import MeldRules
from gamenight.families.rummy import Group, Layout, Restriction
from gamenight.families.rummy_game import Phase, RummyGame, RummyState, deal_hands
from gamenight.games.push import cards as pc
from gamenight.games.push.rules import (
    CONTRACT,
    DECLARE,
    END,
    FIRST_UP,
    KINDS,
    ONE_SUIT,
    OUT,
    PUSH,
    SCORE_OUT,
    SPEC,
    STOCK_OUT,
    SWAP,
    TAKE,
    TEAMS,
    TURN,
    WILD,
)

PUSH_ACTION = Action("push")
KIND_WORDS = (rummy.SET, rummy.RUN)


@dataclass
class PushState(RummyState):
    pile: list[Card] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    """Each meld's kind, set or run, as its player declared it."""
    down: list[bool] = field(default_factory=lambda: [False] * 4)
    """Whether each seat has laid its contract down this deal."""
    phase: Phase = Phase.DRAW
    must_play: list[Card] = field(default_factory=list)
    """The wild card just won by a swap, to be played at once."""
    hand_no: int = 0

    @property
    def contract(self) -> rummy_contracts.Contract:
        return pc.DEALS[self.hand_no - 1][1]


def declared(action: Action) -> tuple[Action, list[str | None]]:
    """A meld without its kind words, and the kind each group declares (None: not said)."""
    if action.verb != "meld":
        return action, []
    plain: list[Any] = []
    kinds: list[str | None] = [None]
    for a in action.args:
        if a in KIND_WORDS:
            kinds[-1] = a
            continue
        if a == "and":
            kinds.append(None)
        plain.append(a)
    return Action("meld", tuple(plain)), kinds


def _kind_word_problem(action: Action) -> str | None:
    """Kind words come once after a new group's cards, before 'and' or the end."""
    args = action.args
    for i, a in enumerate(args):
        if a not in KIND_WORDS:
            continue
        if action.verb != "meld":
            return f"only a new meld is called a {a}"
        if i == 0 or not isinstance(args[i - 1], Card) or (i + 1 < len(args) and args[i + 1] != "and"):
            return f"a meld is called a {a} right after its cards"
    return None


def with_kinds(groups: Sequence[Sequence[Card]], kinds: Sequence[str | None]) -> Action:
    """``meld`` of ``groups``, each followed by its kind word where one is given."""
    args: list[Any] = []
    for i, (g, k) in enumerate(zip(groups, kinds)):
        if i:
            args.append("and")
        args += [*g, *([k] if k else [])]
    return Action("meld", tuple(args))


@register
class Push(RummyGame[PushState]):
    spec = SPEC
    next_deal = (OUT, "the deal is over: the next dealer deals")
    state_type = PushState

    def sheet(self, players: int) -> ScoreSheet:
        return ScoreSheet.per_team(TEAMS)

    # --- dealing ---------------------------------------------------------------------------------
    def _deal(self, state: PushState) -> None:
        state.hand_no += 1
        size = pc.DEALS[state.hand_no - 1][0]
        deck = list(pc.DECK)
        first, rest = deal_hands(state, deck, size)
        state.pile = [rest[0]]  # the card after the hands is turned up; the stock lies under it
        state.stock = rest[1:]
        buried = []
        while pc.is_wild(state.pile[-1]):
            wild = state.pile.pop()
            buried.append(wild)
            state.stock.insert(len(state.stock) // 2, wild)
            state.pile.append(state.stock.pop())
        state.melds, state.kinds = [], []
        state.down = [False] * 4
        emit(state, f"{{0}} deals {size} cards each for deal {state.hand_no} ({state.contract}) and turns up "
             + card_text(state.pile[-1]), state.dealer, pieces=state.pile, kind="deal")
        if buried:
            emit(state, f"{{0}} buries {cards_text(buried)} in the stock: the first card up may not be wild",
                 state.dealer, pieces=buried, kind="deal", clause=FIRST_UP)
        self._start_turn(state, first)

    def _start_turn(self, state: PushState, seat: int) -> None:
        state.turn = seat
        state.phase = Phase.DRAW
        state.must_play = []
        if len(state.stock) < 2:
            emit(state, "The stock is too low to push: the deal ends with nobody out", kind="summary")
            self._end_deal(state, None)

    # --- the cascade of a turn ---------------------------------------------------------------------
    def restrictions(self, state: PushState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat``'s turn, in rulebook order."""
        drew = state.phase == Phase.PLAY
        rules = pc.meld_rules(state.options)
        well_formed = rummy.well_formed(TURN)
        yield Restriction(TURN, lambda a: _kind_word_problem(a) or well_formed.problem(declared(a)[0]))
        yield Restriction(TURN, _verb_problem)
        yield Restriction(PUSH, lambda a: "push names no cards: the discard and the stock card go as they lie"
                          if a.verb == "push" and a.args else None)
        yield Restriction(TAKE if not drew else TURN, lambda a: _draw_order(drew, a))
        if not drew:
            return
        layouts: dict[Action, tuple[Layout, str | None]] = {}

        def laid(a: Action) -> tuple[Layout, str | None]:
            if a not in layouts:
                layouts[a] = self._layout(state, seat, a, rules)
            return layouts[a]

        yield rummy.from_hand(state.hands[seat])
        yield rummy.play_at_once(state.must_play, SWAP)
        yield Restriction(CONTRACT, lambda a: None if state.down[seat] or a.verb not in ("lay", "swap") else
                          f"make your own contract first ({state.contract}): your partner's meld does not let you")
        yield rummy.on_melds(state.melds, clause=KINDS)
        yield Restriction(DECLARE, lambda a: laid(a)[1])
        if state.options.one_suit_sets:
            yield Restriction(ONE_SUIT, lambda a: _one_suit_problem(state, a))
        yield rummy.natural_in_each(pc.WILD, WILD)
        yield Restriction(KINDS, lambda a: laid(a)[0].problem)
        yield Restriction(CONTRACT, lambda a: self._contract_problem(state, seat, a, rules))
        yield Restriction(SWAP, lambda a: self._swap_problem(state, seat, a, rules))

    def _layout(self, state: PushState, seat: int, a: Action, rules: MeldRules) -> tuple[Layout, str | None]:
        """Where a meld or lay-off goes, and what is left unsaid about its kinds: a group of one natural
        card and wild cards names its kind unless the contract leaves no doubt."""
        if a.verb not in ("meld", "lay"):
            return Layout(), None
        plain, said = declared(a)
        groups = rummy.groups_of(plain.args)
        kinds: list[str | None] = [*said] + [None] * (len(groups) - len(said))
        if a.verb == "meld" and not state.down[seat] and all(g.on is None for g in groups):
            cards = [g.cards for g in groups]
            assigned = state.contract.kinds(cards, rules, declared=kinds)
            if assigned is not None:
                for i, g in enumerate(groups):
                    if kinds[i] is None and len(rummy.kinds_of(g.cards, rules)) > 1:
                        other = [*kinds[:i], rummy.RUN if assigned[i] == rummy.SET else rummy.SET, *kinds[i + 1:]]
                        if state.contract.kinds(cards, rules, declared=other) is not None:
                            return Layout(), _say_which(g.cards)
                kinds = list(assigned)
        for g, k in zip(groups, kinds):
            if g.on is None and k is None and len(rummy.kinds_of(g.cards, rules)) > 1:
                return Layout(), _say_which(g.cards)
        return rummy.lay_out([m.cards for m in state.melds], state.kinds, groups, rules, kinds), None

    def _contract_problem(self, state: PushState, seat: int, a: Action, rules: MeldRules) -> str | None:
        """A player's first meld of the deal is its contract: new groups answering every requirement."""
        if a.verb != "meld" or state.down[seat]:
            return None
        plain, said = declared(a)
        groups = rummy.groups_of(plain.args)
        if any(g.on is not None for g in groups):
            return f"lay your contract ({state.contract}) down first, before adding to melds on the table"
        if state.contract.kinds([g.cards for g in groups], rules, declared=said) is None:
            return state.contract.problem([g.cards for g in groups], rules) or \
                f"the contract is {state.contract}: the sets and runs named do not make it"
        return None

    def _swap_problem(self, state: PushState, seat: int, a: Action, rules: MeldRules) -> str | None:
        if a.verb != "swap":
            return None
        natural, n = a.cards[0], a.args[-1]
        i = _swap_index(state, n - 1, natural, rules)
        if i is None:
            return f"no wild card in meld {n} stands for {card_text(natural)}"
        wild = state.melds[n - 1].cards[i]
        hand = list(state.hands[seat])
        hand.remove(natural)
        if next(self._wild_homes(state, wild, [*hand, wild], rules, swapped=(n - 1, i, natural)), None) is None:
            return f"you could not use {card_text(wild)} at once: it must go into a meld after the swap"
        return None

    @staticmethod
    def _wild_homes(state: PushState, wild: Card, hand: Sequence[Card], rules: MeldRules,
                    swapped: tuple[int, int, Card] | None = None) -> Iterator[Action]:
        """The moves that would play ``wild`` from ``hand`` at once: onto any meld on the table (as it
        would be after the swap), or in a new set or run with two cards from hand."""
        table = [list(m.cards) for m in state.melds]
        if swapped is not None:
            table[swapped[0]][swapped[1]] = swapped[2]
        for i in range(len(table)):
            if rummy.lay_out(table, state.kinds, [Group((wild,), i + 1)], rules).problem is None:
                yield rummy.lay([wild], i + 1)
        others = list(dict.fromkeys(c for c in hand if c != wild or hand.count(wild) > 1))
        for x, y in itertools.combinations(others, 2):
            trio = [x, y, wild]
            readings = rummy.kinds_of(trio, rules)
            if readings:
                yield with_kinds([(rummy.run_order(trio, rules) or trio) if readings[0] == rummy.RUN else trio],
                                 [readings[0] if len(readings) > 1 else None])

    # --- the moves listed ----------------------------------------------------------------------------
    def _candidates(self, state: PushState, seat: int) -> list[Action]:
        """The useful moves of a turn: both draws; then every discard, a few ways to lay the contract
        down, and once down the melds the hand holds, single cards on any meld and swaps. The cascade
        keeps the legal ones."""
        if state.phase == Phase.DRAW:
            return [rummy.TAKE_DISCARD, PUSH_ACTION]
        hand = state.hands[seat]
        rules = pc.meld_rules(state.options)
        if state.must_play:
            return list(self._wild_homes(state, state.must_play[0], hand, rules))
        out = [rummy.discard(c) for c in dict.fromkeys(hand)]
        if not state.down[seat]:
            for way in rummy_contracts.contract_ways(hand, state.contract, rules, limit=3):
                out.append(with_kinds(way, [r.kind if len(rummy.kinds_of(g, rules)) > 1 else None
                                            for g, r in zip(way, state.contract.parts)]))
            return out
        for found in melds.best_arrangement(hand, rules).melds:
            readings = rummy.kinds_of(found, rules)
            if readings:
                out.append(with_kinds([(rummy.run_order(found, rules) or found) if readings[0] == rummy.RUN
                                       else found], [readings[0] if len(readings) > 1 else None]))
        for i, m in enumerate(state.melds):
            run = state.kinds[i] == rummy.RUN
            like = next((c >> 4 if run else c & 15 for c in m.cards if not pc.is_wild(c)), None)
            out += [rummy.lay([c], i + 1) for c in dict.fromkeys(hand)
                    if pc.is_wild(c) or (c >> 4 if run else c & 15) == like]
            if any(pc.is_wild(c) for c in m.cards):
                out += [rummy.swap(c, i + 1) for c in dict.fromkeys(hand)
                        if not pc.is_wild(c) and _swap_index(state, i, c, rules) is not None]
        return list(dict.fromkeys(out))

    # --- playing ----------------------------------------------------------------------------------------
    def _apply(self, state: PushState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "take":
            card = rummy_piles.take_top(state.pile)
            self._to_hand(state, seat, [card], known=True)
            emit(state, "{0} takes " + card_text(card) + " from the discard pile", seat, pieces=(card,), kind="take")
            state.phase = Phase.PLAY
        elif verb == "push":
            self._push(state, seat)
        elif verb in ("meld", "lay"):
            self._lay_down(state, seat, action)
        elif verb == "swap":
            self._swap(state, seat, action.cards[0], action.args[-1])
        elif verb == "discard":
            self._discard(state, seat, action.cards[0])

    @staticmethod
    def _to_hand(state: PushState, seat: int, cards: Sequence[Card], known: bool = False) -> None:
        state.hands[seat].extend(cards)
        state.hands[seat].sort()
        if known:
            state.known[seat].extend(cards)

    def _push(self, state: PushState, seat: int) -> None:
        opponent = left_of(seat, 4)
        top = rummy_piles.take_top(state.pile)
        under = state.stock.pop()
        self._to_hand(state, opponent, [top])
        state.known[opponent].append(top)
        self._to_hand(state, opponent, [under])
        private(state, opponent, "{0} pushes " + card_text(top) + " and " + card_text(under) + " to {1}",
                "{0} pushes " + card_text(top) + " and a card from the stock to {1}", seat, opponent,
                pieces=(top, under), kind="push")
        drawn = state.stock.pop()
        self._to_hand(state, seat, [drawn])
        private(state, seat, "{0} draws " + card_text(drawn), "{0} draws from the stock", seat, pieces=(drawn,),
                kind="draw")
        state.phase = Phase.PLAY

    def _lay_down(self, state: PushState, seat: int, action: Action) -> None:
        layout, _ = self._layout(state, seat, action, pc.meld_rules(state.options))
        plain, _ = declared(action)
        groups = rummy.groups_of(plain.args)
        played = [c for g in groups for c in g.cards]
        for c in played:
            state.hands[seat].remove(c)
            if c in state.must_play:
                state.must_play.remove(c)
        rummy.forget_known(state.known[seat], played)
        first = len(state.melds) + 1
        rummy.put_down(state.melds, layout, seat, seat, state.kinds)
        if state.down[seat]:
            emit(state, "{0} " + (f"lays {groups[0]}" if action.verb == "lay" else
                                  "melds " + " and ".join(str(g) for g in groups)), seat, pieces=played, kind="meld")
        else:
            state.down[seat] = True
            numbers = ", ".join(str(n) for n in range(first, len(state.melds) + 1))
            emit(state, f"{{0}} lays the contract down ({state.contract}) as melds {numbers}", seat, pieces=played,
                 kind="meld")
        if not state.hands[seat]:
            self._go_out(state, seat)

    def _swap(self, state: PushState, seat: int, natural: Card, n: int) -> None:
        i = _swap_index(state, n - 1, natural, pc.meld_rules(state.options))
        assert i is not None
        m = state.melds[n - 1]
        wild = m.cards[i]
        m.cards[i], m.by[i] = natural, seat
        state.hands[seat].remove(natural)
        rummy.forget_known(state.known[seat], (natural,))
        self._to_hand(state, seat, [wild])
        state.must_play = [wild]
        emit(state, "{0} puts " + card_text(natural) + f" in place of {card_text(wild)} in meld {n}", seat,
             pieces=(natural, wild), kind="swap")

    def _discard(self, state: PushState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        state.pile.append(card)
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        if not hand:
            self._go_out(state, seat)
            return
        self._start_turn(state, left_of(seat, 4))

    def _go_out(self, state: PushState, seat: int) -> None:
        emit(state, "{0} goes out", seat, kind="summary")
        self._end_deal(state, seat)

    def _end_deal(self, state: PushState, out: int | None) -> None:
        """The deal's row: nothing for the team of the player who went out, the cards left in both
        partners' hands for the other (for both teams when the stock ran out)."""
        points: list[int | float] = []
        notes = []
        for members in TEAMS:
            held = [c for s in members for c in state.hands[s]]
            if out is not None and out in members:
                points.append(0)
                notes.append(f"seats {members[0]} & {members[1]}: seat {out} went out, the team counts nothing "
                             f"[{SCORE_OUT.id}]")
            else:
                points.append(pc.value(held))
                why = SCORE_OUT if out is not None else STOCK_OUT
                notes.append(f"seats {members[0]} & {members[1]}: {len(held)} cards left count {pc.value(held)} "
                             f"[{why.id}]")
        last = state.hand_no == len(pc.DEALS)
        if last:
            notes.append(f"after the fifth deal the lower total wins [{END.id}]")
        state.sheet.add(f"deal {state.hand_no}", points, state.ply + 1, notes)
        for team, members in enumerate(TEAMS):
            emit(state, "{0} and {1}: " + f"{points[team]} this deal, {state.sheet.totals[team]} in all", *members,
                 kind="summary")
        state.next_dealer = left_of(state.dealer, 4)
        if last:
            state.over = True
            state.phase = Phase.OVER
            totals = state.sheet.totals
            if totals[0] != totals[1]:
                w = 0 if totals[0] < totals[1] else 1
                emit(state, f"{{0}} and {{1}} win with the lower total, {totals[w]}", *TEAMS[w],
                     kind="summary")
            return
        state.phase = Phase.SHOW

    # --- what the players see -----------------------------------------------------------------------------
    def result(self, state: PushState) -> Result:
        return ranked(state.sheet.totals, high_wins=False, teams=TEAMS)

    def all_cards(self, state: PushState) -> list[Card]:
        return list(pc.DECK)

    def zones(self, state: PushState) -> list[Zone]:
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock),
                rummy.pile_zone(state.pile),
                *rummy.meld_zones(state.melds, lambda n, m: rummy.meld_label(n, m.cards, state.kinds[n - 1],
                                                                             pc.meld_rules(state.options)))]

    def facts(self, state: PushState, seat: int | None) -> list[Fact]:
        size = pc.DEALS[state.hand_no - 1][0]
        return [fact("contract", "Contract", FactKind.TEXT, f"deal {state.hand_no} of 5, {size} cards: "
                                                              f"{state.contract}"),
                per_seat("down", "Contract down", list(state.down), FactKind.FLAG)]

    def prompt(self, state: PushState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.SHOW:
            return "The deal is scored: deal the next one."
        if state.phase == Phase.DRAW:
            top = card_text(state.pile[-1]) if state.pile else "nothing"
            return Prompt(f"Take {top} from the discard pile, or push it with a stock card to {{0}} and draw.",
                          (left_of(seat, 4),))
        if state.must_play:
            return f"Play {cards_text(state.must_play)} at once, in a meld."
        if not state.down[seat]:
            return f"Lay your contract down ({state.contract}) if you can, then discard."
        return "Meld, add cards to any meld or swap for a wild card, then discard (or go out by melding all)."


def _say_which(cards: Sequence[Card]) -> str:
    return f"say whether {cards_text(cards)} is a set or a run: 'meld {cards_text(cards)} set' or '... run'"


def _verb_problem(a: Action) -> str | None:
    if a.verb not in ("take", "push", "meld", "lay", "swap", "discard"):
        return f"there is no '{a.verb}' in Push"
    if a.verb == "take" and a.args != ("discard",):
        return "only the top card of the discard pile is taken"
    return None


def _draw_order(drew: bool, a: Action) -> str | None:
    drawing = a.verb in ("take", "push")
    if not drew and not drawing:
        return "begin your turn by taking the discard or pushing it"
    if drew and drawing:
        return "you have drawn this turn already"
    return None


def _one_suit_problem(state: PushState, a: Action) -> str | None:
    """Alternate Rule 1: a set, new or grown, holds one card of each suit."""
    if a.verb not in ("meld", "lay"):
        return None
    for g in rummy.groups_of(declared(a)[0].args):
        if g.on is not None and state.kinds[g.on - 1] != rummy.SET:
            continue
        cards = list(g.cards) if g.on is None else [*state.melds[g.on - 1].cards, *g.cards]
        naturals = [c for c in cards if not pc.is_wild(c)]
        if len({c & 15 for c in naturals}) != 1:
            continue
        suits = [c >> 4 for c in naturals]
        twice = next((s for s in suits if suits.count(s) > 1), None)
        if twice is not None:
            return f"{cards_text(cards)} has two {SUIT_NAMES[twice]}: a set holds one card of each suit"
        if len(cards) > 4:
            return f"{cards_text(cards)} is {len(cards)} cards: a set of one card of each suit holds four at most"
    return None


def _swap_index(state: PushState, i: int, natural: Card, rules: MeldRules) -> int | None:
    m = state.melds[i]
    if state.kinds[i] == rummy.RUN:
        return rummy.run_swap_index(m.cards, natural, rules)
    if pc.is_wild(natural) or rummy.set_rank(m.cards, pc.is_wild) != natural & 15:
        return None
    return rummy.swap_index(m.cards, natural, dataclasses.replace(rules, runs=False))


__all__ = ["Phase", "Push", "PushState", "declared", "with_kinds"]
