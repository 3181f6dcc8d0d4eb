"""Demo data for the embedded run: an organizer, rated bots of each level, a sample event."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from accounts.models import User
from accounts.services import user_ensure
from games.choices import BotLevel, Variant
from tournaments.models import Tournament
from tournaments.services import tournament_ensure


@dataclass(frozen=True)
class DemoLogin:
    """A demo account a person can sign in with."""

    username: str
    password: str
    role: str


ORGANIZER = DemoLogin(username="organizer", password="belote-demo", role="organizer, admin")  # noqa: S106
DEMO_LOGINS = (ORGANIZER,)
SAMPLE_TOURNAMENT = "Demo Swiss Cup"


@transaction.atomic
def demo_data_load() -> None:
    """Create the demo accounts and tournament; running it again changes nothing."""
    organizer = user_ensure(
        username=ORGANIZER.username,
        display_name="Demo Organizer",
        password=ORGANIZER.password,
        is_admin=True,
    )
    for level in BotLevel:
        User.bot_account(level=level)
    tournament_ensure(
        name=SAMPLE_TOURNAMENT,
        variant=Variant.BULGARIAN,
        tournament_format=Tournament.Format.SWISS,
        organizer=organizer,
        status=Tournament.Status.REGISTRATION,
    )
