"""Runs many matches between bots and summarises them."""

from gamenight.sim.simulate import SimulationSummary, Spread, play_match, simulate

__all__ = ["SimulationSummary", "Spread", "play_match", "simulate"]
