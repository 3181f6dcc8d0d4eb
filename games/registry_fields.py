"""A DRF choice field offering what a registry holds now (see `games.choices`)."""

from collections.abc import Callable
from typing import Any

from rest_framework import serializers


class RegistryChoiceField(serializers.ChoiceField):
    """Choices from a callable, read again for each serializer: DRF builds every serializer's
    fields anew from the declared ones, so a rule set or bot level added is offered."""

    def __init__(self, choices: Callable[[], list[tuple[str, str]]], **kwargs: Any) -> None:
        super().__init__(choices=choices(), **kwargs)
