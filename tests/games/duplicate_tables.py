"""Two tables of one watch group, as a duplicate round opens them: people at one, bots at the
other, the same two deals (turned at the second table)."""

from __future__ import annotations

from accounts.models import User
from games.models import Table, TableEvent
from games.rules.cards import shuffled_deck
from games.services import table_bot_act, table_create, table_take_seat, table_turn_timeout
from tests.games.factories import person

GROUP = "round-under-test"


def _deals(turned: int) -> list[dict[str, object]]:
    return [
        {"deck": [str(card) for card in shuffled_deck(seed)], "dealer": (deal + turned) % 4}
        for deal, seed in enumerate((11, 12))
    ]


def duplicate_pair() -> tuple[Table, list[User], Table]:
    """Table A (four people, long turn timers) and table B (four bots), one watch group."""
    people = [person() for _ in range(4)]
    options = {"variant": "bela", "max_hands": 2, "watch_group": GROUP}
    first = table_create(creator=people[0], turn_seconds=3600, deals=_deals(0), **options)
    for user in people[1:]:
        table_take_seat(table_id=first.pk, user=user)
    second = table_create(
        creator=None, bot_seats=(0, 1, 2, 3), bot_delay_ms=0, deals=_deals(1), **options
    )
    first.refresh_from_db()
    return first, people, second


def play_hands(table: Table, hands: int, *, limit: int = 2000) -> None:
    """Move the table on (bots act, people's turns time out) until `hands` hands are over."""
    for _ in range(limit):
        table.refresh_from_db()
        ended = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.HAND_END).count()
        if ended >= hands or table.status == Table.Status.FINISHED:
            return
        if not table_bot_act(table_id=table.pk, version=table.version):
            table_turn_timeout(table_id=table.pk, version=table.version)
    raise AssertionError(f"{hands} hands were not played at {table}")
