"""Desert Rummy (rulebook 000): eleven melds, from two sets of 3 to a run of 9, that each player
climbs on their own, a hand at a time.

Eleven cards each; jokers and 2s wild, never more wild cards than tame ones in a meld. A player
lays down the meld they are on (exactly, and nothing else that turn), adds to their own melds in
later turns, may swap a natural card for the wild card standing for it in a run once down, and
goes out with a discard. Whoever made their meld moves on; the first to lay down the 11th wins.
The rummy family gives the moves' words, the restrictions they share, runs written in order
and the search for a contract in hand.
"""

from gamenight.families.rummy_game import Phase
from gamenight.games.desert_rummy.game import DesertRummy, DesertState
from gamenight.games.desert_rummy.rules import RULES, SPEC, DesertOptions

__all__ = ["RULES", "SPEC", "DesertOptions", "DesertRummy", "DesertState", "Phase"]
