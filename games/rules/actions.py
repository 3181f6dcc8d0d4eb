"""Bid and Play value types with text round-trips (`Bid.parse("hearts")`, `str(play)`)."""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.cards import CARDS, STRAIN_NAMES, Card
from games.rules.errors import MalformedActionError

PASS = "pass"  # noqa: S105 (the bid word, not a password)
DOUBLE = "double"
REDOUBLE = "redouble"
COINCHE = "coinche"
SURCOINCHE = "surcoinche"
TAKE = "take"
CONTRACT = "contract"
CAPOT = 250  # the value a capot bid stands for
CALLS = (PASS, DOUBLE, REDOUBLE, COINCHE, SURCOINCHE, TAKE)
# Coinche contract values as written: ASCII digits only ("٩٠" and "¹⁰⁰" are digits to Python).
VALUE_WORDS = {str(value): value for value in range(80, 170, 10)}
CONTRACT_VALUES = frozenset((*VALUE_WORDS.values(), CAPOT))


@dataclass(frozen=True, slots=True)
class Bid:
    """One call in an auction: a word (`pass`, `double`, ...) or a contract with a strain."""

    kind: str
    strain: int | None = None  # index into STRAIN_NAMES for contracts
    value: int | None = None  # coinche values 80..160, or CAPOT

    def __post_init__(self) -> None:
        """Refuse a hand-built bid no text could name: the engine would store what it cannot
        print back."""
        if self.kind in CALLS:
            well_formed = self.strain is None and self.value is None
        elif self.kind == CONTRACT and type(self.strain) is int:
            if self.value is None:
                well_formed = self.strain in range(len(STRAIN_NAMES))
            else:
                well_formed = self.strain in range(4) and _is_value(self.value)
        else:
            well_formed = False
        if not well_formed:
            raise MalformedActionError(f"{self.kind!r} {self.strain!r} {self.value!r} is not a bid")

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read any bid word of any rule set; variants then refuse the words they lack."""
        if not isinstance(text, str):
            raise MalformedActionError(f"{text!r} is not a bid")
        words = text.strip().lower().split()
        if len(words) == 1 and words[0] in CALLS:
            return _CALL_BIDS[words[0]]
        if len(words) == 1 and words[0] in STRAIN_NAMES:
            return _STRAIN_BIDS[STRAIN_NAMES.index(words[0])]
        if len(words) == 2 and words[1] in STRAIN_NAMES[:4]:
            value = CAPOT if words[0] == "capot" else _number(words[0])
            if value is not None:
                return cls(CONTRACT, STRAIN_NAMES.index(words[1]), value)
        raise MalformedActionError(f"{text!r} is not a bid")

    @property
    def is_contract(self) -> bool:
        """Whether the bid names a contract (rather than pass, double and the like)."""
        return self.kind == CONTRACT

    def __str__(self) -> str:
        if self.kind != CONTRACT:
            return self.kind
        strain = STRAIN_NAMES[self.strain or 0]
        if self.value is None:
            return strain
        return f"{'capot' if self.value == CAPOT else self.value} {strain}"


def _number(word: str) -> int | None:
    """A coinche bid value: a multiple of ten from 80 to 160, in ASCII digits."""
    return VALUE_WORDS.get(word)


def _is_value(value: object) -> bool:
    return type(value) is int and value in CONTRACT_VALUES


@dataclass(frozen=True, slots=True)
class Play:
    """Playing a card; with the first card a player also announces declarations and belot."""

    card: Card
    declare: bool = True
    belot: bool = True

    def __post_init__(self) -> None:
        """Refuse a hand-built play of no card (40, -1, "Js"): only cards 0-31 exist."""
        if type(self.card) not in (int, Card) or self.card not in range(32):
            raise MalformedActionError(f"{self.card!r} is not a card (0-31)")
        if type(self.declare) is not bool or type(self.belot) is not bool:
            raise MalformedActionError("declare and belot are true or false")
        object.__setattr__(self, "card", CARDS[self.card])

    @classmethod
    def parse(cls, text: str, *, declare: bool = True, belot: bool = True) -> Play:
        """Read a card code into a Play (shared instance when the flags are the defaults)."""
        card = Card.parse(text)
        if declare and belot:
            return PLAYS[card]
        return cls(card, declare, belot)

    def __str__(self) -> str:
        return str(self.card)


Action = Bid | Play

_CALL_BIDS = {word: Bid(word) for word in CALLS}
_STRAIN_BIDS = tuple(Bid(CONTRACT, i) for i in range(len(STRAIN_NAMES)))
PASS_BID = _CALL_BIDS[PASS]
DOUBLE_BID = _CALL_BIDS[DOUBLE]
REDOUBLE_BID = _CALL_BIDS[REDOUBLE]
STRAIN_BIDS = _STRAIN_BIDS
PLAYS = tuple(Play(card) for card in CARDS)


def parse_bid(text: str) -> Bid:
    """Module-level alias of Bid.parse."""
    return Bid.parse(text)


def parse_play(text: str, *, declare: bool = True, belot: bool = True) -> Play:
    """Module-level alias of Play.parse."""
    return Play.parse(text, declare=declare, belot=belot)
