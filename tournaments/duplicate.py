"""Duplicate rounds on live tables: one set of deals per round, seated by the schedule, scored
by comparison (tournaments.pairing.duplicate holds the rules; this module reads and writes).

Every table of a round gets the same decks; at the tables the schedule turns a deal, its dealer
moves one seat on, so the other team holds those cards. The tables share a watch group, which
keeps the round's players off each other's tables and onlookers a deal behind the slowest table.
An entry's round result is its matchpoints: on every deal, 2 for each entry it outscored with
the same cards at another table, 1 for each it equalled.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from games.deal_seeds import derived_seed, seeded_step
from games.queries import hands_finished
from tournaments import pairing
from tournaments.models import Round, RoundTable, Tournament

NOTE = "Matchpoints against the same cards at the other tables."

Side = tuple[int, int | None]
"""One side of a table as the schedule knows it: the entry, and its partner for the round
(individuals events; None for a pair)."""


def watch_group(round_: Round) -> str:
    """The name the round's tables share (games.watching)."""
    return f"tournament-{round_.tournament_id}-round-{round_.number}"


def round_deal_ids(round_: Round, *, deals: int) -> list[str]:
    """The round's deals, named without the event's id (the same event seed replays them)."""
    return [f"round-{round_.number}/deal-{deal + 1}" for deal in range(deals)]


def _schedule(
    tournament: Tournament, pairs: Sequence[tuple[Side, Side]]
) -> pairing.DuplicateSchedule[Side]:
    assert tournament.match_deals is not None  # noqa: S101 (required for duplicate)
    return pairing.duplicate_schedule(pairs, tournament.match_deals)


def table_options(
    *, tournament: Tournament, round_: Round, pairs: Sequence[tuple[Side, Side]]
) -> list[dict[str, Any]]:
    """What each table of the round is opened with (home sits North-South, seats 0 and 2).

    The deal as dealt is dealt by seat `deal % 4`, rotating as a match would.
    """
    schedule = _schedule(tournament, pairs)
    # Drawn once for all its tables from the event's seed, each deck verifiable from its own
    # seed once the round is over (games.deal_seeds).
    deal_ids = round_deal_ids(round_, deals=schedule.deals)
    return [
        {
            "max_hands": schedule.deals,
            "deals": [
                seeded_step(
                    seed=derived_seed(tournament.seed, deal_id),
                    deal_id=deal_id,
                    dealer=schedule.board(table, deal).dealer(deal % 4),
                )
                for deal, deal_id in enumerate(deal_ids)
            ],
            "watch_group": watch_group(round_),
        }
        for table in range(schedule.tables)
    ]


def round_score(*, round_: Round, tournament: Tournament) -> None:
    """Replace each table's points with its entries' matchpoints for the round."""
    tables = list(round_.tables.filter(away__isnull=False).order_by("number"))
    schedule = _schedule(tournament, [_sides(t) for t in tables])
    points: dict[tuple[int, int], tuple[int, int]] = {}
    for index, table in enumerate(tables):
        assert table.table_id is not None  # noqa: S101 (a duplicate table is always live)
        for deal, end in enumerate(hands_finished(table_id=table.table_id)[: schedule.deals]):
            ns, ew = end.payload["result"]["hand_points"]
            points[index, deal] = (int(ns), int(ew))
    scores = pairing.comparison_scores(schedule, points)
    for table in tables:
        home_side, away_side = _sides(table)
        home, away = round(scores[home_side]), round(scores[away_side])
        table.home_points, table.away_points = home, away
        table.winner = None if home == away else (table.home if home > away else table.away)
        table.note = f"{table.note} {NOTE}".strip()
        table.save(update_fields=["home_points", "away_points", "winner", "note"])


def _sides(table: RoundTable) -> tuple[Side, Side]:
    assert table.away_id is not None  # noqa: S101 (duplicate rounds have no byes)
    return (table.home_id, table.home_partner_id), (table.away_id, table.away_partner_id)


def standings(
    tournament: Tournament, seeds: list[pairing.Entry[int]]
) -> list[pairing.Standing[int]]:
    """Standings by matchpoints over every finished round."""
    totals: dict[int, float] = defaultdict(float)
    finished = RoundTable.objects.filter(
        round__tournament=tournament, round__status=Round.Status.FINISHED, away__isnull=False
    )
    for *seated, home_points, away_points in finished.values_list(
        "home", "home_partner", "away", "away_partner", "home_points", "away_points"
    ):
        # Individuals: both partners score their side's matchpoints.
        for entry, points in zip(seated, (home_points,) * 2 + (away_points,) * 2, strict=True):
            if entry is not None:
                totals[entry] += points
    return pairing.duplicate_standings(seeds, totals)
