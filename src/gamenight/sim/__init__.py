"""Runs many matches between bots and summarises them, or compares rule sets on the same seeds."""

from gamenight.sim.pool import RayUnavailable, default_jobs, run
from gamenight.sim.simulate import Job, Outcome, SimulationSummary, Spread, play_match, simulate

__all__ = ["Job", "Outcome", "RayUnavailable", "SimulationSummary", "Spread", "default_jobs", "play_match", "run",
           "simulate"]
