"""Cards: text round-trips, the rank and point tables, seeded shuffles."""

import pytest

from games.rules import Card, MalformedActionError
from games.rules.cards import (
    ALL_TRUMPS,
    BEATEN_BY,
    CARDS,
    NO_TRUMPS,
    POINTS,
    cards_of,
    mask_of,
    shuffled_deck,
)


def test_every_card_round_trips_through_its_code() -> None:
    for card in CARDS:
        assert Card.parse(str(card)) == card
    assert len({str(card) for card in CARDS}) == 32


@pytest.mark.parametrize(
    ("text", "code"), [("Js", "Js"), ("10h", "Th"), ("th", "Th"), ("7C", "7c")]
)
def test_parsing_accepts_ten_as_10_and_any_case(text: str, code: str) -> None:
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize("text", ["", "1h", "Jx", "11s", "J s", "Ahh"])
def test_unreadable_codes_are_malformed(text: str) -> None:
    with pytest.raises(MalformedActionError):
        Card.parse(text)


def test_card_points_total_152_per_suit_contract_and_258_in_all_trumps() -> None:
    assert sum(POINTS[0]) == 152
    assert sum(POINTS[ALL_TRUMPS]) == 248
    assert sum(POINTS[NO_TRUMPS]) == 120


def test_trump_order_is_j_9_a_t_k_q_8_7() -> None:
    order = ["7h", "8h", "Qh", "Kh", "Th", "Ah", "9h", "Jh"]
    for low, high in zip(order, order[1:], strict=False):
        assert BEATEN_BY[2][Card.parse(low)] >> Card.parse(high) & 1


def test_plain_order_is_a_t_k_q_j_9_8_7() -> None:
    order = ["7h", "8h", "9h", "Jh", "Qh", "Kh", "Th", "Ah"]
    for low, high in zip(order, order[1:], strict=False):
        assert BEATEN_BY[0][Card.parse(low)] >> Card.parse(high) & 1


def test_any_trump_beats_a_plain_card_but_another_suit_never_does() -> None:
    ace_of_hearts = Card.parse("Ah")
    assert BEATEN_BY[0][ace_of_hearts] >> Card.parse("7c") & 1
    assert not BEATEN_BY[0][ace_of_hearts] >> Card.parse("Jd") & 1
    assert not BEATEN_BY[NO_TRUMPS][ace_of_hearts] >> Card.parse("Jc") & 1
    assert not BEATEN_BY[ALL_TRUMPS][Card.parse("7h")] >> Card.parse("Jc") & 1


def test_masks_and_card_lists_convert_both_ways() -> None:
    cards = [Card.parse(code) for code in ("7c", "Jh", "As")]
    assert cards_of(mask_of(cards)) == cards


def test_a_seed_always_gives_the_same_deck() -> None:
    assert shuffled_deck(7) == shuffled_deck(7)
    assert shuffled_deck(7) != shuffled_deck(8)
    assert sorted(shuffled_deck(7)) == list(CARDS)
