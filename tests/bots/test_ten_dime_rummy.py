"""The heuristic 10 Dime Rummy bot: its decisions in dealt positions (it sees only the view and the
legal actions), and that it beats random bots over whole games."""

from __future__ import annotations

import random

from tests.games.test_ten_dime_rummy import SEAT0, table

from gamenight.bots import make_bot
from gamenight.bots.base import RandomBot
from gamenight.bots.ten_dime_rummy import TenDimeBot
from gamenight.engine.actions import Action
from gamenight.engine.match import Match
from gamenight.sim.simulate import simulate

BOT = TenDimeBot()


def choice(m: Match, seat: int) -> Action:
    return BOT.choose(m.view(seat), m.legal_actions(seat), random.Random(0))


def test_registered_for_ten_dime_rummy() -> None:
    assert isinstance(make_bot("ten_dime_rummy"), TenDimeBot)


def test_buys_out_of_turn_a_discard_that_makes_its_contract() -> None:
    m = table(hands={0: "7H 7D 3C 5C 9H JS QD KC AH 4S 6S 8D", 1: "9C 9D KS QH 5D 6D 8S 10H 4C 3H 3S JD"},
              top="7S")
    assert str(choice(m, 0)) == "buy 7S"


def test_lets_a_useless_discard_go() -> None:
    m = table(hands={0: "7H 7D 3C 5C 9H JS QD KC AH 4S 6S 8D", 1: "9C 9D KS QH 5D 6D 8S 10H 4C 3H 3S JD"},
              top="10C")
    assert str(choice(m, 0)) == "pass 10C"


def test_puts_the_contract_down_with_the_most_points() -> None:
    m = table(hands={0: SEAT0, 1: "7H 7D 7S 9C 9D KS KD KH 5C 6D 8S 4C"}, draws="10H",
              moves=((0, "pass 4D"), (1, "draw stock")))
    assert str(choice(m, 1)) == "meld KD KH KS"


def test_lays_off_after_melding_and_keeps_its_wild_cards() -> None:
    m = table(hands={0: SEAT0, 1: "7H 7D 7S 7C JK 9D AS 5C 6D 8S 4C 3H"}, draws="10H",
              moves=((0, "pass 4D"), (1, "draw stock"), (1, "meld 7H 7D 7S")))
    assert str(choice(m, 1)) in ("lay JK on 1", "lay 7C on 1")
    m.apply(1, "lay 7C on 1")
    m.apply(1, "lay JK on 1")
    action = choice(m, 1)
    assert action.verb == "discard" and str(action.args[0]) == "AS"  # the costliest loose card


def test_beats_random_bots() -> None:
    def chooser(game_id: str, seat: int) -> object:
        return make_bot(game_id) if seat == 0 else RandomBot()

    summary = simulate("ten_dime_rummy", games=3, players=2, seed=5, choose=chooser)  # type: ignore[arg-type]
    assert summary.ok and summary.win_rates[0] == 1.0
