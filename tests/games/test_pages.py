"""The lobby, the one-click game against the computer, the table page and hand replays."""

from __future__ import annotations

import json
import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from games.models import Seat, Table, TableEvent
from games.services import table_create, table_leave, table_quit, table_seat_back
from tests.games.factories import bot_table, people_table, person, play_bots_to_end

pytestmark = pytest.mark.django_db


def test_the_lobby_offers_every_rule_set_and_its_house_rules(client: Client) -> None:
    client.force_login(person())
    page = client.get("/tables/").content.decode()
    for label in ("Bulgarian Belot", "Croatian Bela", "French Belote", "Coinche"):
        assert label in page
    assert 'name="bela__target"' in page and 'name="belote__undertrump"' in page
    assert "Play against the computer" in page


def offered_rule_set(page: str) -> str:
    """The rule set the lobby's game against the computer has chosen."""
    select = re.search(r'<select name="variant".*?</select>', page, re.S)
    assert select is not None
    chosen = re.findall(r'<option value="(\w+)"[^>]*selected', select.group(0))
    assert len(chosen) == 1
    return chosen[0]


@pytest.mark.parametrize(
    ("language", "rule_set"),
    [("bg", "bulgarian"), ("hr", "bela"), ("fr", "belote"), ("en", "bela")],
)
def test_the_lobby_offers_first_the_rule_set_of_the_visitors_language(
    client: Client, language: str, rule_set: str
) -> None:
    page = client.get("/tables/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert offered_rule_set(page) == rule_set
    leaderboard = client.get("/leaderboards/", HTTP_ACCEPT_LANGUAGE=language)["Location"]
    assert leaderboard == f"/leaderboards/{'bulgarian' if language == 'en' else rule_set}/"


def test_the_lobby_offers_first_the_rule_set_a_player_chose_whatever_the_language(
    client: Client,
) -> None:
    player = person("coincheur")
    player.preferred_variant = "coinche"
    player.save()
    client.force_login(player)
    page = client.get("/tables/", HTTP_ACCEPT_LANGUAGE="hr").content.decode()
    assert offered_rule_set(page) == "coinche"


def test_one_click_seats_the_player_with_three_bots_and_deals(client: Client) -> None:
    player = person()
    client.force_login(player)
    response = client.post(
        "/tables/new/",
        {"variant": "belote", "bot_level": "medium", "belote__target": "1000", "mode": "computer"},
    )
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    assert table.status == Table.Status.PLAYING
    assert table.house_rules == {"target": 1000}
    seats = list(Seat.objects.filter(table=table).select_related("user"))
    assert seats[0].user == player
    assert all(s.user.is_bot and s.user.bot_level == "medium" for s in seats[1:])
    assert TableEvent.objects.filter(table=table, kind="deal").count() == 1


def test_an_open_table_waits_and_the_fourth_person_starts_it(client: Client) -> None:
    host = person()
    client.force_login(host)
    client.post("/tables/new/", {"variant": "bulgarian", "bot_level": "easy", "mode": "open"})
    table = Table.objects.get()
    assert table.status == Table.Status.OPEN
    for _ in range(3):
        guest = Client()
        guest.force_login(person())
        assert "Take a seat" in guest.get(f"/tables/{table.pk}/").content.decode()
        guest.post(f"/tables/{table.pk}/join/")
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_signed_out_visitors_cannot_create_tables(client: Client) -> None:
    response = client.post("/tables/new/", {"variant": "bela", "bot_level": "easy"})
    assert response.status_code == 302 and "/login" in response["Location"]
    assert not Table.objects.exists()


def test_anyone_can_watch_a_table_page(client: Client) -> None:
    table = bot_table()
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "You are watching." in page and 'data-seat=""' in page


def test_a_finished_hand_replays_step_by_step(client: Client) -> None:
    table = play_bots_to_end(bot_table("bela", target=501))
    listing = client.get(f"/tables/{table.pk}/hands/").content.decode()
    assert f"/tables/{table.pk}/hands/1/?step=0" in listing
    page = client.get(f"/tables/{table.pk}/hands/1/?step=0")
    frames = json.loads(
        re.search(r'id="replay-frames"[^>]*>(.*?)</script>', page.content.decode()).group(1)
    )
    assert frames[0]["action"] is None and frames[-1]["view"]["result"] is not None
    assert all(len(frame["hands"]) == 4 for frame in frames)
    assert client.get(f"/tables/{table.pk}/hands/99/").status_code == 404


@pytest.mark.parametrize(
    ("language", "link"),
    [("hr", "Ponovi partiju 1"), ("fr", "Revoir la donne 1"), ("bg", "Преглед на раздаване 1")],
)
def test_each_hands_replay_link_is_named_in_one_sentence(
    client: Client, language: str, link: str
) -> None:
    # Two messages put side by side: "Ponovi partija 1" (the noun's case wrong in Croatian),
    # "Revoir donne 1".
    table = play_bots_to_end(bot_table("bela", target=501))
    listing = client.get(f"/tables/{table.pk}/hands/", HTTP_ACCEPT_LANGUAGE=language)
    assert f'aria-label="{link}"' in listing.content.decode()


def test_the_hand_list_says_each_contract_in_words_to_a_screen_reader(client: Client) -> None:
    # "100 ♠ ×2": a screen reader may skip the sign, or read it in another language.
    table = play_bots_to_end(bot_table("coinche", target=1000))
    listing = client.get(f"/tables/{table.pk}/hands/").content.decode()
    body = listing.split("<tbody>")[1].split("</tbody>")[0]
    heard = re.sub(r'<span aria-hidden="true">.*?</span>', "", body)
    assert re.search("[♣♦♥♠]", body) and not re.search("[♣♦♥♠×]", heard)
    assert re.search(r'class="visually-hidden">\d+ (Clubs|Diamonds|Hearts|Spades)', heard)


@pytest.mark.parametrize(
    ("language", "contract", "heard"),
    [
        ("en", {"bid": "100 spades", "multiplier": 2}, "100 Spades Coinche"),
        ("fr", {"bid": "capot hearts", "multiplier": 4}, "Capot Cœur Surcoinche"),
        ("bg", {"bid": "110 clubs", "multiplier": 2}, "110 Спатия Контра"),
    ],
)
def test_a_doubled_contract_is_heard_as_its_call(
    language: str, contract: dict[str, object], heard: str
) -> None:
    template = Template("{% load game_words %}{% contract_words contract 'coinche' %}")
    with translation.override(language):
        html = template.render(Context({"contract": contract}))
    assert f'<span class="visually-hidden">{heard}</span>' in html, html
    assert re.search(r'<span aria-hidden="true">[^<]*[♣♦♥♠] ×\d</span>', html), html


def test_the_hand_in_progress_cannot_be_replayed(client: Client) -> None:
    table = bot_table("bela")
    assert client.get(f"/tables/{table.pk}/hands/1/").status_code == 404


def test_the_lobby_lists_as_live_only_tables_where_a_person_plays(client: Client) -> None:
    player = person("stayer")
    table = table_create(creator=player, variant="bela", bot_seats=(1, 2, 3), turn_seconds=3600)
    computers_only = bot_table()

    def listed_live() -> set[int]:
        page = client.get("/tables/").content.decode()
        section = page.split("Live tables")[1].split("Recently finished")[0]
        return {int(pk) for pk in re.findall(r'href="/tables/(\d+)/"', section)}

    assert listed_live() == {table.pk}
    table_leave(table_id=table.pk, user=player)  # a bot holds the seat until they come back
    assert listed_live() == set()
    assert table_seat_back(table_id=table.pk, user=player)
    assert listed_live() == {table.pk}
    table_quit(table_id=table.pk, user=player)
    assert listed_live() == set()
    assert computers_only.status == Table.Status.PLAYING


def test_the_lobby_names_who_played_a_finished_match_not_who_took_their_seat(
    client: Client,
) -> None:
    # Its "Recently finished" list named four computer players for a match a person conceded.
    player = person("conceder")
    table = table_create(creator=player, variant="bela", bot_seats=(1, 2, 3), turn_seconds=3600)
    table_quit(table_id=table.pk, user=player)
    page = client.get("/tables/").content.decode()
    finished = page.split("Recently finished")[1]
    row = re.search(rf"<tr>(?:(?!</tr>).)*/tables/{table.pk}/.*?</tr>", finished, re.S).group(0)
    assert re.search(r"conceder, Boris&nbsp;<span[^>]*>bot</span>, Chloé", row)
    assert "Ana" not in row


def test_leaving_says_whether_the_match_ends_or_a_computer_plays_on(client: Client) -> None:
    alone = person()
    client.force_login(alone)
    table = table_create(creator=alone, variant="bela", bot_seats=(1, 2, 3))
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "The match ends here" in page and "A computer player takes your seat" not in page
    shared, people = people_table("bela")
    client.force_login(people[0])
    page = client.get(f"/tables/{shared.pk}/").content.decode()
    assert "A computer player takes your seat" in page and "The match ends here" not in page


def test_a_signed_out_spectator_is_told_how_to_chat(client: Client) -> None:
    # The box showed only "Mute chat": no way to write, and no word why.
    table, _ = people_table()
    page = client.get(f"/tables/{table.pk}/").content.decode()
    chat = page.split('id="chat"')[1]
    assert f'href="/accounts/login/?next=/tables/{table.pk}/">Sign in to chat.</a>' in chat
    client.force_login(person())
    assert "Sign in to chat." not in client.get(f"/tables/{table.pk}/").content.decode()


def test_a_person_alone_with_computers_gets_no_chat_box(client: Client) -> None:
    # Spectators' lines never reach players, so nobody could ever answer them.
    alone = person()
    client.force_login(alone)
    table = table_create(creator=alone, variant="bela", bot_seats=(1, 2, 3))
    assert 'id="chat"' not in client.get(f"/tables/{table.pk}/").content.decode()
    client.force_login(person())
    watching = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'id="chat"' in watching and 'id="chat-form"' in watching
    shared, people = people_table("bela")
    client.force_login(people[1])
    assert 'id="chat-form"' in client.get(f"/tables/{shared.pk}/").content.decode()


def test_the_lobby_leads_a_person_back_to_their_unfinished_tables(client: Client) -> None:
    player = person("returner")
    client.force_login(player)
    assert "Your tables" not in client.get("/tables/").content.decode()
    table = table_create(creator=player, variant="bela", bot_seats=(1, 2, 3), turn_seconds=3600)
    table_leave(table_id=table.pk, user=player)  # gone: no longer listed as live
    page = client.get("/tables/").content.decode()
    mine = page.split("Your tables")[1].split("Open tables")[0]
    assert f'href="/tables/{table.pk}/"' in mine and "Play" in mine
    other = Client()
    other.force_login(person())
    assert "Your tables" not in other.get("/tables/").content.decode()
    table_quit(table_id=table.pk, user=player)
    assert "Your tables" not in client.get("/tables/").content.decode(), "no seat, no way back"
