"""JSON from clients (API bodies, socket frames), read with limits so no input can crash a reader.

Python's decoder recurses once per nesting level: a 2 KB body of 1,000 `[` raised
RecursionError, which no caller expected. Here anything unreadable, too deep or too big is a
JsonInputError (a ValueError) with a message a client can act on.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_noop

from config.refusals import filled_in

# Deepest nesting accepted; the deepest real input (a tournament with house rules) uses 3.
MAX_DEPTH = 32
DEEPER = gettext_noop("JSON may nest at most %(limit)s levels deep.")


class JsonInputError(ValueError):
    """Input that is not JSON we accept; the message says why, in the active language when
    read (English with named placeholders, filled with `values`, as ServiceError's)."""

    def __init__(self, message: str, values: Mapping[str, Any] | None = None) -> None:
        self.template = message
        self.values = dict(values or {})
        super().__init__(message % self.values if self.values else message)

    @property
    def message(self) -> str:
        return filled_in(self.template, self.values)

    def __str__(self) -> str:
        return self.message


def _refuse_constant(name: str) -> Any:
    """NaN and Infinity are not JSON, though Python's decoder reads them."""
    raise JsonInputError("%(name)s is not a JSON value.", {"name": name})


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether arrays and objects nest more than `limit` levels (walked without recursion)."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        children = item.values() if isinstance(item, dict) else item
        if depth > limit:
            return True
        pending.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def json_loads(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """Decode JSON text (bytes as UTF-8); refuse malformed, non-standard or too deep input."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise JsonInputError("JSON must be UTF-8 text.") from None
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise JsonInputError(DEEPER, {"limit": max_depth}) from None
    except JsonInputError:
        raise
    except ValueError as error:
        raise JsonInputError("Malformed JSON: %(error)s.", {"error": error}) from None
    # Counting brackets is cheap, and enough nearly always: no walk for shallow input.
    nested = isinstance(value, dict | list)
    if nested and text.count("[") + text.count("{") > max_depth and _deeper_than(value, max_depth):
        raise JsonInputError(DEEPER, {"limit": max_depth})
    return value
