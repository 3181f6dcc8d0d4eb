"""A DRF choice field offering what a registry holds now (see `games.choices`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rest_framework import serializers

if TYPE_CHECKING:  # a type only: the stubs are not installed in production
    from django_stubs_ext import StrOrPromise


class RegistryChoiceField(serializers.ChoiceField):
    """Choices from a callable, read again for each serializer: DRF builds every serializer's
    fields anew from the declared ones, so a rule set or bot level added is offered."""

    def __init__(
        self, choices: Callable[[], list[tuple[str, StrOrPromise]]], **kwargs: Any
    ) -> None:
        super().__init__(choices=choices(), **kwargs)
