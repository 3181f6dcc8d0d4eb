"""The trick-taking core: which cards a seat may play, and why a card is refused."""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.cards import (
    ALL_TRUMPS,
    BEATEN_BY,
    CODES,
    NO_TRUMPS,
    SUIT_MASK,
    SUIT_NAMES,
    TRUMP_MASK,
)


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The play obligations of one contract; every rule set is a choice of these flags."""

    mode: int  # trump suit 0..3, NO_TRUMPS or ALL_TRUMPS
    plain_raise: bool = False  # plain suit led, no trump in the trick: beat it if you can
    trump_over_partner: bool = False  # void: trump even when the partner is winning
    undertrump: bool = False  # void and must trump but cannot overtrump: still play a trump


def legal_mask(hand: int, seat: int, led: int, win_card: int, win_seat: int, r: PlayRules) -> int:
    """Cards of `hand` that may be played to a trick already holding at least one card."""
    mode = r.mode
    follow = hand & SUIT_MASK[led]
    if follow:
        if mode == ALL_TRUMPS or led == mode or (r.plain_raise and win_card >> 3 == led):
            higher = follow & BEATEN_BY[mode][win_card]
            if higher:
                return higher
        return follow
    if mode >= NO_TRUMPS:
        return hand
    trumps = hand & SUIT_MASK[mode]
    if not trumps or (win_seat ^ seat == 2 and not r.trump_over_partner):
        return hand
    if win_card >> 3 != mode:
        return trumps
    over = trumps & BEATEN_BY[mode][win_card]
    if over:
        return over
    return trumps if r.undertrump else hand


def refusal(
    card: int, hand: int, seat: int, led: int, win_card: int, win_seat: int, r: PlayRules
) -> str:
    """A message a player understands for a held card that `legal_mask` excludes."""
    mode = r.mode
    led_name = SUIT_NAMES[led]
    if hand & SUIT_MASK[led]:
        if card >> 3 != led:
            return f"You must follow {led_name}"
        if led == mode:
            return f"You must play a higher trump: you hold one above {CODES[win_card]}"
        return f"You must beat {CODES[win_card]}: you hold a higher {led_name[:-1]}"
    trump_name = SUIT_NAMES[mode]
    if win_card >> 3 == mode:
        over = hand & TRUMP_MASK[mode] & BEATEN_BY[mode][win_card]
        if over and card >> 3 == mode:
            return f"You must overtrump {CODES[win_card]}: you hold a higher trump"
        if over:
            if win_seat ^ seat == 2:
                return "You must overtrump: the trick holds a trump and you hold a higher trump"
            return "You must overtrump: an opponent has trumped and you hold a higher trump"
        return f"You must play a trump ({trump_name}): you cannot follow {led_name}"
    if win_seat ^ seat == 2:
        return f"You must trump with {trump_name}: you cannot follow {led_name}"
    return (
        f"You must trump with {trump_name}: you cannot follow {led_name} and an opponent is winning"
    )
