"""Live tables: seats, the match being played (engine JSON plus a version) and its event log."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.choices import BotLevel, bot_level_choices, variant_choices


class Table(models.Model):
    """A table of four seats playing one match; `version` counts every change to its state."""

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    variant = models.CharField(max_length=16, choices=variant_choices)
    house_rules = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    # Set while play is paused (a tournament's organizer): nobody acts, no bot or timer runs.
    paused_at = models.DateTimeField(null=True, blank=True)
    # Strength of the bots that fill seats and stand in for people who time out.
    bot_level = models.CharField(max_length=16, choices=bot_level_choices, default=BotLevel.EASY)
    # Pause before a bot acts when people watch (0 at bot-only tables: full speed).
    bot_delay_ms = models.PositiveIntegerField(default=800)
    # How long a finished trick stays on the felt in people's browsers (a table option).
    trick_pause_ms = models.PositiveIntegerField(default=1500)
    # Seconds a person has for a turn before a bot plays it for them.
    turn_seconds = models.PositiveIntegerField(default=30)
    rated = models.BooleanField(default=False)
    # Paused while a bot holds every person's seat (they all left, or their turns ran out),
    # until one is back: a game against the computer waits for its person, a lobby's table
    # for its people. A tournament's tables play on, as their rounds have a deadline.
    waits_for_people = models.BooleanField(default=False)
    # A match of exactly this many deals (the target ends nothing); empty: play to the target.
    max_hands = models.PositiveSmallIntegerField(null=True, blank=True)
    # Chosen deals, one per hand in order: {"deck": [32 card codes], "dealer": 0-3}; empty:
    # shuffled at random. Tables given the same list deal the same cards hand after hand.
    deals = models.JSONField(default=list, blank=True)
    # A seeded table (a tournament's): every hand not chosen above, the first dealer and the
    # bots' choices are drawn from this secret, so the same secret replays the same match at
    # any speed (games.deal_seeds). Never shown; each hand's own seed is revealed as usual.
    deal_secret = models.CharField(max_length=64, blank=True)
    # Tables sharing a watch group deal the same cards (a duplicate round): while any of them
    # plays, nobody seated at one may watch another, and onlookers see a deal only once every
    # table of the group has finished it (games.watching). Empty: anyone watches live.
    watch_group = models.CharField(max_length=64, blank=True, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="created_tables",
    )
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    # Indexed: the stall sweep finds the tables that changed lately, of any age or status.
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        return f"Table {self.pk} ({self.get_variant_display()})"

    @property
    def is_paused(self) -> bool:
        """Whether play is stopped until someone resumes it."""
        return self.paused_at is not None


class Seat(models.Model):
    """One of a table's four places: empty, a person, or a computer player's account."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    # Turns in a row a person let run out; at the limit a bot holds the seat for them.
    timeouts_in_row = models.PositiveSmallIntegerField(default=0)
    bot_holding = models.BooleanField(default=False)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_seat_per_number"),
            models.CheckConstraint(condition=models.Q(number__lte=3), name="seat_number_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.number}: {self.user or 'empty'}"

    @property
    def bot_decides(self) -> bool:
        """Whether a bot decides for this seat: a bot's own seat, or a person's it holds."""
        return self.bot_holding or bool(self.user is not None and self.user.is_bot)


class Match(models.Model):
    """The match a table plays: the engine's Match JSON, and what ratings need once it ends."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="match")
    variant = models.CharField(max_length=16, choices=variant_choices)
    house_rules = models.JSONField(default=dict, blank=True)
    rated = models.BooleanField(default=False)
    # games.rules.Match.to_json(), the hand in progress included.
    engine = models.JSONField()
    hands_played = models.PositiveIntegerField(default=0)
    # Team 0 holds seats 0 and 2, team 1 seats 1 and 3.
    score = models.JSONField(default=list)
    hanging = models.JSONField(default=list)
    winner_team = models.PositiveSmallIntegerField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    players = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="MatchPlayer", related_name="matches"
    )

    class Meta:
        ordering = ["-started_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"Match at {self.table}"


class MatchPlayer(models.Model):
    """Who held a seat when the match began: the accounts its result is rated for."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seated")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="match_seats"
    )

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_player_per_match_seat")
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat}: {self.user}"

    @property
    def team(self) -> int:
        """Seats 0 and 2 are team 0; seats 1 and 3 team 1."""
        return self.seat % 2


class TableEvent(models.Model):
    """One change to a table, never edited: every hand replays from these."""

    class Kind(models.TextChoices):
        SEAT = "seat", "Seat changed"
        DEAL = "deal", "Hand dealt"
        BID = "bid", "Bid"
        PLAY = "play", "Card played"
        HAND_END = "hand_end", "Hand over"
        MATCH_END = "match_end", "Match over"
        PAUSE = "pause", "Play paused"
        RESUME = "resume", "Play resumed"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    version = models.PositiveIntegerField()
    hand = models.PositiveIntegerField(default=0)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    # Who acted: a person, their bot after a timeout, or a bot's own seat.
    actor = models.CharField(max_length=16, blank=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "version"]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="one_event_per_version")
        ]

    def __str__(self) -> str:
        return f"{self.table} v{self.version} {self.kind}"


class ChatMessage(models.Model):
    """A line of table chat; players and spectators talk in separate channels."""

    class Channel(models.TextChoices):
        PLAYERS = "players", "Players"
        SPECTATORS = "spectators", "Spectators"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    channel = models.CharField(max_length=16, choices=Channel.choices)
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "created_at"]
        indexes = [models.Index(fields=["user", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.user}: {self.text}"


class DealSeed(models.Model):
    """The secret a hand's deck came from, and its commitment, published before the hand.

    The seed is shown only once the match is over (a duplicate round: every table of it),
    so anyone can recompute the deck (games.verify). A chosen deck has no seed.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deal_seeds")
    # The hand's number at the table, as in TableEvent.hand (1 for the first).
    hand = models.PositiveIntegerField()
    deal_id = models.CharField(max_length=128)
    seed = models.CharField(max_length=64, blank=True)
    commitment = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["table", "hand"]
        constraints = [models.UniqueConstraint(fields=["table", "hand"], name="one_seed_per_hand")]

    def __str__(self) -> str:
        return f"{self.table} hand {self.hand}: {self.deal_id}"


class HandAnalysis(models.Model):
    """A finished hand valued card by card (games.analysis), computed off the live path."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="analyses")
    hand = models.PositiveIntegerField()
    # games.analysis.analyse_hand(): each decision, its cards' values and the losses.
    data = models.JSONField()
    # CPU seconds the analysis took (the budget is 2 s a hand).
    seconds = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "hand"]
        verbose_name_plural = "hand analyses"
        constraints = [
            models.UniqueConstraint(fields=["table", "hand"], name="one_analysis_per_hand")
        ]

    def __str__(self) -> str:
        return f"{self.table} hand {self.hand} analysed"
