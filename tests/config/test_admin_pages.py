"""The admin's forms stay small however many players and tables there are: a foreign key shown
as a drop-down listed every user (or table) of the site, four times on a table's page, which a
support desk could not open once the site had grown."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import Client

from accounts.models import User
from tests.accounts.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

CROWD = 120


def test_no_admin_form_lists_every_user() -> None:
    User.objects.bulk_create(
        User(username=f"crowd{n}", display_name=f"Player {n}") for n in range(CROWD)
    )
    make_user("desk", is_staff=True, is_superuser=True)
    desk = Client()
    desk.login(username="desk", password=PASSWORD)
    checked, crowded = [], []
    for model in admin.site._registry:
        meta = model._meta
        page = desk.get(f"/admin/{meta.app_label}/{meta.model_name}/add/")
        if page.status_code == 403:  # a log, added to by the site only
            continue
        assert page.status_code == 200, meta.label
        checked.append(meta.label)
        if page.content.decode().count("<option") >= CROWD:
            crowded.append(meta.label)
    assert {"games.Table", "games.Match", "tournaments.Tournament"} <= set(checked)
    assert crowded == []

    # A player is picked by searching, by the name the players know them by.
    found = desk.get(
        "/admin/autocomplete/",
        {"app_label": "games", "model_name": "seat", "field_name": "user", "term": "Player 17"},
    )
    assert "Player 17" in [hit["text"] for hit in found.json()["results"]]
