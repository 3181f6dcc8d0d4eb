"""The demo data loads once and again without duplicates, with rated bots of every level."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from accounts.models import COMPUTER_RATINGS, Rating, User
from games.choices import BotLevel, Variant
from tournaments.demo import ORGANIZER, SAMPLE_TOURNAMENT
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_demo_data_is_idempotent() -> None:
    call_command("load_demo_data", verbosity=0)
    counts = (User.objects.count(), Rating.objects.count(), Tournament.objects.count())
    call_command("load_demo_data", verbosity=0)
    assert (User.objects.count(), Rating.objects.count(), Tournament.objects.count()) == counts
    assert counts == (1 + len(BotLevel), len(BotLevel) * len(Variant), 1)


def test_organizer_can_sign_in_and_administer() -> None:
    call_command("load_demo_data", verbosity=0)
    organizer = User.objects.get(username=ORGANIZER.username)
    assert organizer.check_password(ORGANIZER.password)
    assert organizer.is_staff and organizer.is_superuser and not organizer.is_bot


def test_every_level_has_a_rated_bot_in_every_rule_set() -> None:
    call_command("load_demo_data", verbosity=0)
    for level in BotLevel:
        bot = User.objects.get(is_bot=True, bot_level=level)
        assert not bot.has_usable_password()
        ratings = {r.variant: r.value for r in bot.ratings.all()}
        assert ratings == COMPUTER_RATINGS[level]


def test_sample_tournament_is_open_for_registration() -> None:
    call_command("load_demo_data", verbosity=0)
    tournament = Tournament.objects.get(name=SAMPLE_TOURNAMENT)
    assert tournament.status == Tournament.Status.REGISTRATION
    assert tournament.organizer.username == ORGANIZER.username


def test_reload_keeps_ratings_that_moved() -> None:
    call_command("load_demo_data", verbosity=0)
    Rating.objects.filter(user__username="bot-hard", variant=Variant.BELA).update(value=1744.0)
    call_command("load_demo_data", verbosity=0)
    assert Rating.objects.get(user__username="bot-hard", variant=Variant.BELA).value == 1744.0
