"""The rating task sent twice at once to a real worker (two processes) rates the match once."""

from __future__ import annotations

import pytest

from accounts.models import Rating, RatingChange
from accounts.tasks import rate_match
from tests.accounts.factories import finished_match, make_user
from tests.helpers import Worker

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_duplicated_task_on_a_real_worker_rates_once(celery_worker: Worker) -> None:
    players = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    match = finished_match(players, winner_team=1)
    first, second = rate_match.delay(match.pk), rate_match.delay(match.pk)
    assert sorted([first.get(timeout=30), second.get(timeout=30)]) == [0, 4]
    assert RatingChange.objects.filter(match=match).count() == 4
    assert Rating.objects.get(user=players[1]).value == 1520.0
    assert Rating.objects.get(user=players[0]).rated_matches == 1
