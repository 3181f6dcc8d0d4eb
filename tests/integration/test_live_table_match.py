"""A real match over real sockets: two people, two bots on the Celery worker, a spectator.

Every message any seat or the spectator receives is checked: nobody ever gets another seat's
unplayed cards, and every view is exactly what the engine shows that viewer at that version.
"""

from __future__ import annotations

import contextlib
import queue
import random
import time
from typing import Any

import pytest

from games.models import DealSeed, Match, Table, TableEvent
from games.queries import hand_frames
from games.services import table_create, table_take_seat
from tests.games.factories import person
from tests.games.sockets import Listener, choices, leaks, open_table_socket
from tests.helpers import Server, Worker

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def truth_by_version(table: Table) -> dict[int, Any]:
    """The engine state after each game event, rebuilt from the log."""
    states: dict[int, Any] = {}
    events = list(TableEvent.objects.filter(table=table).order_by("version"))
    for number in sorted({e.hand for e in events if e.hand}):
        frames = hand_frames(table_id=table.pk, number=number)
        played = [e for e in events if e.hand == number and e.kind in ("deal", "bid", "play")]
        for event, frame in zip(played, frames, strict=True):
            states[event.version] = frame.state
        for event in events:
            if event.hand == number and event.kind in ("hand_end", "match_end"):
                states[event.version] = frames[-1].state
    return states


def test_people_bots_and_a_spectator_play_a_match_without_a_leak(
    asgi_server: Server, celery_worker: Worker
) -> None:
    alice, bob = person("alice"), person("bob")
    table = table_create(
        creator=alice, variant="bela", house_rules={"target": 501}, bot_seats=(2, 3),
        bot_delay_ms=0, turn_seconds=600,
    )  # fmt: skip
    inbox: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
    seats = {"alice": 0, "bob": 1, "spectator": None}
    watcher = person("watcher")
    with (
        open_table_socket(asgi_server, table.pk, user=alice) as alice_socket,
        open_table_socket(asgi_server, table.pk, user=watcher) as spectator_socket,
    ):
        listeners = {
            "alice": Listener("alice", alice_socket, inbox),
            "spectator": Listener("spectator", spectator_socket, inbox),
        }
        for listener in listeners.values():
            listener.start()
        table_take_seat(table_id=table.pk, user=bob)
        with open_table_socket(asgi_server, table.pk, user=bob) as bob_socket:
            listeners["bob"] = Listener("bob", bob_socket, inbox)
            listeners["bob"].start()
            rng = random.Random(4)
            latest = 0
            finished = set()
            deadline = time.monotonic() + 240
            while finished != {"alice", "bob", "spectator"}:
                assert time.monotonic() < deadline, "the match did not finish in time"
                name, message = inbox.get(timeout=30)
                assert message["type"] != "error", message
                if message["type"] == "event" and message["event"]["kind"] == "match_end":
                    finished.add(name)
                if message.get("version", 0) < latest:
                    continue
                latest = message["version"]
                view = message.get("view") or {}
                if name != "spectator" and choices(view):
                    # Act only on the newest state, as a careful client would.
                    choice = rng.choice(choices(view))
                    key = "play" if view["phase"] == "playing" else "bid"
                    listeners[name].send(
                        {"type": "act", "action": {key: choice}, "version": latest,
                         "client_seq": latest}
                    )  # fmt: skip
            # Broadcasts from different processes may land out of order: let the stragglers in.
            with contextlib.suppress(queue.Empty):
                while True:
                    inbox.get(timeout=2)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    match = Match.objects.get(table=table)
    assert match.winner_team in (0, 1)
    truth = truth_by_version(table)
    commitments = dict(DealSeed.objects.filter(table=table).values_list("hand", "commitment"))
    # The match was no walkover: at least one whole hand of 32 cards was played.
    assert TableEvent.objects.filter(table=table, kind="play").count() >= 32
    for name, listener in listeners.items():
        seat = seats[name]
        # Writers in different processes may broadcast out of commit order, so clients keep
        # the newest version; but no event reaches a viewer twice, and the last one arrives.
        versions = [m["version"] for m in listener.received if m["type"] == "event"]
        assert len(versions) == len(set(versions)), f"{name} got an event twice"
        assert max(versions) == table.version
        checked = set()
        for message in listener.received:
            assert leaks(message, seat=seat) == [], (name, message)
            state = truth.get(message["version"]) if message["type"] == "event" else None
            if state is not None:
                expected = state.view(seat) if seat is not None else state.public_view()
                assert message["view"] == expected, (name, message["version"])
                checked.add(message["version"])
        # Each viewer saw every game event after the snapshot it joined with, as it happened.
        joined = listener.received[0]
        assert joined["type"] == "snapshot", (name, joined)
        missed = {v for v in truth if v > joined["version"]} - checked
        assert not missed, (name, sorted(missed))
        # Each deal's commitment reached every viewer before its cards were played.
        deals = [joined["deal"]] if joined["deal"] is not None else []
        deals += [
            m["event"]["deal"]
            for m in listener.received
            if m.get("event", {}).get("kind") == "deal"
        ]
        assert {d["hand"]: d["commitment"] for d in deals} == commitments, name
