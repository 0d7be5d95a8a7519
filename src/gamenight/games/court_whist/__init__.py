"""Court Whist (rulebook 000): four players a table, as many tables as the room fills,
play the score card's seven games of four hands each; winners move between tables after
each game, sit-outs score 8 a hand, the highest grand total wins."""

from gamenight.games.court_whist.game import CourtState, CourtWhist, Phase, Table
from gamenight.games.court_whist.rules import (
    CHIVALRY,
    CONFISCATION,
    CONSPIRACY,
    CORONATION,
    POSSIBLE,
    PROSPERITY,
    RESTORATION,
    REVOLUTION,
    RULES,
    SPEC,
    TEXT_ONLY,
    CourtWhistOptions,
    cut_order,
    hand_scores,
    pairings,
    parse_ladies,
    sit_outs,
)

__all__ = ["CHIVALRY", "CONFISCATION", "CONSPIRACY", "CORONATION", "POSSIBLE", "PROSPERITY", "RESTORATION",
           "REVOLUTION", "RULES", "SPEC", "TEXT_ONLY", "CourtState", "CourtWhist", "CourtWhistOptions", "Phase",
           "Table", "cut_order", "hand_scores", "pairings", "parse_ladies", "sit_outs"]
