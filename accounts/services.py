"""Writes about accounts."""

from __future__ import annotations

from django.db import transaction

from accounts.models import INITIAL_RATING, Rating, User
from games.choices import BotLevel, Variant


@transaction.atomic
def user_ensure(
    *, username: str, display_name: str, password: str | None, is_admin: bool = False
) -> User:
    """Create a person's account once; a password is set only when the account is created."""
    user, created = User.objects.get_or_create(
        username=username,
        defaults={"display_name": display_name, "is_staff": is_admin, "is_superuser": is_admin},
    )
    if created:
        if password is None:
            user.set_unusable_password()
        else:
            user.set_password(password)
        user.save(update_fields=["password"])
    return user


@transaction.atomic
def bot_ensure(*, level: BotLevel, rating: float = INITIAL_RATING) -> User:
    """Create a rated computer player of a level once, with a rating in every rule set."""
    bot, created = User.objects.get_or_create(
        username=f"bot-{level.value}",
        defaults={"display_name": f"Bot ({level.label})", "is_bot": True, "bot_level": level},
    )
    if created:
        bot.set_unusable_password()
        bot.save(update_fields=["password"])
    for variant in Variant:
        Rating.objects.get_or_create(user=bot, variant=variant, defaults={"value": rating})
    return bot
