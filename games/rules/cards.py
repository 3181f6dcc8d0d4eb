"""Cards as small ints (suit * 8 + natural rank) with the precomputed tables play relies on."""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.rules.errors import MalformedActionError

SUITS = "cdhs"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS = "789TJQKA"  # natural order, used for sequences
NO_TRUMPS = 4
ALL_TRUMPS = 5
STRAIN_NAMES = (*SUIT_NAMES, "no_trumps", "all_trumps")

RANK_7, RANK_8, RANK_9, RANK_T, RANK_J, RANK_Q, RANK_K, RANK_A = range(8)

FULL_MASK = (1 << 32) - 1
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))
RANK_MASK = tuple(sum(1 << (s * 8 + r) for s in range(4)) for r in range(8))

# Strength inside a suit (higher wins) and card points, for trump and plain suits.
TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)
PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)


class Card(int):
    """A card: an int 0..31 (fast in masks and tables) that reads and prints as `Js`."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        """Suit index 0..3 in the order c d h s."""
        return self >> 3

    @property
    def rank(self) -> int:
        """Natural rank index 0..7 in the order 7 8 9 T J Q K A."""
        return self & 7

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `Js`, `th`, `10h` (case-insensitive) or raise MalformedActionError."""
        key = text.strip().upper() if isinstance(text, str) else None
        card = _BY_CODE.get(key) if key is not None else None
        if card is None:
            raise MalformedActionError(f"{text!r} is not a card (use codes like Js, Th, 7c)")
        return card

    def __str__(self) -> str:
        return CODES[self]

    def __repr__(self) -> str:
        return f"Card({CODES[self]})"


BITS = tuple(1 << c for c in range(32))
CODES = tuple(RANKS[c & 7] + SUITS[c >> 3] for c in range(32))
CARDS = tuple(Card(c) for c in range(32))
_BY_CODE = {code.upper(): CARDS[c] for c, code in enumerate(CODES)}
_BY_CODE.update({"10" + s.upper(): CARDS[i * 8 + RANK_T] for i, s in enumerate(SUITS)})


def mask_of(cards: Iterable[int]) -> int:
    """Bit mask of a collection of distinct cards."""
    return sum(map(BITS.__getitem__, cards))


def cards_of(mask: int) -> list[Card]:
    """Cards of a mask in index order (c d h s, low to high)."""
    return [CARDS[c] for c in range(32) if mask >> c & 1]


def shuffled_deck(seed: int | random.Random) -> list[Card]:
    """A deck in a seeded random order, so every deal can be replayed."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)  # noqa: S311 (replayable deals)
    keys = [rng.random() for _ in CARDS]
    return [card for _, card in sorted(zip(keys, CARDS, strict=True))]


def _strength(mode: int, card: int) -> int:
    """Strength of a card inside its own suit under a trump mode (suit index, NT, AT)."""
    trump = mode == ALL_TRUMPS or card >> 3 == mode
    return (TRUMP_STRENGTH if trump else PLAIN_STRENGTH)[card & 7]


def _beaten_by(mode: int, card: int) -> int:
    """Mask of the cards that win over `card` when it currently wins a trick."""
    suit = card >> 3
    mask = 0
    for other in range(suit * 8, suit * 8 + 8):
        if _strength(mode, other) > _strength(mode, card):
            mask |= 1 << other
    if mode < NO_TRUMPS and suit != mode:
        mask |= SUIT_MASK[mode]
    return mask


def _points(mode: int, card: int) -> int:
    trump = mode == ALL_TRUMPS or card >> 3 == mode
    return (TRUMP_POINTS if trump else PLAIN_POINTS)[card & 7]


# Per trump mode (0..3 a trump suit, 4 no trumps, 5 all trumps):
BEATEN_BY = tuple(tuple(_beaten_by(m, c) for c in range(32)) for m in range(6))
POINTS = tuple(tuple(_points(m, c) for c in range(32)) for m in range(6))
STRENGTH = tuple(tuple(_strength(m, c) for c in range(32)) for m in range(6))
TRUMP_MASK = (*SUIT_MASK, 0, FULL_MASK)

# Belot pairs: for K and Q, the bit of the other card of the pair.
PAIR_BIT = tuple(
    1 << (c ^ (RANK_Q ^ RANK_K)) if c & 7 in (RANK_Q, RANK_K) else 0 for c in range(32)
)
KQ_MASK = RANK_MASK[RANK_Q] | RANK_MASK[RANK_K]
BELOT_CARDS = tuple((SUIT_MASK[m] if m < NO_TRUMPS else 0) & KQ_MASK for m in range(4)) + (
    0,
    KQ_MASK,
)
