"""Pages of live tables: the lobby, a table, its hand history and step-by-step replays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.shortcuts import get_object_or_404, render
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from config.errors import ServiceError
from config.refused import refused
from config.signed_in import sign_in_first, signed_in_user
from games import queries, services
from games.analyses import hand_analysis_read
from games.deal_seeds import deal_proofs
from games.forms import NewTableForm
from games.glossary import glossary, key_terms
from games.models import Table
from games.own_moves import hand_stand_ins, stand_in_json
from games.watching import WITHHELD, watch_refusal


def lobby(request: HttpRequest) -> HttpResponse:
    """The one-click game against the computer, the person's own unfinished tables, and the
    open, live and finished ones."""
    context = {
        "form": NewTableForm.offered_to(request.user, request.LANGUAGE_CODE),
        "my_tables": queries.table_list_seated(user=request.user),
        "open_tables": queries.table_list_waiting_for_players(),
        "live_tables": queries.table_list_with_people_playing(),
        "finished_tables": queries.table_list(status=Table.Status.FINISHED, limit=10),
    }
    user = request.user
    if isinstance(user, User) and not user.is_guest:
        context["stakes"] = [
            {**stake, "words": stake_words(stake)} for stake in user.computer_match_stakes()
        ]
    return render(request, "games/lobby.html", context)


def stake_words(stake: dict[str, Any]) -> str:
    """What a rated match against the computer would do to the rating, in the page's
    language: "Rated against the computer: +14 if you win, -26 if you lose (your rating:
    1,486)." """
    return _(
        "Rated against the computer: %(win)s if you win, %(loss)s if you lose (your rating:"
        " %(rating)s)."
    ) % {
        "win": f"+{floatformat(stake['win'], '0')}",
        "loss": floatformat(stake["loss"], "0"),
        "rating": floatformat(stake["rating"], "0g"),
    }


@require_POST
def table_new(request: HttpRequest) -> HttpResponse:
    """Create a table: against the computer (dealt at once) or open for people to join.

    Someone signed out may try a game against the computer as a guest (not rated).
    """
    guest = request.POST.get("mode") == "guest"
    if not request.user.is_authenticated and not guest:
        return redirect_to_login(reverse("games:lobby"))
    form = NewTableForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a rule set and a computer strength."))
        return HttpResponseRedirect(reverse("games:lobby"))
    options = {
        "variant": form.cleaned_data["variant"],
        "house_rules": form.chosen_house_rules(),
        "bot_level": form.cleaned_data["bot_level"],
        "trick_pause_ms": form.cleaned_data["trick_pause_ms"],
    }
    if not request.user.is_authenticated:
        _sign_in_as_guest(request)
    try:
        opponents = "open" if request.POST.get("mode") == "open" else "computer"
        table = services.table_create_in_lobby(
            user=signed_in_user(request), opponents=opponents, **options
        )
    except ServiceError as error:
        messages.error(request, error.message)
        return HttpResponseRedirect(reverse("games:lobby"))
    return HttpResponseRedirect(reverse("games:table", args=[table.pk]))


@sign_in_first
@require_POST
def table_again(request: HttpRequest, table_id: int) -> HttpResponse:
    """Play again: a new match against the computer with the same rules and strength."""
    table = get_object_or_404(Table, pk=table_id)
    user = signed_in_user(request)
    if not table.seats.filter(user=user).exists():
        return refused(request, _("Only a player of this table can play it again."))
    again = services.table_create_in_lobby(
        user=user,
        opponents="computer",
        variant=table.variant,
        house_rules=table.house_rules,
        bot_level=table.bot_level,
        trick_pause_ms=table.trick_pause_ms,
    )
    return HttpResponseRedirect(reverse("games:table", args=[again.pk]))


@require_POST
def table_join(request: HttpRequest, table_id: int) -> HttpResponse:
    """Take a free seat at an open table: the one chosen, else the first. A friend sent the
    link without an account sits down as a guest."""
    seat = None if request.POST.get("seat", "") == "" else _posted_seat(request)
    if not request.user.is_authenticated:
        get_object_or_404(Table, pk=table_id, status=Table.Status.OPEN)  # no guest for nothing
        _sign_in_as_guest(request)
    try:
        services.table_take_seat(table_id=table_id, user=signed_in_user(request), seat=seat)
    except ServiceError as error:
        messages.error(request, error.message)
    return HttpResponseRedirect(reverse("games:table", args=[table_id]))


@sign_in_first
@require_POST
def table_seat_computer(request: HttpRequest, table_id: int) -> HttpResponse:
    """The host seats a computer player in a free seat of their open table."""
    return _host_seat_change(request, table_id, services.table_seat_computer)


@sign_in_first
@require_POST
def table_seat_free(request: HttpRequest, table_id: int) -> HttpResponse:
    """The host takes a computer player's seat back, for a person."""
    return _host_seat_change(request, table_id, services.table_seat_free)


def _host_seat_change(
    request: HttpRequest, table_id: int, change: Callable[..., object]
) -> HttpResponse:
    try:
        change(table_id=table_id, user=signed_in_user(request), seat=_posted_seat(request))
    except ServiceError as error:
        messages.error(request, error.message)
    return HttpResponseRedirect(reverse("games:table", args=[table_id]))


def _sign_in_as_guest(request: HttpRequest) -> None:
    login(request, User.guest_account(), backend="django.contrib.auth.backends.ModelBackend")


def _posted_seat(request: HttpRequest) -> int:
    """The form's seat; -1 where it is no number, for the service to refuse in words."""
    seat = request.POST.get("seat", "")
    return int(seat) if seat.isascii() and seat.isdigit() else -1


@sign_in_first
@require_POST
def table_leave(request: HttpRequest, table_id: int) -> HttpResponse:
    """Leave the table: during play a computer player takes the seat for the rest of the match.
    A person who ended a rated match by leaving reads what it cost them on the lobby."""
    user = signed_in_user(request)
    try:
        ended = services.table_quit(table_id=table_id, user=user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        move = ended and queries.rating_move(table_id=table_id, user=user)
        if move:
            messages.info(request, rating_move_words(*move))
    return HttpResponseRedirect(reverse("games:lobby"))


def rating_move_words(before: float, after: float) -> str:
    """As the table's match end says it, in the page's language: "1 474 (-25,6)" in Bulgarian."""
    change = floatformat(after - before, "-1")
    return _(
        "You left the match, so it counts as lost. Your rating is now %(rating)s (%(change)s)."
    ) % {
        "rating": floatformat(after, "0g"),
        "change": change if after < before else f"+{change}",
    }


def watched_table(request: HttpRequest, table_id: int) -> Table:
    """The table, if this viewer may watch it: else 404, or 403 saying why."""
    table = get_object_or_404(Table, pk=table_id)
    refusal = watch_refusal(table=table, user=request.user)
    if refusal is not None:
        raise PermissionDenied(_(refusal))
    return table


def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    """The live table; the script fills it from the socket (players and spectators alike)."""
    table = watched_table(request, table_id)
    seats = queries.table_seats(table)
    seat = queries.seat_of(seats=seats, user=request.user)
    context = {
        "table": table,
        "seats": seats,
        "seat": seat,
        "can_join": table.status == Table.Status.OPEN
        and seat is None
        and any(s.user_id is None for s in seats),
        "is_host": table.status == Table.Status.OPEN
        and queries.hosts(table=table, seats=seats, user=request.user),
        "alone_with_computers": seat is not None
        and queries.alone_with_computers(seats=seats, seat=seat),
        "is_guest": isinstance(request.user, User) and request.user.is_guest,
        "event": queries.event_of(table),
        "glossary": glossary(table.variant),
        "key_terms": key_terms(table.variant),
    }
    return render(request, "games/table.html", context)


def hand_list(request: HttpRequest, table_id: int) -> HttpResponse:
    """The finished hands of a table, each with its result and a link to its replay.

    A duplicate round's hands are listed once every table has finished them.
    """
    table = watched_table(request, table_id)
    hands = queries.hands_finished(table_id=table.pk)
    visible = queries.hands_visible(table=table, user=request.user)
    names = [name or "?" for name in queries.seat_names_in_hand(table=table, number=1)]
    context = {
        "table": table,
        "teams": [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"],
        "hands": hands if visible is None else hands[:visible],
        "withheld": _(WITHHELD) if visible is not None else "",
    }
    return render(request, "games/hands.html", context)


def hand_replay(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """One finished hand, step by step, all four hands shown (it is over: nothing is hidden);
    the page steps through the frames itself, so `?step=N` links to a moment of it."""
    table = watched_table(request, table_id)
    if not any(e.hand == number for e in queries.hands_finished(table_id=table.pk)):
        raise Http404(_("No finished hand with that number."))
    visible = queries.hands_visible(table=table, user=request.user)
    if visible is not None and number > visible:
        return refused(request, _(WITHHELD))
    frames = queries.hand_frames(table_id=table.pk, number=number)
    stand_ins = hand_stand_ins(table=table, number=number)
    context = {
        "table": table,
        "number": number,
        "names": [name or "" for name in queries.seat_names_in_hand(table=table, number=number)],
        "frames": [
            {
                "seat": frame.seat,
                "action": frame.action,
                "view": frame.state.public_view(),
                "hands": [frame.state.view(s)["hand"] for s in range(4)],
                # Frame n shows move n - 1: who chose it, when not the player named at its seat.
                "stand_in": stand_in_json(stand_ins.get(step - 1)),
            }
            for step, frame in enumerate(frames)
        ],
        "glossary": glossary(table.variant),
    }
    context["analysis"] = hand_analysis_read(
        table=table, number=number, user=request.user, stand_ins=stand_ins
    )
    return render(request, "games/replay.html", context)


def table_deals(request: HttpRequest, table_id: int) -> HttpResponse:
    """Each hand's commitment, the seeds once revealed, and a check of them in the browser."""
    table = watched_table(request, table_id)
    return render(request, "games/deals.html", {"table": table, "proofs": deal_proofs(table=table)})
