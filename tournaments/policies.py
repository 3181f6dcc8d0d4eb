"""One policy per format: everything that differs between single elimination, Swiss, round
robin and duplicate (round count, pairing, table options, standings, final ranks, whether
individuals may play, and what the settings and the start must satisfy), in one place.

Services, rounds and pages ask `policy_for(tournament)` and never test the format themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import ServiceError
from tournaments import duplicate, formats, pairing
from tournaments.models import Round, Tournament
from tournaments.pairing.entries import seeding_order

Format = Tournament.Format


class Withdrawal(StrEnum):
    """What a director does with an entry that leaves a running event (its results stay)."""

    # Not paired again (a Swiss of pairs: pairing chooses who meets).
    DROPPED = "dropped"
    # Its scheduled matches are won by its opponents by walkover (round robin, knockout).
    WALKOVERS = "walkovers"
    # Stand-in bots play its seats, scoring for it, so every table stays full (duplicate's
    # movement, individuals' partner rotation).
    STAND_INS = "stand_ins"


class FormatPolicy:
    """The rules every format shares; each format overrides what it does differently."""

    format: ClassVar[Format]
    individuals_allowed: ClassVar[bool] = True
    # Whether its page draws a bracket rather than a standings table.
    draws_bracket: ClassVar[bool] = False
    # Whether its standings rank by matchpoints (compared deals) rather than wins.
    ranks_by_matchpoints: ClassVar[bool] = False

    def withdrawal(self, tournament: Tournament) -> Withdrawal:
        """What becomes of an entry that leaves the running event: rotating partners need
        four at every table, so stand-ins play for an individual; a fixed schedule or bracket
        of pairs gives its opponents walkovers."""
        if tournament.entry_type == Tournament.EntryType.INDIVIDUALS:
            return Withdrawal.STAND_INS
        return Withdrawal.WALKOVERS

    def still_in(self, tournament: Tournament, entry_id: int) -> bool:
        """Whether the entry has matches left to play (everyone does, but in a knockout)."""
        return True

    def keeps_apart(self, tournament: Tournament) -> bool:
        """Whether entries kept apart count here: the format chooses who meets (a Swiss), or
        partners rotate (individuals)."""
        return tournament.entry_type == Tournament.EntryType.INDIVIDUALS

    def check_settings(self, values: Mapping[str, Any]) -> None:
        """Refuse, in words, settings this format cannot run with."""
        individuals = values.get("entry_type") == Tournament.EntryType.INDIVIDUALS
        if individuals and not self.individuals_allowed:
            raise ServiceError(
                "unsupported",
                _(
                    "Individuals change partners every round, so no team goes through a "
                    "knockout: choose Swiss, round robin or duplicate, or enter fixed pairs."
                ),
            )

    def check_start(self, tournament: Tournament, playing: int) -> None:
        """Refuse, in words, to start with `playing` entries if the format cannot."""
        if playing < 2:
            raise ServiceError(
                "too_few",
                ngettext(
                    "A tournament needs at least two entries; %(count)d is playing.",
                    "A tournament needs at least two entries; %(count)d are playing.",
                    playing,
                )
                % {"count": playing},
            )

    def round_count(self, tournament: Tournament, entries: int) -> int:
        """How many rounds the event plays with this many entries."""
        wanted = tournament.swiss_rounds or math.ceil(math.log2(max(entries, 2)))
        return max(1, min(wanted, entries - 1))

    def pair_round(self, tournament: Tournament, number: int) -> list[formats.Pairing]:
        """The tables of round `number`, top table first."""
        if tournament.entry_type == Tournament.EntryType.INDIVIDUALS:
            return formats.pair_individuals(tournament, self.standings(tournament))
        return self._pair_teams(tournament, number)

    def _pair_teams(self, tournament: Tournament, number: int) -> list[formats.Pairing]:
        round_ = pairing.swiss_round(
            formats.seeds(tournament, playing_only=True),
            formats.results(tournament),
            formats.forbidden(tournament),
        )
        return formats.pairings_of(round_)

    def table_options(
        self, tournament: Tournament, round_: Round, pairings: Sequence[formats.Pairing]
    ) -> list[dict[str, Any]]:
        """How each table of the round is opened (its length and, when seeded, its deals)."""
        return [
            {} if pairing_.away is None else formats.table_length(tournament, round_, number)
            for number, pairing_ in enumerate(pairings, start=1)
        ]

    def round_title(self, number: int, rounds: int) -> str:
        """What the pages call round `number` of `rounds`."""
        return _("Round %(number)d") % {"number": number}

    def score_round(self, *, tournament: Tournament, round_: Round) -> None:
        """Turn the round's table results into what the standings count (as played: nothing)."""

    def standings(self, tournament: Tournament) -> list[pairing.Standing[int]]:
        """Standings over every finished round, ranked as the event chose."""
        results = formats.results(tournament)
        lines = pairing.standings(formats.seeds(tournament), results)
        key = RANKINGS.get(tournament.ranking)
        if key is None:
            return lines
        scored = pairing.points_scored(results)
        return pairing.rank_by(lines, lambda line: key(line, scored.get(line.entry.id, 0)))

    def points_for(self, tournament: Tournament) -> dict[int, int]:
        """Game points each entry scored (duplicate: matchpoints are its score already)."""
        return pairing.points_scored(formats.results(tournament))

    def final_ranks(
        self, tournament: Tournament, lines: Sequence[pairing.Standing[int]]
    ) -> dict[int, int]:
        """Entry -> place: by the standings."""
        return {line.entry.id: line.rank for line in lines}


Ranking = Tournament.Ranking
# The ranking keys besides wins with their tie-breaks (the pairing package's own order).
RANKINGS: dict[str, Callable[[pairing.Standing[int], int], tuple[float, ...]]] = {
    Ranking.WINS_DIFFERENCE: lambda line, points: (line.score, line.points_difference, points),
    Ranking.POINTS: lambda line, points: (points, line.points_difference),
    Ranking.DIFFERENCE: lambda line, points: (line.points_difference, points),
}


class SwissPolicy(FormatPolicy):
    """Swiss: entries of equal score meet, nobody twice; `swiss_rounds` or log2 of the field."""

    format = Format.SWISS

    def keeps_apart(self, tournament: Tournament) -> bool:
        return True

    def withdrawal(self, tournament: Tournament) -> Withdrawal:
        if tournament.entry_type == Tournament.EntryType.PAIRS:
            return Withdrawal.DROPPED
        return super().withdrawal(tournament)


class RoundRobinPolicy(FormatPolicy):
    """Round robin: everyone meets everyone once."""

    format = Format.ROUND_ROBIN

    def round_count(self, tournament: Tournament, entries: int) -> int:
        return max(1, entries - 1 + entries % 2)

    def _pair_teams(self, tournament: Tournament, number: int) -> list[formats.Pairing]:
        ids = [entry.id for entry in seeding_order(formats.seeds(tournament))]
        return formats.pairings_of(pairing.round_robin(ids)[number - 1])


class DuplicatePolicy(FormatPolicy):
    """Duplicate: every table plays the round's same deals; entries score matchpoints."""

    format = Format.DUPLICATE
    ranks_by_matchpoints = True

    def check_settings(self, values: Mapping[str, Any]) -> None:
        if not values.get("match_deals"):
            raise ServiceError(
                "invalid",
                _(
                    "Duplicate compares deal by deal: set match_deals, the number of deals "
                    "every table plays."
                ),
            )
        super().check_settings(values)

    def check_start(self, tournament: Tournament, playing: int) -> None:
        super().check_start(tournament, playing)
        individuals = tournament.entry_type == Tournament.EntryType.INDIVIDUALS
        per_table = 4 if individuals else 2
        if playing >= 2 * per_table and playing % per_table == 0:
            return
        if individuals:
            message = ngettext(
                "Duplicate compares two full tables or more: %(count)d player does not "
                "fill them (enter bots).",
                "Duplicate compares two full tables or more: %(count)d players do not "
                "fill them (enter bots).",
                playing,
            )
        else:
            message = ngettext(
                "Duplicate compares two full tables or more: %(count)d pair does not fill "
                "them (enter bots).",
                "Duplicate compares two full tables or more: %(count)d pairs do not fill "
                "them (enter bots).",
                playing,
            )
        raise ServiceError("tables_to_compare", message % {"count": playing})

    def withdrawal(self, tournament: Tournament) -> Withdrawal:
        return Withdrawal.STAND_INS

    def _pair_teams(self, tournament: Tournament, number: int) -> list[formats.Pairing]:
        # Everyone meets the whole field through the cards; opponents just rotate.
        return RoundRobinPolicy()._pair_teams(tournament, number)

    def table_options(
        self, tournament: Tournament, round_: Round, pairings: Sequence[formats.Pairing]
    ) -> list[dict[str, Any]]:
        pairs = [
            ((p.home, p.home_partner), (p.away, p.away_partner))
            for p in pairings
            if p.away is not None
        ]
        return duplicate.table_options(tournament=tournament, round_=round_, pairs=pairs)

    def score_round(self, *, tournament: Tournament, round_: Round) -> None:
        duplicate.round_score(round_=round_, tournament=tournament)

    def standings(self, tournament: Tournament) -> list[pairing.Standing[int]]:
        return duplicate.standings(tournament, formats.seeds(tournament))


class EliminationPolicy(FormatPolicy):
    """Single elimination: a seeded bracket, losers go out; fixed pairs only."""

    format = Format.SINGLE_ELIMINATION
    individuals_allowed = False
    draws_bracket = True

    def check_start(self, tournament: Tournament, playing: int) -> None:
        super().check_start(tournament, playing)
        if tournament.third_place and playing < 4:
            raise ServiceError(
                "third_place_needs_four",
                ngettext(
                    "A third-place match needs four entries; %(count)d is playing.",
                    "A third-place match needs four entries; %(count)d are playing.",
                    playing,
                )
                % {"count": playing},
            )

    def round_count(self, tournament: Tournament, entries: int) -> int:
        return len(formats.bracket(tournament).rounds)

    def still_in(self, tournament: Tournament, entry_id: int) -> bool:
        tree = formats.bracket(tournament)
        winners = formats.bracket_winners(tournament)
        known = tree.entrants(winners)
        return any(
            entry_id in known[match.number]
            for match in tree.matches()
            if match.number not in winners and not match.is_bye
        )

    def pair_round(self, tournament: Tournament, number: int) -> list[formats.Pairing]:
        tree = formats.bracket(tournament)
        known = tree.entrants(formats.bracket_winners(tournament))
        found = []
        for match in tree.rounds[number - 1]:
            home, away = known[match.number]
            if home is None or (away is None and not match.is_bye):
                raise ValueError(f"bracket match {match.number} is not decided yet")
            found.append(formats.Pairing(home, away, match.number))
        return found

    def round_title(self, number: int, rounds: int) -> str:
        if number == rounds:
            return _("Final")
        if number == rounds - 1:
            return _("Semi-finals")
        return super().round_title(number, rounds)

    def final_ranks(
        self, tournament: Tournament, lines: Sequence[pairing.Standing[int]]
    ) -> dict[int, int]:
        return {
            entry: place for place, entry in enumerate(formats.elimination_order(tournament), 1)
        }


POLICIES: dict[str, FormatPolicy] = {
    policy.format: policy
    for policy in (SwissPolicy(), RoundRobinPolicy(), DuplicatePolicy(), EliminationPolicy())
}


def policy_for(tournament: Tournament | str) -> FormatPolicy:
    """The policy of a tournament's format (or of a format's value)."""
    key = tournament if isinstance(tournament, str) else tournament.format
    return POLICIES[key]
