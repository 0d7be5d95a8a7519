"""Liar's Dice (rulebook 001), played with five poker dice in a box with a tray: pass the
box with a claim of the poker hand inside; the next player believes it, looks, may keep
dice up on the tray and shake the rest, and must pass on a higher claim, or calls and
opens the box. Whoever was wrong loses a bet; the last player with bets left wins."""

from gamenight.games.liars_dice.game import CallOutcome, LiarsDice, LiarsDiceState, Phase, claim_action, settle_call
from gamenight.games.liars_dice.hands import Category, Hand, claim_named, hand_of, is_honest, parse_claim, strength
from gamenight.games.liars_dice.rules import RULES, SPEC, TEXT_ONLY, LiarsDiceOptions

__all__ = ["RULES", "SPEC", "TEXT_ONLY", "CallOutcome", "Category", "Hand", "LiarsDice", "LiarsDiceOptions",
           "LiarsDiceState", "Phase", "claim_action", "claim_named", "hand_of", "is_honest", "parse_claim",
           "settle_call", "strength"]
