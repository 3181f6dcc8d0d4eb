"""Entrants' accuracy in an event: their card decisions in its matches (games.analyses)."""

from __future__ import annotations

from typing import Any

from games.analyses import players_accuracy
from games.models import Table
from tournaments.models import Tournament, with_players


def entrant_accuracy(tournament: Tournament) -> list[dict[str, Any]]:
    """Per player entered (fillers, who never rank, left out), their accuracy per rule set in
    the event's matches."""
    tables = list(
        Table.objects.filter(tournament_table__round__tournament=tournament).values_list(
            "pk", flat=True
        )
    )
    people = []
    for entry in tournament.entries.filter(filler=False).select_related(*with_players()):
        for user in entry.players():
            if user not in people:
                people.append(user)
    accuracy = players_accuracy(users=people, table_ids=tables)
    return [{"player": user.username, "accuracy": accuracy[user.pk]} for user in people]
