"""Pages of the director's tools: entries added, withdrawn, checked in, accepted or replaced,
results adjusted, entries kept apart, and the standings and results as CSV."""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib import messages
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.models import User
from config.errors import ServiceError
from config.refused import refused
from config.signed_in import sign_in_first, signed_in_user
from tournaments import director, queries, services
from tournaments.access import may_run
from tournaments.models import Entry, RoundTable
from tournaments.withdrawal import withdrawal_rule

if TYPE_CHECKING:  # a type only: the stubs are not installed in production
    from django_stubs_ext import StrOrPromise


def _back(tournament_id: int) -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament_id]))


def _run(
    request: HttpRequest, tournament_id: int, action: Callable[[], object], done: str
) -> HttpResponse:
    """Run one service; a refusal is shown on the event's page, a forbidden one is a 403."""
    try:
        action()
    except ServiceError as error:
        if error.code == "forbidden":
            return refused(request, error.message)
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return _back(tournament_id)


class FormError(Exception):
    """A director's form that cannot be read; its message says what to fix."""


def _users(request: HttpRequest, *fields: str) -> list[User]:
    """Accounts named in the form's fields, blanks skipped."""
    found = []
    for field in fields:
        name = request.POST.get(field, "").strip()
        if not name:
            continue
        user = User.objects.filter(username__iexact=name).first()
        if user is None:
            raise FormError(_("No player with the username %(name)s.") % {"name": name})
        found.append(user)
    return found


def _entry(tournament_id: int, entry_id: int) -> Entry:
    entry = Entry.objects.filter(pk=entry_id, tournament_id=tournament_id).first()
    if entry is None:
        raise Http404(_("No such entry."))
    return entry


def _entry_add(request: HttpRequest, tournament_id: int, user: User) -> object:
    """The organizer enters a player or a pair by username."""
    return services.entry_register(
        tournament_id=tournament_id,
        user=user,
        players=_users(request, "player_one", "player_two"),
        name=request.POST.get("name", ""),
    )


def _entry_accept(request: HttpRequest, tournament_id: int, user: User, entry_id: int) -> object:
    """The invited partner accepts."""
    _entry(tournament_id, entry_id)
    return services.entry_accept(entry_id=entry_id, user=user)


def _entry_replace(request: HttpRequest, tournament_id: int, user: User, entry_id: int) -> object:
    """The organizer swaps a player for another (or, left blank, for a stand-in bot)."""
    _entry(tournament_id, entry_id)
    players = _users(request, "player")
    if not players:
        raise FormError(_("Name the player to replace."))
    replacement = _users(request, "replacement")
    return services.entry_replace_player(
        entry_id=entry_id,
        user=user,
        player=players[0],
        replacement=replacement[0] if replacement else None,
    )


def _pairing_forbid(request: HttpRequest, tournament_id: int, user: User) -> object:
    """The organizer keeps two entries apart."""
    try:
        first, second = int(request.POST["first"]), int(request.POST["second"])
    except (KeyError, ValueError) as error:
        raise FormError(_("Choose two entries.")) from error
    return director.pairing_forbid(
        tournament_id=tournament_id, user=user, first_id=first, second_id=second
    )


def _pairing_allow(
    request: HttpRequest, tournament_id: int, user: User, forbidden_id: int
) -> object:
    """The organizer lets two entries meet again."""
    return director.pairing_allow(tournament_id=tournament_id, user=user, forbidden_id=forbidden_id)


@dataclass(frozen=True)
class DirectorAction:
    """One of the director's forms: the service it calls (reading the form), and what the
    page says once it is done."""

    run: Callable[..., object]
    done: StrOrPromise


# The forms posted from the event's page, by the name its URL gives.
ACTIONS: dict[str, DirectorAction] = {
    "entry-add": DirectorAction(_entry_add, gettext_lazy("Entry added.")),
    "accept": DirectorAction(_entry_accept, gettext_lazy("You are entered as a pair.")),
    "replace": DirectorAction(_entry_replace, gettext_lazy("Player replaced.")),
    "forbid": DirectorAction(
        _pairing_forbid, gettext_lazy("They will be kept apart while the field allows.")
    ),
    "allow": DirectorAction(_pairing_allow, gettext_lazy("They may meet again.")),
}


@sign_in_first
@require_POST
def director_post(
    request: HttpRequest, tournament_id: int, action: str, **ids: int
) -> HttpResponse:
    """Run one of the director's forms; a form that cannot be read says why on the page."""
    chosen = ACTIONS[action]
    user = signed_in_user(request)
    try:
        return _run(
            request,
            tournament_id,
            lambda: chosen.run(request, tournament_id, user, **ids),
            str(chosen.done),
        )
    except FormError as error:
        messages.error(request, str(error))
        return _back(tournament_id)


@sign_in_first
def entry_withdraw(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Withdraw an entry (its players or the organizer); GET asks first."""
    entry = _entry(tournament_id, entry_id)
    if request.method != "POST":
        tournament = entry.tournament
        user = signed_in_user(request)
        refusal = services.entry_withdraw_refusal(tournament=tournament, entry=entry, user=user)
        if refusal is not None and refusal.code == "forbidden":
            return refused(request, refusal.message)
        context = {
            "entry": entry,
            "tournament": tournament,
            "withdrawal_rule": withdrawal_rule(tournament),
            "refusal": refusal.message if refusal else "",
        }
        return render(request, "tournaments/withdraw.html", context)
    return _run(
        request,
        tournament_id,
        lambda: services.entry_withdraw(entry_id=entry_id, user=signed_in_user(request)),
        _("Entry withdrawn."),
    )


@sign_in_first
def result_adjust(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """The organizer corrects a finished result with a reason."""
    table = (
        RoundTable.objects.select_related("round__tournament", "home", "away")
        .filter(pk=table_id, round__tournament_id=tournament_id)
        .first()
    )
    if table is None:
        raise Http404(_("No such table."))
    if not may_run(request.user, table.round.tournament):
        return refused(request, _("Only the organizer or staff can do this."))
    if request.method == "POST":
        try:
            director.result_adjust(
                round_table_id=table_id,
                user=signed_in_user(request),
                home_points=int(request.POST.get("home_points", "")),
                away_points=int(request.POST.get("away_points", "")),
                reason=request.POST.get("reason", ""),
            )
        except ValueError:
            messages.error(request, _("Points are whole numbers from 0."))
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Result adjusted; the standings are recomputed."))
            return _back(tournament_id)
    context = {"table": table, "tournament": table.round.tournament}
    return render(request, "tournaments/adjust.html", context)


def _csv(filename: str, header: list[str], rows: list[list[object]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows(rows)
    return response


def standings_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings as CSV (anyone may read them, as on the page)."""
    try:
        lines = queries.standings_rows(tournament_id=tournament_id)
    except ServiceError as error:
        raise Http404(error.message) from error
    header = [
        _("Rank"), _("Entry"), _("Players"), _("Score"), _("Buchholz"), _("Sonneborn-Berger"),
        _("Points difference"), _("Points"), _("Played"),
    ]  # fmt: skip
    return _csv(f"standings-{tournament_id}.csv", header, lines)


def results_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every table's result as CSV, both partners named for individuals."""
    try:
        rows = queries.result_rows(tournament_id=tournament_id)
    except ServiceError as error:
        raise Http404(error.message) from error
    header = [
        _("Round"), _("Table"), _("Home"), _("Away"), _("Home points"), _("Away points"),
        _("Winner"), _("Note"),
    ]  # fmt: skip
    return _csv(f"results-{tournament_id}.csv", header, rows)
