"""Tell browsers what changed, over the notifications socket, once the change is committed:
a tournament's page (its followers' group) reloads its parts, and each person whose table
has just opened gets "your table is ready" on whatever page they are.

A notice is a courtesy: one that cannot be sent is logged and the change it announces stands.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_noop

from accounts.notifications import user_notify
from games.models import Seat, Table
from games.presence import has_arrived
from tournaments.models import Entry, Round, Tournament

logger = logging.getLogger(__name__)
# Seconds a player away from any table sees "your table is ready" before being taken there.
GO_IN_SECONDS = 5


def tournament_group(tournament_id: int) -> str:
    """The channel-layer group of the sockets following one tournament's page."""
    return f"tournament-{tournament_id}"


def tournament_changed(*, tournament: Tournament) -> None:
    """After this commit, tell the tournament's followers that its page changed."""
    tournament_id, status = tournament.pk, tournament.status
    payload = {"type": "tournament_changed", "tournament": tournament_id, "status": status}
    transaction.on_commit(lambda: _send_group(tournament_group(tournament_id), payload))


def round_opened(*, tournament: Tournament, round_: Round) -> None:
    """After this commit, tell every person seated in the round where their table is."""
    tournament_changed(tournament=tournament)
    seats = Seat.objects.filter(
        table__tournament_table__round=round_, user__isnull=False, user__is_bot=False
    ).values_list("user_id", "table_id")
    notices = [
        (user_id, _table_ready(table_id, round_.number, tournament.name))
        for user_id, table_id in seats
    ]
    transaction.on_commit(lambda: _send_users(notices))


def tables_ready_for(user: Any) -> list[dict[str, Any]]:
    """The person's "your table is ready" notices again, one for each open round table they
    have not come to yet: sent to every notifications socket as it opens, so the notice is not
    lost to a page that was loading or reconnecting when the round opened."""
    seats = Seat.objects.filter(
        user=user,
        table__status=Table.Status.PLAYING,
        table__tournament_table__finished=False,
        table__tournament_table__round__status=Round.Status.RUNNING,
    ).values_list(
        "table_id",
        "table__tournament_table__round__number",
        "table__tournament_table__round__tournament__name",
    )
    return [
        _table_ready(table_id, number, name)
        for table_id, number, name in seats
        if not has_arrived(table_id=table_id, user_id=user.pk)
    ]


def _table_ready(table_id: int, round_number: int, tournament_name: str) -> dict[str, Any]:
    return {
        "type": "table_ready",
        "table": table_id,
        "url": reverse("games:table", args=[table_id]),
        "tournament": tournament_name,
        "round": round_number,
        "texts": {
            "message": [
                gettext_noop("Your table is ready: round %(round)d of %(name)s."),
                {"round": round_number, "name": tournament_name},
            ],
            "action": [gettext_noop("Go to your table"), {}],
            "stay": [gettext_noop("Stay on this page"), {}],
            "title": [gettext_noop("Your table is ready"), {}],
        },
        "go_in_seconds": GO_IN_SECONDS,
    }


def partner_invited(*, entry: Entry) -> None:
    """After this commit, tell the invited partner who asked them, and where to answer."""
    if entry.player_two_id is None:
        return
    tournament = entry.tournament
    payload = {
        "type": "invitation",
        "tournament": tournament.name,
        "from": str(entry.player_one),
        "url": reverse("tournaments:detail", args=[tournament.pk]),
        "texts": {
            "message": [
                gettext_noop("%(player)s invited you to play %(name)s as a pair."),
                {"player": str(entry.player_one), "name": tournament.name},
            ],
            "action": [gettext_noop("Answer the invitation"), {}],
            "title": [gettext_noop("Invitation"), {}],
        },
    }
    notices = [(entry.player_two_id, payload)]
    transaction.on_commit(lambda: _send_users(notices))


def _send_group(group: str, payload: dict[str, Any]) -> None:
    try:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(group, {"type": "notify", "payload": payload})
    except Exception:  # noqa: BLE001 (a lost notice must not undo or fail the change)
        logger.warning("could not tell %s about %s", group, payload, exc_info=True)


def _send_users(notices: list[tuple[int, dict[str, Any]]]) -> None:
    for user_id, payload in notices:
        try:
            user_notify(user_id=user_id, payload=payload)
        except Exception:  # noqa: BLE001 (a lost notice must not undo or fail the change)
            logger.warning("could not tell user %s about %s", user_id, payload, exc_info=True)
