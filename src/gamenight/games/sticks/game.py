"""Sticks' state machine: the sticks drawn from the pot (free ones counting at once), the deal, the
turn (draw from the stock or the discard pile, lay the stick down, then lay off and swap wild cards
out of sets, discard), going out, the next deal with the sticks still face down, and the seventh stick.

A stick is a contract in words (``2 sets of 3``); the player holding it face down sees it, the others
see only that it is face down until it is laid. Every move of a turn runs one restriction cascade
(``restrictions``) shared by ``check`` and ``legal_actions``, which lists the useful melds."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from gamenight.core.cards import Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.events import emit, private
from gamenight.engine.registry import register
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, flag, per_seat
from gamenight.families import rummy, rummy_contracts, rummy_piles
from gamenight.families.melds import meld_kind
from gamenight.families.rummy import Group, Meld, Restriction
from gamenight.families.rummy_contracts import Contract
from gamenight.families.rummy_game import Phase, RummyGame, RummyState, deal_hands
from gamenight.games.sticks.rules import (
    DEAL_AGAIN,
    EMPTY_STOCK,
    END,
    FREE,
    FREE_SEVENTH,
    FREE_STICK,
    HAND_SIZE,
    LAY_ON,
    MELD_RULES,
    NO_NEW_MELDS,
    NO_PLAYABLE_DISCARD,
    OBJECT,
    PLAY_STICK,
    RESHUFFLE_STOCK,
    RUNS,
    SETS,
    SPEC,
    STICK,
    STICKS_TO_WIN,
    SWAP,
    TRADE,
    deck,
    is_wild,
    parse_sticks,
)

TRADE_MOVE = Action("trade")
VERBS = frozenset({"draw", "take", "meld", "lay", "swap", "discard"})


@dataclass
class SticksState(RummyState):
    pile: list[Card] = field(default_factory=list)
    pot: list[str] = field(default_factory=list)
    stick: list[str] = field(default_factory=list)
    """Each player's stick, face down until it is laid."""
    stick_up: list[bool] = field(default_factory=list)
    stick_turn: list[int | None] = field(default_factory=list)
    """The turn of this deal in which each player laid their stick down (None: not yet)."""
    stick_since: list[int] = field(default_factory=list)
    """The deal in which each player drew the stick they hold."""
    this_deal: list[int] = field(default_factory=list)
    """Sticks each player collected this deal (free and laid): the score sheet adds them when it ends."""
    free: list[int] = field(default_factory=list)
    """Free sticks each player drew this deal and kept (they are among ``this_deal``)."""
    set_aside: list[int] = field(default_factory=list)
    """Free sticks each player drew this deal that would have been a seventh stick: out of the game."""
    must_play: list[Card] = field(default_factory=list)
    """A wild card swapped out of a set this turn, until it is played."""
    phase: Phase = Phase.PLAY
    drew: bool = False
    turns: int = 0
    had_turn: list[bool] = field(default_factory=list)
    hand_no: int = 0

    def collected(self, seat: int) -> int:
        return int(self.sheet.totals[seat]) + self.this_deal[seat]

    def contract(self, seat: int) -> Contract:
        return Contract.parse(self.stick[seat])

    def laid_earlier(self, seat: int) -> bool:
        """The stick is down and this is a later turn: lay-offs, swaps (and new melds) are open."""
        return self.stick_up[seat] and self.stick_turn[seat] != self.turns


def _groups(action: Action) -> list[Group]:
    return rummy.groups_of(action.args)


def _meld_problem(cards: Sequence[Card]) -> rummy.Verdict:
    """The clause a meld breaks and why: a natural card, then a set of one rank, else a run."""
    problem = rummy.meld_problem(cards, MELD_RULES)
    if problem is None:
        return None
    naturals = [c for c in cards if not is_wild(c)]
    if not naturals:
        return rummy.ONE_NATURAL, problem
    return (SETS if len({c & 15 for c in naturals}) == 1 else RUNS), problem


@register
class Sticks(RummyGame[SticksState]):
    spec = SPEC
    next_deal = (DEAL_AGAIN, "the deal is over: the cards are dealt again")
    state_type = SticksState

    # --- sticks and the deal ---------------------------------------------------------------------
    def seated(self, state: SticksState) -> None:
        n = state.players
        state.stick, state.stick_up, state.stick_since = [""] * n, [False] * n, [0] * n

    @staticmethod
    def _fill_pot(state: SticksState) -> None:
        state.pot = parse_sticks(state.options.sticks) * state.players

    def _draw_stick(self, state: SticksState, seat: int) -> None:
        """A new stick for ``seat``: a free one counts face up at once and another is drawn."""
        while True:
            if not state.pot:
                self._fill_pot(state)
                emit(state, f"The pot of sticks is filled again ({len(state.pot)} sticks)", kind="stick")
            stick = state.pot.pop(state.rng.randrange(len(state.pot)))
            if stick != FREE:
                state.stick[seat], state.stick_up[seat], state.stick_since[seat] = stick, False, state.hand_no
                private(state, seat, "{0} draws a stick: " + stick, "{0} draws a stick", seat, kind="stick")
                return
            if state.collected(seat) + 1 >= STICKS_TO_WIN:
                state.set_aside[seat] += 1
                emit(state, "{0} draws a free stick, which would be a seventh: it does not count and is set aside",
                     seat, kind="stick")
                continue
            state.this_deal[seat] += 1
            state.free[seat] += 1
            emit(state, "{0} draws a free stick and puts it face up", seat, kind="stick")

    def _deal(self, state: SticksState) -> None:
        n = state.players
        cards = list(deck(state.options.decks))
        first, state.stock = deal_hands(state, cards, HAND_SIZE)
        state.pile = [state.stock.pop()]
        state.melds, state.must_play = [], []
        state.hand_no += 1
        state.this_deal, state.free, state.set_aside = [0] * n, [0] * n, [0] * n
        state.stick_turn = [None] * n
        state.had_turn = [False] * n
        state.phase = Phase.PLAY
        state.turns = 0
        emit(state, "{0} deals " + f"{HAND_SIZE} cards each and turns up " + card_text(state.pile[-1]), state.dealer,
             pieces=state.pile, kind="deal")
        if not state.pot:
            self._fill_pot(state)
        for i in range(n):
            seat = (first + i) % n
            if not state.stick[seat] or state.stick_up[seat]:
                self._draw_stick(state, seat)
        self._start_turn(state, first)

    @staticmethod
    def _start_turn(state: SticksState, seat: int) -> None:
        state.turn, state.drew = seat, False
        state.turns += 1

    # --- the cascade of a turn ---------------------------------------------------------------------
    def restrictions(self, state: SticksState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat``'s turn, in rulebook order."""
        hand = state.hands[seat]
        *melding, last_card = rummy.judged(lambda a: self._judge(state, seat, a), (
            PLAY_STICK, LAY_ON, NO_NEW_MELDS, SETS, RUNS, rummy.ONE_NATURAL, SWAP, rummy.GO_OUT_WITH_DISCARD))
        yield rummy.well_formed(rummy.DRAW)
        yield Restriction(rummy.DRAW, lambda a: self._verb_problem(state, a))
        yield Restriction(TRADE, lambda a: self._trade_problem(state, seat) if a.verb == "trade" else None)
        yield rummy.draw_first(state.drew, rummy.DRAW, before=("trade",))
        yield rummy.from_hand(hand)
        yield rummy.on_melds(state.melds, clause=LAY_ON)
        yield from melding
        yield rummy.must_play_first(state.must_play)
        yield rummy.keep_a_discard(hand)
        yield last_card
        yield Restriction(rummy.GO_OUT_WITH_DISCARD, lambda a: self._discard_kept(state, seat, a))
        if state.options.no_playable_discard:
            yield Restriction(NO_PLAYABLE_DISCARD, lambda a: self._playable_discard(state, seat, a))

    @staticmethod
    def _verb_problem(state: SticksState, a: Action) -> str | None:
        if a.verb == "trade" and state.options.trade:
            return None
        if a.verb not in VERBS:
            return f"there is no '{a.verb}' in Sticks"
        if a.verb == "take" and a.args != ("discard",):
            return "only the top card of the discard pile is taken"
        if a.verb == "take" and not state.pile:
            return "the discard pile is empty"
        return None

    @staticmethod
    def _trade_problem(state: SticksState, seat: int) -> str | None:
        if state.had_turn[seat]:
            return "a stick is traded on your first turn of a hand, before you draw"
        if state.stick_up[seat]:
            return "your stick is face up"
        if state.stick_since[seat] >= state.hand_no:
            return "you drew your stick this hand: hold it a whole hand first"
        return None

    def _judge(self, state: SticksState, seat: int, a: Action) -> rummy.Verdict:
        """The clause a meld, lay-off or swap breaks and why (None: it keeps them all)."""
        if a.verb == "swap":
            return self._swap_problem(state, seat, a)
        if a.verb not in ("meld", "lay"):
            return None
        groups = _groups(a)
        new = [list(g.cards) for g in groups if g.on is None]
        added = [g for g in groups if g.on is not None]
        if not state.stick_up[seat]:
            if added:
                return LAY_ON, "lay your stick down before you add cards to the table"
            for cards in new:
                verdict = _meld_problem(cards)
                if verdict is not None:
                    return verdict
            problem = state.contract(seat).problem(new, MELD_RULES, exact=True)
            return (PLAY_STICK, problem.replace("the contract is", "your stick is")) if problem else None
        if not state.laid_earlier(seat):
            return PLAY_STICK, "no extra cards beyond your stick are played in the turn you lay it down"
        if new and not state.options.new_melds:
            return NO_NEW_MELDS, "after your stick, cards go onto the melds on the table, not into " \
                                 "new melds"
        for cards in new:
            verdict = _meld_problem(cards)
            if verdict is not None:
                return verdict
        grown: dict[int, list[Card]] = {}
        for g in added:
            assert g.on is not None
            before = grown.get(g.on, state.melds[g.on - 1].cards)
            problem = rummy.lay_problem(before, g.cards, MELD_RULES)
            if problem is not None:
                return LAY_ON, problem
            grown[g.on] = [*before, *g.cards]
        return None

    @staticmethod
    def _swap_problem(state: SticksState, seat: int, a: Action) -> rummy.Verdict:
        if not state.laid_earlier(seat):
            return SWAP, "wild cards are swapped out of sets from the turn after you lay your stick down"
        group = _groups(a)[0]
        card, n = group.cards[0], group.on
        assert n is not None
        m = state.melds[n - 1]
        if m.owner == seat:
            return SWAP, f"meld {n} is yours: wild cards are taken from other players' sets"
        if meld_kind(m.cards, MELD_RULES) == "run":
            return SWAP, f"meld {n} is a run: wild cards are never taken from runs"
        if rummy.swap_index(m.cards, card, MELD_RULES) is None:
            return SWAP, f"{card_text(card)} cannot stand in for a wild card of meld {n}"
        if len(state.hands[seat]) < 2:
            return rummy.GO_OUT_WITH_DISCARD, "the wild card you would take must be played this turn, and then " \
                                              "you would have no card to discard"
        return None

    @staticmethod
    def _discard_kept(state: SticksState, seat: int, a: Action) -> str | None:
        """With a swapped wild card still to play, a lay-off keeps a card to discard besides it."""
        if not state.must_play or a.verb not in ("meld", "lay"):
            return None
        laid = list(a.cards)
        owed = rummy.missing(laid, state.must_play)
        if len(state.hands[seat]) - len(laid) - len(owed) < 1:
            return f"keep a card to discard besides {cards_text(owed)}, which you must play this turn"
        return None

    @staticmethod
    def _playable(state: SticksState, card: Card) -> bool:
        return any(rummy.lay_problem(m.cards, [card], MELD_RULES) is None for m in state.melds)

    def _playable_discard(self, state: SticksState, seat: int, a: Action) -> str | None:
        if a.verb != "discard" or not state.stick_up[seat] or not self._playable(state, a.args[0]):
            return None
        if all(self._playable(state, c) for c in state.hands[seat]):
            return None
        return f"{card_text(a.args[0])} could be added onto the cards on the table"

    # --- the moves listed ----------------------------------------------------------------------------
    def _candidates(self, state: SticksState, seat: int) -> list[Action]:
        """The useful moves: the draws (and the trade), every discard, the ways the hand lays the stick
        down, and later each card that plays on a meld, each swap out of a set, and the new melds."""
        hand = state.hands[seat]
        if not state.drew:
            return [rummy.DRAW_STOCK, rummy.TAKE_DISCARD, TRADE_MOVE]
        out = [rummy.discard(c) for c in dict.fromkeys(hand)]
        if not state.stick_up[seat]:
            ways = rummy_contracts.contract_ways(hand, state.contract(seat), MELD_RULES)
            return out + [rummy.meld(*way) for way in ways]
        if not state.laid_earlier(seat):
            return out
        out += rummy_contracts.lay_offs(hand, state.melds, MELD_RULES)
        naturals = [c for c in dict.fromkeys(hand) if not is_wild(c)]
        for n, m in enumerate(state.melds, 1):
            if m.owner != seat and any(is_wild(c) for c in m.cards):
                out += [rummy.swap(c, n) for c in naturals if rummy.swap_index(m.cards, c, MELD_RULES) is not None]
        if state.options.new_melds:
            out += [rummy.meld(m) for kind in (rummy.SET, rummy.RUN)
                    for m in rummy_contracts.meld_ways(hand, MELD_RULES, kind)]
        return list(dict.fromkeys(out))

    # --- playing ----------------------------------------------------------------------------------------
    def _apply(self, state: SticksState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "trade":
            state.pot.append(state.stick[seat])
            emit(state, "{0} trades in the stick held since an earlier hand", seat, kind="stick")
            self._draw_stick(state, seat)
        elif verb in ("draw", "take"):
            self._draw(state, seat, verb == "take")
        elif verb in ("meld", "lay"):
            self._meld(state, seat, _groups(action))
        elif verb == "swap":
            self._swap(state, seat, action)
        elif verb == "discard":
            self._discard(state, seat, action.args[0])

    def _draw(self, state: SticksState, seat: int, from_pile: bool) -> None:
        hand = state.hands[seat]
        if from_pile:
            card = rummy_piles.take_top(state.pile)
            state.known[seat].append(card)
            emit(state, "{0} takes " + card_text(card) + " from the discard pile", seat, pieces=(card,), kind="take")
        else:
            if not state.stock and state.options.empty_stock != END and rummy_piles.restock(state.stock, state.pile,
                                                                                       state.rng.shuffle):
                emit(state, f"The stock is empty: the discard pile but its top card is shuffled into a new stock of "
                     f"{len(state.stock)} cards", kind="reshuffle")
            if not state.stock:
                emit(state, "{0} must draw and the stock is empty: the cards are dealt again", seat, kind="summary")
                self._end_deal(state, None)
                return
            card = state.stock.pop()
            private(state, seat, "{0} draws " + card_text(card), "{0} draws from the stock", seat, pieces=(card,))
        hand.append(card)
        hand.sort()
        state.drew = True
        state.had_turn[seat] = True

    def _meld(self, state: SticksState, seat: int, groups: Sequence[Group]) -> None:
        hand = state.hands[seat]
        laid = [c for g in groups for c in g.cards]
        for c in laid:
            hand.remove(c)
            if c in state.must_play:
                state.must_play.remove(c)
        rummy.forget_known(state.known[seat], laid)
        for g in groups:
            if g.on is None:
                state.melds.append(Meld(list(g.cards), seat, [seat] * len(g.cards)))
            else:
                state.melds[g.on - 1].add(g.cards, seat)
        words = " and ".join(map(str, groups))
        if state.stick_up[seat]:
            emit(state, "{0} lays " + words, seat, pieces=laid, kind="meld")
            return
        state.stick_up[seat], state.stick_turn[seat] = True, state.turns
        state.this_deal[seat] += 1
        # the stick in the words a player says it in, not quoted: "Bea lays down the stick, 2 sets of 3: ..."
        emit(state, "{0} lays down the stick, " + state.stick[seat] + ": " + words, seat, pieces=laid, kind="meld")
        if state.collected(seat) >= STICKS_TO_WIN:
            emit(state, "{0} has collected " + f"{STICKS_TO_WIN} sticks and wins", seat, kind="summary")
            self._end_deal(state, None, winner=seat)

    def _swap(self, state: SticksState, seat: int, action: Action) -> None:
        group = _groups(action)[0]
        card, n = group.cards[0], group.on
        assert n is not None
        m = state.melds[n - 1]
        i = rummy.swap_index(m.cards, card, MELD_RULES)
        assert i is not None
        wild = m.cards[i]
        m.cards[i], m.by[i] = card, seat
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        hand.append(wild)
        hand.sort()
        state.known[seat].append(wild)
        state.must_play.append(wild)
        emit(state, "{0} swaps " + card_text(card) + f" for {card_text(wild)} in meld {n}, and must play it this "
             "turn", seat, pieces=(card, wild), kind="swap")

    def _discard(self, state: SticksState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        state.pile.append(card)
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        if not hand:
            emit(state, "{0} has no cards left: the cards are dealt again", seat, kind="summary")
            self._end_deal(state, seat)
            return
        self._start_turn(state, left_of(seat, state.players))

    def _end_deal(self, state: SticksState, out: int | None, winner: int | None = None) -> None:
        notes = [f"seat {s}: {k} stick{'s' if k != 1 else ''} collected [{STICK.id}]"
                 for s, k in enumerate(state.this_deal) if k]
        notes += [f"seat {s}: {k} of them free [{FREE_STICK.id}]" for s, k in enumerate(state.free) if k]
        notes += [f"seat {s}: {k} free stick{'s' if k != 1 else ''} set aside, a seventh [{FREE_SEVENTH.id}]"
                  for s, k in enumerate(state.set_aside) if k]
        if winner is not None:
            notes.append(f"seat {winner} has collected {STICKS_TO_WIN} sticks [{OBJECT.id}]")
        elif out is not None:
            notes.append(f"seat {out} played all their cards [{DEAL_AGAIN.id}]")
        else:
            ended = EMPTY_STOCK if state.options.empty_stock == END else RESHUFFLE_STOCK
            notes.append(f"the stock ran out [{ended.id}]")
        state.sheet.add(f"deal {state.hand_no}", list(state.this_deal), state.ply + 1, notes)
        state.this_deal = [0] * state.players  # now in the sheet's totals
        state.next_dealer = left_of(state.dealer, state.players)
        if winner is not None:
            state.over = True
            state.phase = Phase.OVER
        else:
            state.phase = Phase.SHOW

    # --- what the players see -----------------------------------------------------------------------------
    def all_cards(self, state: SticksState) -> list[Card]:
        return list(deck(state.options.decks))

    def zones(self, state: SticksState) -> list[Zone]:
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock),
                rummy.pile_zone(state.pile), *rummy.meld_zones(state.melds, self._meld_label)]

    @staticmethod
    def _meld_label(n: int, m: Meld) -> str:
        if meld_kind(m.cards, MELD_RULES) == "run":
            naturals = [c for c in m.cards if not is_wild(c)]
            return f"{n}: run of {'♣♦♥♠'[naturals[0] >> 4]} ({len(m.cards)})"
        rank = rummy.set_rank(m.cards, is_wild)
        return f"{n}: {rummy.rank_word(rank) if rank is not None else 'set'} ({len(m.cards)})"

    def facts(self, state: SticksState, seat: int | None) -> list[Fact]:
        shown = [s if up else "" for s, up in zip(state.stick, state.stick_up)]  # face down: said by nothing
        fs = [fact("deal", "Deal", FactKind.NUMBER, state.hand_no),
              per_seat("sticks", "Sticks", [state.collected(s) for s in range(state.players)]),
              per_seat("stick", "Stick", shown, FactKind.TEXT),
              fact("pot", "Sticks in the pot", FactKind.NUMBER, len(state.pot))]
        if seat is not None and state.phase == Phase.PLAY:
            fs.insert(0, fact("my_stick", "Your stick", FactKind.TEXT, state.stick[seat]))
            if not state.stick_up[seat]:
                ready = rummy_contracts.contract_ways(state.hands[seat], state.contract(seat), MELD_RULES, limit=1)
                fs.insert(1, flag("ready", "Your hand makes your stick", bool(ready)))
            if state.must_play and seat == state.turn:
                fs.append(fact("must_play", "To play this turn", FactKind.PIECES,
                               list(map(card_text, state.must_play))))
        return fs

    def prompt(self, state: SticksState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.SHOW:
            return "The deal is over: deal the cards again."
        if not state.drew:
            trade = " (or trade your stick in first)" if state.options.trade and self._trade_problem(state, seat) \
                is None else ""
            return "Draw from the stock or take the top discard" + trade + "."
        if not state.stick_up[seat]:
            return "Lay your stick down when you can, then discard."  # the stick is named in its fact
        if state.must_play:
            return f"Play {cards_text(state.must_play)} on the table, then discard."
        return "Lay cards on the melds if you can, then discard."

