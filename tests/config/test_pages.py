"""The home page tells the truth from the database; the API schema and docs are served."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import COMPUTER_RATINGS, User
from games.choices import BotLevel
from games.models import Table
from games.services import table_create_in_lobby, table_leave
from tournaments.demo import SAMPLE_TOURNAMENT, demo_data_load
from tournaments.models import Tournament
from tournaments.tables import stand_in, table_filler

pytestmark = pytest.mark.django_db


def test_home_page_without_data_says_so(client: Client) -> None:
    page = client.get("/").content.decode()
    assert "No tournaments yet." in page
    assert "No computer players yet." in page


def test_home_page_lists_tournaments_and_bots(client: Client) -> None:
    demo_data_load()
    page = client.get("/").content.decode()
    assert SAMPLE_TOURNAMENT in page
    assert '<a href="/players/bot-easy/">Easy</a>' in page
    assert '<a href="/players/bot-hard/">Hard</a>' in page
    assert "No tournaments yet." not in page


def test_home_page_lists_the_computer_levels_weakest_first_not_a_tournaments_stand_ins(
    client: Client,
) -> None:
    # A tournament's stand-ins and table fillers are computer players too: each was a column.
    demo_data_load()
    stand_in(level="hard", seat=2)
    table_filler(level="easy", number=1)
    page = client.get("/").content.decode()
    table = page[page.index('class="bot-ratings"') :]
    table = table[: table.index("</thead>")]
    assert re.findall(r'href="/players/([^/]+)/"', table) == ["bot-easy", "bot-medium", "bot-hard"]


def test_home_page_gives_the_bots_ratings_a_line_per_rule_set(client: Client) -> None:
    """Each bot's line listed every rule set's name beside its number, twelve names for three
    bots; now a rule set's line holds the three ratings, weakest bot first."""
    demo_data_load()
    hard = User.objects.get(username="bot-hard")
    hard.ratings.filter(variant="coinche").update(value=1733.4)
    page = client.get("/").content.decode()
    table = page[page.index('class="bot-ratings"') :]
    table = table[: table.index("</table>")]
    rows = [
        re.sub(r"<[^>]+>", " ", row).split() for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)
    ]
    ratings = {
        " ".join(word for word in row if not word[0].isdigit()): [w for w in row if w[0].isdigit()]
        for row in rows
    }
    heads = "Rule set Easy Medium Hard"
    assert list(ratings) == [heads, "Bulgarian Belot", "Croatian Bela", "French Belote", "Coinche"]
    starts = {level: COMPUTER_RATINGS[level] for level in BotLevel}
    easy, hard = starts[BotLevel.EASY], starts[BotLevel.HARD]
    assert ratings["Coinche"] == [f"{easy['coinche']:,.0f}", "1,500", "1,733"]
    assert ratings["Croatian Bela"] == [f"{easy['bela']:,.0f}", "1,500", f"{hard['bela']:,.0f}"]
    assert table.count("Bulgarian Belot") == 1


def test_openapi_schema_is_served(client: Client) -> None:
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Belote platform API"


def test_api_docs_load_nothing_from_outside(client: Client) -> None:
    page = client.get("/api/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert assets, "the docs page references its assets"
    assert [url for url in assets if re.match(r"(https?:)?//", url)] == []
    for url in assets:
        assert client.get(url).status_code == 200, url


def test_home_page_links_tournaments_players_and_leaderboards(client: Client) -> None:
    demo_data_load()
    page = client.get("/").content.decode()
    tournament = Tournament.objects.get(name=SAMPLE_TOURNAMENT)
    assert f'href="/tournaments/{tournament.pk}/"' in page
    assert 'href="/leaderboards/coinche/"' in page
    bot = User.objects.filter(is_bot=True).first()
    assert bot is not None and f'href="/players/{bot.username}/"' in page


def test_home_page_offers_a_visitor_a_game_against_the_computer_as_a_guest(
    client: Client,
) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'id="quick-play"' in page and 'value="guest"' in page
    assert '<option value="belote" selected>' in page
    choice = {"variant": "belote", "bot_level": "easy", "mode": "guest"}
    response = client.post("/tables/new/", choice)
    table = Table.objects.get()
    assert response["Location"] == f"/tables/{table.pk}/"
    assert table.status == Table.Status.PLAYING and not table.rated


def test_home_page_offers_a_game_against_the_computer_once_signed_in(client: Client) -> None:
    client.force_login(User.objects.create_user(username="newcomer", password="pw-12345678"))
    page = client.get("/").content.decode()
    assert 'id="quick-play"' in page and 'action="/tables/new/"' in page
    response = client.post("/tables/new/", {"variant": "belote", "bot_level": "easy"})
    assert response.status_code == 302
    table = Table.objects.get()
    assert response["Location"] == f"/tables/{table.pk}/"
    assert table.variant == "belote" and table.status == Table.Status.PLAYING


def test_home_page_counts_the_tables_the_lobby_lists_as_live(client: Client) -> None:
    assert "playing now" not in client.get("/").content.decode()
    user = User.objects.create_user(username="player", password="pw-12345678")
    table = table_create_in_lobby(
        opponents="computer", user=user, variant="bela", house_rules={}, bot_level="easy"
    )
    assert "1 table playing now" in client.get("/").content.decode()
    table_leave(table_id=table.pk, user=user)  # gone: a bot holds the seat
    assert "playing now" not in client.get("/").content.decode()
