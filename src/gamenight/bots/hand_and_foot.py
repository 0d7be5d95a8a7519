"""Hand and Foot's bot: the canasta bot's habits (take the pile when it pays, meld naturals, keep wild
cards for the canastas they complete, go out when it wins more than waiting, don't feed the next
player), with Hand and Foot's wild cards and its canastas of seven."""

from __future__ import annotations

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.canasta import CanastaBot
from gamenight.games.hand_and_foot import cards as hf


@heuristic_for("hand_and_foot")
def hand_and_foot_bot() -> Bot:
    return CanastaBot("hand_and_foot-heuristic", wild=hf.is_wild, size=hf.CANASTA)
