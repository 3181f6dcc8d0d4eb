"""manage.py load_demo_data: idempotent demo accounts and tournament."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.demo import DEMO_LOGINS, demo_data_load


class Command(BaseCommand):
    """Load the demo data and list the logins it provides."""

    help = "Create the demo organizer, rated bots and a sample tournament (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        demo_data_load()
        for login in DEMO_LOGINS:
            self.stdout.write(f"demo login: {login.username} / {login.password} ({login.role})")
