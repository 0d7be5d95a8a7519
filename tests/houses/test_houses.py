"""Houses: rule sets per game, versions with buy-in, rulings, questions settled at the
table (with rulebook 000's Kali Effect), diffs, the house rulebook, and TOML files."""

from __future__ import annotations

import dataclasses
import html.parser
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamenight
from gamenight import houses as H
from gamenight.engine import options as opts
from gamenight.engine.options import MAX_NUMBER
from gamenight.rulebook import house_page, render, render_diff, render_house

T0 = datetime(2025, 3, 1, 19, 30, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def metzkers(approval: str = "host", answers: str = "host", kali: bool = False) -> H.House:
    return H.new_house("The Metzkers", "Brent", ["Barb", H.Member("Kali", admin=True), "Dana"],
                       approval=approval, answers=answers, kali_effect=kali)


def set_hearts(house: H.House, by: str, when: int = 0, why: str = "", **options: Any) -> tuple[H.House, H.Proposal]:
    return H.propose(house, "hearts", H.make_change(house, "hearts", options=options), by=by, why=why, when=at(when))


# --- members and founding ------------------------------------------------------------------------
def test_founding_a_house_makes_the_host_an_admin_and_plays_the_book() -> None:
    house = metzkers()
    assert [m.name for m in house.members] == ["Brent", "Barb", "Kali", "Dana"]
    assert house.is_admin("Brent") and house.is_admin("Kali") and not house.is_admin("Barb")
    assert H.current_version(house, "hearts") == 0
    assert H.options_for(house, "hearts") == gamenight.load("hearts", seed=1).options  # the book's main rules
    with pytest.raises(H.HouseError, match="listed twice"):
        H.new_house("X", "Ann", ["Bo", "Bo"])
    with pytest.raises(H.HouseError, match="approval"):
        H.new_house("X", "Ann", approval="dictator")


def test_only_admins_add_members_and_only_the_host_sets_policy() -> None:
    house = metzkers()
    with pytest.raises(H.HouseError, match="admin link"):
        H.add_member(house, "Eve", by="Barb")
    house = H.add_member(house, "Eve", by="Kali")
    assert house.member("Eve") == H.Member("Eve", False)
    with pytest.raises(H.HouseError, match="only the host"):
        H.set_policy(house, by="Kali", approval="majority")
    house = H.set_policy(house, by="Brent", approval="majority", kali_effect=True)
    assert house.approval == "majority" and house.kali_effect and house.answers == "host"


def test_who_may_give_a_member_a_new_link() -> None:
    house = metzkers()  # Brent hosts; Kali is an admin; Barb and Dana are members
    H.check_new_link(house, by="Brent", member="Kali")
    H.check_new_link(house, by="Kali", member="Barb")
    for by, member, said in [("Kali", "Brent", "host's link"), ("Brent", "Brent", "host's link"),
                             ("Barb", "Dana", "admin link"), ("Kali", "Kali", "only the host"),
                             ("Brent", "Zed", "not a member"), ("Zed", "Barb", "not a member")]:
        with pytest.raises(H.HouseError, match=said):
            H.check_new_link(house, by=by, member=member)


def test_a_house_carries_a_stable_id_through_its_file() -> None:
    house = H.new_house("The Metzkers", "Brent", house_id=H.new_id())
    text = H.to_toml(house)
    assert f'id = "{house.id}"' in text and H.from_toml(text).id == house.id
    assert H.from_toml(H.to_toml(metzkers())).id is None  # a file from before ids: the server gives it one
    for bad in ("short", "has spaces in it", "x" * 33, "../../etc/passwd"):
        with pytest.raises(H.HouseFormatError) as e:
            H.from_toml(f'id = "{bad}"\n' + H.to_toml(metzkers()))
        assert e.value.key == "id"
        with pytest.raises(H.HouseError):
            H.new_house("X", "Ann", house_id=bad)


def test_names_are_plain_and_short() -> None:
    for name, said in [("A\x00nn", "control characters"), ("N" * 81, "at most 80"), ("  ", "non-empty")]:
        with pytest.raises(H.HouseError, match=said):
            H.new_house(name, "Ann")
        with pytest.raises(H.HouseError, match=said):
            H.add_member(metzkers(), name, by="Brent")
    assert H.new_house("  The   Metzkers ", "Ann").name == "The Metzkers"


# --- versions and approval ---------------------------------------------------------------------------
def test_host_policy_the_hosts_change_takes_effect_at_once_with_who_when_and_why() -> None:
    house, p = set_hearts(metzkers(), "Brent", 5, "shorter games on school nights", target=50)
    assert p.status == "accepted" and p.version == 1
    v = H.version(house, "hearts")
    assert (v.number, v.proposed_by, v.when, v.why, v.status) == (1, "Brent", at(5), "shorter games on school "
                                                                  "nights", "approved")
    assert H.options_for(house, "hearts").target == 50
    match = gamenight.load("hearts", options=H.options_for(house, "hearts"), seed=3)
    assert match.options.target == 50
    assert H.played_under(house, "hearts").to_dict() == {"house": "The Metzkers", "game": "hearts", "version": 1}


def test_host_policy_another_admins_change_waits_for_the_host() -> None:
    house, p = set_hearts(metzkers(), "Kali", target=60)
    assert p.status == "open" and H.current_version(house, "hearts") == 0
    assert H.needed(house, p) == "the host, Brent"
    house = H.vote(house, p.id, by="Barb", yes=True)  # recorded, but the host decides
    house = H.vote(house, p.id, by="Dana", yes=True)
    assert house.proposal(p.id).status == "open"
    house = H.vote(house, p.id, by="Brent", yes=False)
    assert house.proposal(p.id).status == "rejected"
    assert H.current_version(house, "hearts") == 0 and H.options_for(house, "hearts").target == 100
    with pytest.raises(H.HouseError, match="already rejected"):
        H.vote(house, p.id, by="Brent", yes=True)


def test_members_without_the_admin_link_cannot_change_the_rules() -> None:
    with pytest.raises(H.HouseError, match="admin link"):
        set_hearts(metzkers(), "Barb", target=50)
    with pytest.raises(H.HouseError, match="not a member"):
        set_hearts(metzkers(), "Stranger", target=50)


def test_majority_policy_needs_more_than_half_of_the_members() -> None:
    house, p = set_hearts(metzkers("majority"), "Brent", target=50)  # 4 members: 3 yes needed
    assert p.status == "open" and "2 more yes votes" in H.needed(house, p)
    house = H.vote(house, p.id, by="Barb", yes=True, when=at(1))
    assert house.proposal(p.id).status == "open"  # 2 of 4 is not a majority
    with pytest.raises(H.HouseError, match="not a member"):
        H.vote(house, p.id, by="Zed")
    house = H.vote(house, p.id, by="Dana", yes=True, when=at(2))
    done = house.proposal(p.id)
    assert done.status == "accepted" and done.version == 1
    assert H.version(house, "hearts", 1).approved_by == ("Brent", "Barb", "Dana")
    assert H.version(house, "hearts", 1).when == at(2)  # in force from the deciding vote


def test_majority_policy_rejects_once_a_majority_is_out_of_reach_and_votes_can_change() -> None:
    house, p = set_hearts(metzkers("majority"), "Kali", target=50)
    house = H.vote(house, p.id, by="Barb", yes=False)
    house = H.vote(house, p.id, by="Barb", yes=True)  # changed her mind: one vote each
    assert [v.member for v in house.proposal(p.id).votes] == ["Kali", "Barb"]
    house = H.vote(house, p.id, by="Dana", yes=False)
    assert house.proposal(p.id).status == "open"  # Brent could still make it 3 of 4
    house = H.vote(house, p.id, by="Brent", yes=False)
    assert house.proposal(p.id).status == "rejected"
    assert H.current_version(house, "hearts") == 0


def test_a_one_member_house_decides_alone_under_either_policy() -> None:
    solo = H.new_house("Solo", "Ann", approval="majority")
    solo, p = H.propose(solo, "euchre", H.make_change(solo, "euchre", options={"target": 5}), by="Ann")
    assert p.status == "accepted" and H.options_for(solo, "euchre").target == 5


def test_two_open_proposals_each_apply_to_the_rules_in_force_when_accepted() -> None:
    house = metzkers()
    house, a = set_hearts(house, "Kali", target=50)
    house, b = set_hearts(house, "Kali", pass_count=4)
    house = H.vote(house, b.id, by="Brent")
    house = H.vote(house, a.id, by="Brent")
    rs = H.rule_set(house, "hearts")
    assert rs.values == {"target": 50, "pass_count": 4}  # accepting a did not undo b
    assert [v.number for v in H.versions(house, "hearts")] == [1, 2]


def test_withdrawing_a_proposal() -> None:
    house, p = set_hearts(metzkers(), "Kali", target=50)
    with pytest.raises(H.HouseError, match="withdraw"):
        H.withdraw(house, p.id, by="Barb")
    house = H.withdraw(house, p.id, by="Kali")
    assert house.proposal(p.id).status == "withdrawn" and not H.open_proposals(house)


def test_presets_and_unset_and_bad_values_name_the_key() -> None:
    house = metzkers()
    change = H.make_change(house, "hearts", preset="classic", options={"target": "75"})
    assert change.options == (("target", 75),)  # text from a form or the CLI becomes a number
    house, _ = H.propose(house, "hearts", change, by="Brent")
    assert H.options_for(house, "hearts").points_on_first_trick is False
    house, _ = H.propose(house, "hearts", H.make_change(house, "hearts", unset=["target"]), by="Brent")
    assert H.options_for(house, "hearts").target == 100 and H.rule_set(house, "hearts").preset == "classic"
    for kwargs, key in [({"options": {"target": 5}}, "games.hearts.options.target"),
                        ({"options": {"colour": "red"}}, "games.hearts.options.colour"),
                        ({"options": {"points_on_first_trick": "maybe"}}, "games.hearts.options.points_on_first_trick"),
                        ({"preset": "nope"}, "games.hearts.preset"),
                        ({"unset": ["colour"]}, "games.hearts.options.colour")]:
        with pytest.raises(H.HouseError) as e:
            H.make_change(house, "hearts", **kwargs)
        assert e.value.key == key and key in str(e.value)
    with pytest.raises(H.HouseError, match="changes nothing"):
        H.propose(house, "hearts", H.Change(), by="Brent")
    with pytest.raises(H.HouseError, match="no game called 'snap'"):
        H.make_change(house, "snap")


def test_a_proposal_no_table_could_deal_is_refused_naming_the_key() -> None:
    house = metzkers()
    for game, values, said in [("court_whist", {"ladies": "2 99"}, "seats are 0 to"),
                               ("court_whist", {"ladies": "the queens"}, "'auto' or seat numbers"),
                               ("court_whist", {"ladies": "1 " * 300}, "at most 200 characters"),
                               ("hearts", {"target": 10**30}, "at most"),
                               ("hearts", {"target": "9" * 4300}, "whole number")]:
        with pytest.raises(H.HouseError, match=said) as e:
            H.propose(house, game, H.make_change(house, game, options=values), by="Brent")
        assert e.value.key == f"games.{game}.options.{next(iter(values))}"
    house, p = H.propose(house, "court_whist", H.make_change(house, "court_whist", options={"ladies": "0 31"}),
                         by="Brent")  # seats 0 and 31: a 32-player evening deals it
    assert p.status == "accepted"


def test_a_house_file_whose_rules_in_force_cannot_be_dealt_is_refused() -> None:
    good = H.to_toml(metzkers())
    bad_rules = good + '\n[games.court_whist]\nproposed_by = "Brent"\nwhen = 2025-03-01T19:30:00Z\n' \
                       '[games.court_whist.options]\nladies = "the queens"\n'
    house = H.from_toml(bad_rules)  # a well-formed file...
    with pytest.raises(H.HouseError) as e:  # ...that would fail every table made under it
        H.check_playable(house)
    assert e.value.key == "games.court_whist.options.ladies"
    bad_proposal = good + '\n[[proposals]]\nid = 1\ngame = "court_whist"\nbase = 0\nproposed_by = "Kali"\n' \
                          'when = 2025-03-01T19:30:00Z\n[proposals.options]\nladies = "99"\n'
    with pytest.raises(H.HouseError) as e:  # an open proposal one vote would put in force
        H.check_playable(H.from_toml(bad_proposal))
    assert e.value.key == "proposals.1.options.ladies"
    H.check_playable(H.from_toml(good))


# --- rulings -------------------------------------------------------------------------------------------
def test_rulings_are_recorded_in_a_new_version_and_can_be_removed() -> None:
    house = metzkers()
    r = H.new_ruling(house, "hearts", "You may lead the queen of spades on the first trick.", author="Brent",
                     clause="hearts.lead.hearts-broken", why="it came up twice", when=at(1))
    assert r.id == "r1"
    house, p = H.propose(house, "hearts", H.make_change(house, "hearts", add_rulings=[r]), by="Brent", when=at(1))
    assert H.rulings_for(house, "hearts", "hearts.lead.hearts-broken") == (r,)
    assert H.rulings_for(house, "hearts", "hearts.pass") == ()
    r2 = H.new_ruling(house, "hearts", "No table talk.", author="Kali")
    assert r2.id == "r2" and r2.clause is None
    house, _ = H.propose(house, "hearts", H.make_change(house, "hearts", add_rulings=[r2]), by="Kali")
    house = H.vote(house, 2, by="Brent")
    house, _ = H.propose(house, "hearts", H.make_change(house, "hearts", remove_rulings=["r1"]), by="Brent")
    assert [x.id for x in H.rule_set(house, "hearts").rulings] == ["r2"]
    assert [x.id for x in H.rule_set(house, "hearts", 2).rulings] == ["r1", "r2"]  # history keeps it
    with pytest.raises(H.HouseError) as e:
        H.new_ruling(house, "hearts", "x", author="Brent", clause="hearts.no-such-clause")
    assert e.value.key == "clause" and "hearts.no-such-clause" in str(e.value)
    with pytest.raises(H.HouseError, match="no ruling 'r9'"):
        H.make_change(house, "hearts", remove_rulings=["r9"])
    assert H.new_ruling(house, "hearts", "Out of turn?", author="Brent", clause="engine.turn").clause == "engine.turn"


# --- questions at the table ---------------------------------------------------------------------------
TABLE = ["Brent", "Barb", "Kali", "Dana"]


def test_host_rules_a_question_and_the_ruling_is_a_new_version_shown_next_time() -> None:
    house, q = H.ask(metzkers(), "hearts", "Can I pass the queen of spades?", by="Barb", table=TABLE,
                     clause="hearts.pass", when=at(0))
    assert q.status == "open" and q.host == "Brent"
    house, q = H.answer(house, q.id, by="Dana", text="No", when=at(1))
    assert q.status == "open"  # only the host's answer settles it
    house, q = H.answer(house, q.id, by="Brent", text="Yes, any three cards.", when=at(2))
    assert q.status == "ruled" and q.ruling == "Yes, any three cards." and q.version == 1
    v = H.version(house, "hearts")
    assert v.status == "ruled" and v.proposed_by == "Barb" and "Can I pass" in v.why
    (r,) = H.rulings_for(house, "hearts", "hearts.pass")
    assert (r.text, r.question, r.author, r.when) == ("Yes, any three cards.", "Can I pass the queen of spades?",
                                                      "Brent", at(2))
    assert H.options_for(house, "hearts") == H.options_for(metzkers(), "hearts")  # options untouched
    with pytest.raises(H.HouseError, match="already ruled"):
        H.answer(house, q.id, by="Brent", text="No")


def test_only_people_at_the_table_raise_and_answer_questions() -> None:
    house, q = H.ask(metzkers(), "hearts", "Who deals?", by="Guest", table=["Brent", "Guest"])
    assert q.table == ("Brent", "Guest")  # a guest at the table may ask
    assert H.ask(metzkers(), "hearts", "?", by="Barb", table=["Brent"])[1].table == ("Barb", "Brent")
    with pytest.raises(H.HouseError, match="not at the table"):
        H.answer(house, q.id, by="Dana", text="Brent")
    with pytest.raises(H.HouseError, match="no clause"):
        H.ask(metzkers(), "hearts", "?", by="Barb", table=TABLE, clause="euchre.bower")


def test_table_policy_a_majority_of_the_table_settles_it() -> None:
    house, q = H.ask(metzkers(answers="table"), "euchre", "Does a misdeal cost the deal?", by="Barb",
                     table=TABLE[:3])
    house, q = H.answer(house, q.id, by="Barb", text="Yes.")
    assert q.status == "open"
    house, q = H.answer(house, q.id, by="Kali", text="  yes ")  # the same answer, however typed
    assert q.status == "ruled" and q.version == 1
    (r,) = H.rule_set(house, "euchre").rulings
    assert r.author == "Barb, Kali" and H.version(house, "euchre").approved_by == ("Barb", "Kali")


def test_table_policy_without_a_majority_nothing_is_recorded() -> None:
    house, q = H.ask(metzkers(answers="table"), "hearts", "Is a revoke a penalty?", by="Barb", table=TABLE)
    for who, text in zip(TABLE, ["yes", "no", "yes", "no"]):
        house, q = H.answer(house, q.id, by=who, text=text)
    assert q.status == "unsettled" and H.current_version(house, "hearts") == 0


def test_the_kali_effect_a_divided_table_lets_the_raiser_play_it_their_way_this_game_only() -> None:
    house, q = H.ask(metzkers(kali=True), "hearts", "You let Dana lead hearts before they were broken!",
                     by="Kali", table=TABLE, clause="hearts.lead.hearts-broken", match="m-7", higher_standard=True,
                     their_way="I may lead hearts this game too.")
    house, q = H.answer(house, q.id, by="Brent", text="No")  # the host alone does not decide a Kali claim
    assert q.status == "open"
    for who in ("Barb", "Dana"):
        house, q = H.answer(house, q.id, by=who, text="No")
    house, q = H.answer(house, q.id, by="Kali", text="Yes")
    assert q.status == "kali" and q.ruling == "I may lead hearts this game too."
    assert H.current_version(house, "hearts") == 0  # the house's rule set is unchanged
    (m,) = H.match_rulings(house, "m-7")
    assert (m.player, m.clause, m.text, m.game) == ("Kali", "hearts.lead.hearts-broken",
                                                    "I may lead hearts this game too.", "hearts")
    assert H.match_rulings(house, "m-8") == ()


def test_the_kali_effect_a_unanimous_table_records_a_ruling() -> None:
    house, q = H.ask(metzkers(kali=True), "hearts", "Held to a higher standard?", by="Kali", table=TABLE[:3],
                     higher_standard=True, their_way="my way")
    for who in TABLE[:3]:
        house, q = H.answer(house, q.id, by=who, text="The rule applies to everyone.")
    assert q.status == "ruled" and H.current_version(house, "hearts") == 1
    assert H.match_rulings(house, None) == ()


def test_without_the_kali_effect_a_higher_standard_claim_is_ruled_by_the_house_policy() -> None:
    house, q = H.ask(metzkers(kali=False), "hearts", "Higher standard?", by="Kali", table=TABLE,
                     higher_standard=True, their_way="my way")
    house, q = H.answer(house, q.id, by="Brent", text="No")
    assert q.status == "ruled"
    with pytest.raises(H.HouseError, match="their_way|how the raiser"):
        H.ask(metzkers(kali=True), "hearts", "?", by="Kali", table=TABLE, higher_standard=True)


# --- diff ------------------------------------------------------------------------------------------------
def test_diff_shows_options_with_both_rule_sentences_preset_and_rulings() -> None:
    house = metzkers()
    r1 = H.new_ruling(house, "hearts", "No table talk.", author="Brent")
    house, _ = H.propose(house, "hearts", H.make_change(house, "hearts", options={"target": 50}, add_rulings=[r1]),
                         by="Brent")
    r2 = H.new_ruling(house, "hearts", "Pass before looking? No.", author="Brent", clause="hearts.pass")
    house, _ = H.propose(house, "hearts", H.make_change(house, "hearts", preset="classic", add_rulings=[r2],
                                                        remove_rulings=["r1"]), by="Brent")
    d = H.diff_versions(house, "hearts", 1, 2)
    assert (d.before, d.after, d.preset) == (1, 2, (None, "classic"))
    (c,) = d.options
    assert (c.name, c.before, c.after) == ("points_on_first_trick", True, False)
    assert c.before_rule.endswith(": yes.") and c.after_rule.endswith(": no.")
    assert [r.id for r in d.added] == ["r2"] and [r.id for r in d.removed] == ["r1"]
    d0 = H.diff_versions(house, "hearts", 0, 1)
    assert [(c.name, c.before, c.after) for c in d0.options] == [("target", 100, 50)]
    assert "reaches 100 points" in d0.options[0].before_rule and "reaches 50 points" in d0.options[0].after_rule
    assert H.diff_versions(house, "hearts", 2, 2).empty
    text = render_diff(d, "text", house.name)
    assert "version 1: yes" in text and "version 2: no" in text and "+ r2 [hearts.pass]" in text and "- r1" in text
    page = render_diff(d, "html")
    assert '<tr data-option="points_on_first_trick">' in page and page.count("<td>") >= 2
    assert "| **points on first trick** |" in render_diff(d, "markdown")
    with pytest.raises(H.HouseError, match="no version 7"):
        H.diff_versions(house, "hearts", 1, 7)


# --- the house rulebook ------------------------------------------------------------------------------------
class _Balanced(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ("meta",):
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"unbalanced </{tag}>"
        self.stack.pop()


def ruled_house() -> H.House:
    house = metzkers(kali=True)
    rs = [H.new_ruling(house, "hearts", "Lead the <queen> & smile.", author="Brent",
                       clause="hearts.lead.hearts-broken", number=1),
          H.new_ruling(house, "hearts", "Phones away.", author="Brent", number=2),
          H.new_ruling(house, "hearts", "The first trick rule counts double.", author="Brent",
                       clause="hearts.first-trick.points", number=3)]
    house, _ = H.propose(house, "hearts", H.make_change(house, "hearts", options={"target": 50}, add_rulings=rs),
                         by="Brent", why="first house night")
    house, q = H.ask(house, "hearts", "Higher standard!", by="Kali", table=["Brent", "Kali"], clause="hearts.pass",
                     match="m1", higher_standard=True, their_way="I pass two cards.")
    house, q = H.answer(house, q.id, by="Brent", text="No")
    house, q = H.answer(house, q.id, by="Kali", text="Yes")
    assert q.status == "kali"
    return house


def test_house_rulebook_puts_rulings_beside_their_clauses_in_text() -> None:
    house = ruled_house()
    text = render_house(house, "hearts", 4)
    lines = text.splitlines()
    lead = next(i for i, x in enumerate(lines) if "(hearts.lead.hearts-broken)" in x)
    assert "[house ruling] Lead the <queen> & smile." in lines[lead + 1]
    assert "The Metzkers' house rules, version 1" in text and "first house night" in text
    general = text.split("House rulings")[1]
    assert "Phones away." in general
    assert "about hearts.first-trick.points, not in force" in general  # that clause is the classic preset's
    assert "The game is played to 50 points" in " ".join(text.split())
    assert "I pass two cards" not in text  # a per-match ruling shows only for its match
    with_match = render_house(house, "hearts", 4, with_match_rulings=True, match="m1")
    assert "[this game only (The Kali Effect)] I pass two cards." in with_match
    pas = with_match.split("(hearts.pass)")[1].splitlines()[1]
    assert "I pass two cards" in pas


def test_house_rulebook_markdown_and_html_are_escaped_and_balanced() -> None:
    house = ruled_house()
    md = render_house(house, "hearts", 4, "markdown")
    assert "  > **house ruling:** Lead the \\<queen\\> & smile." in md and "## House rulings" in md
    frag = render_house(house, "hearts", 4, "html", with_match_rulings=True, match="m1")
    assert "<queen>" not in frag and "Lead the &lt;queen&gt; &amp; smile." in frag
    assert '<li class="note match">' in frag and '<li class="note ruling">' in frag
    parser = _Balanced()
    parser.feed(frag)
    assert parser.stack == []
    page = house_page(house, "hearts", 4)
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page and "The Metzkers&#x27; house rules" in page
    # the plain rulebook is unchanged by all this
    spec = gamenight.get_game("hearts").spec
    assert "house ruling" not in render(spec, H.options_for(house, "hearts"), 4)


def test_earlier_versions_render_too() -> None:
    house = ruled_house()
    assert "the book's main rules" in render_house(house, "hearts", 4, number=0)
    with pytest.raises(H.HouseError):
        render_house(house, "hearts", 4, number=5)


# --- TOML ---------------------------------------------------------------------------------------------------
def test_a_hand_written_file_imports_and_becomes_canonical() -> None:
    text = """
name = "Corner Table"
host = "Ann"
approval = "majority"

[[members]]
name = "Ann"

[[members]]
name = "Bo"

[games.hearts]
preset = "classic"
proposed_by = "Ann"
when = 2025-01-05T20:00:00Z
options = { target = 75, pass-count = "4" }

[[games.hearts.rulings]]
id = "r1"
text = "Jokers stay in the box."
author = "Ann"
when = 2025-01-05T20:00:00Z
"""
    house = H.from_toml(text)
    assert house.is_admin("Ann") and H.current_version(house, "hearts") == 1
    assert H.options_for(house, "hearts").pass_count == 4 and H.options_for(house, "hearts").target == 75
    canon = H.to_toml(house)
    assert H.to_toml(H.from_toml(canon)) == canon
    assert "pass_count = 4" in canon and 'answers = "host"' in canon


BASE = """name = "H"
host = "Ann"
[[members]]
name = "Ann"
[games.hearts]
proposed_by = "Ann"
when = 2025-01-05T20:00:00Z
[games.hearts.options]
target = 50
[[games.hearts.rulings]]
id = "r1"
text = "t"
clause = "hearts.pass"
author = "Ann"
when = 2025-01-05T20:00:00Z
"""


@pytest.mark.parametrize("old, new, key", [
    ("target = 50", "target = 5", "games.hearts.options.target"),
    ("target = 50", "colour = 1", "games.hearts.options.colour"),
    ("target = 50", 'target = "many"', "games.hearts.options.target"),
    ('clause = "hearts.pass"', 'clause = "hearts.nope"', "games.hearts.rulings[0].clause"),
    ('id = "r1"', 'id = "one"', "games.hearts.rulings[0].id"),
    ("[games.hearts]", "[games.snap]", "games.snap"),
    ("[games.hearts]\n", '[games.hearts]\npreset = "nope"\n', "games.hearts.preset"),
    ("[games.hearts]\n", "[games.hearts]\nversion = 3\n", "games.hearts.version"),
    ("[games.hearts]\n", "[games.hearts]\nflavour = 1\n", "games.hearts.flavour"),
    ('host = "Ann"', 'host = "Zed"', "host"),
    ('host = "Ann"', 'host = "Ann"\napproval = "mob"', "approval"),
    ('host = "Ann"', 'host = "Ann"\nkali_effect = "yes"', "kali_effect"),
    ('host = "Ann"', 'host = "Ann"\ncolour = "red"', "colour"),
    ('when = 2025-01-05T20:00:00Z\n[games', 'when = "soon"\n[games', "games.hearts.when"),
    ('name = "H"', "name = H", "(file)"),
])
def test_bad_files_are_refused_naming_the_key(old: str, new: str, key: str) -> None:
    assert old in BASE
    H.from_toml(BASE)  # the unmodified file is fine
    with pytest.raises(H.HouseFormatError) as e:
        H.from_toml(BASE.replace(old, new, 1))
    assert e.value.key == key, str(e.value)
    assert str(e.value).startswith(key)


def test_bad_proposals_and_questions_name_the_key() -> None:
    house, _ = set_hearts(metzkers(), "Kali", target=50)
    house, _ = H.ask(house, "hearts", "?", by="Barb", table=TABLE)
    data = H.to_data(house)
    data["proposals"][0]["options"] = {"target": 1}
    with pytest.raises(H.HouseFormatError) as e:
        H.from_data(data)
    assert e.value.key == "proposals[0].options.target"
    data = H.to_data(house)
    data["questions"][0]["status"] = "lost"
    with pytest.raises(H.HouseFormatError) as e:
        H.from_data(data)
    assert e.value.key == "questions[0].status"


# --- round trips (hypothesis over every registered game's option values) -------------------------------------
NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=12).filter(
    lambda s: bool(s.strip()))
"""A name holds no control character (PostgreSQL cannot even store a NUL)."""
TEXTS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=40).filter(
    lambda s: bool(s.strip()))
WHEN = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC))


SEATS_TEXT = st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True).map(lambda s: " ".join(map(str, s)))
"""Free text a deal accepts where it names seats (Court Whist's ladies); other free text (Sticks'
contracts) has a grammar of its own, and is drawn as the game's default or as this."""


def _accepts(spec: gamenight.GameSpec, name: str, value: str) -> bool:
    try:
        opts.build(spec.options, {name: value})
    except opts.OptionError:
        return False
    return True


def option_values(spec: gamenight.GameSpec, free_text: st.SearchStrategy[str] = NAMES
                  ) -> st.SearchStrategy[tuple[tuple[str, Any], ...]]:
    """Values each option accepts (``free_text`` for text without choices: any name fits a file)."""
    parts = []
    for info in opts.describe(spec.options):
        if info.kind is bool:
            s: st.SearchStrategy[Any] = st.booleans()
        elif info.choices:
            s = st.sampled_from(info.choices)
        elif info.kind is str:  # free text (e.g. Court Whist's ladies): stored stripped, no control characters
            s = st.one_of(st.just(info.default), free_text.map(str.strip).filter(
                lambda v, n=info.name: _accepts(spec, n, v)))
        else:
            lo = info.minimum if info.minimum is not None else -1000
            s = st.integers(lo, info.maximum if info.maximum is not None else MAX_NUMBER)
        parts.append(st.one_of(st.none(), s).map(lambda v, n=info.name: (n, v)))
    return st.tuples(*parts).map(lambda pairs: tuple(p for p in pairs if p[1] is not None))


@st.composite
def houses(draw: st.DrawFn) -> H.House:
    names = draw(st.lists(NAMES, min_size=1, max_size=4, unique=True))
    host = draw(st.sampled_from(names))
    members = tuple(H.Member(n, n == host or draw(st.booleans())) for n in names)
    games = []
    specs = draw(st.lists(st.sampled_from(gamenight.games()), max_size=3, unique_by=lambda s: s.id))
    for spec in sorted(specs, key=lambda s: s.id):
        clauses = [None, *(c.id for c in spec.rules)]
        versions = []
        rulings: list[H.Ruling] = []
        for n in range(1, draw(st.integers(1, 3)) + 1):
            if rulings and draw(st.booleans()):
                rulings = rulings[1:]
            for _ in range(draw(st.integers(0, 2))):
                rid = f"r{n * 10 + len(rulings)}"
                rulings.append(H.Ruling(rid, draw(TEXTS), draw(st.sampled_from(clauses)), draw(NAMES), draw(WHEN),
                                        draw(st.one_of(st.just(""), TEXTS)), draw(st.one_of(st.just(""), TEXTS))))
            rs = H.RuleSet(spec.id, draw(st.one_of(st.none(), st.sampled_from(list(spec.presets)))),
                           draw(option_values(spec)), tuple(rulings))
            versions.append(H.Version(n, rs, draw(NAMES), draw(WHEN), draw(st.one_of(st.just(""), TEXTS)),
                                      draw(st.sampled_from(H.VERSION_STATUS)),
                                      tuple(draw(st.lists(st.sampled_from(names), max_size=3)))))
        games.append(H.GameRules(spec.id, tuple(versions)))
    proposals = []
    for pid in range(1, draw(st.integers(0, 2)) + 1):
        spec = draw(st.sampled_from(gamenight.games()))
        change = H.Change(draw(st.one_of(st.none(), st.sampled_from(list(spec.presets)))), draw(option_values(spec)),
                          (), (), ())
        votes = tuple(H.Vote(n, draw(st.booleans()), draw(WHEN)) for n in names[:draw(st.integers(0, len(names)))])
        status = draw(st.sampled_from(H.PROPOSAL_STATUS))
        proposals.append(H.Proposal(pid, spec.id, draw(st.integers(0, 5)), change, host, draw(WHEN),
                                    draw(st.one_of(st.just(""), TEXTS)), votes, status,
                                    draw(st.integers(1, 9)) if status == "accepted" else None))
    questions = []
    for qid in range(1, draw(st.integers(0, 2)) + 1):
        spec = draw(st.sampled_from(gamenight.games()))
        answers = tuple(H.Answer(n, draw(TEXTS), draw(WHEN)) for n in names[:draw(st.integers(0, len(names)))])
        clause = draw(st.sampled_from([None, *(c.id for c in spec.rules)]))
        questions.append(H.Question(qid, spec.id, draw(TEXTS), clause,
                                    names[0], draw(WHEN), tuple(names), host, draw(st.one_of(st.none(), NAMES)),
                                    draw(st.booleans()), draw(st.one_of(st.just(""), TEXTS)), answers,
                                    draw(st.sampled_from(H.QUESTION_STATUS)), draw(st.one_of(st.just(""), TEXTS)),
                                    draw(st.one_of(st.none(), st.integers(1, 9)))))
    return H.House(draw(NAMES), host, members, draw(st.sampled_from(H.APPROVAL)), draw(st.sampled_from(H.ANSWERS)),
                   draw(st.booleans()), tuple(games), tuple(proposals), tuple(questions))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(houses())
def test_toml_round_trip(house: H.House) -> None:
    text = H.to_toml(house)
    back = H.from_toml(text)
    assert back == house
    assert H.to_toml(back) == text  # canonical
    for g in house.games:
        spec = gamenight.get_game(g.game).spec
        for v in g.versions:
            assert H.options_for(back, g.game, v.number) == opts.build(
                spec.options, {**spec.presets.get(v.rules.preset or "standard", {}), **v.rules.values})


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(houses())
def test_json_data_round_trip(house: H.House) -> None:
    data = json.loads(json.dumps(H.to_data(house, json_safe=True)))
    assert H.from_data(data) == house


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(gamenight.games()).flatmap(lambda spec: st.tuples(st.just(spec),
                                                                         option_values(spec, SEATS_TEXT))))
def test_any_valid_option_values_survive_propose_and_toml(case: tuple[gamenight.GameSpec, tuple[tuple[str, Any], ...]]
                                                          ) -> None:
    spec, values = case
    house = H.new_house("Round", "Ann")
    change = H.make_change(house, spec.id, options={k: str(v).lower() if isinstance(v, bool) else str(v)
                                                    for k, v in values})
    if change.empty:
        return
    house, p = H.propose(house, spec.id, change, by="Ann", when=T0)
    assert p.status == "accepted"
    back = H.from_toml(H.to_toml(house))
    assert H.options_for(back, spec.id) == opts.build(spec.options, dict(values))


def test_a_whole_evening_round_trips() -> None:
    house = ruled_house()
    house, p = set_hearts(house, "Kali", target=60)
    house = H.vote(house, p.id, by="Barb", yes=False)
    back = H.from_toml(H.to_toml(house))
    assert back == house
    assert dataclasses.replace(back, name="x") != house


# --- the web form's change, and which version a match in progress reads ---------------------------
def test_a_full_form_becomes_a_change_of_only_what_differs() -> None:
    house = metzkers()
    book = dataclasses.asdict(H.options_for(house, "hearts"))
    change = H.change_to(house, "hearts", preset=None, values={**book, "target": 50})
    assert dict(change.options) == {"target": 50} and not change.unset
    house, _ = H.propose(house, "hearts", change, by="Brent", when=at(0))
    assert H.options_for(house, "hearts").target == 50
    # sending the book's value again unsets the house's choice; sending the same form again changes nothing
    back = H.change_to(house, "hearts", preset=None, values=book)
    assert list(back.unset) == ["target"] and not back.options
    same = H.change_to(house, "hearts", preset=None, values={**book, "target": 50})
    assert not same.options and not same.unset
    with pytest.raises(H.HouseError, match="target"):
        H.change_to(house, "hearts", preset=None, values={**book, "target": "lots"})


def test_a_match_reads_its_own_tables_rulings_but_not_a_later_change_of_options() -> None:
    house = metzkers()
    started = H.current_version(house, "hearts")
    house, q = H.ask(house, "hearts", "Can I pass the queen of spades?", by="Barb", table=TABLE,
                     clause="hearts.pass", match="m1", when=at(0))
    house, q = H.answer(house, q.id, by="Brent", text="Yes.", when=at(1))
    assert H.version_for_match(house, "hearts", started, "m1") == q.version == started + 1
    assert H.version_for_match(house, "hearts", started, "m2") == started  # another table's ruling waits
    house, _ = set_hearts(house, by="Brent", when=2, target=50)  # an option change mid-match
    house, q2 = H.ask(house, "hearts", "Who leads?", by="Barb", table=TABLE, match="m1", when=at(3))
    house, q2 = H.answer(house, q2.id, by="Brent", text="The 2 of clubs.", when=at(4))
    assert H.version_for_match(house, "hearts", started, "m1") == started + 1  # stops at the option change


def test_a_stored_rule_set_the_game_no_longer_accepts_is_a_clear_error() -> None:
    # e.g. a house saved before a release changed an option: playing it names the bad key
    house, _ = set_hearts(metzkers(), by="Brent", target=50)
    (v,) = house.game_rules("hearts").versions
    stale = dataclasses.replace(v, rules=dataclasses.replace(v.rules, options=(("target", "lots"),)))
    house = dataclasses.replace(house, games=(H.GameRules("hearts", (stale,)),))
    with pytest.raises(H.HouseError) as e:
        H.options_for(house, "hearts")
    assert e.value.key == "games.hearts.options.target"
