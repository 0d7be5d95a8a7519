"""Shared card play for no-trump games where points are to be avoided (Canadian Salad,
Polignac): duck under the winning card as high as possible, dump the most dangerous
card when void, win with a high safe card when a trick must be won, lead low and safe.
It reads only the view and the legal actions; the game's bot says what a card costs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gamenight.bots.base import View, read_card
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.engine.view import ZoneKind


def avoid_play(view: View, legal: list[Action], power: Sequence[int], danger: Callable[[Card], int],
               last_identical_wins: bool = False, unload: bool = False) -> Action:
    """Choose a ``play`` action. ``danger(c)``: what card ``c`` costs whoever takes it;
    ``unload``: winning this trick costs nothing, so shed high cards instead of ducking."""
    cards: list[Card] = [a.args[0] for a in legal]
    by_card = {int(c): a for c, a in zip(cards, legal)}
    trick = [read_card(t) for t in view.pieces("trick")]
    if not trick:
        if unload:
            return by_card[max(cards, key=lambda c: (power[c], -danger(c)))]
        # Lead the lowest safe card, from the suit where it is lowest.
        safe = [c for c in cards if not danger(c)] or cards
        return by_card[min(safe, key=lambda c: (power[c], danger(c)))]
    led = trick[0] >> 4
    best = max(power[c] for c in trick if c >> 4 == led)
    following = [c for c in cards if c >> 4 == led]
    players = sum(1 for z in view.zones if z.kind is ZoneKind.HAND)
    last = len(trick) == players - 1
    if not following:
        # Void: throw the most dangerous card, then the highest.
        return by_card[max(cards, key=lambda c: (danger(c), power[c]))]
    if unload:
        return by_card[max(following, key=lambda c: (power[c], -danger(c)))]
    losers = [c for c in following if power[c] < best or (power[c] == best and not last_identical_wins)]
    if losers:
        return by_card[max(losers, key=lambda c: (power[c], -danger(c)))]
    # Must win: take it with the highest card that carries no points (it will not come back).
    safe = [c for c in following if not danger(c)]
    if last:
        return by_card[max(safe or following, key=lambda c: power[c])]
    return by_card[max(safe, key=lambda c: power[c])] if safe else by_card[min(following, key=lambda c: power[c])]
