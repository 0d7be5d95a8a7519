"""Push (rulebook 000): two partnerships, five deals of 6 to 10 cards with a fixed contract each,
jokers and 2s wild, and the push.

A player takes the top discard or pushes it, with a face-down stock card, to the opponent on
their left, and then draws. Each player lays their own contract down before anything else, then
melds freely and adds to anyone's melds; runs are only ever extended. A natural card frees the
wild card standing for it, to be played at once. When a player goes out their team counts
nothing and the opponents count what is left in their hands; low score after five deals wins.
The rummy family gives the moves' words, runs written in order and the search for a contract.
"""

from gamenight.families.rummy_game import Phase
from gamenight.games.push.game import Push, PushState
from gamenight.games.push.rules import RULES, SPEC, PushOptions

__all__ = ["RULES", "SPEC", "Phase", "Push", "PushOptions", "PushState"]
