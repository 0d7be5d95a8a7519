"""The rules of Court Whist (rulebook 000): four players a table, as many tables as the room fills,
play the score card's seven games of four hands each (Coronation, Prosperity,
Conspiracy, Chivalry, Revolution, Confiscation, Restoration), each with its own trumps
and scoring. After each game the winners at every table move on (men one way, ladies
the other) and the losers split up, so everyone gets a new partner; players left over
sit out a game at a time and score 8 a hand. Every player keeps their own score card:
the highest grand total wins. One table alone plays the same evening with nobody
moving."""

from __future__ import annotations

import random
from dataclasses import dataclass

from gamenight.core.cards import Card, standard_deck
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import NO_LIMIT, GameSpec
from gamenight.engine.options import OptionError, option
from gamenight.families import tricks

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
        "auto", "The ladies sit in seats {value}; everyone else is a man (auto: seats 1 and 2 of every four, "
        "i.e. 1, 2, 5, 6, 9, 10, ...; set this to match your room).")
    partners: str = option(
        "rotate", "Partners: {value} (rotate: everybody gets a new partner after each game; fixed: partners "
        "stay together all evening and a winning pair moves on together).", choices=PARTNER_CHOICES)
    sit_out_score: int = option(8, "Sit-out score: {value} a hand.", minimum=0, maximum=39)
    speaking: bool = option(
        True, "The app takes 'speak' in Confiscation: {value}.")


R = "Players and cards"
G = "Game play"
M = "Moving between tables"
C = "The score card"


def _tables(n: int) -> bool:
    return n >= 8


def _rotate(o: CourtWhistOptions) -> bool:
    return o.partners == "rotate"


DECK_RULE = Clause("court_whist.deck", "One deck of cards per table, not including jokers.", R)
TABLES = Clause("court_whist.tables", "4 players per table, no limit to the number of tables you can have: every "
                "four players make a table, and the players left over sit out.", R)
DEAL_ALL = Clause("court_whist.deal.all", "All cards are dealt out each round.", R)
GOAL = Clause("court_whist.goal", "High score at the end of the 7 rounds wins: every player keeps their own score "
              "card, and the highest grand total wins.", R)
SETS = Clause("court_whist.sets", "Each group of 4 people plays one set of 4 hands as seen on the score sheet; the "
              "tables play at the same time and the next game starts when every table has played its 4 hands.", G)
PROGRESSION = Clause("court_whist.progression", "After each set of 4 hands, the winners (the partnership with the "
                     "higher total for the set) move to a new table: the man moves counter-clockwise to the next "
                     "table, the lady clockwise. At a single table nobody changes tables.", M,
                     option="partners", when=_rotate)
PROGRESSION_TIE = Clause("court_whist.progression.tie", "If there is a tie after the 4 hands then all players at "
                         "that table cut and the highest man and highest lady move (aces high; ties cut again).", M,
                         players=_tables, option="partners", when=_rotate)
PROGRESSION_CONSPIRACY = Clause("court_whist.progression.conspiracy", "Conspiracy has no partners: after it the "
                                "highest-scoring man and the highest-scoring lady at each table move (ties cut; the "
                                "book does not say).", M, players=_tables, option="partners", when=_rotate)
PROGRESSION_MIXED = Clause("court_whist.progression.mixed", "Where a table's winners are not one man and one lady, "
                           "the higher scorer (or higher cut) moves counter-clockwise and the other clockwise, so "
                           "every table keeps four players.", M, players=_tables, option="partners", when=_rotate)
NEW_PARTNER = Clause("court_whist.new-partner", "One of the losers moves either left or right one chair at the table "
                     "so all players get a new partner each round: the losers each partner one of the players "
                     "arriving (at a single table, everybody is seated with a new partner); each partnership is one "
                     "lady and one man where the table allows it.", M, option="partners", when=_rotate)
FIXED_PARTNERS = Clause("court_whist.fixed-partners", "Partners stay the same all evening (partners sit opposite); "
                        "a winning partnership moves together to the next table clockwise (ties: the pair holding "
                        "the highest cut moves).", M, option="partners", when=lambda o: o.partners == "fixed")
DEAL_CUT = Clause("court_whist.deal.cut", "All players cut for the deal the first time they play a round; high "
                  "card deals (aces high). A tie for high cuts again.", G)
DEAL_ROTATION = Clause("court_whist.deal.rotation", "After that the deal progresses around the table clockwise so "
                       "that all players get a chance to deal once.", G)
LEAD = Clause("court_whist.lead", "Deal all cards. The person to the left of the dealer plays the first card.", G)
TRUMP = Clause("court_whist.trump", "Trump is decided as instructed on the score sheet.", G)
COUNT = Clause("court_whist.count", "Points are counted up after each hand by partners (except Conspiracy) and "
               "recorded on the score sheets; each player needs a copy of the score sheet.", G)
TURN_UP = Clause("court_whist.conspiracy.turn-up", "For Conspiracy the last card dealt out is trump and is given to "
                 "the dealer after everybody sees it.", G)
PARTNERS = Clause("court_whist.partners", "Partners are selected at random and each set of partners will include "
                  "one lady and one man: the app seats the tables and draws the first partnerships at random. Which "
                  "seats are ladies is the house's setting, now {ladies} (auto: seats 1 and 2 of every four).", G,
                  option="ladies")
ACES = Clause("court_whist.aces", "Aces are high at all times, including cuts.", G)
SIT_OUT = Clause("court_whist.sit-out", "Sit outs (if necessary) take a score of {sit_out_score} at each hand: when "
                 "the players do not fill whole tables, the ones left over sit out a game at a time, in turn by "
                 "seat.", G, option="sit_out_score")
SIT_OUT_RETURN = Clause("court_whist.sit-out.return", "A player coming back from sitting out takes the chair of a "
                        "player who now sits out (a lady's chair for a lady where possible).", G,
                        players=lambda n: n % 4 != 0)
CORONATION_CARD = Clause("court_whist.card.coronation", "Game 1, Coronation, partners: total tricks taken. Trump is "
                         "declared by the owner of the King of Spades, then of the King of Hearts, the King of Clubs "
                         "and the King of Diamonds. Total possible 13.", C)
PROSPERITY_CARD = Clause("court_whist.card.prosperity", "Game 2, Prosperity, partners: each trick counts as double. "
                         "Spades, Hearts, Clubs, then Diamonds trump. Total possible 26.", C)
CONSPIRACY_CARD = Clause("court_whist.card.conspiracy", "Game 3, Conspiracy, no partners: each player scores own "
                         "tricks only. The last card is turned up for trump. Total possible 13.", C)
CHIVALRY_CARD = Clause("court_whist.card.chivalry", "Game 4, Chivalry, partners: 2 extra for each trick taken by "
                       "the lady. Spades, Hearts, Clubs, then Diamonds trump. Total possible 13 to 39.", C)
REVOLUTION_CARD = Clause("court_whist.card.revolution", "Game 5, Revolution, partners: each side scores the "
                         "opponents' tricks. No trump. Total possible 13.", C)
CONFISCATION_CARD = Clause("court_whist.card.confiscation", "Game 6, Confiscation, partners: each player speaking "
                           "after the cards are dealt forfeits 3 points, which are deducted from the speaker's "
                           "total. Spades, Hearts, Clubs, then Diamonds trump. Total possible 13.", C)
SPEAKING = Clause("court_whist.confiscation.speak", "The app cannot hear the table: a player who spoke owns up with "
                  "'speak' on their turn (table custom).", C, option="speaking", when=lambda o: o.speaking)
RESTORATION_CARD = Clause("court_whist.card.restoration", "Game 7, Restoration, partners: count each face card as a "
                          "point in addition to the tricks. Spades, Hearts, Clubs, then Diamonds trump. Total "
                          "possible 25.", C)
CARD_TOTAL = Clause("court_whist.card.total", "Grand total: the seven game totals added up.", C)

RULES = Rules([
    DECK_RULE, TABLES, DEAL_ALL, GOAL, SETS, PROGRESSION, PROGRESSION_TIE, PROGRESSION_CONSPIRACY, PROGRESSION_MIXED,
    NEW_PARTNER, FIXED_PARTNERS, DEAL_CUT, DEAL_ROTATION, LEAD, TRUMP, *tricks.SHARED_CLAUSES, COUNT, TURN_UP,
    PARTNERS, ACES, SIT_OUT, SIT_OUT_RETURN, CORONATION_CARD, PROSPERITY_CARD, CONSPIRACY_CARD, CHIVALRY_CARD,
    REVOLUTION_CARD, CONFISCATION_CARD, SPEAKING, RESTORATION_CARD, CARD_TOTAL,
])
TEXT_ONLY = (DECK_RULE, TABLES, DEAL_ALL, GOAL, NEW_PARTNER, DEAL_ROTATION, LEAD, TURN_UP, PARTNERS, ACES, SPEAKING,
             CARD_TOTAL, tricks.HIGHEST_WINS, tricks.TRUMP_WINS, tricks.WINNER_LEADS)
"""Clauses the deal, the seating and the play follow without citing them."""

GAME_CLAUSES = {CORONATION: CORONATION_CARD, PROSPERITY: PROSPERITY_CARD, CONSPIRACY: CONSPIRACY_CARD,
                CHIVALRY: CHIVALRY_CARD, REVOLUTION: REVOLUTION_CARD, CONFISCATION: CONFISCATION_CARD,
                RESTORATION: RESTORATION_CARD}
SCORING = {CORONATION: "total tricks taken", PROSPERITY: "each trick counts as double",
           CONSPIRACY: "each player scores own tricks only", CHIVALRY: "2 extra for each trick taken by the lady",
           REVOLUTION: "each side scores the opponents' tricks", CONFISCATION: "each player speaking forfeits 3 points",
           RESTORATION: "each face card taken counts a point as well as the tricks"}
"""The score card's line for each game, as the view shows it."""

SPEC = GameSpec(
    id="court_whist", title="Court Whist", family="tricks", players=range(4, NO_LIMIT),
    default_players=4, options=CourtWhistOptions, rules=RULES, source="000",
    summary="Seven games of four hands, each with its own trumps and scoring; winners move between tables and "
            "partners change every game; highest grand total wins.",
    presets={"standard": {}, "fixed_partners": {"partners": "fixed"}},
)


def parse_ladies(text: str, players: int) -> frozenset[int]:
    if text.strip().lower() == "auto":
        return frozenset(s for s in range(players) if s % 4 in (1, 2))
    try:
        seats = frozenset(int(t) for t in text.replace(",", " ").split())
    except ValueError:
        raise OptionError("ladies", f"'auto' or seat numbers like '1 2', not {text!r}") from None
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


def sit_outs(game_no: int, players: int) -> list[int]:
    """Who sits out game ``game_no``: the players left over from whole tables, in turn by seat."""
    k = players % 4
    return sorted({((game_no - 1) * k + j) % players for j in range(k)})


def cut_order(rng: random.Random, seats: list[int]) -> list[int]:
    """Everybody in ``seats`` cuts (aces high); high first, ties cut again among themselves."""
    deck = list(DECK)
    rng.shuffle(deck)
    rank = {s: deck[i] & 15 for i, s in enumerate(seats)}
    out: list[int] = []
    for r in sorted(set(rank.values()), reverse=True):
        tied = [s for s in seats if rank[s] == r]
        out += tied if len(tied) == 1 else cut_order(rng, tied)
    return out


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
