"""An account's match against the computer is rated, as the lobby promises ("Sign in to be
rated"): it never was, so no one who played the computer ever got a rating. The computer
players are the yardstick: their ratings start where their matches measured them, by level and
rule set, and never move."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import (
    COMPUTER_RATINGS,
    Rating,
    RatingChange,
    User,
)
from games.choices import BotLevel, Variant
from games.services import table_create_in_lobby, table_end, table_quit
from tests.games.factories import person

pytestmark = pytest.mark.django_db


def test_an_accounts_match_against_the_computer_is_rated_a_guests_or_a_peoples_table_not() -> None:
    player = person()
    assert table_create_in_lobby(user=player, opponents="computer", variant="belote").rated
    assert not table_create_in_lobby(user=player, opponents="open", variant="belote").rated
    short = table_create_in_lobby(user=player, opponents="computer", variant="bela", max_hands=1)
    assert not short.rated, "a match of one deal is not a match the rating counts"
    guest = User.guest_account()
    assert not table_create_in_lobby(user=guest, opponents="computer", variant="belote").rated


def test_conceding_to_the_computer_costs_the_person_rating_and_moves_no_computer() -> None:
    player = person()
    User.bot_account(level=BotLevel.HARD, rating=1700.0)
    table = table_create_in_lobby(
        user=player, opponents="computer", variant="coinche", bot_level=BotLevel.HARD
    )
    table_quit(table_id=table.pk, user=player)  # the last person leaving concedes
    change = RatingChange.objects.get()
    assert change.user == player and change.after < change.before == 1500.0
    # Team (1500 + 1700) / 2 = 1600 lost to 1700: K 40 x (0 - 0.359935).
    assert change.after == pytest.approx(1485.6026, abs=1e-4)
    bot = User.bot_account(level=BotLevel.HARD)
    assert Rating.objects.get(user=bot, variant="coinche").value == 1700.0


@pytest.mark.parametrize("variant", Variant.values)
def test_the_computer_players_start_at_their_measured_ratings_without_demo_data(
    variant: str,
) -> None:
    # A site run without the demo data made every level 1500: no yardstick at all.
    starts = [
        Rating.objects.get(user=User.bot_account(level=level), variant=variant).value
        for level in BotLevel
    ]
    assert starts == [COMPUTER_RATINGS[level][variant] for level in BotLevel]
    assert starts[0] < starts[1] == 1500.0 < starts[2], "weakest first; medium, a new person's"


def test_play_again_is_rated_too(client: Client) -> None:
    player = person()
    client.force_login(player)
    table = table_create_in_lobby(user=player, opponents="computer", variant="bela")
    table_end(table_id=table.pk, reason="Over.", score=[1001, 0])
    response = client.post(f"/tables/{table.pk}/again/")
    again = int(response["Location"].rstrip("/").rsplit("/", 1)[1])
    assert again != table.pk and player.seats.get(table_id=again).table.rated


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Your rating is now 1,486 (-14.4)."),
        ("bg", "Рейтингът ви вече е 1\xa0486 (-14,4)."),
    ],
)
def test_leaving_a_rated_match_says_on_the_lobby_what_it_cost(
    client: Client, language: str, words: str
) -> None:
    # The table's match end says it; a person who left never saw that page again.
    player = person()
    client.force_login(player)
    client.cookies["django_language"] = language
    User.bot_account(level=BotLevel.HARD, rating=1700.0)
    table = table_create_in_lobby(
        user=player, opponents="computer", variant="coinche", bot_level=BotLevel.HARD
    )
    response = client.post(f"/tables/{table.pk}/leave/", follow=True)
    assert response.request["PATH_INFO"] == "/tables/"
    notices = [str(m) for m in response.context["messages"]]
    assert len(notices) == 1 and notices[0].endswith(words)


def test_leaving_an_unrated_match_says_nothing_of_a_rating(client: Client) -> None:
    player = person()
    client.force_login(player)
    table = table_create_in_lobby(user=player, opponents="computer", variant="bela", max_hands=3)
    response = client.post(f"/tables/{table.pk}/leave/", follow=True)
    assert not list(response.context["messages"])


def test_the_lobby_says_what_a_rated_match_against_the_computer_puts_at_stake(
    client: Client,
) -> None:
    # A person choosing a level saw nothing of what a win or a loss would do to their rating.
    player = person()
    Rating.objects.create(user=player, variant="coinche", value=1480.0, rated_matches=25)
    stakes = {(s["variant"], s["level"]): s for s in player.computer_match_stakes()}
    assert len(stakes) == len(Variant.values) * len(BotLevel)
    hard = stakes["coinche", "hard"]
    assert hard["rating"] == 1480.0 and hard["win"] > 0 > hard["loss"]
    assert hard["win"] - hard["loss"] == pytest.approx(20.0), "an established rating: K 20"
    # What the lobby promises is what conceding then costs.
    table = table_create_in_lobby(
        user=player, opponents="computer", variant="coinche", bot_level=BotLevel.HARD
    )
    table_quit(table_id=table.pk, user=player)
    assert RatingChange.objects.get(user=player).delta == pytest.approx(hard["loss"])

    client.force_login(player)
    page = client.get("/tables/").content.decode()
    shown = re.findall(r'<p class="stake"[^>]*>([^<]*)</p>', page)
    assert len(shown) == len(stakes) and f"+{round(hard['win'])} if you win" in page
    assert re.search(r'<p class="stake" data-variant="bela" data-level="easy">Rated', page)


@pytest.mark.parametrize("who", ["nobody", "guest"])
def test_the_lobby_puts_no_rating_at_stake_for_a_guest(client: Client, who: str) -> None:
    if who == "guest":
        client.force_login(User.guest_account())
    assert 'class="stake"' not in client.get("/tables/").content.decode()
