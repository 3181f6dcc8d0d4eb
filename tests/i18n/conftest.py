"""Tests here ask for pages and API answers in many languages: a request leaves its language
active in the thread (LocaleMiddleware activates it, nothing deactivates it), so each test
puts the default back, lest a later test read French where it expects English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def default_language_after() -> Iterator[None]:
    yield
    translation.deactivate()
