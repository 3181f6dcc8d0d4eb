"""Sequences and fours: finding them, splitting them, comparing them."""

from games.rules.declarations import (
    Declaration,
    exclusive_declarations,
    overlapping_declarations,
    strength_key,
)
from games.rules.variants.bela import bela_key
from games.rules.variants.bulgarian import Bulgarian
from tests.rules.playing import mask


def found(decls: list[Declaration]) -> list[tuple[str, str, int]]:
    return sorted((d.kind, " ".join(d.codes()), d.points) for d in decls)


def test_runs_score_20_50_100_and_sevens_eights_fours_nothing() -> None:
    hand = mask("7c", "8c", "9c", "Jd", "Qd", "Kd", "Ad", "7h")
    assert found(exclusive_declarations(0, hand)) == [
        ("quarte", "Jd Qd Kd Ad", 50),
        ("tierce", "7c 8c 9c", 20),
    ]
    assert exclusive_declarations(0, mask("7c", "7d", "7h", "7s", "8c", "8d", "8h", "8s")) == []


def test_runs_of_six_and_seven_are_one_quinte_listing_every_card() -> None:
    hand = mask("8s", "9s", "Ts", "Js", "Qs", "Ks", "As", "7c")
    assert found(exclusive_declarations(0, hand)) == [("quinte", "8s 9s Ts Js Qs Ks As", 100)]


def test_a_run_of_eight_is_quinte_t_to_a_plus_tierce_7_to_9() -> None:
    hand = mask("7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah")
    assert found(exclusive_declarations(0, hand)) == [
        ("quinte", "Th Jh Qh Kh Ah", 100),
        ("tierce", "7h 8h 9h", 20),
    ]


def test_a_card_serves_a_four_or_a_sequence_whichever_scores_more() -> None:
    # Four jacks (200) beat keeping the quarte 9-Q of clubs (50): the run breaks to nothing.
    hand = mask("9c", "Tc", "Jc", "Qc", "Jd", "Jh", "Js", "7d")
    assert found(exclusive_declarations(0, hand)) == [("four", "Jc Jd Jh Js", 200)]
    # Four queens + quarte 8-J (150) beat the quinte 8-Q alone (100).
    hand = mask("8s", "9s", "Ts", "Js", "Qs", "Qc", "Qd", "Qh")
    assert found(exclusive_declarations(0, hand)) == [
        ("four", "Qc Qd Qh Qs", 100),
        ("quarte", "8s 9s Ts Js", 50),
    ]
    # Four tens (100) or the quinte 8-Q (100): equal points, keep the stronger (the four).
    hand = mask("8s", "9s", "Ts", "Js", "Qs", "Tc", "Td", "Th")
    assert found(exclusive_declarations(0, hand)) == [("four", "Tc Td Th Ts", 100)]
    # Without a four the run stays whole.
    hand = mask("8s", "9s", "Ts", "Js", "Qs", "Ks", "Kc", "Kd")
    assert found(exclusive_declarations(0, hand)) == [("quinte", "8s 9s Ts Js Qs Ks", 100)]


def test_bela_counts_every_run_and_four_a_card_in_both() -> None:
    hand = mask("9c", "Tc", "Jc", "Qc", "Jd", "Jh", "Js", "7d")
    assert found(overlapping_declarations(0, hand)) == [
        ("four", "Jc Jd Jh Js", 200),
        ("quarte", "9c Tc Jc Qc", 50),
    ]


def test_bela_eight_of_a_suit_is_no_declaration() -> None:
    assert overlapping_declarations(0, mask("7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah")) == []


def test_bulgarian_comparison_points_then_four_then_top_card_else_nobody() -> None:
    bulgarian = Bulgarian()

    def winner(*pairs: tuple[int, str]) -> int | None:
        decls = [
            d for seat, cards in pairs for d in exclusive_declarations(seat, mask(*cards.split()))
        ]
        return bulgarian.declaration_winner(decls, dealer=3)

    assert winner((0, "7c 8c 9c"), (1, "7d 8d 9d Td")) == 1
    assert winner((0, "Ac Ad Ah As"), (1, "9h Th Jh Qh Kh")) == 0
    assert winner((0, "8c 9c Tc"), (1, "7d 8d 9d")) == 0
    assert winner((0, "Kc Kd Kh Ks"), (1, "Tc Td Th Ts")) == 1  # J > 9 > A > T > K > Q
    assert winner((0, "7c 8c 9c"), (1, "7d 8d 9d")) is None
    assert winner((0, "9h Th Jh Qh Kh"), (1, "8d 9d Td Jd Qd Kd")) is None
    assert winner((1, "7c 8c 9c")) == 1


def test_bela_comparison_breaks_every_tie() -> None:
    def key(seat: int, cards: str) -> tuple[int, ...]:
        (d,) = overlapping_declarations(seat, mask(*cards.split()))
        return bela_key(d, dealer=3)

    assert key(1, "Ac Ad Ah As") > key(0, "9h Th Jh Qh Kh")  # four beats a run of 100
    assert key(1, "8d 9d Td Jd Qd Kd") > key(0, "9h Th Jh Qh Kh")  # longer run
    assert key(1, "9d Td Jd Qd Kd Ad") > key(0, "8h 9h Th Jh Qh Kh")  # higher top, same length
    assert key(0, "7c 8c 9c") > key(1, "7d 8d 9d")  # seat 0 is first hand when 3 deals
    assert strength_key(overlapping_declarations(0, mask("Jc", "Jd", "Jh", "Js"))[0]) > (
        strength_key(overlapping_declarations(0, mask("9c", "9d", "9h", "9s"))[0])
    )
