"""Views only a signed-in user gets through: the guard that sends others to sign in, and the
user of such a request, typed as such."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from rest_framework.request import Request

from accounts.models import User

View = Callable[..., HttpResponseBase]


def sign_in_first(view: View) -> View:
    """Django's `login_required`, but a form sent signed out (the session ended in another
    tab, or ran out) comes back, once signed in, to the page it was sent from: the form's own
    address takes no visit, and a browser sent there showed a blank "HTTP ERROR 405"."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.user.is_authenticated:
            return view(request, *args, **kwargs)
        return redirect_to_login(_where_to_return(request))

    return guarded


def _where_to_return(request: HttpRequest) -> str:
    """The page asked for; for a form, the page of this site it was sent from, else the
    lobby."""
    if request.method in ("GET", "HEAD"):
        return request.get_full_path()
    sent_from = request.headers.get("referer", "")
    if url_has_allowed_host_and_scheme(
        sent_from, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        page = urlsplit(sent_from)
        return page.path + (f"?{page.query}" if page.query else "")
    return resolve_url(settings.LOGIN_REDIRECT_URL)


def signed_in_user(request: HttpRequest | Request) -> User:
    """`request.user` behind `sign_in_first` or `IsAuthenticated`, narrowed to User.

    Django types `request.user` as `User | AnonymousUser` whatever guards the view; this says
    which, and refuses (403) rather than pass an anonymous user on should a guard be missing.
    """
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    return user
