"""A learned model of how players choose their cards, to weigh worlds by the others' play.

Each legal card of a position gets features a player can see: summaries (its points, whether
it wins the trick, whether the partner is winning, whether it is the suit's master...) and the
board around it (its rank, the seat's own cards and the cards still out in its suit, its place
in the trick...). The model scores it linearly plus through one hidden layer of tanh units,
and a softmax over the legal cards turns the scores into choice probabilities. A world is then
as likely as the others' past plays are under the model, with the cards the world gives them:
policy-based inference, as in Rebstock et al., "Policy Based Inference in Trick-Taking Card
Games" (2019). The weights come from self-play (`games.bots.train`) and live in
`weights/play_policy.json`, one model per rule set."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from games.bots.jit import njit
from games.bots.kernel import (
    BEATEN,
    COUNT,
    LED,
    POINT,
    RANKED,
    STATE_SIZE,
    STRONG,
    TO_ACT,
    TRICK,
    TRUMPS,
    WIN_CARD,
    WIN_SEAT,
    Context,
    _held,
    _legal,
    _low,
    _play,
    _popcount,
)
from games.bots.kernel import warm_up as kernel_warm_up
from games.rules.cards import SUIT_MASK
from games.rules.play import PlayRules

WEIGHTS_FILE = Path(__file__).with_name("weights") / "play_policy.json"
SUMMARIES = (
    "trump", "points", "master", "lowest_held", "strength", "suit_length", "lead_master",
    "lead_trump", "lead_trump_by_taker", "lead_points", "lead_suit_length",
    "lead_master_points", "lead_singleton", "win_over_opponent", "win_over_partner",
    "win_last", "points_to_partner", "points_to_opponent", "win_trick_points", "ruff",
    "discard_points", "win_master", "points_to_partner_last", "win_points", "trump_by_taker",
    "discard_suit_length", "follow_lowest_held", "follow_strength", "cheapest_legal",
    "cheapest_winner", "dearest_plain", "highest_held", "lead_suit_out", "lead_trump_out",
    "second_strength", "points_to_safe_partner",
)  # fmt: skip
# What the linear summaries above leave out, for the model's hidden layer to combine: the
# card's rank, the seat's own cards and the cards still out in its suit (each by strength),
# its place in the trick, the card winning it, how far the hand is, and the trumps.
BOARD = (
    *(f"strength_is_{k}" for k in range(8)),
    *(f"own_in_suit_{k}" for k in range(8)),
    *(f"out_in_suit_{k}" for k in range(8)),
    *(f"trick_place_{k}" for k in range(4)),
    "winning_strength", "winning_trump", "winning_in_suit", "tricks_done", "own_trumps",
    "trumps_out", "taker_side",
)  # fmt: skip
FEATURES = (*SUMMARIES, *BOARD)
FEATURE_COUNT = len(FEATURES)
MAX_CHOICES = 8  # a hand holds at most eight cards

_SUIT = np.array(SUIT_MASK, dtype=np.int64)


class PlayModel(NamedTuple):
    """A card's score: `linear` . x + `output` . tanh(`hidden` @ x + `bias`), x its features."""

    linear: np.ndarray  # (FEATURE_COUNT,)
    hidden: np.ndarray  # (units, FEATURE_COUNT)
    bias: np.ndarray  # (units,)
    output: np.ndarray  # (units,)

    @classmethod
    def linear_only(cls, linear: np.ndarray) -> PlayModel:
        """A model with no hidden layer."""
        return cls(linear, np.zeros((0, len(linear))), np.zeros(0), np.zeros(0))

    @classmethod
    def of(cls, row: dict[str, list[Any]]) -> PlayModel:
        """The model a weights file's row describes."""
        linear = np.array(row["linear"], dtype=np.float64)
        hidden = np.array(row["hidden"], dtype=np.float64).reshape(-1, len(linear))
        return cls(
            linear, hidden, np.array(row["bias"], dtype=np.float64),
            np.array(row["output"], dtype=np.float64),
        )  # fmt: skip

    def row(self) -> dict[str, list[Any]]:
        """The weights file's row for this model."""
        return {
            "linear": self.linear.tolist(), "hidden": self.hidden.tolist(),
            "bias": self.bias.tolist(), "output": self.output.tolist(),
        }  # fmt: skip


@njit
def _key_range(tab: np.ndarray, mask: int) -> tuple[int, int]:
    """The least and the greatest (points, strength) key among the cards of a mask
    (2**30 and 0 if it is empty)."""
    least, greatest = 1 << 30, 0
    while mask:
        c = _low(mask)
        mask &= mask - 1
        key = tab[POINT + c] * 8 + tab[STRONG + c]
        least, greatest = min(least, key), max(greatest, key)
    return least, greatest


@njit
def _features(
    tab: np.ndarray, st: np.ndarray, keys: tuple[int, int, int], card: int, taker_team: int,
    out: np.ndarray,
) -> None:  # fmt: skip
    """`FEATURES` of the seat to act playing `card`, from what that seat sees: its own hand,
    the cards still out (all hands together), the trick so far and who took the contract;
    `keys`: the cheapest legal card's, the dearest legal plain card's and the cheapest
    winner's (points, strength) keys, the same for every card of one decision."""
    seat = st[TO_ACT]
    hand = st[seat]
    out_cards = _held(st)
    others = out_cards & ~hand
    suit = _SUIT[card >> 3]
    trump = (tab[TRUMPS] >> card) & 1
    points = tab[POINT + card] / 10.0
    beaten = tab[BEATEN + card]
    master = 1.0 if not others & suit & beaten else 0.0
    lowest = 1.0 if not hand & suit & ~beaten & ~(1 << card) else 0.0
    strength = tab[STRONG + card] / 7.0
    length = _popcount(hand & suit) / 8.0
    taker = 1.0 if (seat & 1) == taker_team else 0.0
    out[:] = 0.0
    _board(tab, st, card, hand, others, taker, out)
    out[0], out[1], out[2], out[3], out[4], out[5] = trump, points, master, lowest, strength, length
    out[24] = trump * taker
    key = tab[POINT + card] * 8 + tab[STRONG + card]
    cheapest, dearest_plain, cheapest_winner = keys
    out[28] = 1.0 if key == cheapest else 0.0
    if not trump:
        out[30] = 1.0 if key == dearest_plain and tab[POINT + card] > 0 else 0.0
    out[31] = 1.0 if not hand & suit & beaten else 0.0
    n = st[COUNT]
    if n == 0:
        out[6], out[7], out[8], out[9] = master, trump, trump * taker, points
        out[10], out[11] = length, master * points
        out[12] = 1.0 if length * 8.0 == 1.0 else 0.0
        out[32] = _popcount(others & suit) / 8.0
        out[33] = trump * (1.0 if others & tab[TRUMPS] else 0.0)
        return
    wins = 1.0 if tab[BEATEN + st[WIN_CARD]] >> card & 1 else 0.0
    partner = 1.0 if st[WIN_SEAT] == seat ^ 2 else 0.0
    last = 1.0 if n == 3 else 0.0
    trick_points = 0
    for i in range(n):
        trick_points += tab[POINT + st[TRICK + i]]
    follows = card >> 3 == st[LED]
    out[13], out[14], out[15] = wins * (1.0 - partner), wins * partner, wins * last
    out[16], out[17] = partner * points, (1.0 - wins) * (1.0 - partner) * points
    out[18] = wins * trick_points / 20.0
    out[19] = 0.0 if follows else trump
    discard = 0.0 if follows or trump else 1.0
    out[20], out[21], out[22] = discard * points, wins * master, partner * last * points
    out[23], out[25], out[26], out[27] = wins * points, discard * length, lowest, strength
    if wins > 0.0 and key == cheapest_winner:
        out[29] = 1.0
    out[34] = strength if n == 1 else 0.0
    safe = partner > 0.0 and not others & tab[BEATEN + st[WIN_CARD]]
    out[35] = points if safe else 0.0


@njit
def _board(
    tab: np.ndarray, st: np.ndarray, card: int, hand: int, others: int, taker: float,
    out: np.ndarray,
) -> None:  # fmt: skip
    """`BOARD` of the seat to act (holding `hand`; `others`: the cards out in the other hands)
    playing `card`, into `out`."""
    suit = card >> 3
    at = len(SUMMARIES)
    out[at + tab[STRONG + card]] = 1.0
    for k in range(8):
        other = tab[RANKED + suit * 8 + k]
        if other != card:
            out[at + 8 + k] = float((hand >> other) & 1)
            out[at + 16 + k] = float((others >> other) & 1)
    n = st[COUNT]
    out[at + 24 + n] = 1.0
    at += 28
    if n:
        winner = st[WIN_CARD]
        out[at] = tab[STRONG + winner] / 7.0
        out[at + 1] = float((tab[TRUMPS] >> winner) & 1)
        out[at + 2] = 1.0 if winner >> 3 == suit else 0.0
    out[at + 3] = (32 - _popcount(hand | others) - n) / 28.0
    out[at + 4] = _popcount(hand & tab[TRUMPS]) / 8.0
    out[at + 5] = _popcount(others & tab[TRUMPS]) / 8.0
    out[at + 6] = taker


@njit
def _choices(
    tab: np.ndarray, st: np.ndarray, taker_team: int, feats: np.ndarray, cards: np.ndarray
) -> int:
    """The legal cards of the seat to act into `cards`, their features into `feats`; how many."""
    legal = _legal(tab, st)
    winners = legal & tab[BEATEN + st[WIN_CARD]] if st[COUNT] else 0
    keys = (
        _key_range(tab, legal)[0],
        _key_range(tab, legal & ~tab[TRUMPS])[1],
        _key_range(tab, winners)[0],
    )
    count = 0
    left = legal
    while left:
        card = _low(left)
        left &= left - 1
        cards[count] = card
        _features(tab, st, keys, card, taker_team, feats[count])
        count += 1
    return count


@njit
def _score(
    x: np.ndarray, linear: np.ndarray, hidden: np.ndarray, bias: np.ndarray, output: np.ndarray
) -> float:
    """The model's score of one card from its features: linear, plus one hidden layer."""
    score = 0.0
    for f in range(x.shape[0]):
        score += x[f] * linear[f]
    for h in range(hidden.shape[0]):
        z = bias[h]
        row = hidden[h]
        for f in range(x.shape[0]):
            z += x[f] * row[f]
        score += output[h] * np.tanh(z)
    return score


@njit
def _log_likelihood(
    tab: np.ndarray, worlds: np.ndarray, first: int, played: np.ndarray, seats: np.ndarray,
    me: int, taker_team: int, linear: np.ndarray, hidden: np.ndarray, bias: np.ndarray,
    output: np.ndarray, out: np.ndarray,
) -> None:  # fmt: skip
    """Per world, the log-probability under the model of the past plays by seats other than
    `me` that had a choice (replayed from the hands as dealt for play)."""
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    feats = np.zeros((MAX_CHOICES, linear.shape[0]))
    cards = np.zeros(MAX_CHOICES, dtype=np.int64)
    scores = np.zeros(MAX_CHOICES)
    for w in range(worlds.shape[0]):
        st[:] = 0
        st[:4] = worlds[w]
        st[TO_ACT] = first
        st[LED] = st[WIN_CARD] = st[WIN_SEAT] = -1
        total = 0.0
        for i in range(played.shape[0]):
            if seats[i] != me:
                count = _choices(tab, st, taker_team, feats, cards)
                if count > 1:
                    top = -1e300
                    chosen = 0.0
                    for j in range(count):
                        scores[j] = _score(feats[j], linear, hidden, bias, output)
                        top = max(top, scores[j])
                        if cards[j] == played[i]:
                            chosen = scores[j]
                    norm = 0.0
                    for j in range(count):
                        norm += np.exp(scores[j] - top)
                    total += chosen - top - np.log(norm)
            _play(tab, st, played[i])
        out[w] = total


@njit
def _decisions(
    tab: np.ndarray, hands: np.ndarray, first: int, played: np.ndarray, taker_team: int,
    feats: np.ndarray, chosen: np.ndarray, counts: np.ndarray,
) -> int:  # fmt: skip
    """Every play of one finished hand that had a choice, for training: the features of its
    legal cards into `feats[k]`, their number into `counts[k]` and the index of the card
    played into `chosen[k]`; returns how many."""
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    st[:4] = hands
    st[TO_ACT] = first
    st[LED] = st[WIN_CARD] = st[WIN_SEAT] = -1
    cards = np.zeros(MAX_CHOICES, dtype=np.int64)
    k = 0
    for i in range(played.shape[0]):
        count = _choices(tab, st, taker_team, feats[k], cards)
        if count > 1:
            for j in range(count):
                if cards[j] == played[i]:
                    chosen[k] = j
            counts[k] = count
            k += 1
        _play(tab, st, played[i])
    return k


def log_likelihood(
    ctx: Context, hands: Sequence[Sequence[int]], first: int, played: Sequence[int],
    seats: Sequence[int], me: int, taker_team: int, model: PlayModel,
) -> np.ndarray:  # fmt: skip
    """Per world (four hands as dealt for play), the log-probability under `model` of the
    past plays (`played` by `seats`, `first` leading) of every seat but `me`."""
    worlds = np.array(hands, dtype=np.int64).reshape(len(hands), 4)
    out = np.zeros(len(worlds))
    _log_likelihood(
        ctx.table, worlds, first, np.array(played, dtype=np.int64),
        np.array(seats, dtype=np.int64), me, taker_team, *model, out,
    )  # fmt: skip
    return out


def decisions(
    ctx: Context, hands: Sequence[int], first: int, played: Sequence[int], taker_team: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The choices of one finished hand (hands as dealt for play): features of each legal
    card (decisions x `MAX_CHOICES` x `FEATURE_COUNT`, zero past the legal ones), how many
    cards were legal, and the index of the one played."""
    feats = np.zeros((len(played), MAX_CHOICES, FEATURE_COUNT))
    chosen = np.zeros(len(played), dtype=np.int64)
    counts = np.zeros(len(played), dtype=np.int64)
    hands_array = np.array(hands, dtype=np.int64)
    plays = np.array(played, dtype=np.int64)
    k = _decisions(ctx.table, hands_array, first, plays, taker_team, feats, chosen, counts)
    return feats[:k], counts[:k], chosen[:k]


def load_models(path: Path = WEIGHTS_FILE) -> dict[str, PlayModel]:
    """Every rule set's model in a weights file (`bench/bots.py` times this)."""
    rows = json.loads(path.read_text())["models"]
    return {name: PlayModel.of(row) for name, row in rows.items()}


@lru_cache(maxsize=1)
def _shipped() -> dict[str, PlayModel]:
    return load_models()


def shipped_model(variant: str) -> PlayModel | None:
    """The trained model of a rule set (`None` if none was trained for it)."""
    return _shipped().get(variant)


def warm_up() -> None:
    """Load (or compile, the first time) the compiled kernel and the play model, so no
    decision waits for them."""
    kernel_warm_up()
    ctx = Context.of(PlayRules(0), needs_suit=True)
    deal = [[0xFF, 0xFF00, 0xFF0000, 0xFF000000]]
    untrained = PlayModel.linear_only(np.zeros(FEATURE_COUNT))
    log_likelihood(ctx, deal, 0, [0, 8], [0, 1], 0, 0, untrained)
    _shipped()
