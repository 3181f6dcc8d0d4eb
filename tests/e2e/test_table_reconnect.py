"""A socket cut mid-turn loses nothing: a move clicked meanwhile is sent once it is back, or
refused on screen when the table moved on, and a hand that ended meanwhile is summarized."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from accounts.models import User
from games.models import Table, TableEvent
from games.services import table_create, table_leave, table_pause, table_turn_timeout
from tests.e2e.browser import click_and_wait, current_version, off_the_browser_loop, sign_in
from tests.e2e.screen import covered
from tests.e2e.test_hand_summaries import SOMETHING_TO_DO, play_to_a_summary
from tests.e2e.test_table_play import play_to_the_end
from tests.games.factories import person
from tests.helpers import Server, Worker, artifact_path, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

WAITING = "Reconnecting… your move will be sent."
REFUSED = "The table moved on while you were reconnecting; play again."
TOO_LATE = "Too late: the table moved on before your move reached it."
# The page retries with a backoff of up to 5 s; the way back may take one full wait.
BACK = 15_000
QUIET_SECONDS = float(os.environ.get("QUIET_SOCKET_SECONDS", "50"))


class Cable:
    """Every socket of the page to `path` passes through here, and can be cut and mended, or
    left hanging."""

    def __init__(self, page: Page, path: str = "/ws/tables/") -> None:
        self.cut = False
        self.open: list[WebSocketRoute] = []
        self.hanging: list[WebSocketRoute] = []
        self.lose: Callable[[dict[str, Any]], bool] | None = None
        self.heard: list[str | bytes] = []  # what the server said, in order
        page.route_web_socket(re.compile(re.escape(path)), self._route)

    def _route(self, socket: WebSocketRoute) -> None:
        if self.cut:
            socket.close(code=1011)  # refused: the page stays disconnected and retries
            return
        server = socket.connect_to_server()
        server.on_message(lambda message: self._deliver(socket, message))
        socket.on_message(lambda message: None if socket in self.hanging else server.send(message))
        self.open.append(socket)

    def _deliver(self, socket: WebSocketRoute, message: str | bytes) -> None:
        """Pass a server message on to the page, unless it is the one to lose."""
        if socket in self.hanging:
            return
        self.heard.append(message)
        if self.lose is not None and self.lose(json.loads(message)):
            self.lose = None
            return
        socket.send(message)

    def cut_now(self) -> None:
        self.cut = True
        for socket in self.open:
            socket.close(code=1011)
        self.open.clear()

    def hang_now(self) -> None:
        """The open sockets fall silent both ways and never close, as a sleeping phone's or a
        dropped Wi-Fi's do: the browser still calls them open. New ones pass as before."""
        self.hanging.extend(self.open)
        self.open.clear()

    def mend(self) -> None:
        self.cut = False


@pytest.fixture
def seated(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> Iterator[tuple[Table, User, Cable]]:
    """A person with a bot partner against two bots, their page on its table through a Cable."""
    player = person("reconnecter")
    # Bots paced (a tenth of a second a move): while the person is away, a bot holding their
    # seat must not play out the whole match before the test can pause the table.
    table = off_the_browser_loop(
        table_create,
        creator=player, variant="belote", bot_seats=(1, 2, 3),
        bot_delay_ms=100, trick_pause_ms=0, turn_seconds=600, max_hands=5,
    )  # fmt: skip
    cable = Cable(page)
    sign_in(page.context, asgi_server, player)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    yield table, player, cable


def my_card_turn(page: Page) -> str:
    """Bid (and close summaries) until the person has a card to play; a legal card's code."""
    # A summary may open over cards already dealt (the bots took the contract without them).
    while page.locator("#summary").is_visible() or not page.locator("#hand button.legal").count():
        page.wait_for_function(SOMETHING_TO_DO, timeout=30_000)
        if page.locator("#summary").is_visible():
            page.locator("#summary-close").click()
        elif page.locator("#bidding button").count():
            click_and_wait(page, "#bidding button")
    return page.locator("#hand button.legal").first.get_attribute("data-card") or ""


def cut_and_click(page: Page, cable: Cable, card: str) -> None:
    """Cut the socket, then click the card while the page is disconnected."""
    cable.cut_now()
    expect(page.locator("#connection")).to_have_text("Connection lost; reconnecting…")
    page.locator(f'#hand button[data-card="{card}"]').click()
    expect(page.locator("#connection")).to_have_text(WAITING)


def assert_played_by_the_person(table: Table, version: int, card: str) -> None:
    played = TableEvent.objects.get(table=table, version=version)
    assert (played.kind, played.seat, played.actor) == ("play", 0, "person")
    assert played.payload["play"] == card


def test_a_card_clicked_while_disconnected_is_played_once_the_socket_is_back(
    page: Page, seated: tuple[Table, User, Cable]
) -> None:
    table, _, cable = seated
    page.set_viewport_size({"width": 390, "height": 844})
    card = my_card_turn(page)
    version = current_version(page)
    cut_and_click(page, cable, card)
    # On a phone too, the player sees that the move waits, next to the cards they clicked.
    expect(page.locator("#connection")).to_be_in_viewport()
    page.screenshot(path=artifact_path("table-move-waiting-phone.png"))
    table.refresh_from_db()
    assert table.version == version, "nothing reached the server while cut"
    cable.mend()
    expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(0, timeout=BACK)
    expect(page.locator("#connection")).to_have_text("Connected.")
    expect(page.locator("#error")).to_be_hidden()
    assert_played_by_the_person(table, version + 1, card)


def test_a_card_clicked_on_a_socket_that_died_silently_is_offered_again_on_a_new_one(
    page: Page, seated: tuple[Table, User, Cable]
) -> None:
    """A phone that slept or changed networks keeps a socket its browser still calls open; a
    card tapped on it was lost without a word, the hand put away for good. The page asks the
    socket after each move: unanswered, it opens another and offers the card again."""
    table, _, cable = seated
    card = my_card_turn(page)
    version = current_version(page)
    cable.hang_now()
    page.locator(f'#hand button[data-card="{card}"]').click()
    expect(page.locator("#hand button")).to_have_count(0)  # put away until the table answers
    again = page.locator(f'#hand button.legal[data-card="{card}"]')
    # The page waits 10 s for an answer, then reconnects at once.
    expect(again).to_be_visible(timeout=30_000)
    expect(page.locator("#connection")).to_have_text("Connected.")
    assert len(cable.open) == 1, "on a new socket"
    table.refresh_from_db()
    assert table.version == version, "nothing reached the server on the silent socket"
    again.click()
    expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(0)
    assert_played_by_the_person(table, version + 1, card)


def test_a_player_whose_phone_lost_its_network_is_told_within_seconds(
    page: Page, seated: tuple[Table, User, Cable]
) -> None:
    """Offline, a socket may still look open for minutes: the page asks it at once and, with
    no answer, says the connection is lost, then finds its way back when the network is."""
    _, _, cable = seated
    my_card_turn(page)
    cable.hang_now()
    page.context.set_offline(True)
    # The ping's 10 s wait, not the next regular ping's 25 s as well.
    expect(page.locator("#connection")).to_have_text(
        "Connection lost; reconnecting…", timeout=15_000
    )
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_have_text("Connected.", timeout=BACK)
    expect(page.locator("#hand button.legal").first).to_be_visible()


def test_a_players_page_at_a_quiet_table_keeps_its_one_socket(
    page: Page, seated: tuple[Table, User, Cable]
) -> None:
    """The page pings its socket and gives it up when a ping goes unanswered: a healthy socket
    at a table where nothing happens (a player thinking) answers every ping and is kept, past
    several pings (every 25 s) and their waits (10 s)."""
    table, _, cable = seated
    card = my_card_turn(page)
    quiet_until = time.monotonic() + QUIET_SECONDS
    while time.monotonic() < quiet_until:
        page.wait_for_timeout(1000)  # the quiet itself: the page's timers run meanwhile
        assert len(cable.open) == 1, "the page gave up a healthy socket"
    expect(page.locator("#connection")).to_have_text("Connected.")
    pongs = [m for m in cable.heard if json.loads(m).get("type") == "pong"]
    assert len(pongs) >= QUIET_SECONDS // 25 - 1, "pinged, and answered"
    page.locator(f'#hand button[data-card="{card}"]').click()
    expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(0)
    assert TableEvent.objects.filter(table=table, actor="person", kind="play").count() == 1


def test_a_card_clicked_while_the_table_moved_on_is_refused_on_screen(
    page: Page, seated: tuple[Table, User, Cable]
) -> None:
    table, _, cable = seated
    page.set_viewport_size({"width": 390, "height": 844})
    card = my_card_turn(page)
    version = current_version(page)
    cut_and_click(page, cable, card)
    # The turn runs out meanwhile: the person's bot plays it.
    assert off_the_browser_loop(table_turn_timeout, table_id=table.pk, version=version)
    cable.mend()
    expect(page.locator("#error")).to_have_text(REFUSED, timeout=BACK)
    expect(page.locator("#error")).to_be_in_viewport()
    # Next to the cards, under the felt: over the table it hid the scores, far from the card.
    error, felt = page.locator("#error").bounding_box(), page.locator("#felt").bounding_box()
    hand = page.locator("#hand").bounding_box()
    assert error and felt and hand
    assert felt["y"] + felt["height"] <= error["y"] + 0.5
    assert error["y"] + error["height"] <= hand["y"] + 0.5
    assert covered(page, "#error") == []
    page.screenshot(path=artifact_path("table-move-refused-phone.png"))
    expect(page.locator("#connection")).to_have_text("Connected.")
    played = TableEvent.objects.get(table=table, version=version + 1)
    assert (played.kind, played.seat, played.actor) == ("play", 0, "timeout")
    assert not TableEvent.objects.filter(table=table, actor="person", kind="play").exists()


def test_a_card_clicked_after_the_table_moved_unseen_says_too_late_and_catches_up(
    page: Page, seated: tuple[Table, User, Cable]
) -> None:
    table, _, cable = seated
    card = my_card_turn(page)
    version = current_version(page)
    # The turn runs out and the person's bot plays it, its news lost on the way; the next bot
    # waits long enough that nothing else tells the page the table moved on.
    Table.objects.filter(pk=table.pk).update(bot_delay_ms=600_000)
    cable.lose = lambda message: message.get("version") == version + 1
    assert off_the_browser_loop(table_turn_timeout, table_id=table.pk, version=version)
    page.locator(f'#hand button[data-card="{card}"]').click()
    expect(page.locator("#error")).to_have_text(TOO_LATE)
    # The page fetched the table as it is: the card the bot played for the person has left
    # their hand (they may lead the next trick: a won trick is theirs to lead).
    expect(page.locator("#table-app")).to_have_attribute("data-version", str(version + 1))
    played = TableEvent.objects.get(table=table, version=version + 1)
    assert (played.kind, played.seat, played.actor) == ("play", 0, "timeout")
    expect(page.locator(f'#hand [data-card="{played.payload["play"]}"]')).to_have_count(0)
    assert not TableEvent.objects.filter(table=table, actor="person", kind="play").exists()


def test_a_hand_that_ended_while_disconnected_is_summarized_on_return(
    page: Page, seated: tuple[Table, User, Cable]
) -> None:
    table, player, cable = seated
    my_card_turn(page)
    ends = TableEvent.objects.filter(table=table, kind=TableEvent.Kind.HAND_END)
    ended_before = ends.count()
    cable.cut_now()
    expect(page.locator("#connection")).to_have_text("Connection lost; reconnecting…")
    # A bot holds the seat while the person is away and finishes the hand; then play stops.
    off_the_browser_loop(table_leave, table_id=table.pk, user=player)
    wait_for(lambda: ends.count() > ended_before or None, timeout=60, what="the hand to end")
    off_the_browser_loop(table_pause, table_id=table.pk)
    last = ends.order_by("-version").first()
    assert last is not None
    cable.mend()
    summary = page.locator("#summary")
    expect(summary).to_be_visible(timeout=BACK)
    expect(summary).to_have_attribute("data-hand", str(last.hand))
    points = summary.locator("table.points tr").last.locator("td").all_inner_texts()
    assert points == [str(p) for p in last.payload["result"]["match_score"]]


def test_a_hand_end_lost_on_the_way_is_fetched_again_and_summarized(
    page: Page, seated: tuple[Table, User, Cable]
) -> None:
    table, _, cable = seated
    cable.lose = lambda message: message.get("event", {}).get("kind") == "hand_end"
    number = play_to_a_summary(page, time.monotonic() + 120)
    assert cable.lose is None, "the hand end was lost on the way"
    first = TableEvent.objects.get(table=table, kind=TableEvent.Kind.HAND_END, hand=1)
    points = page.locator("#summary table.points tr").last.locator("td").all_inner_texts()
    assert points == [str(p) for p in first.payload["result"]["match_score"]]
    assert number == 1


def test_a_closed_match_end_screen_stays_closed_after_a_reconnect(
    page: Page, asgi_server: Server, celery_worker: Worker
) -> None:
    player = person("one-hand")
    table = off_the_browser_loop(
        table_create,
        creator=player, variant="belote", bot_seats=(1, 2, 3),
        bot_delay_ms=0, trick_pause_ms=0, turn_seconds=600, max_hands=1,
    )  # fmt: skip
    cable = Cable(page)
    sign_in(page.context, asgi_server, player)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    play_to_the_end(page, "belote", time.monotonic() + 180)
    page.keyboard.press("Escape")
    expect(page.locator("#match-end")).to_be_hidden()
    cable.cut_now()
    expect(page.locator("#connection")).to_have_text("Connection lost; reconnecting…")
    cable.mend()
    expect(page.locator("#connection")).to_have_text("Connected.", timeout=BACK)
    # The snapshot after the reconnect is drawn: the page is at the table's last version.
    table.refresh_from_db()
    expect(page.locator("#table-app")).to_have_attribute("data-version", str(table.version))
    expect(page.locator("#match-end")).to_be_hidden()


def test_a_table_removed_while_watched_says_so_instead_of_reconnecting(
    page: Page, asgi_server: Server
) -> None:
    # A spectator's page of a table since removed (one left waiting for days goes) said
    # "Reconnecting…" for ever: each reconnect was refused as "no such table" and retried.
    host = person("host")
    table = off_the_browser_loop(table_create, creator=host, variant="bela", bot_seats=(1,))
    cable = Cable(page)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    expect(page.locator("#connection")).to_have_text("Connected.")
    off_the_browser_loop(lambda: Table.objects.filter(pk=table.pk).delete())
    cable.cut_now()
    cable.mend()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Page not found", timeout=BACK)
