"""Mexican Train (Dominoes), rulebook 000: a double-12 set, thirteen hands from the 12-12 engine
down to the 0-0, each player's own train, the Mexican train anyone may play on, markers on the
trains of players who could not play, doubles to follow up, and the pips left in hand as the
score; lowest total wins.

The book's alternate rules are options: the next engine held out (the player who went out
begins), and the double blank caught in hand counting 50. Where the book is silent or reads
two ways, an option keeps its reading as the default: after a double the book asks for one
more domino anywhere (``doubles="follow-up"``; the common "cover the double" rule is
``"cover"``), and a marker comes off when its owner plays anywhere (``marker_removed``).
"""

from gamenight.games.mexican_train.game import MexicanTrain, MexicanTrainState, Phase, laid, play, train_words
from gamenight.games.mexican_train.rules import (
    MEXICAN,
    RULES,
    SPEC,
    TEXT_ONLY,
    MexicanTrainOptions,
    engine_for,
    hand_points,
    score_hand,
    tiles_each,
)

__all__ = ["MEXICAN", "RULES", "SPEC", "TEXT_ONLY", "MexicanTrain", "MexicanTrainOptions", "MexicanTrainState",
           "Phase", "engine_for", "hand_points", "laid", "play", "score_hand", "tiles_each", "train_words"]
