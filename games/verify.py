"""Verifiable deals: the documented shuffle, its commitment, and a checker anyone can run.

Standard library only, and nothing else of the project: copy this one file and run it.

    python -m games.verify proofs.json        # saved from GET /api/tables/<id>/deals/
    python -m games.verify --seed HEX --deal-id ID [--commitment HEX] [--deck 7c 8c ...]

The algorithm (version `belote-deal-v1`):

- A deal's seed is 32 secret random bytes, written as 64 lowercase hex digits. Its identity
  (`deal_id`) names it: `table-12/hand-3`, or for a duplicate round the round's own name,
  `tournament-4-round-2/deal-3`, the same at every table of the round.
- Commitment, published before the deal is played:
  SHA-256 of the UTF-8 text `belote-deal-v1\\n<deal_id>\\n<seed hex>`, in hex.
- Deck: start from the 32 cards in the order 7c 8c 9c Tc Jc Qc Kc Ac, then diamonds (d),
  hearts (h), spades (s) the same way. A stream of bytes is the concatenation of
  HMAC-SHA256(key = the seed's 32 bytes, message = UTF-8 `<deal_id>/<n>`) for n = 0, 1, 2...
  Fisher-Yates from the end: for i = 31 down to 1, read the next 4 bytes as a big-endian
  number r; if r >= 2^32 - (2^32 mod (i + 1)) read again (no bias); else swap the cards at
  i and r mod (i + 1). The result, first card first, is the deck the dealer deals from.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

ALGORITHM = "belote-deal-v1"
CARD_ORDER = tuple(rank + suit for suit in "cdhs" for rank in "789TJQKA")
SEED_HEX_DIGITS = 64


class ProofError(ValueError):
    """A proof that cannot be read (a malformed seed, identity or deck)."""


def commitment(seed: str, deal_id: str) -> str:
    """What is published before the deal: it binds the seed without showing it."""
    _check_seed(seed)
    return hashlib.sha256(f"{ALGORITHM}\n{deal_id}\n{seed}".encode()).hexdigest()


def deck_from_seed(seed: str, deal_id: str) -> list[str]:
    """The deck a seed deals for this deal (card codes, first dealt first)."""
    _check_seed(seed)
    stream = _numbers(bytes.fromhex(seed), deal_id)
    deck = list(CARD_ORDER)
    for i in range(len(deck) - 1, 0, -1):
        span = i + 1
        limit = 2**32 - (2**32 % span)
        r = next(stream)
        while r >= limit:
            r = next(stream)
        j = r % span
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def check_deal(proof: Mapping[str, Any]) -> list[str]:
    """What is wrong with one deal's proof (empty: it holds).

    Checked: the seed matches the commitment, the deck as dealt is the seed's deck, and every
    card played was in the deck, played once, by the seat it was dealt to (when `hands`, the
    four hands as dealt, are given).
    """
    seed, deal_id = proof.get("seed"), proof.get("deal_id")
    if not isinstance(seed, str) or not isinstance(deal_id, str):
        raise ProofError("a proof needs its seed and deal_id (is the deal over yet?)")
    problems = []
    promised = proof.get("commitment")
    if promised is not None and commitment(seed, deal_id) != str(promised).lower():
        problems.append("the seed does not match the commitment")
    expected = deck_from_seed(seed, deal_id)
    dealt = proof.get("deck")
    if dealt is not None and [_code(c) for c in dealt] != expected:
        problems.append("the deck dealt is not the deck of this seed")
    problems += _check_plays(expected, proof.get("hands"), proof.get("plays") or [])
    return problems


def _check_plays(deck: list[str], hands: Any, plays: Sequence[Any]) -> list[str]:
    problems = []
    if hands is not None:
        held = [_code(c) for hand in hands for c in hand]
        if sorted(held) != sorted(deck) or len(hands) != 4:
            problems.append("the hands dealt are not the deck's 32 cards")
    seen: set[str] = set()
    for seat, card in plays:
        code = _code(card)
        if code not in deck or code in seen:
            problems.append(f"{code} was played but not dealt, or played twice")
        elif hands is not None and code not in {_code(c) for c in hands[seat]}:
            problems.append(f"{code} was played by seat {seat}, who was not dealt it")
        seen.add(code)
    return problems


def _numbers(key: bytes, deal_id: str) -> Iterator[int]:
    """The HMAC-SHA256 stream read 4 bytes at a time."""
    block = 0
    while True:
        digest = hmac.new(key, f"{deal_id}/{block}".encode(), hashlib.sha256).digest()
        for start in range(0, len(digest), 4):
            yield int.from_bytes(digest[start : start + 4], "big")
        block += 1


def _check_seed(seed: object) -> None:
    if not isinstance(seed, str) or len(seed) != SEED_HEX_DIGITS:
        raise ProofError(f"a seed is {SEED_HEX_DIGITS} hex digits")
    try:
        bytes.fromhex(seed)
    except ValueError as error:
        raise ProofError(f"a seed is {SEED_HEX_DIGITS} hex digits") from error


def _code(card: object) -> str:
    text = str(card).strip()
    code = text[:-1].upper().replace("10", "T") + text[-1:].lower()
    if code not in CARD_ORDER:
        raise ProofError(f"{card!r} is not a card")
    return code


def _proofs(args: argparse.Namespace) -> list[dict[str, Any]]:
    if args.file:
        with open(args.file, encoding="utf-8") as source:
            data = json.load(source)
        deals = data.get("deals") if isinstance(data, dict) else data
        if not isinstance(deals, list):
            raise ProofError('the file holds {"deals": [...]} as the API gives it')
        return [d for d in deals if isinstance(d, dict) and d.get("seed") is not None]
    if not args.seed or not args.deal_id:
        raise ProofError("give a proofs file, or --seed and --deal-id")
    proof = {"seed": args.seed, "deal_id": args.deal_id, "commitment": args.commitment}
    if args.deck:
        proof["deck"] = args.deck
    return [proof]


def main(argv: Sequence[str] | None = None) -> int:
    """Check proofs: 0 all hold, 1 some fail, 2 the input cannot be read."""
    summary = (__doc__ or "").split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m games.verify", description=summary)
    parser.add_argument("file", nargs="?", help="JSON saved from /api/tables/<id>/deals/")
    parser.add_argument("--seed")
    parser.add_argument("--deal-id")
    parser.add_argument("--commitment")
    parser.add_argument("--deck", nargs=32, metavar="CARD")
    args = parser.parse_args(argv)
    try:
        proofs = _proofs(args)
        if not proofs:
            raise ProofError("no deal with its seed revealed to check")
        failed = 0
        for proof in proofs:
            problems = check_deal(proof)
            name = proof["deal_id"]
            if problems:
                failed += 1
                print(f"FAIL {name}: " + "; ".join(problems))
            else:
                print(f"ok   {name}: " + " ".join(deck_from_seed(proof["seed"], name)))
    except (OSError, ValueError, TypeError, KeyError, IndexError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
