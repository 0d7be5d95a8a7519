"""Euchre (rulebook 000): 24 cards, bowers, ordering up then calling, going alone,
No Ace-No Face, euchres and marches, first team to 10."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, card_text, euchre_deck
from gamenight.core.seats import alternating_teams, left_of
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import UNKNOWN, Clause, IllegalAction, Rules
from gamenight.engine.events import emit, private
from gamenight.engine.game import GameSpec
from gamenight.engine.legality import Step, refuse
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet, team_name
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact, flag
from gamenight.families import tricks
from gamenight.families.tricks import SUIT_WORDS, TrickGame, TrickState

DECK = tuple(euchre_deck())
TEAMS = alternating_teams(4)
NANF_CHOICES = ("automatic", "called", "off")


@dataclass(frozen=True)
class EuchreOptions:
    target: int = option(10, "Points to win: {value}.", minimum=1)
    no_ace_no_face: str = option("automatic", "No Ace-No Face redeal: {value} (off: such hands are played).",
                                 choices=NANF_CHOICES)
    partner_must_go_alone: bool = option(True, "The dealer's partner goes alone to order up: {value}.")


R = "Players and cards"
B = "Making trump"
L = "Play"
S = "Scoring"
DECK_RULE = Clause("euchre.deck", "One deck of cards with all but the aces down to the 9s removed: 24 cards.", R)
PLAYERS = Clause("euchre.players", "Four people play; partners sit opposite each other.", R)
DEAL = Clause("euchre.deal", "Each player is dealt 5 cards and one card is turned face up on the kitty to propose "
              "trump.", R)
DEAL_CUSTOM = Clause("euchre.deal.custom", "The dealer lets the player to the left cut the cards and deals them two "
                     "or more at a time (table custom; the app shuffles and deals).", R)
GOAL = Clause("euchre.goal", "The first team to {target} points wins the game.", R, option="target")
GOAL_MARKERS = Clause("euchre.goal.markers", "Scoring is counted using two fives, uncovering spots as points are "
                      "earned (table custom; the app keeps the score sheet).", R)
BOWERS = Clause("euchre.bowers", "The jack of the trump suit (the right bower) is the highest trump and the jack of "
                "the other suit of the same colour (the left bower) the second highest; then ace, king, queen, 10 "
                "and 9 of trumps. The left bower belongs to the trump suit: it follows trumps and is led as a "
                "trump.", L)
ORDER = Clause("euchre.order", "Beginning with the player on the dealer's left, each player gets a chance to accept "
               "the turned-up suit as trump by telling the dealer to pick the card up (order), or to pass.", B)
DISCARD = Clause("euchre.order.discard", "When ordered up, the dealer adds the turned-up card to their hand and "
                 "discards one card face down on top of the kitty.", B)
PARTNER_ALONE = Clause("euchre.order.partner-alone", "If the partner of the dealer wants the turned-up suit as "
                       "trump, they must go alone; the dealer then sits out and does not pick up the card.", B,
                       option="partner_must_go_alone", when=lambda o: o.partner_must_go_alone)
CALL = Clause("euchre.call", "If the dealer passes too, the card is turned over. Then, beginning with the player to "
              "the dealer's left, each player gets a chance to call any suit as trump except the declined one, or "
              "to pass. As soon as any player calls trump, play begins.", B)
NOT_DECLINED = Clause("euchre.call.not-declined", "The suit that was turned down may not be called.", B)
THROW_IN = Clause("euchre.throw-in", "If everybody passes a second time, everybody throws their cards in and the "
                  "deal passes to the left.", B)
NO_ACE_NO_FACE = Clause("euchre.no-ace-no-face", "No Ace-No Face: if a player is dealt a hand with only 9s and "
                        "10s, everybody's hands are thrown in and the deal passes to the left.", R,
                        option="no_ace_no_face", when=lambda o: o.no_ace_no_face == "automatic")
NO_ACE_NO_FACE_CALLED = Clause("euchre.no-ace-no-face.called", "No Ace-No Face: a player dealt a hand with only 9s "
                               "and 10s may call for everybody's hands to be thrown in, and the deal passes to the "
                               "left; or may play on.", R, option="no_ace_no_face",
                               when=lambda o: o.no_ace_no_face == "called")
ALONE = Clause("euchre.alone", "Going alone: order up the proposed trump or call a suit as usual, and announce that "
               "you are going alone. Your partner puts their cards down and sits out the hand.", B)
ALONE_LEAD = Clause("euchre.alone.lead", "If the person who would have led the hand is sitting out, the next player "
                    "in rotation leads; otherwise the hand is played as normal, minus one person.", L)
LEAD = Clause("euchre.lead", "The player to the left of the dealer leads to the first trick.", L)
"""The book's "you must follow suit if you can" is the family's ``tricks.FOLLOW_SUIT``."""
SCORE_EUCHRE = Clause("euchre.score.euchre", "If the bidding team takes fewer than 3 tricks they are euchred and "
                      "the other team gets 2 points.", S)
SCORE_MADE = Clause("euchre.score.made", "If the bidding team takes 3 or 4 tricks they score 1 point.", S)
SCORE_MARCH = Clause("euchre.score.march", "If the bidding team takes all 5 tricks they score 2 points.", S)
SCORE_ALONE = Clause("euchre.score.alone", "Going alone, taking all five tricks scores double: 4 points. Otherwise "
                     "a lone hand scores the normal amount.", S)

RULES = Rules([
    DECK_RULE, PLAYERS, DEAL, DEAL_CUSTOM, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, GOAL, GOAL_MARKERS, BOWERS,
    ORDER, DISCARD, PARTNER_ALONE, CALL, NOT_DECLINED, THROW_IN, NO_ACE_NO_FACE, NO_ACE_NO_FACE_CALLED, ALONE,
    ALONE_LEAD, LEAD, SCORE_EUCHRE, SCORE_MADE, SCORE_MARCH, SCORE_ALONE,
    *tricks.SHARED_CLAUSES,
])
TEXT_ONLY = (DECK_RULE, PLAYERS, DEAL, DEAL_CUSTOM, tricks.FIRST_DEALER, GOAL_MARKERS, BOWERS, ALONE, ALONE_LEAD,
             LEAD, tricks.HIGHEST_WINS, tricks.TRUMP_WINS, tricks.WINNER_LEADS)
"""Clauses the deal and the play follow without citing them."""


class Phase(StrEnum):
    NO_ACE_NO_FACE = "no ace, no face"
    """A seat dealt only 9s and 10s may call for a redeal (the ``called`` option)."""
    ORDER = "ordering up"
    CALL = "calling trump"
    DISCARD = "discarding"
    PLAY = "play"
    OVER = "over"


SPEC = GameSpec(
    id="euchre", title="Euchre", family="tricks", players=(4,), default_players=4,
    options=EuchreOptions, rules=RULES, source="000",
    summary="Partners make trump with the bowers and take at least three of five tricks. First team to 10.",
    presets={"standard": {}, "called_redeal": {"no_ace_no_face": "called"}},
    teams=lambda n: TEAMS,
    sections=(R, "Dealing", B, L, "Playing the tricks", S),
)

PASS = Action("pass")
ORDER_UP = Action("order")
ORDER_ALONE = Action("order", ("alone",))
REDEAL = Action("redeal")
KEEP = Action("keep")
CALLS = [Action("call", (SUIT_WORDS[s],)) for s in range(4)]
CALLS_ALONE = [Action("call", (SUIT_WORDS[s], "alone")) for s in range(4)]
_ORDER_ALL = (PASS, ORDER_UP, ORDER_ALONE)
_ORDER_PARTNER = (PASS, ORDER_ALONE)
_CALL_ALL = (PASS, *[a for s in range(4) for a in (CALLS[s], CALLS_ALONE[s])])
_CALL_LISTS = {d: tuple(a for a in _CALL_ALL if not a.args or a.args[0] != SUIT_WORDS[d]) for d in range(4)}
_NANF_CHOICES = (REDEAL, KEEP)
_SUIT_LETTERS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


@dataclass
class EuchreState(TrickState):
    kitty: list[Card] = field(default_factory=list)
    """The undealt cards, face down."""
    upcard: Card | None = None
    """The card turned up this hand (everyone saw it)."""
    upcard_on_kitty: bool = True
    """Still face up on the kitty (not picked up, not turned down)."""
    upcard_taken: bool = False
    """Picked up by the dealer."""
    turned_down: int | None = None
    bid_turn: int = 0
    passed: list[int] = field(default_factory=list)
    """Seats that have passed in this round of making trump (each gets one chance a round)."""
    maker: int | None = None
    alone: bool = False
    discard: list[Card] = field(default_factory=list)
    """The dealer's face-down discard."""
    nanf_pending: list[int] = field(default_factory=list)


_ACES_AND_FACES = frozenset(c for c in DECK if c & 15 > 10)


def no_ace_no_face(hand: list[Card]) -> bool:
    """A hand of only 9s and 10s."""
    return _ACES_AND_FACES.isdisjoint(hand)


def team_of(seat: int) -> int:
    return seat & 1


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@register
class Euchre(TrickGame[EuchreState]):
    spec = SPEC
    one_deck = True
    held_hands = True
    indexed_play = True

    def setup(self, players: int, options: Any, rng: random.Random) -> EuchreState:
        state = EuchreState(players=players, options=options, rng=rng,
                            sheet=ScoreSheet.per_team(TEAMS),
                            dealer=rng.randrange(players), deck=list(DECK))
        self._deal(state, 0)
        return state

    def _deal(self, state: EuchreState, ply: int | None = None) -> None:
        """Deal a hand; a No Ace-No Face hand thrown in at once is recorded at ``ply``."""
        mode = state.options.no_ace_no_face
        while True:
            rest = self.start_hand(state, state.deck, 5)
            state.upcard = rest[0]
            state.kitty = rest[1:]
            state.upcard_on_kitty = True
            state.upcard_taken = False
            state.turned_down = None
            state.passed = []
            state.maker = None
            state.alone = False
            state.discard = []
            state.trump = None
            state.bid_turn = left_of(state.dealer, 4)
            state.suit, state.power = tricks.standard_tables(None)
            state.nanf_pending = []
            if state.events is not None:  # the words are built only for a match that keeps them
                emit(state, f"{{0}} deals and turns up {card_text(rest[0])}", state.dealer, pieces=(rest[0],),
                     kind="deal")
            if mode != "off":
                hands = state.hands
                held = [s for s in tricks.bidding_order(state.dealer, 4) if no_ace_no_face(hands[s])]
                if held and mode == "automatic":
                    emit(state, "{0} was dealt no ace and no face: the hands are thrown in", held[0],
                         kind="throw-in")
                    self._throw_in(state, f"seat {held[0]} was dealt no ace and no face: all hands are thrown in "
                                   f"[{NO_ACE_NO_FACE.id}]", ply)
                    continue
                if held:
                    state.nanf_pending = held
                    state.phase = Phase.NO_ACE_NO_FACE
                    return
            state.phase = Phase.ORDER
            return

    def _throw_in(self, state: EuchreState, note: str, ply: int | None = None) -> None:
        state.sheet.add(f"hand {state.hand_no} (thrown in)", (0, 0), state.ply + 1 if ply is None else ply,
                        (note, f"the deal passes to seat {left_of(state.dealer, 4)} [{tricks.DEAL_PASSES_LEFT.id}]"))
        state.dealer = left_of(state.dealer, 4)

    # --- making trump ---------------------------------------------------------------------
    def other_to_act(self, state: EuchreState) -> tuple[int, ...]:
        phase = state.phase
        if phase == Phase.ORDER or phase == Phase.CALL:
            return (state.bid_turn,)
        if phase == Phase.DISCARD:
            return (state.dealer,)
        if phase == Phase.NO_ACE_NO_FACE:
            return (state.nanf_pending[0],)
        return ()

    def making_cascade(self, state: EuchreState, seat: int) -> Iterator[Step[Action]]:
        """Every rule on the moves ``seat`` may make now, before the play: the one authority
        for the moves listed and the refusal of any other."""
        phase = state.phase
        if phase == Phase.ORDER:
            up = card_text(state.upcard) if state.upcard is not None else "the card"
            yield Step(_ORDER_ALL, ORDER, f"now each player in turn orders the dealer to pick up {up} or passes")
            if self.must_go_alone(state, seat):
                yield Step(_ORDER_PARTNER, PARTNER_ALONE, "the dealer's partner may order the dealer up only "
                           "by going alone")
        elif phase == Phase.CALL:
            assert state.turned_down is not None
            yield Step(_CALL_ALL, CALL, "now each player in turn calls a trump suit or passes")
            yield Step(_CALL_LISTS[state.turned_down], NOT_DECLINED,
                       f"{SUIT_WORDS[state.turned_down]} were turned down and may not be called")
        elif phase == Phase.DISCARD:
            up = card_text(state.upcard) if state.upcard is not None else "the card"
            yield Step([Action("discard", (c,)) for c in state.hands[seat]], DISCARD,
                       lambda a: f"you do not hold {a.args[0]}" if a.verb == "discard" and a.args else
                       f"having picked up {up}, the dealer discards one card face down")
        elif phase == Phase.NO_ACE_NO_FACE:
            yield Step(_NANF_CHOICES, NO_ACE_NO_FACE_CALLED, "you were dealt no ace and no face: call for a "
                       "redeal or keep your hand")

    def must_go_alone(self, state: EuchreState, seat: int) -> bool:
        """The dealer's partner, ordering the dealer up, must go alone (if the house plays so)."""
        return bool(state.options.partner_must_go_alone) and seat == left_of(state.dealer, 4, 2)

    def other_legal(self, state: EuchreState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        # ``making_cascade``'s answer (its last step) without building the steps: Euchre's
        # bidding is on the benchmarked path. Same lists, same conditions.
        phase = state.phase
        if phase == Phase.ORDER:
            return list(_ORDER_PARTNER if self.must_go_alone(state, seat) else _ORDER_ALL)
        if phase == Phase.CALL:
            assert state.turned_down is not None
            return list(_CALL_LISTS[state.turned_down])
        if phase == Phase.DISCARD:
            return [Action("discard", (c,)) for c in state.hands[seat]]
        return list(_NANF_CHOICES)

    def other_refusal(self, state: EuchreState, seat: int, action: Action) -> None:
        if state.phase == Phase.DISCARD and action.verb == "discard" and \
                (len(action.args) != 1 or type(action.args[0]) is not Card):
            raise IllegalAction(DISCARD, "discard one card", state.options)
        refuse(self.making_cascade(state, seat), action, state.options, UNKNOWN)

    def off_turn(self, state: EuchreState, seat: int, action: Action) -> None:
        """Bidding again after passing in the same round: each player gets one chance a round."""
        phase = state.phase
        if (phase == Phase.ORDER or phase == Phase.CALL) and seat in state.passed \
                and action.verb in ("order", "call", "pass"):
            clause = ORDER if phase == Phase.ORDER else CALL
            raise IllegalAction(clause, "you have passed: each player gets one chance in this round",
                                state.options)

    def other_apply(self, state: EuchreState, seat: int, action: Action) -> None:
        phase = state.phase
        verb = action.verb
        if phase == Phase.DISCARD:
            card = action.args[0]
            hand = state.hands[seat]
            state.discard = [hand.pop(hand.index(card))]
            private(state, seat, f"{{0}} discards {card_text(card)}", "{0} discards a card face down", seat,
                    pieces=(card,), kind="discard")
            self._start_play(state)
            return
        if phase == Phase.NO_ACE_NO_FACE:
            if verb == "redeal":
                emit(state, "{0} was dealt no ace and no face and calls for a redeal", seat, kind="throw-in")
                self._throw_in(state, f"seat {seat} was dealt no ace and no face and called for a redeal "
                               f"[{NO_ACE_NO_FACE_CALLED.id}]")
                self._deal(state)
            else:
                state.nanf_pending.pop(0)
                if not state.nanf_pending:
                    state.phase = Phase.ORDER
            return
        upcard = state.upcard
        assert upcard is not None
        if verb == "pass":
            state.passed.append(seat)
            if seat != state.dealer:
                emit(state, "{0} passes", seat, kind="bid")
                state.bid_turn = left_of(seat, 4)
            elif phase == Phase.ORDER:
                emit(state, f"{{0}} passes and turns {card_text(upcard)} down", seat, pieces=(upcard,), kind="bid")
                state.turned_down = upcard >> 4
                state.upcard_on_kitty = False
                state.passed = []
                state.phase = Phase.CALL
                state.bid_turn = left_of(seat, 4)
            else:
                emit(state, "{0} passes: everybody has passed twice, the hands are thrown in", seat, kind="bid")
                self._throw_in(state, f"everybody passed twice: the cards are thrown in [{THROW_IN.id}]")
                self._deal(state)
            return
        state.maker = seat
        state.alone = "alone" in action.args
        dealer = state.dealer
        if verb == "order":
            state.trump = upcard >> 4
            if seat == dealer:
                emit(state, f"{{0}} takes up {card_text(upcard)}: {SUIT_WORDS[state.trump]} are trump", seat,
                     pieces=(upcard,), kind="trump")
            else:
                emit(state, f"{{0}} orders {{1}} to pick up {card_text(upcard)}: {SUIT_WORDS[state.trump]} are "
                     "trump", seat, dealer, pieces=(upcard,), kind="trump")
            self._going_alone(state)
            if state.alone and left_of(seat, 4, 2) == dealer:
                self._start_play(state)  # the dealer sits out and does not pick up
            else:
                state.hands[dealer].append(upcard)
                state.hands[dealer].sort()
                state.upcard_on_kitty = False
                state.upcard_taken = True
                state.phase = Phase.DISCARD
        else:
            state.trump = SUIT_WORDS.index(str(action.args[0]))
            emit(state, f"{{0}} names {SUIT_WORDS[state.trump]} trump", seat, kind="trump")
            self._going_alone(state)
            self._start_play(state)

    def _going_alone(self, state: EuchreState) -> None:
        if state.alone:
            assert state.maker is not None
            emit(state, "{0} goes alone: {1} sits out", state.maker, left_of(state.maker, 4, 2), kind="alone")

    def _start_play(self, state: EuchreState) -> None:
        assert state.trump is not None and state.maker is not None
        state.suit, state.power = tricks.bower_tables(state.trump)
        if state.alone:
            state.active[left_of(state.maker, 4, 2)] = False
        state.phase = Phase.PLAY
        state.leader = state.turn = self.next_active(state, state.dealer)

    # --- scoring ---------------------------------------------------------------------------
    def end_hand(self, state: EuchreState) -> None:
        maker = state.maker
        assert maker is not None
        team = team_of(maker)
        partner = left_of(maker, 4, 2)
        won = state.tricks_won[maker] + state.tricks_won[partner]
        pts = [0, 0]
        took = "all 5 tricks" if won == 5 else _plural(won, "trick")
        if won < 3:
            pts[1 - team] = 2
            result, clause = "euchred, 2 to the other team", SCORE_EUCHRE
        elif won < 5:
            pts[team] = 1
            result, clause = "1 point", SCORE_MADE
        elif state.alone:
            pts[team] = 4
            result, clause = "4 points", SCORE_ALONE
        else:
            pts[team] = 2
            result, clause = "2 points", SCORE_MARCH
        who = f"seat {maker} alone" if state.alone else team_name(TEAMS[team])  # the makers took them together
        note = f"{who} took {took}: {result} [{clause.id}]"
        if state.events is not None:
            if state.alone:
                emit(state, f"{{0}}, alone, took {took}: {result}", maker, kind="summary")
            else:
                emit(state, f"{{0}} and {{1}} took {took}: {result}", maker, partner, kind="summary")
        trump = SUIT_WORDS[state.trump or 0]
        notes = [f"{trump} trump", note]
        target = state.options.target
        totals = [t + p for t, p in zip(state.sheet.totals, pts, strict=True)]
        if max(totals) >= target:
            notes.append(f"{team_name(TEAMS[totals.index(max(totals))])} reach {target} [{GOAL.id}]")
        state.sheet.add(f"hand {state.hand_no}", tuple(pts), state.ply + 1, notes)
        if max(totals) >= target:
            state.over = True
            state.phase = Phase.OVER
            return
        state.dealer = left_of(state.dealer, 4)
        self._deal(state)

    # --- what players see ---------------------------------------------------------------------
    def facts(self, state: EuchreState, seat: int | None) -> list[Fact]:
        facts = self.trick_facts(state, seat)
        if state.turned_down is not None and state.trump is None:
            facts.append(fact("turned-down", "Turned down", FactKind.SUIT, SUIT_WORDS[state.turned_down]))
        if state.maker is not None:
            facts.append(fact("maker", "Trump made by", FactKind.SEAT, state.maker))
            if state.alone:
                facts.append(flag("alone", "Going alone", True))
                facts.append(fact("sitting-out", "Sitting out", FactKind.SEAT, left_of(state.maker, 4, 2)))
        return facts

    def zones(self, state: EuchreState) -> list[Zone]:
        zones = self.trick_zones(state)
        zones.append(Zone("kitty", state.kitty, frozenset(), kind=ZoneKind.PILE, label="Kitty"))
        if state.upcard is not None and not state.upcard_taken:
            zones.append(Zone("upcard", [state.upcard], kind=ZoneKind.UPCARD,
                              label="Turned up" if state.upcard_on_kitty else "Turned down"))
        zones.append(Zone("discard", state.discard, frozenset({state.dealer}), owner=state.dealer,
                          kind=ZoneKind.DISCARD, label="Dealer's discard"))
        return zones

    def redact(self, state: EuchreState, seat: int, action: Action, viewer: int | None) -> str:
        if action.verb == "discard" and viewer != seat:
            return "discard a card"
        return str(action)

    def parse(self, text: str) -> Action:
        tokens = text.split()
        if tokens and tokens[0].lower() == "call":
            tokens = [_SUIT_LETTERS.get(t.lower(), t.lower()) for t in tokens]
        return parse_action(" ".join(tokens))

    def prompt(self, state: EuchreState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        phase = state.phase
        if phase == Phase.ORDER:
            assert state.upcard is not None
            up = card_text(state.upcard)
            if seat == state.dealer:
                return f"Pick up {up} as trump (alone or with your partner), or pass."
            if self.must_go_alone(state, seat):
                return Prompt(f"Order {{0}} to pick up {up} and go alone, or pass.", (state.dealer,))
            return Prompt(f"Order {{0}} to pick up {up} (alone or with your partner), or pass.", (state.dealer,))
        if phase == Phase.CALL:
            assert state.turned_down is not None
            return f"Call a trump suit other than {SUIT_WORDS[state.turned_down]} (alone or with your partner), " \
                   "or pass."
        if phase == Phase.DISCARD:
            return "Discard one card face down."
        if phase == Phase.NO_ACE_NO_FACE:
            return "Your hand has no ace and no face: call for a redeal, or keep it."
        return "Play a card."

    def move_words(self, state: EuchreState, seat: int, action: Action) -> str | None:
        if action.verb == "order":
            words = "Pick it up" if seat == state.dealer else "Order it up"
            return words + (" and go alone" if action.args else "")
        if action.verb == "call" and action.args:
            return f"Call {action.args[0]}" + (" and go alone" if "alone" in action.args else "")
        return None
