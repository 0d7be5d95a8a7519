"""10 Dime Rummy's state machine: the deal, the turn (draw from the stock, meld, lay off, discard),
the discard bought for a dime by anyone at any time, going out, the eight rounds and the pot.

Buying is a real move out of turn: while a card lies on top of the discard pile, every player with
a dime who has not let that card go is among the seats to act, beside the player whose turn it is
(``to_act``). Each asked player buys it ('buy 7H') or lets it go ('pass 7H'); a new card on top asks
them again. Every move runs one restriction cascade (``restrictions``) shared by ``check`` and
``legal_actions``, which lists the useful melds (the full set is combinatorial)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from gamenight.core.cards import Card, card_text, cards_text
from gamenight.core.chips import Money
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.events import emit, private
from gamenight.engine.registry import register
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, flag, per_seat, pot_zone
from gamenight.families import rummy, rummy_contracts, rummy_piles
from gamenight.families.rummy import Group, Meld, Restriction
from gamenight.families.rummy_contracts import Contract
from gamenight.families.rummy_game import Phase, RummyGame, RummyState, deal_hands
from gamenight.games.ten_dime_rummy.rules import (
    BUY,
    BUY_ANY_TIME,
    CONTRACTS,
    COUNT,
    DEAL,
    DIME,
    DIMES,
    EMPTY_STOCK,
    END,
    GO_OUT,
    HAND_SIZE,
    MELD_RULES,
    MORE_SETS,
    NO_STEALING,
    OUT_AFTER_ALL,
    PLAY_ON,
    POT,
    REQUIRED,
    REQUIRED_FIRST,
    RESHUFFLE_STOCK,
    ROUNDS,
    SPEC,
    STOCK_CARDS_BOUGHT,
    TURN,
    VALUES,
    deck,
    is_wild,
)

TURN_VERBS = frozenset({"draw", "buy", "meld", "lay", "discard"})


def buy(card: Card) -> Action:
    """``buy 7H``: a dime for the top discard and two stock cards."""
    return Action("buy", (card,))


def let_go(card: Card) -> Action:
    """``pass 7H``: not buying the top discard."""
    return Action("pass", (card,))


@dataclass
class TenDimeState(RummyState):
    pile: list[Card] = field(default_factory=list)
    purse: list[int] = field(default_factory=list)
    """Each player's dimes, in cents."""
    pot: int = 0
    """The dimes paid for discards, in cents."""
    phase: Phase = Phase.PLAY
    drew: bool = False
    down: list[bool] = field(default_factory=list)
    """Whether each player has put the round's required meld down."""
    played: list[bool] = field(default_factory=list)
    """Whether each player has had a play (drawn) this round."""
    passed: list[int] = field(default_factory=list)
    """Seats that let the card now on top of the discard pile go (its thrower among them)."""
    thrown_by: int | None = None
    """Who discarded the card on top, while it is the last card discarded."""
    round_no: int = 0
    last: tuple[rummy.PlayedOut, ...] = ()

    @property
    def contract(self) -> Contract:
        return CONTRACTS[self.round_no - 1]

    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def buyers(self) -> list[int]:
        """The seats other than the one on turn still asked about the top discard, clockwise from it."""
        if not self.pile or self.phase != Phase.PLAY:
            return []
        order = (left_of(self.turn, self.players, k) for k in range(1, self.players))
        return [s for s in order if self.purse[s] >= DIME and s not in self.passed]


def _groups(action: Action) -> list[Group]:
    return rummy.groups_of(action.args)


def _cards_left(state: TenDimeState, seat: int, a: Action) -> int:
    if a.verb == "discard":
        return len(state.hands[seat]) - 1
    return len(state.hands[seat]) - len(rummy.hand_cards(a))


def _set_problem(cards: Sequence[Card]) -> rummy.Verdict:
    """The clause a set breaks and why: one rank only, tame cards at least as many as wild ones,
    three cards at least."""
    problem = rummy.meld_problem(cards, MELD_RULES)
    if problem is None:
        return None
    if len({c & 15 for c in cards if not is_wild(c)}) > 1:
        return rummy.SETS_ONLY, problem
    if len(cards) < MELD_RULES.min_len:
        return MORE_SETS, problem
    return rummy.TAME_AT_LEAST_WILD, problem


@register
class TenDimeRummy(RummyGame[TenDimeState]):
    spec = SPEC
    next_deal = (DEAL, "the round is scored: the next dealer deals")
    state_type = TenDimeState

    # --- dealing ---------------------------------------------------------------------------------
    def seated(self, state: TenDimeState) -> None:
        state.purse = [DIMES * DIME] * state.players

    def _deal(self, state: TenDimeState) -> None:
        n = state.players
        cards = list(deck(state.options.decks))
        first, state.stock = deal_hands(state, cards, HAND_SIZE)
        state.pile = [state.stock.pop()]
        state.melds = []
        state.down = [False] * n
        state.played = [False] * n
        state.passed = []
        state.round_no += 1
        state.last = ()
        state.phase = Phase.PLAY
        state.turn, state.drew = first, False
        emit(state, "{0} deals round " + f"{state.round_no} ({state.contract} required) and turns up "
             + card_text(state.pile[-1]), state.dealer, pieces=state.pile, kind="deal")

    # --- the four questions --------------------------------------------------------------------------
    def turn_seats(self, state: TenDimeState) -> tuple[int, ...]:
        return (state.turn, *state.buyers())

    def off_turn(self, state: TenDimeState, seat: int, action: Action) -> None:
        if action.verb not in ("buy", "pass") or state.phase != Phase.PLAY:
            return
        if not state.pile:
            raise IllegalAction(BUY, "the discard pile is empty", state.options)
        if state.purse[seat] < DIME:
            raise IllegalAction(BUY, "you have no dimes left", state.options)
        if seat in state.passed:
            top = card_text(state.pile[-1])
            why = f"you threw {top}" if state.thrown_by == seat else f"you let {top} go"
            raise IllegalAction(BUY_ANY_TIME, why + ": you may buy again once another card shows on top",
                                state.options)

    # --- the cascade -------------------------------------------------------------------------------
    def restrictions(self, state: TenDimeState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat`` (on turn or buying out of turn), in rulebook order."""
        hand = state.hands[seat]
        on_turn = seat == state.turn
        *melding, playing_on = rummy.judged(lambda a: self._meld_problem(state, seat, a), (
            REQUIRED_FIRST, rummy.SETS_ONLY, rummy.TAME_AT_LEAST_WILD, MORE_SETS, REQUIRED, PLAY_ON))
        yield rummy.well_formed(TURN)
        yield Restriction(NO_STEALING, lambda a: "wild cards stay in the melds they were laid in"
                          if a.verb == "swap" else None)
        yield Restriction(BUY, lambda a: self._buy_words(state, a))
        yield Restriction(BUY_ANY_TIME, lambda a: self._out_of_turn(state, on_turn, a))
        yield Restriction(TURN, lambda a: f"there is no '{a.verb}' in 10 Dime Rummy"
                          if a.verb not in TURN_VERBS | {"pass"} else None)
        yield Restriction(BUY, lambda a: self._buy_problem(state, seat, a))
        draw_first, held = rummy.draw_first(state.drew, TURN), rummy.from_hand(hand)
        yield Restriction(TURN, lambda a: None if a.verb in ("buy", "pass") else draw_first.problem(a))
        yield Restriction(rummy.FROM_HAND, lambda a: None if a.verb in ("buy", "pass") else held.problem(a))
        yield from melding
        yield rummy.on_melds(state.melds, clause=PLAY_ON)
        yield playing_on
        yield Restriction(OUT_AFTER_ALL, lambda a: self._too_soon(state, seat, a))

    @staticmethod
    def _buy_words(state: TenDimeState, a: Action) -> str | None:
        if a.verb in ("take", "dig"):
            top = f" ('buy {card_text(state.pile[-1])}')" if state.pile else ""
            return f"the top discard is bought for a dime{top}, never taken"
        if a.verb in ("buy", "pass") and (len(a.args) != 1 or not isinstance(a.args[0], Card)):
            return f"name the top discard: '{a.verb}' and the card"
        return None

    @staticmethod
    def _out_of_turn(state: TenDimeState, on_turn: bool, a: Action) -> str | None:
        if on_turn and a.verb == "pass":
            return "on your turn nobody waits for you to pass: buy the top discard or play on"
        if not on_turn and a.verb not in ("buy", "pass"):
            return "it is not your turn: you may buy the top discard or let it go"
        return None

    @staticmethod
    def _buy_problem(state: TenDimeState, seat: int, a: Action) -> str | None:
        if a.verb not in ("buy", "pass"):
            return None
        if not state.pile:
            return "the discard pile is empty"
        top = state.pile[-1]
        if a.args[0] != top:
            return f"{card_text(a.args[0])} is not the top discard: {card_text(top)} is"
        if a.verb == "buy" and state.purse[seat] < DIME:
            return "you have no dimes left"
        return None

    def _meld_problem(self, state: TenDimeState, seat: int, a: Action) -> rummy.Verdict:
        """The clause a meld or lay-off breaks and why (None: it keeps them all)."""
        if a.verb not in ("meld", "lay"):
            return None
        groups = _groups(a)
        new = [list(g.cards) for g in groups if g.on is None]
        added = [g for g in groups if g.on is not None]
        if not state.down[seat]:
            if added:
                return REQUIRED_FIRST, f"put the required meld ({state.contract}) down before playing on a meld"
            for g in new:
                verdict = _set_problem(g)
                if verdict is not None:
                    return verdict
            return self._contract_problem(state.contract, new)
        for g in new:
            verdict = _set_problem(g)
            if verdict is not None:
                return verdict
        return self._lay_problem(state, added)

    @staticmethod
    def _contract_problem(contract: Contract, new: list[list[Card]]) -> rummy.Verdict:
        k = len(contract.parts)
        if len(new) < k:
            return REQUIRED, f"the required meld is {contract}: {k} set{'s' if k > 1 else ''}, not {len(new)}"
        for chosen in itertools.combinations(range(len(new)), k):
            if contract.problem([new[i] for i in chosen], MELD_RULES) is None:
                return None
        return REQUIRED, f"the required meld is {contract}: {' and '.join(map(cards_text, new))} does not make it"

    @staticmethod
    def _lay_problem(state: TenDimeState, added: Sequence[Group]) -> rummy.Verdict:
        grown: dict[int, list[Card]] = {}
        for g in added:
            assert g.on is not None
            if not 1 <= g.on <= len(state.melds):
                return None  # on_melds names the missing meld
            before = grown.get(g.on, state.melds[g.on - 1].cards)
            problem = rummy.lay_problem(before, g.cards, MELD_RULES)
            if problem is not None:
                verdict = _set_problem([*before, *g.cards])
                return (verdict[0] if verdict is not None else PLAY_ON), problem
            grown[g.on] = [*before, *g.cards]
        return None

    @staticmethod
    def _too_soon(state: TenDimeState, seat: int, a: Action) -> str | None:
        if all(state.played) or a.verb not in ("meld", "lay", "discard"):
            return None
        left = _cards_left(state, seat, a)
        if a.verb == "discard" and left == 0:
            return "not everybody has had a play this round: you may not discard your last card yet"
        if a.verb != "discard" and left < 2:
            return "not everybody has had a play this round: keep a card to discard and one to hold"
        return None

    # --- the moves listed ----------------------------------------------------------------------------
    def _candidates(self, state: TenDimeState, seat: int) -> list[Action]:
        """The useful moves: buying the top discard (or letting it go), the draw, every discard, the
        ways the hand makes the required meld, further sets, and each card that plays on a meld."""
        top = state.top()
        out = [buy(top), let_go(top)] if top is not None else []
        if seat != state.turn:
            return out
        if not state.drew:
            return [rummy.DRAW_STOCK, *out]
        hand = state.hands[seat]
        out += [rummy.discard(c) for c in dict.fromkeys(hand)]
        if not state.down[seat]:
            ways = rummy_contracts.contract_ways(hand, state.contract, MELD_RULES, exact=False)
            out += [rummy.meld(*way) for way in ways]
            return out
        out += [rummy.meld(m) for m in rummy_contracts.meld_ways(hand, MELD_RULES, rummy.SET)]
        out += rummy_contracts.lay_offs(hand, state.melds, MELD_RULES)
        return list(dict.fromkeys(out))

    # --- playing ----------------------------------------------------------------------------------------
    def _apply(self, state: TenDimeState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "buy":
            self._buy(state, seat)
        elif verb == "pass":
            state.passed.append(seat)
        elif verb == "draw":
            self._draw(state, seat)
        elif verb in ("meld", "lay"):
            self._meld(state, seat, action)
        elif verb == "discard":
            self._discard(state, seat, action.args[0])

    def _buy(self, state: TenDimeState, seat: int) -> None:
        card = rummy_piles.take_top(state.pile)
        extra = rummy_piles.draw_cards(state.stock, STOCK_CARDS_BOUGHT)
        hand = state.hands[seat]
        hand += [card, *extra]
        hand.sort()
        state.known[seat].append(card)
        state.purse[seat] -= DIME
        state.pot += DIME
        state.passed, state.thrown_by = [], None
        more = f" and {len(extra)} from the stock" if extra else ""
        private(state, seat, "{0} buys " + card_text(card) + " for a dime" + more
                + (": " + cards_text(extra) if extra else ""),
                "{0} buys " + card_text(card) + " for a dime" + more, seat, pieces=(card, *extra), kind="buy")

    def _draw(self, state: TenDimeState, seat: int) -> None:
        if not state.stock and state.options.empty_stock != END and rummy_piles.restock(state.stock, state.pile,
                                                                                   state.rng.shuffle):
            emit(state, f"The stock is empty: the discard pile but its top card is shuffled into a new stock of "
                 f"{len(state.stock)} cards", kind="reshuffle")
        if not state.stock:
            emit(state, "{0} must draw and the stock is empty: the round ends", seat, kind="summary")
            self._end_round(state, None)
            return
        card = state.stock.pop()
        state.hands[seat].append(card)
        state.hands[seat].sort()
        state.drew = True
        state.played[seat] = True
        private(state, seat, "{0} draws " + card_text(card), "{0} draws from the stock", seat, pieces=(card,))

    def _meld(self, state: TenDimeState, seat: int, action: Action) -> None:
        hand = state.hands[seat]
        groups = _groups(action)
        laid = [c for g in groups for c in g.cards]
        for c in laid:
            hand.remove(c)
        rummy.forget_known(state.known[seat], laid)
        for g in groups:
            if g.on is None:
                state.melds.append(Meld(list(g.cards), seat, [seat] * len(g.cards)))
            else:
                state.melds[g.on - 1].add(g.cards, seat)
        first = not state.down[seat]
        state.down[seat] = True
        words = " and ".join(str(g) for g in groups)
        emit(state, "{0} " + ("puts down the required meld: " if first else f"{action.verb}s ") + words, seat,
             pieces=laid, kind="meld")
        if not hand:
            emit(state, "{0} goes out without a discard", seat, kind="summary")
            self._end_round(state, seat)

    def _discard(self, state: TenDimeState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        state.pile.append(card)
        state.passed, state.thrown_by = [seat], seat
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        if not hand:
            emit(state, "{0} goes out", seat, kind="summary")
            self._end_round(state, seat)
            return
        state.turn, state.drew = left_of(seat, state.players), False

    def _end_round(self, state: TenDimeState, out: int | None) -> None:
        scores = rummy.played_out(state.melds, state.hands, VALUES)
        state.last = scores
        notes = [f"seat {s.seat}: {s.words()} [{COUNT.id}]"
                 for s in scores]
        if out is not None:
            notes.append(f"seat {out} went out [{GO_OUT.id}]")
        else:
            ended = EMPTY_STOCK if state.options.empty_stock == END else RESHUFFLE_STOCK
            notes.append(f"nobody went out: the stock ran out [{ended.id}]")
        last = state.round_no == ROUNDS
        if last:
            notes.append(f"after round {ROUNDS} the pot of {_money(state.pot)} goes to the highest score [{POT.id}]")
        state.sheet.add(f"round {state.round_no}", [s.total for s in scores], state.ply + 1, notes)
        for s in scores:
            emit(state, "{0} scores " + s.words(), s.seat, kind="summary")
        state.next_dealer = left_of(state.dealer, state.players)
        state.passed = []
        if last:
            self._pay_the_pot(state)
        else:
            state.phase = Phase.SHOW

    @staticmethod
    def _pay_the_pot(state: TenDimeState) -> None:
        totals = state.sheet.totals
        best = max(totals)
        winners = [s for s in range(state.players) if totals[s] == best]
        share, odd = divmod(state.pot, len(winners))
        for i, s in enumerate(winners):
            state.purse[s] += share + (odd if i == 0 else 0)
        who = " and ".join(f"{{{i}}}" for i in range(len(winners)))
        emit(state, who + f" {'takes' if len(winners) == 1 else 'share'} the pot of {_money(state.pot)} with "
             f"{int(best)} points", *winners, kind="summary")
        state.pot = 0
        state.over = True
        state.phase = Phase.OVER

    # --- what the players see -----------------------------------------------------------------------------
    def hand_no(self, state: TenDimeState) -> int:
        return state.round_no

    def all_cards(self, state: TenDimeState) -> list[Card]:
        return list(deck(state.options.decks))

    def zones(self, state: TenDimeState) -> list[Zone]:
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock),
                rummy.pile_zone(state.pile), *rummy.meld_zones(state.melds, self._meld_label),
                pot_zone(Money(state.pot))]

    @staticmethod
    def _meld_label(n: int, m: Meld) -> str:
        rank = rummy.set_rank(m.cards, is_wild)
        return f"{n}: {rummy.rank_word(rank) if rank is not None else 'cards'} ({len(m.cards)})"

    def facts(self, state: TenDimeState, seat: int | None) -> list[Fact]:
        fs = [fact("round", "Round", FactKind.NUMBER, state.round_no),
              fact("contract", "Required meld", FactKind.TEXT, str(state.contract)),
              per_seat("down", "Meld down", list(state.down), FactKind.FLAG),
              per_seat("dimes", "Dimes", list(state.purse), FactKind.MONEY)]  # the pot is a zone
        if seat is not None and state.phase == Phase.PLAY and not state.down[seat]:
            ready = bool(rummy_contracts.contract_ways(state.hands[seat], state.contract, MELD_RULES, exact=False,
                                                       limit=1))
            fs.append(flag("ready", "Your hand makes the required meld", ready))
        if state.last:
            fs.append(rummy.played_out_fact("last_round", "Last round", state.last))
        return fs

    def prompt(self, state: TenDimeState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.SHOW:
            return f"Round {state.round_no} is scored: deal round {state.round_no + 1}."
        top = state.top()
        offer = f"buy {card_text(top)} for a dime" if top is not None and state.purse[seat] >= DIME else ""
        if seat != state.turn:
            if top is None:
                return ""
            choice = f"You may {offer} or let it go." if offer else f"Let {card_text(top)} go."
            return Prompt("{0} is playing. " + choice, (state.turn,))
        also = f" You may also {offer}." if offer else ""
        if not state.drew:
            return "Draw from the stock." + also
        need = "" if state.down[seat] else " Your first meld must be the required meld."  # named in its fact
        return "Meld or lay off if you wish, then discard (or go out)." + need + also


def _money(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"
