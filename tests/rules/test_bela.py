"""Croatian Bela: the one-round naming, the talon, eight of a suit."""

import pytest

from games.rules import Bid, IllegalActionError
from games.rules.cards import Card
from games.rules.variants.bela import BelaAuction, eight_of_a_suit


def test_each_seat_names_once_and_the_dealer_must_name() -> None:
    auction = BelaAuction(dealer=2)
    assert [str(b) for b in auction.legal()] == ["pass", "clubs", "diamonds", "hearts", "spades"]
    for _ in range(3):
        auction.apply(Bid.parse("pass"))
    assert auction.to_act == 2
    assert [str(b) for b in auction.legal()] == ["clubs", "diamonds", "hearts", "spades"]
    with pytest.raises(IllegalActionError, match="dealer may not pass"):
        auction.apply(Bid.parse("pass"))
    auction.apply(Bid.parse("spades"))
    contract = auction.contract()
    assert auction.done and contract is not None and contract.to_dict() == {
        "bid": "spades", "team": 0, "multiplier": 1,
    }  # fmt: skip


def test_the_first_suit_named_ends_the_bidding() -> None:
    auction = BelaAuction(dealer=0)
    auction.apply(Bid.parse("hearts"))
    assert auction.done and auction.contract().seat == 1


def suited(*suits: str) -> list[list[Card]]:
    return [[Card.parse(rank + suit) for rank in "789TJQKA"] for suit in suits]


def test_eight_of_a_suit_wins_for_the_holder_nearest_first_hand() -> None:
    hands = suited("c", "d", "h", "s")
    assert eight_of_a_suit(hands, dealer=0) == 1  # seat 1 is first hand
    assert eight_of_a_suit(hands, dealer=1) == 0  # seat 2 is first hand
    mixed = [[Card.parse(c) for c in codes.split()] for codes in (
        "7c 8c 9c Tc Jc Qc Kc 7d", "Ac 8d 9d Td Jd Qd Kd Ad", "7h 8h 9h Th Jh Qh Kh Ah",
        "7s 8s 9s Ts Js Qs Ks As",
    )]  # fmt: skip
    assert eight_of_a_suit(mixed, dealer=0) == 0  # seat 2 (hearts) is nearer than seat 3
    assert eight_of_a_suit(suited("c", "d", "h", "s")[:0] + mixed[:2] + mixed[:2], 0) is None
