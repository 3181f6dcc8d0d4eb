"""Factories for live-table tests: people, bot-only tables, and driving a table by version."""

from __future__ import annotations

import itertools

from accounts.models import User
from games.models import Table
from games.services import table_bot_act, table_create

_names = itertools.count(1)


def person(name: str | None = None) -> User:
    """A signed-up person with a throwaway password."""
    username = name or f"player{next(_names)}"
    return User.objects.create_user(username=username, password="irrelevant-pw-9")


def bot_table(variant: str = "bela", **house_rules: object) -> Table:
    """A table of four bots at full speed, dealt."""
    return table_create(
        creator=None,
        variant=variant,
        house_rules=house_rules,
        bot_seats=(0, 1, 2, 3),
        bot_delay_ms=0,
    )


def play_bots_to_end(table: Table, *, limit: int = 5000) -> Table:
    """Let the bots move one version at a time, as the tasks would, until the match ends."""
    for _ in range(limit):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            return table
        if not table_bot_act(table_id=table.pk, version=table.version):
            raise AssertionError(f"no bot could move at version {table.version}")
    raise AssertionError("the match did not finish")
