"""What every rule set provides: settings plus a few hooks the trick-taking core calls."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from games.rules.actions import Bid
from games.rules.cards import CARDS, POINTS, Card
from games.rules.declarations import BELOT, Declaration
from games.rules.errors import InvalidInputError, MalformedActionError
from games.rules.play import PlayRules

if TYPE_CHECKING:
    from games.rules.hand import HandState


@dataclass(frozen=True, slots=True)
class Contract:
    """The standing or final contract: the bid, who made it, and the double/redouble factor."""

    bid: Bid
    seat: int
    multiplier: int = 1

    @property
    def team(self) -> int:
        """The bidding team (seats 0 and 2 are team 0)."""
        return self.seat & 1

    @property
    def mode(self) -> int:
        """Trump mode: a suit index, NO_TRUMPS or ALL_TRUMPS."""
        return self.bid.strain if self.bid.strain is not None else 0

    def to_dict(self) -> dict[str, object]:
        """The contract as the scenario runner prints it."""
        return {"bid": str(self.bid), "team": self.team, "multiplier": self.multiplier}


class Auction(ABC):
    """Bidding state of one hand; each rule set subclasses it with its own calls."""

    __slots__ = ("calls", "dealer", "done", "to_act")

    def __init__(self, dealer: int) -> None:
        self.dealer = dealer
        self.to_act = (dealer + 1) % 4
        self.done = False
        self.calls: list[tuple[int, Bid]] = []

    @abstractmethod
    def legal(self) -> tuple[Bid, ...]:
        """The bids the seat to act may make."""

    @abstractmethod
    def apply(self, bid: Bid) -> None:
        """Make a bid for the seat to act, or raise IllegalActionError('illegal_bid')."""

    @abstractmethod
    def contract(self) -> Contract | None:
        """The standing (or, once done, final) contract; None before any bid."""

    @abstractmethod
    def clone(self) -> Auction:
        """An independent copy, for search."""


LAST_TRICK = 10  # card points the last trick adds


class Tally(NamedTuple):
    """What the play of a hand, played or imagined, decided per team: all its scoring reads."""

    cards: Sequence[int]  # card points, last trick included, never doubled
    declared: Sequence[int]  # declarations that scored (the comparison applied), belots apart
    belots: Sequence[int]  # belot points that scored
    tricks: Sequence[int]  # tricks won


class HandPoints(NamedTuple):
    """What a hand writes per team, before the hanging points of earlier hands are settled."""

    card_points: Sequence[int]  # as the rule set counts them (Bulgarian no trumps: doubled)
    raw: Sequence[int]  # card points and declarations, before any rounding or transfer
    points: Sequence[int]  # the hand points written
    hangs: Sequence[int]  # points a tie leaves hanging for the winner of a later hand
    outcome: str  # made, failed or tie
    sweep: int | None  # the team that took every trick (valat, capot)


def sweep(tricks: Sequence[int]) -> int | None:
    """The team that took every trick, or None."""
    if tricks[0] and tricks[1]:
        return None
    return 0 if tricks[1] == 0 else 1


class CapotCount(NamedTuple):
    """French Belote's and Coinche's count of a hand, per team."""

    raw: list[int]  # cards (last trick included), declarations and belots
    counted: list[int]  # the same, a capot team's cards counted as the capot's points
    capot: int | None  # the team that took every trick


def count_with_capot(tally: Tally, capot_points: int) -> CapotCount:
    """Each team's cards, declarations and belots; a capot's points replace its team's cards."""
    declared = [tally.declared[t] + tally.belots[t] for t in (0, 1)]
    raw = [tally.cards[t] + declared[t] for t in (0, 1)]
    capot = sweep(tally.tricks)
    counted = list(raw)
    if capot is not None:
        counted[capot] = capot_points + declared[capot]
    return CapotCount(raw, counted, capot)


def reached(match_score: Sequence[int], target: int) -> int | None:
    """A team past the target with the higher score wins; equal scores play on."""
    if max(match_score) < target or match_score[0] == match_score[1]:
        return None
    return 0 if match_score[0] > match_score[1] else 1


@dataclass(slots=True)
class HandScore:
    """Everything the end of a hand decides, in the scenario runner's terms."""

    card_points: list[int]
    raw_points: list[int]
    hand_points: list[int]
    hanging: list[int]
    outcome: str
    valat: int | None
    match_score: list[int]
    winner: int | None


class Variant(ABC):
    """One rule set: class settings plus hooks; instances carry the chosen house rules."""

    name: ClassVar[str]
    packets: ClassVar[tuple[int, ...]]  # deal packet sizes, each round from first hand
    bidding_cards: ClassVar[int]  # cards a seat holds while bidding
    strains: ClassVar[tuple[int, ...]] = (0, 1, 2, 3)  # trump modes a contract may name
    turned_card: ClassVar[bool] = False  # bidding takes or refuses a turned card's suit
    bid_values: ClassVar[bool] = False  # a contract names the points it will make
    collects_hanging: ClassVar[bool] = False  # a won hand takes the points earlier ties left
    house_rule_choices: ClassVar[Mapping[str, tuple[object, ...]]] = {}  # first value = default
    belot_needs_suit: ClassVar[bool] = False  # belot only when led or following suit
    needs_deck: ClassVar[bool] = False  # hands depend on the bidding, so scenarios give a deck
    card_total: ClassVar[Mapping[int, int]]  # trump mode -> card points incl. last trick

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.card_total = {mode: sum(POINTS[mode]) + LAST_TRICK for mode in cls.strains}

    def __init__(self, house_rules: Mapping[str, object] | None = None) -> None:
        if house_rules is not None and not isinstance(house_rules, Mapping):
            raise InvalidInputError(f"house rules are an object, not {type(house_rules).__name__}")
        chosen = dict(house_rules or {})
        for key, value in chosen.items():
            choices = self.house_rule_choices.get(key)
            if choices is None:
                raise InvalidInputError(f"{self.name} has no house rule {key!r}")
            if value not in choices or type(value) is not type(choices[0]):
                raise InvalidInputError(f"house rule {key!r} cannot be {value!r}")
        self.house_rules = {k: chosen.get(k, v[0]) for k, v in self.house_rule_choices.items()}
        self.chosen_rules = chosen
        self._deal_order = tuple(self._positions(dealer) for dealer in range(4))

    def _positions(self, dealer: int) -> tuple[tuple[int, ...], ...]:
        """Deck positions each seat receives, in order, when `dealer` deals."""
        positions: list[list[int]] = [[], [], [], []]
        i = 0
        for size in self.packets:
            for k in range(1, 5):
                positions[(dealer + k) % 4].extend(range(i, i + size))
                i += size
        return tuple(tuple(p) for p in positions)

    def parse_bid(self, text: str) -> Bid:
        """Read a bid word, refusing words this rule set does not have."""
        bid = Bid.parse(text)
        if not self.has_word(bid):
            raise MalformedActionError(f"{self.name} has no bid {str(bid)!r}")
        return bid

    @abstractmethod
    def has_word(self, bid: Bid) -> bool:
        """Whether the bid belongs to this rule set's vocabulary."""

    def deal(self, deck: Sequence[int], dealer: int) -> list[list[Card]]:
        """Hands in the order received, dealt packet by packet from first hand."""
        return [[CARDS[deck[i]] for i in order] for order in self._deal_order[dealer]]

    def complete_hands(
        self, deck: Sequence[int], dealer: int, contract: Contract
    ) -> list[list[Card]] | None:
        """Full hands once the contract is known; None: the first deal stands (French Belote
        overrides it: the taker's draw)."""
        return None

    def hands_to_deck(self, hands: Sequence[Sequence[int]], dealer: int) -> list[Card]:
        """The deck that deals these hands (the inverse of `deal`)."""
        taken = [0, 0, 0, 0]
        deck: list[Card] = []
        for size in self.packets:
            for k in range(1, 5):
                seat = (dealer + k) % 4
                deck.extend(CARDS[c] for c in hands[seat][taken[seat] : taken[seat] + size])
                taken[seat] += size
        return deck

    @abstractmethod
    def new_auction(self, dealer: int, deck: Sequence[int]) -> Auction:
        """A fresh auction for a hand dealt by `dealer` from `deck`."""

    @abstractmethod
    def play_rules(self, contract: Contract) -> PlayRules:
        """The play obligations under this contract."""

    @abstractmethod
    def declarations(self, seat: int, hand: int, contract: Contract) -> list[Declaration]:
        """What a seat announcing everything declares with its first card."""

    @abstractmethod
    def declaration_winner(self, decls: Sequence[Declaration], dealer: int) -> int | None:
        """The team whose declarations score (None: neither), belots excluded from `decls`."""

    def public_info(self, hand: HandState) -> dict[str, object]:
        """Extra public facts of the deal for views (French Belote: the turned card)."""
        return {}

    def void_team(self, hand: HandState) -> int | None:
        """A team whose declarations and belots are void (Bulgarian valat); default none."""
        return None

    def declaration_flags(self, hand: HandState) -> list[bool | None]:
        """`scored` of each announced declaration: None until the first trick is complete."""
        decls = hand.declarations
        if not hand.tricks:
            return [True if d.kind == BELOT else None for d in decls]
        void = self.void_team(hand)
        compared = [d for d in decls if d.kind != BELOT and d.seat & 1 != void]
        best = self.declaration_winner(compared, hand.dealer)
        return [d.seat & 1 != void and (d.kind == BELOT or d.seat & 1 == best) for d in decls]

    def tally(self, hand: HandState) -> Tally:
        """What a completed hand's play decided, as `hand_points` reads it."""
        declared, belots = [0, 0], [0, 0]
        for d, scored in zip(hand.declarations, self.declaration_flags(hand), strict=True):
            if scored:
                (belots if d.kind == BELOT else declared)[d.seat & 1] += d.points
        return Tally(hand.card_points, declared, belots, hand.tricks_won)

    @abstractmethod
    def hand_points(self, contract: Contract, tally: Tally) -> HandPoints:
        """What a hand played under `contract` writes (the scoring section of the rule set);
        the bots value imagined endings with it too."""

    def game_winner(
        self, hand: HandState, match_score: Sequence[int], written: HandPoints
    ) -> int | None:
        """The team that has won the game after this hand, if any (default: past the target)."""
        return reached(match_score, self.target())

    def score(self, hand: HandState) -> HandScore:
        """Score a completed hand: its hand points, the hanging points, the match score."""
        contract = hand.contract
        if contract is None:
            raise ValueError("only a played hand has a score")
        written = self.hand_points(contract, self.tally(hand))
        points = list(written.points)
        hanging = [hand.hanging[t] + written.hangs[t] for t in (0, 1)]
        if self.collects_hanging and written.outcome != "tie":
            winner = contract.team if written.outcome == "made" else 1 - contract.team
            points[winner] += hanging[0] + hanging[1]
            hanging = [0, 0]
        match_score = [hand.match_score[t] + points[t] for t in (0, 1)]
        return HandScore(
            list(written.card_points), list(written.raw), points, hanging, written.outcome,
            written.sweep, match_score, self.game_winner(hand, match_score, written),
        )  # fmt: skip

    def thrown_in(self, hand: HandState) -> HandScore:
        """A hand nobody bid: nothing scores, nothing moves."""
        return HandScore(
            [0, 0], [0, 0], [0, 0], list(hand.hanging), "thrown_in", None,
            list(hand.match_score), None,
        )  # fmt: skip

    def target(self) -> int:
        """Points that end the game (house rule `target` where the rule set has one)."""
        target = self.house_rules.get("target")
        if not isinstance(target, int):
            raise NotImplementedError(f"{self.name} sets its own game target")
        return target


def seat_distance(seat: int, dealer: int) -> int:
    """How far a seat is from first hand (0 = first hand), for 'nearest first hand' ties."""
    return (seat - dealer - 1) % 4
