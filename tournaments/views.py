"""Pages of tournaments: the list, a tournament (bracket or standings, live tables), organizing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db.models import QuerySet
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.person_required import person_required
from config.errors import ServiceError
from config.refused import refused
from config.signed_in import sign_in_first, signed_in_user
from games.choices import variant_names, variant_offered
from tournaments import queries, services
from tournaments.access import may_run
from tournaments.accuracy import entrant_accuracy
from tournaments.bracket import bracket_columns
from tournaments.forms import FIXED_SETTINGS, TournamentForm
from tournaments.models import Tournament
from tournaments.policies import policy_for
from tournaments.withdrawal import withdrawal_rule


@dataclass(frozen=True)
class Action:
    """An organizer's button: its service, its label, and the question asked first if it
    cannot be undone (empty: no confirmation)."""

    service: Callable[..., object]
    label: str | Promise
    confirm: str | Promise = ""


ACTIONS: dict[str, Action] = {
    "open-registration": Action(
        services.tournament_open_registration, gettext_lazy("Open registration")
    ),
    "open-check-in": Action(services.tournament_open_check_in, gettext_lazy("Open check-in")),
    "start": Action(
        services.tournament_start,
        gettext_lazy("Start"),
        gettext_lazy(
            "Start the event now? Round 1 is drawn at once and entries cannot change after."
        ),
    ),
    "pause": Action(services.tournament_pause, gettext_lazy("Pause")),
    "resume": Action(services.tournament_resume, gettext_lazy("Resume")),
    "cancel": Action(
        services.tournament_cancel,
        gettext_lazy("Cancel the tournament"),
        gettext_lazy("Cancel the event for everyone? This cannot be undone."),
    ),
}


def _detail_or_404(request: HttpRequest, tournament_id: int) -> Tournament:
    try:
        return queries.tournament_detail(tournament_id=tournament_id, viewer=request.user)
    except ServiceError as error:
        raise Http404(error.message) from error


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Every tournament past draft, and the organizer's own drafts."""
    drafts: QuerySet[Tournament] | list[Tournament] = []
    if request.user.is_authenticated:
        drafts = Tournament.objects.filter(organizer=request.user, status=Tournament.Status.DRAFT)
    context = {"tournaments": queries.tournament_list(), "drafts": drafts}
    return render(request, "tournaments/list.html", context)


def _page_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """What the tournament page and its live part show this viewer."""
    user = request.user
    organizing = may_run(user, tournament)
    policy = policy_for(tournament)
    mine = [
        entry
        for entry in tournament.entries.all()
        if user.is_authenticated and user.pk in (entry.player_one_id, entry.player_two_id)
    ]
    possible = services.tournament_possible_actions(tournament) if organizing else set()
    return {
        "tournament": tournament,
        "policy": policy,
        "organizing": organizing,
        "actions": [(name, action) for name, action in ACTIONS.items() if name in possible],
        "columns": bracket_columns(tournament),
        "rounds": _titled_rounds(tournament),
        "mine": mine,
        "my_tables": queries.tables_seating(tournament=tournament, user=user),
        "entries_open": tournament.status in services.ENTRIES_OPEN,
        "can_adjust": organizing and not policy.draws_bracket,
        "adjustments": queries.adjustments(tournament=tournament),
        "forbidden": queries.forbidden_pairings(tournament=tournament) if organizing else [],
        "keeps_apart": policy.keeps_apart(tournament),
        "can_leave": tournament.status == Tournament.Status.RUNNING,
        "not_started": tournament.status in services.NOT_STARTED,
        "registering": tournament.status in services.REGISTERING,
        "withdrawal_rule": withdrawal_rule(tournament),
        "viewer_zone": timezone.get_current_timezone_name(),
    }


def _titled_rounds(tournament: Tournament) -> list[tuple[object, str]]:
    """The rounds, latest first, each with the title the bracket gives it too."""
    rounds = list(tournament.rounds.all())
    policy = policy_for(tournament)
    try:
        total = policy.round_count(tournament, len(tournament.entries.all()))
    except ValueError:  # a field no bracket holds (an event started before starts were checked)
        total = 0
    return [(round_, policy.round_title(round_.number, total)) for round_ in reversed(rounds)]


def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A tournament: the bracket (single elimination) or standings, rounds and live tables."""
    tournament = _detail_or_404(request, tournament_id)
    context = _page_context(request, tournament)
    if tournament.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED):
        measured = [e for e in entrant_accuracy(tournament) if e["accuracy"]]
        context["entrant_accuracy"] = measured
    return render(request, "tournaments/detail.html", context)


def tournament_live(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The page's changing parts alone, which its script swaps in when the event changes:
    the standings and rounds, and the organizer's, the viewer's and the entries' parts (a
    player waiting on the page never saw "Check in" appear once check-in opened)."""
    tournament = _detail_or_404(request, tournament_id)
    return render(request, "tournaments/_regions.html", _page_context(request, tournament))


@person_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """Create a tournament (you organize it); it starts as a draft, of the organizer's rule set."""
    offered = variant_offered(request.user, request.LANGUAGE_CODE, variant_names()[0])
    # Swiss fits any field size and round count: the club evening's usual format.
    initial = {"variant": offered, "format": Tournament.Format.SWISS}
    form = TournamentForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(
                organizer=signed_in_user(request), **form.settings()
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament.pk]))
    return render(request, "tournaments/form.html", {"form": form, "title": _("New tournament")})


@sign_in_first
def tournament_edit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Edit a tournament's settings before it starts (organizer and staff only)."""
    tournament = _detail_or_404(request, tournament_id)
    if not may_run(request.user, tournament):
        return refused(request, _("Only the organizer or staff can edit this tournament."))
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
                user=signed_in_user(request),
                changes=changes,
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament_id]))
    context = {"form": form, "title": _("Edit %(name)s") % {"name": tournament.name}}
    return render(request, "tournaments/form.html", context)


@sign_in_first
def tournament_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    """One of the organizer's buttons; anyone else is refused with 403.

    GET asks for confirmation of an action that cannot be undone; POST runs it.
    """
    if action not in ACTIONS:
        raise Http404(_("No such action."))
    chosen = ACTIONS[action]
    tournament = _detail_or_404(request, tournament_id)
    if not may_run(request.user, tournament):
        return refused(request, _("Only the organizer or staff can do this."))
    if request.method != "POST":
        context = {"tournament": tournament, "action": action, "chosen": chosen}
        return render(request, "tournaments/confirm.html", context)
    try:
        chosen.service(tournament_id=tournament_id, user=request.user)
    except ServiceError as error:
        if error.code == "forbidden":
            return refused(request, error.message)
        messages.error(request, error.message)
    return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament_id]))


@person_required
@require_POST
def entry_register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Enter yourself, with a partner named by username unless the event takes individuals."""
    wanted = request.POST.get("partner", "").strip()
    partner = User.objects.filter(username__iexact=wanted).first() if wanted else None
    if wanted and partner is None:
        messages.error(request, _("No player with that username."))
    else:
        user = signed_in_user(request)
        players = [user] if partner is None else [user, partner]
        try:
            services.entry_register(
                tournament_id=tournament_id,
                user=user,
                players=players,
                name=request.POST.get("name", ""),
            )
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("You are entered."))
    return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament_id]))


@sign_in_first
@require_POST
def entry_check_in(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """Check your entry in."""
    try:
        services.entry_check_in(entry_id=entry_id, user=signed_in_user(request))
    except ServiceError as error:
        messages.error(request, error.message)
    return HttpResponseRedirect(reverse("tournaments:detail", args=[tournament_id]))
