"""Bot-only tables play whole matches through the services, in every rule set."""

from __future__ import annotations

import pytest
from django.test import override_settings

from games import rules
from games.models import Match, Table, TableEvent
from games.queries import hand_frames
from games.signals import match_finished
from tests.games.factories import bot_table, play_bots_to_end

pytestmark = pytest.mark.django_db

SHORT_MATCHES = [
    ("bulgarian", {}),
    ("bela", {"target": 501}),
    ("belote", {"target": 501}),
    ("coinche", {"target": 1000}),
]


@pytest.mark.parametrize(("variant", "house_rules"), SHORT_MATCHES)
def test_a_bot_table_plays_a_match_to_its_end(variant: str, house_rules: dict[str, int]) -> None:
    table = play_bots_to_end(bot_table(variant, **house_rules))
    match = Match.objects.get(table=table)
    assert match.winner_team in (0, 1)
    assert match.finished_at is not None
    assert max(match.score) >= rules.get_variant(variant, house_rules).target()
    assert match.score[match.winner_team] > match.score[1 - match.winner_team]
    assert match.seated.count() == 4


def test_a_finished_match_tells_the_apps_built_on_tables() -> None:
    ended: list[int] = []

    def record(sender: object, *, table_id: int, **kwargs: object) -> None:
        ended.append(table_id)

    match_finished.connect(record)
    try:
        table = play_bots_to_end(bot_table("bela", target=501))
    finally:
        match_finished.disconnect(record)
    assert ended == [table.pk]


def test_versions_run_without_gaps_and_every_hand_replays() -> None:
    table = play_bots_to_end(bot_table("bela", target=501))
    events = list(TableEvent.objects.filter(table=table).order_by("version"))
    assert [e.version for e in events] == list(range(1, table.version + 1))
    match = Match.objects.get(table=table)
    ends = [e for e in events if e.kind == TableEvent.Kind.HAND_END]
    assert len(ends) == match.hands_played
    for end in ends:
        frames = hand_frames(table_id=table.pk, number=end.hand)
        assert frames[-1].state.is_over
        assert frames[-1].state.public_view()["result"] == end.payload["result"]
    assert events[-1].kind == TableEvent.Kind.MATCH_END


@override_settings(LIVE_TABLE_BOT_RUN_SECONDS=0)
def test_a_stale_version_is_a_no_op_for_the_bot_task() -> None:
    table = bot_table("bela")
    version = table.version
    from games.services import table_bot_act

    assert table_bot_act(table_id=table.pk, version=version)
    table.refresh_from_db()
    moved_to = table.version
    assert moved_to > version
    assert not table_bot_act(table_id=table.pk, version=version)
    table.refresh_from_db()
    assert table.version == moved_to
    assert table.status == Table.Status.PLAYING
