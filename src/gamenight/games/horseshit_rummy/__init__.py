"""Horseshit Rummy (rulebook 000): sets only, each hand's size set by a card dealt face up, the
dealer's face-up card making its rank wild for everyone, and a spread discard pile picked as deep
as a natural pair allows. Cards played out in front of you count for you, cards left in hand
against you; first to 1500 wins. The rummy family gives the moves' words, the dig into the spread
pile, the restrictions they share, the candidate melds and the zones."""

from gamenight.families.rummy_game import Phase
from gamenight.games.horseshit_rummy.game import HorseshitRummy, HorseshitState
from gamenight.games.horseshit_rummy.rules import RULES, SPEC, HorseshitOptions

__all__ = ["RULES", "SPEC", "HorseshitOptions", "HorseshitRummy", "HorseshitState", "Phase"]
