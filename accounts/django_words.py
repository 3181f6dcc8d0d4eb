"""Django's own words our account pages show that its Croatian catalog leaves untranslated
(Django 5.2: the username's help and checks, the password rules). Marked here, they are in
our catalogs, which come first (LOCALE_PATHS): Croatian gets our translation, the other
languages Django's own wording."""

from __future__ import annotations

from django.utils.translation import gettext_noop

DJANGO_WORDS = (
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ "
        "characters."
    ),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("The two password fields didn’t match."),
    gettext_noop("This password is too common."),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
)
