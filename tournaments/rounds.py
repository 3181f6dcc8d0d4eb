"""Running rounds: open the tables, collect results, finalize once, pair the next or finish.

Every function here locks the round (or tournament) row first and checks its status, so a
task delivered twice, or a sweep racing a watcher, does the work once.
"""

from __future__ import annotations

import uuid
from collections import Counter
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import duplicate, formats
from tournaments.models import Entry, Round, RoundTable, Standing, Tournament
from tournaments.tables import table_open, table_outcome


def _on_commit_start(round_id: int) -> None:
    from tournaments import tasks  # tasks call these functions: import late.

    transaction.on_commit(lambda: tasks.start_round.delay(round_id))


def _arm_watch(round_: Round) -> None:
    """Give the round a fresh watcher; any older watcher chain sees its token gone and stops."""
    from tournaments import tasks  # tasks call these functions: import late.

    round_.watch = uuid.uuid4().hex
    round_.save(update_fields=["watch"])
    args = (round_.pk, round_.watch)
    transaction.on_commit(lambda: tasks.watch_round.apply_async(args))


def _lock(round_id: int) -> tuple[Tournament, Round] | None:
    """Lock the tournament, then the round: the order every writer follows (no deadlock)."""
    tournament_id = Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True)
    tournament = Tournament.objects.select_for_update().filter(pk__in=tournament_id).first()
    round_ = Round.objects.select_for_update().filter(pk=round_id).first()
    if tournament is None or round_ is None:
        return None
    return tournament, round_


def round_create(*, tournament: Tournament, number: int) -> Round:
    """The next round, pending; its start is queued once this transaction commits."""
    round_, _ = Round.objects.get_or_create(tournament=tournament, number=number)
    _on_commit_start(round_.pk)
    return round_


def round_start(*, round_id: int) -> bool:
    """Pair the round and open its tables (bots for the absent); False if not due or done."""
    with transaction.atomic():
        locked = _lock(round_id)
        if locked is None or locked[1].status != Round.Status.PENDING:
            return False
        tournament, round_ = locked
        if tournament.status != Tournament.Status.RUNNING or tournament.is_paused:
            return False
        entries = {entry.pk: entry for entry in tournament.entries.all()}
        pairings = formats.pair_round(tournament, round_.number)
        options = _table_options(tournament, round_, pairings)
        for number, pairing in enumerate(pairings, start=1):
            home = entries[pairing.home]
            table = RoundTable(
                round=round_, number=number, home=home, bracket_match=pairing.bracket_match
            )
            if pairing.away is None:
                table.finished, table.winner, table.note = True, home, "Bye."
            else:
                table.away = entries[pairing.away]
                partners = (pairing.home_partner, pairing.away_partner)
                table.home_partner, table.away_partner = (
                    None if p is None else entries[p] for p in partners
                )
                table.table = table_open(
                    tournament=tournament,
                    teams=(
                        _team(home, table.home_partner),
                        _team(table.away, table.away_partner),
                    ),
                    **options[number - 1],
                )
            table.save()
        now = timezone.now()
        round_.status = Round.Status.RUNNING
        round_.started_at = now
        round_.deadline = now + timedelta(minutes=tournament.round_minutes)
        round_.save(update_fields=["status", "started_at", "deadline"])
        _arm_watch(round_)
    return True


def _table_options(
    tournament: Tournament, round_: Round, pairings: list[formats.Pairing]
) -> list[dict[str, Any]]:
    """How each pairing's table is opened: duplicate deals and watch group, or as it comes."""
    if tournament.format != Tournament.Format.DUPLICATE:
        return [{} for _ in pairings]
    pairs = [
        ((p.home, p.home_partner), (p.away, p.away_partner)) for p in pairings if p.away is not None
    ]
    return duplicate.table_options(tournament=tournament, round_=round_, pairs=pairs)


def _team(first: Entry, partner: Entry | None) -> list[tuple[Entry, int]]:
    """A team's two places as (entry, which of its players): a pair, or two individuals."""
    if partner is None:
        return [(first, 0), (first, 1)]
    return [(first, 0), (partner, 0)]


def _collect(round_: Round, tournament: Tournament) -> bool:
    """Record every table that has a result now (deciding those the event ends); all done?"""
    passed = round_.deadline is not None and timezone.now() >= round_.deadline
    passed = passed and not tournament.is_paused
    done = True
    open_tables = round_.tables.filter(finished=False).select_related("table", "home", "away")
    for table in open_tables:
        assert table.table is not None  # noqa: S101 (only byes have no table, and they are done)
        outcome = table_outcome(tournament=tournament, table=table.table, deadline_passed=passed)
        if outcome is None:
            done = False
            continue
        table.home_points, table.away_points = outcome.points
        table.adjudicated = bool(outcome.note)
        table.note = outcome.note
        table.winner = _winner(table, outcome.winner)
        table.finished = True
        table.save()
    return done


def _winner(table: RoundTable, team: int | None) -> Entry | None:
    """The winning entry; in a knockout a level match goes to the higher seed, and says so."""
    if team is not None:
        return table.home if team == 0 else table.away
    if table.bracket_match is None:
        return None
    assert table.away is not None  # noqa: S101 (a bye has a winner already)
    table.note = (table.note + " Level: the higher seed goes through.").strip()
    return max((table.home, table.away), key=lambda entry: (entry.seed_rating, -entry.pk))


def round_finalize(*, round_id: int) -> bool:
    """Finalize the round once every table has a result: standings, then next round or end."""
    with transaction.atomic():
        locked = _lock(round_id)
        if locked is None or locked[1].status != Round.Status.RUNNING:
            return False
        tournament, round_ = locked
        if tournament.status != Tournament.Status.RUNNING:
            return False
        if not _collect(round_, tournament):
            return False
        if tournament.format == Tournament.Format.DUPLICATE:
            duplicate.round_score(round_=round_, tournament=tournament)
        round_.status = Round.Status.FINISHED
        round_.finished_at = timezone.now()
        round_.watch = ""
        round_.save(update_fields=["status", "finished_at", "watch"])
        standings_store(tournament)
        if round_.number < formats.round_count(tournament, tournament.entries.count()):
            # A paused event keeps it pending; resuming starts it.
            round_create(tournament=tournament, number=round_.number + 1)
        else:
            tournament.status = Tournament.Status.FINISHED
            tournament.finished_at = timezone.now()
            tournament.save(update_fields=["status", "finished_at"])
    return True


def standings_store(tournament: Tournament) -> None:
    """Replace the standings with those of every finished round."""
    lines = formats.standings(tournament)
    finished = RoundTable.objects.filter(
        round__tournament=tournament, round__status=Round.Status.FINISHED
    )
    played: Counter[int] = Counter()
    for seats in finished.values_list("home", "away", "home_partner", "away_partner"):
        played.update(entry for entry in seats if entry is not None)
    ranks = {line.entry.id: line.rank for line in lines}
    if tournament.format == Tournament.Format.SINGLE_ELIMINATION:
        ranks = {
            entry: place for place, entry in enumerate(formats.elimination_order(tournament), 1)
        }
    Standing.objects.filter(tournament=tournament).delete()
    Standing.objects.bulk_create(
        Standing(
            tournament=tournament,
            entry_id=line.entry.id,
            rank=ranks.get(line.entry.id, len(lines)),
            score=line.score,
            buchholz=line.buchholz,
            sonneborn_berger=line.sonneborn_berger,
            points_difference=line.points_difference,
            rounds_played=played[line.entry.id],
        )
        for line in lines
    )


def rounds_sweep() -> int:
    """Beat: start pending rounds, finalize those done or past deadline, re-arm the rest.

    Catches whatever a lost message or a killed worker left behind; a re-armed watcher
    replaces the old chain, so watchers never multiply. Returns the rounds acted on.
    """
    acted = 0
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING, paused_at__isnull=True)
    for round_id, status in (
        Round.objects.filter(tournament__in=running)
        .exclude(status=Round.Status.FINISHED)
        .values_list("pk", "status")
    ):
        if status == Round.Status.PENDING:
            acted += round_start(round_id=round_id)
        elif round_finalize(round_id=round_id):
            acted += 1
        else:
            with transaction.atomic():
                locked = Round.objects.select_for_update().get(pk=round_id)
                if locked.status == Round.Status.RUNNING:
                    _arm_watch(locked)
    return acted


def round_watch(*, round_id: int, token: str) -> bool:
    """One look by a round's watcher chain: finalize if ready; True while the chain goes on."""
    round_finalize(round_id=round_id)
    watched = Round.objects.filter(
        pk=round_id,
        status=Round.Status.RUNNING,
        watch=token,
        tournament__status=Tournament.Status.RUNNING,
    )
    return watched.exists()
