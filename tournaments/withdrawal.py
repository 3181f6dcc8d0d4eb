"""An entry leaving a running event, as a director would handle it in each format.

The format's policy says which way (tournaments.policies.Withdrawal): a Swiss of pairs stops
pairing it; a round robin or knockout of pairs gives its opponents walkovers (a match it is
playing is conceded at once); duplicate and individuals keep every table full with stand-in
bots that play its seats for it. Its results so far and its place in the standings stay.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.errors import ServiceError
from games.models import Match, Seat
from games.services import table_end, table_quit
from tournaments.models import Entry, Round, RoundTable, Tournament
from tournaments.policies import Withdrawal, policy_for

# What the event's page says becomes of an entry that withdraws while the event runs.
RULES = {
    Withdrawal.DROPPED: gettext_lazy(
        "An entry that withdraws now concedes the match it is playing (its opponent wins by "
        "walkover) and is not paired again; its results and its place in the standings stay."
    ),
    Withdrawal.WALKOVERS: gettext_lazy(
        "An entry that withdraws now concedes the match it is playing and every match left on "
        "its schedule: its opponents win them by walkover (a win, no points); its results and "
        "its place in the standings stay."
    ),
    Withdrawal.STAND_INS: gettext_lazy(
        "An entry that withdraws now keeps its seats: stand-in bots play them for it to the "
        "end, so every table stays full; its results and its place in the standings stay."
    ),
}


def withdrawal_rule(tournament: Tournament) -> str:
    """The event's withdrawal rule, in words."""
    return str(RULES[policy_for(tournament).withdrawal(tournament)])


def entry_leave(*, tournament: Tournament, entry: Entry) -> None:
    """Take the entry out of the running event (both rows locked by the caller); refusals
    come, in words, before anything changes."""
    policy = policy_for(tournament)
    if entry.filler:
        raise ServiceError(
            "invalid", _("A computer player filling a table cannot withdraw: it never ranks.")
        )
    if entry.withdrawn_after_round is not None:
        raise ServiceError("already_withdrawn", _("This entry has already left the event."))
    if not policy.still_in(tournament, entry.pk):
        raise ServiceError(
            "already_out",
            _("%(entry)s is already out of the knockout: there is nothing to withdraw from.")
            % {"entry": entry},
        )
    staying = tournament.entries.filter(withdrawn_after_round__isnull=True, filler=False)
    if staying.exclude(pk=entry.pk).count() < 2:
        raise ServiceError(
            "too_few", _("Two entries must stay to play on: cancel the event instead.")
        )
    entry.withdrawn_after_round = tournament.rounds.exclude(status=Round.Status.PENDING).count()
    entry.save(update_fields=["withdrawn_after_round"])
    way = policy.withdrawal(tournament)
    for table in _live_tables(entry):
        if way == Withdrawal.STAND_INS:
            _stand_ins_take_over(table, entry)
        else:
            _concede(table, entry)


def _live_tables(entry: Entry) -> list[RoundTable]:
    """The entry's tables being played now (a pair's, or an individual's in either seat)."""
    seated = Q(home=entry) | Q(away=entry) | Q(home_partner=entry) | Q(away_partner=entry)
    return list(
        RoundTable.objects.select_for_update(of=("self",))
        .filter(seated, round__status=Round.Status.RUNNING, finished=False, table__isnull=False)
        .select_related("home", "away")
    )


def _stand_ins_take_over(table: RoundTable, entry: Entry) -> None:
    """Bots take the entry's seats for good, for the rest of the match (a player who comes
    back does not take a seat back); later rounds seat stand-ins."""
    assert table.table_id is not None  # noqa: S101 (only live tables)
    seated = set(Seat.objects.filter(table_id=table.table_id).values_list("user_id", flat=True))
    for player in entry.players():
        if not player.is_bot and player.pk in seated:
            table_quit(table_id=table.table_id, user=player)


def _concede(table: RoundTable, entry: Entry) -> None:
    """The match being played is conceded: the opponent wins it by walkover, the table ends."""
    assert table.table_id is not None and table.away is not None  # noqa: S101 (live tables)
    winner = table.away if table.home_id == entry.pk else table.home
    note = walkover_note(entry, winner)
    table.home_points = table.away_points = 0
    table.winner, table.walkover, table.finished, table.note = winner, True, True, note
    table.save()
    match = Match.objects.filter(table_id=table.table_id).first()
    score = [0, 0] if match is None else [int(points) for points in match.score]
    conceded_by = 0 if table.home_id == entry.pk else 1
    table_end(
        table_id=table.table_id,
        reason=note,
        score=score,
        actor="tournament",
        conceded_by=conceded_by,
    )


def walkover_note(withdrawn: Entry, winner: Entry) -> str:
    """What the results say of a match the withdrawn entry did not play."""
    return (
        _("%(withdrawn)s withdrew: %(winner)s wins by walkover.")
        % {"withdrawn": withdrawn, "winner": winner}
    )[:200]


def walkover_table(table: RoundTable) -> bool:
    """Decide a new round's table by walkover if an entry in it has withdrawn (a round robin's
    or knockout's fixed schedule); whether it did. Both withdrawn: the higher seed goes on."""
    assert table.away is not None  # noqa: S101 (byes are decided already)
    gone = [e for e in (table.home, table.away) if e.withdrawn_after_round is not None]
    if not gone:
        return False
    playing = [e for e in (table.home, table.away) if e not in gone]
    winner = playing[0] if playing else max(gone, key=lambda e: (e.seed_rating, -e.pk))
    loser = table.away if winner == table.home else table.home
    table.winner, table.walkover, table.finished = winner, True, True
    table.note = walkover_note(loser, winner)
    return True
