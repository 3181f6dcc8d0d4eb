"""Who sits where, as server-rendered pages show it: the names the table itself shows."""

from __future__ import annotations

from django import template

from games import queries
from games.models import Table

register = template.Library()


@register.filter
def table_players(table: Table) -> list[tuple[str | None, bool]]:
    """Each seat's player as a list of tables names them, and whether a computer plays it."""
    return queries.table_players(table)
