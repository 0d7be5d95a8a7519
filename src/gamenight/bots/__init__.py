"""Bots choose actions from views and legal actions. Importing this package loads every bot."""

import importlib
import pkgutil

from gamenight.bots.base import SEAT_BOTS, Bot, RandomBot, SeatBots, has_heuristic, heuristic_for, make_bot

for _mod in pkgutil.iter_modules(__path__):
    if _mod.name != "base":
        importlib.import_module(f"{__name__}.{_mod.name}")

__all__ = ["SEAT_BOTS", "Bot", "RandomBot", "SeatBots", "has_heuristic", "heuristic_for", "make_bot"]
