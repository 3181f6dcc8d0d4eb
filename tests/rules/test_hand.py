"""The hand state machine: phases, turns, precise errors, views and serialization."""

import pytest

from games.rules import (
    Bid,
    HandState,
    IllegalActionError,
    InvalidInputError,
    MalformedActionError,
    Play,
    action_from_json,
    action_to_json,
    get_variant,
)
from tests.rules.playing import hand_after, play_out

DEAL = [
    "Ad Kd Qd Jd Ts 9s 8s 7s",
    "Ac Kc Qc Jc Tc 9c 8c 7c",
    "Ah Th Kh Qh 8h 7h Qs Js",
    "9h Jh As Ks 7d 8d 9d Td",
]


DECK = [code for cards in DEAL for code in cards.split()]


def error_code(state: HandState, action: Bid | Play, seat: int | None = None) -> str:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action, seat)
    return caught.value.code


def test_phases_and_turns_follow_the_deal() -> None:
    state = hand_after("bulgarian", DEAL, [], dealer=0)
    assert (state.phase, state.to_act) == ("bidding", 1)
    state = hand_after("bulgarian", DEAL, ["hearts", "pass", "pass", "pass"], dealer=0)
    assert (state.phase, state.to_act) == ("playing", 1)
    assert state.standing_contract().to_dict() == {"bid": "hearts", "team": 1, "multiplier": 1}


def test_errors_name_the_rule_broken() -> None:
    state = hand_after("bulgarian", DEAL, [], dealer=0)
    assert error_code(state, Play.parse("Ac")) == "wrong_phase"
    assert error_code(state, Bid.parse("hearts"), seat=2) == "out_of_turn"
    with pytest.raises(MalformedActionError):
        state.apply(Bid.parse("take"))
    state = hand_after("bulgarian", DEAL, ["hearts", "pass", "pass", "pass"], dealer=0)
    assert error_code(state, Bid.parse("spades")) == "wrong_phase"
    assert error_code(state, Play.parse("Ad"), seat=0) == "out_of_turn"
    assert error_code(state, Play.parse("Ad")) == "illegal_play"
    finished = play_out("bulgarian", seed=11)
    assert error_code(finished, Play.parse("Ad")) == "hand_over"
    assert error_code(finished, Bid.parse("pass")) == "hand_over"


def test_players_see_five_cards_while_bidding_then_eight() -> None:
    state = hand_after("bulgarian", DEAL, [], dealer=0)
    assert state.view(1)["hand"] == ["Tc", "Jc", "Qc", "Kc", "Ac"]  # the first five dealt
    assert state.public_view()["hand_sizes"] == [5, 5, 5, 5]
    state = hand_after("bela", DEAL, [], dealer=0)
    assert len(state.view(1)["hand"]) == 6  # the talon stays hidden until trumps are named
    state = hand_after("bela", DEAL, ["pass", "pass", "pass", "hearts"], dealer=0)
    assert len(state.view(1)["hand"]) == 8


def test_only_the_seat_to_act_sees_legal_actions_and_spectators_see_no_cards() -> None:
    state = hand_after("bulgarian", DEAL, ["hearts", "pass", "pass", "pass", "Ac"], dealer=0)
    assert state.view(2)["legal"] == ["7h", "8h", "Th", "Qh", "Kh", "Ah"]
    assert state.view(0)["legal"] == []
    public = state.public_view()
    assert "hand" not in public and "legal" not in public
    assert public["tricks"] == [{"leader": 1, "cards": ["Ac"], "winner": None}]


def test_announcements_are_public_cards_shown_only_after_the_first_trick() -> None:
    # Seat 1 holds the eight clubs: quinte T-A + tierce 7-9, announced with its first card.
    state = hand_after("bulgarian", DEAL, ["hearts", "pass", "pass", "pass", "Ac"], dealer=0)
    shown = state.public_view()["declarations"]
    assert [(d["kind"], d["top"], d["scored"]) for d in shown] == [
        ("tierce", "9c", None),
        ("quinte", "Ac", None),
    ]
    assert all("cards" not in d for d in shown)
    state = hand_after(
        "bulgarian", DEAL, ["hearts", "pass", "pass", "pass", "Ac", "7h", "9h", "Ad"], dealer=0
    )
    shown = {(d["seat"], d["kind"]): d for d in state.public_view()["declarations"]}
    assert shown[1, "tierce"]["cards"] == ["7c", "8c", "9c"]  # seat 1's quinte won
    assert shown[2, "tierce"]["scored"] is False and "cards" not in shown[2, "tierce"]


def test_serialization_is_compact_and_lossless() -> None:
    state = hand_after(
        "bela", DEAL, ["pass", "hearts", "Ac", "7h"], dealer=0, match_score=(100, 200)
    )
    saved = state.to_json()
    assert set(saved) == {"variant", "dealer", "deck", "match_score", "actions"}
    twin = HandState.from_json(saved)
    assert twin.result() == state.result()
    assert twin.view(3) == state.view(3)


@pytest.mark.parametrize(
    "broken",
    [
        {"variant": "bulgarian", "dealer": 0, "deck": ["Js"] * 32, "actions": []},
        {"variant": "whist", "dealer": 0, "deck": [], "actions": []},
        {"variant": "bulgarian", "dealer": 0, "actions": []},
        {"variant": "bela", "dealer": 0, "deck": DECK, "actions": [{"seat": 0, "bid": "hearts"}]},
        {"variant": "bela", "dealer": 0, "deck": DECK, "actions": [{"seat": 1, "bid": "take"}]},
    ],
)
def test_a_broken_saved_state_is_refused(broken: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError):
        HandState.from_json(broken)


@pytest.mark.parametrize(
    "item",
    [
        {"bid": "pass"},
        {"seat": 4, "bid": "pass"},
        {"seat": True, "bid": "pass"},
        {"seat": 0},
        {"seat": 0, "bid": "pass", "play": "Js"},
        {"seat": 0, "play": "Js", "declare": "no"},
        {"seat": 0, "play": ["Js"]},
        {"seat": 0, "bid": "take"},
    ],
)
def test_unreadable_actions_from_clients_are_malformed(item: dict[str, object]) -> None:
    with pytest.raises(MalformedActionError):
        action_from_json(get_variant("bulgarian"), item)


def test_actions_read_back_what_they_wrote() -> None:
    for item in ({"seat": 2, "bid": "all_trumps"}, {"seat": 1, "play": "Th", "belot": False}):
        seat, action = action_from_json(get_variant("bulgarian"), item)
        assert action_to_json(seat, action) == item


def test_new_hands_need_exactly_one_source_of_cards() -> None:
    with pytest.raises(InvalidInputError):
        HandState.new("bulgarian")
    with pytest.raises(InvalidInputError):
        HandState.new("bulgarian", seed=1, deck=list(range(32)))
    assert HandState.new("bulgarian", seed=4).deck == HandState.new("bulgarian", seed=4).deck
    with pytest.raises(InvalidInputError):
        HandState.new(get_variant("bela"), seed=1, house_rules={"target": 501})
