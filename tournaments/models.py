"""Tournaments, their entries, rounds, the round's tables and the standings after each round."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.choices import BotLevel, bot_level_choices, variant_choices

if TYPE_CHECKING:
    from accounts.models import User


def new_seed() -> int:
    """A fresh event seed (positive, fits a signed 64-bit column)."""
    return secrets.randbits(62)


class Tournament(models.Model):
    """An event run by an organizer in one rule set and one format."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration open")
        CHECK_IN = "check_in", _("Check-in")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class Format(models.TextChoices):
        SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        DUPLICATE = "duplicate", _("Duplicate")

    class EntryType(models.TextChoices):
        PAIRS = "pairs", _("Fixed pairs")
        INDIVIDUALS = "individuals", _("Individuals")

    class Ranking(models.TextChoices):
        WINS = "wins", _("Wins, then Buchholz")
        WINS_DIFFERENCE = "wins_difference", _("Wins, then points difference")
        POINTS = "points", _("Total points")
        DIFFERENCE = "difference", _("Points difference (goal-average)")

    name = models.CharField(max_length=120)
    description = models.TextField(_("description"), blank=True, max_length=4000)
    variant = models.CharField(max_length=16, choices=variant_choices)
    # The rule set's house rules, `target` (the score that ends a match) included.
    house_rules = models.JSONField(default=dict, blank=True)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_tournaments"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    format = models.CharField(max_length=24, choices=Format.choices)
    entry_type = models.CharField(max_length=16, choices=EntryType.choices, default=EntryType.PAIRS)
    # A match ends after this many deals, by the score then; empty: at the rule set's target.
    # Duplicate: the deals every table of a round plays (required).
    match_deals = models.PositiveSmallIntegerField(null=True, blank=True)
    # Swiss and duplicate: rounds to play; empty: log2 of the field (a Swiss's single winner).
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    third_place = models.BooleanField(default=False)
    # How the standings rank (duplicate always ranks by matchpoints).
    ranking = models.CharField(
        _("ranking"), max_length=16, choices=Ranking.choices, default=Ranking.WINS
    )
    registration_opens_at = models.DateTimeField(null=True, blank=True)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    check_in_opens_at = models.DateTimeField(null=True, blank=True)
    check_in_closes_at = models.DateTimeField(null=True, blank=True)
    # The clock also opens a draft's registration at registration_opens_at and check-in at
    # check_in_opens_at; at starts_at it starts the event, as the organizer's Start would.
    starts_at = models.DateTimeField(
        null=True, blank=True, help_text="The event starts itself then (empty: you start it)."
    )
    # Minutes a round may run; unfinished tables are then decided by their current score.
    round_minutes = models.PositiveSmallIntegerField(default=60)
    bots_allowed = models.BooleanField(default=True)
    # Seconds a round's players have to come to their table before a bot holds their seat
    # (they take it back on arrival).
    absent_grace_seconds = models.PositiveSmallIntegerField(
        _("seconds to come to the table"),
        default=60,
        help_text=_("Then a bot holds an absent player's seat until they arrive."),
    )
    # Strength of the bots that stand in for absent players.
    bot_level = models.CharField(max_length=16, choices=bot_level_choices, default=BotLevel.MEDIUM)
    rated = models.BooleanField(default=True)
    # While paused no round starts and the running round's clock stops.
    paused_at = models.DateTimeField(null=True, blank=True)
    # Draws the cards of fixed-length matches: the same event replays the same deals.
    seed = models.BigIntegerField(default=new_seed, editable=False)
    # What stopped the event (a round that could not start or finish); it waits, paused, for
    # the organizer to resume (which tries again) or cancel. Empty: nothing went wrong.
    problem = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_paused(self) -> bool:
        """Whether the organizer has paused the event."""
        return self.paused_at is not None


class Entry(models.Model):
    """A pair (or, in an individuals event, one player) entered in a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    # A pair's own team name; blank: its players' names, read as they are now and in the
    # reader's language (a renamed player, a closed account, a table filler).
    name = models.CharField(max_length=120, blank=True)
    player_one = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    player_two = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    # The team's rating when the event started: it seeds the bracket and orders the Swiss.
    seed_rating = models.FloatField(default=0.0)
    checked_in = models.BooleanField(default=False)
    # Did not check in: computer players sit in its seats for the whole event (for this entry,
    # which keeps its place and its score).
    no_show = models.BooleanField(default=False)
    # A computer player that fills the last table of individuals: it plays, never ranks.
    filler = models.BooleanField(default=False)
    # A pair is registered once the invited partner accepts (the organizer's entries at once).
    partner_accepted = models.BooleanField(default=True)
    # Left the running event after this many rounds had started; what follows depends on the
    # format (tournaments.withdrawal). Its results and place in the standings stay.
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "-seed_rating", "registered_at", "id"]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return self.name or " & ".join(str(player) for player in self.players())

    def players(self) -> list[User]:
        """The entry's players, first player first."""
        return [p for p in (self.player_one, self.player_two) if p is not None]

    @property
    def named_apart(self) -> bool:
        """Whether the entry has a name of its own (a team name), not its players'."""
        return bool(self.name)


def with_players(*entries: str) -> list[str]:
    """The relations to read with entries (those `entries` name, or the entry itself) so that
    naming them (their players' names) costs no query more."""
    return [
        f"{entry}__{player}" if entry else player
        for entry in entries or ("",)
        for player in ("player_one", "player_two")
    ]


class Round(models.Model):
    """One round: pending until its tables are created, running, then finished once."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class RoundTable(models.Model):
    """One pairing of a round: a live table between two entries, or a bye for `home`."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    table = models.OneToOneField(
        "games.Table",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_table",
    )
    # Home holds seats 0 and 2 (team 0), away seats 1 and 3 (team 1).
    home = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="home_tables")
    away = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="away_tables", null=True, blank=True
    )
    # Individuals events: the partners the round gave home and away (seats 2 and 3).
    home_partner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    away_partner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    # Single elimination: the bracket match this board plays.
    bracket_match = models.PositiveSmallIntegerField(null=True, blank=True)
    home_points = models.IntegerField(default=0)
    away_points = models.IntegerField(default=0)
    winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="won_tables", null=True, blank=True
    )
    finished = models.BooleanField(default=False)
    # Decided by the score when the round's time ran out, not played to the end.
    adjudicated = models.BooleanField(default=False)
    # Won without play (or conceded mid-match): the other entry withdrew. Counts as a bye.
    walkover = models.BooleanField(default=False)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_round_table_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"

    @property
    def is_bye(self) -> bool:
        """Whether home sits the round out (and scores it as a win)."""
        return self.away_id is None


class Standing(models.Model):
    """One line of the standings table after the latest finished round."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="standing")
    rank = models.PositiveSmallIntegerField()
    score = models.FloatField(default=0.0)
    buchholz = models.FloatField(default=0.0)
    sonneborn_berger = models.FloatField(default=0.0)
    points_difference = models.IntegerField(default=0)
    points_for = models.IntegerField(default=0)
    rounds_played = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["tournament", "rank", "entry"]

    def __str__(self) -> str:
        return f"{self.rank}. {self.entry}"


class ResultAdjustment(models.Model):
    """An organizer's change to a table's result: what it was, what it became, and why."""

    table = models.ForeignKey(RoundTable, on_delete=models.CASCADE, related_name="adjustments")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=200)
    points_before = models.JSONField()
    points_after = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.table}: {self.points_before} -> {self.points_after} ({self.reason})"


class ForbiddenPairing(models.Model):
    """Two entries that should not meet (teammates, family): pairing avoids it while it can."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="forbidden_pairings"
    )
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="one_forbidden_pairing")
        ]

    def __str__(self) -> str:
        return f"{self.first} / {self.second}"
