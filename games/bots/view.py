"""A seat's JSON view read once into masks and lists, the only input a bot reasons from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.rules.actions import CONTRACT, TAKE, Action, Bid, Play
from games.rules.cards import BEATEN_BY, POINTS, RANK_MASK, Card
from games.rules.play import PlayRules
from games.rules.variants import get_variant
from games.rules.variants.base import Contract, Variant

RANK_CODES = "789TJQKA"


@dataclass(frozen=True, slots=True)
class PastPlay:
    """One card played, with the trick as it stood before it (`led` is -1 for a lead)."""

    seat: int
    card: int
    led: int
    win_card: int
    win_seat: int


@dataclass(frozen=True, slots=True)
class Announcement:
    """A public declaration: who, what kind, and the cards it names (known from length+top)."""

    seat: int
    kind: str
    cards: int  # mask
    points: int
    scored: bool | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know, parsed from `HandState.view(seat)`."""

    variant: Variant
    seat: int
    dealer: int
    phase: str
    to_act: int | None
    hand: int
    legal: tuple[Action, ...]
    bids: tuple[tuple[int, Bid], ...]
    contract: Contract | None
    plays: tuple[PastPlay, ...]
    trick: tuple[int, ...]  # cards of the trick in progress
    trick_leader: int
    tricks_done: int
    announcements: tuple[Announcement, ...]
    hand_sizes: tuple[int, int, int, int]
    won_points: tuple[int, int]  # card points of completed tricks per team, never doubled
    tricks_won: tuple[int, int]
    match_score: tuple[int, int]
    hanging: tuple[int, int]
    turned: int = -1  # French Belote: the card turned up, public all hand long (-1: none)

    @property
    def team(self) -> int:
        """This seat's team (seats 0 and 2 are team 0)."""
        return self.seat & 1

    @property
    def legal_cards(self) -> list[int]:
        """The cards this seat may play now (none outside play)."""
        return [action.card for action in self.legal if isinstance(action, Play)]

    def played_by(self, seat: int) -> int:
        """Mask of the cards a seat has played."""
        mask = 0
        for p in self.plays:
            if p.seat == seat:
                mask |= 1 << p.card
        return mask

    @property
    def played(self) -> int:
        """Mask of every card played so far, the trick in progress included."""
        mask = 0
        for p in self.plays:
            mask |= 1 << p.card
        return mask

    def rules(self) -> PlayRules | None:
        """The play obligations once the contract is final."""
        if self.contract is None or self.phase == "bidding":
            return None
        return self.variant.play_rules(self.contract)


@lru_cache(maxsize=64)
def _variant(name: str, rules: tuple[tuple[str, Any], ...]) -> Variant:
    return get_variant(name, dict(rules))


def _card_mask(codes: list[str]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << Card.parse(code)
    return mask


def _announced_cards(item: Mapping[str, Any]) -> int:
    """The cards a declaration names: shown ones, else a run from its top, or a four's rank."""
    if "cards" in item:
        return _card_mask(item["cards"])
    top = str(item["top"])
    if item["kind"] == "four":
        return RANK_MASK[RANK_CODES.index(top.upper())]
    card = Card.parse(top)
    length = int(item["length"])
    return sum(1 << (card - i) for i in range(length))


def _contract(variant: Variant, view: Mapping[str, Any], bids: list[tuple[int, Bid]]) -> Contract:
    data = view["contract"]
    bid = variant.parse_bid(data["bid"])
    bidder = next(seat for seat, b in reversed(bids) if b.kind in (CONTRACT, TAKE))
    return Contract(bid, bidder, int(data["multiplier"]))


def read_view(view: Mapping[str, Any]) -> SeatView:
    """Parse a seat's view (the same JSON a human client receives)."""
    variant = _variant(view["variant"], tuple(sorted(view.get("house_rules", {}).items())))
    bids = [(int(b["seat"]), variant.parse_bid(b["bid"])) for b in view["bids"]]
    # During the bidding this is the standing bid; from the play on, the contract.
    contract = _contract(variant, view, bids) if view["contract"] is not None else None
    phase = view["phase"]
    mode = contract.mode if contract is not None else 0
    beaten, points = BEATEN_BY[mode], POINTS[mode]
    won_points, tricks_won = [0, 0], [0, 0]
    plays: list[PastPlay] = []
    trick: tuple[int, ...] = ()
    leader = view["to_act"] if view["to_act"] is not None else 0
    done = 0
    for item in view["tricks"]:
        cards = [Card.parse(code) for code in item["cards"]]
        led = win_card = win_seat = -1
        for i, card in enumerate(cards):
            seat = (item["leader"] + i) % 4
            plays.append(PastPlay(seat, card, led, win_card, win_seat))
            if i == 0:
                led, win_card, win_seat = card >> 3, card, seat
            elif beaten[win_card] >> card & 1:
                win_card, win_seat = card, seat
        if item["winner"] is None:
            trick, leader = tuple(cards), int(item["leader"])
        else:
            done += 1
            won_points[win_seat & 1] += sum(points[c] for c in cards)
            tricks_won[win_seat & 1] += 1
    seat = int(view["seat"])
    legal: tuple[Action, ...] = tuple(
        Play.parse(code) if phase == "playing" else variant.parse_bid(code)
        for code in view["legal"]
    )
    announcements = tuple(
        Announcement(int(d["seat"]), d["kind"], _announced_cards(d), int(d["points"]), d["scored"])
        for d in view["declarations"]
    )
    sizes = view["hand_sizes"]
    return SeatView(
        variant=variant,
        seat=seat,
        dealer=int(view["dealer"]),
        phase=phase,
        to_act=view["to_act"],
        hand=_card_mask(view["hand"]),
        legal=legal,
        bids=tuple(bids),
        contract=contract,
        plays=tuple(plays),
        trick=trick,
        trick_leader=leader,
        tricks_done=done,
        announcements=announcements,
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        won_points=(won_points[0], won_points[1]),
        tricks_won=(tricks_won[0], tricks_won[1]),
        match_score=(view["match_score"][0], view["match_score"][1]),
        hanging=(view["hanging"][0], view["hanging"][1]),
        turned=Card.parse(view["turned"]) if view.get("turned") else -1,
    )
