"""A Liar's Dice bot: it claims the truth when the truth is high enough, and otherwise the
higher claim the next player is likeliest to believe; it calls a claim the dice it can see
make unlikely; after believing it looks, and shakes the dice that give it the best chance
of a hand that beats the claim.

It knows only what its view shows: the tray, the box when it has looked, the claim in
words. The chance that a claim is honest is worked out as if the hidden dice were rolled
at random, then raised towards belief, because a claimer who could tell the truth usually
does."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from gamenight.bots.base import Bot, View, heuristic_for
from gamenight.core.dice import parse_die
from gamenight.engine.actions import Action
from gamenight.games.liars_dice import Hand, claim_named, hand_of, is_honest
from gamenight.games.liars_dice.hands import beats, chance_above, chance_at_least, parse_claim

TRUST = 0.5
"""How far a random-roll chance is raised towards belief (chance ** TRUST)."""
CAUGHT = 0.55
"""How often a forced bluff is expected to be called."""


def _faces(pieces: Sequence[str]) -> list[int]:
    return [parse_die(p).face for p in pieces]


def _claim_to_beat(view: View) -> Hand | None:
    """The claim passed with the box, from the view's "claim" fact (its words and claimer)."""
    said = view.fact("claim")
    return claim_named(said["words"]) if said else None


def _claim_of(action: Action) -> Hand:
    return parse_claim([str(a) for a in action.args])


def _subsets(faces: Sequence[int]) -> list[tuple[int, ...]]:
    """Every choice of some of ``faces`` (none included), each once."""
    out = {()} | {tuple(sorted(c)) for n in range(1, len(faces) + 1) for c in combinations(faces, n)}
    return sorted(out)


def _straight_high(legal: Sequence[Action]) -> bool:
    """Does the straight rank above the full house here? (Read from the order the claims are listed in.)"""
    order = [_claim_of(a).category.word for a in legal if a.verb == "claim"]
    if "straight" in order and "full-house" in order:
        return order.index("straight") > order.index("full-house")
    return False


class LiarsDiceBot:
    name = "liars_dice-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        verbs = {a.verb for a in legal}
        if verbs <= {"left", "right"}:
            return rng.choice(legal)
        if "believe" in verbs or "call" in verbs:
            return self.decide(view, legal)
        if len(legal) == 1:
            return legal[0]
        if "look" in verbs:
            return Action("look")
        straight = _straight_high(legal)
        tray = _faces(view.pieces("tray"))
        box_zone = view.zone("box")
        box = _faces(box_zone.pieces) if box_zone is not None and not box_zone.hidden else None
        claim = _claim_to_beat(view)
        if claim is not None and box is not None and verbs & {"roll", "keep", "take"}:
            shake = self.shake(box, tray, claim, legal, straight)
            if shake is not None:
                return shake
        return self.claim(box, tray, claim, legal, straight)

    # --- believe or call ----------------------------------------------------------------------------
    def decide(self, view: View, legal: list[Action]) -> Action:
        call = Action("call")
        believe = Action("believe")
        if believe not in legal:
            return call
        claim = _claim_to_beat(view)
        assert claim is not None  # believe is legal: there is a claim
        tray = _faces(view.pieces("tray"))
        box_zone = view.zone("box")
        if box_zone is not None and not box_zone.hidden and len(box_zone.pieces) + len(tray) == 5:
            return believe if is_honest(_faces(box_zone.pieces) + tray, claim) else call
        honest = chance_at_least(tray, claim) ** TRUST
        beat = max(chance_above(kept, claim) for kept in _subsets(tray))
        lose_if_believing = (1.0 - beat) * CAUGHT
        return call if honest < lose_if_believing else believe

    # --- shaking --------------------------------------------------------------------------------------
    def shake(self, box: list[int], tray: list[int], claim: Hand, legal: list[Action],
              straight: bool) -> Action | None:
        """The shake that gives the best chance to beat ``claim`` (None: the dice already beat it)."""
        if beats(hand_of(box + tray), claim, straight):
            return None
        takes = {tuple(sorted(a.args)): a for a in legal if a.verb == "take"}
        best: tuple[float, int, Action] | None = None
        tray_choices = [()] + list(takes) if takes else [()]
        for taken in tray_choices:
            back = [parse_die(str(d)).face for d in taken]
            left_on_tray = list(tray)
            for f in back:
                left_on_tray.remove(f)
            down = box + back
            for kept in _subsets(down):
                if len(kept) == len(down):
                    continue
                p = chance_above(tuple(left_on_tray) + kept, claim, straight)
                action = takes[taken] if taken else self._keep_action(kept, legal)
                if action is None:
                    continue
                key = (p, -len(taken), action)
                if best is None or key[:2] > best[:2]:
                    best = key
        return best[2] if best is not None else None

    @staticmethod
    def _keep_action(kept: tuple[int, ...], legal: list[Action]) -> Action | None:
        if not kept:
            return Action("roll") if Action("roll") in legal else None
        for a in legal:
            if a.verb == "keep" and sorted(parse_die(str(d)).face for d in a.args) == list(kept):
                return a
        return None

    # --- claiming ------------------------------------------------------------------------------------
    def claim(self, box: list[int] | None, tray: list[int], claim: Hand | None, legal: list[Action],
              straight: bool) -> Action:
        claims = [a for a in legal if a.verb == "claim"]
        if not claims:
            return legal[0]
        if box is not None and len(box) + len(tray) == 5:
            truth = hand_of(box + tray)
            whole = bool(_claim_of(claims[0]).whole)
            said = truth if whole else truth.principal()
            for a in claims:
                if _claim_of(a) == said:
                    return a
        # A forced bluff: the claim the next player, who sees only the tray, finds likeliest.
        return max(claims, key=lambda a: (chance_at_least(tray, _claim_of(a), straight), -claims.index(a)))


@heuristic_for("liars_dice")
def liars_dice_bot() -> Bot:
    return LiarsDiceBot()
