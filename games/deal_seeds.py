"""Verifiable deals at live tables: each hand's deck comes from a seed committed to first.

The algorithm is games.verify's (standard library only, so anyone can rerun it). A seed is
published only once nobody can still be dealt its cards: the table's match is over, and in a
duplicate round every table of the round has finished (games.watching).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from typing import Any

from games import rules
from games.models import DealSeed, Table
from games.queries import hand_rebuild
from games.verify import ALGORITHM, commitment, deck_from_seed
from games.watching import released_hands


def new_seed() -> str:
    """A fresh secret seed (32 random bytes in hex)."""
    return secrets.token_hex(32)


def derived_seed(secret: int | str, deal_id: str) -> str:
    """A deal's seed drawn from a longer-lived secret (an event's), the same on every run;
    publishing it tells nothing of the secret or of the other deals."""
    return hashlib.sha256(f"{secret}\n{deal_id}".encode()).hexdigest()


def _drawn(secret: str, what: str) -> int:
    """A stable number drawn from a table's secret for one purpose."""
    return int(derived_seed(secret, what)[:16], 16)


def first_dealer(table: Table) -> int:
    """Who deals the match's first hand: drawn from a seeded table's secret, else at random."""
    if table.deal_secret:
        return _drawn(table.deal_secret, "first-dealer") % 4
    return secrets.randbelow(4)


def bot_seed(table: Table) -> int:
    """The seed of a bot's choice at the table's current version: from a seeded table's secret
    (the same match replays the same choices), else from the table's id."""
    if table.deal_secret:
        return _drawn(table.deal_secret, f"bot/{table.version}")
    return table.pk * 100_003 + table.version


def seeded_step(*, seed: str, deal_id: str, dealer: int) -> dict[str, Any]:
    """A chosen deal (Table.deals) that is dealt from a seed, so it can be verified."""
    return {
        "deck": deck_from_seed(seed, deal_id),
        "dealer": dealer,
        "seed": seed,
        "deal_id": deal_id,
    }


def deal_draw(
    *, table: Table, hand: int, step: Mapping[str, Any]
) -> tuple[list[rules.Card], DealSeed]:
    """The deck of the table's hand number `hand`, and the row of its seed and commitment,
    unsaved: it is written with the rest of the change that deals it, under the table's lock
    (games.unit_of_work.save), so a move dropped as stale leaves no seed behind.

    `step` is the table's chosen deal for the hand (empty: drawn from the table's secret, or
    a fresh seed). A chosen deck with no seed is dealt as given and has nothing to verify.
    """
    if step:
        seed, deal_id = (
            step.get("seed"),
            str(step.get("deal_id") or f"table-{table.pk}/hand-{hand}"),
        )
    elif table.deal_secret:
        deal_id = f"hand-{hand}"
        seed = derived_seed(table.deal_secret, deal_id)
    else:
        seed, deal_id = new_seed(), f"table-{table.pk}/hand-{hand}"
    if seed is None:
        row = DealSeed(table=table, hand=hand, deal_id=deal_id)
        return [rules.Card.parse(code) for code in step["deck"]], row
    row = DealSeed(
        table=table, hand=hand, deal_id=deal_id, seed=seed, commitment=commitment(seed, deal_id)
    )
    return [rules.Card.parse(code) for code in deck_from_seed(seed, deal_id)], row


def seeds_revealed(*, table: Table) -> bool:
    """Whether the table's seeds may be published: nobody can be dealt their cards any more."""
    return table.status == Table.Status.FINISHED and released_hands(table=table) is None


def deal_proofs(*, table: Table) -> dict[str, Any]:
    """Every hand's commitment; once revealed, its seed, deck, hands as dealt and cards played."""
    revealed = seeds_revealed(table=table)
    deals = []
    for row in DealSeed.objects.filter(table=table).order_by("hand"):
        proof: dict[str, Any] = {
            "hand": row.hand,
            "deal_id": row.deal_id,
            "chosen": not row.commitment,
            "commitment": row.commitment or None,
            "seed": None,
        }
        if revealed:
            proof.update(_played(table_id=table.pk, number=row.hand))
            proof["seed"] = row.seed or None
        deals.append(proof)
    return {"table": table.pk, "algorithm": ALGORITHM, "revealed": revealed, "deals": deals}


def _played(*, table_id: int, number: int) -> dict[str, Any]:
    """What the finished hand dealt and played, from the event log."""
    state = hand_rebuild(table_id=table_id, number=number)
    if state is None:
        return {"deck": None, "dealer": None, "hands": None, "plays": []}
    plays = [
        [seat, str(action.card)] for seat, action in state.log if isinstance(action, rules.Play)
    ]
    return {
        "deck": [str(rules.Card(card)) for card in state.deck],
        "dealer": state.dealer,
        "hands": [[str(card) for card in cards] for cards in state.dealt],
        "plays": plays,
    }
