"""Table chat: players talk to everyone, spectators among themselves, nobody floods it."""

from __future__ import annotations

import pytest

from config.errors import ServiceError
from games.models import ChatMessage
from games.services import CHAT_BURST, chat_post
from tests.games.factories import people_table, person

pytestmark = pytest.mark.django_db


def test_players_and_spectators_write_to_their_own_channels() -> None:
    table, users = people_table("bela")
    said = chat_post(table_id=table.pk, user=users[0], text="  good luck  ")
    watched = chat_post(table_id=table.pk, user=person(), text="nice hand")
    assert (said.channel, said.text) == (ChatMessage.Channel.PLAYERS, "good luck")
    assert watched.channel == ChatMessage.Channel.SPECTATORS


def test_a_flood_is_refused() -> None:
    table, users = people_table("bela")
    for i in range(CHAT_BURST):
        chat_post(table_id=table.pk, user=users[1], text=f"line {i}")
    with pytest.raises(ServiceError) as refused:
        chat_post(table_id=table.pk, user=users[1], text="one more")
    assert refused.value.code == "rate_limited"
    assert ChatMessage.objects.filter(user=users[1]).count() == CHAT_BURST


@pytest.mark.parametrize("text", ["", "   ", "x" * 301, None])
def test_empty_or_long_lines_are_refused(text: str | None) -> None:
    table, users = people_table("bela")
    with pytest.raises(ServiceError) as refused:
        chat_post(table_id=table.pk, user=users[0], text=text)
    assert refused.value.code == "invalid"


def test_control_and_format_characters_are_taken_out() -> None:
    # NUL cannot be stored in PostgreSQL text; U+202E would reverse the lines after it.
    table, users = people_table("bela")
    said = chat_post(table_id=table.pk, user=users[0], text="gl\x00\u202e hf\u200b\n")
    assert said.text == "gl hf"
