"""A browser's socket must come from this site: scheme, host and port, or a trusted origin."""

from __future__ import annotations

import pytest
from pytest_django import Settings

from config.origins import _is_same_origin


def scope(origin: str, host: str = "belote.example:8000", scheme: str = "ws") -> dict:
    headers = [(b"host", host.encode()), (b"origin", origin.encode())]
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@pytest.fixture(autouse=True)
def site(settings: Settings) -> None:
    settings.ALLOWED_HOSTS = ["belote.example", "localhost"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.belote.example"]


@pytest.mark.parametrize(
    ("origin", "host", "scheme"),
    [
        ("http://belote.example:8000", "belote.example:8000", "ws"),
        ("HTTP://Belote.Example:8000", "belote.example:8000", "ws"),
        ("https://belote.example", "belote.example", "wss"),
        ("https://play.belote.example", "belote.example", "ws"),
    ],
)
def test_the_sites_own_origin_passes(origin: str, host: str, scheme: str) -> None:
    assert _is_same_origin(scope(origin, host, scheme))


@pytest.mark.parametrize(
    ("origin", "host", "scheme"),
    [
        ("http://belote.example:1", "belote.example:8000", "ws"),
        ("http://localhost:1", "localhost:8000", "ws"),
        ("https://belote.example:8000", "belote.example:8000", "ws"),
        ("http://belote.example", "belote.example", "wss"),
        ("http://evil.example:8000", "evil.example:8000", "ws"),
        ("null", "belote.example:8000", "ws"),
        ("", "belote.example:8000", "ws"),
        ("http://belote.example:8000", "", "ws"),
    ],
)
def test_another_port_scheme_or_host_is_refused(origin: str, host: str, scheme: str) -> None:
    assert not _is_same_origin(scope(origin, host, scheme))
