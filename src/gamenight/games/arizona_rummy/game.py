"""Arizona Rummy's state machine: eleven rounds, a discard pile in front of each player, drawing
from the centre or any player's pile, melding on your own cards, going out with a discard, the
card given to everyone else and their last play, and the count of what is left in hand.

Every move runs one restriction cascade per phase (``restrictions``), built from the rummy
family's restrictions and Arizona Rummy's own; ``legal_actions`` lists the useful melds (the full
set is combinatorial) through the same cascade, and ``check`` refuses any other with its clause.
The last play is simultaneous: everyone but the player who went out plays at once, each until
they say 'done'."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from gamenight.core.cards import Card, card_text, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.events import emit, private
from gamenight.engine.game import Result, ranked
from gamenight.engine.registry import register
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact
from gamenight.families import melds, rummy, rummy_piles
from gamenight.families.melds import MeldRules
from gamenight.families.rummy import Layout, Restriction
from gamenight.families.rummy_game import RummyGame, RummyState, deal_hands
from gamenight.games.arizona_rummy import cards as ac
from gamenight.games.arizona_rummy.rules import (
    COUNT,
    DISCARD_IN_FRONT,
    DRAW,
    END,
    KINDS,
    LAST_PLAY,
    NATURAL,
    OUT,
    OWN,
    SPEC,
    STOCK_OUT,
)


class Phase(StrEnum):
    DRAW = "draw"
    PLAY = "play"
    """Drawn: meld, lay on your own melds, discard."""
    LAST = "last play"
    """Someone went out: the others play what they can, all at once."""
    SHOW = "show"
    """The round is counted; the next dealer deals."""
    OVER = "over"


DONE = Action("done")


@dataclass
class ArizonaState(RummyState):
    piles: list[list[Card]] = field(default_factory=list)
    """Each player's own discard pile, top last."""
    face_down: list[Card] = field(default_factory=list)
    """The discard of the player who went out, face down on their pile."""
    kinds: list[str] = field(default_factory=list)
    """Each meld's kind: set, run, or either while one natural card and wild cards read both ways."""
    phase: Phase = Phase.DRAW
    out: int | None = None
    """Who went out this round."""
    done: list[bool] = field(default_factory=list)
    """In the last play: who has finished."""
    round_no: int = 0

    @property
    def rank(self) -> int:
        """This round's rank: the cards dealt, and the wild cards with the jokers."""
        return ac.rank_of(self.round_no)

    @property
    def rules(self) -> MeldRules:
        return ac.meld_rules(self.rank)


@register
class ArizonaRummy(RummyGame[ArizonaState]):
    spec = SPEC
    next_deal = (COUNT, "the round is counted: the next dealer deals")
    state_type = ArizonaState

    # --- dealing ---------------------------------------------------------------------------------
    def _deal(self, state: ArizonaState) -> None:
        state.round_no += 1
        n, size = state.players, state.rank
        deck = ac.deck(state.options.decks)
        first, state.stock = deal_hands(state, deck, size)
        state.piles = [[] for _ in range(n)]
        state.face_down = []
        state.melds, state.kinds = [], []
        state.out = None
        state.done = [False] * n
        word = rummy.rank_word(size)
        emit(state, f"{{0}} deals round {state.round_no}: {size} cards each, {word} and jokers wild", state.dealer,
             kind="deal")
        self._start_turn(state, first)

    def _start_turn(self, state: ArizonaState, seat: int) -> None:
        state.turn = seat
        state.phase = Phase.DRAW

    # --- the four questions --------------------------------------------------------------------------
    def turn_seats(self, state: ArizonaState) -> tuple[int, ...]:
        if state.phase == Phase.LAST:
            return tuple(s for s in range(state.players) if not state.done[s])
        return (state.turn,)

    # --- the cascade ---------------------------------------------------------------------------------
    def restrictions(self, state: ArizonaState, seat: int) -> Iterator[Restriction]:
        """Every rule on a move of ``seat`` now, in rulebook order."""
        last = state.phase == Phase.LAST
        yield rummy.well_formed(DRAW)
        yield Restriction(LAST_PLAY if last else DRAW, lambda a: _verb_problem(a, last))
        if not last:
            yield rummy.draw_first(state.phase == Phase.PLAY, clause=DRAW)
            if state.phase == Phase.DRAW:
                yield Restriction(DRAW, lambda a: "the centre pile is empty"
                                  if a == rummy.DRAW_STOCK and not state.stock else None)
                yield Restriction(DISCARD_IN_FRONT, lambda a: self._pile_problem(state, a))
                return
        layouts: dict[Action, Layout] = {}

        def laid(a: Action) -> Layout:
            if a not in layouts:
                layouts[a] = self._layout(state, a)
            return layouts[a]

        yield rummy.from_hand(state.hands[seat])
        yield rummy.on_melds(state.melds, lambda m: m.owner == seat, clause=OWN)
        yield rummy.natural_in_each(state.rules.wild_faces, NATURAL)
        yield Restriction(KINDS, lambda a: laid(a).problem)
        if not last:
            yield rummy.keep_a_discard(state.hands[seat], clause=OUT)

    @staticmethod
    def _pile_problem(state: ArizonaState, a: Action) -> str | None:
        """Each player discards in front of them: a card is taken from a named player's pile."""
        if a.verb == "take":
            pile = a.args[1] if len(a.args) > 1 else None
            if pile is None:
                return "name whose pile you take from"
            if not 0 <= pile < state.players:
                return f"there is no seat {pile}"
            if not state.piles[pile]:
                return f"seat {pile}'s discard pile is empty"
        return None

    @staticmethod
    def _layout(state: ArizonaState, a: Action) -> Layout:
        if a.verb not in ("meld", "lay"):
            return Layout()
        return rummy.lay_out([m.cards for m in state.melds], state.kinds, rummy.groups_of(a.args), state.rules)

    # --- the moves listed ----------------------------------------------------------------------------
    def _candidates(self, state: ArizonaState, seat: int) -> list[Action]:
        """The useful moves: the centre pile and every player's pile; then the melds the hand holds (each,
        and all together), single cards on the player's melds, and every discard (in the last play,
        'done' in its place). The cascade keeps the legal ones."""
        if state.phase == Phase.DRAW:
            return [rummy.DRAW_STOCK, *(rummy.take_from(s) for s in range(state.players) if state.piles[s])]
        hand = state.hands[seat]
        rules = state.rules
        out: list[Action] = [DONE] if state.phase == Phase.LAST else [rummy.discard(c) for c in dict.fromkeys(hand)]
        found = [list(m) for m in melds.best_arrangement(hand, rules).melds]
        out += [rummy.meld(rummy.run_order(m, rules) or m) for m in found]
        if len(found) > 1:
            out.append(rummy.meld(*(rummy.run_order(m, rules) or m for m in found)))
        for i, m in enumerate(state.melds):
            if m.owner == seat:
                out += [rummy.lay([c], i + 1) for c in dict.fromkeys(hand)
                        if rummy.lay_out([m.cards], [state.kinds[i]], [rummy.Group((c,), 1)], rules).problem is None]
        return list(dict.fromkeys(out))

    # --- playing ----------------------------------------------------------------------------------------
    def _apply(self, state: ArizonaState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "deal":
            state.dealer = state.next_dealer
            self._deal(state)
        elif verb == "draw":
            card = state.stock.pop()
            self._to_hand(state, seat, card)
            private(state, seat, "{0} draws " + card_text(card) + " from the centre pile",
                    "{0} draws from the centre pile", seat, pieces=(card,), kind="draw")
            state.phase = Phase.PLAY
        elif verb == "take":
            owner = action.args[1]
            card = rummy_piles.take_top(state.piles[owner])
            self._to_hand(state, seat, card)
            state.known[seat].append(card)
            emit(state, "{0} takes " + card_text(card) + " from {1}'s pile", seat, owner, pieces=(card,), kind="take")
            state.phase = Phase.PLAY
        elif verb in ("meld", "lay"):
            self._lay_down(state, seat, action)
        elif verb == "discard":
            self._discard(state, seat, action.cards[0])
        elif verb == "done":
            state.done[seat] = True
            emit(state, "{0} is done", seat, kind="last")
            if all(state.done):
                self._count(state)

    @staticmethod
    def _to_hand(state: ArizonaState, seat: int, card: Card) -> None:
        state.hands[seat].append(card)
        state.hands[seat].sort()

    def _lay_down(self, state: ArizonaState, seat: int, action: Action) -> None:
        layout = self._layout(state, action)
        groups = rummy.groups_of(action.args)
        played = [c for g in groups for c in g.cards]
        for c in played:
            state.hands[seat].remove(c)
        rummy.forget_known(state.known[seat], played)
        rummy.put_down(state.melds, layout, seat, seat, state.kinds)
        emit(state, "{0} " + (f"lays {groups[0]}" if action.verb == "lay" else
                              "melds " + " and ".join(str(g) for g in groups)), seat, pieces=played, kind="meld")
        if state.phase == Phase.LAST and not state.hands[seat]:
            state.done[seat] = True
            if all(state.done):
                self._count(state)

    def _discard(self, state: ArizonaState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        rummy.forget_known(state.known[seat], (card,))
        if not hand:
            state.face_down = [card]
            emit(state, "{0} goes out, placing the last card face down", seat, kind="out")  # the last play follows
            self._go_out(state, seat)
            return
        state.piles[seat].append(card)
        emit(state, "{0} discards " + card_text(card), seat, pieces=(card,), kind="discard")
        if not state.stock:
            emit(state, "The centre pile is used up: the round ends with nobody out", kind="summary", clause=STOCK_OUT)
            self._count(state)
            return
        self._start_turn(state, left_of(seat, state.players))

    def _go_out(self, state: ArizonaState, seat: int) -> None:
        """Each other player is given a card face down, then all of them play what they can."""
        state.out = seat
        state.done = [s == seat for s in range(state.players)]
        for i in range(1, state.players):
            other = left_of(seat, state.players, i)
            if not state.stock:
                break
            card = state.stock.pop()
            self._to_hand(state, other, card)
            private(state, other, "{0} gives {1} " + card_text(card), "{0} gives {1} a card face down", seat, other,
                    pieces=(card,), kind="give")
        state.phase = Phase.LAST

    def _count(self, state: ArizonaState) -> None:
        """The round's row: each player counts back the cards left in hand (nothing for who went out)."""
        points: list[int | float] = [ac.count(h, state.rank) for h in state.hands]
        notes = [f"seat {s}: {len(h)} cards count {points[s]} [{COUNT.id}]" for s, h in enumerate(state.hands) if h]
        for s, h in enumerate(state.hands):
            if h:
                emit(state, "{0} counts back " + cards_text(h) + f": {points[s]}", s, pieces=h, kind="summary")
        if state.out is not None:
            notes.append(f"seat {state.out} went out [{OUT.id}]")
        state.sheet.add(f"round {state.round_no} ({rummy.rank_word(state.rank)})", points, state.ply + 1, notes)
        emit(state, "Round " + str(state.round_no) + " counts " + ", ".join(str(p) for p in points), kind="summary")
        state.next_dealer = left_of(state.dealer, state.players)
        if state.round_no == len(ac.ROUNDS):
            state.over = True
            state.phase = Phase.OVER
            low = min(state.sheet.totals)
            winners = [s for s, t in enumerate(state.sheet.totals) if t == low]
            who = " and ".join("{" + str(i) + "}" for i in range(len(winners)))
            emit(state, f"{who} {'wins' if len(winners) == 1 else 'win'} with the lowest total, {low}",
                 *winners, kind="summary", clause=END)
            return
        state.phase = Phase.SHOW

    # --- what the players see -----------------------------------------------------------------------------
    def result(self, state: ArizonaState) -> Result:
        return ranked(state.sheet.totals, high_wins=False)

    def hand_no(self, state: ArizonaState) -> int:
        return state.round_no

    def redact(self, state: ArizonaState, seat: int, action: Action, viewer: int | None) -> str:
        """The discard that goes out is laid face down: only its player sees which card it was."""
        if action.verb == "discard" and viewer != seat and len(state.hands[seat]) == 1:
            return "discard (face down)"
        return str(action)

    def all_cards(self, state: ArizonaState) -> list[Card]:
        return ac.deck(state.options.decks)

    def zones(self, state: ArizonaState) -> list[Zone]:
        rules = state.rules
        seen = frozenset({state.out}) if state.out is not None else frozenset()
        down = [Zone("face-down", list(state.face_down), seen, owner=state.out, kind=ZoneKind.DISCARD,
                     label="Last discard")]  # drawn as a card back: face down
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock, label="Centre pile"),
                *(rummy.pile_zone(p, owner=s, label="Discard pile") for s, p in enumerate(state.piles)), *down,
                *rummy.meld_zones(state.melds, lambda n, m: rummy.meld_label(n, m.cards, state.kinds[n - 1], rules))]

    def facts(self, state: ArizonaState, seat: int | None) -> list[Fact]:
        word = rummy.rank_word(state.rank)
        return [fact("round", "Round", FactKind.TEXT, f"{state.round_no} of 11: {state.rank} cards, {word} and "
                                                       f"jokers wild")]

    def prompt(self, state: ArizonaState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.SHOW:
            return "The round is counted: deal the next one."
        if state.phase == Phase.LAST:
            return Prompt("{0} went out: play what you can in front of you, then say you are done.", (state.out or 0,))
        if state.phase == Phase.DRAW:
            return "Pick from the centre pile or the top of any player's discard pile."
        return "Meld or add to your own melds, then discard in front of you; keep a card to go out on."

    def move_words(self, state: ArizonaState, seat: int, action: Action) -> str | None:
        if action.verb == "draw":
            return "Draw from the centre pile"
        if action.verb == "take" and len(action.args) > 1 and state.piles[action.args[1]]:
            return f"Take {card_text(state.piles[action.args[1]][-1])} from seat {action.args[1]}'s pile"
        if action.verb == "done":
            return "Done"
        return None


def _verb_problem(a: Action, last: bool) -> str | None:
    allowed = ("meld", "lay", "done") if last else ("draw", "take", "meld", "lay", "discard")
    if a.verb not in allowed:
        return "in the last play you only meld, lay cards on your own melds or say you are done" if last else \
            f"there is no '{a.verb}' in Arizona Rummy"
    if a.verb == "done" and a.args:
        return "saying you are done names no cards"
    return None


__all__ = ["ArizonaRummy", "ArizonaState", "Phase"]
