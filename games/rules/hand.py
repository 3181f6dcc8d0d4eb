"""HandState: one hand of any rule set, driven through legal_actions() and apply()."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from games.rules import inputs
from games.rules.actions import PLAYS, Action, Bid, Play
from games.rules.cards import (
    BEATEN_BY,
    BELOT_CARDS,
    CARDS,
    CODES,
    PAIR_BIT,
    POINTS,
    RANK_Q,
    Card,
    mask_of,
    shuffled_deck,
)
from games.rules.declarations import BELOT, Declaration
from games.rules.errors import (
    IllegalActionError,
    InvalidInputError,
    MalformedActionError,
    RulesError,
)
from games.rules.play import PlayRules, legal_mask, refusal
from games.rules.variants import get_variant
from games.rules.variants.base import Auction, Contract, HandScore, Variant
from games.rules.views import hand_result, public_view, seat_view


class Phase(StrEnum):
    """Where a hand stands."""

    BIDDING = "bidding"
    PLAYING = "playing"
    DONE = "done"


BIDDING, PLAYING, DONE = Phase.BIDDING, Phase.PLAYING, Phase.DONE
_ALL_CARDS = set(range(32))

# Plays for every suit byte of a mask: expanding a legal mask costs four lookups.
_PLAYS_C, _PLAYS_D, _PLAYS_H, _PLAYS_S = (
    tuple(tuple(PLAYS[s * 8 + r] for r in range(8) if b >> r & 1) for b in range(256))
    for s in range(4)
)


class HandState:
    """The full state of one hand; mutate with apply(), copy with clone() for search."""

    __slots__ = (
        "_legal",
        "_score",
        "auction",
        "beaten",
        "belot_cards",
        "card_points",
        "contract",
        "dealer",
        "dealt",
        "deck",
        "declarations",
        "first_played",
        "hanging",
        "held",
        "led",
        "log",
        "match_score",
        "needs_suit",
        "points_table",
        "phase",
        "rules",
        "to_act",
        "trick",
        "tricks",
        "tricks_won",
        "variant",
        "win_card",
        "win_seat",
    )

    variant: Variant
    dealer: int
    deck: tuple[int, ...]
    match_score: tuple[int, int]
    hanging: tuple[int, int]
    phase: Phase
    to_act: int | None
    auction: Auction
    contract: Contract | None
    rules: PlayRules | None
    dealt: list[list[Card]]
    held: list[int]
    trick: list[int]
    led: int
    win_card: int
    win_seat: int
    tricks: list[tuple[int, tuple[int, ...], int]]
    card_points: list[int]
    tricks_won: list[int]
    first_played: int
    declarations: list[Declaration]
    log: list[tuple[int, Action]]
    beaten: tuple[int, ...]
    points_table: tuple[int, ...]
    needs_suit: bool
    belot_cards: int
    _legal: int
    _score: HandScore | None

    def __init__(
        self,
        variant: Variant,
        dealer: int,
        deck: Sequence[int],
        *,
        match_score: Sequence[int] = (0, 0),
        hanging: Sequence[int] = (0, 0),
    ) -> None:
        deck_cards = inputs.cards(deck, "a deck", 32)
        if set(deck_cards) != _ALL_CARDS:
            raise InvalidInputError("a deck must hold each of the 32 cards once")
        if not isinstance(variant, Variant):
            raise InvalidInputError(f"{variant!r} is not a rule set")
        self.variant = variant
        self.dealer = inputs.seat(dealer)
        self.deck = tuple(deck_cards)
        self.match_score = inputs.points(match_score, "the match score")
        self.hanging = inputs.points(hanging, "the hanging points")
        self.dealt = variant.deal(self.deck, self.dealer)
        bidding = variant.bidding_cards
        self.held = [mask_of(cards[:bidding]) for cards in self.dealt]
        self.auction = variant.new_auction(dealer, self.deck)
        self.phase = BIDDING
        self.to_act = self.auction.to_act
        self.contract = None
        self.rules = None
        self.trick = []
        self.led = self.win_card = self.win_seat = -1
        self.tricks = []
        self.card_points = [0, 0]
        self.tricks_won = [0, 0]
        self.first_played = 0
        self.declarations = []
        self.log = []
        self.beaten = BEATEN_BY[0]
        self.belot_cards = 0
        self.points_table = POINTS[0]
        self.needs_suit = False
        self._legal = -1
        self._score = None

    # ----- construction -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: str | Variant,
        *,
        dealer: int = 0,
        seed: int | random.Random | None = None,
        deck: Sequence[int] | None = None,
        hands: Sequence[Sequence[int]] | None = None,
        house_rules: Mapping[str, object] | None = None,
        match_score: Sequence[int] = (0, 0),
        hanging: Sequence[int] = (0, 0),
    ) -> HandState:
        """A new hand from a seed (shuffled), a stacked deck, or explicit hands."""
        if isinstance(variant, Variant) and house_rules is not None:
            raise InvalidInputError("house rules belong to the variant object already given")
        rules = variant if isinstance(variant, Variant) else get_variant(variant, house_rules)
        if (seed is not None) + (deck is not None) + (hands is not None) != 1:
            raise InvalidInputError("give exactly one of seed, deck and hands")
        if hands is not None:
            if len(inputs.sequence(hands, "hands")) != 4:
                raise InvalidInputError("hands must be four lists of eight cards")
            held = [inputs.cards(h, "each hand", 8) for h in hands]
            deck = rules.hands_to_deck(held, inputs.seat(dealer))
        elif seed is not None:
            deck = shuffled_deck(inputs.seed(seed))
        if deck is None:
            raise InvalidInputError("give exactly one of seed, deck and hands")
        return cls(rules, dealer, deck, match_score=match_score, hanging=hanging)

    def clone(self) -> HandState:
        """An independent copy (cheap: immutable parts are shared), for search."""
        twin = HandState.__new__(HandState)
        twin.variant, twin.dealer, twin.deck = self.variant, self.dealer, self.deck
        twin.match_score, twin.hanging = self.match_score, self.hanging
        twin.phase, twin.to_act, twin.contract, twin.rules = (
            self.phase, self.to_act, self.contract, self.rules,
        )  # fmt: skip
        twin.dealt, twin.led, twin.win_card, twin.win_seat = (
            self.dealt, self.led, self.win_card, self.win_seat,
        )  # fmt: skip
        twin.first_played, twin.beaten, twin.belot_cards = (
            self.first_played, self.beaten, self.belot_cards,
        )  # fmt: skip
        twin.points_table, twin.needs_suit = self.points_table, self.needs_suit
        twin._legal, twin._score = self._legal, self._score
        # The auction is frozen once play starts, so only a live one needs copying.
        twin.auction = self.auction.clone() if self.phase is BIDDING else self.auction
        twin.held = list(self.held)
        twin.trick = list(self.trick)
        twin.tricks = list(self.tricks)
        twin.card_points = list(self.card_points)
        twin.tricks_won = list(self.tricks_won)
        twin.declarations = list(self.declarations)
        twin.log = list(self.log)
        return twin

    # ----- the one way in -----------------------------------------------------------------

    def legal_actions(self) -> Sequence[Action]:
        """What the seat to act may do now (empty once the hand is over)."""
        if self.phase is PLAYING:
            mask = self._legal
            if mask < 0:
                mask = self._legal_now()
            return (
                _PLAYS_C[mask & 0xFF]
                + _PLAYS_D[mask >> 8 & 0xFF]
                + _PLAYS_H[mask >> 16 & 0xFF]
                + _PLAYS_S[mask >> 24]
            )
        if self.phase is BIDDING:
            return self.auction.legal()
        return ()

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply the action of the seat to act (or raise; the state is then unchanged)."""
        phase = self.phase
        if type(action) is Play and phase is PLAYING and (seat is None or seat == self.to_act):
            self._play(action)
            return
        if phase is DONE:
            raise IllegalActionError("hand_over", "The hand is over")
        if type(action) is Play:
            if phase is not PLAYING:
                raise IllegalActionError("wrong_phase", "The bidding is not over yet")
            raise self._out_of_turn()
        if type(action) is Bid:
            if phase is not BIDDING:
                raise IllegalActionError("wrong_phase", "The bidding is over: play a card")
            if not self.variant.has_word(action):
                raise MalformedActionError(f"{self.variant.name} has no bid {str(action)!r}")
            if seat is not None and seat != self.to_act:
                raise self._out_of_turn()
            self._bid(action)
        else:
            raise MalformedActionError(f"{action!r} is not an action")

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (played out or thrown in)."""
        return self.phase is DONE

    def score(self) -> HandScore | None:
        """The scoring of the completed hand; None while it is under way."""
        if self.phase is not DONE:
            return None
        if self._score is None:
            if self.contract is None:
                self._score = self.variant.thrown_in(self)
            else:
                self._score = self.variant.score(self)
        return self._score

    def declaration_flags(self) -> list[bool | None]:
        """`scored` of each announced declaration, as the runner reports it."""
        return self.variant.declaration_flags(self)

    def standing_contract(self) -> Contract | None:
        """The contract once bidding is over, else the standing bid (None before any bid)."""
        return self.contract if self.phase is not BIDDING else self.auction.contract()

    # ----- internals ----------------------------------------------------------------------

    def _out_of_turn(self) -> IllegalActionError:
        return IllegalActionError("out_of_turn", f"It is seat {self.to_act}'s turn")

    def _bid(self, bid: Bid) -> None:
        auction = self.auction
        seat = auction.to_act
        auction.apply(bid)
        self.log.append((seat, bid))
        if not auction.done:
            self.to_act = auction.to_act
            return
        contract = auction.contract()
        if contract is None:
            self.phase = DONE
            self.to_act = None
            return
        self._start_play(contract)

    def _start_play(self, contract: Contract) -> None:
        variant = self.variant
        self.contract = contract
        self.rules = variant.play_rules(contract)
        mode = self.rules.mode
        self.beaten = BEATEN_BY[mode]
        self.belot_cards = BELOT_CARDS[mode]
        complete = variant.complete_hands(self.deck, self.dealer, contract)
        if complete is not None:
            self.dealt = complete
        self.held = [mask_of(cards) for cards in self.dealt]
        self.points_table = POINTS[mode]
        self.needs_suit = variant.belot_needs_suit
        self.phase = PLAYING
        self.to_act = (self.dealer + 1) % 4

    def _legal_now(self) -> int:
        seat, rules = self.to_act, self.rules
        if seat is None or rules is None:
            return 0  # not playing: no card to play
        hand = self.held[seat]
        if self.trick:
            hand = legal_mask(hand, seat, self.led, self.win_card, self.win_seat, rules)
        self._legal = hand
        return hand

    def _play(self, play: Play) -> None:
        # The hot path of every search: locals, table lookups, no avoidable allocation.
        seat = self.to_act
        if seat is None:  # apply() plays only while playing, when a seat is always to act
            raise self._out_of_turn()
        card = play.card
        bit = 1 << card
        legal = self._legal
        if legal < 0:
            legal = self._legal_now()
        if not legal & bit:
            raise self._refuse(seat, card)
        self._legal = -1
        hand = self.held[seat]
        trick = self.trick
        if not self.first_played >> seat & 1:
            self.first_played |= 1 << seat
            if play.declare and self.contract is not None:  # always set while playing
                self.declarations += self.variant.declarations(seat, hand, self.contract)
        hand ^= bit
        self.held[seat] = hand
        if bit & self.belot_cards and hand & PAIR_BIT[card] and play.belot:
            # Bulgarian: a belot counts only when its first card is led or follows suit.
            if not trick or not self.needs_suit or card >> 3 == self.led:
                queen = (card & ~7) | RANK_Q
                pair = (CARDS[queen], CARDS[queen + 1])
                self.declarations.append(Declaration(seat, BELOT, pair, 20, 0, 2))
        self.log.append((seat, play))
        if not trick:
            self.led = card >> 3
            self.win_card = card
            self.win_seat = seat
            trick.append(card)
            self.to_act = (seat + 1) & 3
            return
        if self.beaten[self.win_card] & bit:
            self.win_card = card
            self.win_seat = seat
        trick.append(card)
        if len(trick) < 4:
            self.to_act = (seat + 1) & 3
            return
        winner = self.win_seat
        table = self.points_table
        team = winner & 1
        points = table[trick[0]] + table[trick[1]] + table[trick[2]] + table[trick[3]]
        self.tricks_won[team] += 1
        tricks = self.tricks
        tricks.append(((seat + 1) & 3, tuple(trick), winner))
        self.trick = []
        if len(tricks) == 8:
            self.card_points[team] += points + 10
            self.phase = DONE
            self.to_act = None
        else:
            self.card_points[team] += points
            self.to_act = winner

    def _refuse(self, seat: int, card: int) -> IllegalActionError:
        hand = self.held[seat]
        if not hand >> card & 1:
            return IllegalActionError("illegal_play", f"You do not hold {CODES[card]}")
        if self.rules is None:  # never: a play is refused only while playing
            return self._out_of_turn()
        message = refusal(card, hand, seat, self.led, self.win_card, self.win_seat, self.rules)
        return IllegalActionError("illegal_play", message)

    # ----- serialization ------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Lossless, compact: the deal and the action log (replay takes microseconds)."""
        data: dict[str, Any] = {
            "variant": self.variant.name,
            "dealer": self.dealer,
            "deck": [CODES[c] for c in self.deck],
        }
        if self.variant.chosen_rules:
            data["house_rules"] = dict(self.variant.chosen_rules)
        if self.match_score != (0, 0):
            data["match_score"] = list(self.match_score)
        if self.hanging != (0, 0):
            data["hanging"] = list(self.hanging)
        data["actions"] = [action_to_json(seat, action) for seat, action in self.log]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandState:
        """Rebuild a state saved by to_json (replaying its actions)."""
        try:
            data = inputs.mapping(data, "a saved hand")
            variant = get_variant(data["variant"], data.get("house_rules"))
            deck = [Card.parse(code) for code in inputs.sequence(data["deck"], "the deck")]
            state = cls(
                variant,
                data["dealer"],
                deck,
                match_score=data.get("match_score", (0, 0)),
                hanging=data.get("hanging", (0, 0)),
            )
            for item in inputs.sequence(data["actions"], "the actions"):
                seat, action = action_from_json(variant, item)
                state.apply(action, seat)
        except KeyError as exc:
            raise InvalidInputError(f"not a saved hand: {exc} is missing") from exc
        except RulesError as exc:
            raise InvalidInputError(f"not a saved hand: {exc}") from exc
        return state

    def result(self) -> dict[str, Any]:
        """Everything the scenario runner reports about this hand (all cards visible)."""
        return hand_result(self)

    def view(self, seat: int) -> dict[str, Any]:
        """What one seat may see: its cards, everything public, its legal actions."""
        return seat_view(self, inputs.seat(seat, "a view's seat"))

    def public_view(self) -> dict[str, Any]:
        """What a spectator may see: no hidden card."""
        return public_view(self)

    def __repr__(self) -> str:
        return f"<HandState {self.variant.name} {self.phase} to_act={self.to_act}>"


def action_to_json(seat: int, action: Action) -> dict[str, Any]:
    """One logged action in the scenario runner's notation."""
    if type(action) is Play:
        item: dict[str, Any] = {"seat": seat, "play": CODES[action.card]}
        if not action.declare:
            item["declare"] = False
        if not action.belot:
            item["belot"] = False
        return item
    return {"seat": seat, "bid": str(action)}


def action_from_json(variant: Variant, item: Mapping[str, Any]) -> tuple[int, Action]:
    """Read one action in the runner's notation; anything unreadable is MalformedActionError."""
    if not isinstance(variant, Variant):
        raise InvalidInputError(f"{variant!r} is not a rule set")
    if not isinstance(item, Mapping):
        raise MalformedActionError("an action is an object with a seat and a bid or a play")
    seat = item.get("seat")
    declare, belot = item.get("declare", True), item.get("belot", True)
    if type(seat) is not int or seat not in range(4):
        raise MalformedActionError(f"{seat!r} is not a seat (0-3)")
    if type(declare) is not bool or type(belot) is not bool:
        raise MalformedActionError("declare and belot are true or false")
    if ("play" in item) == ("bid" in item):
        raise MalformedActionError("an action is a bid or a play")
    if "play" in item:
        return seat, Play.parse(item["play"], declare=declare, belot=belot)
    return seat, variant.parse_bid(item["bid"])
