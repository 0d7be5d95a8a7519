"""Euchre (rulebook 000): 24 cards, bowers, ordering up then calling, going alone,
No Ace-No Face, euchres and marches, first team to 10."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text, euchre_deck
from gamenight.core.seats import alternating_teams, left_of
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
from gamenight.families import tricks
from gamenight.families.tricks import SUIT_WORDS, TrickGame, TrickState

DECK = tuple(euchre_deck())
TEAMS = alternating_teams(4)
NANF_CHOICES = ("automatic", "called", "off")


@dataclass(frozen=True)
class EuchreOptions:
    target: int = option(10, "The first team to {value} points wins the game.", minimum=1)
    no_ace_no_face: str = option(
        "automatic", "No Ace-No Face redeal: {value} (automatic: the hands are thrown in at once; called: the "
        "holder may call for the redeal or play on; off: no redeal).", choices=NANF_CHOICES)
    partner_must_go_alone: bool = option(
        True, "If the dealer's partner orders the dealer up, they must go alone: {value}.")


R = "Players and cards"
B = "Making trump"
L = "Play"
S = "Scoring"
RULES = Rules([
    Clause("euchre.deck", "One deck of cards with all but the aces down to the 9s removed: 24 cards.", R),
    Clause("euchre.players", "Four people play; partners sit opposite each other.", R),
    Clause("euchre.deal", "Each player is dealt 5 cards and one card is turned face up on the kitty to "
           "propose trump.", R),
    Clause("euchre.deal.custom", "The dealer lets the player to the left cut the cards and deals them two or "
           "more at a time (table custom; the app shuffles and deals).", R),
    tricks.FIRST_DEALER,
    tricks.DEAL_PASSES_LEFT,
    Clause("euchre.goal", "The first team to {target} points wins the game.", R, option="target"),
    Clause("euchre.goal.markers", "Scoring is counted using two fives, uncovering spots as points are earned "
           "(table custom; the app keeps the score sheet).", R),
    Clause("euchre.bowers", "The jack of the trump suit (the right bower) is the highest trump and the jack of "
           "the other suit of the same colour (the left bower) the second highest; then ace, king, queen, 10 "
           "and 9 of trumps. The left bower belongs to the trump suit: it follows trumps and is led as a trump.",
           L),
    Clause("euchre.order", "Beginning with the player on the dealer's left, each player gets a chance to accept "
           "the turned-up suit as trump by telling the dealer to pick the card up (order), or to pass.", B),
    Clause("euchre.order.discard", "When ordered up, the dealer adds the turned-up card to their hand and "
           "discards one card face down on top of the kitty.", B),
    Clause("euchre.order.partner-alone", "If the partner of the dealer wants the turned-up suit as trump, they "
           "must go alone; the dealer then sits out and does not pick up the card.", B,
           option="partner_must_go_alone", when=lambda o: o.partner_must_go_alone),
    Clause("euchre.call", "If the dealer passes too, the card is turned over. Then, beginning with the player "
           "to the dealer's left, each player gets a chance to call any suit as trump except the declined one, "
           "or to pass. As soon as any player calls trump, play begins.", B),
    Clause("euchre.call.not-declined", "The suit that was turned down may not be called.", B),
    Clause("euchre.throw-in", "If everybody passes a second time, everybody throws their cards in and the deal "
           "passes to the left.", B),
    Clause("euchre.no-ace-no-face", "No Ace-No Face: if a player is dealt a hand with only 9s and 10s, "
           "everybody's hands are thrown in and the deal passes to the left.", R, option="no_ace_no_face",
           when=lambda o: o.no_ace_no_face == "automatic"),
    Clause("euchre.no-ace-no-face.called", "No Ace-No Face: a player dealt a hand with only 9s and 10s may call "
           "for everybody's hands to be thrown in, and the deal passes to the left; or may play on.", R,
           option="no_ace_no_face", when=lambda o: o.no_ace_no_face == "called"),
    Clause("euchre.alone", "Going alone: order up the proposed trump or call a suit as usual, and announce that "
           "you are going alone. Your partner puts their cards down and sits out the hand.", B),
    Clause("euchre.alone.lead", "If the person who would have led the hand is sitting out, the next player in "
           "rotation leads; otherwise the hand is played as normal, minus one person.", L),
    Clause("euchre.lead", "The player to the left of the dealer leads; you must follow suit if you can.", L),
    Clause("euchre.score.euchre", "If the bidding team takes fewer than 3 tricks they are euchred and the other "
           "team gets 2 points.", S),
    Clause("euchre.score.made", "If the bidding team takes 3 or 4 tricks they score 1 point.", S),
    Clause("euchre.score.march", "If the bidding team takes all 5 tricks they score 2 points.", S),
    Clause("euchre.score.alone", "Going alone, taking all five tricks scores double: 4 points. Otherwise a lone "
           "hand scores the normal amount.", S),
    *tricks.SHARED_CLAUSES,
])

SPEC = GameSpec(
    id="euchre", title="Euchre", family="tricks", players=(4,), default_players=4,
    options=EuchreOptions, rules=RULES, source="000",
    summary="Partners make trump with the bowers and take at least three of five tricks. First team to 10.",
    presets={"standard": {}, "called_redeal": {"no_ace_no_face": "called"}},
    teams=lambda n: TEAMS,
    sections=(R, "Dealing", B, L, "Playing the tricks", S),
)

PASS = Action("pass")
ORDER = Action("order")
ORDER_ALONE = Action("order", ("alone",))
REDEAL = Action("redeal")
KEEP = Action("keep")
CALLS = [Action("call", (SUIT_WORDS[s],)) for s in range(4)]
CALLS_ALONE = [Action("call", (SUIT_WORDS[s], "alone")) for s in range(4)]
_ORDER_ALL = (PASS, ORDER, ORDER_ALONE)
_ORDER_PARTNER = (PASS, ORDER_ALONE)
_CALL_LISTS = {d: (PASS, *[a for s in range(4) if s != d for a in (CALLS[s], CALLS_ALONE[s])]) for d in range(4)}
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
    maker: int | None = None
    alone: bool = False
    discard: list[Card] = field(default_factory=list)
    """The dealer's face-down discard."""
    calls: list[tuple[int, str]] = field(default_factory=list)
    """This hand's bidding, in order: (seat, action text)."""
    nanf_pending: list[int] = field(default_factory=list)


_ACES_AND_FACES = frozenset(c for c in DECK if c & 15 > 10)


def no_ace_no_face(hand: list[Card]) -> bool:
    """A hand of only 9s and 10s."""
    return _ACES_AND_FACES.isdisjoint(hand)


def team_of(seat: int) -> int:
    return seat & 1


@register
class Euchre(TrickGame[EuchreState]):
    spec = SPEC
    one_deck = True

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
            state.maker = None
            state.alone = False
            state.discard = []
            state.calls = []
            state.trump = None
            state.bid_turn = left_of(state.dealer, 4)
            state.suit, state.power = tricks.standard_tables(None)
            state.nanf_pending = []
            if mode != "off":
                hands = state.hands
                held = [s for s in tricks.bidding_order(state.dealer, 4) if no_ace_no_face(hands[s])]
                if held and mode == "automatic":
                    self._throw_in(state, f"seat {held[0]} was dealt no ace and no face: all hands are thrown in "
                                   "[euchre.no-ace-no-face]", ply)
                    continue
                if held:
                    state.nanf_pending = held
                    state.phase = "redeal"
                    return
            state.phase = "order"
            return

    def _throw_in(self, state: EuchreState, note: str, ply: int | None = None) -> None:
        state.sheet.add(f"hand {state.hand_no} (thrown in)", (0, 0), state.ply + 1 if ply is None else ply,
                        (note, f"the deal passes to seat {left_of(state.dealer, 4)} [tricks.deal.rotation]"))
        state.dealer = left_of(state.dealer, 4)

    # --- making trump ---------------------------------------------------------------------
    def other_to_act(self, state: EuchreState) -> tuple[int, ...]:
        phase = state.phase
        if phase == "order" or phase == "call":
            return (state.bid_turn,)
        if phase == "discard":
            return (state.dealer,)
        if phase == "redeal":
            return (state.nanf_pending[0],)
        return ()

    def other_legal(self, state: EuchreState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        phase = state.phase
        if phase == "order":
            if state.options.partner_must_go_alone and seat == left_of(state.dealer, 4, 2):
                return list(_ORDER_PARTNER)
            return list(_ORDER_ALL)
        if phase == "call":
            assert state.turned_down is not None
            return list(_CALL_LISTS[state.turned_down])
        if phase == "discard":
            return [Action("discard", (c,)) for c in state.hands[seat]]
        if phase == "redeal":
            return [REDEAL, KEEP]
        return []

    def explain(self, state: EuchreState, seat: int, action: Action) -> Clause | None:
        phase = state.phase
        if phase == "play":
            return super().explain(state, seat, action)
        if phase == "order":
            if action.verb == "order" and state.options.partner_must_go_alone \
                    and seat == left_of(state.dealer, 4, 2):
                return RULES["euchre.order.partner-alone"]
            return RULES["euchre.order"]
        if phase == "call":
            if action.verb == "call" and action.args and action.args[0] == SUIT_WORDS[state.turned_down or 0]:
                return RULES["euchre.call.not-declined"]
            return RULES["euchre.call"]
        if phase == "discard":
            return RULES["euchre.order.discard"]
        if phase == "redeal":
            return RULES["euchre.no-ace-no-face.called"]
        return None

    def other_apply(self, state: EuchreState, seat: int, action: Action) -> None:
        phase = state.phase
        verb = action.verb
        if phase == "discard":
            card = action.args[0]
            hand = state.hands[seat]
            state.discard = [hand.pop(hand.index(card))]
            self._start_play(state)
            return
        if phase == "redeal":
            if verb == "redeal":
                self._throw_in(state, f"seat {seat} was dealt no ace and no face and called for a redeal "
                               "[euchre.no-ace-no-face.called]")
                self._deal(state)
            else:
                state.nanf_pending.pop(0)
                if not state.nanf_pending:
                    state.phase = "order"
            return
        state.calls.append((seat, str(action)))
        if verb == "pass":
            if seat != state.dealer:
                state.bid_turn = left_of(seat, 4)
            elif phase == "order":
                assert state.upcard is not None
                state.turned_down = state.upcard >> 4
                state.upcard_on_kitty = False
                state.phase = "call"
                state.bid_turn = left_of(seat, 4)
            else:
                self._throw_in(state, "everybody passed twice: the cards are thrown in [euchre.throw-in]")
                self._deal(state)
            return
        state.maker = seat
        state.alone = "alone" in action.args
        if verb == "order":
            assert state.upcard is not None
            state.trump = state.upcard >> 4
            dealer = state.dealer
            if state.alone and left_of(seat, 4, 2) == dealer:
                self._start_play(state)  # the dealer sits out and does not pick up
            else:
                state.hands[dealer].append(state.upcard)
                state.hands[dealer].sort()
                state.upcard_on_kitty = False
                state.upcard_taken = True
                state.phase = "discard"
        else:
            state.trump = SUIT_WORDS.index(str(action.args[0]))
            self._start_play(state)

    def _start_play(self, state: EuchreState) -> None:
        assert state.trump is not None and state.maker is not None
        state.suit, state.power = tricks.bower_tables(state.trump)
        if state.alone:
            state.active[left_of(state.maker, 4, 2)] = False
        state.phase = "play"
        state.leader = state.turn = self.next_active(state, state.dealer)

    # --- scoring ---------------------------------------------------------------------------
    def end_hand(self, state: EuchreState) -> None:
        maker = state.maker
        assert maker is not None
        team = team_of(maker)
        won = state.tricks_won[maker] + state.tricks_won[left_of(maker, 4, 2)]
        pts = [0, 0]
        who = f"seat {maker}" + (" alone" if state.alone else "")
        if won < 3:
            pts[1 - team] = 2
            tricks_text = "1 trick" if won == 1 else f"{won} tricks"
            note = f"{who} took {tricks_text}: euchred, 2 to the other team [euchre.score.euchre]"
        elif won < 5:
            pts[team] = 1
            note = f"{who} took {won} tricks: 1 point [euchre.score.made]"
        elif state.alone:
            pts[team] = 4
            note = f"{who} took all 5 tricks: 4 points [euchre.score.alone]"
        else:
            pts[team] = 2
            note = f"{who} took all 5 tricks: 2 points [euchre.score.march]"
        trump = SUIT_WORDS[state.trump or 0]
        state.sheet.add(f"hand {state.hand_no}", tuple(pts), state.ply + 1, (f"{trump} trump", note))
        if max(state.sheet.totals) >= state.options.target:
            state.over = True
            state.phase = "over"
            return
        state.dealer = left_of(state.dealer, 4)
        self._deal(state)

    # --- views ------------------------------------------------------------------------------
    def view(self, state: EuchreState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        v["teams"] = [list(t) for t in TEAMS]
        v["scores"] = list(state.sheet.totals)
        # Once the dealer has picked the card up it is not shown: whether it was then discarded is secret.
        shown = state.upcard is not None and not state.upcard_taken
        v["upcard"] = card_text(state.upcard) if shown and state.upcard is not None else None
        v["upcard_on_kitty"] = state.upcard_on_kitty
        v["dealer_picked_up"] = state.upcard_taken
        v["turned_down"] = "CDHS"[state.turned_down] if state.turned_down is not None else None
        v["calls"] = [{"seat": s, "call": a} for s, a in state.calls]
        v["maker"] = state.maker
        v["alone"] = state.alone
        v["sitting_out"] = [s for s in range(4) if not state.active[s]]
        v["team_tricks"] = tricks.team_totals(state.tricks_won, TEAMS)
        v["target"] = state.options.target
        if seat is not None and seat == state.dealer and state.discard:
            v["discard"] = [card_text(c) for c in state.discard]
        if state.phase == "redeal":
            v["no_ace_no_face"] = state.nanf_pending[0]
        return v

    def zones(self, state: EuchreState) -> list[Zone]:
        zones = self.trick_zones(state)
        zones.append(Zone("kitty", state.kitty, frozenset()))
        if state.upcard is not None and not state.upcard_taken:
            zones.append(Zone("upcard", [state.upcard]))
        zones.append(Zone("discard", state.discard, frozenset({state.dealer})))
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

    def prompt(self, state: EuchreState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        phase = state.phase
        if phase == "order":
            up = card_text(state.upcard) if state.upcard is not None else "?"
            if seat == state.dealer:
                return f"Pick up {up} as trump ('order' or 'order alone') or pass."
            return f"Order the dealer to pick up {up} ('order' or 'order alone') or pass."
        if phase == "call":
            return "Call a trump suit ('call hearts', 'call hearts alone') or pass."
        if phase == "discard":
            return "Discard one card face down."
        if phase == "redeal":
            return "Your hand has no ace and no face: 'redeal' to throw the hands in, or 'keep'."
        return "Play a card."
