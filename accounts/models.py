"""Users (people and computer players alike) and their rating per rule set."""

from __future__ import annotations

import secrets
from typing import ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.models import UserManager as DjangoUserManager
from django.core.validators import RegexValidator
from django.db import models, transaction
from django.db.models.functions import Lower

from accounts.elo import PlayerBefore, is_provisional, match_changes
from accounts.usernames import GUEST_PREFIX, level_account, site_account_name
from games.choices import BotLevel, Variant, bot_level_choices, variant_choices

INITIAL_RATING = 1500.0
# The computer players' ratings per rule set: a person's match against the computer is rated
# against them (their one account, in three seats, never moves from it; see
# accounts.elo.match_changes), so they are a yardstick, and a player must come to the same
# rating whichever level they play. Medium is where a new person starts; easy and hard lie as
# far from it as their whole matches against medium show (`bench/computer_ratings.py`,
# docs/bots.md).
COMPUTER_RATINGS: dict[BotLevel, dict[str, float]] = {
    BotLevel.EASY: {"bulgarian": 1370.0, "bela": 1390.0, "belote": 1410.0, "coinche": 1290.0},
    BotLevel.MEDIUM: dict.fromkeys(Variant.values, INITIAL_RATING),
    BotLevel.HARD: {"bulgarian": 1580.0, "bela": 1530.0, "belote": 1570.0, "coinche": 1540.0},
}


class UserManager(DjangoUserManager["User"]):
    """Usernames are one name whatever their case: `Ann` signs in as `ann`."""

    def get_by_natural_key(self, username: str | None) -> User:
        """The account of this username in any case (the backend's sign-in lookup)."""
        return self.get(username__iexact=username)


class User(AbstractUser):
    """An account; a computer player is an account too, so it can be seated and rated."""

    objects: ClassVar[UserManager] = UserManager()

    display_name = models.CharField(max_length=64, blank=True)
    is_bot = models.BooleanField(default=False)
    bot_level = models.CharField(max_length=16, choices=bot_level_choices, blank=True)
    # ISO 3166-1 alpha-2 code, e.g. "BG"; blank when the player keeps it to themselves.
    country = models.CharField(
        max_length=2,
        blank=True,
        validators=[RegexValidator(r"^[A-Z]{2}$", "Use a two-letter country code such as BG.")],
    )
    preferred_variant = models.CharField(max_length=16, choices=variant_choices, blank=True)
    # Blank: the browser's language and time zone.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True)
    time_zone = models.CharField(max_length=64, blank=True)

    class Meta:
        constraints = [
            # "PLAYER_x" beside "player_x" would let one player pass for another.
            models.UniqueConstraint(
                Lower("username"),
                name="username_unique_in_any_case",
                violation_error_message="A user with that username already exists.",
            ),
            models.CheckConstraint(
                condition=(models.Q(is_bot=True) & ~models.Q(bot_level=""))
                | (models.Q(is_bot=False) & models.Q(bot_level="")),
                name="bot_level_iff_bot",
                violation_error_message="A computer player needs a level; a person has none.",
            ),
        ]

    def __str__(self) -> str:
        """The name pages show: the site's own accounts' in the viewer's language."""
        if self.is_bot or self.is_guest or not self.is_active:
            level = BotLevel(self.bot_level).label if self.bot_level else ""
            name = site_account_name(self.username, str(level))
            if name is not None:
                return name
        return self.display_name or self.username

    @property
    def is_guest(self) -> bool:
        """An account made for a game against the computer without signing up (not rated)."""
        return not self.is_bot and self.username.startswith(GUEST_PREFIX)

    @classmethod
    def guests(cls) -> models.QuerySet[User]:
        """Every guest's account (see `is_guest`)."""
        return cls.objects.filter(is_bot=False, username__startswith=GUEST_PREFIX)

    @classmethod
    def computer_player(cls, *, username: str, display_name: str, level: BotLevel) -> User:
        """A computer player's account, created once; it can never sign in."""
        bot, created = cls.objects.get_or_create(
            username=username,
            defaults={"display_name": display_name, "is_bot": True, "bot_level": level},
        )
        if created:
            bot.set_unusable_password()
            bot.save(update_fields=["password"])
        return bot

    @classmethod
    def guest_account(cls) -> User:
        """A new guest's account, to try a game against the computer without signing up; it has
        no password and its games are not rated."""
        username = f"{GUEST_PREFIX}{secrets.token_hex(6)}"
        guest = cls(username=username, display_name=site_account_name(username, "") or "")
        guest.set_unusable_password()
        guest.save()
        return guest

    @classmethod
    def bot_account(cls, *, level: BotLevel, rating: float | None = None) -> User:
        """The computer player of a level, created once with a rating in every rule set (its
        level's in COMPUTER_RATINGS unless `rating` is given)."""
        with transaction.atomic():
            username = level_account(level.value)
            bot = cls.computer_player(
                username=username,
                display_name=site_account_name(username, str(level.label)) or "",
                level=level,
            )
            for variant in Variant:
                start = COMPUTER_RATINGS[level][variant] if rating is None else rating
                Rating.objects.get_or_create(user=bot, variant=variant, defaults={"value": start})
        return bot

    def computer_match_stakes(self) -> list[dict[str, object]]:
        """What a rated match against each level of the computer would move this person's rating
        by, per rule set: `win` and `loss` (their partner and both opponents being that level's
        one account, as accounts.elo.match_changes will rate it), beside `rating`, theirs now.
        A method of the account rather than a service: the lobby (games) reads only this model."""
        mine = {r.variant: r for r in self.ratings.all()}
        # The levels' own accounts only: a tournament's computer entries are bots too, by the
        # hundred on a busy site, and the lobby reads this on every visit.
        accounts = [level_account(level.value) for level in BotLevel]
        computers = {
            (r.user.bot_level, r.variant): r.value
            for r in Rating.objects.filter(user__username__in=accounts).select_related("user")
        }
        stakes: list[dict[str, object]] = []
        for variant in Variant.values:
            rating = mine.get(variant)
            person = PlayerBefore(
                self.pk,
                INITIAL_RATING if rating is None else rating.value,
                0 if rating is None else rating.rated_matches,
            )
            for level in BotLevel:
                value = computers.get((level, variant), COMPUTER_RATINGS[level][variant])
                computer = PlayerBefore(0, value, 0)
                win, loss = (
                    next(
                        c.after - c.before
                        for c in match_changes(((person, computer), (computer, computer)), result)
                        if c.user_id == self.pk
                    )
                    for result in (1.0, 0.0)
                )
                stakes.append(
                    {
                        "variant": variant,
                        "level": str(level),
                        "rating": person.rating,
                        "win": win,
                        "loss": loss,
                    }
                )
        return stakes


class Rating(models.Model):
    """A user's Elo rating in one rule set."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    variant = models.CharField(max_length=16, choices=variant_choices)
    value = models.FloatField(default=INITIAL_RATING)
    rated_matches = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "variant"], name="one_rating_per_variant")
        ]
        ordering = ["variant", "-value"]

    def __str__(self) -> str:
        return f"{self.user} {self.variant} {self.value:.0f}"

    @property
    def provisional(self) -> bool:
        """Marked on leaderboards until the rating has enough matches behind it."""
        return is_provisional(self.rated_matches)


class RatingChange(models.Model):
    """One player's rating move after one match: the history profiles draw."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    variant = models.CharField(max_length=16, choices=variant_choices)
    match = models.ForeignKey(
        "games.Match", on_delete=models.CASCADE, related_name="rating_changes"
    )
    before = models.FloatField()
    after = models.FloatField()
    # The team's expected share of the result, and the share it took (1 won, 0 lost).
    expected = models.FloatField()
    result = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # The last guard of "rated exactly once", should two raters ever race past the lock.
            models.UniqueConstraint(fields=["match", "user"], name="one_change_per_match_player")
        ]
        indexes = [models.Index(fields=["user", "variant", "created_at"])]
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.user} {self.variant} {self.before:.0f} -> {self.after:.0f}"

    @property
    def delta(self) -> float:
        """How far the match moved the rating."""
        return self.after - self.before


class ApiToken(models.Model):
    """A key an API client sends as `Authorization: Token <key>`; only its digest is stored."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=64)
    # The key's first characters, shown so a person can tell their tokens apart.
    prefix = models.CharField(max_length=8)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user}: {self.name} ({self.prefix}...)"


class LoginFailure(models.Model):
    """A failed sign-in, counted per username and per address to slow password guessing."""

    username = models.CharField(max_length=150)
    ip = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["username", "at"]), models.Index(fields=["ip", "at"])]

    def __str__(self) -> str:
        return f"{self.username} from {self.ip} at {self.at:%Y-%m-%d %H:%M:%S}"


class KnownAddress(models.Model):
    """An address an account signed in from: guesses spread over other addresses never lock
    its owner out there (accounts.login_guard)."""

    username = models.CharField(max_length=150)
    ip = models.GenericIPAddressField()
    last_seen = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["username", "ip"], name="one_known_address_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.username} from {self.ip}"
