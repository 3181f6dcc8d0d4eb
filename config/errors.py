"""The one refusal every service gives, whichever app: a code for programs, a message for people.

The REST API turns it into its JSON error shape (config.api) and a socket into an `error`
message (games.consumers); pages show the message.
"""

from __future__ import annotations

from http import HTTPStatus

from config.refusals import refusal_in_language

# HTTP status of the refusals that are not a plain 400 (invalid, or against the rules).
STATUS_OF_CODE = {
    "sign_in": HTTPStatus.UNAUTHORIZED,
    "forbidden": HTTPStatus.FORBIDDEN,
    "spectator": HTTPStatus.FORBIDDEN,
    "not_your_seat": HTTPStatus.FORBIDDEN,
    "watch_refused": HTTPStatus.FORBIDDEN,
    "not_found": HTTPStatus.NOT_FOUND,
    "stale_version": HTTPStatus.CONFLICT,
    "illegal_transition": HTTPStatus.CONFLICT,
    "not_editable": HTTPStatus.CONFLICT,
    "not_running": HTTPStatus.CONFLICT,
    "not_paused": HTTPStatus.CONFLICT,
    "over": HTTPStatus.CONFLICT,
}


class ServiceError(Exception):
    """A request a service refuses; nothing was changed."""

    def __init__(self, code: str, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.english = message
        self.status = int(status or STATUS_OF_CODE.get(code, HTTPStatus.BAD_REQUEST))

    @property
    def message(self) -> str:
        """The message in the active language (the code stays the same in every language)."""
        return refusal_in_language(self.english)
