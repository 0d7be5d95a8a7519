"""Chicago (Swedish; rulebook 004): three draws, two verbal showdowns scored by the poker
table, then five tricks of which only the last scores (5 points), and the best hand
on the table scores again. 46 points freezes your hand; 52 wins. A declared hand that
cannot be proven forfeits the game."""

from gamenight.games.chicago.claims import (
    CAT_NAMES,
    CAT_WORDS,
    EVAL,
    NEXT_RANKS,
    POINTS,
    ROYAL,
    claim_text,
    claim_value,
    hand_type,
    significant,
    value_of,
)
from gamenight.games.chicago.game import Chicago, ChicagoState, Phase
from gamenight.games.chicago.rules import RULES, SPEC, TEXT_ONLY, ChicagoOptions

__all__ = ["CAT_NAMES", "CAT_WORDS", "EVAL", "NEXT_RANKS", "POINTS", "RULES", "ROYAL", "SPEC", "TEXT_ONLY", "Chicago",
           "ChicagoOptions", "ChicagoState", "Phase", "claim_text", "claim_value", "hand_type", "significant",
           "value_of"]
