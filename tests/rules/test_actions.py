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


@pytest.mark.parametrize(
    "word",
    ["", "hearts spades", "85 hearts", "170 hearts", "70 hearts", "x",
     "\u00b9\u2070\u2070 hearts", "\u0669\u0660 hearts", "080 hearts", "+90 hearts", "９０ hearts"],
)  # fmt: skip
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


@pytest.mark.parametrize(
    ("kind", "strain", "value"),
    [("contract", 0, 9), ("contract", 4, 80), ("contract", 6, None), ("contract", None, None),
     ("contract", True, None), ("contract", 0, 90.0), ("pass", 0, None), ("hearts", None, None)],
)  # fmt: skip
def test_a_hand_built_bid_no_text_names_is_malformed(
    kind: str, strain: object, value: object
) -> None:
    with pytest.raises(MalformedActionError):
        Bid(kind, strain, value)


@pytest.mark.parametrize(
    ("card", "flags"), [(40, {}), (-1, {}), ("Js", {}), (True, {}), (3, {"declare": 1})]
)
def test_a_hand_built_play_of_no_card_is_malformed(card: object, flags: dict) -> None:
    with pytest.raises(MalformedActionError):
        Play(card, **flags)


def test_a_play_built_from_an_int_holds_the_card() -> None:
    assert Play(12) == Play.parse("Jd") and str(Play(12)) == "Jd"
