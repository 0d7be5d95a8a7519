"""Canasta's state machine: the deal with its red threes, the draw or the pile, melding by rank
for the side, "may I go out?", going out, the stock running out, scoring and the game.

Every move of a turn runs one restriction cascade (``restrictions``), built from the rummy
family's restrictions and Canasta's own; ``legal_actions`` lists the useful melds (the full set
is combinatorial) through the same cascade, and ``check`` refuses any other with its clause."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from gamenight.core.cards import Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.events import emit, private
from gamenight.engine.game import Result, ranked
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, flag
from gamenight.families import rummy, rummy_piles
from gamenight.families.rummy import Group, Landing, Meld, Restriction
from gamenight.families.rummy_game import RummyGame, RummyState, deal_hands
from gamenight.games.canasta import cards as cc
from gamenight.games.canasta.rules import (
    ASK,
    ASK_BINDING,
    BLACK_THREES,
    FIRST_MELD_PILE,
    GAME_END,
    GO_OUT,
    MELD,
    MELD_FROM_STOCK,
    MINIMUM,
    NEXT_DEAL,
    PLAY_ON,
    RED_THREES,
    SPEC,
    STOCK_ENDS_HAND,
    STOCK_OUT,
    TEAMS,
    TOP_CARD,
    TURN,
    UNFROZEN,
    WILD_LIMIT,
    WILDS_ALONE,
)
from gamenight.games.canasta.scoring import SideScore, score_side


class Phase(StrEnum):
    DRAW = "draw"
    ASKED = "asked"
    """The player to move asked "may I go out?"; the partner answers."""
    PLAY = "play"
    """Drawn: meld, lay off, discard."""
    SHOW = "show"
    """The hand is scored; the next dealer deals."""
    OVER = "over"


ASK_ACTION = Action("ask")
ANSWERS = (Action("answer", ("yes",)), Action("answer", ("no",)))
ASK_LISTED_AT = 5
"""'ask' is always allowed before the draw; it is listed among the useful moves once the side has a
canasta and the player holds this many cards or fewer (asking earlier only risks the penalty)."""


@dataclass
class CanastaState(RummyState):
    pile: list[Card] = field(default_factory=list)
    red_threes: list[list[Card]] = field(default_factory=lambda: [[], []])
    phase: Phase = Phase.DRAW
    answer: str | None = None
    """This turn's answer to "may I go out?" (None: not asked)."""
    penalties: list[int] = field(default_factory=lambda: [0, 0])
    """Points a side loses this hand for a player told yes who did not go out."""
    melded_before: list[bool] = field(default_factory=lambda: [False] * 4)
    """Whether each seat has put cards on the table in an earlier turn of this hand."""
    played: bool = False
    """Whether the player to move has put cards on the table this turn."""
    joined_old: bool = False
    """Whether this turn added cards to a meld that was on the table before it."""
    melds_at_turn_start: int = 0
    hand_no: int = 0
    last: tuple[SideScore, SideScore] | None = None
    """The last hand's score, side by side (shown until the next deal)."""

    def side(self, seat: int) -> int:
        return seat % 2

    def side_melds(self, side: int) -> list[Meld]:
        return [m for m in self.melds if m.owner == side]

    def has_melded(self, side: int) -> bool:
        return any(m.owner == side for m in self.melds)

    def has_canasta(self, side: int) -> bool:
        return any(cc.canasta_kind(m.cards) for m in self.side_melds(side))


def _partner(seat: int) -> int:
    return (seat + 2) % 4


def _black_threes(group: Group) -> bool:
    """A going-out meld of black threes: three or four of them and nothing else."""
    return all(cc.is_black_three(c) for c in group.cards) and rummy.meld_problem(
        group.cards, cc.BLACK_THREE_RULES) is None


def _groups(action: Action) -> list[Group]:
    args = action.args[1:] if action.verb == "take" else action.args
    return rummy.groups_of(args)


@register
class Canasta(RummyGame[CanastaState]):
    spec = SPEC
    next_deal = (NEXT_DEAL, "the hand is over: deal the next one")
    state_type = CanastaState

    def sheet(self, players: int) -> ScoreSheet:
        return ScoreSheet.per_team(TEAMS)

    # --- dealing ---------------------------------------------------------------------------------
    def _deal(self, state: CanastaState) -> None:
        deck = list(cc.DECK)
        first, stock = deal_hands(state, deck, cc.HAND_SIZE)
        pile = [stock.pop()]
        while cc.turned_up_again(pile[-1]) and stock:
            pile.append(stock.pop())
        state.stock, state.pile = stock, pile
        state.melds = []
        state.red_threes = [[], []]
        state.melded_before = [False] * 4
        state.penalties = [0, 0]
        state.hand_no += 1
        state.last = None
        state.turn = first
        shown = cards_text(pile[:-1])
        emit(state, "{0} deals 11 cards each and turns up " + card_text(pile[-1])
             + (f" (over {shown}, turned up before it)" if shown else ""), state.dealer, pieces=pile, kind="deal")
        for i in range(4):
            self._lay_red_threes(state, (first + i) % 4)
        self._start_turn(state, first)

    def _lay_red_threes(self, state: CanastaState, seat: int) -> None:
        hand = state.hands[seat]
        before = len(hand)
        laid = rummy_piles.lay_bonus_cards(hand, state.stock, cc.is_red_three)
        if not laid:
            return
        hand.sort()
        state.red_threes[state.side(seat)].extend(laid)
        drew = len(hand) - (before - len(laid))
        emit(state, "{0} lays out " + cards_text(laid) + f" and draws {drew} in their place", seat, pieces=laid,
             kind="red-three")

    def _start_turn(self, state: CanastaState, seat: int) -> None:
        state.turn = seat
        state.phase = Phase.DRAW
        state.answer = None
        state.played = False
        state.joined_old = False
        state.melds_at_turn_start = len(state.melds)

    # --- the four questions --------------------------------------------------------------------------
    def to_act(self, state: CanastaState) -> tuple[int, ...]:
        if not state.over and state.phase == Phase.ASKED:
            return (_partner(state.turn),)
        return super().to_act(state)

    def legal_actions(self, state: CanastaState, seat: int) -> list[Action]:
        if state.phase == Phase.ASKED:
            return list(ANSWERS) if seat in self.to_act(state) else []
        return super().legal_actions(state, seat)

    def refusal(self, state: CanastaState, seat: int, action: Action) -> None:
        if state.phase == Phase.ASKED:
            if action not in ANSWERS:
                raise IllegalAction(ASK, "your partner asked whether they may go out: answer yes or no",
                                    state.options)
            return
        super().refusal(state, seat, action)

    # --- the cascade of a turn ---------------------------------------------------------------------
    def restrictions(self, state: CanastaState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat``'s turn, in rulebook order."""
        drew = state.phase == Phase.PLAY
        hand = state.hands[seat]
        side = state.side(seat)
        landings: dict[Action, Landing] = {}

        def landing(a: Action) -> Landing:
            if a not in landings:
                landings[a] = self._landing(state, seat, a)
            return landings[a]

        yield rummy.well_formed(TURN)
        yield Restriction(rummy.TAKE_PILE, lambda a: "in Canasta you take the whole pile, with the cards from your "
                          "hand that meld its top card" if a.verb == "take" and a.args[:1] != ("pile",)
                          else "the discard pile is empty" if a.verb == "take" and not state.pile else None)
        yield Restriction(TURN, self._verb_problem)
        yield rummy.draw_first(drew, TURN, before=("ask",))
        yield Restriction(ASK, lambda a: "you have asked this turn already"
                          if a.verb == "ask" and state.answer is not None else None)
        yield rummy.from_hand(hand)
        yield Restriction(rummy.STOP_CARD, lambda a: self._stopped(state, a))
        yield Restriction(STOCK_OUT, lambda a: self._must_take(state, seat, a))
        yield Restriction(BLACK_THREES, lambda a: self._black_threes(state, seat, a, landing))
        yield Restriction(FIRST_MELD_PILE, lambda a: self._natural_pair(state, side, a, first=True))
        yield Restriction(rummy.FROZEN_PILE, lambda a: self._natural_pair(state, side, a, first=False))
        yield Restriction(UNFROZEN, lambda a: self._top_card(state, side, a))
        yield Restriction(TOP_CARD, lambda a: landing(a).problem if a.verb == "take" else None)
        yield Restriction(WILDS_ALONE, lambda a: landing(a).problem_if(rummy.WILDS_ALONE))
        yield Restriction(MELD_FROM_STOCK, lambda a: landing(a).problem_if(rummy.TARGET))
        yield Restriction(WILD_LIMIT, lambda a: self._wild_limit(state, landing(a)))
        yield Restriction(MELD, lambda a: landing(a).problem)
        yield Restriction(MINIMUM, lambda a: self._minimum(state, side, a))
        yield Restriction(GO_OUT, lambda a: self._going_out(state, seat, a, landing))
        yield Restriction(ASK, lambda a: self._told_no(state, seat, a))

    @staticmethod
    def _verb_problem(a: Action) -> str | None:
        if a.verb in ("draw", "take", "meld", "lay", "discard", "ask"):
            return None
        return f"there is no '{a.verb}' in Canasta"

    def _landing(self, state: CanastaState, seat: int, a: Action) -> Landing:
        """Where a move's cards land on the side's melds (the pile's top card joins the first group)."""
        if a.verb not in ("meld", "lay", "take"):
            return Landing()
        groups = _groups(a)
        if a.verb == "take":
            if not state.pile:
                return Landing()
            top = state.pile[-1]
            first = groups[0] if groups else Group(())
            groups = [Group((*first.cards, top), first.on), *groups[1:]]
        rest = [g for g in groups if not _black_threes(g)]  # a going-out meld of its own (the black-three rule)
        return rummy.land_sets(state.melds, state.side(seat), rest, cc.MELD_RULES)

    @staticmethod
    def _wild_limit(state: CanastaState, landing: Landing) -> str | None:
        """The landing's problem when it is a meld holding more wild cards than the limit."""
        top = cc.MELD_RULES.max_wilds_per_meld or 0
        if landing.fault == rummy.INVALID and any(sum(cc.is_wild(c) for c in m) > top
                                                   for m in landing.melds_after(state.melds)):
            return landing.problem
        return None

    @staticmethod
    def _stopped(state: CanastaState, a: Action) -> str | None:
        if a.verb == "take" and rummy_piles.stopped(state.pile, cc.stops):
            top = state.pile[-1]
            kind = "a black three" if cc.is_black_three(top) else "a wild card"
            return f"{card_text(top)}, {kind}, is on top of the discard pile"
        return None

    def _must_take(self, state: CanastaState, seat: int, a: Action) -> str | None:
        if a != rummy.DRAW_STOCK or state.stock or state.options.after_stock != PLAY_ON:
            return None
        if self._free_take(state, seat):
            top = state.pile[-1]
            return f"the stock is empty and {card_text(top)} matches your side's meld: you must take the pile"
        return None

    def _free_take(self, state: CanastaState, seat: int) -> bool:
        """Whether ``take pile`` alone (its top card laid on the side's meld of its rank) is allowed."""
        plain = rummy.take_pile()
        return not state.over and bool(state.pile) and all(
            r.problem(plain) is None for r in self.restrictions(state, seat)
            if r.clause is not STOCK_OUT and r.clause is not TURN)

    def _black_threes(self, state: CanastaState, seat: int, a: Action,
                      landing: Callable[[Action], Landing]) -> str | None:
        if a.verb not in ("meld", "lay", "take"):
            return None
        groups = _groups(a)
        threes = [g for g in groups if any(cc.is_black_three(c) for c in g.cards)]
        if not threes:
            return None
        if a.verb == "take" or any(g.on is not None or not _black_threes(g) for g in threes) or len(threes) > 1:
            return "black threes are melded only three or four together, without wild cards, when going out"
        if self._cards_left(state, seat, a) > 1:
            return "black threes are melded only by a player going out: meld them as your last cards"
        side = state.side(seat)
        if not (state.has_canasta(side) or any(cc.canasta_kind(m) for m in landing(a).melds_after(state.melds))):
            return "black threes are melded only by a player going out, and your side has no canasta"
        return None

    def _top_card(self, state: CanastaState, side: int, a: Action) -> str | None:
        if a.verb != "take" or _groups(a) or not state.pile:
            return None
        top = state.pile[-1]
        if not any(rummy.set_rank(m.cards, cc.is_wild) == top & 15 for m in state.side_melds(side)):
            return f"your side has no meld of {rummy.rank_word(top & 15)}: name the cards from your hand that meld " \
                   f"{card_text(top)}"
        return None

    def _natural_pair(self, state: CanastaState, side: int, a: Action, first: bool) -> str | None:
        if a.verb != "take" or not state.pile:
            return None
        applies = not state.has_melded(side) if first else rummy_piles.frozen(state.pile, cc.freezes)
        if not applies:
            return None
        top = state.pile[-1]
        groups = _groups(a)
        pair = cc.naturals_of(groups[0].cards, top & 15) if groups else []
        if len(pair) >= 2:
            return None
        why = "your side has not melded this hand" if first else "the pile is frozen"
        return f"{why}: you need two natural {rummy.rank_word(top & 15)} from your hand to take it"

    def _minimum(self, state: CanastaState, side: int, a: Action) -> str | None:
        if a.verb not in ("meld", "lay", "take") or state.has_melded(side):
            return None
        laid = [c for g in _groups(a) for c in g.cards]
        if a.verb == "take" and state.pile:
            laid.append(state.pile[-1])
        worth = cc.value(laid)
        need = self.minimum(state, side)
        if worth < need:
            return f"your side's first meld must be worth {need}; {cards_text(laid)} is worth {worth}"
        return None

    def _cards_left(self, state: CanastaState, seat: int, a: Action) -> int:
        """How many cards ``seat`` will hold after ``a`` (before any discard)."""
        hand = len(state.hands[seat])
        if a.verb == "discard":
            return hand - 1
        if a.verb in ("meld", "lay"):
            return hand - len(a.cards)
        if a.verb == "take":
            return hand - len(a.cards) + max(len(state.pile) - 1, 0)
        return hand + 1

    def _going_out(self, state: CanastaState, seat: int, a: Action,
                   landing: Callable[[Action], Landing]) -> str | None:
        if a.verb not in ("meld", "lay", "take", "discard") or \
                not rummy.commits_to_going_out(self._cards_left(state, seat, a), a):
            return None
        side = state.side(seat)
        if state.has_canasta(side) or any(cc.canasta_kind(m) for m in landing(a).melds_after(state.melds)):
            return None
        return "your side has no canasta yet: keep a card after your discard"

    def _told_no(self, state: CanastaState, seat: int, a: Action) -> str | None:
        if state.answer == "no" and a.verb in ("meld", "lay", "take", "discard") and \
                rummy.commits_to_going_out(self._cards_left(state, seat, a), a):
            return "your partner said no: you may not go out this turn, so keep a card after your discard"
        return None

    # --- the moves listed ----------------------------------------------------------------------------
    def _candidates(self, state: CanastaState, seat: int) -> list[Action]:
        """The useful moves of a turn: every draw, pile takes with the natural pair (and wild cards, and
        every other set in hand toward a first meld), melds of each rank held, wild cards on each meld, the
        black threes, every discard, and the question to the partner when going out is near. The cascade
        keeps the legal ones."""
        hand = state.hands[seat]
        side = state.side(seat)
        melded = state.has_melded(side)
        wilds = sorted((c for c in hand if cc.is_wild(c)), key=lambda c: -cc.VALUES[c])
        by_rank: dict[int, list[Card]] = {}
        for c in hand:
            if not cc.is_wild(c) and c & 15 != 3:
                by_rank.setdefault(c & 15, []).append(c)
        sets = [cs for cs in by_rank.values() if len(cs) >= 3]
        if state.phase == Phase.DRAW:
            out = [rummy.DRAW_STOCK]
            if state.has_canasta(side) and len(hand) <= ASK_LISTED_AT:
                out.append(ASK_ACTION)
            if state.pile:
                top = state.pile[-1]
                same = by_rank.get(top & 15, [])
                firsts: list[list[Card]] = [[]]
                if len(same) >= 2:
                    firsts += [same[:2], same]
                if same and wilds:
                    firsts.append([same[0], wilds[0]])
                if len(same) >= 2 and wilds:
                    firsts.append([*same, *wilds[:1]])
                others = [cs for cs in sets if cs[0] & 15 != top & 15]
                for f in firsts:
                    out.append(rummy.take_pile(f) if f else rummy.take_pile())
                    if f and not melded and others:
                        out.append(rummy.take_pile(f, *others))
            return list(dict.fromkeys(out))
        out = [rummy.discard(c) for c in dict.fromkeys(hand)]
        mine = {rummy.set_rank(m.cards, cc.is_wild): i for i, m in enumerate(state.melds) if m.owner == side}
        groups: list[list[Card]] = []
        for rank, cs in by_rank.items():
            if rank in mine:
                out.append(rummy.meld(cs))
                if len(cs) > 1:
                    out.append(rummy.meld(cs[:1]))
            elif len(cs) >= 3:
                groups.append(cs)
            elif len(cs) == 2 and wilds:
                groups.append([*cs, wilds[0]])
        out += [rummy.meld(g) for g in groups]
        if len(groups) > 1:
            out.append(rummy.meld(*groups))
        for i in mine.values():
            out += [rummy.lay([w], i + 1) for w in dict.fromkeys(wilds)]
        threes = [c for c in hand if cc.is_black_three(c)]
        if len(threes) >= 3:
            out.append(rummy.meld(threes[:4]))
        return list(dict.fromkeys(out))

    # --- playing ----------------------------------------------------------------------------------------
    def _apply(self, state: CanastaState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "ask":
            state.phase = Phase.ASKED
            emit(state, "{0} asks {1}: \"may I go out?\"", seat, _partner(seat), kind="ask")
        elif verb == "answer":
            state.answer = str(action.args[0])
            state.phase = Phase.DRAW
            emit(state, "{0} answers " + state.answer, seat, kind="ask")
        elif verb == "draw":
            self._draw(state, seat)
        elif verb == "take":
            self._take_pile(state, seat, action)
        elif verb in ("meld", "lay"):
            self._meld(state, seat, self._landing(state, seat, action), _groups(action))
            self._after_table_play(state, seat)
        elif verb == "discard":
            self._discard(state, seat, action.args[0])

    def _draw(self, state: CanastaState, seat: int) -> None:
        if not state.stock:
            emit(state, "{0} draws from the empty stock: the play ends", seat, kind="summary")
            self._end_hand(state, None)
            return
        card = state.stock.pop()
        hand = state.hands[seat]
        hand.append(card)
        hand.sort()
        private(state, seat, "{0} draws " + card_text(card), "{0} draws from the stock", seat, pieces=(card,))
        self._lay_red_threes(state, seat)
        if cc.is_red_three(card) and not state.stock:
            emit(state, "{0} drew a red three as the last card of the stock: the play ends", seat, kind="summary")
            self._end_hand(state, None, last_three=True)
            return
        state.phase = Phase.PLAY

    def _take_pile(self, state: CanastaState, seat: int, action: Action) -> None:
        top = state.pile[-1]
        landing = self._landing(state, seat, action)
        groups = _groups(action)
        hand_part = [c for g in groups for c in g.cards]
        self._meld(state, seat, landing, groups, top=top)
        state.pile.pop()
        rest = rummy_piles.take_all(state.pile)
        threes = [c for c in rest if cc.is_red_three(c)]
        rest = [c for c in rest if not cc.is_red_three(c)]
        state.hands[seat].extend(rest)
        state.hands[seat].sort()
        state.known[seat].extend(rest)
        state.red_threes[state.side(seat)].extend(threes)
        emit(state, "{0} takes the discard pile, melding " + card_text(top)
             + (" with " + cards_text(hand_part) if hand_part else "") + (f" and {len(rest)} more cards to hand"
                                                                       if rest else ""),
             seat, pieces=(top, *hand_part, *rest), kind="take")
        if threes:
            emit(state, "{0} lays out " + cards_text(threes) + " from the pile", seat, pieces=threes,
                 kind="red-three")
        state.phase = Phase.PLAY
        self._after_table_play(state, seat)

    def _meld(self, state: CanastaState, seat: int, landing: Landing, groups: Sequence[Group],
              top: Card | None = None) -> None:
        """Put the landed cards on the table (the black threes of a going-out meld as their own meld)."""
        hand = state.hands[seat]
        side = state.side(seat)
        pool = [c for g in groups for c in g.cards]
        for c in pool:
            hand.remove(c)
        rummy.forget_known(state.known[seat], pool)
        state.played = True
        for i, cs in landing.joined.items():
            if i < state.melds_at_turn_start:
                state.joined_old = True
            state.melds[i].add(cs, seat)
        for cs in [*landing.new, *(list(g.cards) for g in groups if _black_threes(g))]:
            state.melds.append(Meld(list(cs), side, [seat] * len(cs)))
        if top is None:
            emit(state, "{0} melds " + " and ".join(str(g) for g in groups), seat, pieces=pool, kind="meld")

    def _after_table_play(self, state: CanastaState, seat: int) -> None:
        if not state.hands[seat]:
            self._go_out(state, seat)

    def _discard(self, state: CanastaState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        state.pile.append(card)
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        if not hand:
            self._go_out(state, seat)
            return
        if state.answer == "yes":
            self._failed_yes(state, seat)
        if state.played:
            state.melded_before[seat] = True
        if not state.stock and state.options.after_stock != PLAY_ON:
            emit(state, "The stock is used up: the play ends", kind="summary")
            self._end_hand(state, None)
            return
        self._start_turn(state, left_of(seat, 4))

    def _failed_yes(self, state: CanastaState, seat: int) -> None:
        penalty = state.options.ask_penalty
        state.penalties[state.side(seat)] += penalty
        emit(state, f"{{0}} was told yes but did not go out: {penalty} points off", seat, kind="summary")

    def _go_out(self, state: CanastaState, seat: int) -> None:
        concealed = not state.melded_before[seat] and not state.joined_old and any(
            cc.canasta_kind(m.cards) for m in state.melds[state.melds_at_turn_start:] if seat in m.by)
        emit(state, "{0} goes out" + (" concealed" if concealed else ""), seat, kind="summary")
        self._end_hand(state, seat, concealed)

    def _end_hand(self, state: CanastaState, out: int | None, concealed: bool = False,
                  last_three: bool = False) -> None:
        scores = tuple(score_side(
            side, [m.cards for m in state.side_melds(side)], state.red_threes[side],
            [c for s in TEAMS[side] for c in state.hands[s]], went_out=out is not None and out % 2 == side,
            concealed=concealed) for side in (0, 1))
        state.last = (scores[0], scores[1])
        notes: list[str] = []
        for sc in scores:
            notes += sc.notes
            emit(state, "{0} and {1}: " + sc.words(), *TEAMS[sc.side], kind="summary")
        if last_three:
            notes.append(f"a red three was the last card of the stock: the play ended [{RED_THREES.id}]")
        elif out is None:
            ended = STOCK_OUT if state.options.after_stock == PLAY_ON else STOCK_ENDS_HAND
            notes.append(f"nobody went out: the play ended with the stock [{ended.id}]")
        points: list[int | float] = [scores[0].total, scores[1].total]
        for side, penalty in enumerate(state.penalties):
            if penalty:
                points[side] -= penalty
                notes.append(f"side {side} was told yes but did not go out: -{penalty} [{ASK_BINDING.id}]")
        totals = [t + p for t, p in zip(state.sheet.totals, points)]
        over = max(totals) >= state.options.target
        if over:
            notes.append(f"a side has reached {state.options.target}: the higher score wins [{GAME_END.id}]")
        state.sheet.add(f"hand {state.hand_no}", points, state.ply + 1, notes)
        state.next_dealer = left_of(state.dealer, 4)
        if over:
            state.over = True
            state.phase = Phase.OVER
            w = 0 if totals[0] > totals[1] else 1
            emit(state, f"{{0}} and {{1}} win the game with {int(totals[w])}", *TEAMS[w], kind="summary")
            return
        state.phase = Phase.SHOW

    def minimum(self, state: CanastaState, side: int) -> int:
        """The side's initial meld minimum this hand, by its score before it."""
        return cc.minimum(int(state.sheet.totals[side]))

    # --- what the players see -----------------------------------------------------------------------------
    def result(self, state: CanastaState) -> Result:
        return ranked(state.sheet.totals, high_wins=True, teams=TEAMS)

    def all_cards(self, state: CanastaState) -> list[Card]:
        return list(cc.DECK)

    def zones(self, state: CanastaState) -> list[Zone]:
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock),
                rummy.pile_zone(state.pile), *rummy.meld_zones(state.melds, self._meld_label, by_team=True,
                                                     closed=lambda m: cc.canasta_kind(m.cards)),
                *rummy.bonus_zones(state.red_threes, "Red threes", by_team=True)]

    @staticmethod
    def _meld_label(n: int, m: Meld) -> str:
        rank = rummy.set_rank(m.cards, cc.is_wild)
        what = rummy.rank_word(rank) if rank is not None else "cards"
        kind = cc.canasta_kind(m.cards)
        if kind:
            return f"{n}: {kind} canasta of {what} (closed, {len(m.cards)} cards)"
        return f"{n}: {what} ({len(m.cards)})"

    def facts(self, state: CanastaState, seat: int | None) -> list[Fact]:
        # the pile's own cards (its top, how many) are its zone's; the facts say what the zone cannot
        fs = [flag("frozen", "The discard pile is frozen", rummy_piles.frozen(state.pile, cc.freezes))]
        totals = state.sheet.totals
        rows = [[f"seats {a} & {b}", str(int(totals[s])), str(self.minimum(state, s)),
                 str(sum(1 for m in state.side_melds(s) if cc.canasta_kind(m.cards))), str(len(state.red_threes[s]))]
                for s, (a, b) in enumerate(TEAMS)]
        fs.append(fact("sides", "Sides", FactKind.TABLE,
                       {"columns": ["Side", "Score", "First meld needs", "Canastas", "Red threes"], "rows": rows}))
        if state.phase == Phase.ASKED:
            fs.append(fact("asking", "Asks \"may I go out?\"", FactKind.SEAT, state.turn))
        elif state.answer is not None:
            fs.append(fact("answer", "Partner's answer", FactKind.TEXT, state.answer))
        if state.last is not None:
            fs.append(fact("last_hand", "Last hand", FactKind.TABLE, {
                "columns": ["Side", "Bonuses", "Cards melded", "Cards in hand", "Total"],
                "rows": [[f"seats {TEAMS[s.side][0]} & {TEAMS[s.side][1]}", str(s.bonus), str(s.melded),
                          str(-s.in_hand), str(s.total)] for s in state.last]}))
        return fs

    def prompt(self, state: CanastaState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.ASKED:
            return Prompt("{0} asks whether your side may go out: answer yes or no (your answer binds).",
                          (state.turn,))
        if state.phase == Phase.SHOW:
            return "The hand is scored: deal the next one."
        if state.phase == Phase.DRAW:
            top = f" ({card_text(state.pile[-1])} on top)" if state.pile else ""
            return (f"Draw from the stock or take the discard pile{top}; you may first ask your partner "
                    "whether you may go out.")
        need = "" if state.has_melded(state.side(seat)) else \
            f" Your side's first meld must be worth {self.minimum(state, state.side(seat))}."
        return "Meld if you wish, then discard." + need
