"""Hand and Foot's state machine: four rounds, each dealt as a hand and a foot per player; the
draw of two or the pile picked with a natural pair; sets toward red, black and wild canastas that
close at seven; the foot taken up when the hand is used; going out with the canastas the team
needs; the stock running out; the score of each round.

Every move of a turn runs one restriction cascade (``restrictions``), built from the rummy
family's restrictions and the game's own; ``legal_actions`` lists the useful moves through it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from gamenight.core.cards import Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.events import emit, private
from gamenight.engine.game import Result, Teams, ranked
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact
from gamenight.families import rummy, rummy_piles
from gamenight.families.rummy import Group, Landing, Meld, Restriction
from gamenight.families.rummy_game import Phase, RummyGame, RummyState, deal_hands
from gamenight.games.hand_and_foot import cards as hf
from gamenight.games.hand_and_foot.rules import (
    BLACK_THREES,
    DRAW_TWO,
    MINIMUM,
    NEED_CANASTAS,
    NEXT_ROUND,
    OUT,
    PAIR_AND_TOP,
    PICK_PILE,
    SETS_ONLY,
    SEVENS,
    SPEC,
    STOCK_OUT,
    teams,
)
from gamenight.games.hand_and_foot.scoring import RoundScore, score_side

NEEDED = (hf.RED, hf.BLACK, hf.WILD_KIND)


@dataclass
class HandFootState(RummyState):
    feet: list[list[Card]] = field(default_factory=list)
    in_foot: list[bool] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)
    red_threes: list[list[Card]] = field(default_factory=lambda: [[], []])
    phase: Phase = Phase.DRAW
    round_no: int = 0
    last: tuple[RoundScore, RoundScore] | None = None

    @property
    def teams(self) -> Teams:
        return teams(self.players)

    def side(self, seat: int) -> int:
        return seat % 2

    def side_melds(self, side: int) -> list[Meld]:
        return [m for m in self.melds if m.owner == side]

    def has_melded(self, side: int) -> bool:
        return any(m.owner == side for m in self.melds)


def _groups(action: Action) -> list[Group]:
    return rummy.groups_of(action.args[1:] if action.verb == "take" else action.args)


def _black_three_discard(a: Action) -> bool:
    return a.verb == "discard" and len(a.args) > 1 and all(isinstance(c, Card) and hf.is_black_three(c)
                                                          for c in a.args)


@register
class HandAndFoot(RummyGame[HandFootState]):
    spec = SPEC
    next_deal = (NEXT_ROUND, "the round is over: deal the next one")
    state_type = HandFootState

    def sheet(self, players: int) -> ScoreSheet:
        return ScoreSheet.per_team(teams(players))

    # --- dealing ---------------------------------------------------------------------------------------
    def _deal(self, state: HandFootState) -> None:
        n = state.players
        deck = list(hf.pack(n))
        first, rest = deal_hands(state, deck, hf.HAND)
        state.feet = [[] for _ in range(n)]
        for i in range(n):
            state.feet[(first + i) % n] = rest[i * hf.FOOT:(i + 1) * hf.FOOT]
        stock = rest[n * hf.FOOT:]
        pile = [stock.pop()]
        while hf.is_wild(pile[-1]) and stock:
            pile.append(stock.pop())
        state.stock, state.pile = stock, pile
        state.in_foot = [False] * n
        state.melds = []
        state.red_threes = [[], []]
        state.round_no += 1
        state.last = None
        covered = cards_text(pile[:-1])
        emit(state, f"{{0}} deals round {state.round_no}: 15 cards in each hand, 13 in each foot; "
             + card_text(pile[-1]) + " is turned up" + (f" over {covered}" if covered else ""), state.dealer,
             pieces=pile, kind="deal")
        for i in range(n):
            self._lay_red_threes(state, (first + i) % n)
        self._start_turn(state, first)

    def _lay_red_threes(self, state: HandFootState, seat: int) -> None:
        hand = state.hands[seat]
        before = len(hand)
        laid = rummy_piles.lay_bonus_cards(hand, state.stock, hf.is_red_three)
        if laid:
            rummy.forget_known(state.known[seat], laid)
            hand.sort()
            state.red_threes[state.side(seat)].extend(laid)
            drew = len(hand) - (before - len(laid))
            emit(state, "{0} lays out " + cards_text(laid) + f" and draws {drew} in their place", seat,
                 pieces=laid, kind="red-three")

    def _start_turn(self, state: HandFootState, seat: int) -> None:
        state.turn = seat
        state.phase = Phase.DRAW

    # --- the cascade of a turn ------------------------------------------------------------------------------
    def restrictions(self, state: HandFootState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat``'s turn, in rulebook order."""
        hand = state.hands[seat]
        side = state.side(seat)
        landings: dict[Action, Landing] = {}

        def landing(a: Action) -> Landing:
            if a not in landings:
                landings[a] = self._landing(state, seat, a)
            return landings[a]

        yield Restriction(DRAW_TWO, lambda a: None if _black_three_discard(a) else self._words(a))
        yield rummy.draw_first(state.phase == Phase.PLAY, DRAW_TWO)
        yield rummy.from_hand(hand)
        yield Restriction(rummy.STOP_CARD, lambda a: self._stopped(state, a))
        yield Restriction(PICK_PILE, lambda a: self._pair(state, a))
        yield Restriction(BLACK_THREES, lambda a: self._black_threes(state, seat, a))
        yield Restriction(PAIR_AND_TOP, lambda a: landing(a).problem if a.verb == "take" else None)
        yield Restriction(SETS_ONLY, lambda a: landing(a).problem)
        yield Restriction(MINIMUM, lambda a: self._minimum(state, side, a))
        yield Restriction(NEED_CANASTAS, lambda a: self._going_out(state, seat, a, landing, sevens=False))
        yield Restriction(SEVENS, lambda a: self._going_out(state, seat, a, landing, sevens=True))

    @staticmethod
    def _words(a: Action) -> str | None:
        problem = rummy.well_formed(DRAW_TWO).problem(a)
        if problem is not None:
            return problem
        if a.verb in ("draw", "meld", "lay", "discard") or (a.verb == "take" and a.args[:1] == ("pile",)):
            return None
        if a.verb == "take":
            return "the pile is picked whole, with the natural pair matching its top card"
        return f"there is no '{a.verb}' in Hand and Foot"

    def _landing(self, state: HandFootState, seat: int, a: Action) -> Landing:
        """Where a move's cards land on the side's melds (the pile's top card joins the pair)."""
        if a.verb not in ("meld", "lay", "take") or (a.verb == "take" and not state.pile):
            return Landing()
        groups = _groups(a)
        if any(hf.is_black_three(c) for g in groups for c in g.cards):
            return Landing()  # the black-three rule refuses it
        if a.verb == "take":
            first = groups[0] if groups else Group(())
            groups = [Group((*first.cards, state.pile[-1]), first.on), *groups[1:]]
        return rummy.land_sets(state.melds, state.side(seat), groups, hf.MELD_RULES, closes_at=hf.CANASTA,
                               wild_sets=True)

    @staticmethod
    def _stopped(state: HandFootState, a: Action) -> str | None:
        if a.verb == "take" and rummy_piles.stopped(state.pile, hf.stops):
            top = state.pile[-1]
            return f"{card_text(top)}, {'a black three' if hf.is_black_three(top) else 'a wild card'}, has " \
                   "frozen the pile"
        if a.verb == "take" and not state.pile:
            return "the discard pile is empty"
        return None

    @staticmethod
    def _pair(state: HandFootState, a: Action) -> str | None:
        if a.verb != "take" or not state.pile:
            return None
        top = state.pile[-1]
        groups = _groups(a)
        pair = list(groups[0].cards) if groups else []
        if len(pair) == 2 and hf.naturals_of(pair, top & 15) == pair:
            return None
        return f"pick the pile with a natural pair of {rummy.rank_word(top & 15)} from your hand, and nothing " \
               "else with them"

    def _black_threes(self, state: HandFootState, seat: int, a: Action) -> str | None:
        if a.verb in ("meld", "lay", "take") and any(hf.is_black_three(c) for c in a.cards):
            return "black threes are never melded"
        if not _black_three_discard(a):
            return None
        hand = state.hands[seat]
        if not state.in_foot[seat]:
            return "black threes go out together only from your foot"
        if len(a.cards) < 6 or len(a.cards) != len(hand):
            return "6 or more black threes go together only as your final discard: all your cards must be them"
        return self._out_problem(state, state.side(seat), [], sevens=False) or \
            self._out_problem(state, state.side(seat), [], sevens=True)

    def _minimum(self, state: HandFootState, side: int, a: Action) -> str | None:
        if a.verb not in ("meld", "lay", "take") or state.has_melded(side):
            return None
        laid = [c for g in _groups(a) for c in g.cards]
        if a.verb == "take":
            laid.append(state.pile[-1])
        worth = hf.value(laid)
        need = self.minimum(state)
        if worth < need:
            return f"your side's first meld this round must be worth {need}; {cards_text(laid)} is worth {worth}"
        return None

    @staticmethod
    def _cards_left(state: HandFootState, seat: int, a: Action) -> int:
        """How many cards ``seat`` will hold after ``a``."""
        hand = len(state.hands[seat])
        if a.verb in ("meld", "lay", "discard"):
            return hand - len(a.cards)
        if a.verb == "take":
            return hand - len(a.cards) + len(state.pile) - 1
        return hand + 2

    def _going_out(self, state: HandFootState, seat: int, a: Action, landing: Callable[[Action], Landing],
                   sevens: bool) -> str | None:
        """In the foot, a move that would use the last card (or leave none to discard) needs the canastas."""
        if not state.in_foot[seat] or a.verb not in ("meld", "lay", "take", "discard") or _black_three_discard(a):
            return None
        left = self._cards_left(state, seat, a)
        if not rummy.commits_to_going_out(left, a):
            return None
        made = landing(a).melds_after(state.melds) if a.verb != "discard" else []
        problem = self._out_problem(state, state.side(seat), made, sevens)
        if problem is None:
            return None
        return problem + (": keep a card to discard" if left == 1 else "")

    def _out_problem(self, state: HandFootState, side: int, made: list[list[Card]], sevens: bool) -> str | None:
        melds = [m.cards for m in state.side_melds(side)] + made
        kinds = {hf.canasta_kind(m) for m in melds}
        if sevens:
            if state.options.sevens_canasta and not any(hf.canasta_kind(m) and rummy.set_rank(m, hf.is_wild) == 7
                                                        for m in melds):
                return "your team has no canasta of 7s yet"
            return None
        lacking = [hf.CANASTA_NAMES[k] for k in NEEDED if k not in kinds]
        if lacking:
            return f"your team still needs a {', a '.join(lacking)} canasta to go out"
        return None

    # --- the moves listed ------------------------------------------------------------------------------------
    def _candidates(self, state: HandFootState, seat: int) -> list[Action]:
        """The useful moves of a turn: the draw, the pile picked with each natural pair (with the other sets
        in hand toward a first meld), melds of each rank held, wild cards on the side's melds or on their own,
        every discard. The cascade keeps the legal ones."""
        hand = state.hands[seat]
        side = state.side(seat)
        wilds = [c for c in hand if hf.is_wild(c)]
        by_rank: dict[int, list[Card]] = {}
        for c in hand:
            if not hf.is_wild(c) and c & 15 != 3:
                by_rank.setdefault(c & 15, []).append(c)
        sets = [cs for cs in by_rank.values() if len(cs) >= 3]
        if state.phase == Phase.DRAW:
            out = [rummy.DRAW_STOCK]
            if state.pile:
                same = by_rank.get(state.pile[-1] & 15, [])
                if len(same) >= 2:
                    out.append(rummy.take_pile(same[:2]))
                    others = [cs for cs in sets if cs is not same]
                    if others and not state.has_melded(side):
                        out.append(rummy.take_pile(same[:2], *others))
            return out
        out = [rummy.discard(c) for c in dict.fromkeys(hand)]
        threes = [c for c in hand if hf.is_black_three(c)]
        if len(threes) >= 6 and len(threes) == len(hand):
            out.append(Action("discard", tuple(threes)))
        open_melds = [(i, m) for i, m in enumerate(state.melds) if m.owner == side and len(m.cards) < hf.CANASTA]
        ranks = {rummy.set_rank(m.cards, hf.is_wild) for _, m in open_melds}
        groups: list[list[Card]] = []
        for rank, cs in by_rank.items():
            if rank in ranks:
                out.append(rummy.meld(cs[:1]))
                out.append(rummy.meld(cs))
            elif len(cs) >= 3:
                groups.append(cs[:hf.CANASTA])
            elif len(cs) == 2 and wilds:
                groups.append([*cs, wilds[0]])
        if len(wilds) >= 3:
            groups.append(wilds[:3])
        out += [rummy.meld(g) for g in groups]
        if len(groups) > 1:
            out.append(rummy.meld(*groups))
        for i, _ in open_melds:
            out += [rummy.lay([w], i + 1) for w in dict.fromkeys(wilds)]
        return list(dict.fromkeys(out))

    # --- playing ------------------------------------------------------------------------------------------------
    def _apply(self, state: HandFootState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "draw":
            drawn = rummy_piles.draw_cards(state.stock, 2)
            state.hands[seat].extend(drawn)
            state.hands[seat].sort()
            private(state, seat, "{0} draws " + cards_text(drawn), f"{{0}} draws {len(drawn)} from the stock", seat,
                    pieces=drawn, kind="draw")
            self._lay_red_threes(state, seat)
            if not state.stock:
                emit(state, "The stock is out of cards: the round is over", kind="summary")
                self._end_round(state, None)
                return
            state.phase = Phase.PLAY
        elif verb == "take":
            self._take_pile(state, seat, action)
        elif verb in ("meld", "lay"):
            landing = self._landing(state, seat, action)
            pool = list(action.cards)
            self._lay(state, seat, landing, pool)
            emit(state, "{0} melds " + " and ".join(str(g) for g in _groups(action)), seat, pieces=pool,
                 kind="meld")
            self._hand_used(state, seat, by_discard=False)
        elif verb == "discard":
            self._discard(state, seat, list(action.cards))

    def _lay(self, state: HandFootState, seat: int, landing: Landing, from_hand: list[Card]) -> None:
        hand = state.hands[seat]
        for c in from_hand:
            hand.remove(c)
        rummy.forget_known(state.known[seat], from_hand)
        side = state.side(seat)
        for i, cs in landing.joined.items():
            state.melds[i].add(cs, seat)
        for cs in landing.new:
            state.melds.append(Meld(list(cs), side, [seat] * len(cs)))

    def _take_pile(self, state: HandFootState, seat: int, action: Action) -> None:
        top = state.pile[-1]
        landing = self._landing(state, seat, action)
        pair = list(action.cards)
        self._lay(state, seat, landing, pair)
        state.pile.pop()
        rest = rummy_piles.take_all(state.pile)
        state.hands[seat].extend(rest)
        state.hands[seat].sort()
        state.known[seat].extend(rest)
        emit(state, "{0} picks the pile, melding " + card_text(top) + " with " + cards_text(pair)
             + (f", and takes {len(rest)} more cards" if rest else ""), seat, pieces=(top, *pair, *rest),
             kind="take")
        self._lay_red_threes(state, seat)
        state.phase = Phase.PLAY
        self._hand_used(state, seat, by_discard=False)

    def _discard(self, state: HandFootState, seat: int, thrown: list[Card]) -> None:
        hand = state.hands[seat]
        for c in thrown:
            hand.remove(c)
        rummy.forget_known(state.known[seat], thrown)
        state.pile.extend(thrown)
        emit(state, "{0} discards " + cards_text(thrown), seat, pieces=thrown, kind="discard")
        if not hand and self._hand_used(state, seat, by_discard=True):
            return
        if not state.stock:
            emit(state, "The stock is out of cards: the round is over", kind="summary")
            self._end_round(state, None)
            return
        self._start_turn(state, left_of(seat, state.players))

    def _hand_used(self, state: HandFootState, seat: int, by_discard: bool) -> bool:
        """The hand is used up: go out from the foot, or pick the foot up (True: the round is over)."""
        if state.hands[seat]:
            return False
        if state.in_foot[seat]:
            emit(state, "{0} goes out", seat, kind="summary")
            self._end_round(state, seat)
            return True
        state.in_foot[seat] = True
        state.hands[seat] = sorted(state.feet[seat])
        state.feet[seat] = []
        private(state, seat, "{0} picks up their foot: " + cards_text(state.hands[seat]), "{0} picks up their foot",
                seat, pieces=state.hands[seat], kind="foot")
        self._lay_red_threes(state, seat)
        return False

    def _end_round(self, state: HandFootState, out: int | None) -> None:
        sides = state.teams
        scores = tuple(score_side(
            side, [m.cards for m in state.side_melds(side)], state.red_threes[side],
            [c for s in sides[side] for c in (*state.hands[s], *state.feet[s])],
            went_out=out is not None and state.side(out) == side) for side in (0, 1))
        state.last = (scores[0], scores[1])
        notes = [n for sc in scores for n in sc.notes]
        if out is None:
            notes.append(f"the stock ran out: nobody went out [{STOCK_OUT.id}]")
        else:
            notes.append(f"seat {out} went out from the foot [{OUT.id}]")
        last = state.round_no >= hf.ROUNDS
        if last:
            notes.append(f"four rounds are played: the high score wins [{NEXT_ROUND.id}]")
        state.sheet.add(f"round {state.round_no}", [scores[0].total, scores[1].total], state.ply + 1, notes)
        for sc in scores:
            emit(state, "Side " + " & ".join(f"{{{i}}}" for i in range(len(sides[sc.side])))
                 + f": the Over {sc.over}, the Under {sc.under}, cards left -{sc.held}: {sc.total}",
                 *sides[sc.side], kind="summary")
        state.next_dealer = left_of(state.dealer, state.players)
        if last:
            state.over = True
            state.phase = Phase.OVER
            return
        state.phase = Phase.SHOW

    def minimum(self, state: HandFootState) -> int:
        return hf.MINIMUMS[min(state.round_no, hf.ROUNDS) - 1]

    # --- what the players see ---------------------------------------------------------------------------------
    def result(self, state: HandFootState) -> Result:
        return ranked(state.sheet.totals, high_wins=True, teams=state.teams)

    def hand_no(self, state: HandFootState) -> int:
        return state.round_no

    def all_cards(self, state: HandFootState) -> list[Card]:
        return list(hf.pack(state.players))

    def zones(self, state: HandFootState) -> list[Zone]:
        feet = [Zone(f"foot-{s}", foot, frozenset(), owner=s, kind=ZoneKind.PILE, label="Foot (face down)")
                for s, foot in enumerate(state.feet)]
        return [*rummy.hand_zones(state.hands, state.known), *feet, rummy.stock_zone(state.stock),
                rummy.pile_zone(state.pile), *rummy.meld_zones(state.melds, self._meld_label, by_team=True,
                                                                      closed=lambda m: hf.canasta_kind(m.cards)),
                *rummy.bonus_zones(state.red_threes, "Red threes", by_team=True)]

    @staticmethod
    def _meld_label(n: int, m: Meld) -> str:
        kind = hf.canasta_kind(m.cards)
        rank = rummy.set_rank(m.cards, hf.is_wild)
        what = rummy.rank_word(rank) if rank is not None else "wild cards"
        if kind:
            return f"{n}: {hf.CANASTA_NAMES[kind]} canasta of {what} (closed)"
        return f"{n}: {what} ({len(m.cards)})"

    def facts(self, state: HandFootState, seat: int | None) -> list[Fact]:
        fs = [fact("frozen", "The pile is frozen", FactKind.FLAG, rummy_piles.stopped(state.pile, hf.stops))]
        fs.append(fact("round", "Round", FactKind.NUMBER, state.round_no))
        fs.append(fact("minimum", "First meld needs", FactKind.NUMBER, self.minimum(state)))
        sides = state.teams
        rows = []
        for side, members in enumerate(sides):
            kinds = [hf.canasta_kind(m.cards) for m in state.side_melds(side)]
            rows.append([" & ".join(f"seat {s}" for s in members), str(int(state.sheet.totals[side])),
                         "yes" if state.has_melded(side) else "no",
                         *(str(kinds.count(k)) for k in NEEDED), str(len(state.red_threes[side]))])
        fs.append(fact("sides", "Sides", FactKind.TABLE, {
            "columns": ["Side", "Score", "Melded", "Red canastas", "Black canastas", "Wild canastas", "Red threes"],
            "rows": rows}))
        fs.append(fact("in_foot", "Playing their foot", FactKind.SEATS,
                       [s for s in range(state.players) if state.in_foot[s]]))
        return fs

    def prompt(self, state: HandFootState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.SHOW:
            return "The round is scored: deal the next one."
        if state.phase == Phase.DRAW:
            return "Draw two cards from the stock, or pick the pile with a natural pair matching its top card."
        need = "" if state.has_melded(state.side(seat)) else \
            f" Your side's first meld this round must be worth {self.minimum(state)}."
        return "Meld if you wish, then discard." + need
