"""Rule-based bidding: a hand-strength score per strain, compared with natural thresholds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.bots.view import SeatView
from games.rules.actions import (
    COINCHE,
    CONTRACT,
    DOUBLE,
    PASS,
    PASS_BID,
    REDOUBLE,
    SURCOINCHE,
    TAKE,
    Bid,
)
from games.rules.cards import ALL_TRUMPS, NO_TRUMPS, RANK_9, RANK_A, RANK_J, RANK_K, RANK_Q, RANK_T
from games.rules.variants.base import Variant

# Value of each natural rank (7 8 9 T J Q K A) as a trump and in a plain suit.
TRUMP_VALUE = (0.5, 0.5, 3.0, 1.5, 4.0, 1.0, 1.0, 2.0)
SIDE_VALUE = (0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.2, 2.0)
# Threshold per strain for a five-card hand (Bulgarian); scaled by the cards a seat sees.
THRESHOLD = {0: 7.0, 1: 7.0, 2: 7.0, 3: 7.0, NO_TRUMPS: 10.0, ALL_TRUMPS: 9.5}
# Overbidding a partner's contract needs this much more than the threshold.
PARTNER_MARGIN = 3.0
# French Belote, on the five cards and the turned one: where taking breaks even (measured:
# 1,500 deals each, first hand forced to take or to name its best suit, `easy` playing on).
BELOTE_TAKE, BELOTE_NAME = 7.0, 7.5
# Coinche: the takers' points (cards, last trick, belote) grow with the 8-card strength as
# about 45 + 7.5 x value (measured as above, 1,500 deals bid at 80); a bid leaves a margin.
COINCHE_BASE, COINCHE_SLOPE, COINCHE_MARGIN = 45.0, 7.5, 15.0
AVERAGE_SUIT_VALUE = 5.0  # a random 8-card hand's strength for a random trump suit
SUPPORT_SLOPE = 5.0  # points a raise adds per unit of strength above the average
COINCHE_VALUES = tuple(range(80, 170, 10))


@dataclass(frozen=True, slots=True)
class Boldness:
    """How much strength a level's own calls ask for: the natural thresholds, or bolder or
    warier ones tuned by self-play (`bench/boldness.py`). Every seat still reads the others'
    calls by the natural thresholds (with slack), so no partner needs to know a level's own."""

    suit_factor: float = 1.0  # on the thresholds of the four suits (Bulgarian, Bela)
    take: float = BELOTE_TAKE  # French Belote: taking the turned suit, round one
    name: float = BELOTE_NAME  # French Belote: naming another suit, round two
    coinche_margin: float = COINCHE_MARGIN  # Coinche: how far a bid stays under the estimate
    # Bulgarian and Bela: weigh passing, and strains up to this far under their thresholds,
    # against the natural call by playouts (None: only strains over their thresholds).
    reach: float | None = None
    # Whether the bolder thresholds only turn natural passes into calls: where the natural
    # thresholds already bid or double, the level calls as they do.
    only_turns_passes: bool = False


NATURAL = Boldness()


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


def threshold(view: SeatView, strain: int, bold: Boldness = NATURAL) -> float:
    """The bidding threshold for the number of cards this seat sees."""
    factor = bold.suit_factor if strain < NO_TRUMPS else 1.0
    return THRESHOLD[strain] * factor * view.hand.bit_count() / 5


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


def strain_margin(view: SeatView, strain: int, bold: Boldness = NATURAL) -> float:
    """How far the hand's strength for a strain is above (or below) its threshold."""
    return strain_value(view.hand, strain) - threshold(view, strain, bold)


def choose_bid(view: SeatView, bold: Boldness = NATURAL) -> Bid:
    """A natural call for the seat's rule set (`bold`: this level's own thresholds)."""
    variant = view.variant
    if variant.turned_card:
        return belote_bid(view, bold)
    if variant.bid_values:
        return coinche_bid(view, bold)
    return contract_bid(view, bold)


def strain_auction(variant: Variant) -> bool:
    """Whether calls name bare strains, weighed by thresholds (Bulgarian, Bela): no turned
    card to take, no value to bid."""
    return not (variant.turned_card or variant.bid_values)


def belote_bid(view: SeatView, bold: Boldness = NATURAL) -> Bid:
    """Take (round one) or name a suit (round two) when the hand with the turned card is
    strong enough in that suit, else pass."""
    hand = view.hand | 1 << view.turned
    best: tuple[float, Bid] | None = None
    for bid in view.legal:
        if not isinstance(bid, Bid):
            continue
        if bid.kind == TAKE:
            margin = suit_contract_value(hand, view.turned >> 3) - bold.take
        elif bid.kind == CONTRACT and bid.strain is not None:
            margin = suit_contract_value(hand, bid.strain) - bold.name
        else:
            continue
        if margin >= 0 and (best is None or margin > best[0]):
            best = (margin, bid)
    return best[1] if best is not None else PASS_BID


def coinche_estimate(hand: int, strain: int) -> float:
    """Points a side expects to take in this trump when this hand bids it (partner unknown)."""
    return COINCHE_BASE + COINCHE_SLOPE * suit_contract_value(hand, strain)


def coinche_support(hand: int, strain: int) -> float:
    """Points this hand adds to a partner's bid in its trump, beyond an average hand."""
    return SUPPORT_SLOPE * (suit_contract_value(hand, strain) - AVERAGE_SUIT_VALUE)


def coinche_defence(hand: int, strain: int) -> float:
    """Points this hand is sure to take against a contract in `strain`."""
    trumps = _ranks(hand, strain)
    points = 25.0 * (trumps >> RANK_J & 1)
    if trumps >> RANK_9 & 1 and trumps.bit_count() >= 2:
        points += 15.0
    points += 8.0 * max(0, trumps.bit_count() - 2)
    for suit in range(4):
        ranks = _ranks(hand, suit)
        if suit != strain and ranks >> RANK_A & 1:
            points += 13.0 + (10.0 if ranks >> RANK_T & 1 else 0.0)
    return points


def coinche_targets(
    hand: int, seat: int, bids: Sequence[tuple[int, Bid]], margin: float = COINCHE_MARGIN
) -> dict[int, float]:
    """The value a seat would bid to in each suit after `bids`: its own estimate less
    `margin`, or for a suit its partner opened, the partner's first bid plus this hand's
    support."""
    partner_first: dict[int, int] = {}
    mine: set[int] = set()
    for bidder, bid in bids:
        if bid.kind == CONTRACT and bid.strain is not None:
            if bidder == seat ^ 2:
                partner_first.setdefault(bid.strain, bid.value or 0)
            elif bidder == seat:
                mine.add(bid.strain)
    targets = {}
    for strain in range(4):
        target = coinche_estimate(hand, strain) - margin
        if strain in partner_first and strain not in mine:
            target = max(target, partner_first[strain] + coinche_support(hand, strain))
        elif strain in partner_first:
            target = 0.0  # already shown: the partner's bid counted this hand's support
        targets[strain] = target
    return targets


def coinche_bid(view: SeatView, bold: Boldness = NATURAL) -> Bid:
    """Bid the value the hand (with the partner's bid) is worth, coinche a contract the
    defence clearly beats, surcoinche one the side clearly makes; else pass."""
    legal = [b for b in view.legal if isinstance(b, Bid)]
    standing = view.contract
    value = standing.bid.value or 0 if standing is not None else 0
    ours = standing is not None and standing.team == view.team
    targets = coinche_targets(view.hand, view.seat, view.bids, bold.coinche_margin)
    if any(b.kind == SURCOINCHE for b in legal) and standing is not None:
        if targets[standing.mode] >= value + 30 and standing.seat == view.seat:
            return next(b for b in legal if b.kind == SURCOINCHE)
        return PASS_BID
    best: tuple[float, Bid] | None = None
    for strain, target in targets.items():
        if standing is not None and strain != standing.mode and ours:
            target -= 30  # a new suit over the partner's needs much more
        if standing is not None and strain == standing.mode and not ours:
            continue  # strength in the opponents' trumps defends: it coinches
        bid_value = max((v for v in COINCHE_VALUES if v <= target), default=0)
        if bid_value <= value:
            continue
        bid = Bid(CONTRACT, strain, bid_value)
        if bid in legal and (best is None or target - value > best[0]):
            best = (target - value, bid)
    if best is not None:
        return best[1]
    if standing is not None and not ours and any(b.kind == COINCHE for b in legal):
        if coinche_defence(view.hand, standing.mode) >= 162 - value + 10:
            return next(b for b in legal if b.kind == COINCHE)
    return PASS_BID


def contract_bid(view: SeatView, bold: Boldness = NATURAL) -> Bid:
    """A natural bid: the strongest strain over its threshold, a sound double, or pass."""
    legal = [a for a in view.legal if isinstance(a, Bid)]
    standing = view.contract
    partner_bid = standing is not None and standing.seat == view.seat ^ 2
    ours = standing is not None and standing.team == view.team
    best: tuple[float, Bid] | None = None
    for bid in legal:
        if bid.kind != CONTRACT or bid.strain is None:
            continue
        margin = strain_margin(view, bid.strain, bold)
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
                view, strain, bold
            ):
                return bid
            if (
                bid.kind == REDOUBLE
                and not partner_bid
                and strain_value(view.hand, strain) >= threshold(view, strain, bold) + 5
            ):
                return bid
    return next(b for b in legal if b.kind == PASS)
