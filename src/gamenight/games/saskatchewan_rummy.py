"""Saskatchewan Rummy (rulebook 000): five no-trump trick rounds whose penalties are paid
into a pot (tricks, hearts, queens, the king of clubs, the last trick), then PayDay, a
sevens layout where the first player out takes half the pot and the second and third
divide the rest. Amounts are kept in cents; the score sheet shows each player's net."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text, code, standard_deck
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
from gamenight.families import stops, tricks
from gamenight.families.stops import Layout, StopsRules
from gamenight.families.tricks import TrickGame, TrickState

DECK = tuple(standard_deck())
HEARTS, CLUBS = 2, 0
QUEEN, KING = 12, 13
KING_OF_CLUBS = code(KING, CLUBS)
PASS = Action("pass")

ROUND_NAMES = ("tricks", "hearts", "queens", "king of clubs", "last trick", "PayDay")
ROUND_CLAUSES = ("saskatchewan_rummy.round.tricks", "saskatchewan_rummy.round.hearts",
                 "saskatchewan_rummy.round.queens", "saskatchewan_rummy.round.king-of-clubs",
                 "saskatchewan_rummy.round.last-trick")
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
        False, "In PayDay a player may pass (and pay 5 cents) even when able to play: {value}.")
    first_share: str = option(
        "when-out", "The first player out takes half the pot {value} (when-out: as it is when they go out; "
        "at-end: half of the final pot when PayDay ends).", choices=FIRST_SHARE)
    odd_cent: str = option(
        "earlier", "An odd cent in a share goes to the {value} finisher.", choices=ODD_CENT)
    games: int = option(1, "The match is {value} games of six rounds each.", minimum=1, maximum=10)


R = "Players and cards"
G = "Game play"
RD = "Rounds"
P = "PayDay"
W = "Winnings"
RULES = Rules([
    Clause("saskatchewan_rummy.deck", "One deck of cards, no jokers.", R),
    Clause("saskatchewan_rummy.players", "Any number of people can play (the app seats 3 to 8).", R),
    Clause("saskatchewan_rummy.deal", "All the cards are dealt out to make hands of equal size.", R),
    Clause("saskatchewan_rummy.deal.strip", "If some cards need to be removed so that all the players get an equal "
           "number of cards, remove the 2s and/or 3s; the same cards are removed for every round.", R),
    Clause("saskatchewan_rummy.deal.strip.twos", "The 2s are removed first, then the 3s (the book does not say).", R,
           option="strip_order", when=lambda o: o.strip_order == "twos-first"),
    Clause("saskatchewan_rummy.deal.strip.threes", "The 3s are removed first, then the 2s.", R,
           option="strip_order", when=lambda o: o.strip_order == "threes-first"),
    Clause("saskatchewan_rummy.deal.strip.in-order", "They are taken in suit order, clubs, diamonds, hearts, spades, "
           "and everybody sees which cards are out (table custom).", R,
           option="strip_suits", when=lambda o: o.strip_suits == "in-order"),
    Clause("saskatchewan_rummy.deal.strip.random", "They are chosen at random and set aside face down: nobody knows "
           "which are missing.", R, option="strip_suits", when=lambda o: o.strip_suits == "random"),
    Clause("saskatchewan_rummy.goal", "Pay as little as possible in the first 5 hands and go out as quickly as "
           "possible in the last hand.", R),
    tricks.FIRST_DEALER,
    tricks.DEAL_PASSES_LEFT,
    Clause("saskatchewan_rummy.aces", "Aces are high.", G),
    Clause("saskatchewan_rummy.no-trump", "There is no trump.", G),
    Clause("saskatchewan_rummy.lead", "Game play begins with the person to the left of the dealer.", G),
    tricks.FOLLOW_SUIT, tricks.HIGHEST_WINS, tricks.WINNER_LEADS, tricks.PLAY_FROM_HAND,
    Clause("saskatchewan_rummy.round.tricks", "First round: each trick you take, you pay 5 cents.", RD),
    Clause("saskatchewan_rummy.round.hearts", "Second round: each heart you take, you pay 5 cents.", RD),
    Clause("saskatchewan_rummy.round.queens", "Third round: each queen you take, you pay 10 cents.", RD),
    Clause("saskatchewan_rummy.round.king-of-clubs", "Fourth round: the king of clubs pays 25 cents.", RD),
    Clause("saskatchewan_rummy.round.last-trick", "Fifth round: the last trick pays 50 cents.", RD),
    Clause("saskatchewan_rummy.pot", "What you pay goes into the pot in the middle of the table; the last round "
           "(PayDay) pays it out.", RD),
    Clause("saskatchewan_rummy.match", "A game is the six rounds; the match is {games} game(s), and money left in "
           "the pot at the end of a game stays for the next.", RD, option="games"),
    Clause("saskatchewan_rummy.payday.open", "PayDay: play begins with the person to the left of the dealer "
           "putting a 7 from their hand in the middle of the table. If they do not have a 7 then the person to "
           "their left plays a 7.", P),
    Clause("saskatchewan_rummy.payday.build", "Once a 7 has been laid out the next player can play either a 6 or "
           "an 8 of the matching suit, or they may play another 7.", P),
    stops.BUILD,
    Clause("saskatchewan_rummy.payday.pass", "If you cannot play you pay 5 cents into the pot and pass your turn.",
           P),
    Clause("saskatchewan_rummy.payday.opening-free", "A player who has no 7 for the opening passes without "
           "paying.", P, option="pay_opening_pass", when=lambda o: not o.pay_opening_pass),
    stops.PASS_WHEN_UNABLE,
    Clause("saskatchewan_rummy.payday.must-play", "A player who can play must play; passing is only for a player "
           "who cannot.", P, option="may_pass_when_able", when=lambda o: not o.may_pass_when_able),
    Clause("saskatchewan_rummy.payday.may-pass", "A player may pass and pay 5 cents even when able to play.", P,
           option="may_pass_when_able", when=lambda o: o.may_pass_when_able),
    Clause("saskatchewan_rummy.payday.missing", "Remember some 2s or 3s may be missing.", P),
    stops.GAP_SKIP,
    stops.GAP_BLOCK,
    Clause("saskatchewan_rummy.payday.aces", "Aces are played on top of the kings.", P),
    Clause("saskatchewan_rummy.payday.out", "A player who has played all their cards is out; the others keep "
           "playing in turn.", P),
    Clause("saskatchewan_rummy.win.first", "First player out of cards takes half the money in the pot (as it is "
           "when they go out).", W, option="first_share", when=lambda o: o.first_share == "when-out"),
    Clause("saskatchewan_rummy.win.first-at-end", "First player out of cards takes half the money in the pot, "
           "counted when PayDay ends.", W, option="first_share", when=lambda o: o.first_share == "at-end"),
    Clause("saskatchewan_rummy.win.rest", "Second and third players out of cards divide the remaining pot; PayDay "
           "ends when the third player is out.", W),
    Clause("saskatchewan_rummy.win.odd-cent", "Amounts are kept in cents; when a share comes to half a cent, the "
           "odd cent goes to the {odd_cent} finisher (the book does not say).", W, option="odd_cent"),
    Clause("saskatchewan_rummy.win.blocked", "If nobody still holding cards can ever play, PayDay ends there: the "
           "players out so far take their shares (a lone second player takes all the remaining pot) and what "
           "nobody could claim stays in the pot.", W, option="gap", when=lambda o: o.gap == "block"),
    Clause("saskatchewan_rummy.score", "The score sheet shows each player's net in cents: what they won less what "
           "they paid. The highest net wins.", W),
])

SPEC = GameSpec(
    id="saskatchewan_rummy", title="Saskatchewan Rummy", family="stops", players=(3, 4, 5, 6, 7, 8),
    default_players=5, options=SaskatchewanOptions, rules=RULES, source="000",
    summary="Five no-trump trick rounds pay penalties into a pot; PayDay, a sevens layout, pays it out to the "
            "first three players out.",
    presets={"standard": {}, "threes_removed": {"strip_order": "threes-first", "strip_suits": "random"},
             "blocked_gaps": {"strip_order": "threes-first", "gap": "block"}},
)


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
        if state.round_no == PAYDAY:
            state.phase = "payday"
            state.layout = Layout.new(self.layout_rules(state), in_play)
            state.out = []
            state.first_take = None
        else:
            state.phase = "play"
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
        notes = [f"round {r}: {ROUND_NAMES[r - 1]} [{ROUND_CLAUSES[r - 1]}]",
                 f"paid into the pot: {sum(pay)}¢; pot now {state.pot}¢ [saskatchewan_rummy.pot]"]
        if r == 5:
            notes.append(f"seat {state.leader} took the last trick")
        state.sheet.add(self._label(state), tuple(-p for p in pay), state.ply + 1, notes)
        self._next_round(state)

    def _label(self, state: SaskState) -> str:
        head = f"game {state.game_no}, " if state.options.games > 1 else ""
        return f"{head}round {state.round_no}: {ROUND_NAMES[state.round_no - 1]}"

    def _next_round(self, state: SaskState) -> None:
        if state.round_no == PAYDAY:
            if state.game_no >= state.options.games:
                state.over = True
                state.phase = "over"
                return
            state.game_no += 1
            state.round_no = 0
        state.dealer = left_of(state.dealer, state.players)
        self._deal(state)

    # --- PayDay ----------------------------------------------------------------------------------
    def other_to_act(self, state: SaskState) -> tuple[int, ...]:
        return (state.turn,) if state.phase == "payday" else ()

    def payday_playable(self, state: SaskState, seat: int) -> list[Card]:
        assert state.layout is not None
        return state.layout.playable_in(state.hands[seat])

    def other_legal(self, state: SaskState, seat: int) -> list[Action]:
        if state.phase != "payday" or seat != state.turn:
            return []
        cards = self.payday_playable(state, seat)
        acts = [tricks.PLAY[c] for c in cards]
        if not cards or state.options.may_pass_when_able:
            acts.append(PASS)
        return acts

    def explain(self, state: SaskState, seat: int, action: Action) -> Clause | None:
        if state.phase != "payday":
            return super().explain(state, seat, action)
        if action.verb == "pass":
            return RULES["saskatchewan_rummy.payday.must-play"]
        if action.verb != "play" or len(action.args) != 1 or not isinstance(action.args[0], Card):
            return None
        card = action.args[0]
        if card not in state.hands[seat]:
            return tricks.PLAY_FROM_HAND
        layout = state.layout
        if layout is not None and not layout.laid:
            return RULES["saskatchewan_rummy.payday.open"]
        if card & 15 == 7:
            return RULES["saskatchewan_rummy.payday.build"]
        if layout is not None and layout.started(card >> 4) and card in layout.dead():
            return stops.GAP_BLOCK
        return stops.BUILD

    def other_apply(self, state: SaskState, seat: int, action: Action) -> None:
        layout = state.layout
        assert layout is not None
        o = state.options
        if action.verb == "pass":
            if layout.laid or o.pay_opening_pass:
                state.pot += PASS_CENTS
                state.paid[seat] += PASS_CENTS
            state.passes[seat] += 1
        else:
            card: Card = action.args[0]
            hand = state.hands[seat]
            hand.remove(card)
            layout.play(card)
            if not hand:
                state.out.append(seat)
                if len(state.out) == 1 and o.first_share == "when-out":
                    state.first_take = split(state.pot, o.odd_cent == "earlier")[0]
                    state.pot -= state.first_take
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
        notes = [f"round 6: PayDay; passes paid {sum(state.paid)}¢ [saskatchewan_rummy.payday.pass]"]
        out = state.out
        if out:
            first = out[0]
            if state.first_take is None:
                state.first_take = split(state.pot, earlier)[0]
                state.pot -= state.first_take
                notes.append(f"seat {first} was first out and takes half the final pot, {state.first_take}¢ "
                             "[saskatchewan_rummy.win.first-at-end]")
            else:
                notes.append(f"seat {first} was first out and took half the pot, {state.first_take}¢ "
                             "[saskatchewan_rummy.win.first]")
            won[first] += state.first_take
            rest = state.pot
            if len(out) >= 3:
                a, b = split(rest, earlier)
                won[out[1]] += a
                won[out[2]] += b
                state.pot = 0
                notes.append(f"seats {out[1]} and {out[2]} were second and third out and divide {rest}¢: "
                             f"{a}¢ and {b}¢ [saskatchewan_rummy.win.rest]")
                if a != b:
                    notes.append(f"the odd cent goes to the {o.odd_cent} finisher [saskatchewan_rummy.win.odd-cent]")
            elif len(out) == 2:
                won[out[1]] += rest
                state.pot = 0
                notes.append(f"seat {out[1]} was the only other player out and takes the remaining {rest}¢ "
                             "[saskatchewan_rummy.win.blocked]")
        if blocked:
            notes.append("nobody still holding cards can ever play: PayDay ends [saskatchewan_rummy.win.blocked]")
            if state.pot:
                notes.append(f"{state.pot}¢ nobody could claim stays in the pot [saskatchewan_rummy.win.blocked]")
        notes.append("net = winnings less payments [saskatchewan_rummy.score]")
        state.sheet.add(self._label(state), tuple(won[s] - state.paid[s] for s in range(state.players)),
                        state.ply + 1, notes)
        state.first_take = None
        self._next_round(state)

    # --- views ---------------------------------------------------------------------------------------
    def view(self, state: SaskState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        r = state.round_no
        v["game"] = state.game_no
        v["round"] = r
        v["round_name"] = ROUND_NAMES[r - 1]
        v["pot"] = state.pot
        v["paid_this_round"] = list(state.paid)
        v["net"] = list(state.sheet.totals)
        v["removed"] = ([card_text(c) for c in state.removed] if state.options.strip_suits == "in-order"
                        else len(state.removed))
        if state.phase == "payday":
            assert state.layout is not None
            v["turn"] = state.turn if not state.over else None
            v["layout"] = state.layout.view()
            v["out"] = list(state.out)
            v["passes"] = list(state.passes)
            v["first_take"] = state.first_take
        else:
            v["layout"] = None
            v["out"] = []
        if r == 2:
            v["hearts_taken"] = [sum(1 for c in t if c >> 4 == HEARTS) for t in state.taken]
        elif r == 3:
            v["queens_taken"] = [sum(1 for c in t if c & 15 == QUEEN) for t in state.taken]
        return v

    def zones(self, state: SaskState) -> list[Zone]:
        zones = self.trick_zones(state)
        hidden = state.options.strip_suits == "random"
        zones.append(Zone("removed", state.removed, frozenset() if hidden else None))
        zones.append(Zone("layout", state.layout.laid if state.layout is not None else []))
        return zones

    def prompt(self, state: SaskState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == "payday":
            if not self.payday_playable(state, seat):
                return "You cannot play: pass and pay 5 cents into the pot."
            layout = state.layout
            if layout is not None and not layout.laid:
                return "Lay a 7 to open PayDay."
            return "Play a card to the layout: a 7, or the next card up or down in a started suit."
        return f"Play a card (round {state.round_no}: {ROUND_NAMES[state.round_no - 1]} cost you)."
