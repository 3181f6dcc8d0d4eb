"""Each format's pairings from stored entries and results, through the pure pairing package."""

from __future__ import annotations

import math
from dataclasses import dataclass

from tournaments import duplicate, pairing
from tournaments.models import Round, RoundTable, Tournament
from tournaments.pairing.entries import seeding_order

Format = Tournament.Format


@dataclass(frozen=True)
class Pairing:
    """One table to open (or a bye when `away` is None), and its bracket match if any."""

    home: int
    away: int | None
    bracket_match: int | None = None
    home_partner: int | None = None
    away_partner: int | None = None


def seeds(tournament: Tournament) -> list[pairing.Entry[int]]:
    """The entries as pairing sees them: id and the rating they were seeded with."""
    return [pairing.Entry(e.pk, e.seed_rating) for e in tournament.entries.order_by("pk")]


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
        points = (table.home_points, table.away_points)
        found.append(pairing.Result(table.home_id, table.away_id, *points))
        # Individuals: each player scores the team's result against the opposite seat.
        if table.home_partner_id is not None and table.away_partner_id is not None:
            found.append(pairing.Result(table.home_partner_id, table.away_partner_id, *points))
    return found


def bracket(tournament: Tournament) -> pairing.Bracket[int]:
    """The single-elimination bracket, seeded by the ratings the entries started with."""
    return pairing.single_elimination(seeds(tournament), third_place=tournament.third_place)


def bracket_winners(tournament: Tournament) -> dict[int, int]:
    """Bracket match number -> winning entry, for the matches decided so far."""
    decided = RoundTable.objects.filter(
        round__tournament=tournament, bracket_match__isnull=False, winner__isnull=False
    )
    return {table.bracket_match: table.winner_id for table in decided if table.away_id is not None}


def round_count(tournament: Tournament, entries: int) -> int:
    """How many rounds the event plays with this many entries."""
    if tournament.format == Format.SINGLE_ELIMINATION:
        return len(bracket(tournament).rounds)
    if tournament.format == Format.ROUND_ROBIN:
        return entries - 1 + entries % 2
    wanted = tournament.swiss_rounds or math.ceil(math.log2(entries))
    return max(1, min(wanted, entries - 1))


def pair_round(tournament: Tournament, number: int) -> list[Pairing]:
    """The tables of round `number`, top table first."""
    if tournament.format == Format.SINGLE_ELIMINATION:
        tree = bracket(tournament)
        known = tree.entrants(bracket_winners(tournament))
        found = []
        for match in tree.rounds[number - 1]:
            home, away = known[match.number]
            if home is None or (away is None and not match.is_bye):
                raise ValueError(f"bracket match {match.number} is not decided yet")
            found.append(Pairing(home, away, match.number))
        return found
    if tournament.entry_type == Tournament.EntryType.INDIVIDUALS:
        return _pair_individuals(tournament)
    if tournament.format in (Format.ROUND_ROBIN, Format.DUPLICATE):
        # Duplicate: everyone meets the whole field through the cards; opponents just rotate.
        ids = [entry.id for entry in seeding_order(seeds(tournament))]
        round_ = pairing.round_robin(ids)[number - 1]
    else:
        round_ = pairing.swiss_round(seeds(tournament), results(tournament))
    found = [Pairing(home, away) for home, away in round_.pairs]
    if round_.bye is not None:
        found.append(Pairing(round_.bye, None))
    return found


def _pair_individuals(tournament: Tournament) -> list[Pairing]:
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
    teams = pairing.partner_round(players, [(a, b) for a, b in past if b is not None]).teams
    score = {line.entry.id: line.score for line in standings(tournament)}
    rating = {player.id: player.rating for player in players}
    ranked = sorted(
        teams, key=lambda team: (-sum(score[p] for p in team), -sum(rating[p] for p in team))
    )
    return [
        Pairing(home[0], away[0], home_partner=home[1], away_partner=away[1])
        for home, away in zip(ranked[::2], ranked[1::2], strict=True)
    ]


def standings(tournament: Tournament) -> list[pairing.Standing[int]]:
    """Standings with tie-breaks from every finished round (duplicate: by matchpoints)."""
    if tournament.format == Format.DUPLICATE:
        return duplicate.standings(tournament, seeds(tournament))
    return pairing.standings(seeds(tournament), results(tournament))


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
