"""French Belote: the two rounds, the taker's draw, the turned card in views, house rules."""

import pytest

from games.rules import Bid, HandState, IllegalActionError, InvalidInputError, Match
from games.rules.cards import CODES, Card
from games.rules.variants.belote import BeloteAuction

# Dealer 0: seats 1, 2, 3, 0 get 3 cards each, then 2 each; the 21st card (Jh) is turned.
DECK = (
    "7c 8c 9c  Tc Jc Qc  Kc Ac 7d  8d 9d Td  Jd Qd  Kd Ad  7h 8h  9h Th  Jh"
    "  Qh Kh Ah  7s 8s 9s  Ts Js  Qs Ks As"
).split()


def hand(words: list[str]) -> HandState:
    state = HandState.new("belote", dealer=0, deck=[Card.parse(c) for c in DECK])
    for word in words:
        state.apply(Bid.parse(word))
    return state


def test_round_one_is_take_or_pass_and_round_two_names_another_suit() -> None:
    auction = BeloteAuction(dealer=0, turned=2)
    assert [str(b) for b in auction.legal()] == ["pass", "take"]
    with pytest.raises(IllegalActionError, match="Round one"):
        auction.apply(Bid.parse("spades"))
    for _ in range(4):
        auction.apply(Bid.parse("pass"))
    assert [str(b) for b in auction.legal()] == ["pass", "clubs", "diamonds", "spades"]
    with pytest.raises(IllegalActionError, match="other than hearts"):
        auction.apply(Bid.parse("hearts"))
    with pytest.raises(IllegalActionError, match="Round two"):
        auction.apply(Bid.parse("take"))
    for _ in range(4):
        auction.apply(Bid.parse("pass"))
    assert auction.done and auction.contract() is None


def test_the_taker_gets_the_turned_card_and_two_more_the_others_three() -> None:
    state = hand(["pass", "take"])  # seat 2 takes hearts
    assert state.contract is not None and str(state.contract.bid) == "hearts"
    dealt = [[CODES[c] for c in cards] for cards in state.dealt]
    # The last 11 cards go in blocks from first hand: seat 1 three, seat 2 two, seats 3, 0 three.
    assert dealt[1][5:] == ["Qh", "Kh", "Ah"]
    assert dealt[2][5:] == ["Jh", "7s", "8s"]
    assert dealt[3][5:] == ["9s", "Ts", "Js"]
    assert dealt[0][5:] == ["Qs", "Ks", "As"]


def test_the_turned_card_is_public() -> None:
    assert hand([]).public_view()["turned"] == "Jh"
    assert hand(["pass"]).view(3)["turned"] == "Jh"


def test_a_belote_scenario_needs_a_deck() -> None:
    from games.rules.scenario import run

    with pytest.raises(InvalidInputError, match="needs a deck"):
        run({"variant": "belote", "dealer": 0, "hands": [DECK[:8]] * 4, "actions": []})


def test_house_rules_have_their_defaults() -> None:
    assert Match("belote").rules.house_rules == {
        "target": 501, "undertrump": False, "litige_fails": False,
    }  # fmt: skip
    rules = hand(["take"]).rules
    assert rules is not None and not rules.undertrump
    with pytest.raises(InvalidInputError):
        Match("belote", {"target": 2000})
