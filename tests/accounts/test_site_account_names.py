"""The site's own accounts (guests, computer players) are named in the viewer's language.

Their stored display names keep the language they were made in: before, a Bulgarian lobby
listed "Guest, Bot (Easy)" in English.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from accounts.models import User
from games.choices import BotLevel
from tests.accounts.factories import make_user
from tournaments.tables import stand_in, table_filler

pytestmark = pytest.mark.django_db


def names() -> list[str]:
    return [
        str(User.guest_account()),
        str(User.bot_account(level=BotLevel.HARD)),
        str(stand_in(level="medium", seat=2)),
        str(table_filler(level="easy", number=1)),
    ]


def test_each_viewer_reads_them_in_their_own_language_whatever_they_were_made_in() -> None:
    with translation.override("fr"):
        made_in_french = names()
    assert made_in_french == [
        "Invité", "Robot (Difficile)", "Robot remplaçant 3 (Moyen)",
        "Complément de table 1 (Facile)",
    ]  # fmt: skip
    with translation.override("bg"):
        assert names() == [
            "Гост", "Бот (Трудно)", "Заместващ бот 3 (Средно)", "Запълващ бот 1 (Лесно)",
        ]  # fmt: skip
    with translation.override("en"):
        assert names() == [
            "Guest", "Bot (Hard)", "Stand-in bot 3 (Medium)", "Table filler 1 (Easy)",
        ]  # fmt: skip


def test_a_person_keeps_the_name_they_chose() -> None:
    ann = make_user("ann")
    ann.display_name = "Ana Bot"
    with translation.override("bg"):
        assert str(ann) == "Ana Bot"


def test_a_bulgarian_lobby_names_the_guest_in_bulgarian_and_the_bots_as_the_table_does() -> None:
    client = Client(headers={"accept-language": "bg"})
    client.post("/tables/new/", {"variant": "bulgarian", "bot_level": "easy", "mode": "guest"})
    page = client.get("/tables/").content.decode()
    assert "Гост, Boris" in page and "Chloé" in page and "Dario" in page
    assert "Guest" not in page and "Bot (" not in page
