"""API authentication by `Authorization: Token <key>`, against the stored digests of keys."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.models import ApiToken, User
from accounts.services import token_digest

# Write last_used_at at most this often, so reading the API does not write on every request.
LAST_USED_PRECISION = timedelta(minutes=1)


class ApiTokenAuthentication(TokenAuthentication):
    """DRF's token scheme, with keys looked up by digest and many named tokens per user."""

    def authenticate_credentials(self, key: str) -> tuple[User, ApiToken]:
        """Find the token of this key; an unknown key or a disabled account is refused."""
        try:
            token = ApiToken.objects.select_related("user").get(digest=token_digest(key))
        except ApiToken.DoesNotExist:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        now = timezone.now()
        stale = Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - LAST_USED_PRECISION)
        ApiToken.objects.filter(stale, pk=token.pk).update(last_used_at=now)
        return token.user, token
