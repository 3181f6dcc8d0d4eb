"""The API's body parser (its own module: DRF reads its settings when config.api imports it)."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.parsers import JSONParser

from config.json_input import JsonInputError, json_loads


class LimitedJSONParser(JSONParser):
    """DRF's JSON parser, reading through config.json_input: too deep is a 400, not a crash."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        """Decode the body, refusing what json_loads refuses."""
        try:
            return json_loads(stream.read() if stream is not None else b"")
        except JsonInputError as error:
            raise exceptions.ParseError(error.message) from None
