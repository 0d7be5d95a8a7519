"""The heuristic Pinochle bot: sensible bids, exchange and play, and it beats random play."""

from __future__ import annotations

import random

import gamenight
from gamenight import cards
from gamenight.bots import RandomBot, has_heuristic, make_bot
from gamenight.bots.pinochle import PinochleBot
from gamenight.engine.actions import Action
from gamenight.engine.view import FactKind, View, ZoneKind, ZoneView, bid, fact, per_seat, phase_words
from gamenight.games.pinochle import Phase
from gamenight.games.pinochle.game import bid_actions
from gamenight.testing import scenario


def base_view(hand: str, phase: Phase = Phase.BID, trump: str | None = None, trick=(), bidder: int | None = None,
              high_bid: int = 0, meld: list[int] | None = None, bids: list[str] | None = None) -> View:
    """Seat 0's typed view: its hand, the trick as (seat, card) pairs, and the facts given."""
    facts = []
    if bids is not None:
        facts.append(per_seat("bids", "Bids", bids, FactKind.TEXT))
    if bidder is not None:
        facts.append(bid("bid", "Bid", high_bid, bidder))
    if trump is not None:
        facts.append(fact("trump", "Trump", FactKind.SUIT, trump))
    if meld is not None:
        facts.append(per_seat("meld", "Meld", meld))
    zones = (ZoneView("hand", "Hand", ZoneKind.HAND, "card", tuple(hand.split()), owner=0),
             ZoneView("trick", "Trick", ZoneKind.TRICK, "card", tuple(c for _, c in trick),
                      by=tuple(s for s, _ in trick)))
    return View(game="pinochle", seat=0, players=4, phase=phase_words(phase), to_act=(0,), zones=zones,
                facts=tuple(facts))


STRONG = "AH AH 10H 10H KH KH QH QH JH JH AS AC AD KS QS JD 10C KC QC JS"
WEAK = "JC JC QC QC 10C JD JD 10D 10D QD QD QH QH 10H 10H JS JS 10S 10S 10C"
"""No meld, no aces."""


def test_registered() -> None:
    assert has_heuristic("pinochle") and isinstance(make_bot("pinochle"), PinochleBot)


def test_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    bot, rng = PinochleBot(), random.Random(1)
    legal = [Action("pass"), *bid_actions(40)]
    assert bot.choose(base_view(STRONG), legal, rng) == Action("bid", (41,))
    assert bot.choose(base_view(WEAK), legal, rng) == Action("pass")
    # a strong hand keeps raising by the smallest step well past 50 (double run in hearts)
    legal = [Action("pass"), *bid_actions(120)]
    assert bot.choose(base_view(STRONG), legal, rng) == Action("bid", (125,))
    # forced dealer: the lowest bid
    assert bot.choose(base_view(WEAK), list(bid_actions(0)), rng) == Action("bid", (25,))
    # partner holds the contract: do not overbid it without a much stronger hand
    v = base_view(WEAK, bids=["", "", "30", ""], bidder=2, high_bid=30)
    assert bot.choose(v, [Action("pass"), *bid_actions(30)], rng) == Action("pass")


def test_asks_for_and_names_its_best_suit() -> None:
    bot, rng = PinochleBot(), random.Random(1)
    asks = [Action("ask", (s,)) for s in ("clubs", "diamonds", "hearts", "spades")]
    assert bot.choose(base_view(STRONG, phase=Phase.ASK), asks, rng) == Action("ask", ("hearts",))
    trumps = [Action("trump", (s,)) for s in ("clubs", "diamonds", "hearts", "spades")]
    assert bot.choose(base_view(STRONG, phase=Phase.TRUMP), trumps, rng) == Action("trump", ("hearts",))


def test_partner_passes_the_best_of_the_asked_suit() -> None:
    # seat 0 wins the auction (the others pass) and asks its partner for spades
    m = scenario("pinochle", dealer=3, hands={2: "AS 10S JS JS QS AH JC JC JD 10D 10D QD KD JH JH QH 10C 10C QC QC"},
                 moves=[(0, "bid 25"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "ask spades")])
    bot = PinochleBot()
    a = bot.choose(m.view(2), m.legal_actions(2), random.Random(1))
    assert sorted(map(str, a.cards)) == ["10S", "AS", "QS"]
    m.apply(2, a)
    # the bidder keeps its trumps and meld, passing back three other cards
    back = bot.choose(m.view(0), m.legal_actions(0), random.Random(1))
    m.apply(0, back)
    assert m.view(None).phase == Phase.TRUMP


def test_feeds_partner_and_trumps_cheaply() -> None:
    bot, rng = PinochleBot(), random.Random(1)
    # partner (seat 2) leads an ace; seat 3 followed low; seat 0 cannot beat it: put a counter on it
    trick = [(2, "AC"), (3, "JC")]
    v = base_view("KC QC JH", phase=Phase.PLAY, trump="spades", trick=trick, bidder=0)
    legal = [Action("play", (c,)) for c in cards("QC KC")]
    assert bot.choose(v, legal, rng) == Action("play", tuple(cards("KC")))
    # an opponent is winning and we cannot beat it: play the cheapest card
    trick = [(1, "AC")]
    v = base_view("KC QC JH", phase=Phase.PLAY, trump="spades", trick=trick, bidder=0)
    assert bot.choose(v, legal, rng) == Action("play", tuple(cards("QC")))


def test_throws_in_a_hopeless_contract() -> None:
    bot = PinochleBot()
    v = base_view(WEAK, phase=Phase.PLAY, trump="clubs", bidder=0, high_bid=80, meld=[6, 20, 0, 0])
    legal = [*[Action("play", (c,)) for c in cards("JC QC")], Action("throw", ("in",))]
    assert bot.choose(v, legal, random.Random(1)) == Action("throw", ("in",))
    v = base_view(WEAK, phase=Phase.PLAY, trump="clubs", bidder=0, high_bid=30, meld=[6, 20, 0, 0])
    assert bot.choose(v, legal, random.Random(1)).verb == "play"


def play_match(seed: int, bots: list, target: int = 500) -> gamenight.Match:
    m = gamenight.load("pinochle", seed=seed, options={"target": target})
    rng = random.Random(seed)
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), rng))
    return m


def test_heuristic_beats_random_over_many_matches() -> None:
    wins = 0
    n = 16
    for seed in range(n):
        h, r = PinochleBot(), RandomBot()
        bots = [h, r, h, r] if seed % 2 == 0 else [r, h, r, h]
        m = play_match(seed, bots)
        wins += m.result().winners[0] % 2 == seed % 2
    assert wins >= n - 1


class BidsLikeTheBotPlaysRandomly(PinochleBot):
    def choose(self, view, legal, rng):
        if view.phase == Phase.PLAY and all(a.verb == "play" for a in legal):
            return rng.choice(legal)
        return super().choose(view, legal, rng)


def test_heuristic_card_play_takes_more_trick_points_than_random_play() -> None:
    # Both sides bid and exchange alike; only the card play differs.
    ours = theirs = 0
    for seed in range(12):
        h, r = PinochleBot(), BidsLikeTheBotPlaysRandomly()
        m = play_match(100 + seed, [h, r, h, r], target=300)
        for row in m.sheet.rows:
            for note in row.notes:
                if " in tricks " in note:
                    pts = int(note.split(" and ")[1].split(" in tricks")[0])
                    if note.startswith("seats 0 & 2"):
                        ours += pts
                    else:
                        theirs += pts
    assert ours > theirs * 1.15


def test_bot_bids_are_mostly_made_in_self_play() -> None:
    made = sets = 0
    for seed in range(8):
        m = play_match(200 + seed, [PinochleBot() for _ in range(4)])
        for row in m.sheet.rows:
            text = " ".join(row.notes)
            made += "[pinochle.score.made]" in text
            sets += "[pinochle.score.set]" in text or "[pinochle.score.throw-in]" in text
    assert made >= 2 * sets
