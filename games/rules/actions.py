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


@dataclass(frozen=True, slots=True)
class Bid:
    """One call in an auction: a word (`pass`, `double`, ...) or a contract with a strain."""

    kind: str
    strain: int | None = None  # index into STRAIN_NAMES for contracts
    value: int | None = None  # coinche values 80..160, or CAPOT

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
    """A coinche bid value: a multiple of ten from 80 to 160."""
    if word.isdigit() and 80 <= int(word) <= 160 and int(word) % 10 == 0:
        return int(word)
    return None


@dataclass(frozen=True, slots=True)
class Play:
    """Playing a card; with the first card a player also announces declarations and belot."""

    card: Card
    declare: bool = True
    belot: bool = True

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
