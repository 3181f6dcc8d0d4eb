"""The medium level: sampled worlds valued by fast playouts and exact endings, bids likewise."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from games.bots.auction import AuctionLikelihood, free_calls
from games.bots.base import Bot
from games.bots.bidding import (
    NATURAL,
    Boldness,
    choose_bid,
    plausible,
    strain_auction,
    strain_margin,
)
from games.bots.calls import CallStyle, coinche_weights, expected_call
from games.bots.declarer import trump_to_draw
from games.bots.easy import choose_card as easy_card
from games.bots.inference import infer
from games.bots.kernel import (
    AS_IS,
    BELOTS_WON,
    CARDS_WON,
    SOLVE_ALL,
    TRICKS_WON,
    Context,
    Start,
    evaluate,
)
from games.bots.likelihood import PlayLikelihood
from games.bots.outcome import Outcome
from games.bots.sampling import WorldSampler
from games.bots.view import SeatView, read_view
from games.rules.actions import CONTRACT, PASS, PLAYS, Action, Bid
from games.rules.cards import BEATEN_BY, CARDS, mask_of
from games.rules.hand import HandState
from games.rules.variants.base import Contract

SOLVE_DEEP, SOLVE_SHALLOW = 12, 8  # medium's playouts solve the last three tricks, or two


@dataclass(frozen=True, slots=True)
class Depth:
    """How far a level solves exactly (in cards left in play)."""

    exact_cards: int  # from this many cards left, every candidate is solved exactly
    deep_from: int  # from this many, playouts solve the last `deep_solve` cards exactly
    deep_solve: int = SOLVE_DEEP
    shallow_solve: int = SOLVE_SHALLOW  # before `deep_from`, the last this many

    def solve_below(self, left: int) -> int:
        """The kernel's `solve_below` for a search with `left` cards in play."""
        if left <= self.exact_cards:
            return SOLVE_ALL
        return self.deep_solve if left <= self.deep_from else self.shallow_solve


MEDIUM_DEPTH = Depth(exact_cards=12, deep_from=20)
# A world for one candidate where more than three tricks are solved exactly (hard): the median
# is about 0.5 ms (French Belote and Bulgarian, 5 tricks solved), the slow positions 2 to 6 ms.
DEEP_SOLVE_MS = 1.5
BID_SOLVE_BELOW = 8  # bidding playouts solve the last two tricks
MIN_WORLDS, MAX_WORLDS = 6, 96
BID_MARGIN = 1  # hand points a call must gain on average over the natural one
# Open-hand greedy playouts undervalue the bidders against real play: over 300 deals bid
# and played by `easy`, the same deals played out open-handed gave the bidders this many
# fewer hand points on average (Bulgarian 6.7 vs 4.1, Bela 29.2 vs 11.7).
SIM_BIDDER_BIAS = {"bulgarian": 2.6, "bela": 17.6}
AUCTION_TRIES = 30  # deals tried per world for one where the others' calls look natural


def finish(
    outcome: Outcome, declared: Sequence[int], base: tuple[Sequence[int], Sequence[int]],
    gained: Sequence[int],
) -> float:  # fmt: skip
    """Value for the seat of a hand played to the end: what was won before the search, plus
    what the kernel's `evaluate` says each team gains from there (one result row)."""
    won, tricks = base
    cards = [won[t] + gained[CARDS_WON + t] for t in (0, 1)]
    count = [tricks[t] + gained[TRICKS_WON + t] for t in (0, 1)]
    return outcome.value(cards, declared, gained[BELOTS_WON : BELOTS_WON + 2], count)


def trick_state(view: SeatView) -> tuple[int, int, int]:
    """The suit led, the winning card and its seat in the trick in progress (-1 if none)."""
    if not view.trick or view.contract is None:
        return -1, -1, -1
    beaten = BEATEN_BY[view.contract.mode]
    win_card, win_seat = view.trick[0], view.trick_leader
    for i, card in enumerate(view.trick[1:], start=1):
        if beaten[win_card] >> card & 1:
            win_card, win_seat = card, (view.trick_leader + i) % 4
    return view.trick[0] >> 3, win_card, win_seat


# A world's value from its result row: (outcome, declarations, points and tricks won before
# the search, the row), as `finish` gives it.
Score = Callable[
    [Outcome, Sequence[int], tuple[Sequence[int], Sequence[int]], Sequence[int]], float
]


@dataclass(frozen=True, slots=True)
class CardSearch:
    """What the search of one card decision shares across worlds: the contract's outcome,
    the rules' context, the trick as it stands, and the points and tricks won before it."""

    outcome: Outcome
    ctx: Context
    start: Start
    base: tuple[tuple[int, int], tuple[int, int]]

    @classmethod
    def of(cls, view: SeatView) -> CardSearch:
        """The search of the view's card decision (a contract must have been made)."""
        contract, rules = view.contract, view.rules()
        if contract is None or rules is None:
            raise ValueError("card play needs a contract")
        return cls(
            Outcome(view, contract),
            Context.of(rules, view.variant.belot_needs_suit),
            Start(view.seat, tuple(view.trick), *trick_state(view)),
            (view.won_points, view.tricks_won),
        )

    def totals(
        self, worlds: Sequence[Sequence[int]], weights: Sequence[float], legal: Sequence[int],
        solve_below: int, score: Score = finish,
    ) -> list[float]:  # fmt: skip
        """Each legal card's `score` (the seat's value by default) summed over the worlds,
        each counting its weight."""
        results = evaluate(self.ctx, worlds, self.start, legal, solve_below).tolist()
        totals = [0.0] * len(legal)
        for world, rows, weight in zip(worlds, results, weights, strict=True):
            declared = self.outcome.declared(world)
            for i, row in enumerate(rows):
                totals[i] += weight * score(self.outcome, declared, self.base, row)
        return totals


def draw_worlds(
    view: SeatView, sampler: WorldSampler, count: int, rng: random.Random
) -> list[list[int]]:
    """`count` worlds from the sampler, each drawn again (up to `AUCTION_TRIES` times) until
    the others' calls look natural in it."""
    drawn = []
    for _ in range(count):
        for _ in range(AUCTION_TRIES):
            world = sampler.sample(rng)
            if fits_auction(view, world):
                break
        drawn.append(world)
    return drawn


def playout_ms(view: SeatView, depth: Depth) -> float:
    """Rough cost of one sampled world for one candidate card, on one core: the 90th
    percentile over 8 Bulgarian hands with the compiled kernel, sampling included (timed
    `search_card` at 20 worlds, divided by worlds and candidates); more where the playouts
    solve more than three tricks (`DEEP_SOLVE_MS`)."""
    left = sum(view.hand_sizes)
    if min(left, depth.solve_below(left)) > SOLVE_DEEP:
        return DEEP_SOLVE_MS
    if left <= depth.exact_cards:
        return 0.08 if left <= SOLVE_DEEP else 0.1
    return 0.1


def call_weights(
    view: SeatView, auction: AuctionLikelihood | None, worlds: list[list[int]], reads: bool
) -> list[float]:
    """How likely each world makes the others' calls (partner's included): by the first
    cards seen (`AuctionLikelihood`), or in Coinche, where every card is seen at the call,
    by the values bid (`coinche_weights`); all 1 unless the level `reads` the auction."""
    if not reads:
        return [1.0] * len(worlds)
    if view.variant.bid_values:
        weights: list[float] = coinche_weights(view, worlds).tolist()
        return weights
    return auction.weights(worlds).tolist() if auction is not None else [1.0] * len(worlds)


def search_card(
    view: SeatView,
    worlds: int,
    rng: random.Random,
    depth: Depth,
    *,
    weighted: bool = False,
    reads_auction: bool = False,
    pool: int = 1,
) -> int:
    """The card with the best average value over sampled worlds (`weighted`: each world
    counting as much as the others' past play is natural in it, by the learned play model
    (`PlayLikelihood`); `reads_auction`: and their calls; `pool` > 1: that many times more
    worlds drawn and weighed, and `worlds` of them searched, picked by weight)."""
    legal = view.legal_cards
    knowledge = infer(view)
    draw = trump_to_draw(view, knowledge)
    if draw is not None:
        return draw
    uniform = WorldSampler(view, knowledge)
    likelihood = PlayLikelihood(view) if weighted else None
    auction = AuctionLikelihood(view) if reads_auction else None
    search = CardSearch.of(view)
    solve_below = depth.solve_below((knowledge.unseen | view.hand).bit_count())
    drawn = draw_worlds(view, uniform, worlds * pool, rng)
    calls = call_weights(view, auction, drawn, reads_auction)
    plays = likelihood.weights(drawn) if likelihood is not None else [1.0] * len(drawn)
    weights = [call * play for call, play in zip(calls, plays, strict=True)]
    sampled = drawn
    if pool > 1:
        sampled, weights = resample(drawn, weights, worlds, rng)
    totals = search.totals(sampled, weights, legal, solve_below)
    natural = easy_card(view, knowledge)
    best = max(range(len(legal)), key=lambda i: (totals[i], legal[i] == natural))
    return legal[best]


def resample(
    drawn: list[list[int]], weights: list[float], count: int, rng: random.Random
) -> tuple[list[list[int]], list[float]]:
    """`count` picks among weighted worlds, each as likely as its weight (systematic
    resampling: one random offset, then even steps); the worlds picked, each weighted by
    how many times it was (all worlds equally likely if no weight is above zero)."""
    if not sum(weights) > 0:
        weights = [1.0] * len(drawn)
    step = sum(weights) / count
    mark = rng.random() * step
    picked: list[list[int]] = []
    times: list[float] = []
    reached = 0.0
    total = 0
    for world, weight in zip(drawn, weights, strict=True):
        reached += weight
        hits = 0
        while mark < reached and total < count:
            hits += 1
            total += 1
            mark += step
        if hits:
            picked.append(world)
            times.append(float(hits))
    return picked, times


def _simulate(
    view: SeatView, world: Sequence[int], contract: Contract, bidder_bias: float
) -> float:
    """Value for the seat of playing a whole deal under `contract` (every hand known), the
    bidding team's by `bidder_bias` more."""
    variant = view.variant
    ctx = Context.of(variant.play_rules(contract), variant.belot_needs_suit)
    outcome = Outcome(view, contract)
    start = Start((view.dealer + 1) % 4)
    row = evaluate(ctx, [world], start, [AS_IS], BID_SOLVE_BELOW)[0, 0].tolist()
    value = finish(outcome, outcome.declared(world), ((0, 0), (0, 0)), row)
    return value + (bidder_bias if contract.team == view.team else -bidder_bias)


def dealt_state(view: SeatView, world: Sequence[int], rng: random.Random) -> HandState:
    """A hand dealt as in `world`, its auction replayed up to this seat's turn.

    This seat sees the cards it holds first; the others see a random part of theirs. French
    Belote's draw comes from the cards nobody saw while bidding, in a random order.
    """
    hands = []
    for seat in range(4):
        cards = [c for c in range(32) if world[seat] >> c & 1]
        rng.shuffle(cards)
        if seat == view.seat:
            cards.sort(key=lambda c: not view.hand >> c & 1)
        hands.append(cards)
    first = sum(view.variant.packets)
    deck = view.variant.hands_to_deck([cards[:first] for cards in hands], view.dealer)
    if len(deck) < len(CARDS):
        # French Belote: the turned card comes next, then the cards of the taker's draw.
        rest = [c for cards in hands for c in cards[first:] if c != view.turned]
        rng.shuffle(rest)
        deck += [CARDS[c] for c in ([view.turned] if view.turned >= 0 else []) + rest]
    state = HandState.new(view.variant, dealer=view.dealer, deck=deck)
    for seat, bid in view.bids:
        state.apply(bid, seat)
    return state


def auction_value(view: SeatView, dealt: HandState, bid: Bid, *, bidder_bias: float = 0.0) -> float:
    """The seat's team's hand points minus the other's when it makes `bid`, every seat then
    bids on naturally to the end and the deal is played out (`_simulate`)."""
    state = dealt.clone()
    state.apply(bid, view.seat)
    while state.phase == "bidding" and (seat := state.to_act) is not None:
        state.apply(choose_bid(read_view(state.view(seat))), seat)
    if state.contract is None:
        return 0.0  # thrown in
    world = [mask_of(cards) for cards in state.dealt]
    return _simulate(view, world, state.contract, bidder_bias)


def _first_cards(view: SeatView, state: HandState) -> list[int]:
    """The cards each seat of a dealt world saw while bidding."""
    seen = view.variant.bidding_cards
    return [sum(1 << c for c in state.dealt[seat][:seen]) for seat in range(4)]


def _fits_auction(view: SeatView, firsts: list[int]) -> bool:
    """Whether the others' calls so far are natural for the first cards a world deals them."""
    strain: int | None = None
    for seat, bid in view.bids:
        if seat != view.seat:
            if not plausible(firsts[seat], bid, strain, cards=view.variant.bidding_cards):
                return False
        if bid.kind == CONTRACT:
            strain = bid.strain
    return True


def fits_auction(view: SeatView, world: Sequence[int]) -> bool:
    """During play: whether the others' free contract bids are natural for their whole hands."""
    if not strain_auction(view.variant):
        # French Belote and Coinche: filtering worlds by the auction did not measurably help
        # (medium with it against medium without, 40 mirrored pairs each: +0.9 and +1.0).
        return True
    seen_count = view.variant.bidding_cards
    for seat, bid in free_calls(view):
        if seat != view.seat and bid.kind == CONTRACT:
            hand = world[seat] | view.played_by(seat)
            if not plausible(hand, bid, None, cards=seen_count):
                return False
    return True


def _bid_options(view: SeatView, natural: Bid, bold: Boldness) -> list[Bid]:
    """The calls worth weighing by playouts: the natural one first, and the strains strong
    enough to bid; with `bold.reach`, also passing and strains that far under threshold."""
    reach = bold.reach
    if reach is None and natural.kind != CONTRACT:
        return [natural]
    # Open-handed playouts misjudge doubles (measured); passes only where `reach` says.
    least = 0.0 if reach is None else -reach
    options = [natural]
    for bid in view.legal:
        if not isinstance(bid, Bid) or bid == natural:
            continue
        if bid.kind == PASS and reach is not None:
            options.append(bid)
        elif bid.kind == CONTRACT and bid.strain is not None:
            if strain_margin(view, bid.strain, bold) >= least:
                options.append(bid)
    return options


def sampled_bid(
    view: SeatView,
    worlds: int,
    rng: random.Random,
    bold: Boldness = NATURAL,
    *,
    reads_auction: bool = False,
) -> Action:
    """Natural calls, but among the strains strong enough to bid (and with `bold.reach`,
    passing), the one that does best over deals of the unseen cards (the auction going on
    naturally, the contract played out); `reads_auction`: deals that fit the others' passes
    as well as their bids."""
    if bold.only_turns_passes and choose_bid(view).kind != PASS:
        bold = NATURAL  # the natural thresholds already call: call as they do
    natural = choose_bid(view, bold)
    if not strain_auction(view.variant):
        # French Belote and Coinche bid naturally at every level (the strain choice that
        # sampling refines is a Bulgarian and Bela question).
        return natural
    options = _bid_options(view, natural, bold)
    if len(options) < 2:
        return natural
    sampler = WorldSampler(view)
    reading = AuctionLikelihood(view) if reads_auction else None
    bias = SIM_BIDDER_BIAS.get(view.variant.name, 0.0)
    totals = [0.0] * len(options)
    for _ in range(worlds):
        for _ in range(AUCTION_TRIES):
            world = sampler.sample(rng)
            state = dealt_state(view, world, rng)
            firsts = _first_cards(view, state)
            if _fits_auction(view, firsts) and (reading is None or reading.fits_first(firsts)):
                break
        for i, bid in enumerate(options):
            totals[i] += auction_value(view, state, bid, bidder_bias=bias)
    # Near-ties go to the natural call.
    bonus = [BID_MARGIN * worlds if bid == natural else 0 for bid in options]
    return options[max(range(len(options)), key=lambda i: totals[i] + bonus[i])]


# Coinche: calls weighed by expected score over a few worlds, doubling only on a surer
# estimate than hard's (fewer worlds, more noise). French Belote: natural (the expected
# score measured level with them for hard, so medium keeps the cheaper calls).
MEDIUM_CALLS = {"coinche": CallStyle(worlds=16, double_confidence=0.8)}


class MediumBot(Bot):
    """Sampling search: many consistent worlds, playouts, exact last tricks."""

    name = "medium"
    busy = 1.1  # share of the budget to fill, by estimate: a count, not a clock (replayable)
    bid_worlds_per_ms = 0.12
    depth = MEDIUM_DEPTH
    max_worlds = MAX_WORLDS
    weighted = False
    reads_auction = False
    boldness: ClassVar[dict[str, Boldness]] = {}  # per rule set; natural where absent
    world_pool = 1  # worlds drawn per world searched (`search_card`'s `pool`)
    # Per rule set, calls weighed by expected score (`expected_call`); natural where absent.
    call_style: ClassVar[dict[str, CallStyle]] = MEDIUM_CALLS

    def decide(self, view: SeatView, budget_ms: float, rng: random.Random) -> Action:
        if view.phase == "bidding":
            style = self.call_style.get(view.variant.name)
            if style is not None:
                natural = choose_bid(view, self.boldness.get(view.variant.name, NATURAL))
                worlds = max(MIN_WORLDS, round(style.worlds * budget_ms / self.budget_ms))
                return expected_call(view, natural, replace(style, worlds=worlds), rng)
            worlds = max(4, int(budget_ms * self.bid_worlds_per_ms))
            bold = self.boldness.get(view.variant.name, NATURAL)
            return sampled_bid(view, worlds, rng, bold, reads_auction=self.reads_auction)
        worlds = int(budget_ms * self.busy / (len(view.legal) * playout_ms(view, self.depth)))
        worlds = min(self.max_worlds, max(MIN_WORLDS, worlds))
        return PLAYS[
            search_card(
                view,
                worlds,
                rng,
                self.depth,
                weighted=self.weighted,
                pool=self.world_pool,
                reads_auction=self.reads_auction,
            )
        ]
