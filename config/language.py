"""The viewer's language: the switch on every page, remembered in a cookie for everyone and on
the profile of a signed-in player (whose choice then follows them to any browser)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts.services import user_language_set

LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Django's set_language (cookie, redirect back), also saved on a signed-in profile."""
    response = set_language(request)
    code = request.POST.get("language", "")
    if code in LANGUAGE_CODES and request.user.is_authenticated:
        user_language_set(user=request.user, language=code)
    return response


def language_of_user(user: object) -> str | None:
    """The language a signed-in player chose, if any."""
    code = getattr(user, "language", "") if getattr(user, "is_authenticated", False) else ""
    return code if code in LANGUAGE_CODES else None


class ProfileLanguageMiddleware:
    """After LocaleMiddleware and authentication: the profile's language wins."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        code = language_of_user(request.user)
        if code and code != request.LANGUAGE_CODE:
            translation.activate(code)
            request.LANGUAGE_CODE = code
        return self.get_response(request)


def language_of_scope(scope: Mapping[str, Any]) -> str:
    """A socket's language, chosen as for a page: profile, then cookie, then Accept-Language."""
    chosen = language_of_user(scope.get("user"))
    if chosen:
        return chosen
    headers = {
        name.decode("latin-1"): value.decode("latin-1") for name, value in scope.get("headers", [])
    }
    cookie = parse_cookie(headers.get("cookie", "")).get(settings.LANGUAGE_COOKIE_NAME)
    if cookie in LANGUAGE_CODES:
        return cookie
    for code, _quality in parse_accept_lang_header(headers.get("accept-language", "")):
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE
