"""Houses: a group's own rules for each game, chosen before the deal, on hand during
play, settled at the table and recorded.

Rulebook 004 ("House rules for card games"): choose the rules before the first deal,
keep them on hand, consult them whenever a question comes up, and when the group
settles a question "document the group's decision in your house rules", always with
"the group's buy-in". Rulebook 000 (General Rules, "Disputes" and "Alternate Rules"):
alternate rules are decided before play starts; vague rules are settled by the
players; and "The Kali Effect": a player who feels held to "A Higher Standard" than
the others, when the table cannot decide unanimously, plays it their way.

The model is pure: frozen dataclasses, and functions that return a new ``House``.

- ``model``: the house, its members and policies (``approval``: the host decides, or
  a majority of members; ``answers``: the host rules, or the table votes; and
  ``kali_effect``), and for each game numbered ``Version``s of its ``RuleSet``
  (a preset, option values and written ``Ruling``s). Version 0 is the book's main
  rules; a game the house never changed plays version 0.
- ``members``: founding a house, adding members, choosing its policies.
- ``proposals``: a ``Change`` waits for approval and becomes the next version.
- ``questions``: a question raised at a table is answered by the ``answers`` policy
  and becomes a ruling in a new version, or under the Kali Effect a ruling for that
  match only.
- ``rules`` and ``diff``: reading the rules in force and comparing versions.
- ``data`` and ``files``: plain data for the web app's store, and TOML files.

Games are reached only through the engine's registry, for their options and clauses.
"""

from gamenight.houses.checks import GENERAL_CLAUSES, clause_ids
from gamenight.houses.data import from_data, to_data
from gamenight.houses.diff import OptionChange, RuleDiff, diff, diff_versions, value_text
from gamenight.houses.files import from_toml, to_toml
from gamenight.houses.members import add_member, check_new_link, new_house, new_id, set_policy
from gamenight.houses.model import (
    ANSWERS,
    APPROVAL,
    FORMAT,
    PROPOSAL_STATUS,
    QUESTION_STATUS,
    VERSION_STATUS,
    Answer,
    Change,
    GameRules,
    House,
    HouseError,
    HouseFormatError,
    MatchRuling,
    Member,
    Proposal,
    Question,
    RuleSet,
    Ruling,
    Version,
    Vote,
    now,
    possessive,
)
from gamenight.houses.proposals import (
    change_to,
    check_playable,
    make_change,
    needed,
    open_proposals,
    propose,
    tally,
    vote,
    withdraw,
)
from gamenight.houses.questions import answer, ask, kali_applies, open_questions, withdraw_question
from gamenight.houses.rules import (
    PlayedUnder,
    apply_change,
    current_version,
    match_rulings,
    new_ruling,
    options_for,
    played_under,
    rule_set,
    rulings_for,
    version,
    version_for_match,
    versions,
)

__all__ = [
    "ANSWERS", "APPROVAL", "FORMAT", "GENERAL_CLAUSES", "PROPOSAL_STATUS", "QUESTION_STATUS", "VERSION_STATUS",
    "Answer", "Change", "GameRules", "House", "HouseError", "HouseFormatError", "MatchRuling", "Member",
    "OptionChange", "PlayedUnder", "Proposal", "Question", "RuleDiff", "RuleSet", "Ruling", "Version", "Vote",
    "add_member", "answer", "apply_change", "ask", "change_to", "check_new_link", "check_playable", "clause_ids",
    "current_version", "diff", "diff_versions", "from_data", "from_toml", "kali_applies", "make_change",
    "match_rulings", "needed", "new_house", "new_id", "new_ruling", "now", "open_proposals", "open_questions",
    "options_for", "played_under", "possessive", "propose", "rule_set", "rulings_for", "set_policy", "tally",
    "to_data", "to_toml", "value_text", "version", "version_for_match", "versions", "vote", "withdraw",
    "withdraw_question",
]
