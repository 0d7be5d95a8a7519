"""Seats around a table, clockwise; teams of partners sitting opposite."""

from __future__ import annotations


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return (seat + steps) % players


def right_of(seat: int, players: int, steps: int = 1) -> int:
    return (seat - steps) % players


def clockwise_from(seat: int, players: int) -> list[int]:
    """All seats, starting at ``seat`` and going clockwise."""
    return [(seat + i) % players for i in range(players)]


def alternating_teams(players: int, teams: int = 2) -> tuple[tuple[int, ...], ...]:
    """Sides with seats alternating, so partners sit opposite: 0, 2 against 1, 3."""
    return tuple(tuple(range(t, players, teams)) for t in range(teams))


def team_of(seat: int, teams: tuple[tuple[int, ...], ...]) -> int:
    for i, members in enumerate(teams):
        if seat in members:
            return i
    raise ValueError(f"seat {seat} is on no team")
