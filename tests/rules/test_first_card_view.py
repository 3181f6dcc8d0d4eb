"""A seat's view offers, at its first card, what that card would announce."""

from games.rules import HandState
from tests.rules.playing import hand_after

DEAL = [
    "Ad Kd Qd Jd Ts 9s 8s 7s",
    "Ac Kc Qc Jc Tc 9c 8c 7c",
    "Ah Th Kh Qh 8h 7h Qs Js",
    "9h Jh As Ks 7d 8d 9d Td",
]


def test_first_card_lists_the_declarations_and_the_belot_the_seat_holds() -> None:
    state = hand_after("bulgarian", DEAL, ["hearts", "pass", "pass", "pass"], dealer=0)
    assert state.to_act == 1
    offer = state.view(1)["first_card"]
    kinds = sorted(d["kind"] for d in offer["declarations"])
    assert "quinte" in kinds or "four" in kinds
    assert offer["belot"] is False
    assert state.view(2)["first_card"] is None, "only on the seat's own turn"


def test_first_card_offers_the_belot_of_trumps() -> None:
    state = hand_after("bulgarian", DEAL, ["hearts", "pass", "pass", "pass"], dealer=1)
    assert state.to_act == 2
    offer = state.view(2)["first_card"]
    assert offer["belot"] is True, "Kh Qh with hearts trumps"


def test_coinche_without_announcements_offers_no_declaration() -> None:
    state = HandState.new("coinche", dealer=0, seed=3, house_rules={"announcements": False})
    while state.phase == "bidding":
        legal = {str(a): a for a in state.legal_actions()}
        state.apply(legal.get("80 hearts", legal["pass"]))
    seat = state.to_act
    assert state.view(seat)["first_card"]["declarations"] == []
