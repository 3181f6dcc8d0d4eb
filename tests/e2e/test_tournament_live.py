"""Players are told when to play: "your table is ready" reaches them on any page (the lobby
takes them to it), and a tournament page updates itself when a round ends."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import APIResponse, Page, Route, expect

from accounts.models import User
from tests.e2e.browser import off_the_browser_loop, sign_in, wait_until
from tests.e2e.test_table_reconnect import Cable
from tests.helpers import Server, Worker, wait_for
from tests.tournaments.factories import bot_player, person, play_deals, tournament
from tournaments import services
from tournaments.models import Entry, Round, RoundTable, Tournament
from tournaments.rounds import round_start

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def event_with(player: User, **settings: object) -> Tournament:
    """An event in registration: the player and a bot partner against two bots."""
    event = tournament(**settings)
    services.tournament_open_registration(tournament_id=event.pk, user=event.organizer)
    services.entry_register(
        tournament_id=event.pk, user=event.organizer, players=[player, bot_player()]
    )
    services.entry_register(
        tournament_id=event.pk, user=event.organizer, players=[bot_player(), bot_player()]
    )
    return event


def notices_connected(page: Page) -> None:
    page.wait_for_function("window.beloteNotices && window.beloteNotices.connected()")


def test_a_player_on_the_lobby_is_taken_to_their_table(
    asgi_server: Server, celery_worker: Worker, page: Page
) -> None:
    alice = person("alice")
    event = event_with(alice, match_deals=None, house_rules={"target": 1001})
    sign_in(page.context, asgi_server, alice)
    page.goto(f"{asgi_server.url}/tables/")
    notices_connected(page)
    off_the_browser_loop(services.tournament_start, tournament_id=event.pk, user=event.organizer)
    notice = page.locator("#site-notice")
    # The worker draws the round and opens its tables: give a busy machine its time.
    expect(notice).to_contain_text("Your table is ready: round 1 of", timeout=30_000)
    expect(page).to_have_title(re.compile("^Your table is ready"))
    table = RoundTable.objects.get(round__tournament=event, away__isnull=False)
    expect(notice.get_by_role("link", name="Go to your table")).to_have_attribute(
        "href", f"/tables/{table.table_id}/"
    )
    page.wait_for_url(f"{asgi_server.url}/tables/{table.table_id}/", timeout=30_000)


def test_a_tournament_page_updates_itself_when_a_round_ends(
    asgi_server: Server, celery_worker: Worker, page: Page
) -> None:
    watcher = person("watcher")
    event = event_with(bot_player(), match_deals=1, swiss_rounds=1)
    Entry.objects.filter(tournament=event).update(checked_in=True)
    sign_in(page.context, asgi_server, watcher)
    page.goto(f"{asgi_server.url}/tournaments/{event.pk}/")
    expect(page.locator("#tournament-live .status-line")).to_contain_text("Registration open")
    notices_connected(page)
    off_the_browser_loop(services.tournament_start, tournament_id=event.pk, user=event.organizer)
    expect(page.locator("#podium")).to_be_visible(timeout=60_000)
    expect(page.locator("#tournament-live .status-line")).to_contain_text(
        "Finished", timeout=30_000
    )
    expect(page.locator("#live-status")).to_have_text("The results above were updated.")


def test_a_signed_out_viewers_page_updates_itself_over_the_events_socket(
    asgi_server: Server, celery_worker: Worker, page: Page
) -> None:
    event = event_with(bot_player(), match_deals=1, swiss_rounds=1)
    Entry.objects.filter(tournament=event).update(checked_in=True)
    page.goto(f"{asgi_server.url}/tournaments/{event.pk}/")
    expect(page.locator("#tournament-live .status-line")).to_contain_text("Registration open")
    expect(page.locator("#tournament-page")).to_have_attribute("data-socket", "open")
    off_the_browser_loop(services.tournament_start, tournament_id=event.pk, user=event.organizer)
    expect(page.locator("#podium")).to_be_visible(timeout=60_000)
    expect(page.locator("#tournament-live .status-line")).to_contain_text(
        "Finished", timeout=30_000
    )
    expect(page.locator("#live-status")).to_have_text("The results above were updated.")


def test_a_change_told_while_the_page_fetches_is_fetched_again(
    asgi_server: Server, celery_worker: Worker, page: Page
) -> None:
    event = event_with(bot_player())
    notices: list[str] = []

    def count_notices(frame: str | bytes) -> None:
        if "tournament_changed" in str(frame):
            notices.append(str(frame))

    page.on("websocket", lambda socket: socket.on("framereceived", count_notices))
    held: list[tuple[Route, APIResponse]] = []

    def hold_the_first(route: Route) -> None:
        """The first fetch answers with the page as it is now, but only when the test says."""
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch()))

    page.goto(f"{asgi_server.url}/tournaments/{event.pk}/")
    expect(page.locator("#tournament-page")).to_have_attribute("data-socket", "open")
    page.route(re.compile(rf"/tournaments/{event.pk}/live/"), hold_the_first)
    off_the_browser_loop(
        services.tournament_open_check_in, tournament_id=event.pk, user=event.organizer
    )
    wait_until(page, lambda: len(held) == 1 and len(notices) == 1)
    off_the_browser_loop(services.tournament_cancel, tournament_id=event.pk, user=event.organizer)
    wait_until(page, lambda: len(notices) == 2)  # told while the first fetch is out
    route, stale = held[0]
    route.fulfill(response=stale)
    expect(page.locator("#tournament-live .status-line")).to_contain_text("Cancelled")


def test_a_finished_round_table_leads_back_to_its_event(asgi_server: Server, page: Page) -> None:
    # Its match-end offered "Back to the lobby" and "Play again" (a new match against the
    # computer), away from the event and its next round.
    alice = person("alice")
    event = event_with(alice, match_deals=1, swiss_rounds=2)
    off_the_browser_loop(services.tournament_start, tournament_id=event.pk, user=event.organizer)
    first = Round.objects.get(tournament=event, number=1)
    assert off_the_browser_loop(round_start, round_id=first.pk)
    table = RoundTable.objects.get(round=first).table
    assert table is not None
    off_the_browser_loop(play_deals, table=table, deals=1)
    sign_in(page.context, asgi_server, alice)
    page.goto(f"{asgi_server.url}/tables/{table.pk}/")
    end = page.locator("#match-end")
    expect(end).to_be_visible()
    expect(end.locator("#to-lobby")).to_have_count(0)
    expect(end.locator("#play-again")).to_have_count(0)  # a new match against the computer
    # The keyboard's focus is on the way back (the page's script stopped there on an error).
    back = end.get_by_role("link", name=f"Back to {event.name}")
    expect(back).to_be_focused()
    back.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(event.name)


def waiting_on_the_lobby(page: Page, server: Server) -> tuple[Tournament, Cable]:
    """A player of an event about to start, on the lobby, their notices through a Cable."""
    alice = person("alice")
    event = event_with(alice, match_deals=None, house_rules={"target": 1001})
    cable = Cable(page, "/ws/notifications/")
    sign_in(page.context, server, alice)
    page.goto(f"{server.url}/tables/")
    notices_connected(page)
    return event, cable


def test_a_notices_socket_that_died_silently_is_opened_again_when_the_device_wakes(
    asgi_server: Server, celery_worker: Worker, page: Page
) -> None:
    """A laptop that slept or changed networks keeps a socket its browser still calls open, and
    "your table is ready" was lost on it. Woken (or back online), the page asks its socket and,
    unanswered, opens another."""
    event, cable = waiting_on_the_lobby(page, asgi_server)
    cable.hang_now()
    page.evaluate("window.dispatchEvent(new Event('online'))")
    wait_until(page, lambda: bool(cable.open))  # within the 10 s a ping may wait for its answer
    notices_connected(page)
    off_the_browser_loop(services.tournament_start, tournament_id=event.pk, user=event.organizer)
    expect(page.locator("#site-notice")).to_contain_text("Your table is ready", timeout=30_000)


def test_an_events_public_socket_that_died_silently_is_opened_again_when_shown(
    asgi_server: Server, page: Page
) -> None:
    event = event_with(bot_player())
    cable = Cable(page, f"/ws/tournaments/{event.pk}/")
    page.goto(f"{asgi_server.url}/tournaments/{event.pk}/")
    expect(page.locator("#tournament-page")).to_have_attribute("data-socket", "open")
    cable.hang_now()
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the tab shown again
    wait_until(page, lambda: bool(cable.open))
    expect(page.locator("#tournament-page")).to_have_attribute("data-socket", "open")
    off_the_browser_loop(
        services.tournament_open_check_in, tournament_id=event.pk, user=event.organizer
    )
    expect(page.locator("#tournament-live .status-line")).to_contain_text("Check-in")


def round_table_of(event: Tournament) -> int:
    """The table id of the event's first round table with people, once the worker opened it."""
    tables = RoundTable.objects.filter(round__tournament=event, table__isnull=False)
    return wait_for(
        lambda: tables.values_list("table_id", flat=True).first(),
        timeout=30,
        what="the round's table to open",
    )


def test_a_player_whose_page_was_reconnecting_as_the_round_opened_is_taken_to_their_table(
    asgi_server: Server, celery_worker: Worker, page: Page
) -> None:
    event, cable = waiting_on_the_lobby(page, asgi_server)
    cable.cut_now()
    off_the_browser_loop(services.tournament_start, tournament_id=event.pk, user=event.organizer)
    table_id = round_table_of(event)
    cable.mend()
    # The page retries with a backoff of up to 30 s.
    expect(page.locator("#site-notice")).to_contain_text("Your table is ready", timeout=60_000)
    page.wait_for_url(f"{asgi_server.url}/tables/{table_id}/", timeout=30_000)


def test_at_the_table_itself_its_notice_is_not_shown(
    asgi_server: Server, celery_worker: Worker, page: Page
) -> None:
    alice = person("alice")
    event = event_with(alice, match_deals=None, house_rules={"target": 1001})
    off_the_browser_loop(services.tournament_start, tournament_id=event.pk, user=event.organizer)
    table_id = round_table_of(event)
    frames: list[str] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda f: frames.append(f)))
    Cable(page).cut_now()  # the table's own socket is down: the player has not arrived
    sign_in(page.context, asgi_server, alice)
    page.goto(f"{asgi_server.url}/tables/{table_id}/")
    wait_until(page, lambda: any("table_ready" in str(frame) for frame in frames))
    expect(page.locator("#site-notice")).to_have_count(0)
