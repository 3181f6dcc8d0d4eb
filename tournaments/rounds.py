"""Running rounds: open the tables, collect results, finalize once, pair the next or finish.

Tables end their own matches (a target, or exactly `match_deals` deals), so no result depends
on when anyone looks. A round is finalized when its last match ends (`match_finished`) or by
its one deadline task; the minute sweep catches what a lost message left behind.

Every function here locks the round (or tournament) row first and checks its status, so a
task delivered twice, or a sweep racing the deadline, does the work once. A round that cannot
start or finish pauses the event with the reason on its page (`Tournament.problem`): the
organizer resumes (which tries again) or cancels; nothing is left half done.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.models import Seat, Table
from games.presence import has_arrived
from games.services import table_leave, table_pause
from tournaments import formats, live
from tournaments.models import Entry, Round, RoundTable, Standing, Tournament
from tournaments.policies import Withdrawal, policy_for
from tournaments.tables import table_open, table_outcome
from tournaments.withdrawal import walkover_table

logger = logging.getLogger(__name__)


def _on_commit_start(round_id: int) -> None:
    from tournaments import tasks  # tasks call these functions: import late.

    transaction.on_commit(lambda: tasks.start_round.delay(round_id))


def _on_commit_finalize(round_id: int) -> None:
    from tournaments import tasks  # tasks call these functions: import late.

    transaction.on_commit(lambda: tasks.finalize_round.delay(round_id))


def deadline_schedule(round_: Round) -> None:
    """Queue the round's one deadline task for when its time runs out (after this commit)."""
    from tournaments import tasks  # tasks call these functions: import late.

    if round_.deadline is None:
        return
    round_id, at = round_.pk, round_.deadline
    transaction.on_commit(lambda: tasks.round_deadline.apply_async((round_id,), eta=at))


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
    round_, _created = Round.objects.get_or_create(tournament=tournament, number=number)
    _on_commit_start(round_.pk)
    return round_


def round_start(*, round_id: int) -> bool:
    """Pair the round and open its tables (bots for the absent); False if not due or done."""
    return _halting_on_failure(
        _start, round_id, gettext_noop("Round %(number)s could not start (%(error)s).")
    )


def _halting_on_failure(step: Callable[[int], bool], round_id: int, failed: str) -> bool:
    """Run a round's step; a failure other than the database's pauses the event with the
    reason (`failed`, a message id) on its page, so the organizer can act on it."""
    try:
        return step(round_id)
    except DatabaseError:
        raise  # a busy or lost database: the task fails and the minute sweep tries again
    except Exception as error:  # noqa: BLE001 (any failure must leave the event actionable)
        logger.exception("round %s: %s failed", round_id, step.__name__)
        number = Round.objects.filter(pk=round_id).values_list("number", flat=True).first()
        tournament_halt(round_id=round_id, reason=_(failed) % {"number": number, "error": error})
        return False


def _start(round_id: int) -> bool:
    with transaction.atomic():
        locked = _lock(round_id)
        if locked is None or locked[1].status != Round.Status.PENDING:
            return False
        tournament, round_ = locked
        if tournament.status != Tournament.Status.RUNNING or tournament.is_paused:
            return False
        policy = policy_for(tournament)
        walkovers = policy.withdrawal(tournament) == Withdrawal.WALKOVERS
        entries = {entry.pk: entry for entry in tournament.entries.all()}
        pairings = policy.pair_round(tournament, round_.number)
        options = policy.table_options(tournament, round_, pairings)
        for number, pairing in enumerate(pairings, start=1):
            home = entries[pairing.home]
            table = RoundTable(
                round=round_, number=number, home=home, bracket_match=pairing.bracket_match
            )
            if pairing.away is None:
                table.finished, table.winner, table.note = True, home, _("Bye.")
            else:
                table.away = entries[pairing.away]
                partners = (pairing.home_partner, pairing.away_partner)
                table.home_partner, table.away_partner = (
                    None if p is None else entries[p] for p in partners
                )
            if table.away is not None and not (walkovers and walkover_table(table)):
                table.table = table_open(
                    tournament=tournament,
                    teams=(
                        _team(home, table.home_partner),
                        _team(table.away, table.away_partner),
                    ),
                    deal_secret=formats.table_secret(tournament, round_.number, number),
                    **options[number - 1],
                )
            table.save()
        now = timezone.now()
        round_.status = Round.Status.RUNNING
        round_.started_at = now
        round_.deadline = now + timedelta(minutes=tournament.round_minutes)
        round_.save(update_fields=["status", "started_at", "deadline"])
        deadline_schedule(round_)
        _absentees_schedule(round_, tournament.absent_grace_seconds)
        if not round_.tables.filter(finished=False).exists():
            _on_commit_finalize(round_.pk)  # walkovers and byes only: nothing to wait for
        live.round_opened(tournament=tournament, round_=round_)
    return True


def _absentees_schedule(round_: Round, grace_seconds: int) -> None:
    """Queue the round's one look for players who have not come to their table."""
    from tournaments import tasks  # tasks call these functions: import late.

    round_id = round_.pk
    transaction.on_commit(
        lambda: tasks.absentees_replace.apply_async((round_id,), countdown=grace_seconds)
    )


def round_absentees_replace(*, round_id: int) -> int:
    """A bot holds the seat of every player of the round who has not come to their table;
    each takes it back on arrival (their socket resumes the seat). The seats taken over."""
    held = 0
    tables = RoundTable.objects.filter(
        round_id=round_id,
        round__status=Round.Status.RUNNING,
        finished=False,
        table__status=Table.Status.PLAYING,
    )
    seats = Seat.objects.filter(
        table__in=tables.values("table"), user__isnull=False, user__is_bot=False, bot_holding=False
    ).select_related("user")
    for seat in seats:
        if seat.user is None:  # the query took only seats with a user
            continue
        if not has_arrived(table_id=seat.table_id, user_id=seat.user.pk):
            table_leave(table_id=seat.table_id, user=seat.user)
            held += 1
    return held


def _team(first: Entry, partner: Entry | None) -> list[tuple[Entry, int]]:
    """A team's two places as (entry, which of its players): a pair, or two individuals."""
    if partner is None:
        return [(first, 0), (first, 1)]
    return [(first, 0), (partner, 0)]


def _deadline_passed(round_: Round, tournament: Tournament, now: datetime) -> bool:
    return round_.deadline is not None and now >= round_.deadline and not tournament.is_paused


def _collect(round_: Round, tournament: Tournament) -> bool:
    """Record every table that has a result now (deciding those the deadline ends); all done?"""
    passed = _deadline_passed(round_, tournament, timezone.now())
    done = True
    open_tables = round_.tables.filter(finished=False).select_related("table", "home", "away")
    for table in open_tables:
        assert table.table is not None  # noqa: S101 (only byes have no table, and they are done)
        outcome = table_outcome(table=table.table, deadline_passed=passed)
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
    table.note = (table.note + " " + _("Level: the higher seed goes through.")).strip()
    return max((table.home, table.away), key=lambda entry: (entry.seed_rating, -entry.pk))


def round_finalize(*, round_id: int) -> bool:
    """Finalize the round once every table has a result: standings, then next round or end."""
    return _halting_on_failure(
        _finalize, round_id, gettext_noop("Round %(number)s could not finish (%(error)s).")
    )


def _finalize(round_id: int) -> bool:
    with transaction.atomic():
        locked = _lock(round_id)
        if locked is None or locked[1].status != Round.Status.RUNNING:
            return False
        tournament, round_ = locked
        if tournament.status != Tournament.Status.RUNNING:
            return False
        if not _collect(round_, tournament):
            live.tournament_changed(tournament=tournament)
            return False
        policy = policy_for(tournament)
        policy.score_round(tournament=tournament, round_=round_)
        round_.status = Round.Status.FINISHED
        round_.finished_at = timezone.now()
        round_.save(update_fields=["status", "finished_at"])
        standings_store(tournament)
        if round_.number < policy.round_count(tournament, tournament.entries.count()):
            # A paused event keeps it pending; resuming starts it.
            round_create(tournament=tournament, number=round_.number + 1)
        else:
            tournament.status = Tournament.Status.FINISHED
            tournament.finished_at = timezone.now()
            tournament.save(update_fields=["status", "finished_at"])
        live.tournament_changed(tournament=tournament)
    return True


def standings_store(tournament: Tournament) -> None:
    """Replace the standings with those of every finished round."""
    policy = policy_for(tournament)
    lines = policy.standings(tournament)
    finished = RoundTable.objects.filter(
        round__tournament=tournament, round__status=Round.Status.FINISHED
    )
    played: Counter[int] = Counter()
    for seats in finished.values_list("home", "away", "home_partner", "away_partner"):
        played.update(entry for entry in seats if entry is not None)
    scored = policy.points_for(tournament)
    fillers = set(tournament.entries.filter(filler=True).values_list("pk", flat=True))
    ranks = _without(policy.final_ranks(tournament, lines), fillers)
    lines = [line for line in lines if line.entry.id not in fillers]
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
            points_for=scored.get(line.entry.id, 0),
            rounds_played=played[line.entry.id],
        )
        for line in lines
    )


def _without(ranks: dict[int, int], fillers: set[int]) -> dict[int, int]:
    """The ranks once table fillers are taken out: those below move up, ties stay ties."""
    kept = sorted((rank, entry) for entry, rank in ranks.items() if entry not in fillers)
    ranked: dict[int, int] = {}
    previous: tuple[int, int] | None = None  # (old rank, new rank) of the line above
    for position, (rank, entry) in enumerate(kept, start=1):
        new = previous[1] if previous is not None and previous[0] == rank else position
        ranked[entry] = new
        previous = (rank, new)
    return ranked


def tournament_halt(*, round_id: int, reason: str) -> None:
    """Pause the running event with the reason shown on its page; the organizer acts next."""
    with transaction.atomic():
        locked = _lock(round_id)
        if locked is None or locked[0].status != Tournament.Status.RUNNING:
            return
        tournament = locked[0]
        tournament.problem = reason[:300]
        fields: list[str] = ["problem"]
        if not tournament.is_paused:
            tournament.paused_at = timezone.now()
            fields.append("paused_at")
            live_tables = RoundTable.objects.filter(
                round__tournament=tournament,
                round__status=Round.Status.RUNNING,
                finished=False,
                table__isnull=False,
            )
            for table_id in live_tables.values_list("table_id", flat=True):
                table_pause(table_id=table_id)
        tournament.save(update_fields=fields)
        live.tournament_changed(tournament=tournament)


def rounds_sweep() -> int:
    """Beat: start pending rounds, finalize those done or past deadline.

    Catches whatever a lost message or a killed worker left behind. Returns the rounds acted on.
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
    return acted
