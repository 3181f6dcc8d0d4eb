"""The pages of a person's account and identity: a guest (a game against the computer without
signing up) is sent to open an account first, their games coming along."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from accounts.models import User
from config.signed_in import sign_in_first


def is_guest(request: HttpRequest) -> bool:
    """Whether the request comes from a guest's session."""
    return isinstance(request.user, User) and request.user.is_guest


def person_required(
    view: Callable[..., HttpResponseBase],
) -> Callable[..., HttpResponseBase]:
    """Sign-in required, and not as a guest: a guest's account has no password, profile or
    tokens, and no name to enter or organize an event under."""

    @wraps(view)
    @sign_in_first
    def for_a_person(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if is_guest(request):
            messages.info(request, _("You are playing as a guest: create an account first."))
            return redirect("register")
        return view(request, *args, **kwargs)

    return for_a_person
