"""Pages of tournaments: the list, a tournament (bracket or standings, live tables), organizing."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.models import User
from config.errors import ServiceError
from tournaments import queries, services
from tournaments.bracket import bracket_columns
from tournaments.forms import FIXED_SETTINGS, TournamentForm
from tournaments.models import Tournament

# The organizer's buttons: action name -> (service, label).
ACTIONS: dict[str, tuple[Callable[..., object], str]] = {
    "open-registration": (services.tournament_open_registration, "Open registration"),
    "open-check-in": (services.tournament_open_check_in, "Open check-in"),
    "start": (services.tournament_start, "Start"),
    "pause": (services.tournament_pause, "Pause"),
    "resume": (services.tournament_resume, "Resume"),
    "cancel": (services.tournament_cancel, "Cancel the tournament"),
}


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Every tournament past draft, and the organizer's own drafts."""
    drafts = []
    if request.user.is_authenticated:
        drafts = Tournament.objects.filter(organizer=request.user, status=Tournament.Status.DRAFT)
    context = {"tournaments": queries.tournament_list(), "drafts": drafts}
    return render(request, "tournaments/list.html", context)


def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A tournament: the bracket (single elimination) or standings, rounds and live tables."""
    tournament = queries.tournament_detail(tournament_id=tournament_id, viewer=request.user)
    user = request.user
    organizing = user.is_authenticated and (user.is_staff or user.pk == tournament.organizer_id)
    mine = [
        entry
        for entry in tournament.entries.all()
        if user.is_authenticated and user.pk in (entry.player_one_id, entry.player_two_id)
    ]
    context = {
        "tournament": tournament,
        "organizing": organizing,
        "actions": [(name, label) for name, (_, label) in ACTIONS.items()],
        "columns": bracket_columns(tournament),
        "mine": mine,
    }
    return render(request, "tournaments/detail.html", context)


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """Create a tournament (you organize it); it starts as a draft."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(organizer=request.user, **form.settings())  # type: ignore[arg-type]
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament.pk]))
    return render(request, "tournaments/form.html", {"form": form, "title": "New tournament"})


@login_required
def tournament_edit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Edit a tournament's settings before it starts (organizer and staff only)."""
    tournament = queries.tournament_detail(tournament_id=tournament_id, viewer=request.user)
    if not (request.user.is_staff or request.user.pk == tournament.organizer_id):
        return HttpResponseForbidden("Only the organizer or staff can edit this tournament.")
    initial = {"target": tournament.house_rules.get("target")}
    form = TournamentForm(request.POST or None, instance=tournament, initial=initial)
    for fixed in FIXED_SETTINGS:
        form.fields[fixed].disabled = True
    if request.method == "POST" and form.is_valid():
        changes = form.settings()
        for fixed in FIXED_SETTINGS:
            changes.pop(fixed)
        try:
            services.tournament_edit(
                tournament_id=tournament_id,
                user=request.user,  # type: ignore[arg-type]
                changes=changes,
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament_id]))
    context = {"form": form, "title": f"Edit {tournament.name}"}
    return render(request, "tournaments/form.html", context)


@login_required
@require_POST
def tournament_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    """One of the organizer's buttons; anyone else is refused with 403."""
    if action not in ACTIONS:
        return HttpResponseForbidden("No such action.")
    service, _ = ACTIONS[action]
    try:
        service(tournament_id=tournament_id, user=request.user)
    except ServiceError as error:
        if error.code == "forbidden":
            return HttpResponseForbidden(error.message)
        messages.error(request, error.message)
    return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament_id]))


@login_required
@require_POST
def entry_register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Enter yourself, with a partner named by username unless the event takes individuals."""
    wanted = request.POST.get("partner", "").strip()
    partner = User.objects.filter(username=wanted).first() if wanted else None
    if wanted and partner is None:
        messages.error(request, "No player with that username.")
    else:
        players = [request.user] if partner is None else [request.user, partner]
        try:
            services.entry_register(
                tournament_id=tournament_id,
                user=request.user,  # type: ignore[arg-type]
                players=players,  # type: ignore[arg-type]
                name=request.POST.get("name", ""),
            )
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, "You are entered.")
    return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament_id]))


@login_required
@require_POST
def entry_check_in(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Check your entry in."""
    try:
        services.entry_check_in(entry_id=entry_id, user=request.user)  # type: ignore[arg-type]
    except ServiceError as error:
        messages.error(request, error.message)
    return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament_id]))
