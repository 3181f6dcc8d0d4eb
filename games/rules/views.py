"""JSON-ready pictures of a hand: the full result, one seat's view, the spectators' view."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from games.rules.cards import CODES, NO_TRUMPS, PAIR_BIT, cards_of
from games.rules.declarations import BELOT

if TYPE_CHECKING:
    from games.rules.hand import HandState


def _codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in cards]


def _tricks(state: HandState) -> list[dict[str, Any]]:
    tricks: list[dict[str, Any]] = [
        {"leader": leader, "cards": _codes(cards), "winner": winner}
        for leader, cards, winner in state.tricks
    ]
    if state.trick:
        leader = (state.to_act - len(state.trick)) % 4 if state.to_act is not None else 0
        tricks.append({"leader": leader, "cards": _codes(state.trick), "winner": None})
    return tricks


def _running_card_points(state: HandState) -> list[int]:
    contract = state.contract
    factor = 2 if contract is not None and contract.mode == NO_TRUMPS else 1
    return [p * factor for p in state.card_points]


def next_action(state: HandState) -> dict[str, Any] | None:
    """Who acts next and what they may do, in the runner's notation; None once over."""
    if state.to_act is None:
        return None
    return {"seat": state.to_act, "legal": [str(a) for a in state.legal_actions()]}


def hand_result(state: HandState) -> dict[str, Any]:
    """The scenario runner's output for this hand (without `error`)."""
    contract = state.standing_contract()
    flags = state.declaration_flags()
    result: dict[str, Any] = {
        "contract": contract.to_dict() if contract is not None else None,
        "tricks": _tricks(state),
        "declarations": [
            {
                "seat": d.seat,
                "kind": d.kind,
                "cards": d.codes(),
                "points": d.points,
                "scored": scored,
            }
            for d, scored in zip(state.declarations, flags, strict=True)
        ],
    }
    score = state.score()
    if score is None:
        result.update(
            card_points=_running_card_points(state),
            raw_points=None,
            hand_points=None,
            hanging=list(state.hanging),
            outcome="incomplete",
            valat=None,
            match_score=list(state.match_score),
            winner=None,
        )
    else:
        result.update(
            card_points=score.card_points,
            raw_points=score.raw_points,
            hand_points=score.hand_points,
            hanging=score.hanging,
            outcome=score.outcome,
            valat=score.valat,
            match_score=score.match_score,
            winner=score.winner,
        )
    result["next"] = next_action(state)
    return result


def _public_declarations(state: HandState) -> list[dict[str, Any]]:
    """Announcements as public: kind, length, top; cards once shown
    (docs/rules.md#what-others-see)."""
    shown_all = bool(state.tricks)
    items = []
    for d, scored in zip(state.declarations, state.declaration_flags(), strict=True):
        item: dict[str, Any] = {
            "seat": d.seat,
            "kind": d.kind,
            "length": d.length,
            "top": d.top_code(),
            "points": d.points,
            "scored": scored,
        }
        if d.kind == BELOT or (shown_all and scored):
            item["cards"] = d.codes()
        items.append(item)
    return items


def public_view(state: HandState) -> dict[str, Any]:
    """Everything public and nothing hidden: what a spectator may see."""
    contract = state.standing_contract()
    view: dict[str, Any] = {
        "variant": state.variant.name,
        "house_rules": dict(state.variant.house_rules),
        "dealer": state.dealer,
        **state.variant.public_info(state),
        "phase": str(state.phase),
        "to_act": state.to_act,
        "bids": [{"seat": seat, "bid": str(bid)} for seat, bid in state.auction.calls],
        "contract": contract.to_dict() if contract is not None else None,
        "tricks": _tricks(state),
        "declarations": _public_declarations(state),
        "card_points": _running_card_points(state),
        "hand_sizes": [mask.bit_count() for mask in state.held],
        "match_score": list(state.match_score),
        "hanging": list(state.hanging),
        "result": None,
    }
    score = state.score()
    if score is not None:
        view["result"] = {
            "card_points": score.card_points,
            "raw_points": score.raw_points,
            "hand_points": score.hand_points,
            "hanging": score.hanging,
            "outcome": score.outcome,
            "valat": score.valat,
            "match_score": score.match_score,
            "winner": score.winner,
        }
    return view


def seat_view(state: HandState, seat: int) -> dict[str, Any]:
    """One seat's view: the public view plus its own cards and, on its turn, its actions."""
    view = public_view(state)
    view["seat"] = seat
    view["hand"] = _codes(cards_of(state.held[seat]))
    view["legal"] = [str(a) for a in state.legal_actions()] if state.to_act == seat else []
    view["first_card"] = _first_card(state, seat)
    return view


def _first_card(state: HandState, seat: int) -> dict[str, Any] | None:
    """What this seat's first card would announce (its declarations, whether it holds a belot),
    so the page can offer the choice; None except on that seat's first card."""
    contract = state.contract
    if contract is None or state.to_act != seat or state.first_played >> seat & 1:
        return None  # still bidding, not this seat's turn (none once over), or not its first card
    held = state.held[seat]
    declarations = state.variant.declarations(seat, held, contract)
    belot_cards = held & state.belot_cards
    return {
        "declarations": [
            {"kind": d.kind, "points": d.points, "cards": d.codes()} for d in declarations
        ],
        "belot": any(belot_cards >> c & 1 and belot_cards & PAIR_BIT[c] for c in range(32)),
    }
