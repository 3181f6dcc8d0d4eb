"""Coinche: the auction with coinche and surcoinche, and the rounding of written points."""

import pytest

from games.rules import Bid, IllegalActionError
from games.rules.variants.coinche import CoincheAuction, round_ten


def call(auction: CoincheAuction, *words: str) -> None:
    for word in words:
        auction.apply(Bid.parse(word))


def words(auction: CoincheAuction) -> list[str]:
    return [str(b) for b in auction.legal()]


def test_bids_rise_from_80_to_capot() -> None:
    auction = CoincheAuction(dealer=0)
    legal = words(auction)
    assert legal[:3] == ["pass", "80 clubs", "80 diamonds"] and legal[-1] == "capot spades"
    assert len(legal) == 1 + 10 * 4
    call(auction, "150 hearts")
    assert words(auction)[1:] == [
        "160 clubs", "160 diamonds", "160 hearts", "160 spades",
        "capot clubs", "capot diamonds", "capot hearts", "capot spades", "coinche",
    ]  # fmt: skip


def test_a_pass_does_not_stop_a_player_bidding_later() -> None:
    auction = CoincheAuction(dealer=0)
    call(auction, "pass", "80 hearts", "pass", "90 spades", "100 clubs")
    contract = auction.contract()
    assert contract is not None and (str(contract.bid), contract.seat) == ("100 clubs", 1)


def test_coinche_freezes_the_auction_and_surcoinche_ends_it() -> None:
    auction = CoincheAuction(dealer=0)
    call(auction, "90 hearts", "coinche")  # seat 1 bids, seat 2 (an opponent) coinches
    assert words(auction) == ["pass", "surcoinche"]  # seat 3, the bidder's partner
    call(auction, "pass")
    assert words(auction) == ["pass"]  # seat 0, an opponent
    with pytest.raises(IllegalActionError, match="after a coinche"):
        call(auction, "100 hearts")


@pytest.mark.parametrize(
    ("calls", "message"),
    [
        (["80 hearts", "80 spades"], "more than 80"),
        (["capot hearts", "capot spades"], "cannot be outbid"),
        (["80 hearts", "pass", "coinche"], "Only an opponent"),
        (["coinche"], "no bid to coinche"),
        (["80 hearts", "surcoinche"], "Only a coinched bid"),
        (["80 hearts", "coinche", "pass", "surcoinche"], "Only the bidding side"),
    ],
)
def test_illegal_calls(calls: list[str], message: str) -> None:
    auction = CoincheAuction(dealer=0)
    call(auction, *calls[:-1])
    with pytest.raises(IllegalActionError, match=message):
        call(auction, calls[-1])


def test_three_passes_after_a_bid_or_coinche_end_it_four_throw_in() -> None:
    auction = CoincheAuction(dealer=0)
    call(auction, "80 hearts", "coinche", "pass", "pass")
    assert not auction.done
    call(auction, "pass")
    assert auction.done and auction.contract().multiplier == 2
    auction = CoincheAuction(dealer=0)
    call(auction, "pass", "pass", "pass", "pass")
    assert auction.done and auction.contract() is None


@pytest.mark.parametrize(("points", "written"), [(172, 170), (175, 180), (70, 70), (0, 0), (5, 10)])
def test_written_points_round_to_the_nearest_ten_five_up(points: int, written: int) -> None:
    assert round_ten(points) == written
