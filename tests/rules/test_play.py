"""Play obligations of every rule set, both sides of each, and the refusal messages."""

import pytest

from games.rules import Card, IllegalActionError, Play
from games.rules.cards import ALL_TRUMPS, NO_TRUMPS, cards_of
from games.rules.play import PlayRules, legal_mask
from games.rules.play import refusal as refuse
from tests.rules.playing import hand_after, mask

SUIT = PlayRules(2)  # Bulgarian or French, hearts trumps
NT = PlayRules(NO_TRUMPS)
AT = PlayRules(ALL_TRUMPS)
BELA = PlayRules(2, plain_raise=True, trump_over_partner=True, undertrump=True)
UNDERTRUMP = PlayRules(2, undertrump=True)  # French Belote's house rule


def legal(rules: PlayRules, hand: str, led: str, winner: str, win_seat: int) -> set[str]:
    """Legal cards of seat 0 holding `hand`, `led` led and `winner` (of `win_seat`) winning."""
    held = mask(*hand.split())
    lead, win = Card.parse(led), Card.parse(winner)
    return {str(c) for c in cards_of(legal_mask(held, 0, lead.suit, win, win_seat, rules))}


CASES = [
    # Follow suit; a plain suit carries no duty to beat.
    (SUIT, "7c Ac 8h", "Kc", "Kc", 1, "7c Ac"),
    # Trumps led: beat the highest trump if you can, even over the partner...
    (SUIT, "7c 8h Jh", "9h", "9h", 2, "Jh"),
    (SUIT, "7c 8h Jh", "7h", "Ah", 1, "Jh"),
    # ... and any trump when none is higher.
    (SUIT, "7c 8h Kh", "9h", "Jh", 1, "8h Kh"),
    # Void, partner winning: anything.
    (SUIT, "7c 8h Jh", "Kd", "Kd", 2, "7c 8h Jh"),
    # Void, opponent winning: trump.
    (SUIT, "7c 8h Jh", "Kd", "Kd", 1, "8h Jh"),
    # An opponent has trumped: overtrump if you can...
    (SUIT, "7c 8h Jh", "Kd", "9h", 1, "Jh"),
    # ... else anything: no duty to undertrump.
    (SUIT, "7c 8h Qh", "Kd", "Jh", 1, "7c 8h Qh"),
    # The partner has trumped: anything.
    (SUIT, "7c 8h Jh", "Kd", "9h", 2, "7c 8h Jh"),
    # Void without trumps: anything.
    (SUIT, "7c Ac Ts", "Kd", "Kd", 1, "7c Ac Ts"),
    # No trumps: follow suit only, never beat; void: anything.
    (NT, "7c Ac 8h", "Kc", "Kc", 1, "7c Ac"),
    (NT, "7c Ac 8h", "Kd", "Kd", 1, "7c Ac 8h"),
    # All trumps: beat in the suit led when you can, even over the partner; void: anything.
    (AT, "7c Ac 8h", "Tc", "Tc", 2, "Ac"),
    (AT, "7c Ac 8h", "9c", "9c", 2, "7c Ac"),
    (AT, "7c Ac 8h", "8c", "8c", 2, "Ac"),
    (AT, "7c Ac 8h", "Jc", "Jc", 1, "7c Ac"),
    (AT, "7c Ac 8h", "Jd", "Jd", 1, "7c Ac 8h"),
    # Bela: a plain suit led with no trump in the trick: beat it, even over the partner.
    (BELA, "7c Ac 8h", "8c", "8c", 2, "Ac"),
    (BELA, "7c Qc 8h", "Ac", "Ac", 1, "7c Qc"),
    # Bela: a trump in the trick lifts that duty.
    (BELA, "7c Ac 8h", "8c", "7h", 1, "7c Ac"),
    # Bela: trumps led, beat the highest trump.
    (BELA, "8h Jh 9d", "9h", "9h", 2, "Jh"),
    # Bela: void, trump even when the partner wins, overtrump any trump if you can...
    (BELA, "7c 8h Jh", "Kd", "Kd", 2, "8h Jh"),
    (BELA, "7c 8h Jh", "Kd", "9h", 2, "Jh"),
    # ... play a lower one when you cannot; without trumps, anything.
    (BELA, "7c 8h Qh", "Kd", "Jh", 1, "8h Qh"),
    (BELA, "7c Ac Ts", "Kd", "Kd", 1, "7c Ac Ts"),
    # French house rule `undertrump`: only under an opponent's trump you cannot beat.
    (UNDERTRUMP, "7c 8h Qh", "Kd", "Jh", 1, "8h Qh"),
    (UNDERTRUMP, "7c 8h Qh", "Kd", "Jh", 2, "7c 8h Qh"),
]


@pytest.mark.parametrize(("rules", "hand", "led", "winner", "win_seat", "expected"), CASES)
def test_obligations(
    rules: PlayRules, hand: str, led: str, winner: str, win_seat: int, expected: str
) -> None:
    assert legal(rules, hand, led, winner, win_seat) == set(expected.split())


# Dealer 0: seat 1 leads all its clubs; hearts are trumps.
DEAL = [
    "Ad Kd Qd Jd Ts 9s 8s 7s",
    "Ac Kc Qc Jc Tc 9c 8c 7c",
    "Ah Th Kh Qh 8h 7h Qs Js",
    "9h Jh As Ks 7d 8d 9d Td",
]
BIDDING = ["hearts", "pass", "pass", "pass"]


def refusal(variant: str, actions: list[str], card: str) -> str:
    state = hand_after(variant, DEAL, BIDDING[: 4 if variant == "bulgarian" else 1] + actions)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Play.parse(card))
    assert caught.value.code == "illegal_play"
    assert state.to_json() == before, "a refused card changes nothing"
    return caught.value.message


def test_a_card_not_held_is_refused() -> None:
    assert refusal("bulgarian", [], "Ah") == "You do not hold Ah"


def test_refusals_say_what_the_player_must_do() -> None:
    assert refusal("bulgarian", ["Ac"], "Qs") == (
        "You must trump with hearts: you cannot follow clubs and an opponent is winning"
    )
    assert refusal("bulgarian", ["Ac", "7h"], "As") == (
        "You must overtrump: an opponent has trumped and you hold a higher trump"
    )


def test_follow_and_beat_refusals() -> None:
    # Seat 3 wins trick 1 with 9h and leads 7d: seat 0 must follow diamonds.
    assert refusal("bulgarian", ["Ac", "7h", "9h", "Ad", "7d"], "Ts") == (
        "You must follow diamonds"
    )
    assert refusal("bela", ["Ac", "7h", "9h", "Ad", "7d"], "Ts") == "You must follow diamonds"


@pytest.mark.parametrize(
    ("rules", "hand", "card", "led", "winner", "win_seat", "message"),
    [
        (BELA, "7c Ac", "7c", "8c", "8c", 2, "You must beat 8c: you hold a higher club"),
        (SUIT, "8h Jh", "8h", "9h", "9h", 2, "You must play a higher trump: you hold one above 9h"),
        (AT, "7c Ac", "7c", "8c", "8c", 2, "You must beat 8c: you hold a higher club"),
        (SUIT, "7c 8h Jh", "8h", "Kd", "9h", 1, "You must overtrump 9h: you hold a higher trump"),
        (BELA, "7c 8h Jh", "7c", "Kd", "9h", 2,
         "You must overtrump: the trick holds a trump and you hold a higher trump"),
        (BELA, "7c 8h Qh", "7c", "Kd", "Jh", 1,
         "You must play a trump (hearts): you cannot follow diamonds"),
        (BELA, "7c 8h", "7c", "Kd", "Kd", 2,
         "You must trump with hearts: you cannot follow diamonds"),
    ],
)  # fmt: skip
def test_refusal_messages(
    rules: PlayRules, hand: str, card: str, led: str, winner: str, win_seat: int, message: str
) -> None:
    held = mask(*hand.split())
    lead, win = Card.parse(led), Card.parse(winner)
    assert not legal_mask(held, 0, lead.suit, win, win_seat, rules) >> Card.parse(card) & 1
    assert refuse(Card.parse(card), held, 0, lead.suit, win, win_seat, rules) == message
