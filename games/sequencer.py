"""Each socket's table events exactly once and in version order, whatever order they arrive in.

Every committed change numbers its events consecutively (the table version), but two changes
committed by two processes may reach the channel layer in the other order, and events queued
before a snapshot repeat what it shows. The sequencer holds an early event back until the
gap before it fills; a gap that stays open is a lost message, healed by a fresh snapshot.
A process killed between its commit and its broadcast leaves a gap no later event may show
(the next turn is a person's): the stall sweep then tells each socket the table's latest
version (`reached`), and a socket behind it opens the same gap.
"""

from __future__ import annotations

from typing import Any

Message = dict[str, Any]


class EventSequencer:
    """The versions one socket has been sent, and the early events it holds back."""

    def __init__(self) -> None:
        self.version = -1
        self.early: dict[int, Message] = {}
        # The latest version the table is known to have reached (by event or by the sweep).
        self.latest = -1

    def snapshot_sent(self, version: int) -> None:
        """A snapshot shows everything up to `version`: events at or below it are old news."""
        self.version = version
        self.early = {v: m for v, m in self.early.items() if v > version}

    def arrived(self, event: Message) -> list[Message]:
        """The events now due, in order (none while a gap before this one is open)."""
        version = event["version"]
        if version > self.version:
            self.early[version] = event
        return self.due()

    def reached(self, version: int) -> None:
        """The table has committed `version`: until it is sent, the socket is behind."""
        self.latest = max(self.latest, version)

    def due(self) -> list[Message]:
        """Take the held events that follow the last one sent without a gap."""
        ready = []
        while self.version + 1 in self.early:
            self.version += 1
            ready.append(self.early.pop(self.version))
        return ready

    @property
    def waiting(self) -> bool:
        """Whether the socket is behind: an early event waits, or a version it never got."""
        return bool(self.early) or self.latest > self.version
