"""Court Whist (rulebook 000): four players a table play the score card's seven games of
four hands each (Coronation, Prosperity, Conspiracy, Chivalry, Revolution, Confiscation,
Restoration), each with its own trumps and scoring; partners change after every game;
a player sitting out scores 8 a hand. Every player keeps their own score card: the
highest grand total wins. Progression between tables is left to the tournament."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text, code, standard_deck
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec, Zone
from gamenight.engine.options import OptionError, option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState

DECK = tuple(standard_deck())
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
KING = 13
FACE_RANKS = (11, 12, 13)
CARD_ORDER_TRUMPS = (SPADES, HEARTS, CLUBS, DIAMONDS)
"""The score card's order of trumps for the four hands of a game: spades, hearts, clubs, diamonds."""

CORONATION, PROSPERITY, CONSPIRACY, CHIVALRY, REVOLUTION, CONFISCATION, RESTORATION = range(1, 8)
GAME_NAMES = {CORONATION: "Coronation", PROSPERITY: "Prosperity", CONSPIRACY: "Conspiracy",
              CHIVALRY: "Chivalry", REVOLUTION: "Revolution", CONFISCATION: "Confiscation",
              RESTORATION: "Restoration"}
GAME_CLAUSES = {CORONATION: "court_whist.card.coronation", PROSPERITY: "court_whist.card.prosperity",
                CONSPIRACY: "court_whist.card.conspiracy", CHIVALRY: "court_whist.card.chivalry",
                REVOLUTION: "court_whist.card.revolution", CONFISCATION: "court_whist.card.confiscation",
                RESTORATION: "court_whist.card.restoration"}
POSSIBLE = {CORONATION: (13, 13), PROSPERITY: (26, 26), CONSPIRACY: (13, 13), CHIVALRY: (13, 39),
            REVOLUTION: (13, 13), CONFISCATION: (13, 13), RESTORATION: (25, 25)}
"""The score card's "Total – possible" for one hand of each game (Chivalry: 13 to 39)."""
HANDS_PER_GAME = 4
SPEAK_FORFEIT = 3
DECLARE = {s: Action("declare", (tricks.SUIT_WORDS[s],)) for s in range(4)}
SPEAK = Action("speak")
PARTNER_CHOICES = ("rotate", "fixed")

Pairing = tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True)
class CourtWhistOptions:
    ladies: str = option(
        "1 2", "The ladies sit in seats {value}; everyone else is a man (set this to match your table).")
    partners: str = option(
        "rotate", "Partners at a single table: {value} (rotate: everybody gets a new partner after each game; "
        "fixed: partners stay the same all evening).", choices=PARTNER_CHOICES)
    sit_out_score: int = option(8, "A player sitting out scores {value} at each hand.", minimum=0, maximum=39)
    speaking: bool = option(
        True, "In Confiscation a player who speaks owns up with 'speak' and forfeits 3 points: {value}.")


R = "Players and cards"
G = "Game play"
C = "The score card"
RULES = Rules([
    Clause("court_whist.deck", "One deck of cards per table, not including jokers.", R),
    Clause("court_whist.tables", "4 players per table, no limit to the number of tables you can have (the app "
           "plays one table; a fifth player sits out a game at a time).", R),
    Clause("court_whist.deal.all", "All cards are dealt out each round.", R),
    Clause("court_whist.goal", "High score at the end of the 7 rounds wins: every player keeps their own score "
           "card, and the highest grand total wins.", R),
    Clause("court_whist.sets", "Each group of 4 people plays one set of 4 hands as seen on the score sheet.", G),
    Clause("court_whist.progression", "After each set of 4 hands the winners move to a new table, men moving "
           "counter-clockwise and ladies clockwise; if there is a tie after the 4 hands all players cut and the "
           "highest man and highest lady move. Moving between tables is run by the tournament, not by this "
           "app: at a single table nobody changes tables.", G),
    Clause("court_whist.new-partner", "One of the losers moves left or right one chair at the table so all "
           "players get a new partner each round: at a single table the app seats everyone with a new partner "
           "after each game, keeping each partnership one lady and one man.", G,
           option="partners", when=lambda o: o.partners == "rotate"),
    Clause("court_whist.fixed-partners", "Partners stay the same for all seven games (partners sit opposite).",
           G, option="partners", when=lambda o: o.partners == "fixed"),
    Clause("court_whist.deal.cut", "All players cut for the deal the first time they play a round; high card "
           "deals (aces high). A tie for high cuts again.", G),
    Clause("court_whist.deal.rotation", "After that the deal progresses around the table clockwise so that all "
           "players get a chance to deal once.", G),
    Clause("court_whist.lead", "Deal all cards. The person to the left of the dealer plays the first card.", G),
    Clause("court_whist.trump", "Trump is decided as instructed on the score sheet.", G),
    Clause("court_whist.follow", "Players must follow suit if possible.", G),
    *tricks.SHARED_CLAUSES,
    Clause("court_whist.count", "Points are counted up after each hand by partners (except Conspiracy) and "
           "recorded on the score sheets; each player needs a copy of the score sheet.", G),
    Clause("court_whist.conspiracy.turn-up", "For Conspiracy the last card dealt out is trump and is given to the "
           "dealer after everybody sees it.", G),
    Clause("court_whist.partners", "Partners are selected at random and each set of partners will include one "
           "lady and one man: the app draws the first partnerships at random; seats {ladies} are ladies.", G,
           option="ladies"),
    Clause("court_whist.aces", "Aces are high at all times, including cuts.", G),
    Clause("court_whist.sit-out", "Sit outs (if necessary) take a score of {sit_out_score} at each hand: with "
           "five players one player sits out each game in turn.", G, option="sit_out_score"),
    Clause("court_whist.card.coronation", "Game 1, Coronation, partners: total tricks taken. Trump is declared by "
           "the owner of the King of Spades, then of the King of Hearts, the King of Clubs and the King of "
           "Diamonds. Total possible 13.", C),
    Clause("court_whist.card.prosperity", "Game 2, Prosperity, partners: each trick counts as double. Spades, "
           "Hearts, Clubs, then Diamonds trump. Total possible 26.", C),
    Clause("court_whist.card.conspiracy", "Game 3, Conspiracy, no partners: each player scores own tricks only. "
           "The last card is turned up for trump. Total possible 13.", C),
    Clause("court_whist.card.chivalry", "Game 4, Chivalry, partners: 2 extra for each trick taken by the lady. "
           "Spades, Hearts, Clubs, then Diamonds trump. Total possible 13 to 39.", C),
    Clause("court_whist.card.revolution", "Game 5, Revolution, partners: each side scores the opponents' tricks. "
           "No trump. Total possible 13.", C),
    Clause("court_whist.card.confiscation", "Game 6, Confiscation, partners: each player speaking after the cards "
           "are dealt forfeits 3 points, which are deducted from the speaker's total. Spades, Hearts, Clubs, then "
           "Diamonds trump. Total possible 13.", C),
    Clause("court_whist.confiscation.speak", "The app cannot hear the table: a player who spoke owns up with "
           "'speak' on their turn (table custom).", C, option="speaking", when=lambda o: o.speaking),
    Clause("court_whist.card.restoration", "Game 7, Restoration, partners: count each face card as a point in "
           "addition to the tricks. Spades, Hearts, Clubs, then Diamonds trump. Total possible 25.", C),
    Clause("court_whist.card.total", "Grand total: the seven game totals added up.", C),
])

SPEC = GameSpec(
    id="court_whist", title="Court Whist", family="tricks", players=(4, 5), default_players=4,
    options=CourtWhistOptions, rules=RULES, source="000",
    summary="Seven games of four hands, each with its own trumps and scoring, partners changing every game; "
            "highest grand total wins.",
    presets={"standard": {}, "fixed_partners": {"partners": "fixed"}},
)


def parse_ladies(text: str, players: int) -> frozenset[int]:
    try:
        seats = frozenset(int(t) for t in text.replace(",", " ").split())
    except ValueError:
        raise OptionError("ladies", f"seat numbers like '1 2', not {text!r}") from None
    if any(not 0 <= s < players for s in seats):
        raise OptionError("ladies", f"{text!r}: seats are 0 to {players - 1}")
    return seats


def pairings(active: list[int], ladies: frozenset[int]) -> list[Pairing]:
    """The ways four seats split into two partnerships, each one lady and one man where the
    table allows it; the first is partners opposite in seat order."""
    a, b, c, d = active
    every: list[Pairing] = [((a, c), (b, d)), ((a, d), (b, c)), ((a, b), (c, d))]
    mixed = [p for p in every if all(len(set(team) & ladies) == 1 for team in p)]
    return mixed or every


def hand_trump(game_no: int, hand: int) -> int | None:
    """The score card's trump for hands decided by the card (not Coronation or Conspiracy)."""
    if game_no == REVOLUTION:
        return None
    return CARD_ORDER_TRUMPS[hand - 1]


def hand_scores(game_no: int, team_of: dict[int, int], teams: Pairing, tricks_won: list[int],
                taken: list[list[Card]], ladies: frozenset[int]) -> dict[int, int]:
    """Each playing seat's score for one hand (before Confiscation's forfeits)."""
    team_tricks = [sum(tricks_won[s] for s in t) for t in teams]
    out: dict[int, int] = {}
    for seat, t in team_of.items():
        mine = team_tricks[t]
        if game_no == CONSPIRACY:
            pts = tricks_won[seat]
        elif game_no == PROSPERITY:
            pts = 2 * mine
        elif game_no == CHIVALRY:
            pts = mine + 2 * sum(tricks_won[s] for s in teams[t] if s in ladies)
        elif game_no == REVOLUTION:
            pts = team_tricks[1 - t]
        elif game_no == RESTORATION:
            pts = mine + sum(1 for s in teams[t] for c in taken[s] if c & 15 in FACE_RANKS)
        else:
            pts = mine
        out[seat] = pts
    return out


@dataclass
class CourtState(TrickState):
    game_no: int = 1
    hand_in_game: int = 0
    ladies: frozenset[int] = frozenset()
    sitting_out: int | None = None
    teams: Pairing = ((0, 2), (1, 3))
    chairs: list[int] = field(default_factory=list)
    """The four playing seats clockwise around the table."""
    declarer: int | None = None
    turn_up: Card | None = None
    spoke: list[int] = field(default_factory=list)
    cut_note: str = ""
    partner_draw: int = 0
    """Drawn at random once: which of the possible partnerships the evening starts with."""


@register
class CourtWhist(TrickGame[CourtState]):
    spec = SPEC
    one_deck = True

    def setup(self, players: int, options: Any, rng: random.Random) -> CourtState:
        state = CourtState(players=players, options=options, rng=rng,
                           sheet=ScoreSheet(tuple(f"seat {s}" for s in range(players))), deck=list(DECK),
                           ladies=parse_ladies(options.ladies, players))
        state.partner_draw = rng.randrange(6)
        self._start_game(state)
        return state

    # --- games, seating and the deal -------------------------------------------------------------
    def _start_game(self, state: CourtState) -> None:
        n = state.players
        state.sitting_out = (state.game_no - 1) % n if n > 4 else None
        active = [s for s in range(n) if s != state.sitting_out]
        choices = pairings(active, state.ladies)
        rotate = state.options.partners == "rotate"
        turn = state.partner_draw + (state.game_no - 1 if rotate else 0)
        pick = choices[turn % len(choices)]
        state.teams = pick
        (x1, x2), (y1, y2) = pick
        state.chairs = [x1, y1, x2, y2]
        state.dealer = self._cut(state)
        state.hand_in_game = 0
        self._deal(state)

    def _cut(self, state: CourtState) -> int:
        """Everybody cuts; high card deals, aces high; ties cut again."""
        cutting = list(state.chairs)
        rounds = 0
        while True:
            rounds += 1
            deck = list(DECK)
            state.rng.shuffle(deck)
            ranks = {s: deck[i] & 15 for i, s in enumerate(cutting)}
            top = max(ranks.values())
            cutting = [s for s in cutting if ranks[s] == top]
            if len(cutting) == 1:
                again = f" after {rounds - 1} re-cut(s)" if rounds > 1 else ""
                state.cut_note = f"seat {cutting[0]} cut high and dealt first{again} [court_whist.deal.cut]"
                return cutting[0]

    def _next_chair(self, state: CourtState, seat: int) -> int:
        chairs = state.chairs
        return chairs[(chairs.index(seat) + 1) % 4]

    def _deal(self, state: CourtState) -> None:
        state.hand_in_game += 1
        state.hand_no += 1
        n = state.players
        deck = list(state.deck)
        state.rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(n)]
        seat = state.dealer
        for c in deck:
            seat = self._next_chair(state, seat)
            hands[seat].append(c)
        # the last card dealt went to the dealer
        state.turn_up = deck[-1] if state.game_no == CONSPIRACY else None
        state.hands = [sorted(h) for h in hands]
        state.taken = [[] for _ in range(n)]
        state.tricks_won = [0] * n
        state.trick = []
        state.last_trick = []
        state.active = [s != state.sitting_out for s in range(n)]
        state.spoke = [0] * n
        state.declarer = None
        state.leader = state.turn = self._next_chair(state, state.dealer)
        g = state.game_no
        if g == CORONATION:
            king = code(KING, CARD_ORDER_TRUMPS[state.hand_in_game - 1])
            state.declarer = next(s for s in range(n) if king in state.hands[s])
            state.trump = None
            state.phase = "declare"
        else:
            state.trump = state.turn_up >> 4 if state.turn_up is not None else hand_trump(g, state.hand_in_game)
            state.phase = "play"
        state.suit, state.power = tricks.standard_tables(state.trump)

    # --- Coronation's declaration and Confiscation's speaking ------------------------------------------
    def other_to_act(self, state: CourtState) -> tuple[int, ...]:
        if state.phase == "declare" and state.declarer is not None:
            return (state.declarer,)
        return ()

    def other_legal(self, state: CourtState, seat: int) -> list[Action]:
        if state.phase == "declare" and seat == state.declarer:
            return [DECLARE[s] for s in CARD_ORDER_TRUMPS]
        return []

    def legal_actions(self, state: CourtState, seat: int) -> list[Action]:
        acts = super().legal_actions(state, seat)
        if acts and state.phase == "play" and state.game_no == CONFISCATION and state.options.speaking:
            acts = [*acts, SPEAK]
        return acts

    def explain(self, state: CourtState, seat: int, action: Action) -> Clause | None:
        if action.verb == "declare":
            return RULES["court_whist.card.coronation"]
        if action.verb == "speak":
            return RULES["court_whist.card.confiscation"]
        if state.phase == "declare":
            return RULES["court_whist.trump"]
        clause = super().explain(state, seat, action)
        if clause is tricks.FOLLOW_SUIT:
            return RULES["court_whist.follow"]
        return clause

    def other_apply(self, state: CourtState, seat: int, action: Action) -> None:
        state.trump = tricks.SUIT_WORDS.index(str(action.args[0]))
        state.suit, state.power = tricks.standard_tables(state.trump)
        state.phase = "play"

    # --- play (clockwise by chairs, which change with the partners) ------------------------------------------
    def _apply(self, state: CourtState, seat: int, action: Action) -> None:
        if state.phase != "play":
            self.other_apply(state, seat, action)
            return
        if action.verb == "speak":
            state.spoke[seat] += 1
            return
        hand = state.hands[seat]
        trick = state.trick
        trick.append((seat, hand.pop(hand.index(action.args[0]))))  # type: ignore[arg-type]
        if len(trick) < 4:
            state.turn = self._next_chair(state, seat)
            return
        winner = tricks.trick_winner(trick, state.suit, state.power, state.trump)
        state.taken[winner].extend([c for _, c in trick])
        state.tricks_won[winner] += 1
        state.last_trick = trick
        state.trick = []
        state.leader = state.turn = winner
        if not state.hands[winner]:
            self.end_hand(state)

    # --- scoring ------------------------------------------------------------------------------------------------
    def team_of(self, state: CourtState) -> dict[int, int]:
        return {s: t for t, team in enumerate(state.teams) for s in team}

    def end_hand(self, state: CourtState) -> None:
        g = state.game_no
        scores = hand_scores(g, self.team_of(state), state.teams, state.tricks_won, state.taken, state.ladies)
        pts = [0] * state.players
        notes = [f"{GAME_NAMES[g]} [{GAME_CLAUSES[g]}]"]
        if state.hand_in_game == 1 and state.cut_note:
            notes.append(state.cut_note)
        if g != CONSPIRACY:
            for team in state.teams:
                took = sum(state.tricks_won[s] for s in team)
                notes.append(f"seats {team[0]} & {team[1]} took {took} tricks and score {scores[team[0]]} "
                             "[court_whist.count]")
        else:
            notes.append("each player scores their own tricks [court_whist.card.conspiracy]")
        for s, p in scores.items():
            pts[s] = p
            if state.spoke[s]:
                pts[s] -= SPEAK_FORFEIT * state.spoke[s]
                notes.append(f"seat {s} spoke {state.spoke[s]} time(s) and forfeits {SPEAK_FORFEIT * state.spoke[s]} "
                             "[court_whist.card.confiscation]")
        if state.sitting_out is not None:
            pts[state.sitting_out] = state.options.sit_out_score
            notes.append(f"seat {state.sitting_out} sits out and scores {state.options.sit_out_score} "
                         "[court_whist.sit-out]")
        label = f"game {g} {GAME_NAMES[g]}, hand {state.hand_in_game}"
        state.sheet.add(label, tuple(pts), state.ply + 1, notes)
        if state.hand_in_game < HANDS_PER_GAME:
            state.dealer = self._next_chair(state, state.dealer)
            self._deal(state)
            return
        if g == len(GAME_NAMES):
            state.over = True
            state.phase = "over"
            return
        state.game_no += 1
        self._start_game(state)

    # --- views --------------------------------------------------------------------------------------------------
    def view(self, state: CourtState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        g = state.game_no
        v["game"] = g
        v["game_name"] = GAME_NAMES[g]
        v["hand_in_game"] = state.hand_in_game
        v["partners"] = g != CONSPIRACY
        v["teams"] = [list(t) for t in state.teams] if g != CONSPIRACY else [[s] for s in state.chairs]
        v["chairs"] = list(state.chairs)
        v["ladies"] = sorted(state.ladies)
        v["sitting_out"] = state.sitting_out
        v["declarer"] = state.declarer if g == CORONATION else None
        v["turn_up"] = card_text(state.turn_up) if state.turn_up is not None else None
        v["revolution"] = g == REVOLUTION
        v["spoke"] = list(state.spoke)
        v["scores"] = list(state.sheet.totals)
        v["possible"] = list(POSSIBLE[g])
        if state.phase == "declare":
            v["turn"] = None
        return v

    def zones(self, state: CourtState) -> list[Zone]:
        up = state.turn_up
        zones: list[Zone] = []
        shown: list[Card] = []
        for s in range(state.players):
            hand = state.hands[s]
            if up is not None and s == state.dealer and up in hand:
                shown = [up]
                hand = [c for c in hand if c != up]
            zones.append(Zone(f"hand {s}", hand, frozenset({s})))
        zones.append(Zone("turned-up trump in the dealer's hand", shown))
        zones.append(Zone("trick", [c for _, c in state.trick]))
        zones += [Zone(f"taken {s}", state.taken[s]) for s in range(state.players)]
        return zones

    def prompt(self, state: CourtState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == "declare":
            return "You hold the king the score card names: declare trump."
        return f"{GAME_NAMES[state.game_no]}, hand {state.hand_in_game}: play a card."
