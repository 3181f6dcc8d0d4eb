"""What every format reads from stored entries and results, for the pure pairing package."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from games.deal_seeds import derived_seed, seeded_step
from tournaments import pairing
from tournaments.models import Round, RoundTable, Tournament


@dataclass(frozen=True)
class Pairing:
    """One table to open (or a bye when `away` is None), and its bracket match if any."""

    home: int
    away: int | None
    bracket_match: int | None = None
    home_partner: int | None = None
    away_partner: int | None = None


def seeds(tournament: Tournament, *, playing_only: bool = False) -> list[pairing.Entry[int]]:
    """The entries as pairing sees them: id and the rating they were seeded with (those still
    playing only, to pair a round; every entry, to rank)."""
    entries = tournament.entries.order_by("pk")
    if playing_only:
        entries = entries.filter(withdrawn_after_round__isnull=True)
    return [pairing.Entry(e.pk, e.seed_rating) for e in entries]


def results(tournament: Tournament) -> list[pairing.Result[int]]:
    """Every finished table and bye of the event's finished rounds."""
    tables = RoundTable.objects.filter(
        round__tournament=tournament, round__status=Round.Status.FINISHED, finished=True
    ).order_by("round__number", "number")
    found: list[pairing.Result[int]] = []
    for table in tables:
        if table.away_id is None:
            if table.bracket_match is None:
                found.append(pairing.Result.bye(table.home_id))
            continue
        if table.walkover:
            # Won without play: a win against nobody, as a bye (the withdrawn entry gets none).
            if table.winner_id is not None and table.bracket_match is None:
                found.append(pairing.Result.bye(table.winner_id))
            continue
        points = (table.home_points, table.away_points)
        found.append(pairing.Result(table.home_id, table.away_id, *points))
        # Individuals: each player scores the team's result against the opposite seat.
        if table.home_partner_id is not None and table.away_partner_id is not None:
            found.append(pairing.Result(table.home_partner_id, table.away_partner_id, *points))
    return found


def forbidden(tournament: Tournament) -> list[tuple[int, int]]:
    """The pairs of entries the organizer wants kept apart."""
    return list(tournament.forbidden_pairings.values_list("first_id", "second_id"))


def bracket(tournament: Tournament) -> pairing.Bracket[int]:
    """The single-elimination bracket, seeded by the ratings the entries started with."""
    return pairing.single_elimination(seeds(tournament), third_place=tournament.third_place)


def bracket_winners(tournament: Tournament) -> dict[int, int]:
    """Bracket match number -> winning entry, for the matches decided so far."""
    decided = RoundTable.objects.filter(
        round__tournament=tournament, bracket_match__isnull=False, winner__isnull=False
    )
    return {
        table.bracket_match: table.winner_id
        for table in decided
        if table.bracket_match is not None
        and table.winner_id is not None
        and table.away_id is not None
    }


def pairings_of(round_: pairing.Round[int]) -> list[Pairing]:
    """A pairing round's tables, its bye last."""
    found = [Pairing(home, away) for home, away in round_.pairs]
    if round_.bye is not None:
        found.append(Pairing(round_.bye, None))
    return found


def pair_individuals(
    tournament: Tournament, standings: list[pairing.Standing[int]]
) -> list[Pairing]:
    """Individuals: rotate partners, then seat the teams by strength, best two on table 1."""
    # Nobody partners the same player twice while avoidable; the field is a multiple of four
    # (bots fill the last table). A round robin's n - 1 rounds partner everyone once.
    players = seeds(tournament)
    earlier = RoundTable.objects.filter(round__tournament=tournament, away__isnull=False)
    past = [
        team
        for table in earlier
        for team in ((table.home_id, table.home_partner_id), (table.away_id, table.away_partner_id))
    ]
    # Entries kept apart are not made partners either, while the field allows.
    apart = [(a, b) for a, b in past if a is not None and b is not None] + forbidden(tournament)
    teams = pairing.partner_round(players, apart).teams
    score = {line.entry.id: line.score for line in standings}
    rating = {player.id: player.rating for player in players}
    ranked = sorted(
        teams, key=lambda team: (-sum(score[p] for p in team), -sum(rating[p] for p in team))
    )
    return [
        Pairing(home[0], away[0], home_partner=home[1], away_partner=away[1])
        for home, away in zip(ranked[::2], ranked[1::2], strict=True)
    ]


def seeded_deals(tournament: Tournament, round_number: int, table_number: int) -> list[dict]:
    """The deals a table of a fixed-length match plays, drawn from the event's seed.

    The same event replays the same cards at the same table, whatever the timing.
    """
    deals = tournament.match_deals or 0
    place = (tournament.seed, round_number, table_number)
    first_dealer = _draw(*place, -1) % 4
    # Named without the event's id, so the same event seed replays the same cards.
    name = f"round-{round_number}-table-{table_number}"
    return [
        seeded_step(
            seed=derived_seed(tournament.seed, f"{name}/deal-{deal + 1}"),
            deal_id=f"{name}/deal-{deal + 1}",
            dealer=(first_dealer + deal) % 4,
        )
        for deal in range(deals)
    ]


def table_secret(tournament: Tournament, round_number: int, table_number: int) -> str:
    """The secret a table of the event draws its hands, first dealer and bots' choices from
    (games.deal_seeds): the same event seed replays every match, whatever its length."""
    return derived_seed(tournament.seed, f"round-{round_number}-table-{table_number}/table")


def _draw(*parts: int) -> int:
    """A stable number from the parts (the same on every machine and run)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def table_length(tournament: Tournament, round_: Round, table_number: int) -> dict[str, Any]:
    """What a table is opened with so that it ends its match itself: exactly `match_deals`
    deals (seeded), or the rule set's target (empty)."""
    if not tournament.match_deals:
        return {}
    return {
        "max_hands": tournament.match_deals,
        "deals": seeded_deals(tournament, round_.number, table_number),
    }


def elimination_order(tournament: Tournament) -> list[int]:
    """Entries in final places: champion, finalist, third-place match, then by round reached."""
    tree = bracket(tournament)
    winners = bracket_winners(tournament)
    known = tree.entrants(winners)
    placed: list[int] = []
    last_matches = [tree.final(), *(m for m in tree.rounds[-1] if m.third_place)]
    for match in last_matches:
        winner = winners.get(match.number)
        if winner is None:
            continue
        loser = next(e for e in known[match.number] if e is not None and e != winner)
        placed += [winner, loser]
    reached: dict[int, int] = {}
    for match in tree.matches():
        for entry in known[match.number]:
            if entry is not None:
                reached[entry] = max(reached.get(entry, 0), match.round)
    rest = sorted(set(reached) - set(placed), key=lambda entry: -reached[entry])
    return placed + rest
