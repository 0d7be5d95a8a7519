"""Canasta (rulebook 001): classic partnership Canasta with 108 cards, jokers and 2s wild.

Four players in two partnerships meld sets of one rank for their side, draw from the stock or
take the whole discard pile by melding its top card, freeze the pile with wild cards and red
threes, stop it with black threes, build canastas of seven, ask the partner "may I go out?",
and score bonuses plus card values to 5000. The rummy family gives the moves' words, the
restrictions they share, the sets laid by rank for a side, and the zones of the view.
"""

from gamenight.games.canasta.game import Canasta, CanastaState, Phase
from gamenight.games.canasta.rules import RULES, SPEC, CanastaOptions

__all__ = ["RULES", "SPEC", "Canasta", "CanastaOptions", "CanastaState", "Phase"]
