"""A computer player always has a level and a person never has one."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from accounts.models import Rating, User
from games.choices import BotLevel, Variant

pytestmark = pytest.mark.django_db


def test_bot_without_level_is_refused() -> None:
    with pytest.raises(IntegrityError):
        User.objects.create(username="nameless-bot", is_bot=True, bot_level="")


def test_person_with_level_is_refused() -> None:
    with pytest.raises(IntegrityError):
        User.objects.create(username="dave", is_bot=False, bot_level=BotLevel.HARD)


def test_one_rating_per_rule_set() -> None:
    user = User.objects.create(username="erin")
    Rating.objects.create(user=user, variant=Variant.COINCHE)
    with pytest.raises(IntegrityError):
        Rating.objects.create(user=user, variant=Variant.COINCHE)


def test_new_rating_starts_at_1500() -> None:
    rating = Rating.objects.create(user=User.objects.create(username="frank"), variant="bela")
    assert (rating.value, rating.rated_matches) == (1500.0, 0)


def test_display_name_is_shown_when_set() -> None:
    assert str(User(username="gina", display_name="Gina B.")) == "Gina B."
    assert str(User(username="gina")) == "gina"
