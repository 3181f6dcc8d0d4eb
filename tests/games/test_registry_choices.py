"""A rule set or bot level added to its registry is offered at once, with no migration."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from accounts.models import Rating
from games.api import TableCreateSerializer
from games.bots import BOTS
from games.bots.base import RandomBot
from games.forms import NewTableForm
from games.models import Table
from games.rules.variants import VARIANTS
from games.rules.variants.bulgarian import Bulgarian
from tournaments.api import CreateSerializer
from tournaments.models import Tournament


class DummyRules(Bulgarian):
    """A rule set only this test knows."""

    name = "dummy"


class DummyBot(RandomBot):
    """A bot level only this test knows."""

    name = "dummy-level"
    offered = True


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(VARIANTS, DummyRules.name, DummyRules)
    monkeypatch.setitem(BOTS, DummyBot.name, DummyBot)


def _values(choices: Any) -> set[str]:
    return {value for value, _label in choices}


@pytest.mark.usefixtures("registered")
def test_model_fields_offer_what_the_registries_hold() -> None:
    for model in (Table, Tournament):
        assert "dummy" in _values(model._meta.get_field("variant").choices)
        assert "dummy-level" in _values(model._meta.get_field("bot_level").choices)
    assert "dummy" in _values(Rating._meta.get_field("variant").choices)


@pytest.mark.usefixtures("registered")
def test_the_new_table_form_and_api_offer_them() -> None:
    form = NewTableForm()
    assert "dummy" in _values(form.fields["variant"].choices)
    assert "dummy-level" in _values(form.fields["bot_level"].choices)
    fields = TableCreateSerializer().fields
    assert "dummy" in fields["variant"].choices
    assert "dummy-level" in fields["bot_level"].choices
    assert TableCreateSerializer(data={"variant": "dummy", "bot_level": "dummy-level"}).is_valid()
    tournament = CreateSerializer().fields
    assert "dummy" in tournament["variant"].choices
    assert "dummy-level" in tournament["bot_level"].choices


@pytest.mark.django_db
@pytest.mark.usefixtures("registered")
def test_adding_one_needs_no_migration() -> None:
    call_command("makemigrations", "--check", "--dry-run", stdout=StringIO())


def test_once_removed_they_are_offered_no_more() -> None:
    fields = TableCreateSerializer().fields
    assert "dummy" not in fields["variant"].choices
    assert "dummy-level" not in _values(NewTableForm().fields["bot_level"].choices)


def test_the_random_baseline_is_not_offered_to_players() -> None:
    assert "random" in BOTS
    assert "random" not in _values(Table._meta.get_field("bot_level").choices)
