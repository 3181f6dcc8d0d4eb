"""Players' pages with rating charts, leaderboards per rule set, and the bot badge everywhere."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from accounts.models import User
from accounts.services import match_rate
from games.choices import BotLevel
from games.models import Match
from tests.accounts.factories import finished_match, make_user, rate

pytestmark = pytest.mark.django_db


def test_player_page_draws_the_rating_history_as_inline_svg() -> None:
    players = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    for winner in (0, 0, 1):
        match_rate(match_id=finished_match(players, winner_team=winner).pk)
    page = Client().get("/players/ann/").content.decode()
    svg = re.search(r"<svg class=\"rating-chart\".*?</svg>", page, re.S).group(0)
    assert "French Belote rating of ann over 3 matches" in svg
    points = re.search(r'<polyline class="line" points="([^"]+)"', svg).group(1).split()
    assert len(points) == 4  # the starting 1500, then one point per match
    scripts = re.findall(r"<script[^>]*>", page)
    site_wide = ("menu.js", "forms.js")
    assert all(any(n in s for n in site_wide) for s in scripts), "drawn without a script"
    assert "http" not in svg.replace("http://www.w3.org", "")
    assert "provisional" in page


def test_the_chart_is_named_in_the_viewers_language() -> None:
    # A screen reader read "Belote française rating of ann over 1 matches" to a French viewer.
    players = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    match_rate(match_id=finished_match(players, winner_team=0).pk)
    client = Client()
    client.cookies["django_language"] = "fr"
    page = client.get("/players/ann/").content.decode()
    assert 'aria-label="Classement de ann en Belote classique sur 1 match"' in page
    english = Client().get("/players/ann/").content.decode()
    assert 'aria-label="French Belote rating of ann over 1 match"' in english


def test_player_page_of_an_unknown_player_is_404() -> None:
    assert Client().get("/players/nobody/").status_code == 404


def test_player_without_matches_says_so() -> None:
    make_user("ann")
    assert "No rated matches yet." in Client().get("/players/ann/").content.decode()


def test_leaderboard_ranks_best_first_and_marks_provisional() -> None:
    rate(make_user("low"), "bela", 1400, 30)
    rate(make_user("high"), "bela", 1650, 5)
    rate(make_user("other"), "coinche", 1900, 30)
    page = Client().get("/leaderboards/bela/").content.decode()
    assert page.index(">high<") < page.index(">low<")
    assert ">other<" not in page
    rows = re.findall(r"<tr>.*?</tr>", page, re.S)
    assert "provisional" in rows[1] and "provisional" not in rows[2]


def test_leaderboard_is_paginated() -> None:
    for index in range(51):
        rate(make_user(f"p{index:02}"), "belote", 1000 + index, 3)
    first = Client().get("/leaderboards/belote/").content.decode()
    second = Client().get("/leaderboards/belote/?page=2").content.decode()
    assert "Page 1 of 2" in first and ">p50<" in first
    assert ">p00<" in second and ">p50<" not in second


def test_the_leaderboard_names_its_rule_set_among_the_others_for_a_screen_reader() -> None:
    page = Client().get("/leaderboards/coinche/").content.decode()
    assert '<nav class="tabs" aria-label="Rule sets">' in page
    assert '<strong aria-current="page">Coinche</strong>' in page
    assert 'href="/leaderboards/bela/"' in page


def test_unknown_rule_set_leaderboard_is_404() -> None:
    assert Client().get("/leaderboards/chess/").status_code == 404


def test_leaderboards_index_opens_the_preferred_rule_set() -> None:
    client = Client()
    client.force_login(make_user("ann", preferred_variant="coinche"))
    assert client.get("/leaderboards/")["Location"] == "/leaderboards/coinche/"
    assert Client().get("/leaderboards/")["Location"] == "/leaderboards/bulgarian/"


def test_bots_carry_a_badge_and_people_do_not() -> None:
    bot = User.bot_account(level=BotLevel.MEDIUM)
    person = make_user("ann")
    template = Template("{% load players %}{{ bot|player }} / {{ person|player }}")
    html = template.render(Context({"bot": bot, "person": person}))
    assert html == (
        '<a class="player" href="/players/bot-medium/">Bot (Medium)</a>&nbsp;'  # never a line apart
        '<span class="badge" title="Computer player (Medium)">bot</span>'
        ' / <a class="player" href="/players/ann/">ann</a>'
    )


def test_the_bot_badge_speaks_the_viewers_language() -> None:
    bot = User.bot_account(level=BotLevel.MEDIUM)
    with translation.override("fr"):
        html = Template("{% load players %}{{ bot|player }}").render(Context({"bot": bot}))
    assert '<span class="badge" title="Joueur ordinateur (Moyen)">robot</span>' in html


def test_bot_badge_shows_on_leaderboards_and_profiles() -> None:
    User.bot_account(level=BotLevel.HARD, rating=1700)
    assert ">bot</span>" in Client().get("/leaderboards/bela/?show=all").content.decode()
    assert ">bot</span>" in Client().get("/players/bot-hard/").content.decode()


def test_display_names_are_escaped() -> None:
    rate(make_user("mallory", display_name="<script>x</script>"), "bela", 1500, 3)
    page = Client().get("/leaderboards/bela/").content.decode()
    assert "<script>x" not in page and "&lt;script&gt;x" in page


def test_recent_matches_link_to_their_replays() -> None:
    players = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    rated = finished_match(players, winner_team=0)
    match_rate(match_id=rated.pk)
    friendly = finished_match(players, winner_team=1, rated=False)
    page = Client().get("/players/ann/").content.decode()
    rows = re.findall(r"<tr>\s*<td[^>]*>\d.*?</tr>", page, re.S)  # dates in the viewer's locale
    assert len(rows) == 2
    newest, oldest = rows
    assert "Lost" in newest and "unrated" in newest
    assert f'href="/tables/{friendly.table_id}/hands/"' in newest
    assert "Won" in oldest and "1,520 (+20)" in oldest
    assert f'href="/tables/{rated.table_id}/hands/"' in oldest
    assert '<a class="player" href="/players/cat/">cat</a>' in oldest  # the partner
    assert Client().get(f"/tables/{rated.table_id}/hands/").status_code == 200


def test_a_computer_player_in_three_seats_lists_the_match_once() -> None:
    # Every game against the computer seats one computer account three times: its page listed
    # each of those matches three times.
    bot = User.bot_account(level=BotLevel.EASY)
    finished_match([make_user("ann"), bot, bot, bot], winner_team=1)
    page = Client().get("/players/bot-easy/").content.decode()
    rows = re.findall(r"<tr>\s*<td[^>]*>\d.*?</tr>", page, re.S)
    assert len(rows) == 1
    # Its side is the one where it held two seats; it is neither with nor against itself.
    assert re.search(
        r'"With">—</td>\s*<td data-label="Against">'
        r'<a class="player" href="/players/ann/">ann</a></td>',
        rows[0],
    )
    assert "Won" in rows[0]
    # The match was rated (for ann) and left the yardstick where it was.
    assert '"Rating"><span class="muted">rated</span>' in rows[0]
    assert "0 rated matches" not in page and "move only the people's ratings" in page
    measured = "measured by matches between the computer levels (medium at a new player's 1,500)"
    assert measured in page
    # Its rating is the yardstick, never "provisional", here or on a leaderboard.
    assert "provisional" not in page
    assert "provisional" not in Client().get("/leaderboards/belote/?show=all").content.decode()


def test_a_match_that_ended_level_is_not_called_lost() -> None:
    players = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    match = finished_match(players, winner_team=0, rated=False)
    Match.objects.filter(pk=match.pk).update(winner_team=None)  # a time limit ends it level
    page = Client().get("/players/ann/").content.decode()
    row = re.search(r"<tr>\s*<td[^>]*>\d.*?</tr>", page, re.S).group(0)
    assert "Drawn" in row and "Lost" not in row


def test_leaderboards_show_people_with_enough_matches_unless_asked_for_everyone() -> None:
    User.bot_account(level=BotLevel.HARD, rating=1700)
    rate(make_user("regular"), "bela", 1520, 12)
    rate(make_user("newcomer"), "bela", 1600, 1)
    page = Client().get("/leaderboards/bela/").content.decode()
    assert ">regular<" in page and ">newcomer<" not in page and "Bot (Hard)" not in page
    assert "People with at least 3 rated matches." in page
    everyone = Client().get("/leaderboards/bela/?show=all").content.decode()
    rows = re.findall(r"<tr>.*?</tr>", everyone, re.S)
    bot_row = next(row for row in rows if "Bot (Hard)" in row)
    assert "<td>0</td>" in bot_row, "a bot shows its real count of rated matches"
    assert ">newcomer<" in everyone
    api = Client().get("/api/leaderboards/bela/").json()["results"]
    assert [row["player"]["username"] for row in api] == ["regular"]


def test_an_empty_leaderboard_says_how_to_get_on_it() -> None:
    page = Client().get("/leaderboards/coinche/").content.decode()
    assert "No rated players in this rule set yet." in page
    assert "matches against the computer are rated" in page
