"""The user of a request that only a signed-in user gets through, typed as such."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from rest_framework.request import Request

from accounts.models import User


def signed_in_user(request: HttpRequest | Request) -> User:
    """`request.user` behind `login_required` or `IsAuthenticated`, narrowed to User.

    Django types `request.user` as `User | AnonymousUser` whatever guards the view; this says
    which, and refuses (403) rather than pass an anonymous user on should a guard be missing.
    """
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    return user
