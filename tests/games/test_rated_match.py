"""A rated table's result moves the players' ratings once, in the transaction that stores it."""

from __future__ import annotations

import pytest

from accounts.models import RatingChange
from accounts.services import match_rate
from games.models import Match
from tests.games.factories import people_table, play_bots_to_end

pytestmark = pytest.mark.django_db


def test_a_rated_match_moves_the_four_ratings_once() -> None:
    table, users = people_table("bela", rated=True, target=501)
    play_bots_to_end(table)
    match = Match.objects.get(table=table)
    changes = RatingChange.objects.filter(match=match)
    assert sorted(c.user_id for c in changes) == sorted(u.pk for u in users)
    winners = {p.user_id for p in match.seated.all() if p.team == match.winner_team}
    assert all((c.after > c.before) == (c.user_id in winners) for c in changes)
    assert match_rate(match_id=match.pk) == []
    assert changes.count() == 4


def test_an_unrated_match_moves_no_rating() -> None:
    table, _ = people_table("bela", target=501)
    play_bots_to_end(table)
    assert not RatingChange.objects.exists()
