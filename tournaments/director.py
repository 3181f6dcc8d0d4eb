"""The tournament director's corrections: adjust a result with a reason, keep entries apart.

Like every organizer's action, each checks who asks (tournaments.access) and refuses in words.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from config.errors import ServiceError
from tournaments import live
from tournaments.access import may_run
from tournaments.models import ForbiddenPairing, ResultAdjustment, Round, RoundTable, Tournament
from tournaments.policies import policy_for
from tournaments.rounds import standings_store

REASON_LIMIT = 200
POINTS_LIMIT = 100_000


def _run_by(tournament_id: int, user: User) -> Tournament:
    """The tournament, locked, if this user may run it."""
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError("not_found", _("No such tournament."))
    if not may_run(user, tournament):
        raise ServiceError("forbidden", _("Only the organizer or staff can do this."))
    return tournament


@transaction.atomic
def result_adjust(
    *, round_table_id: int, user: User, home_points: int, away_points: int, reason: str
) -> RoundTable:
    """Correct a finished table's result; the change and its reason are logged and shown, and
    the standings are recomputed. A knockout's results stand once played (the bracket moved on).
    """
    table = RoundTable.objects.select_related("round").filter(pk=round_table_id).first()
    if table is None:
        raise ServiceError("not_found", _("No such table."))
    tournament = _run_by(table.round.tournament_id, user)
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError("invalid", _("Say why the result changes: players will read it."))
    if len(reason) > REASON_LIMIT:
        raise ServiceError(
            "invalid", _("Keep the reason under %(limit)d characters.") % {"limit": REASON_LIMIT}
        )
    points = (home_points, away_points)
    if not all(isinstance(p, int) and 0 <= p <= POINTS_LIMIT for p in points):
        raise ServiceError("invalid", _("Points are whole numbers from 0."))
    if table.away_id is None:
        raise ServiceError("invalid", _("A bye has no result to adjust."))
    if policy_for(tournament).draws_bracket:
        raise ServiceError(
            "not_adjustable",
            _("A knockout's results stand once played: the bracket has already moved on."),
        )
    if table.round.status != Round.Status.FINISHED:
        raise ServiceError("not_adjustable", _("Adjust a result once its round has finished."))
    ResultAdjustment.objects.create(
        table=table,
        by=user,
        reason=reason,
        points_before=[table.home_points, table.away_points],
        points_after=list(points),
    )
    table.home_points, table.away_points = points
    table.winner = (
        None if points[0] == points[1] else (table.home if points[0] > points[1] else table.away)
    )
    table.note = (_("Adjusted by the organizer: %(reason)s") % {"reason": reason})[:200]
    table.save(update_fields=["home_points", "away_points", "winner", "note"])
    standings_store(tournament)
    live.tournament_changed(tournament=tournament)
    return table


@transaction.atomic
def pairing_forbid(*, tournament_id: int, user: User, first_id: int, second_id: int) -> None:
    """Keep two entries apart (teammates, family): Swiss pairing and partner rotation avoid
    it while the field allows."""
    tournament = _run_by(tournament_id, user)
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        raise ServiceError("over", _("The event is over."))
    if first_id == second_id:
        raise ServiceError("invalid", _("Choose two different entries."))
    entries = set(
        tournament.entries.filter(pk__in=[first_id, second_id]).values_list("pk", flat=True)
    )
    if entries != {first_id, second_id}:
        raise ServiceError("invalid", _("Both entries must be in this event."))
    first, second = sorted((first_id, second_id))
    ForbiddenPairing.objects.get_or_create(tournament=tournament, first_id=first, second_id=second)


@transaction.atomic
def pairing_allow(*, tournament_id: int, user: User, forbidden_id: int) -> None:
    """Let two entries kept apart meet again."""
    tournament = _run_by(tournament_id, user)
    ForbiddenPairing.objects.filter(tournament=tournament, pk=forbidden_id).delete()
