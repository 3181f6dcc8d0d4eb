"""Every rule set knows the card points of a hand in each strain it may be played in."""

from __future__ import annotations

import random

import pytest

from games.rules.cards import ALL_TRUMPS, NO_TRUMPS
from games.rules.hand import HandState
from games.rules.variants import VARIANTS


def test_totals_are_162_in_a_suit_130_in_no_trumps_258_in_all_trumps() -> None:
    for cls in VARIANTS.values():
        assert set(cls.card_total) == set(cls.strains)
        assert all(cls.card_total[suit] == 162 for suit in range(4))
    bulgarian = VARIANTS["bulgarian"].card_total
    assert (bulgarian[NO_TRUMPS], bulgarian[ALL_TRUMPS]) == (130, 258)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_played_hands_share_exactly_the_card_total(name: str) -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = HandState.new(name, dealer=seed % 4, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.contract is not None:
            assert sum(state.card_points) == state.variant.card_total[state.contract.mode]
