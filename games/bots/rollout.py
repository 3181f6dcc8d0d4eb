"""Hard bidding in every rule set: each candidate call valued over sampled deals.

For each deal of the unseen cards that fits the others' calls, the auction goes on with every
seat bidding naturally (this one too, at its later turns), the contract is played out with
every hand open, and the finished hand is scored by the rule set. The call with the best
average wins; near-ties go to the natural call. Only this seat's cards and the public calls
are used, and partners read nothing into each other's calls beyond what natural bids show.
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.bots.bidding import (
    BELOTE_NAME,
    BELOTE_TAKE,
    COINCHE_BASE,
    COINCHE_MARGIN,
    COINCHE_SLOPE,
    choose_bid,
    plausible,
    strain_margin,
    suit_contract_value,
)
from games.bots.kernel import AS_IS, Context, Start, evaluate
from games.bots.medium import finish
from games.bots.outcome import Outcome, Pair
from games.bots.sampling import WorldSampler
from games.bots.view import SeatView
from games.rules.actions import (
    COINCHE,
    CONTRACT,
    DOUBLE,
    PASS,
    REDOUBLE,
    SURCOINCHE,
    TAKE,
    Action,
    Bid,
)
from games.rules.variants.base import Auction, Contract
from games.rules.variants.belote import BeloteAuction

# Open-handed playouts misjudge the takers against real play (defenders who see every card
# defend too well): card points the takers really took beyond the open-handed playout of the
# same deal, bid and played by `medium` (`bench/bid_bias.py`, 120 deals; Bulgarian and Bela
# by `easy`, 300 deals).
TAKER_CARD_BIAS = {"bulgarian": 9.1, "bela": 4.4, "belote": 10.2, "coinche": 6.7}
MARGIN = 2.0  # points per world a call must gain over the natural one
SLACK = 1.5  # hand strength a seat may lack for the call it made (people differ)
ROLLOUT_SOLVE_BELOW = 12  # playouts solve the last three tricks exactly
TRIES = 20  # deals tried per world for one that fits the others' calls
STRAIN_REACH = -2.0  # Bulgarian and Bela: strains this far under their threshold are weighed


class TakerShift(Outcome):
    """Scores a playout as if the takers had taken `shift` more card points from the others
    (what real play gives them beyond open-handed play)."""

    def __init__(self, view: SeatView, contract: Contract, shift: int) -> None:
        super().__init__(view, contract)
        self.shift = shift

    def value(self, cards: Pair, declared: Pair, belots: Pair, tricks: Pair) -> float:
        takers = self.contract.team
        moved = (
            min(self.shift, cards[1 - takers])
            if self.shift >= 0
            else -min(-self.shift, cards[takers])
        )
        shifted = [0, 0]
        shifted[takers] = cards[takers] + moved
        shifted[1 - takers] = cards[1 - takers] - moved
        return super().value(shifted, declared, belots, tricks)


def _auction(view: SeatView) -> Auction:
    """The auction so far, rebuilt from the public calls."""
    auction: Auction
    if view.turned >= 0:
        auction = BeloteAuction(view.dealer, view.turned >> 3)
    else:
        auction = view.variant.new_auction(view.dealer, ())
    for _, bid in view.bids:
        auction.apply(bid)
    return auction


class Deal:
    """One sampled deal: what each seat saw while bidding, and the rest of the cards."""

    def __init__(self, view: SeatView, world: list[int], rng: random.Random) -> None:
        self.view = view
        self.turned = view.turned
        self.seen = list(world)
        self.extra = [0, 0, 0, 0]
        count = view.variant.bidding_cards
        if count == 8:
            return
        turned = 1 << view.turned if view.turned >= 0 else 0
        for seat in range(4):
            if seat == view.seat:
                self.seen[seat] = view.hand
                self.extra[seat] = world[seat] & ~view.hand & ~turned
                continue
            # Which of a seat's cards came first is as random as the deal itself.
            cards = [c for c in range(32) if world[seat] >> c & 1]
            rng.shuffle(cards)
            self.seen[seat] = sum(1 << c for c in cards[:count])
            self.extra[seat] = sum(1 << c for c in cards[count:])

    def hands(self, taker: int) -> list[int]:
        """Full hands once `taker` takes (French Belote: the turned card and two more)."""
        hands = [self.seen[s] | self.extra[s] for s in range(4)]
        if self.turned < 0:
            return hands
        me = self.view.seat
        if taker != me:
            # The taker's third extra card is this seat's, the turned card the taker's.
            extra = self.extra[taker]
            give = extra & -extra
            hands[taker] ^= give
            hands[taker] |= 1 << self.turned
            hands[me] |= give
        else:
            hands[me] |= 1 << self.turned
        return hands

    def fits(self) -> bool:
        """Whether every call by another seat is natural enough for the cards it saw."""
        view = self.view
        strain: int | None = None
        for seat, bid in view.bids:
            if seat != view.seat and not _plausible(view, self.seen[seat], seat, bid, strain):
                return False
            if bid.kind == CONTRACT:
                strain = bid.strain
        return True


def _plausible(view: SeatView, seen: int, seat: int, bid: Bid, standing: int | None) -> bool:
    """A lenient test of one call against the cards its seat saw."""
    if view.variant.name in ("bulgarian", "bela"):
        return plausible(seen, bid, standing, cards=view.variant.bidding_cards)
    if view.turned >= 0:
        hand = seen | 1 << view.turned
        if bid.kind == TAKE:
            return suit_contract_value(hand, view.turned >> 3) >= BELOTE_TAKE - SLACK
        if bid.kind == CONTRACT and bid.strain is not None:
            return suit_contract_value(hand, bid.strain) >= BELOTE_NAME - SLACK
        if bid.kind == PASS:
            return suit_contract_value(hand, view.turned >> 3) < BELOTE_TAKE + SLACK
        return True
    if bid.kind == CONTRACT and bid.strain is not None and bid.value is not None:
        partner_named = any(s == seat ^ 2 and b.strain == bid.strain for s, b in view.bids)
        if partner_named:
            return True  # a raise shows support, which any hand can lend a little
        needed = (bid.value + COINCHE_MARGIN - COINCHE_BASE) / COINCHE_SLOPE
        return suit_contract_value(seen, bid.strain) >= needed - SLACK
    return True


class Rollouts:
    """Values of this seat's candidate calls over sampled deals (common deals for all)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.sampler = WorldSampler(view)
        self.auction = _auction(view)
        self.bias = TAKER_CARD_BIAS[view.variant.name]

    def deal(self, rng: random.Random) -> Deal:
        """A deal that fits the others' calls (the last one tried, if none does)."""
        deal = Deal(self.view, self.sampler.sample(rng), rng)
        for _ in range(TRIES):
            if deal.fits():
                break
            deal = Deal(self.view, self.sampler.sample(rng), rng)
        return deal

    def final_contract(self, deal: Deal, call: Bid) -> Contract | None:
        """The contract after `call`, every seat then bidding naturally."""
        view = self.view
        auction = self.auction.clone()
        auction.apply(call)
        while not auction.done:
            seat = auction.to_act
            seen = replace(
                view, seat=seat, hand=deal.seen[seat], legal=auction.legal(),
                bids=tuple(auction.calls), contract=auction.contract(), to_act=seat,
            )  # fmt: skip
            auction.apply(choose_bid(seen))
        return auction.contract()

    def values(self, deals: list[Deal], contract: Contract | None) -> list[float]:
        """This seat's hand points minus the others' when `contract` is played out in each
        deal (one kernel call for them all)."""
        if contract is None:
            return [0.0] * len(deals)  # thrown in
        view = self.view
        variant = view.variant
        worlds = [deal.hands(contract.seat) for deal in deals]
        ctx = Context.of(variant.play_rules(contract), variant.belot_needs_suit)
        outcome = TakerShift(view, contract, round(self.bias))
        start = Start((view.dealer + 1) % 4)
        rows = evaluate(ctx, worlds, start, [AS_IS], ROLLOUT_SOLVE_BELOW)[:, 0].tolist()
        zero = ((0, 0), (0, 0))
        return [
            finish(outcome, outcome.declared(world), zero, row)
            for world, row in zip(worlds, rows, strict=True)
        ]

    def best(self, options: list[Bid], natural: Bid, worlds: int, rng: random.Random) -> Bid:
        """The call with the best average value; the natural one wins near-ties."""
        deals = [self.deal(rng) for _ in range(worlds)]
        # Many calls end in the same contract: each contract is played out once per deal.
        ends: dict[Contract | None, list[int]] = {}
        chosen = []
        for w, deal in enumerate(deals):
            row = [self.final_contract(deal, call) for call in options]
            for contract in set(row):
                ends.setdefault(contract, []).append(w)
            chosen.append(row)
        value: dict[tuple[int, Contract | None], float] = {}
        for contract, where in ends.items():
            for w, v in zip(where, self.values([deals[w] for w in where], contract), strict=True):
                value[w, contract] = v
        totals = [
            sum(value[w, row[i]] for w, row in enumerate(chosen)) for i in range(len(options))
        ]
        bonus = [MARGIN * worlds if call == natural else 0.0 for call in options]
        return options[max(range(len(options)), key=lambda i: totals[i] + bonus[i])]


def candidates(view: SeatView, natural: Bid) -> list[Bid]:
    """The calls worth weighing: the natural one, passing, and in Coinche the bids one step
    either side of it in its suit, the cheapest bid in each suit the hand might carry, and
    (sur)coinche."""
    legal = [b for b in view.legal if isinstance(b, Bid)]
    options = [natural]
    if view.variant.name == "belote":
        options += [b for b in legal if b != natural]
        return options
    if view.variant.name in ("bulgarian", "bela"):
        for bid in legal:
            if bid in options:
                continue
            if bid.kind in (PASS, DOUBLE, REDOUBLE):
                options.append(bid)
            elif bid.kind == CONTRACT and bid.strain is not None:
                if strain_margin(view, bid.strain) >= STRAIN_REACH:
                    options.append(bid)
        return options
    pass_bid = next(b for b in legal if b.kind == PASS)
    if pass_bid != natural:
        options.append(pass_bid)
    contracts = [b for b in legal if b.kind == CONTRACT and b.value is not None]
    if natural.kind == CONTRACT and natural.value is not None:
        for step in (-10, 10, 20):
            near = Bid(CONTRACT, natural.strain, natural.value + step)
            if near in contracts and near not in options:
                options.append(near)
    for strain in range(4):
        cheapest = min((b for b in contracts if b.strain == strain), key=_value, default=None)
        if cheapest is not None and cheapest not in options:
            hand_value = suit_contract_value(view.hand, strain)
            if COINCHE_BASE + COINCHE_SLOPE * hand_value >= (cheapest.value or 0):
                options.append(cheapest)
    options += [b for b in legal if b.kind in (COINCHE, SURCOINCHE) and b not in options]
    return options


def _value(bid: Bid) -> int:
    return bid.value or 0


def rollout_bid(view: SeatView, worlds: int, rng: random.Random) -> Action:
    """Hard's call."""
    natural = choose_bid(view)
    options = candidates(view, natural)
    if len(options) < 2:
        return natural
    return Rollouts(view).best(options, natural, worlds, rng)
