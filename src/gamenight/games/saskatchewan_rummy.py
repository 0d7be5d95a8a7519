"""Saskatchewan Rummy (rulebook 000): five no-trump trick rounds whose penalties are paid
into a pot (tricks, hearts, queens, the king of clubs, the last trick), then PayDay, a
sevens layout where the first player out takes half the pot and the second and third
divide the rest. Amounts are kept in cents; the score sheet shows each player's net.
3 to 13 players: the 2s and 3s removed to even the hands cover that many."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, card_text, cards_text, code, standard_deck
from gamenight.core.chips import Money
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import UNKNOWN, Clause, IllegalAction, Rules
from gamenight.engine.events import emit
from gamenight.engine.game import GameSpec
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, per_seat, pot_zone
from gamenight.families import stops, tricks
from gamenight.families.stops import Layout, StopsRules
from gamenight.families.tricks import TrickGame, TrickState

DECK = tuple(standard_deck())
HEARTS, CLUBS = 2, 0
QUEEN, KING = 12, 13
KING_OF_CLUBS = code(KING, CLUBS)
PASS = Action("pass")

ROUND_NAMES = ("tricks", "hearts", "queens", "king of clubs", "last trick", "PayDay")
ROUND_COSTS = ("each trick you take pays 5¢", "each heart you take pays 5¢", "each queen you take pays 10¢",
               "the king of clubs pays 25¢", "the last trick pays 50¢",
               "lay out the sevens; the first three out share the pot")
"""What each round costs, as the view tells it."""
PAYDAY = 6
PASS_CENTS = 5
STRIP_ORDERS = ("twos-first", "threes-first")
STRIP_SUITS = ("in-order", "random")
FIRST_SHARE = ("when-out", "at-end")
ODD_CENT = ("earlier", "later")


@dataclass(frozen=True)
class SaskatchewanOptions:
    strip_order: str = option(
        "twos-first", "Cards removed to even the hands are taken from the {value} (twos-first: the 2s, then the 3s; "
        "threes-first: the 3s, then the 2s).", choices=STRIP_ORDERS)
    strip_suits: str = option(
        "in-order", "Which 2s or 3s are removed: {value} (in-order: clubs, diamonds, hearts, spades, face up; "
        "random: chosen at random and set aside face down).", choices=STRIP_SUITS)
    gap: str = option(
        "skip", "Past a missing 2 or 3 the suit {value} (skip: continues with the next card in play; block: ends "
        "there).", choices=stops.GAPS)
    pay_opening_pass: bool = option(
        True, "A player with no 7 for the opening of PayDay pays 5 cents like any other pass: {value}.")
    may_pass_when_able: bool = option(
        False, "Passing in PayDay while holding a card that could be laid: {value}.")
    first_share: str = option(
        "when-out", "The first player out takes half the pot {value} (when-out: as it is when they go out; "
        "at-end: half of the final pot when PayDay ends).", choices=FIRST_SHARE)
    odd_cent: str = option(
        "earlier", "Who gets an odd cent: the {value} finisher.", choices=ODD_CENT)
    games: int = option(1, "Games in a match: {value}.", minimum=1, maximum=10)


R = "Players and cards"
G = "Game play"
RD = "Rounds"
P = "PayDay"
W = "Winnings"
DECK_RULE = Clause("saskatchewan_rummy.deck", "One deck of cards, no jokers.", R)
PLAYERS = Clause("saskatchewan_rummy.players", "Any number of people can play: the app seats 3 to 13, as many as "
                 "removing the 2s and 3s can give equal hands (with 14 or more, more than eight cards would have to "
                 "go).", R)
DEAL = Clause("saskatchewan_rummy.deal", "All the cards are dealt out to make hands of equal size.", R)
DEAL_STRIP = Clause("saskatchewan_rummy.deal.strip", "If some cards need to be removed so that all the players get an "
                    "equal number of cards, remove the 2s and/or 3s; the same cards are removed for every round.", R)
DEAL_STRIP_TWOS = Clause("saskatchewan_rummy.deal.strip.twos", "The 2s are removed first, then the 3s (the book does "
                         "not say).", R, option="strip_order", when=lambda o: o.strip_order == "twos-first")
DEAL_STRIP_THREES = Clause("saskatchewan_rummy.deal.strip.threes", "The 3s are removed first, then the 2s.",
                           R, option="strip_order", when=lambda o: o.strip_order == "threes-first")
DEAL_STRIP_IN_ORDER = Clause("saskatchewan_rummy.deal.strip.in-order", "They are taken in suit order, clubs, diamonds, "
                             "hearts, spades, and everybody sees which cards are out (table custom).",
                             R, option="strip_suits", when=lambda o: o.strip_suits == "in-order")
DEAL_STRIP_RANDOM = Clause("saskatchewan_rummy.deal.strip.random", "They are chosen at random and set aside face down: "
                           "nobody knows which are missing.",
                           R, option="strip_suits", when=lambda o: o.strip_suits == "random")
GOAL = Clause("saskatchewan_rummy.goal", "Pay as little as possible in the first 5 hands and go out as quickly as "
              "possible in the last hand.", R)
ACES = Clause("saskatchewan_rummy.aces", "Aces are high.", G)
NO_TRUMP = Clause("saskatchewan_rummy.no-trump", "There is no trump.", G)
LEAD = Clause("saskatchewan_rummy.lead", "Game play begins with the person to the left of the dealer.", G)
ROUND_TRICKS = Clause("saskatchewan_rummy.round.tricks", "First round: each trick you take, you pay 5 cents.", RD)
ROUND_HEARTS = Clause("saskatchewan_rummy.round.hearts", "Second round: each heart you take, you pay 5 cents.", RD)
ROUND_QUEENS = Clause("saskatchewan_rummy.round.queens", "Third round: each queen you take, you pay 10 cents.", RD)
ROUND_KING_OF_CLUBS = Clause("saskatchewan_rummy.round.king-of-clubs", "Fourth round: the king of clubs pays 25 cents.",
                             RD)
ROUND_LAST_TRICK = Clause("saskatchewan_rummy.round.last-trick", "Fifth round: the last trick pays 50 cents.", RD)
POT = Clause("saskatchewan_rummy.pot", "What you pay goes into the pot in the middle of the table; the last round "
             "(PayDay) pays it out.", RD)
MATCH = Clause("saskatchewan_rummy.match", "A game is the six rounds; the match is {games} game(s), and money left in "
               "the pot at the end of a game stays for the next.", RD, option="games")
PAYDAY_OPEN = Clause("saskatchewan_rummy.payday.open", "PayDay: play begins with the person to the left of the dealer "
                     "putting a 7 from their hand in the middle of the table. If they do not have a 7 then the person "
                     "to their left plays a 7.", P)
PAYDAY_BUILD = Clause("saskatchewan_rummy.payday.build", "Once a 7 has been laid out the next player can play either a "
                      "6 or an 8 of the matching suit, or they may play another 7.", P)
PAYDAY_PASS = Clause("saskatchewan_rummy.payday.pass", "If you cannot play you pay 5 cents into the pot and pass your "
                     "turn.", P)
PAYDAY_OPENING_FREE = Clause("saskatchewan_rummy.payday.opening-free", "A player who has no 7 for the opening passes "
                             "without paying.", P, option="pay_opening_pass", when=lambda o: not o.pay_opening_pass)
PAYDAY_MUST_PLAY = Clause("saskatchewan_rummy.payday.must-play", "In PayDay a player who holds a card that can be laid "
                          "must lay one; only a player who cannot lay a card passes.",
                          P, option="may_pass_when_able", when=lambda o: not o.may_pass_when_able)
PAYDAY_MAY_PASS = Clause("saskatchewan_rummy.payday.may-pass", "A player may pass and pay 5 cents even when able to "
                         "play.", P, option="may_pass_when_able", when=lambda o: o.may_pass_when_able)
PAYDAY_MISSING = Clause("saskatchewan_rummy.payday.missing", "Remember some 2s or 3s may be missing.", P)
PAYDAY_ACES = Clause("saskatchewan_rummy.payday.aces", "Aces are played on top of the kings.", P)
PAYDAY_OUT = Clause("saskatchewan_rummy.payday.out", "A player who has played all their cards is out; the others keep "
                    "playing in turn.", P)
WIN_FIRST = Clause("saskatchewan_rummy.win.first", "First player out of cards takes half the money in the pot (as it "
                   "is when they go out).", W, option="first_share", when=lambda o: o.first_share == "when-out")
WIN_FIRST_AT_END = Clause("saskatchewan_rummy.win.first-at-end", "First player out of cards takes half the money in "
                          "the pot, counted when PayDay ends.",
                          W, option="first_share", when=lambda o: o.first_share == "at-end")
WIN_REST = Clause("saskatchewan_rummy.win.rest", "Second and third players out of cards divide the remaining pot; "
                  "PayDay ends when the third player is out.", W)
WIN_ODD_CENT = Clause("saskatchewan_rummy.win.odd-cent", "Amounts are kept in cents; when a share comes to half a "
                      "cent, the odd cent goes to the {odd_cent} finisher (the book does not say).",
                      W, option="odd_cent")
WIN_BLOCKED = Clause("saskatchewan_rummy.win.blocked", "If nobody still holding cards can ever play, PayDay ends "
                     "there: the players out so far take their shares (a lone second player takes all the remaining "
                     "pot) and what nobody could claim stays in the pot.",
                     W, option="gap", when=lambda o: o.gap == "block")
SCORE = Clause("saskatchewan_rummy.score", "The score sheet shows each player's net in cents: what they won less what "
               "they paid. The highest net wins.", W)


RULES = Rules([
    DECK_RULE, PLAYERS, DEAL, DEAL_STRIP, DEAL_STRIP_TWOS, DEAL_STRIP_THREES, DEAL_STRIP_IN_ORDER, DEAL_STRIP_RANDOM,
    GOAL, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, ACES, NO_TRUMP, LEAD, tricks.FOLLOW_SUIT, tricks.HIGHEST_WINS,
    tricks.WINNER_LEADS, tricks.PLAY_FROM_HAND, ROUND_TRICKS, ROUND_HEARTS, ROUND_QUEENS, ROUND_KING_OF_CLUBS,
    ROUND_LAST_TRICK, POT, MATCH, PAYDAY_OPEN, PAYDAY_BUILD, stops.BUILD, PAYDAY_PASS, PAYDAY_OPENING_FREE,
    stops.PASS_WHEN_UNABLE, PAYDAY_MUST_PLAY, PAYDAY_MAY_PASS, PAYDAY_MISSING, stops.GAP_SKIP, stops.GAP_BLOCK,
    PAYDAY_ACES, PAYDAY_OUT, WIN_FIRST, WIN_FIRST_AT_END, WIN_REST, WIN_ODD_CENT, WIN_BLOCKED, SCORE,
])
TEXT_ONLY = (DECK_RULE, PLAYERS, DEAL, DEAL_STRIP, DEAL_STRIP_TWOS, DEAL_STRIP_THREES, DEAL_STRIP_IN_ORDER,
             DEAL_STRIP_RANDOM, GOAL, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, ACES, NO_TRUMP, LEAD,
             tricks.HIGHEST_WINS, tricks.WINNER_LEADS, MATCH, PAYDAY_BUILD, PAYDAY_OPENING_FREE, stops.PASS_WHEN_UNABLE,
             PAYDAY_MAY_PASS, PAYDAY_MISSING, stops.GAP_SKIP, PAYDAY_ACES, PAYDAY_OUT)
"""Clauses the deal, the tricks and the layout follow without citing them."""
ROUND_CLAUSES = (ROUND_TRICKS, ROUND_HEARTS, ROUND_QUEENS, ROUND_KING_OF_CLUBS, ROUND_LAST_TRICK)

MAX_PLAYERS = 13
"""With more players than this, evening the hands would take more than the eight 2s and 3s."""
SPEC = GameSpec(
    id="saskatchewan_rummy", title="Saskatchewan Rummy", family="stops", players=tuple(range(3, MAX_PLAYERS + 1)),
    default_players=5, options=SaskatchewanOptions, rules=RULES, source="000",
    summary="Five no-trump trick rounds pay penalties into a pot; PayDay, a sevens layout, pays it out to the "
            "first three players out.",
    presets={"standard": {}, "threes_removed": {"strip_order": "threes-first", "strip_suits": "random"},
             "blocked_gaps": {"strip_order": "threes-first", "gap": "block"}},
)


class Phase(StrEnum):
    PLAY = "play"
    PAYDAY = "PayDay"
    OVER = "over"


def round_of(hand_no: int) -> int:
    """The round (1 to 6, PayDay last) of a match's ``hand_no``-th deal: every game deals the six in turn."""
    return (hand_no - 1) % PAYDAY + 1


def removed_cards(players: int, strip_order: str, strip_suits: str, rng: random.Random) -> list[Card]:
    """The 2s/3s removed so that ``players`` get equal hands."""
    k = 52 % players
    ranks = (2, 3) if strip_order == "twos-first" else (3, 2)
    out: list[Card] = []
    for rank in ranks:
        if len(out) == k:
            break
        pool = [c for c in DECK if c & 15 == rank]
        need = min(k - len(out), 4)
        out += rng.sample(pool, need) if strip_suits == "random" else pool[:need]
    if len(out) != k:
        raise ValueError(f"the 2s and 3s cannot even the hands of {players} players")
    return sorted(out)


def round_payments(round_no: int, taken: list[list[Card]], tricks_won: list[int], last_winner: int) -> list[int]:
    """Cents each seat pays for a trick round (1..5)."""
    n = len(taken)
    if round_no == 1:
        return [5 * tricks_won[s] for s in range(n)]
    if round_no == 2:
        return [5 * sum(1 for c in taken[s] if c >> 4 == HEARTS) for s in range(n)]
    if round_no == 3:
        return [10 * sum(1 for c in taken[s] if c & 15 == QUEEN) for s in range(n)]
    if round_no == 4:
        return [25 if KING_OF_CLUBS in taken[s] else 0 for s in range(n)]
    return [50 if s == last_winner else 0 for s in range(n)]


def split(amount: int, earlier_gets_odd: bool) -> tuple[int, int]:
    """Halve ``amount`` cents: (earlier finisher's half, later finisher's half)."""
    big, small = (amount + 1) // 2, amount // 2
    return (big, small) if earlier_gets_odd else (small, big)


def cents(amount: int) -> str:
    return f"{amount}¢"


@dataclass
class SaskState(TrickState):
    game_no: int = 1
    round_no: int = 0
    pot: int = 0
    paid: list[int] = field(default_factory=list)
    """Cents each seat has paid in the current round."""
    removed: list[Card] = field(default_factory=list)
    layout: Layout | None = None
    out: list[int] = field(default_factory=list)
    first_take: int | None = None
    passes: list[int] = field(default_factory=list)


@register
class SaskatchewanRummy(TrickGame[SaskState]):
    spec = SPEC
    one_deck = True

    def setup(self, players: int, options: Any, rng: random.Random) -> SaskState:
        state = SaskState(players=players, options=options, rng=rng,
                          sheet=ScoreSheet.per_seat(players),
                          dealer=rng.randrange(players), deck=list(DECK))
        self._deal(state)
        return state

    # --- dealing ------------------------------------------------------------------------------
    def _deal(self, state: SaskState) -> None:
        o = state.options
        state.round_no += 1
        if state.round_no == 1:
            state.removed = removed_cards(state.players, o.strip_order, o.strip_suits, state.rng)
        gone = set(state.removed)
        in_play = [c for c in state.deck if c not in gone]
        self.start_hand(state, in_play, len(in_play) // state.players)
        state.trump = None
        state.suit, state.power = tricks.standard_tables(None)
        state.paid = [0] * state.players
        state.passes = [0] * state.players
        first = left_of(state.dealer, state.players)
        state.leader = state.turn = first
        r = state.round_no
        emit(state, f"{{0}} deals round {r}, {ROUND_NAMES[r - 1]}: {ROUND_COSTS[r - 1]}", state.dealer, kind="deal")
        if r == PAYDAY:
            state.phase = Phase.PAYDAY
            state.layout = Layout.new(self.layout_rules(state), in_play)
            state.out = []
            state.first_take = None
        else:
            state.phase = Phase.PLAY
            state.layout = None

    @staticmethod
    def layout_rules(state: SaskState) -> StopsRules:
        return StopsRules(start_rank=7, ace_high=True, gap=state.options.gap, open_any_time=True)

    # --- the trick rounds ----------------------------------------------------------------------
    def end_hand(self, state: SaskState) -> None:
        r = state.round_no
        pay = round_payments(r, state.taken, state.tricks_won, state.leader)
        state.pot += sum(pay)
        state.paid = pay
        notes = [f"round {r}: {ROUND_NAMES[r - 1]} [{ROUND_CLAUSES[r - 1].id}]",
                 f"paid into the pot: {cents(sum(pay))}; pot now {cents(state.pot)} [{POT.id}]"]
        if r == 5:
            notes.append(f"seat {state.leader} took the last trick")
        for s in range(state.players):
            if pay[s]:
                emit(state, f"{{0}} pays {cents(pay[s])} into the pot", s, kind="payment")
        emit(state, f"The pot holds {cents(state.pot)}", kind="payment")
        state.sheet.add(self._label(state), tuple(-p for p in pay), state.ply + 1, notes)
        self._next_round(state)

    def _label(self, state: SaskState) -> str:
        head = f"game {state.game_no}, " if state.options.games > 1 else ""
        return f"{head}round {state.round_no}: {ROUND_NAMES[state.round_no - 1]}"

    def _next_round(self, state: SaskState) -> None:
        if state.round_no == PAYDAY:
            if state.game_no >= state.options.games:
                state.over = True
                state.phase = Phase.OVER
                return
            state.game_no += 1
            state.round_no = 0
        state.dealer = left_of(state.dealer, state.players)
        self._deal(state)

    # --- PayDay ----------------------------------------------------------------------------------
    def other_to_act(self, state: SaskState) -> tuple[int, ...]:
        return (state.turn,) if state.phase == Phase.PAYDAY else ()

    def payday_cascade(self, state: SaskState, seat: int) -> Iterator[Step[Card]]:
        """The rules on the card ``seat`` may lay now."""
        layout = state.layout
        assert layout is not None
        hand = state.hands[seat]
        yield Step(hand, tricks.PLAY_FROM_HAND, "you do not hold {move}")
        if not layout.laid:
            yield Step([c for c in hand if c & 15 == 7], PAYDAY_OPEN, "PayDay opens with a 7")
            return
        if state.options.gap == "block" and state.options.strip_suits == "in-order":
            dead = layout.dead()
            gone = ", ".join(card_text(c) for c in state.removed)
            yield Step([c for c in hand if int(c) not in dead], stops.GAP_BLOCK,
                       f"{{move}} lies beyond a card out of the game ({gone} are out)")
        yield Step(layout.playable_in(hand), stops.BUILD, layout.why_not)

    def pass_cascade(self, state: SaskState, seat: int) -> Iterator[Step[Action]]:
        playable = narrow(self.payday_cascade(state, seat))
        may = state.options.may_pass_when_able or not playable
        yield Step([PASS] if may else [], PAYDAY_MUST_PLAY, f"you can lay {cards_text(playable)}")

    def other_legal(self, state: SaskState, seat: int) -> list[Action]:
        if state.phase != Phase.PAYDAY or seat != state.turn:
            return []
        acts = [tricks.PLAY[c] for c in narrow(self.payday_cascade(state, seat))]
        return acts + list(narrow(self.pass_cascade(state, seat)))

    def other_refusal(self, state: SaskState, seat: int, action: Action) -> None:
        if action == PASS:
            refuse(self.pass_cascade(state, seat), action, state.options, UNKNOWN)
        elif action.verb == "play" and len(action.args) == 1 and type(action.args[0]) is Card:
            refuse(self.payday_cascade(state, seat), action.args[0], state.options, UNKNOWN)
        else:
            raise IllegalAction(stops.BUILD, "lay a card or pass", state.options)

    def other_apply(self, state: SaskState, seat: int, action: Action) -> None:
        layout = state.layout
        assert layout is not None
        o = state.options
        if action.verb == "pass":
            if layout.laid or o.pay_opening_pass:
                state.pot += PASS_CENTS
                state.paid[seat] += PASS_CENTS
                emit(state, f"{{0}} passes and pays {cents(PASS_CENTS)} into the pot", seat, kind="payment")
            else:
                emit(state, "{0} has no 7 and passes", seat, kind="pass")
            state.passes[seat] += 1
        else:
            card: Card = action.args[0]
            hand = state.hands[seat]
            hand.remove(card)
            layout.play(card)
            emit(state, "{0} lays " + card_text(card), seat, pieces=(card,), kind="play")
            if not hand:
                state.out.append(seat)
                if len(state.out) == 1 and o.first_share == "when-out":
                    state.first_take = split(state.pot, o.odd_cent == "earlier")[0]
                    state.pot -= state.first_take
                    emit(state, f"{{0}} goes out first and takes half the pot, {cents(state.first_take)}", seat,
                         kind="payment")
                else:
                    emit(state, f"{{0}} goes out, number {len(state.out)}", seat, kind="out")
        holding = [s for s in range(state.players) if state.hands[s]]
        if len(state.out) >= 3 or not holding:
            self._pay_out(state, blocked=False)
            return
        if o.gap == "block" and not any(layout.can_ever_play(state.hands[s]) for s in holding):
            self._pay_out(state, blocked=True)
            return
        nxt = left_of(seat, state.players)
        while not state.hands[nxt]:
            nxt = left_of(nxt, state.players)
        state.turn = nxt

    def _pay_out(self, state: SaskState, blocked: bool) -> None:
        o = state.options
        earlier = o.odd_cent == "earlier"
        won = [0] * state.players
        notes = [f"round 6: PayDay; passes paid {cents(sum(state.paid))} [{PAYDAY_PASS.id}]"]
        out = state.out
        if blocked:
            emit(state, "Nobody still holding cards can ever lay one: PayDay ends", kind="summary")
        if out:
            first = out[0]
            if state.first_take is None:
                state.first_take = split(state.pot, earlier)[0]
                state.pot -= state.first_take
                notes.append(f"seat {first} was first out and takes half the final pot, {cents(state.first_take)} "
                             f"[{WIN_FIRST_AT_END.id}]")
                emit(state, f"{{0}} was first out and takes half the pot, {cents(state.first_take)}", first,
                     kind="payment")
            else:
                notes.append(f"seat {first} was first out and took half the pot, {cents(state.first_take)} "
                             f"[{WIN_FIRST.id}]")
            won[first] += state.first_take
            rest = state.pot
            if len(out) >= 3:
                a, b = split(rest, earlier)
                won[out[1]] += a
                won[out[2]] += b
                state.pot = 0
                notes.append(f"seats {out[1]} and {out[2]} were second and third out and divide {cents(rest)}: "
                             f"{cents(a)} and {cents(b)} [{WIN_REST.id}]")
                emit(state, f"{{0}} and {{1}}, second and third out, divide {cents(rest)}: {cents(a)} and "
                     f"{cents(b)}", out[1], out[2], kind="payment")
                if a != b:
                    notes.append(f"the odd cent goes to the {o.odd_cent} finisher [{WIN_ODD_CENT.id}]")
            elif len(out) == 2:
                won[out[1]] += rest
                state.pot = 0
                notes.append(f"seat {out[1]} was the only other player out and takes the remaining {cents(rest)} "
                             f"[{WIN_BLOCKED.id}]")
                emit(state, f"{{0}} takes the remaining {cents(rest)}", out[1], kind="payment")
        if blocked:
            notes.append(f"nobody still holding cards can ever play: PayDay ends [{WIN_BLOCKED.id}]")
            if state.pot:
                notes.append(f"{cents(state.pot)} nobody could claim stays in the pot [{WIN_BLOCKED.id}]")
        notes.append(f"net = winnings less payments [{SCORE.id}]")
        state.sheet.add(self._label(state), tuple(won[s] - state.paid[s] for s in range(state.players)),
                        state.ply + 1, notes)
        state.first_take = None
        self._next_round(state)

    # --- what players see ------------------------------------------------------------------------------
    def facts(self, state: SaskState, seat: int | None) -> list[Fact]:
        r = state.round_no
        # the round, its name and what it costs in one line (its name is no label: round 1's, "tricks",
        # would read as the seats' tricks taken)
        facts = [fact("round", "Round", FactKind.TEXT, f"{r} of {PAYDAY}, {ROUND_NAMES[r - 1]}: {ROUND_COSTS[r - 1]}")]
        if state.options.games > 1:
            facts.append(fact("game", "Game", FactKind.TEXT, f"{state.game_no} of {state.options.games}"))
        if state.phase == Phase.PAYDAY:
            facts.append(per_seat("paid", "Paid", state.paid, FactKind.MONEY))
            if state.out:
                facts.append(fact("out", "Out, in order", FactKind.SEATS, list(state.out)))
            if state.first_take is not None:
                facts.append(fact("first-take", "First out took", FactKind.MONEY, state.first_take))
        elif state.phase == Phase.PLAY:
            owing = round_payments(r, state.taken, state.tricks_won, -1)
            facts += [per_seat("owing", "Owes", owing, FactKind.MONEY),
                      per_seat("tricks", "Tricks", state.tricks_won)]
        return facts

    def zones(self, state: SaskState) -> list[Zone]:
        zones = self.trick_zones(state)
        hidden = state.options.strip_suits == "random"
        zones.append(Zone("removed", state.removed, frozenset() if hidden else None, label="Removed to even the hands"))
        if state.layout is not None:
            zones.append(state.layout.zone("layout", "PayDay layout"))
        zones.append(pot_zone(Money(state.pot)))
        return zones

    def prompt(self, state: SaskState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.PAYDAY:
            layout = state.layout
            if not narrow(self.payday_cascade(state, seat)):
                return f"You cannot lay a card: pass and pay {cents(PASS_CENTS)} into the pot."
            if layout is not None and not layout.laid:
                return "Lay a 7 to open PayDay."
            return "Lay a card: a 7, or the next card up or down in a started suit."
        return "Play a card."  # what the round costs is its fact
