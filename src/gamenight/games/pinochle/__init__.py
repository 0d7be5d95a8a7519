"""Partnership auction Pinochle (rulebook 001): an 80-card deck, bidding from 25, the
three-card exchange with partner, meld tables I-III, crawling and over-trumping, throw-in,
and a game to 500 that the bidding side wins on a tie.

The meld counting lives in ``meld``; the options, clauses and spec in ``rules``; the game in
``game``.
"""

from gamenight.games.pinochle.game import Phase, Pinochle, PinochleState
from gamenight.games.pinochle.meld import Meld, best_meld, find_melds
from gamenight.games.pinochle.rules import RULES, SPEC, TEXT_ONLY, PinochleOptions, meld_clause

__all__ = ["RULES", "SPEC", "TEXT_ONLY", "Meld", "Phase", "Pinochle", "PinochleOptions", "PinochleState", "best_meld",
           "find_melds", "meld_clause"]
