"""One policy per format answers everything that differs between formats."""

from __future__ import annotations

import pytest

from config.errors import ServiceError
from tests.tournaments.factories import person, tournament
from tournaments import queries
from tournaments.access import may_run
from tournaments.models import Tournament
from tournaments.policies import POLICIES, policy_for

pytestmark = pytest.mark.django_db

Format = Tournament.Format


def test_there_is_a_policy_for_every_format() -> None:
    assert set(POLICIES) == set(Format.values)


@pytest.mark.parametrize(
    ("settings", "entries", "rounds"),
    [
        ({"format": Format.SWISS}, 8, 3),
        ({"format": Format.SWISS, "swiss_rounds": 5}, 4, 3),
        ({"format": Format.ROUND_ROBIN}, 5, 5),
        ({"format": Format.ROUND_ROBIN}, 6, 5),
        ({"format": Format.DUPLICATE, "match_deals": 2, "swiss_rounds": 2}, 8, 2),
    ],
)
def test_each_format_says_how_many_rounds_it_plays(
    settings: dict, entries: int, rounds: int
) -> None:
    event = tournament(**settings)
    assert policy_for(event).round_count(event, entries) == rounds


def test_only_a_knockout_refuses_individuals() -> None:
    allowed = {key for key, policy in POLICIES.items() if policy.individuals_allowed}
    assert allowed == {Format.SWISS, Format.ROUND_ROBIN, Format.DUPLICATE}
    with pytest.raises(ServiceError, match="no team goes through a knockout"):
        POLICIES[Format.SINGLE_ELIMINATION].check_settings({"entry_type": "individuals"})


def test_only_the_knockout_draws_a_bracket_and_only_duplicate_ranks_by_matchpoints() -> None:
    assert [k for k, p in POLICIES.items() if p.draws_bracket] == [Format.SINGLE_ELIMINATION]
    assert [k for k, p in POLICIES.items() if p.ranks_by_matchpoints] == [Format.DUPLICATE]


def test_one_rule_says_who_runs_an_event() -> None:
    event = tournament()
    staff = person()
    staff.is_staff = True
    assert may_run(event.organizer, event) and may_run(staff, event)
    assert not may_run(person(), event)


def test_reading_a_missing_tournament_is_a_service_refusal_not_an_http_error() -> None:
    with pytest.raises(ServiceError) as refused:
        queries.tournament_detail(tournament_id=987654, viewer=None)
    assert refused.value.code == "not_found" and refused.value.status == 404
