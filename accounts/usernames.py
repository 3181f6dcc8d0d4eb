"""Names the site gives its own accounts: nobody signs up as a guest or a computer player."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# A guest's account (a game against the computer without signing up): `guest-3fa2...`.
GUEST_PREFIX = "guest-"
# The computer player of a level: `bot-hard`.
BOT_PREFIX = "bot-"
# A tournament's computer players: one keeping an absent entry's seat, one filling a table.
STAND_IN_PREFIX = "stand-in-"
FILLER_PREFIX = "filler-"
# A closed account (its person asked for it to go): `closed-17`, shown as "Former player".
CLOSED_PREFIX = "closed-"


def level_account(level: str) -> str:
    """The username of a computer level's own account (`bot-hard`): the one the lobby's games
    seat and ratings measure, apart from a tournament's stand-ins and fillers."""
    return f"{BOT_PREFIX}{level}"


def username_check_not_reserved(username: str) -> None:
    """Refuse a name that would pass for a guest or a computer player, in any case."""
    reserved = (GUEST_PREFIX, BOT_PREFIX, STAND_IN_PREFIX, FILLER_PREFIX, CLOSED_PREFIX)
    if username.casefold().startswith(reserved):
        raise ValidationError(
            _("This name is kept for the site's guests and computer players; choose another."),
            code="username_reserved",
        )


def site_account_name(username: str, level: str) -> str | None:
    """The name of one of the site's own accounts in the active language (None: a person's).

    `level` is a computer player's translated strength. A stored display name keeps the
    language it was made in, so pages ask here each time they show one.
    """
    number = username.rpartition("-")[2]
    if username.startswith(CLOSED_PREFIX):
        return gettext("Former player")
    if username.startswith(GUEST_PREFIX):
        return gettext("Guest")
    if username.startswith(BOT_PREFIX):
        return gettext("Bot (%(level)s)") % {"level": level}
    if username.startswith(STAND_IN_PREFIX) and number.isdigit():
        # Seats count from 0 in the database, from 1 on screen.
        values = {"number": int(number) + 1, "level": level}
        return gettext("Stand-in bot %(number)d (%(level)s)") % values
    if username.startswith(FILLER_PREFIX) and number.isdigit():
        values = {"number": int(number), "level": level}
        return gettext("Table filler %(number)d (%(level)s)") % values
    return None
