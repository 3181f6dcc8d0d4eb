"""A socket's events leave in version order, once each, whatever order the layer brings them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.sequencer import EventSequencer


def event(version: int) -> dict[str, object]:
    return {"type": "event", "version": version}


def sent_versions(sequencer: EventSequencer, arrivals: list[int]) -> list[int]:
    return [m["version"] for v in arrivals for m in sequencer.arrived(event(v))]


def test_an_early_event_waits_for_the_one_before_it() -> None:
    sequencer = EventSequencer()
    sequencer.snapshot_sent(45)
    assert sent_versions(sequencer, [48]) == []
    assert sequencer.waiting
    assert sent_versions(sequencer, [46]) == [46]
    assert sent_versions(sequencer, [47]) == [47, 48]
    assert not sequencer.waiting


def test_events_a_snapshot_already_shows_are_not_sent_again() -> None:
    sequencer = EventSequencer()
    sequencer.snapshot_sent(10)
    assert sent_versions(sequencer, [9, 10, 11, 11]) == [11]


def test_a_snapshot_over_a_gap_releases_the_events_after_it() -> None:
    sequencer = EventSequencer()
    sequencer.snapshot_sent(3)
    assert sent_versions(sequencer, [5, 7, 8]) == []
    sequencer.snapshot_sent(6)
    assert [m["version"] for m in sequencer.due()] == [7, 8]
    assert not sequencer.waiting


@given(
    start=st.integers(min_value=0, max_value=1000),
    order=st.permutations(list(range(1, 40))),
    repeats=st.lists(st.integers(min_value=0, max_value=39), max_size=20),
)
def test_any_arrival_order_leaves_every_event_once_in_order(
    start: int, order: list[int], repeats: list[int]
) -> None:
    sequencer = EventSequencer()
    sequencer.snapshot_sent(start)
    arrivals = [start + step for step in order] + [start + r for r in repeats]
    assert sent_versions(sequencer, arrivals) == list(range(start + 1, start + 40))
    assert not sequencer.waiting


def test_a_version_the_socket_never_got_leaves_it_behind_until_sent_or_shown() -> None:
    sequencer = EventSequencer()
    sequencer.snapshot_sent(20)
    sequencer.reached(20)
    assert not sequencer.waiting, "a socket at the latest version is not behind"
    sequencer.reached(22)  # committed, but its broadcast never came
    assert sequencer.waiting
    assert sent_versions(sequencer, [21]) == [21] and sequencer.waiting
    assert sent_versions(sequencer, [22]) == [22] and not sequencer.waiting
    sequencer.reached(25)
    sequencer.snapshot_sent(25)  # the healing snapshot
    assert not sequencer.waiting
