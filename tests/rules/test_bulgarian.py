"""Bulgarian Belot: the auction, rounding, and the scoring rules 7-11."""

import pytest

from games.rules import Bid, HandState, IllegalActionError
from games.rules.cards import ALL_TRUMPS, NO_TRUMPS
from games.rules.variants.bulgarian import BulgarianAuction, round_points


def bids(auction: BulgarianAuction) -> list[str]:
    return [str(b) for b in auction.legal()]


def call(auction: BulgarianAuction, *words: str) -> None:
    for word in words:
        auction.apply(Bid.parse(word))


def test_first_hand_opens_with_pass_or_any_contract() -> None:
    auction = BulgarianAuction(dealer=0)
    assert auction.to_act == 1
    assert bids(auction) == [
        "pass", "clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps",
    ]  # fmt: skip


def test_opponents_double_bidders_redouble_and_a_higher_bid_cancels_both() -> None:
    auction = BulgarianAuction(dealer=0)
    call(auction, "hearts")  # seat 1
    assert bids(auction)[-1] == "double"  # seat 2, an opponent
    call(auction, "pass")
    assert "double" not in bids(auction)  # seat 3, the bidder's partner
    call(auction, "pass", "double")  # seat 0 doubles
    assert bids(auction)[-1] == "redouble"  # seat 1
    call(auction, "pass")
    assert "redouble" not in bids(auction)  # seat 2 is an opponent
    call(auction, "pass", "redouble")  # seat 3, the bidding team, at any of its turns
    assert auction.contract().multiplier == 4
    call(auction, "no_trumps")  # seat 0 outbids: double and redouble are gone
    contract = auction.contract()
    assert contract is not None and (contract.seat, contract.multiplier) == (0, 1)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["hearts", "diamonds"], "You must bid higher than hearts"),
        (["hearts", "pass", "double"], "You cannot double your own team's bid"),
        (["pass", "double"], "There is no contract to double"),
        (["hearts", "redouble"], "Only a doubled contract can be redoubled"),
        (["hearts", "double", "double"], "The contract is already doubled"),
        (["hearts", "double", "pass", "redouble"], "Only the bidding team may redouble"),
    ],
)
def test_illegal_bids_are_refused_with_a_reason(words: list[str], message: str) -> None:
    auction = BulgarianAuction(dealer=0)
    call(auction, *words[:-1])
    with pytest.raises(IllegalActionError, match=message) as caught:
        call(auction, words[-1])
    assert caught.value.code == "illegal_bid"


def test_three_passes_end_the_bidding_four_throw_the_hand_in() -> None:
    auction = BulgarianAuction(dealer=0)
    call(auction, "pass", "pass", "clubs", "pass", "pass")
    assert not auction.done
    call(auction, "pass")
    assert auction.done and auction.contract() is not None
    auction = BulgarianAuction(dealer=0)
    call(auction, "pass", "pass", "pass", "pass")
    assert auction.done and auction.contract() is None


@pytest.mark.parametrize(
    ("raw", "other", "bidders", "mode", "expected"),
    [
        (86, 76, True, 0, 8),  # remainder 6: more points rounds down
        (76, 86, False, 0, 8),  # ... fewer rounds up
        (56, 106, True, 0, 6),
        (106, 56, False, 0, 10),
        (97, 65, True, 0, 10),  # 7-9 up
        (65, 97, False, 0, 6),  # 0-5 down
        (106, 106, True, 0, 11),  # equal with the pivot: bidders up, defenders down
        (106, 106, False, 0, 10),
        (34, 224, True, ALL_TRUMPS, 4),
        (224, 34, False, ALL_TRUMPS, 22),
        (164, 194, True, ALL_TRUMPS, 17),
        (194, 164, False, ALL_TRUMPS, 19),
        (125, 133, True, ALL_TRUMPS, 13),  # 5-9 up
        (133, 125, False, ALL_TRUMPS, 13),  # 0-3 down
        (116, 144, True, NO_TRUMPS, 12),  # 6 and 8 up
        (144, 116, False, NO_TRUMPS, 14),  # 2 and 4 down
        (118, 142, True, NO_TRUMPS, 12),
        (142, 118, False, NO_TRUMPS, 14),
    ],
)
def test_rounding(raw: int, other: int, bidders: bool, mode: int, expected: int) -> None:
    assert round_points(raw, other, bidders, mode) == expected


def test_a_hand_nobody_bids_is_thrown_in_and_nothing_moves() -> None:
    state = HandState.new("bulgarian", seed=3, match_score=(50, 60), hanging=(0, 12))
    for _ in range(4):
        state.apply(Bid.parse("pass"))
    score = state.score()
    assert score is not None
    assert (score.outcome, score.hand_points, score.match_score, score.hanging) == (
        "thrown_in", [0, 0], [50, 60], [0, 12],
    )  # fmt: skip
    assert state.legal_actions() == ()
