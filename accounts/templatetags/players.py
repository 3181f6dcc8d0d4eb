"""`{{ user|player }}`: a player's name linked to their profile, with a badge on bots."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from accounts.models import User

register = template.Library()


@register.filter
def player(user: User | None) -> SafeString | str:
    """Name a player the same way on every page, so a bot is never mistaken for a person."""
    if user is None:
        return ""
    url = reverse("player", args=[user.username])
    link = format_html('<a class="player" href="{}">{}</a>', url, user)
    if not user.is_bot:
        return link
    title = _("Computer player (%(level)s)") % {"level": user.get_bot_level_display()}
    # Glued to the name (a no-break space, an inline badge): a line never starts with it.
    return format_html('{}&nbsp;<span class="badge" title="{}">{}</span>', link, title, _("bot"))
