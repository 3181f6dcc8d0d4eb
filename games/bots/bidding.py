"""Rule-based bidding: a hand-strength score per strain, compared with natural thresholds."""

from __future__ import annotations

from games.bots.view import SeatView
from games.rules.actions import CONTRACT, DOUBLE, PASS, REDOUBLE, Bid
from games.rules.cards import ALL_TRUMPS, NO_TRUMPS, RANK_9, RANK_A, RANK_J, RANK_K, RANK_Q, RANK_T

# Value of each natural rank (7 8 9 T J Q K A) as a trump and in a plain suit.
TRUMP_VALUE = (0.5, 0.5, 3.0, 1.5, 4.0, 1.0, 1.0, 2.0)
SIDE_VALUE = (0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.2, 2.0)
# Threshold per strain for a five-card hand (Bulgarian); scaled by the cards a seat sees.
THRESHOLD = {0: 7.0, 1: 7.0, 2: 7.0, 3: 7.0, NO_TRUMPS: 10.0, ALL_TRUMPS: 9.5}
# Overbidding a partner's contract needs this much more than the threshold.
PARTNER_MARGIN = 3.0


def _ranks(hand: int, suit: int) -> int:
    return hand >> (suit * 8) & 0xFF


def suit_contract_value(hand: int, trump: int) -> float:
    """Strength of a hand for a contract in `trump`: trump honours, length, side aces."""
    value = 0.0
    for suit in range(4):
        ranks = _ranks(hand, suit)
        if suit == trump:
            count = ranks.bit_count()
            value += sum(TRUMP_VALUE[r] for r in range(8) if ranks >> r & 1)
            value += max(0, count - 2) * 1.0
            if ranks >> RANK_K & 1 and ranks >> RANK_Q & 1:
                value += 1.5  # belot
            if not ranks >> RANK_J & 1 and not ranks >> RANK_9 & 1:
                value -= 2.0  # trumps without a top honour are easily drawn
        else:
            value += sum(SIDE_VALUE[r] for r in range(8) if ranks >> r & 1)
            if ranks >> RANK_T & 1 and ranks >> RANK_A & 1:
                value += 1.0  # the ten is guarded by its ace
    return value


def all_trumps_value(hand: int) -> float:
    """Strength for all trumps: jacks and nines, the nine worth most beside its jack."""
    value = 0.0
    for suit in range(4):
        ranks = _ranks(hand, suit)
        if ranks >> RANK_J & 1:
            value += 4.0
            if ranks >> RANK_9 & 1:
                value += 3.0
            value += 0.5 * max(0, ranks.bit_count() - 2)
        elif ranks >> RANK_9 & 1:
            value += 1.5 if ranks.bit_count() >= 2 else 0.5
        if ranks >> RANK_A & 1:
            value += 1.0
        if ranks >> RANK_K & 1 and ranks >> RANK_Q & 1:
            value += 1.5
    return value


def no_trumps_value(hand: int) -> float:
    """Strength for no trumps: aces, and tens that the ace protects."""
    value = 0.0
    for suit in range(4):
        ranks = _ranks(hand, suit)
        if ranks >> RANK_A & 1:
            value += 4.0
            if ranks >> RANK_T & 1:
                value += 2.5
        elif ranks >> RANK_T & 1 and ranks.bit_count() >= 2:
            value += 1.0
        if ranks >> RANK_K & 1 and ranks.bit_count() >= 3:
            value += 0.5
    return value


def strain_value(hand: int, strain: int) -> float:
    """Hand strength for any strain (a suit, no trumps, all trumps)."""
    if strain == ALL_TRUMPS:
        return all_trumps_value(hand)
    if strain == NO_TRUMPS:
        return no_trumps_value(hand)
    return suit_contract_value(hand, strain)


def defence_value(hand: int, strain: int) -> float:
    """How well a hand stops a contract of the other team (drives doubling)."""
    if strain == NO_TRUMPS:
        return no_trumps_value(hand)
    if strain == ALL_TRUMPS:
        return all_trumps_value(hand)
    ranks = _ranks(hand, strain)
    value = TRUMP_VALUE[RANK_J] * (ranks >> RANK_J & 1) + TRUMP_VALUE[RANK_9] * (
        ranks >> RANK_9 & 1
    )
    value += 1.0 * ranks.bit_count()
    value += sum(2.0 for s in range(4) if s != strain and _ranks(hand, s) >> RANK_A & 1)
    return value


def threshold(view: SeatView, strain: int) -> float:
    """The bidding threshold for the number of cards this seat sees."""
    return THRESHOLD[strain] * view.hand.bit_count() / 5


def plausible(
    seen: int, bid: Bid, doubled: int | None, *, cards: int = 5, slack: float = 2.0
) -> bool:
    """Whether a hand could naturally have made this call, judged as if `cards` were seen.

    Given a whole hand while only part was seen at the call, the test is lenient: the hand's
    strength can only have grown with the cards that came later.
    """
    size = cards / 5
    if bid.kind == CONTRACT and bid.strain is not None:
        return strain_value(seen, bid.strain) >= THRESHOLD[bid.strain] * size - slack
    if bid.kind == DOUBLE and doubled is not None:
        return defence_value(seen, doubled) >= 1.5 * THRESHOLD[doubled] * size - slack
    return True


def strain_margin(view: SeatView, strain: int) -> float:
    """How far the hand's strength for a strain is above (or below) its threshold."""
    return strain_value(view.hand, strain) - threshold(view, strain)


def choose_bid(view: SeatView) -> Bid:
    """A natural bid: the strongest strain over its threshold, a sound double, or pass."""
    legal = [a for a in view.legal if isinstance(a, Bid)]
    standing = view.contract
    partner_bid = standing is not None and standing.seat == view.seat ^ 2
    ours = standing is not None and standing.team == view.team
    best: tuple[float, Bid] | None = None
    for bid in legal:
        if bid.kind != CONTRACT or bid.strain is None:
            continue
        margin = strain_margin(view, bid.strain)
        if ours:
            margin -= PARTNER_MARGIN
        if best is None or margin > best[0]:
            best = (margin, bid)
    must_name = not any(b.kind == PASS for b in legal)
    if best is not None and (best[0] >= 0 or must_name):
        return best[1]
    if standing is not None and standing.bid.strain is not None:
        strain = standing.bid.strain
        for bid in legal:
            if bid.kind == DOUBLE and defence_value(view.hand, strain) >= 1.5 * threshold(
                view, strain
            ):
                return bid
            if (
                bid.kind == REDOUBLE
                and not partner_bid
                and strain_value(view.hand, strain) >= threshold(view, strain) + 5
            ):
                return bid
    return next(b for b in legal if b.kind == PASS)
