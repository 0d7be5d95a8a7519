"""Five Hundreds' state machine: the deal, drawing from the stock or the spread discard line (the
top card, or digging deep to a card that is played at once), melds and lay-offs in front of the
player who lays them, "Rummy!" called out of turn on a playable discard, going out on an
unplayable discard, the count of each hand and the race to 500.

A turn's moves run one restriction cascade (``restrictions``) built from the rummy family's
restrictions and the game's own; ``legal_actions`` lists the useful moves through the same cascade
(melds and digs are combinatorial) and ``check`` refuses any other with its clause. While a fresh
discard could be played on the table, every player who may call "Rummy" is among the seats to act,
beside the player whose turn it is."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from gamenight.core.cards import Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.events import emit, private
from gamenight.engine.registry import register
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, per_seat
from gamenight.families import rummy, rummy_piles
from gamenight.families.melds import MeldRules, meld_kind
from gamenight.families.rummy import Group, Meld, Restriction
from gamenight.families.rummy_game import Phase, RummyGame, RummyState, deal_hands
from gamenight.games.five_hundreds.rules import (
    COUNT,
    DECK_CARDS,
    DIG_WITH_HAND,
    HAND_SIZE,
    KEEP_DISCARDING,
    LAY_OFF,
    MELD_RULES,
    MELDS,
    NEXT_DEAL,
    PLAY_ON,
    RUMMY,
    RUMMY_AFTER_MELD,
    SPEC,
    STOCK_PLAY_ON,
    STOCK_TURN_OVER,
    TARGET,
    TOP_MUST_PLAY,
    TURN,
    value,
)

PASS = Action("pass")
VERBS = ("draw", "take", "dig", "meld", "lay", "discard", "rummy", "pass")


class Count(NamedTuple):
    """One player's count for a hand: the cards they have on the table less those in hand."""

    on_table: int
    in_hand: int

    @property
    def total(self) -> int:
        return self.on_table - self.in_hand


@dataclass
class FiveHundredsState(RummyState):
    line: list[Card] = field(default_factory=list)
    """The spread discard line, oldest first."""
    phase: Phase = Phase.DRAW
    rummy_card: Card | None = None
    """A fresh discard that could be played on the table: "Rummy" may be called on it until the next draw."""
    discarder: int | None = None
    passed: list[int] = field(default_factory=list)
    """Seats that let this discard go by."""
    hand_no: int = 0
    last: list[Count] | None = None
    """The last hand's count, seat by seat (shown until the next deal)."""

    def has_melded(self, seat: int) -> bool:
        return any(m.owner == seat for m in self.melds)

    def on_table(self, seat: int) -> list[Card]:
        return [c for m in self.melds for c in m.placed_by(seat)]


class Landing(NamedTuple):
    """What a move puts on the table: new melds and cards added onto melds (by number), the hand it
    leaves, or the problem that stops it (with its clause)."""

    new: list[list[Card]]
    joined: dict[int, list[Card]]
    hand: list[Card]
    problem: tuple[Any, str] | None = None


def _remove(cards: list[Card], gone: Sequence[Card]) -> None:
    for c in gone:
        cards.remove(c)


def rules_of(state: FiveHundredsState) -> MeldRules:
    return MELD_RULES[state.options.aces]


def playable(state: FiveHundredsState, card: Card, melds: Sequence[Meld] | None = None) -> bool:
    """Whether ``card`` could be played out on the table: added onto one of the melds there."""
    rules = rules_of(state)
    return any(fits(m.cards, [card], rules) for m in (state.melds if melds is None else melds))


@register
class FiveHundreds(RummyGame[FiveHundredsState]):
    spec = SPEC
    next_deal = (NEXT_DEAL, "the hand is over: deal the next one")
    state_type = FiveHundredsState

    # --- dealing ---------------------------------------------------------------------------------
    def _deal(self, state: FiveHundredsState) -> None:
        deck = list(DECK_CARDS)
        first, stock = deal_hands(state, deck, HAND_SIZE)
        state.line = [stock.pop()]
        state.stock = stock
        state.melds = []
        state.hand_no += 1
        state.last = None
        self._close_rummy(state)
        emit(state, f"{{0}} deals {HAND_SIZE} cards each and turns up " + card_text(state.line[0]), state.dealer,
             pieces=state.line, kind="deal")
        self._start_turn(state, first)

    def _start_turn(self, state: FiveHundredsState, seat: int) -> None:
        state.turn = seat
        state.phase = Phase.DRAW

    def _close_rummy(self, state: FiveHundredsState) -> None:
        state.rummy_card = None
        state.discarder = None
        state.passed = []

    # --- who acts ------------------------------------------------------------------------------------
    def may_call(self, state: FiveHundredsState, seat: int) -> bool:
        """Whether ``seat`` may call "Rummy" on the fresh discard now (the turn's player included)."""
        return state.rummy_card is not None and state.phase == Phase.DRAW and seat != state.discarder \
            and seat not in state.passed and (state.has_melded(seat) or not state.options.rummy_needs_meld)

    def callers(self, state: FiveHundredsState) -> list[int]:
        """The players other than the one to draw who may still call "Rummy", clockwise from them."""
        n = state.players
        return [s for s in (left_of(state.turn, n, k) for k in range(1, n)) if self.may_call(state, s)]

    def turn_seats(self, state: FiveHundredsState) -> tuple[int, ...]:
        return (state.turn, *self.callers(state))

    # --- the cascade -----------------------------------------------------------------------------------
    def restrictions(self, state: FiveHundredsState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat`` now, in rulebook order: the turn's moves for the player whose
        turn it is, a call of "Rummy" (or letting it go by) for the others."""
        hand = state.hands[seat]
        landings: dict[Action, Landing] = {}

        def landing(a: Action) -> Landing:
            if a not in landings:
                landings[a] = self._landing(state, seat, a)
            return landings[a]

        def problem_of(clause: Any) -> Restriction:
            def problem(a: Action) -> str | None:
                found = landing(a).problem
                return found[1] if found is not None and found[0] is clause else None
            return Restriction(clause, problem)

        yield rummy.well_formed(TURN)
        yield Restriction(TURN, lambda a: self._verb_problem(state, seat, a))
        yield Restriction(RUMMY, lambda a: self._rummy_problem(state, seat, a))
        yield Restriction(RUMMY_AFTER_MELD, lambda a: "you have no meld of your own on the table"
                          if a.verb == "rummy" and state.options.rummy_needs_meld and not state.has_melded(seat)
                          else None)
        yield rummy.draw_first(state.phase == Phase.PLAY, TURN, before=("rummy", "pass"))
        yield Restriction(TOP_MUST_PLAY, lambda a: f"dig to {card_text(state.line[-1])} with the cards it is played "
                          "with" if a == rummy.TAKE_DISCARD and state.options.top_card_must_play else None)
        yield Restriction(TURN, lambda a: "the discard line is empty" if a.verb in ("take", "dig") and not state.line
                          else None)
        yield Restriction(rummy.FROM_HAND, lambda a: self._hand_problem(hand, a))
        yield rummy_piles.dig_from(hand, state.line)
        yield problem_of(DIG_WITH_HAND)
        yield rummy.on_melds(state.melds, clause=LAY_OFF)
        yield problem_of(LAY_OFF)
        yield problem_of(MELDS)
        yield problem_of(rummy.GO_OUT_WITH_DISCARD)
        yield problem_of(KEEP_DISCARDING)
        yield rummy.unplayable_discard(hand, lambda c: playable(state, c))

    def _verb_problem(self, state: FiveHundredsState, seat: int, a: Action) -> str | None:
        if a.verb not in VERBS:
            return f"there is no '{a.verb}' in Five Hundreds"
        if seat != state.turn and a.verb not in ("rummy", "pass"):
            return "it is not your turn: you may call rummy on the fresh discard or let it go by"
        if a.verb == "pass":
            if a.args:
                return "letting a discard go by names no cards"
            if seat == state.turn:
                return "it is your turn: draw (letting a discard go by is for the other players)"
        if a.verb == "take" and a != rummy.TAKE_DISCARD:
            return "the line is taken card by card: its top card, or dig to one deeper"
        return None

    def _rummy_problem(self, state: FiveHundredsState, seat: int, a: Action) -> str | None:
        if a.verb not in ("rummy", "pass"):
            return None
        card = state.rummy_card
        if card is None or state.phase != Phase.DRAW:
            return "there is no fresh discard that could be played on the table"
        if seat == state.discarder:
            return f"you discarded {card_text(card)} yourself"
        if seat in state.passed:
            return f"you let {card_text(card)} go by"
        if a.verb == "pass":
            return None
        groups = self._groups(state, a)
        if len(groups) != 1 or groups[0].on is None or not a.cards or a.cards[0] != card:
            return f"call it with the card and where it goes: 'rummy {card_text(card)} on' a meld's number"
        if not 1 <= (groups[0].on or 0) <= len(state.melds):
            return f"there is no meld {groups[0].on}"
        return None

    @staticmethod
    def _hand_problem(hand: Sequence[Card], a: Action) -> str | None:
        if a.verb == "dig":
            return None
        named = list(a.cards[1:]) if a.verb == "rummy" else rummy.hand_cards(a)
        gone = rummy.missing(hand, named)
        return f"you do not hold {cards_text(gone)}" if gone else None

    # --- where a move's cards land -------------------------------------------------------------------
    def _groups(self, state: FiveHundredsState, a: Action) -> list[Group]:
        """The groups a move lays, the card dug to joining the first group of a dig."""
        try:
            if a.verb == "dig":
                groups = rummy.groups_of(a.args[1:])
                if groups:
                    groups[0] = Group((a.cards[0], *groups[0].cards), groups[0].on)
                return groups
            if a.verb in ("meld", "lay", "rummy"):
                return rummy.groups_of(a.args)
        except rummy.GroupSyntax:
            return []
        return []

    def _landing(self, state: FiveHundredsState, seat: int, a: Action) -> Landing:
        """The melds a move makes or adds to, the hand it leaves, and the first rule it breaks."""
        hand = list(state.hands[seat])
        if a.verb == "discard":
            _remove(hand, a.cards[:1])
            return Landing([], {}, hand)
        if a.verb not in ("meld", "lay", "dig", "rummy"):
            return Landing([], {}, hand)
        rules = rules_of(state)
        groups = self._groups(state, a)
        if a.verb == "dig":
            depth = rummy_piles.dig_depth(state.line, a.cards[0])
            above = state.line[len(state.line) - (depth or 1) + 1:]
            own, dug, _ = rummy_piles.dig_sources(a.cards[1:], hand, above)
            rest = list(above)
            _remove(rest, dug)
            _remove(hand, own)
            hand += rest
            if not groups:
                return Landing([], {}, hand, (DIG_WITH_HAND, f"name the cards from your hand that "
                                                             f"{card_text(a.cards[0])} is played with"))
            first = rummy_piles.dig_sources(groups[0].cards[1:], state.hands[seat], above)[0]
            if not first:
                return Landing([], {}, hand, (DIG_WITH_HAND, f"{card_text(a.cards[0])} must be played with at "
                                                             f"least one card from your hand"))
        else:
            _remove(hand, a.cards[1:] if a.verb == "rummy" else a.cards)
        new: list[list[Card]] = []
        joined: dict[int, list[Card]] = {}
        for g in groups:
            if g.on is None:
                why = rummy.meld_problem(g.cards, rules)
                if why is not None:
                    return Landing(new, joined, hand, (MELDS, why))
                new.append(list(g.cards))
                continue
            if not 1 <= g.on <= len(state.melds):
                return Landing(new, joined, hand, (LAY_OFF, f"there is no meld {g.on}"))
            meld = state.melds[g.on - 1].cards + joined.get(g.on - 1, [])
            why = rummy.lay_problem(meld, g.cards, rules)
            if why is not None:
                return Landing(new, joined, hand, (LAY_OFF, why))
            joined.setdefault(g.on - 1, []).extend(g.cards)
        if joined and a.verb != "rummy" and not new and not state.has_melded(seat):
            return Landing(new, joined, hand, (LAY_OFF, "meld a set or run of your own before adding onto melds"))
        if not hand:
            return Landing(new, joined, hand, (rummy.GO_OUT_WITH_DISCARD, "keep a card to discard: you may not "
                                                                           "play your last card onto the table"))
        if len(hand) == 1 and a.verb != "rummy":
            after = [Meld(m.cards + joined.get(i, []), m.owner) for i, m in enumerate(state.melds)]
            after += [Meld(cs, seat) for cs in new]
            if playable(state, hand[0], after):
                return Landing(new, joined, hand, (KEEP_DISCARDING, f"your last card would be "
                                                                     f"{card_text(hand[0])}, which could be played "
                                                                     f"on the table: you could not go out on it"))
        return Landing(new, joined, hand)

    # --- the moves listed ----------------------------------------------------------------------------
    def _candidates(self, state: FiveHundredsState, seat: int) -> list[Action]:
        """The useful moves: every draw, digs with the melds and lay-offs the card dug to makes, the call
        of "Rummy" on each meld the fresh discard fits, melds from hand (sets, whole runs and their
        three-card pieces), each card onto each meld, and every discard. The cascade keeps the legal ones."""
        rules = rules_of(state)
        hand = state.hands[seat]
        out: list[Action] = []
        if state.rummy_card is not None and state.phase == Phase.DRAW:
            card = state.rummy_card
            out += [Action("rummy", (card, "on", i + 1)) for i, m in enumerate(state.melds)
                    if fits(m.cards, [card], rules)]
            if seat != state.turn:
                out.append(PASS)
        if seat != state.turn:
            return out
        if state.phase == Phase.DRAW:
            out.append(rummy.DRAW_STOCK)
            if state.line:
                out.append(rummy.TAKE_DISCARD)
            for depth in range(1, len(state.line) + 1):
                out += self._digs(state, hand, len(state.line) - depth, rules)
            return out
        out += [rummy.meld(g) for g in hand_melds(hand, rules)]
        for i, m in enumerate(state.melds):
            out += [rummy.lay([c], i + 1) for c in hand if fits(m.cards, [c], rules)]
        out += [rummy.discard(c) for c in hand]
        return list(dict.fromkeys(out))

    def _digs(self, state: FiveHundredsState, hand: Sequence[Card], at: int, rules: MeldRules) -> list[Action]:
        """Digs to the card at index ``at`` of the line, each with one way of playing it at once."""
        card = state.line[at]
        above = state.line[at + 1:]
        pool = [*hand, *above]
        out = [rummy.dig(card, [c for c in g if c is not card]) for g in melds_with(card, pool, rules)]
        near = [c for c in hand if c & 15 == card & 15 or c >> 4 == card >> 4]
        for i, m in enumerate(state.melds):
            if not fits(m.cards, [card], rules) and not any(fits(m.cards, [c], rules) for c in near):
                continue
            for k in (1, 2):
                for combo in itertools.combinations(near, k):
                    if fits(m.cards, [card, *combo], rules):
                        out.append(rummy.dig(card, Group(tuple(combo), i + 1)))
        return out

    # --- playing -------------------------------------------------------------------------------------
    def _apply(self, state: FiveHundredsState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "pass":
            state.passed.append(seat)
        elif verb == "rummy":
            self._call_rummy(state, seat, action)
        elif verb == "draw":
            self._draw(state, seat)
        elif verb == "take":
            self._close_rummy(state)
            card = state.line.pop()
            self._to_hand(state, seat, [card])
            emit(state, "{0} takes " + card_text(card) + " from the discard line", seat, pieces=(card,), kind="take")
            state.phase = Phase.PLAY
        elif verb == "dig":
            self._dig(state, seat, action)
        elif verb in ("meld", "lay"):
            self._lay(state, seat, action)
            emit(state, "{0} " + ("melds " if verb == "meld" else "lays ")
                 + " and ".join(_group_words(g) for g in self._groups(state, action)), seat,
                 pieces=action.cards, kind="meld")
        elif verb == "discard":
            self._discard(state, seat, action.cards[0])

    def _to_hand(self, state: FiveHundredsState, seat: int, cards: Sequence[Card]) -> None:
        state.hands[seat].extend(cards)
        state.hands[seat].sort()
        state.known[seat].extend(cards)

    def _lay(self, state: FiveHundredsState, seat: int, action: Action, dug: Sequence[Card] = ()) -> None:
        """Put a move's groups on the table, taking its cards from ``dug`` first, then from the hand."""
        spare = list(dug)
        hand = state.hands[seat]
        for g in self._groups(state, action):
            for c in g.cards:
                if c in spare:
                    spare.remove(c)
                else:
                    hand.remove(c)
                    rummy.forget_known(state.known[seat], (c,))
            if g.on is None:
                state.melds.append(Meld(list(g.cards), seat, [seat] * len(g.cards)))
            else:
                state.melds[g.on - 1].add(g.cards, seat)

    def _call_rummy(self, state: FiveHundredsState, seat: int, action: Action) -> None:
        card = state.line.pop()
        self._close_rummy(state)
        self._lay(state, seat, action, dug=[card])
        group = self._groups(state, action)[0]
        emit(state, "{0} calls Rummy! and lays " + cards_text(group.cards) + f" on meld {group.on}", seat,
             pieces=group.cards, kind="rummy")

    def _draw(self, state: FiveHundredsState, seat: int) -> None:
        self._close_rummy(state)
        if not state.stock and state.options.stock_out == PLAY_ON:
            emit(state, "{0} draws from the empty stock: the hand ends", seat, kind="summary")
            self._end_hand(state, None)
            return
        if not state.stock:
            if len(state.line) < 2:
                emit(state, "The stock is out and the discard line has no card to spare: the hand ends",
                     kind="summary")
                self._end_hand(state, None)
                return
            state.stock = list(reversed(state.line[:-1]))
            del state.line[:-1]
            emit(state, f"The discard line but its top card is turned over: a new stock of {len(state.stock)}",
                 kind="stock")
        card = state.stock.pop()
        state.hands[seat].append(card)
        state.hands[seat].sort()
        private(state, seat, "{0} draws " + card_text(card), "{0} draws from the stock", seat, pieces=(card,))
        state.phase = Phase.PLAY

    def _dig(self, state: FiveHundredsState, seat: int, action: Action) -> None:
        self._close_rummy(state)
        card = action.cards[0]
        depth = rummy_piles.dig_depth(state.line, card) or 1
        taken = rummy_piles.take_down_to(state.line, card) or []
        self._lay(state, seat, action, dug=taken)
        played = set(map(id, (c for m in state.melds for c in m.cards)))
        rest = [c for c in taken if id(c) not in played]
        self._to_hand(state, seat, rest)
        groups = self._groups(state, action)
        emit(state, "{0} digs " + f"{depth} deep to " + card_text(card) + ", playing "
             + " and ".join(_group_words(g) for g in groups)
             + (", and takes " + cards_text(rest) if rest else ""), seat, pieces=taken, kind="take")
        state.phase = Phase.PLAY

    def _discard(self, state: FiveHundredsState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        state.line.append(card)
        if not hand:
            emit(state, "{0} discards " + card_text(card) + " and goes out", seat, pieces=(card,), kind="summary")
            self._end_hand(state, seat)
            return
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        self._start_turn(state, left_of(seat, state.players))
        if playable(state, card):
            state.rummy_card, state.discarder, state.passed = card, seat, []

    def _end_hand(self, state: FiveHundredsState, out: int | None) -> None:
        counts = [Count(sum(map(value, state.on_table(s))), sum(map(value, state.hands[s])))
                  for s in range(state.players)]
        state.last = counts
        notes = [f"seat {s}: on the table {c.on_table}, in hand -{c.in_hand} [{COUNT.id}]"
                 for s, c in enumerate(counts)]
        for s, c in enumerate(counts):
            emit(state, "{0} counts " + f"{c.on_table} on the table less {c.in_hand} in hand: {c.total}", s,
                 kind="summary")
        if out is None:
            ended = STOCK_PLAY_ON if state.options.stock_out == PLAY_ON else STOCK_TURN_OVER
            notes.append(f"nobody went out: the stock ran out [{ended.id}]")
        points: list[int | float] = [c.total for c in counts]
        totals = [t + p for t, p in zip(state.sheet.totals, points)]
        top = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == top]
        over = top >= state.options.target and len(leaders) == 1
        if over:
            notes.append(f"seat {leaders[0]} has the highest score at {state.options.target} or more [{TARGET.id}]")
        state.sheet.add(f"hand {state.hand_no}", points, state.ply + 1, notes)
        state.next_dealer = left_of(state.dealer, state.players)
        self._close_rummy(state)
        if over:
            state.over = True
            state.phase = Phase.OVER
            emit(state, f"{{0}} wins the game with {int(top)}", leaders[0], kind="summary")
            return
        state.phase = Phase.SHOW

    # --- what the players see --------------------------------------------------------------------------
    def all_cards(self, state: FiveHundredsState) -> list[Card]:
        return list(DECK_CARDS)

    def zones(self, state: FiveHundredsState) -> list[Zone]:
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock),
                rummy.pile_zone(state.line, label="Discard line"),
                *rummy.meld_zones(state.melds, lambda n, m: meld_label(n, m, rules_of(state)))]

    def facts(self, state: FiveHundredsState, seat: int | None) -> list[Fact]:
        """On the seats, what each has on the table this hand and whether they have melded (a flag said
        only when true); the scores are the score sheet's."""
        n = state.players
        fs = [per_seat("on_table", "On the table", [sum(map(value, state.on_table(s))) for s in range(n)]),
              per_seat("melded", "Has melded", [state.has_melded(s) for s in range(n)], FactKind.FLAG),
              fact("target", "Game to", FactKind.NUMBER, state.options.target)]
        if state.rummy_card is not None and state.phase == Phase.DRAW:
            fs.append(fact("rummy_card", "May be called 'Rummy'", FactKind.PIECES, [card_text(state.rummy_card)]))
            fs.append(fact("rummy_callers", "Who may call it", FactKind.SEATS,
                           [s for s in (state.turn, *self.callers(state)) if self.may_call(state, s)]))
        if state.last is not None:
            fs.append(fact("last_hand", "Last hand", FactKind.TABLE, {
                "columns": ["Player", "On the table", "In hand", "Total"],
                "rows": [[f"seat {s}", str(c.on_table), str(-c.in_hand), str(c.total)]
                         for s, c in enumerate(state.last)]}))
        return fs

    def prompt(self, state: FiveHundredsState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.SHOW:
            return "The hand is counted: deal the next one."
        card = state.rummy_card
        if seat != state.turn and card is not None:
            return Prompt("{0} discarded " + card_text(card) + ", which can be played on the table: call 'rummy "
                          + card_text(card) + " on' its meld, or pass.", (state.discarder or 0,))
        if state.phase == Phase.DRAW:
            return "Draw from the stock, take the top card of the discard line, or dig deeper (the card dug to is " \
                   "played at once with a card from your hand)." + (" You may first call Rummy on " + card_text(card)
                                                                     + "." if card is not None and
                                                                     self.may_call(state, seat) else "")
        need = "" if state.has_melded(seat) else " Meld a set or run of your own before adding onto melds."
        return "Meld and add onto melds if you wish, then discard; your last card must be one that cannot be " \
               "played." + need


def meld_label(n: int, m: Meld, rules: MeldRules) -> str:
    kind = meld_kind(m.cards, rules)
    if kind == "set":
        return f"{n}: {rummy.rank_word(m.cards[0] & 15)}"
    return f"{n}: run of {len(m.cards)}" if kind == "run" else f"{n}"


def fits(meld: Sequence[Card], cards: Sequence[Card], rules: MeldRules) -> bool:
    """Whether ``cards`` can be added onto ``meld``: ``rummy.lay_problem`` read directly, as a deck
    without wild cards allows (a set takes its rank up to four cards, a run stays one unbroken run)."""
    grown = [*meld, *cards]
    if len({c & 15 for c in meld}) == 1:
        return all(c & 15 == meld[0] & 15 for c in cards) and len(grown) <= (rules.max_set_size or 4)
    if any(c >> 4 != meld[0] >> 4 for c in cards):
        return False
    aces = [p for p, ok in ((1, rules.ace_low), (14, rules.ace_high)) if ok]
    for ace in aces:
        at = sorted(ace if c & 15 == 14 else c & 15 for c in grown)
        if at == list(range(at[0], at[0] + len(at))):
            return True
    return False


def _group_words(g: Group) -> str:
    return cards_text(g.cards) + (f" on meld {g.on}" if g.on is not None else "")


def hand_melds(hand: Sequence[Card], rules: MeldRules) -> list[list[Card]]:
    """The melds worth listing from a hand: each rank's set (and its three-card parts when it holds
    four), each run as long as it goes and its three-card pieces."""
    out: list[list[Card]] = []
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        by_rank.setdefault(c & 15, []).append(c)
    for cs in by_rank.values():
        if len(cs) >= 3:
            out.append(cs)
        if len(cs) == 4:
            out += [list(g) for g in itertools.combinations(cs, 3)]
    return out + rummy.runs_in(hand, rules)


def melds_with(card: Card, pool: Sequence[Card], rules: MeldRules) -> list[list[Card]]:
    """Melds that hold ``card`` with cards of ``pool``: its sets and the runs through it, each as long
    as it goes and in three-card pieces."""
    same = [c for c in pool if c & 15 == card & 15 and c is not card]
    out = [[card, *g] for k in (2, 3) for g in itertools.combinations(same, k)]
    runs = rummy.runs_in([card, *(c for c in pool if c >> 4 == card >> 4 and c != card)], rules)
    return out + [r for r in runs if any(c is card for c in r)]
