"""Signing up and signing in speak the visitor's language, Django's own words included (its
Croatian catalog lacks the password rules and the username's help) and the sign-in guard's
refusals."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from accounts.django_words import DJANGO_WORDS
from accounts.login_guard import InvalidCredentials, LoginThrottled
from tests.accounts.factories import make_user
from tests.i18n.catalogs import LANGUAGES
from tests.i18n.test_pages_in_every_language import visible_text

pytestmark = pytest.mark.django_db

ENGLISH = [w for w in DJANGO_WORDS if "%(" not in w] + [InvalidCredentials().message]


@pytest.mark.parametrize("language", LANGUAGES)
def test_signing_up_and_in_shows_no_english(client: Client, language: str) -> None:
    make_user("taken")
    pages = [
        client.get("/accounts/register/", HTTP_ACCEPT_LANGUAGE=language),
        client.post(
            "/accounts/register/",
            {"username": "a b", "password1": "12345678", "password2": "1234567"},
            HTTP_ACCEPT_LANGUAGE=language,
        ),
        client.post(
            "/accounts/login/",
            {"username": "taken", "password": "not-the-password"},
            HTTP_ACCEPT_LANGUAGE=language,
        ),
    ]
    shown = " ".join(visible_text(page.content.decode()) for page in pages)
    assert [english for english in ENGLISH if english in shown] == []
    with translation.override(language):
        assert InvalidCredentials().message in shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_throttled_sign_in_says_how_long_in_the_language(language: str) -> None:
    throttled = LoginThrottled(retry_after=301)
    assert str(throttled) == "Too many failed sign-ins; try again in 6 minutes."
    with translation.override(language):
        message = throttled.message
    assert "6" in message and "sign-ins" not in message
