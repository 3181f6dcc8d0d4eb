"""The one refusal every service gives, whichever app: a code for programs, a message for people.

The REST API turns it into its JSON error shape (config.api) and a socket into an `error`
message (games.consumers); pages show the message. The message is English with named
placeholders (`"... %(limit)s ..."`, the values apart): it is looked up in the catalog and
filled in only when read, so a socket refuses in its own viewer's language, not the one that was
active where the service ran.
"""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from django.utils import translation

from config.refusals import filled_in

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

    def __init__(
        self,
        code: str,
        message: str,
        *,
        values: Mapping[str, Any] | None = None,
        status: int | None = None,
    ) -> None:
        self.code = code
        self.template = message
        self.values = dict(values or {})
        self.status = int(status or STATUS_OF_CODE.get(code, HTTPStatus.BAD_REQUEST))
        super().__init__(self.english)

    @property
    def english(self) -> str:
        """The message in English, for logs."""
        with translation.override("en"):
            return self.message

    @property
    def message(self) -> str:
        """The message in the active language (the code stays the same in every language);
        a value may be lazy (`config.refusals.refusal_lazy`), translated as it is filled in."""
        return filled_in(self.template, self.values)
