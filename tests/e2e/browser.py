"""What the browser tests share: signing a user in, running a service off the browser's
event loop, clicking a move until the table moves on, and letting the page run until a
condition holds."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.test import Client
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from accounts.models import User
from tests.helpers import Server

T = TypeVar("T")


def off_the_browser_loop(function: Callable[..., T], **kwargs: Any) -> T:
    """Run a service in another thread: Playwright's event loop owns this one, and a service's
    broadcast (async_to_sync) refuses to run beside it."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(function, **kwargs).result()


def person_signing_in_with(username: str, password: str, **fields: Any) -> User:
    """A person who signs in on the server's own sign-in form with `password`: hashed as the
    server checks it (this process hashes test passwords with a cheap hasher it lacks)."""
    hashed = PBKDF2PasswordHasher().encode(password, PBKDF2PasswordHasher().salt())
    return User.objects.create(username=username, password=hashed, **fields)


def sign_in(context: BrowserContext, server: Server, user: User) -> None:
    """Give the browser the user's session cookie."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": server.url}]
    )


def current_version(page: Page) -> int:
    return int(page.locator("#table-app").get_attribute("data-version") or "-1")


def click_and_wait(page: Page, target: str) -> None:
    """Click a move, then wait until the table has moved past the version we saw."""
    before = current_version(page)
    try:
        page.locator(target).first.click(timeout=3_000)
    except PlaywrightTimeoutError:
        # A hand summary opened over the table meanwhile: the caller closes it and retries.
        return
    page.wait_for_function(
        f"Number(document.getElementById('table-app').dataset.version) > {before}"
        " || !document.getElementById('error').hidden",
        timeout=20_000,
    )


def wait_until(page: Page, condition: Callable[[], bool], seconds: float = 30) -> None:
    """Let the page's handlers run until the condition holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        page.wait_for_timeout(50)
