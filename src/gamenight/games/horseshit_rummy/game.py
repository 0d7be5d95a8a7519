"""Horseshit Rummy's state machine: the deal with its face-up cards (each player's sets the size of
their hand, the dealer's the wild rank), the turn (draw from the stock or pick the spread pile down
to a card with a natural pair, meld, lay off, discard), going out, scoring and the game to 1500.

Every move of a turn runs one restriction cascade (``restrictions``), built from the rummy
family's restrictions and the game's own; ``legal_actions`` lists the useful melds and picks (the
full set is combinatorial) through the same cascade, and ``check`` refuses any other with its clause."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.events import emit, private
from gamenight.engine.game import Result, ranked
from gamenight.engine.registry import register
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, per_seat
from gamenight.families import rummy, rummy_contracts, rummy_piles
from gamenight.families.melds import MeldRules
from gamenight.families.rummy import Group, Meld, Restriction
from gamenight.families.rummy_game import Phase, RummyGame, RummyState
from gamenight.games.horseshit_rummy.rules import (
    COUNT,
    DEAL,
    EMPTY_STOCK,
    END,
    GO_OUT,
    MELD,
    NO_STEALING,
    NO_WILD_PICK,
    NOT_WHEN_MELDING,
    OBJECT,
    PICK,
    PICK_PAIR,
    PLAY_ON,
    RESHUFFLE_STOCK,
    SPEC,
    TURN,
    WILD_PICK,
    deck,
    hand_size,
    meld_rules,
    values,
)

VERBS = frozenset({"draw", "dig", "meld", "lay", "discard"})


@dataclass
class HorseshitState(RummyState):
    pile: list[Card] = field(default_factory=list)
    """The discard pile, spread so every card shows, the last discard last."""
    wild_rank: int = 0
    phase: Phase = Phase.PLAY
    drew: bool = False
    turns: int = 0
    """Turns begun this hand: the number of the turn being played."""
    melded_at: list[int | None] = field(default_factory=list)
    """The turn in which each player first melded this hand (None: not yet)."""
    hand_no: int = 0
    last: tuple[rummy.PlayedOut, ...] = ()

    @property
    def rules(self) -> MeldRules:
        return meld_rules(self.wild_rank, self.options.wild_pick)

    @property
    def values(self) -> tuple[int, ...]:
        return values(self.wild_rank, self.options.ace_points)

    def is_wild(self, c: int) -> bool:
        return c & 15 == self.wild_rank

    def may_lay_on(self, seat: int, m: Meld) -> bool:
        """Own melds always; another player's from the turn after your first meld."""
        at = self.melded_at[seat]
        return m.owner == seat or (at is not None and at < self.turns)


def _groups(action: Action) -> list[Group]:
    return rummy.groups_of(action.args[1:] if action.verb == "dig" else action.args)


@register
class HorseshitRummy(RummyGame[HorseshitState]):
    spec = SPEC
    next_deal = (DEAL, "the hand is scored: the next dealer deals")
    state_type = HorseshitState

    # --- dealing ---------------------------------------------------------------------------------
    def _deal(self, state: HorseshitState) -> None:
        n = state.players
        cards = list(deck(state.options.decks))
        state.rng.shuffle(cards)
        order = [left_of(state.dealer, n, k) for k in range(1, n + 1)]
        ups = dict(zip(order, cards))
        state.hands = [[] for _ in range(n)]
        at = n
        for seat in order:
            more = hand_size(ups[seat]) - 1
            state.hands[seat] = sorted([ups[seat], *cards[at:at + more]])
            at += more
        state.stock = cards[at:]
        state.pile = []
        state.known = [[ups[s]] for s in range(n)]
        state.melds = []
        state.wild_rank = ups[state.dealer] & 15
        state.melded_at = [None] * n
        state.hand_no += 1
        state.last = ()
        state.phase = Phase.PLAY
        state.turns = 0
        ups_text = ", ".join(f"{{{i}}} {card_text(ups[s])}" for i, s in enumerate(order))
        emit(state, f"Hand {state.hand_no}: cards turned up {ups_text}; "
             f"{rummy.rank_word(state.wild_rank)} are wild", *order, pieces=[ups[s] for s in order], kind="deal")
        self._start_turn(state, order[0])

    @staticmethod
    def _start_turn(state: HorseshitState, seat: int) -> None:
        state.turn, state.drew = seat, False
        state.turns += 1

    # --- the cascade of a turn ---------------------------------------------------------------------
    def restrictions(self, state: HorseshitState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat``'s turn, in rulebook order."""
        yield rummy.well_formed(TURN)
        yield Restriction(NO_STEALING, lambda a: "wild cards stay in the melds they were laid in"
                          if a.verb == "swap" else None)
        yield Restriction(PICK, lambda a: "pick the pile by digging to a card, with your cards that meld with it"
                          if a.verb == "take" else None)
        yield Restriction(TURN, lambda a: None if a.verb in VERBS else f"there is no '{a.verb}' in Horseshit Rummy")
        yield rummy.draw_first(state.drew, TURN)
        yield rummy.from_hand(state.hands[seat])
        yield from rummy.judged(lambda a: self._judge(state, seat, a), (
            PICK, NO_WILD_PICK, WILD_PICK, rummy.SETS_ONLY, rummy.ONE_NATURAL, MELD, PLAY_ON, NOT_WHEN_MELDING))

    def _judge(self, state: HorseshitState, seat: int, a: Action) -> rummy.Verdict:
        """The clause a pick, meld or lay-off breaks and why (None: it keeps them all)."""
        if a.verb not in ("dig", "meld", "lay"):
            return None
        groups = _groups(a)
        if a.verb == "dig":
            verdict = self._pick_problem(state, a.args[0], groups)
            if verdict is not None:
                return verdict
            groups = [Group((a.args[0], *groups[0].cards))]
        for g in groups:
            if g.on is None:
                verdict = self._set_problem(state, g.cards)
                if verdict is not None:
                    return verdict
        return self._lay_problem(state, seat, [g for g in groups if g.on is not None], first=any(
            g.on is None for g in groups) and state.melded_at[seat] is None)

    @staticmethod
    def _pick_problem(state: HorseshitState, card: Card, groups: Sequence[Group]) -> rummy.Verdict:
        if card not in state.pile:
            return PICK, f"{card_text(card)} is not in the discard pile"
        if len(groups) != 1 or groups[0].on is not None:
            return PICK, f"picking to {card_text(card)} melds it with your matching cards and nothing more: 'dig " \
                         f"{card_text(card)}' and them"
        rank = card & 15
        matching = [c for c in groups[0].cards if c & 15 == rank]
        word = rummy.rank_word(rank)
        if state.is_wild(card):
            if not state.options.wild_pick:
                return NO_WILD_PICK, f"{card_text(card)} is wild: it comes only inside a pile picked down to a " \
                                     f"natural card"
            if len(matching) < PICK_PAIR:
                return WILD_PICK, f"picking to {card_text(card)} takes two more {word} from your hand"
            return None
        if len(matching) < PICK_PAIR:
            return PICK, f"picking to {card_text(card)} takes two natural {word} from your hand"
        return None

    @staticmethod
    def _set_problem(state: HorseshitState, cards: Sequence[Card]) -> rummy.Verdict:
        problem = rummy.meld_problem(cards, state.rules)
        if problem is None:
            return None
        naturals = [c for c in cards if not state.is_wild(c)]
        if len({c & 15 for c in naturals}) > 1:
            return rummy.SETS_ONLY, problem
        if len(cards) < state.rules.min_len:
            return MELD, problem
        return rummy.ONE_NATURAL, problem

    def _lay_problem(self, state: HorseshitState, seat: int, added: Sequence[Group], first: bool
                     ) -> rummy.Verdict:
        grown: dict[int, list[Card]] = {}
        for g in added:
            assert g.on is not None
            if not 1 <= g.on <= len(state.melds):
                n = len(state.melds)
                return PLAY_ON, f"there is no meld {g.on}" + (f": the melds are numbered 1 to {n}" if n else "")
            m = state.melds[g.on - 1]
            if m.owner != seat:
                if state.melded_at[seat] is None and not first:
                    return PLAY_ON, f"meld {g.on} is another player's: you play on it the round after you meld"
                if first or state.melded_at[seat] == state.turns:
                    return NOT_WHEN_MELDING, f"meld {g.on} is another player's and you meld this round"
            before = grown.get(g.on, m.cards)
            problem = rummy.lay_problem(before, g.cards, state.rules)
            if problem is not None:
                verdict = self._set_problem(state, [*before, *g.cards])
                return (verdict[0] if verdict is not None else PLAY_ON), problem
            grown[g.on] = [*before, *g.cards]
        return None

    # --- the moves listed ----------------------------------------------------------------------------
    def _candidates(self, state: HorseshitState, seat: int) -> list[Action]:
        """The useful moves: the draw and every pick a natural pair allows (the pair, or every card of
        the rank held), every discard, the sets the hand makes, and each card that plays on a meld."""
        hand = state.hands[seat]
        if not state.drew:
            out = [rummy.DRAW_STOCK]
            for card in dict.fromkeys(state.pile):
                if state.is_wild(card) and not state.options.wild_pick:
                    continue
                same = [c for c in hand if c & 15 == card & 15]
                if len(same) >= PICK_PAIR:
                    out += [rummy.dig(card, same[:PICK_PAIR]), rummy.dig(card, same)]
            return list(dict.fromkeys(out))
        out = [rummy.discard(c) for c in dict.fromkeys(hand)]
        out += [rummy.meld(m) for m in rummy_contracts.meld_ways(hand, state.rules, rummy.SET)]
        out += rummy_contracts.lay_offs(hand, state.melds, state.rules, lambda m: state.may_lay_on(seat, m))
        return list(dict.fromkeys(out))

    # --- playing ----------------------------------------------------------------------------------------
    def _apply(self, state: HorseshitState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "draw":
            self._draw(state, seat)
        elif verb == "dig":
            self._pick(state, seat, action)
        elif verb in ("meld", "lay"):
            self._meld(state, seat, _groups(action))
            emit(state, "{0} " + f"{action.verb}s " + " and ".join(map(str, _groups(action))), seat,
                 pieces=action.cards, kind="meld")
            self._after_table_play(state, seat)
        elif verb == "discard":
            self._discard(state, seat, action.args[0])

    def _draw(self, state: HorseshitState, seat: int) -> None:
        if not state.stock and state.options.empty_stock != END and rummy_piles.restock(state.stock, state.pile,
                                                                                   state.rng.shuffle):
            emit(state, f"The stock is empty: the discard pile but its top card is shuffled into a new stock of "
                 f"{len(state.stock)} cards", kind="reshuffle")
        if not state.stock:
            emit(state, "{0} must draw and the stock is empty: the hand ends", seat, kind="summary")
            self._end_hand(state, None)
            return
        card = state.stock.pop()
        state.hands[seat].append(card)
        state.hands[seat].sort()
        state.drew = True
        private(state, seat, "{0} draws " + card_text(card), "{0} draws from the stock", seat, pieces=(card,))

    def _pick(self, state: HorseshitState, seat: int, action: Action) -> None:
        card = action.args[0]
        taken = rummy_piles.take_down_to(state.pile, card)
        assert taken is not None
        rest = taken[1:]
        group = _groups(action)[0]
        state.hands[seat] += rest
        state.hands[seat].sort()
        state.known[seat] += rest
        self._meld(state, seat, [group], picked=card)
        state.drew = True
        emit(state, "{0} picks the pile down to " + card_text(card) + ", melding it with " + cards_text(group.cards)
             + (f", and takes {cards_text(rest)}" if rest else ""), seat, pieces=taken, kind="take")
        self._after_table_play(state, seat)

    @staticmethod
    def _meld(state: HorseshitState, seat: int, groups: Sequence[Group], picked: Card | None = None) -> None:
        """Lay the groups' cards from hand; a card ``picked`` from the pile joins the first group."""
        hand = state.hands[seat]
        laid = [c for g in groups for c in g.cards]
        for c in laid:
            hand.remove(c)
        rummy.forget_known(state.known[seat], laid)
        for i, g in enumerate(groups):
            cards = [picked, *g.cards] if picked is not None and i == 0 else list(g.cards)
            if g.on is None:
                state.melds.append(Meld(cards, seat, [seat] * len(cards)))
                if state.melded_at[seat] is None:
                    state.melded_at[seat] = state.turns
            else:
                state.melds[g.on - 1].add(cards, seat)

    def _after_table_play(self, state: HorseshitState, seat: int) -> None:
        if not state.hands[seat]:
            emit(state, "{0} goes out without a discard", seat, kind="summary")
            self._end_hand(state, seat)

    def _discard(self, state: HorseshitState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        state.pile.append(card)
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        if not hand:
            emit(state, "{0} goes out", seat, kind="summary")
            self._end_hand(state, seat)
            return
        self._start_turn(state, left_of(seat, state.players))

    def _end_hand(self, state: HorseshitState, out: int | None) -> None:
        scores = rummy.played_out(state.melds, state.hands, state.values)
        state.last = scores
        notes = [f"seat {s.seat}: {s.words()} [{COUNT.id}]"
                 for s in scores]
        if out is not None:
            notes.append(f"seat {out} went out [{GO_OUT.id}]")
        else:
            ended = EMPTY_STOCK if state.options.empty_stock == END else RESHUFFLE_STOCK
            notes.append(f"nobody went out: the stock ran out [{ended.id}]")
        totals = [t + s.total for t, s in zip(state.sheet.totals, scores)]
        target = state.options.target
        over = max(totals) >= target
        if over:
            notes.append(f"a player has reached {target}: the highest score wins [{OBJECT.id}]")
        state.sheet.add(f"hand {state.hand_no}", [s.total for s in scores], state.ply + 1, notes)
        for s in scores:
            emit(state, "{0} scores " + s.words(), s.seat, kind="summary")
        state.next_dealer = left_of(state.dealer, state.players)
        if over:
            best = max(totals)
            winners = [s for s in range(state.players) if totals[s] == best]
            emit(state, " and ".join(f"{{{i}}}" for i in range(len(winners)))
                 + f" win{'s' if len(winners) == 1 else ''} with {int(best)}", *winners, kind="summary")
            state.over = True
            state.phase = Phase.OVER
            return
        state.phase = Phase.SHOW

    # --- what the players see -----------------------------------------------------------------------------
    def result(self, state: HorseshitState) -> Result:
        return ranked(state.sheet.totals, high_wins=True)

    def all_cards(self, state: HorseshitState) -> list[Card]:
        return list(deck(state.options.decks))

    def zones(self, state: HorseshitState) -> list[Zone]:
        hands = [dataclasses.replace(z, label="Face up: dealt so or picked from the pile") if z.name == "taken" else z
                 for z in rummy.hand_zones(state.hands, state.known)]
        return [*hands, rummy.stock_zone(state.stock),
                rummy.pile_zone(state.pile),
                *rummy.meld_zones(state.melds, self._meld_label(state))]

    @staticmethod
    def _meld_label(state: HorseshitState) -> Any:
        def label(n: int, m: Meld) -> str:
            rank = rummy.set_rank(m.cards, state.is_wild)
            return f"{n}: {rummy.rank_word(rank) if rank is not None else 'wild cards'} ({len(m.cards)})"
        return label

    def facts(self, state: HorseshitState, seat: int | None) -> list[Fact]:
        fs = [fact("wild", "Wild this hand", FactKind.TEXT, rummy.rank_word(state.wild_rank)),
              per_seat("melded", "Melded", ["yes" if at is not None else "not yet" for at in state.melded_at],
                       FactKind.TEXT),
              fact("target", "Game", FactKind.NUMBER, state.options.target)]
        if state.last:
            fs.append(rummy.played_out_fact("last_hand", "Last hand", state.last))
        return fs

    def prompt(self, state: HorseshitState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.SHOW:
            return f"Hand {state.hand_no} is scored: deal the next one."
        wild = rummy.rank_word(state.wild_rank)
        if not state.drew:
            pick = " or dig into the pile down to a card you hold a natural pair of" if state.pile else ""
            return f"Draw from the stock{pick}. {wild.capitalize()} are wild."
        return f"Meld or lay off if you wish, then discard (or go out). {wild.capitalize()} are wild."
