"""Reads about tournaments."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext as _

from config.errors import ServiceError
from tournaments.models import (
    Entry,
    ForbiddenPairing,
    ResultAdjustment,
    Round,
    RoundTable,
    Standing,
    Tournament,
    with_players,
)


def tournament_list() -> QuerySet[Tournament]:
    """Tournaments that are not drafts, newest first, with their organizers."""
    return Tournament.objects.exclude(status=Tournament.Status.DRAFT).select_related("organizer")


def tournament_detail(*, tournament_id: int, viewer: Any) -> Tournament:
    """A tournament with entries, rounds (tables in order) and standings; refused if none, or
    if it is a draft and the viewer is neither its organizer nor staff (drafts are unpublished).
    """
    tables = RoundTable.objects.select_related(
        *with_players("home", "away", "home_partner", "away_partner", "winner"), "table"
    )
    tournament = (
        Tournament.objects.select_related("organizer")
        .prefetch_related(
            Prefetch("entries", queryset=Entry.objects.select_related(*with_players())),
            Prefetch("rounds", queryset=Round.objects.prefetch_related(Prefetch("tables", tables))),
            Prefetch("standings", queryset=Standing.objects.select_related(*with_players("entry"))),
        )
        .filter(pk=tournament_id)
        .first()
    )
    if tournament is None or not _may_see(tournament, viewer):
        raise ServiceError("not_found", _("No such tournament."))
    return tournament


def tournament_visible(*, tournament_id: int, viewer: Any) -> None:
    """Refuse, as for its page, a tournament this viewer may not see (or none)."""
    if not tournament_may_see(tournament_id, viewer):
        raise ServiceError("not_found", _("No such tournament."))


def tournament_may_see(tournament_id: int, viewer: Any) -> bool:
    """Whether this viewer may see the tournament's page (and so follow its changes)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    return tournament is not None and _may_see(tournament, viewer)


def _may_see(tournament: Tournament, viewer: Any) -> bool:
    """Anyone sees a published tournament; a draft only its organizer and staff."""
    if tournament.status != Tournament.Status.DRAFT:
        return True
    signed_in = viewer is not None and viewer.is_authenticated
    return signed_in and (viewer.is_staff or viewer.pk == tournament.organizer_id)


def tables_seating(*, tournament: Tournament, user: Any) -> set[int]:
    """The event's round tables where this user holds a seat (none for the anonymous)."""
    if not user.is_authenticated:
        return set()
    seated = RoundTable.objects.filter(round__tournament=tournament, table__seats__user=user)
    return set(seated.values_list("pk", flat=True))


def _players(entry: Entry) -> str:
    return " & ".join(str(player) for player in entry.players())


def _side(entry: Entry | None, partner: Entry | None) -> str:
    """A side of a table as people read it: the pair, or both individuals."""
    if entry is None:
        return ""
    return str(entry) if partner is None else f"{entry} & {partner}"


def standings_rows(*, tournament_id: int) -> list[list[object]]:
    """The standings, one row a line, for export."""
    if not Tournament.objects.filter(pk=tournament_id).exists():
        raise ServiceError("not_found", _("No such tournament."))
    lines = Standing.objects.filter(tournament_id=tournament_id).select_related(
        *with_players("entry")
    )
    return [
        [
            line.rank,
            str(line.entry),
            _players(line.entry),
            line.score,
            line.buchholz,
            line.sonneborn_berger,
            line.points_difference,
            line.points_for,
            line.rounds_played,
        ]  # fmt: skip
        for line in lines
    ]


def result_rows(*, tournament_id: int) -> list[list[object]]:
    """Every table of every round, for export (a bye has no away side)."""
    if not Tournament.objects.filter(pk=tournament_id).exists():
        raise ServiceError("not_found", _("No such tournament."))
    tables = RoundTable.objects.filter(round__tournament_id=tournament_id).select_related(
        "round", *with_players("home", "away", "home_partner", "away_partner", "winner")
    )
    rows: list[list[object]] = []
    for table in tables.order_by("round__number", "number"):
        home = _side(table.home, table.home_partner)
        away = _side(table.away, table.away_partner) or _("bye")
        winner = ""
        if table.winner_id is not None and table.away_id is not None:
            winner = home if table.winner_id == table.home_id else away
        points = [table.home_points, table.away_points] if table.finished else ["", ""]
        rows.append([table.round.number, table.number, home, away, *points, winner, table.note])
    return rows


def adjustments(*, tournament: Tournament) -> list[ResultAdjustment]:
    """The organizer's corrections of results, oldest first."""
    return list(
        ResultAdjustment.objects.filter(table__round__tournament=tournament).select_related(
            "table__round", "by"
        )
    )


def forbidden_pairings(*, tournament: Tournament) -> list[ForbiddenPairing]:
    """The entries the organizer keeps apart."""
    return list(tournament.forbidden_pairings.select_related("first", "second"))
