"""A match: dealer rotation, thrown-in hands, hanging points carried, the end, JSON."""

import random

import pytest

from games.rules import Bid, InvalidInputError, Match
from tests.rules.playing import random_action


def play_match(match: Match, seed: int) -> None:
    rng = random.Random(seed)
    while match.winner is None and len(match.history) < 200:
        hand = match.new_hand(seed=rng.getrandbits(32))
        while not hand.is_over:
            hand.apply(random_action(hand, rng))
        match.record()


@pytest.mark.parametrize("variant", ["bulgarian", "bela", "belote", "coinche"])
def test_a_random_match_runs_to_a_winner(variant: str) -> None:
    match = Match(variant, dealer=2)
    play_match(match, seed=5)
    assert match.winner in (0, 1)
    assert [h["dealer"] for h in match.history[:5]] == [2, 3, 0, 1, 2][: len(match.history)]
    assert sum(sum(h["hand_points"]) for h in match.history) + sum(match.hanging) >= max(
        match.score
    )


def test_the_deal_passes_on_after_a_thrown_in_hand_and_hanging_points_stay() -> None:
    match = Match("bulgarian")
    match.hanging = [0, 7]
    hand = match.new_hand(seed=1)
    for _ in range(4):
        hand.apply(Bid.parse("pass"))
    match.record()
    assert (match.dealer, match.score, match.hanging) == (1, [0, 0], [0, 7])
    assert match.history == [{"dealer": 0, "outcome": "thrown_in", "hand_points": [0, 0]}]


def test_bela_target_is_a_house_rule_and_unknown_rules_are_refused() -> None:
    assert Match("bela", {"target": 501}).rules.target() == 501
    assert Match("bela").rules.target() == 1001
    with pytest.raises(InvalidInputError):
        Match("bela", {"target": 600})
    with pytest.raises(InvalidInputError):
        Match("bulgarian", {"target": 1001})
    with pytest.raises(InvalidInputError):
        Match("bela", {"undertrump": True})


def test_a_match_round_trips_through_json_mid_hand() -> None:
    match = Match("bela", {"target": 701}, dealer=3)
    rng = random.Random(9)
    for _ in range(2):
        hand = match.new_hand(seed=rng.getrandbits(32))
        while not hand.is_over:
            hand.apply(random_action(hand, rng))
        match.record()
    hand = match.new_hand(seed=77)
    hand.apply(hand.legal_actions()[0])
    saved = match.to_json()
    twin = Match.from_json(saved)
    assert twin.to_json() == saved
    assert twin.hand is not None and twin.hand.result() == hand.result()


def test_one_hand_at_a_time() -> None:
    match = Match("bulgarian")
    match.new_hand(seed=1)
    with pytest.raises(InvalidInputError):
        match.new_hand(seed=2)
    with pytest.raises(InvalidInputError):
        match.record()


@pytest.mark.parametrize("variant", ["bulgarian", "bela", "belote", "coinche"])
def test_a_fixed_number_of_deals_is_played_whatever_the_score(variant: str) -> None:
    match = Match(variant, {"target": 501} if variant in ("bela", "belote") else None, deals=12)
    play_match(match, seed=3)
    assert len(match.history) == 12 and match.is_over
    leader = None if match.score[0] == match.score[1] else int(match.score[1] > match.score[0])
    assert match.winner == leader
    with pytest.raises(InvalidInputError, match="over"):
        match.new_hand(seed=1)
    assert Match.from_json(match.to_json()).to_json() == match.to_json()


def test_a_fixed_length_match_is_not_over_before_its_last_deal_and_may_end_level() -> None:
    match = Match("bulgarian", deals=1)
    assert not match.is_over
    hand = match.new_hand(seed=1)
    for _ in range(4):
        hand.apply(Bid.parse("pass"))
    match.record()
    assert match.is_over and match.winner is None and match.score == [0, 0]
    with pytest.raises(InvalidInputError):
        Match("bulgarian", deals=0)


def test_a_hand_can_be_dealt_by_a_chosen_seat_and_the_deal_passes_on_from_there() -> None:
    match = Match("bulgarian", dealer=0)
    hand = match.new_hand(seed=4, dealer=3)
    assert hand.dealer == 3 and hand.to_act == 0
    for _ in range(4):
        hand.apply(Bid.parse("pass"))
    match.record()
    assert match.dealer == 0
    with pytest.raises(InvalidInputError, match="seat 0-3"):
        match.new_hand(seed=1, dealer=4)
