"""Bids and plays read and print like the scenario runner's notation."""

import pytest

from games.rules import Bid, Card, MalformedActionError, Play, get_variant

WORDS = [
    "pass", "double", "redouble", "clubs", "diamonds", "hearts", "spades", "no_trumps",
    "all_trumps", "take", "coinche", "surcoinche", "80 hearts", "160 clubs", "capot spades",
]  # fmt: skip


@pytest.mark.parametrize("word", WORDS)
def test_every_bid_word_round_trips(word: str) -> None:
    assert str(Bid.parse(word)) == word
    assert str(Bid.parse(word.upper())) == word


@pytest.mark.parametrize("word", ["", "hearts spades", "85 hearts", "170 hearts", "70 hearts", "x"])
def test_unreadable_bids_are_malformed(word: str) -> None:
    with pytest.raises(MalformedActionError):
        Bid.parse(word)


@pytest.mark.parametrize(
    ("variant", "word"),
    [("bulgarian", "take"), ("bulgarian", "80 hearts"), ("bulgarian", "coinche"),
     ("bela", "no_trumps"), ("bela", "all_trumps"), ("bela", "double"), ("bela", "redouble")],
)  # fmt: skip
def test_a_word_the_variant_lacks_is_malformed(variant: str, word: str) -> None:
    with pytest.raises(MalformedActionError, match="has no bid"):
        get_variant(variant).parse_bid(word)


def test_plays_keep_their_announcement_flags() -> None:
    assert Play.parse("10h") == Play(Card.parse("Th"))
    assert Play.parse("Js") is Play.parse("js")
    quiet = Play.parse("Js", declare=False)
    assert (quiet.declare, quiet.belot, str(quiet)) == (False, True, "Js")
