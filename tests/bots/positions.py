"""Random positions for bot tests, and rebuilding a hand around other hidden cards."""

from __future__ import annotations

import random

from games.bots.kernel import Position
from games.bots.view import read_view
from games.rules.actions import Play
from games.rules.cards import CARDS, Card
from games.rules.hand import HandState

VARIANTS = ["bulgarian", "bela", "belote", "coinche"]  # every rule set the bots play


def card_mask(text: str) -> int:
    """The mask of cards written as codes, e.g. "Ac Tc"."""
    return sum(1 << int(Card.parse(code)) for code in text.split())


def clubs_let_go_with_the_ace() -> HandState:
    """Bulgarian, hearts trumps: seat 0 leads Kc; seat 3, last, holding Ac and Tc, lets it go
    with 9c. A natural player would not, so it tells on seat 3's cards."""
    hands = [
        "Kc Jh 9h Ah Th 7d 8d 9d",
        "7c Qc 7s 8s 9s Ts Js Qs",
        "8c Jc Ks As 7h 8h Td Jd",
        "9c Ac Tc Qh Kh Qd Kd Ad",
    ]
    state = HandState.new(
        "bulgarian", dealer=3, hands=[[int(Card.parse(c)) for c in h.split()] for h in hands]
    )
    for bid in ("hearts", "pass", "pass", "pass"):
        state.apply(state.variant.parse_bid(bid))
    for card in ("Kc", "7c", "8c", "9c"):
        state.apply(Play.parse(card))
    return state


def random_position(variant: str, seed: int, *, min_steps: int = 0) -> HandState:
    """A hand driven by random legal actions to a random point where someone must act."""
    rng = random.Random(seed)
    while True:
        state = HandState.new(variant, dealer=rng.randrange(4), seed=rng.randrange(1 << 30))
        steps = rng.randrange(min_steps, 40)
        for _ in range(steps):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if not state.is_over:
            return state


def rebuild(state: HandState, seat: int, hidden: list[int]) -> HandState:
    """The same public record and the same cards for `seat`, with other hidden hands.

    `hidden` holds each seat's unplayed cards as masks (the seat's own still to come while
    bidding); the actions of `state` are replayed, so the engine checks every one of them.
    """
    played = [0, 0, 0, 0]
    for s, action in state.log:
        card = getattr(action, "card", None)
        if card is not None:
            played[s] |= 1 << card
    view = read_view(state.view(seat))
    seen = view.hand
    if view.turned >= 0:
        full = [hidden[s] | played[s] for s in range(4)]
        taker = view.contract.seat if view.contract is not None else seat
        deck = _belote_deck(state, full, taker, view.turned, seen if seat == taker else 0)
        twin = HandState.new(state.variant, dealer=state.dealer, deck=deck)
    else:
        twin = HandState.new(
            state.variant, dealer=state.dealer, hands=_hands(seat, seen, hidden, played)
        )
    for s, action in state.log:
        twin.apply(action, s)
    return twin


def _belote_deck(
    state: HandState, full: list[int], taker: int, turned: int, seen: int
) -> list[int]:
    """A French Belote deck that deals these full hands when `taker` takes the turned card.

    `seen` (the taker's own five while bidding, or 0) is dealt to it first.
    """
    first, rest = [], []
    for s in range(4):
        cards = [c for c in CARDS if full[s] >> c & 1 and c != turned]
        if seen and s == taker:
            cards.sort(key=lambda c: not seen >> c & 1)
        first.append(cards[:5])
        rest.append(cards[5:])
    deck = [int(c) for c in state.variant.hands_to_deck([*first], state.dealer)]
    deck.append(turned)
    for k in range(1, 5):
        deck.extend(rest[(state.dealer + k) % 4])
    return deck


def _hands(seat: int, seen: int, hidden: list[int], played: list[int]) -> list[list[int]]:
    """Eight cards per seat, the seat's own first five (what it saw while bidding) first."""
    hands = []
    for s in range(4):
        mask = hidden[s] | played[s]
        if s == seat:
            # The cards this seat saw while bidding must come first in its deal.
            first = [c for c in CARDS if seen >> c & 1]
            rest = [c for c in CARDS if mask >> c & 1 and not seen >> c & 1]
            hands.append(first + rest)
        else:
            hands.append([c for c in CARDS if mask >> c & 1])
    return hands


def hidden_hands(state: HandState) -> list[int]:
    """The true unplayed cards of every seat (all eight dealt while bidding)."""
    if state.phase == "bidding":
        return [sum(1 << c for c in cards) for cards in state.dealt]
    return list(state.held)


def kernel_position(state: HandState) -> Position:
    """The hand's current position as the search kernel stores it (every hand known)."""
    return Position(
        list(state.held), state.to_act, list(state.trick), state.led, state.win_card,
        state.win_seat,
    )  # fmt: skip
