"""Declarer play the search misjudges: drawing the opponents' trumps first."""

from __future__ import annotations

from games.bots import get_bot
from games.bots.declarer import trump_to_draw
from games.bots.inference import infer
from games.bots.view import read_view
from games.rules.actions import Play
from games.rules.cards import Card
from games.rules.hand import HandState

# The replay, as a first lead: the declarer holds J-9-K-T of trumps; medium led the
# queen of spades into the ace and failed a contract the other side made with all 162.
HANDS = [
    "8d 8c Qc 7h 9h Th 7s 8s",
    "Jd 9d Kd Td Qs Ks 7d 8h",
    "9c Tc Jc Ac Qh Kh Ah 9s",
    "Kc 7c Qd Ad Jh Js Ts As",
]


def _declarer_on_lead(contract: str = "80 diamonds") -> HandState:
    state = HandState.new(
        "coinche", dealer=0, hands=[[int(Card.parse(c)) for c in h.split()] for h in HANDS]
    )
    for bid in (contract, "pass", "pass", "pass"):
        state.apply(state.variant.parse_bid(bid))
    return state


def test_the_declarer_leads_the_master_trump() -> None:
    state = _declarer_on_lead()
    for level in ("medium", "hard"):
        assert get_bot(level).act(state.view(1), seed=0) == Play.parse("Jd")


def test_no_trump_is_drawn_once_the_opponents_have_none() -> None:
    state = _declarer_on_lead()
    view = read_view(state.view(1))
    assert trump_to_draw(view, infer(view)) == int(Card.parse("Jd"))
    # Trick one: seat 2 shows out of trumps, seat 0 follows: 9d is now the master.
    for card in ("Jd", "9c", "Qd", "8d"):
        state.apply(Play.parse(card))
    view = read_view(state.view(1))
    assert trump_to_draw(view, infer(view)) == int(Card.parse("9d"))
    # Trick two: seat 0 shows out as well; the rest of the trumps are the partner's.
    for card in ("9d", "Tc", "Ad", "8c"):
        state.apply(Play.parse(card))
    view = read_view(state.view(1))
    assert view.to_act == 1
    assert trump_to_draw(view, infer(view)) is None


def test_a_defender_on_lead_is_not_told_to_draw_trumps() -> None:
    state = HandState.new(
        "coinche", dealer=3, hands=[[int(Card.parse(c)) for c in h.split()] for h in HANDS]
    )
    for bid in ("pass", "80 diamonds", "pass", "pass", "pass"):
        state.apply(state.variant.parse_bid(bid))
    view = read_view(state.view(0))
    assert view.to_act == 0 and trump_to_draw(view, infer(view)) is None
