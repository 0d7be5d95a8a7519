"""Five Hundreds (rulebook 000): 500 Rum for two to four players with one deck and no wild cards.

Players meld sets and runs, dig deep into the spread discard line for a card they play at once,
add onto anyone's melds (the cards counting for whoever laid them), call "Rummy" out of turn on a
discard that could have been played, and go out on a discard that cannot be played; each hand
counts the cards on the table less those in hand, and the first to 500 wins. The rummy family
gives the moves' words, the restrictions they share and the zones of the view.
"""

from gamenight.families.rummy_game import Phase
from gamenight.games.five_hundreds.game import FiveHundreds, FiveHundredsState
from gamenight.games.five_hundreds.rules import RULES, SPEC, FiveHundredsOptions

__all__ = ["RULES", "SPEC", "FiveHundreds", "FiveHundredsOptions", "FiveHundredsState", "Phase"]
