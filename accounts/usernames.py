"""Names the site gives its own accounts: nobody signs up as a guest or a computer player."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# A guest's account (a game against the computer without signing up): `guest-3fa2...`.
GUEST_PREFIX = "guest-"
# The computer player of a level: `bot-hard`.
BOT_PREFIX = "bot-"
# A tournament's computer players: one keeping an absent entry's seat, one filling a table.
STAND_IN_PREFIX = "stand-in-"
FILLER_PREFIX = "filler-"


def username_check_not_reserved(username: str) -> None:
    """Refuse a name that would pass for a guest or a computer player, in any case."""
    if username.casefold().startswith((GUEST_PREFIX, BOT_PREFIX, STAND_IN_PREFIX, FILLER_PREFIX)):
        raise ValidationError(
            _("This name is kept for the site's guests and computer players; choose another."),
            code="username_reserved",
        )
