"""Vazhushal's state machine: the deal (thrown in for too many twin cards) with its negative joker,
the draw from the stock or deep from the discard line into a new meld, the first pure sequence,
melds and lay-offs of one's own, rearranging them, going out on the last discard, and the count
when the stock runs out.

A turn's moves run one restriction cascade (``restrictions``) built from the rummy family's
restrictions and the game's own; ``legal_actions`` lists the useful moves through the same cascade
(melds and digs are combinatorial) and ``check`` refuses any other with its clause. When the stock
runs out every player may meld from hand at the same time, then says 'done'."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from gamenight.core.cards import Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause
from gamenight.engine.events import emit, private
from gamenight.engine.registry import register
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact, per_seat
from gamenight.families import rummy, rummy_piles
from gamenight.families.melds import MeldRules, meld_kind
from gamenight.families.rummy import Group, Meld, Restriction
from gamenight.families.rummy_game import RummyGame, RummyState
from gamenight.games.vazhushal.rules import (
    COUNT,
    DIG,
    DIG_INITIAL,
    FIRST_PURE,
    GO_OUT,
    HAND_SIZE,
    NOT_ONLY_WILD,
    NOT_TWICE,
    OWN_MELDS,
    REARRANGE,
    SEQUENCE,
    SET,
    SPEC,
    STOCK_OUT,
    TURN,
    deck_for,
    is_pure,
    meld_points,
    meld_rules,
    must_redeal,
    points,
)


class Phase(StrEnum):
    DRAW = "draw"
    PLAY = "play"
    """Drawn: meld, lay off, rearrange, discard."""
    LAST_MELDS = "last melds"
    """The stock ran out: everyone may meld from hand, then says 'done'."""
    OVER = "over"


DONE = Action("done")
VERBS = ("draw", "dig", "meld", "lay", "rearrange", "discard", "done")
TABLE_VERBS = ("dig", "meld", "lay", "rearrange")


@dataclass
class VazhushalState(RummyState):
    line: list[Card] = field(default_factory=list)
    """The discard line, oldest first."""
    negative: Card | None = None
    """The negative joker: its rank in the opposite colour is wild."""
    phase: Phase = Phase.DRAW
    done: list[bool] = field(default_factory=list)
    hand_no: int = 1

    def own(self, seat: int) -> list[Meld]:
        return [m for m in self.melds if m.owner == seat]


class Outcome(NamedTuple):
    """A table move's result: the player's melds after it, the hand it leaves, and the first rule it breaks."""

    melds: list[list[Card]]
    hand: list[Card]
    problem: tuple[Clause, str] | None = None


def meld_clause(cards: Sequence[Card], problem: str) -> Clause:
    """The clause a meld's reason in words breaks."""
    if "natural" in problem:
        return NOT_ONLY_WILD
    return SET if "set" in problem and len({c & 15 for c in cards if not c.is_joker}) == 1 else SEQUENCE


def rules_of(state: VazhushalState) -> MeldRules:
    assert state.negative is not None
    return meld_rules(int(state.negative))


@register
class Vazhushal(RummyGame[VazhushalState]):
    spec = SPEC
    state_type = VazhushalState

    # --- dealing ---------------------------------------------------------------------------------
    def _deal(self, state: VazhushalState) -> None:
        n = state.players
        first = left_of(state.dealer, n)
        while True:
            deck = list(deck_for(n))
            state.rng.shuffle(deck)
            hands = [sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(n)]
            if not any(must_redeal(h) for h in hands):
                break
            emit(state, "{0} deals, but a hand holds three cards twice over: the hands are thrown in and dealt "
                 "again", state.dealer, kind="deal")
        state.hands = [hands[(s - first) % n] for s in range(n)]
        stock = deck[n * HAND_SIZE:]
        state.line = [stock.pop()]
        state.negative = stock.pop(0)
        state.stock = stock
        state.known = [[] for _ in range(n)]
        state.done = [False] * n
        emit(state, f"{{0}} deals {HAND_SIZE} cards each, turns up " + card_text(state.line[0]) + " and, as the "
             "negative joker, " + card_text(state.negative) + ": " + wild_words(state.negative) + " are wild",
             state.dealer, pieces=(state.line[0], state.negative), kind="deal")
        state.turn = first
        state.phase = Phase.DRAW

    # --- the four questions ------------------------------------------------------------------------
    def turn_seats(self, state: VazhushalState) -> tuple[int, ...]:
        if state.phase == Phase.LAST_MELDS:
            return tuple(s for s in range(state.players) if not state.done[s])
        return (state.turn,)

    # --- the cascade ---------------------------------------------------------------------------------
    def restrictions(self, state: VazhushalState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat`` now, in rulebook order."""
        hand = state.hands[seat]
        last = state.phase == Phase.LAST_MELDS
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

        held = rummy.from_hand(hand)  # a dig's and a rearrangement's cards have their own sources
        yield rummy.well_formed(TURN)
        yield Restriction(TURN, lambda a: self._verb_problem(state, a))
        if not last:
            yield rummy.draw_first(state.phase == Phase.PLAY, TURN)
        yield Restriction(rummy.FROM_HAND, lambda a: None if a.verb in ("dig", "rearrange") else
                          held.problem(a))
        yield rummy_piles.dig_from(hand, state.line, clause=DIG)
        yield rummy.on_melds(state.melds, lambda m: m.owner == seat, clause=OWN_MELDS)
        yield Restriction(REARRANGE, lambda a: self._numbers_problem(state, seat, a))
        for clause in (DIG, NOT_ONLY_WILD, SET, SEQUENCE, OWN_MELDS, REARRANGE, FIRST_PURE, DIG_INITIAL, NOT_TWICE,
                       rummy.GO_OUT_WITH_DISCARD):
            yield broken(clause)

    @staticmethod
    def _verb_problem(state: VazhushalState, a: Action) -> str | None:
        if a.verb not in VERBS:
            hint = ": draw from the line by digging to the deepest card you take" if a.verb == "take" else ""
            return f"there is no '{a.verb}' in Vazhushal" + hint
        last = state.phase == Phase.LAST_MELDS
        if last and a.verb not in ("meld", "lay", "rearrange", "done"):
            return "the stock has run out: meld from your hand, then say you are done"
        if not last and a.verb == "done":
            return "saying you are done is for the last melds, once the stock has run out"
        if a.verb == "done" and a.args:
            return "saying you are done names no cards"
        return None

    @staticmethod
    def _numbers_problem(state: VazhushalState, seat: int, a: Action) -> str | None:
        if a.verb != "rearrange":
            return None
        numbers = a.args[:a.args.index("into")]
        for n in numbers:
            if not 1 <= n <= len(state.melds):
                return f"there is no meld {n}"
            if state.melds[n - 1].owner != seat:
                return f"meld {n} is not yours"
        return "name each meld once" if len(set(numbers)) != len(numbers) else None

    def _outcome(self, state: VazhushalState, seat: int, a: Action) -> Outcome:
        """The player's melds and hand after a table move, and the first rule it breaks."""
        rules = rules_of(state)
        hand = list(state.hands[seat])
        own = [list(m.cards) for m in state.own(seat)]
        numbers = [i + 1 for i, m in enumerate(state.melds) if m.owner == seat]
        if a.verb not in TABLE_VERBS:
            return Outcome(own, hand)
        first = not own
        groups: list[Group]
        if a.verb == "rearrange":
            at = a.args.index("into")
            groups = rummy.groups_of(a.args[at + 1:])
            old = [state.melds[n - 1].cards for n in a.args[:at]]
            from_hand = rummy.missing([c for m in old for c in m], [c for g in groups for c in g.cards])
            hand = _without(hand, from_hand)
            kept = [list(state.melds[n - 1].cards) for n in numbers if n not in a.args[:at]]
            after = Outcome([*kept, *(list(g.cards) for g in groups)], hand)
            why = rummy.rearrange_problem(old, [g.cards for g in groups], state.hands[seat], rules)
            if why is not None:
                bad = next((g.cards for g in groups if rummy.meld_problem(g.cards, rules) == why), ())
                return after._replace(problem=(meld_clause(bad, why) if bad else REARRANGE, why))
            if not any(is_pure(m) for m in after.melds):
                return after._replace(problem=(REARRANGE, "there must always be a pure sequence among your melds"))
            return self._twice(after, rules)
        if a.verb == "dig":
            card = a.cards[0]
            depth = rummy_piles.dig_depth(state.line, card) or 1
            above = state.line[len(state.line) - depth + 1:]
            groups = rummy.groups_of(a.args[1:])
            own_cards, dug, _ = rummy_piles.dig_sources(a.cards[1:], hand, above)
            hand = [*_without(hand, own_cards), *_without(above, dug)]
            if not groups:
                return Outcome(own, hand, (DIG, f"name the cards {card_text(card)} is melded with"))
            if groups[0].on is not None:
                return Outcome(own, hand, (DIG, f"{card_text(card)} must go into a new meld, not one already on "
                                                f"the table"))
            groups[0] = Group((card, *groups[0].cards))
        else:
            groups = rummy.groups_of(a.args)
            hand = _without(hand, a.cards)
        joined: dict[int, list[Card]] = {}
        new: list[list[Card]] = []
        for g in groups:
            if g.on is None:
                new.append(list(g.cards))
            else:
                joined.setdefault(g.on, []).extend(g.cards)
        melds = [[*state.melds[n - 1].cards, *joined.get(n, [])] for n in numbers] + new
        after = Outcome(melds, hand)
        for cards in new:
            why = rummy.meld_problem(cards, rules)
            if why is not None:
                return after._replace(problem=(meld_clause(cards, why), why))
        for n, extra in joined.items():
            why = rummy.lay_problem(state.melds[n - 1].cards, extra, rules)
            if why is not None:
                return after._replace(problem=(OWN_MELDS, why))
        if first and a.verb == "dig":
            hand_pure = [g for g in new[1:] if is_pure(g) and not rummy.missing(state.hands[seat], g)]
            if not is_pure(new[0]) and not hand_pure:
                return after._replace(problem=(DIG_INITIAL, "you have not made your pure sequence: the card dug to "
                                                            "must make one, or meld one from your hand with the dig"))
        elif first and not any(is_pure(g) for g in new):
            return after._replace(problem=(FIRST_PURE, "your first meld must be a pure sequence: three or more cards "
                                                       "of a suit in order, with no wild card standing in"))
        if not any(is_pure(m) for m in melds):
            return after._replace(problem=(FIRST_PURE, "keep a pure sequence among your melds"))
        after = self._twice(after, rules)
        if after.problem is None and not hand and state.phase != Phase.LAST_MELDS:
            return after._replace(problem=(rummy.GO_OUT_WITH_DISCARD, "keep a card to discard: you go out by "
                                                                      "discarding your last card"))
        return after

    @staticmethod
    def _twice(after: Outcome, rules: MeldRules) -> Outcome:
        faces = [tuple(sorted(map(int, m))) for m in after.melds]
        twice = next((m for i, m in enumerate(after.melds) if faces[i] in faces[:i]), None)
        if twice is None:
            return after
        return after._replace(problem=(NOT_TWICE, f"you would have {cards_text(twice)} twice"))

    # --- the moves listed -----------------------------------------------------------------------------
    def _candidates(self, state: VazhushalState, seat: int) -> list[Action]:
        """The useful moves: the stock, digs with each new meld the card dug to makes (and a pure sequence
        from hand beside it for a first meld), melds from hand (pure sequences and their three-card
        pieces, sets, a wild card completing two cards), each card onto each of one's melds, and every
        discard. The cascade keeps the legal ones."""
        rules = rules_of(state)
        hand = state.hands[seat]
        pure = rummy.runs_in(hand, rules)
        if state.phase == Phase.DRAW:
            out = [rummy.DRAW_STOCK]
            for at in range(len(state.line)):
                card = state.line[at]
                for g in melds_with(card, [*hand, *state.line[at + 1:]], rules):
                    rest = [c for c in g if c is not card]
                    out.append(rummy.dig(card, rest))
                    if not state.own(seat) and not is_pure(g):
                        out += [rummy.dig(card, rest, p) for p in pure if not set(map(id, p)) & set(map(id, g))]
            return list(dict.fromkeys(out))
        out = [rummy.meld(g) for g in [*pure, *hand_melds(hand, rules)]]
        for i, m in enumerate(state.melds):
            if m.owner == seat:
                out += [rummy.lay([c], i + 1) for c in dict.fromkeys(hand) if rummy.may_join(m.cards, [c], rules)
                        and rummy.lay_problem(m.cards, [c], rules) is None]
        if state.phase == Phase.LAST_MELDS:
            out.append(DONE)
        else:
            out += [rummy.discard(c) for c in dict.fromkeys(hand)]
        return list(dict.fromkeys(out))

    # --- playing ------------------------------------------------------------------------------------------
    def _apply(self, state: VazhushalState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "draw":
            card = state.stock.pop()
            state.hands[seat].append(card)
            state.hands[seat].sort()
            private(state, seat, "{0} draws " + card_text(card), "{0} draws from the stock", seat, pieces=(card,))
            if not state.stock:
                emit(state, "That was the last card of the stock: play stops at the end of this turn", kind="stock")
            state.phase = Phase.PLAY
        elif verb == "dig":
            self._dig(state, seat, action)
        elif verb in ("meld", "lay", "rearrange"):
            self._table(state, seat, action)
        elif verb == "discard":
            self._discard(state, seat, action.cards[0])
        elif verb == "done":
            state.done[seat] = True
            emit(state, "{0} is done", seat, kind="meld")
            if all(state.done):
                self._count(state)

    def _take(self, state: VazhushalState, seat: int, card: Card, spare: list[Card] | None = None) -> Card:
        """The physical card ``card`` for a meld: from the hand, or else from ``spare`` (cards dug up)."""
        hand = state.hands[seat]
        if card in hand:
            got = hand.pop(hand.index(card))
            rummy.forget_known(state.known[seat], (got,))
            return got
        assert spare is not None
        return spare.pop(spare.index(card))

    def _dig(self, state: VazhushalState, seat: int, action: Action) -> None:
        card = action.cards[0]
        depth = rummy_piles.dig_depth(state.line, card) or 1
        taken = rummy_piles.take_down_to(state.line, card) or []
        dug, spare = taken[0], taken[1:]
        groups = rummy.groups_of(action.args[1:])
        first = [dug, *(self._take(state, seat, c, spare) for c in groups[0].cards)]
        state.melds.append(Meld(first, seat, [seat] * len(first)))
        for g in groups[1:]:
            self._place(state, seat, g, spare)
        state.hands[seat].extend(spare)
        state.hands[seat].sort()
        state.known[seat].extend(spare)
        emit(state, "{0} digs " + f"{depth} deep to " + card_text(card) + ", melding "
             + " and ".join(cards_text(g) for g in [first, *(g.cards for g in groups[1:])])
             + (", and takes " + cards_text(spare) if spare else ""), seat, pieces=taken, kind="take")
        state.phase = Phase.PLAY

    def _place(self, state: VazhushalState, seat: int, g: Group, spare: list[Card] | None = None) -> None:
        cards = [self._take(state, seat, c, spare) for c in g.cards]
        if g.on is None:
            state.melds.append(Meld(cards, seat, [seat] * len(cards)))
        else:
            state.melds[g.on - 1].add(cards, seat)

    def _table(self, state: VazhushalState, seat: int, action: Action) -> None:
        if action.verb == "rearrange":
            at = action.args.index("into")
            numbers = sorted(action.args[:at])
            pool = [c for n in numbers for c in state.melds[n - 1].cards]
            made = []
            for g in rummy.groups_of(action.args[at + 1:]):
                cards = [pool.pop(pool.index(c)) if c in pool else self._take(state, seat, c) for c in g.cards]
                made.append(Meld(cards, seat, [seat] * len(cards)))
            slots = iter(made)
            kept = [next(slots, None) if i + 1 in numbers else m for i, m in enumerate(state.melds)]
            state.melds = [m for m in kept if m is not None] + list(slots)
            emit(state, "{0} rearranges " + " ".join(map(str, action.args)), seat, pieces=action.cards, kind="meld")
            return
        for g in rummy.groups_of(action.args):
            self._place(state, seat, g)
        emit(state, "{0} " + ("melds " if action.verb == "meld" else "lays ") + " ".join(map(str, action.args)), seat,
             pieces=action.cards, kind="meld")

    def _discard(self, state: VazhushalState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        state.line.append(card)
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        if not hand:
            emit(state, "{0} has melded every other card and goes out: {0} wins", seat, kind="summary")
            row: list[int | float] = [0] * state.players
            row[seat] = 1
            state.sheet.add("hand", row, state.ply + 1, [f"seat {seat} went out and wins the game [{GO_OUT.id}]"])
            self._finish(state)
            return
        if not state.stock:
            emit(state, "The stock has run out: everyone may meld from hand, then the melds are counted",
                 kind="out")  # not yet the hand's summary: the last melds follow
            state.phase = Phase.LAST_MELDS
            return
        state.turn = left_of(seat, state.players)
        state.phase = Phase.DRAW

    def _count(self, state: VazhushalState) -> None:
        rules = rules_of(state)
        points_row: list[int | float] = []
        notes = [f"nobody went out before the stock ran out [{STOCK_OUT.id}]"]
        for s in range(state.players):
            melded = sum(meld_points(m.cards, rules) for m in state.own(s))
            held = sum(state.options.hand_joker if c.is_joker else points(c) for c in state.hands[s])
            points_row.append(melded - held)
            notes.append(f"seat {s}: melds {melded}, hand -{held} [{COUNT.id}]")
            emit(state, "{0} counts " + f"{melded} in melds less {held} in hand: {melded - held}", s, kind="summary")
        state.sheet.add("count", points_row, state.ply + 1, notes)
        self._finish(state)

    def _finish(self, state: VazhushalState) -> None:
        state.over = True
        state.phase = Phase.OVER
        best = max(state.sheet.totals)
        winners = [s for s, t in enumerate(state.sheet.totals) if t == best]
        emit(state, " and ".join(f"{{{i}}}" for i in range(len(winners))) + (" wins" if len(winners) == 1 else
                                                                              " share the win"), *winners,
             kind="summary")

    # --- what the players see ------------------------------------------------------------------------------
    def all_cards(self, state: VazhushalState) -> list[Card]:
        return list(deck_for(state.players))

    def zones(self, state: VazhushalState) -> list[Zone]:
        negative = [state.negative] if state.negative is not None else []
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock),
                rummy.pile_zone(state.line, label="Discard line"),
                Zone("negative", negative, None, kind=ZoneKind.UPCARD, label="Negative joker"),
                *rummy.meld_zones(state.melds, lambda n, m: meld_label(n, m, rules_of(state)))]

    def facts(self, state: VazhushalState, seat: int | None) -> list[Fact]:
        """The wild cards, and on the seats who has made a pure sequence (and, once the stock is out, who
        is done): flags said only when true; the melds themselves are on the table."""
        fs: list[Fact] = []
        if state.negative is not None:
            fs.append(fact("wild", "Wild cards", FactKind.TEXT, wild_words(state.negative)))
        fs.append(per_seat("pure", "Pure sequence made",
                           [any(is_pure(m.cards) for m in state.own(s)) for s in range(state.players)],
                           FactKind.FLAG))
        if state.phase == Phase.LAST_MELDS:
            fs.append(per_seat("done", "Done melding", list(state.done), FactKind.FLAG))
        return fs

    def prompt(self, state: VazhushalState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        pure = any(is_pure(m.cards) for m in state.own(seat))
        first = "" if pure else " Your first meld must be a pure sequence."
        if state.phase == Phase.LAST_MELDS:
            return "The stock has run out: meld what you can from your hand, then say you are done." + first
        if state.phase == Phase.DRAW:
            return "Draw from the stock, or dig into the discard line to a card that goes straight into a new " \
                   "meld." + first
        return "Meld and add to your own melds if you wish, then discard." + first


def wild_words(negative: Card) -> str:
    """The wild cards in words (their notation would read as cards shown): "jokers and the red 9s"."""
    if negative.is_joker:
        return "jokers only"
    colour = "black" if negative.is_red else "red"
    return f"jokers and the {colour} {rummy.rank_word(negative & 15)}"


def meld_label(n: int, m: Meld, rules: MeldRules) -> str:
    kind = "pure sequence" if is_pure(m.cards) else meld_kind(m.cards, rules) or "meld"
    return f"{n}: {'sequence' if kind == 'run' else kind}"


def _without(cards: Sequence[Card], gone: Sequence[Card]) -> list[Card]:
    """``cards`` less ``gone`` (one copy each; a card not among them is passed over: the refusal names it)."""
    out = list(cards)
    for c in gone:
        if c in out:
            out.remove(c)
    return out


def hand_melds(hand: Sequence[Card], rules: MeldRules) -> list[list[Card]]:
    """Sets of three or four suits, and a wild card completing two near cards."""
    wild = [c for c in hand if int(c) in rules.wild_faces]
    naturals = [c for c in hand if int(c) not in rules.wild_faces]
    out: list[list[Card]] = []
    by_rank: dict[int, dict[int, Card]] = {}
    for c in naturals:
        by_rank.setdefault(c & 15, {}).setdefault(c >> 4, c)
    for suits in by_rank.values():
        cs = list(suits.values())
        if len(cs) >= 3:
            out += [list(g) for k in range(3, len(cs) + 1) for g in itertools.combinations(cs, k)]
    if wild:
        out += [[a, b, wild[0]] for a, b in itertools.combinations(naturals, 2) if _near(a, b)]
    return out


def _near(a: Card, b: Card) -> bool:
    """Two natural cards a wild card could make a meld of: one rank in two suits, or one suit two apart."""
    ra, rb = a & 15, b & 15
    if ra == rb:
        return a >> 4 != b >> 4
    if a >> 4 != b >> 4:
        return False
    gap = abs(ra - rb)
    return gap in (1, 2) or {ra, rb} in ({14, 2}, {14, 3}, {14, 13}, {14, 12})


def melds_with(card: Card, pool: Sequence[Card], rules: MeldRules) -> list[list[Card]]:
    """New melds that hold ``card`` with cards of ``pool``: its pure sequences, its sets, and a wild card
    with one near card."""
    out = [r for r in rummy.runs_in([card, *(c for c in pool if c != card)], rules) if any(c is card for c in r)]
    same = {c >> 4: c for c in pool if c & 15 == card & 15 and c >> 4 != card >> 4 and int(c) not in rules.wild_faces}
    out += [[card, *g] for k in (2, 3) for g in itertools.combinations(same.values(), k)]
    wild = next((c for c in pool if int(c) in rules.wild_faces), None)
    if wild is not None:
        out += [[card, c, wild] for c in pool if c is not wild and int(c) not in rules.wild_faces and _near(card, c)]
    return out
