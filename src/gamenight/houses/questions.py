"""Questions raised at the table, settled by the house's ``answers`` policy (rulebook 000,
"Disputes": vague rules are settled by the players) and recorded as rulings (rulebook
004: "document the group's decision in your house rules"). Under the Kali Effect a
"higher standard" claim the table does not settle unanimously is played the raiser's
way for that match only."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import datetime

from gamenight.houses.checks import checked_clause, clean_name, game_spec
from gamenight.houses.model import Answer, Change, House, HouseError, Question, Version, as_utc
from gamenight.houses.rules import apply_change, current_version, new_ruling, rule_set


def ask(house: House, game_id: str, text: str, *, by: str, table: Iterable[str], clause: str | None = None,
        host: str | None = None, match: str | None = None, higher_standard: bool = False, their_way: str = "",
        when: datetime | None = None) -> tuple[House, Question]:
    """Anyone at a table raises a question (free text, optionally about a clause).

    ``host`` rules under the host policy (default: the house's host). A
    ``higher_standard`` claim (rulebook 000: the rules are being applied to the
    raiser differently during this game) states ``their_way``: under the Kali
    Effect, if the table does not agree unanimously, they play it that way."""
    game_spec(game_id, "game")
    if not isinstance(text, str) or not text.strip():
        raise HouseError("a question needs some text", "text")
    by = clean_name(by, "by")
    seated = tuple(dict.fromkeys(clean_name(t, "table") for t in table))
    if by not in seated:
        seated = (by, *seated)
    ruler = clean_name(host, "host") if host is not None else house.host
    if house.answers == "host" and ruler not in seated and not (house.kali_effect and higher_standard):
        seated = (*seated, ruler)
    if higher_standard and not their_way.strip():
        raise HouseError("a higher-standard claim says how the raiser wants to play it", "their_way")
    qid = max((q.id for q in house.questions), default=0) + 1
    q = Question(qid, game_id, text.strip(), checked_clause(game_id, clause, "clause"), by, as_utc(when), seated,
                 ruler, match, bool(higher_standard), their_way.strip())
    return house.with_question(q), q


def _norm(text: str) -> str:
    return " ".join(text.casefold().split()).rstrip(".!")


def kali_applies(house: House, q: Question) -> bool:
    return house.kali_effect and q.higher_standard


def answer(house: House, question_id: int, *, by: str, text: str,
           when: datetime | None = None) -> tuple[House, Question]:
    """Someone at the table answers (or votes for an answer: same text, ignoring case).

    - Kali Effect on and a higher-standard claim: once everyone at the table has
      answered, a unanimous answer is recorded as a ruling in a new version;
      otherwise the raiser plays it their way for this match (``status="kali"``).
    - Host policy: the host's answer is the ruling.
    - Table policy: an answer given by more than half the table is the ruling; if
      everyone has answered and no answer has a majority, the question is
      ``unsettled`` (nothing recorded).
    Returns the new house and the question as it now stands."""
    q = house.question(question_id)
    if q.status != "open":
        raise HouseError(f"question #{q.id} is already {q.status}")
    by = clean_name(by, "by")
    if by not in q.table:
        raise HouseError(f"{by} is not at the table where question #{q.id} was raised")
    if not isinstance(text, str) or not text.strip():
        raise HouseError("an answer needs some text", "text")
    when = as_utc(when)
    answers = tuple(a for a in q.answers if a.member != by) + (Answer(by, text.strip(), when),)
    q = dataclasses.replace(q, answers=answers)
    given = {a.member: a for a in answers}
    ruled: tuple[str, tuple[str, ...], str] | None = None  # (text, who agreed, author)
    if kali_applies(house, q):
        if len(given) == len(q.table):
            texts = {_norm(a.text) for a in answers}
            if len(texts) == 1:
                ruled = (answers[0].text, q.table, ", ".join(q.table))
            else:
                q = dataclasses.replace(q, status="kali", ruling=q.their_way)
    elif house.answers == "host":
        if q.host in given:
            agreed = tuple(m for m, a in given.items() if _norm(a.text) == _norm(given[q.host].text))
            ruled = (given[q.host].text, agreed, q.host)
    else:
        counts: dict[str, list[str]] = {}
        for a in answers:
            counts.setdefault(_norm(a.text), []).append(a.member)
        best = max(counts.values(), key=len)
        if 2 * len(best) > len(q.table):
            ruled = (given[best[0]].text, tuple(best), ", ".join(best))
        elif len(given) == len(q.table):
            q = dataclasses.replace(q, status="unsettled")
    if ruled is not None:
        text_, agreed, author = ruled
        r = new_ruling(house, q.game, text_, author=author, clause=q.clause, why=f"question #{q.id}",
                       question=q.text, when=when)
        rules = apply_change(rule_set(house, q.game), Change(add_rulings=(r,)))
        number = current_version(house, q.game) + 1
        house = house.with_version(Version(number, rules, q.raised_by, when, f"question #{q.id}: {q.text}", "ruled",
                                           agreed))
        q = dataclasses.replace(q, status="ruled", ruling=text_, version=number)
    return house.with_question(q), q


def withdraw_question(house: House, question_id: int, *, by: str) -> House:
    q = house.question(question_id)
    if by not in (q.raised_by, q.host):
        raise HouseError(f"only {q.raised_by} can withdraw question #{q.id}")
    if q.status != "open":
        raise HouseError(f"question #{q.id} is already {q.status}")
    return house.with_question(dataclasses.replace(q, status="withdrawn"))


def open_questions(house: House, game_id: str | None = None) -> tuple[Question, ...]:
    return tuple(q for q in house.questions if q.status == "open" and (game_id is None or q.game == game_id))
