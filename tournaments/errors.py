"""The one refusal tournament services give: a code for programs, a message for people."""

from __future__ import annotations


class TournamentError(Exception):
    """A request the tournament refuses; `code` for programs, `message` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
