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
from gamenight.games.chicago.game import Chicago, ChicagoState
from gamenight.games.chicago.rules import RULES, SPEC, ChicagoOptions

__all__ = ["CAT_NAMES", "CAT_WORDS", "EVAL", "NEXT_RANKS", "POINTS", "RULES", "ROYAL", "SPEC", "Chicago",
           "ChicagoOptions", "ChicagoState", "claim_text", "claim_value", "hand_type", "significant", "value_of"]
