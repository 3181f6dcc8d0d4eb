"""An organizer pauses a running tournament: its live table stops, the sockets say so, and
play picks up again on resume; real sockets on the ASGI server, bots on a real worker."""

from __future__ import annotations

import queue
import time
from typing import Any

import pytest
from django.test import Client

from games.models import Seat, Table
from tests.games.sockets import Listener, open_table_socket
from tests.helpers import Server, Worker, wait_for
from tests.tournaments.factories import ready_to_start
from tournaments import services
from tournaments.models import Entry, RoundTable

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

Inbox = queue.Queue[tuple[str, dict[str, Any]]]


def next_event(inbox: Inbox, wanted: Any, *, timeout: float = 30) -> tuple[str, dict[str, Any]]:
    """The first message `wanted(name, message)` accepts; errors fail the test."""
    deadline = time.monotonic() + timeout
    while True:
        name, message = inbox.get(timeout=max(0.1, deadline - time.monotonic()))
        if wanted(name, message):
            return name, message
        assert message["type"] != "error", message


def action(view: dict[str, Any]) -> dict[str, Any]:
    """The first legal bid or card of a seat's view."""
    key = "play" if view["phase"] == "playing" else "bid"
    return {key: view["legal"][0]}


def test_a_paused_table_refuses_play_and_plays_on_after_resume(
    asgi_server: Server, celery_worker: Worker
) -> None:
    event, people = ready_to_start(bot_entries=1, people_entries=1, match_deals=None)
    entry = Entry.objects.get(tournament=event, player_one=people[0])
    services.entry_check_in(entry_id=entry.pk, user=people[0])
    services.tournament_start(tournament_id=event.pk, user=event.organizer)
    table = wait_for(
        lambda: Table.objects.filter(tournament_table__round__tournament=event).first(),
        timeout=30,
        what="the worker to open round 1's table",
    )
    seat_of = {
        seat.user.username: seat.number
        for seat in Seat.objects.filter(table=table, user__in=people).select_related("user")
    }
    organizer = Client()
    organizer.force_login(event.organizer)
    inbox: Inbox = queue.Queue()
    with (
        open_table_socket(asgi_server, table.pk, user=people[0]) as first,
        open_table_socket(asgi_server, table.pk, user=people[1]) as second,
    ):
        listeners = {
            people[0].username: Listener(people[0].username, first, inbox),
            people[1].username: Listener(people[1].username, second, inbox),
        }
        for listener in listeners.values():
            listener.start()

        def my_turn(name: str, message: dict[str, Any]) -> bool:
            view = message.get("view") or {}
            return view.get("to_act") == seat_of[name] and bool(view.get("legal"))

        name, turn = next_event(inbox, my_turn)
        person = listeners[name]
        assert organizer.post(f"/api/tournaments/{event.pk}/pause/").status_code == 200
        _, paused = next_event(inbox, lambda n, m: n == name and m.get("type") == "event")
        assert paused["event"]["kind"] == "pause" and paused["table"]["paused"] is True
        person.send({"type": "act", "action": action(turn["view"]),
                     "version": paused["version"], "client_seq": 1})  # fmt: skip
        _, refused = next_event(inbox, lambda n, m: n == name)
        assert (refused["type"], refused["code"]) == ("error", "paused")
        person.send({"type": "ping"})
        assert next_event(inbox, lambda n, m: n == name)[1] == {"type": "pong"}, "still open"
        time.sleep(2)
        assert Table.objects.get(pk=table.pk).version == paused["version"], "nothing moved"

        assert organizer.post(f"/api/tournaments/{event.pk}/resume/").status_code == 200
        _, resumed = next_event(inbox, lambda n, m: n == name and m.get("type") == "event")
        assert resumed["event"]["kind"] == "resume" and resumed["table"]["paused"] is False
        person.send({"type": "act", "action": action(resumed["view"]),
                     "version": resumed["version"], "client_seq": 2})  # fmt: skip
        _, played = next_event(inbox, lambda n, m: n == name and m.get("type") == "event")
        assert played["event"]["actor"] == "person" and played["version"] > resumed["version"]
        # The seat after a person's is a bot's: the worker plays it once play is back on.
        next_event(inbox, lambda n, m: m.get("type") == "event" and m["event"]["actor"] == "bot")
    assert RoundTable.objects.get(table=table).finished is False
