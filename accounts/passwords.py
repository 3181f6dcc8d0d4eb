"""The site's own password rule: an upper bound, so every password it accepts can sign in."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# What sign-in takes (the API's and the page's password fields); sign-up may not take more.
MAX_PASSWORD_LENGTH = 128


class MaximumLengthValidator:
    """Refuse passwords longer than sign-in accepts (a 1 MB one could never be typed back)."""

    def validate(self, password: str, user: Any = None) -> None:
        """Raise when the password is too long."""
        if len(password) > MAX_PASSWORD_LENGTH:
            raise ValidationError(
                _("This password is too long: at most %(max)d characters."),
                code="password_too_long",
                params={"max": MAX_PASSWORD_LENGTH},
            )

    def get_help_text(self) -> str:
        """What the sign-up page says about it."""
        return _("Your password can have at most %(max)d characters.") % {
            "max": MAX_PASSWORD_LENGTH
        }
