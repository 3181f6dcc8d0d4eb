"""JSON from clients (API bodies, socket frames), read with limits so no input can crash a reader.

Python's decoder recurses once per nesting level: a 2 KB body of 1,000 `[` raised
RecursionError, which no caller expected. Here anything unreadable, too deep or too big is a
JsonInputError (a ValueError) with a message a client can act on.
"""

from __future__ import annotations

import json
from typing import Any

# Deepest nesting accepted; the deepest real input (a tournament with house rules) uses 3.
MAX_DEPTH = 32


class JsonInputError(ValueError):
    """Input that is not JSON we accept; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _refuse_constant(name: str) -> Any:
    """NaN and Infinity are not JSON, though Python's decoder reads them."""
    raise JsonInputError(f"{name} is not a JSON value.")


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
        raise JsonInputError(f"JSON may nest at most {max_depth} levels deep.") from None
    except JsonInputError:
        raise
    except ValueError as error:
        raise JsonInputError(f"Malformed JSON: {error}.") from None
    # Counting brackets is cheap, and enough nearly always: no walk for shallow input.
    nested = isinstance(value, dict | list)
    if nested and text.count("[") + text.count("{") > max_depth and _deeper_than(value, max_depth):
        raise JsonInputError(f"JSON may nest at most {max_depth} levels deep.")
    return value
