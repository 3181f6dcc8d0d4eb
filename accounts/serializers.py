"""JSON shapes of accounts, ratings, leaderboards and tokens in the API."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from rest_framework import serializers

from accounts.models import ApiToken, Rating, RatingChange, User
from accounts.passwords import MAX_PASSWORD_LENGTH
from accounts.usernames import username_check_not_reserved
from config.api import StrictCharField, StrictModelSerializer
from config.registry_fields import RegistryChoiceField
from games.choices import bot_level_choices

# Blank for people: declared so the schema allows "" beside the levels.
BOT_LEVEL = RegistryChoiceField(bot_level_choices, allow_blank=True, read_only=True)


class PlayerSerializer(StrictModelSerializer):
    """How a player is named wherever they appear (bots carry their flag and level)."""

    bot_level = BOT_LEVEL

    class Meta:
        model = User
        fields = ["username", "display_name", "is_bot", "bot_level"]
        read_only_fields = fields


class RatingSerializer(StrictModelSerializer):
    """A rating in one rule set."""

    provisional = serializers.BooleanField(read_only=True)

    class Meta:
        model = Rating
        fields = ["variant", "value", "rated_matches", "provisional"]
        read_only_fields = fields


class ProfileSerializer(StrictModelSerializer):
    """A player's public profile; its owner may change the display name, country and rule set."""

    ratings = RatingSerializer(many=True, read_only=True)
    bot_level = BOT_LEVEL

    class Meta:
        model = User
        fields = [
            "username",
            "display_name",
            "country",
            "preferred_variant",
            "is_bot",
            "bot_level",
            "date_joined",
            "ratings",
        ]
        read_only_fields = ["username", "is_bot", "bot_level", "date_joined", "ratings"]


class RegisterSerializer(StrictModelSerializer):
    """A new person's account; the password must pass the site's password rules."""

    password = StrictCharField(
        write_only=True,
        min_length=1,
        max_length=MAX_PASSWORD_LENGTH,
        trim_whitespace=False,
        style={"input_type": "password"},
    )

    class Meta:
        model = User
        fields = ["username", "password", "display_name", "email"]

    def validate_username(self, value: str) -> str:
        """One account per name in any case: `PLAYER_x` may not join beside `player_x`."""
        if User.objects.filter(username__iexact=value).exists():
            raise serializers.ValidationError(_("A user with that username already exists."))
        try:
            username_check_not_reserved(value)
        except DjangoValidationError as error:
            raise serializers.ValidationError(list(error.messages)) from None
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """Check the password against the other inputs (too similar to the username, ...)."""
        candidate = User(username=attrs["username"], email=attrs.get("email", ""))
        try:
            validate_password(attrs["password"], user=candidate)
        except DjangoValidationError as error:
            raise serializers.ValidationError({"password": list(error.messages)}) from None
        return attrs


class LoginSerializer(serializers.Serializer):
    """Credentials for a session sign-in."""

    username = StrictCharField(min_length=1, max_length=150, trim_whitespace=False)
    password = StrictCharField(
        min_length=1, max_length=128, trim_whitespace=False, style={"input_type": "password"}
    )


class TokenObtainSerializer(LoginSerializer):
    """Credentials, and a name for the token they buy (e.g. "my bot on the laptop")."""

    name = StrictCharField(min_length=1, max_length=64, trim_whitespace=False)


class AccountCloseSerializer(serializers.Serializer):
    """The password again: closing an account cannot be undone."""

    password = StrictCharField(
        min_length=1, max_length=128, trim_whitespace=False, style={"input_type": "password"}
    )


class PasswordChangeSerializer(serializers.Serializer):
    """The old password proves it is the owner; the new one must pass the password rules."""

    old_password = StrictCharField(
        min_length=1, max_length=128, trim_whitespace=False, style={"input_type": "password"}
    )
    new_password = StrictCharField(
        min_length=1, max_length=128, trim_whitespace=False, style={"input_type": "password"}
    )

    def validate_old_password(self, value: str) -> str:
        """Refuse a wrong old password, so a left-open session cannot lock the owner out."""
        if not self.context["request"].user.check_password(value):
            raise serializers.ValidationError(_("The old password is not right."))
        return value

    def validate_new_password(self, value: str) -> str:
        """Apply the site's password rules to the new password."""
        try:
            validate_password(value, user=self.context["request"].user)
        except DjangoValidationError as error:
            raise serializers.ValidationError(list(error.messages)) from None
        return value


class TokenSerializer(StrictModelSerializer):
    """A token as listed: never its key."""

    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created_at", "last_used_at"]
        read_only_fields = ["id", "prefix", "created_at", "last_used_at"]


class TokenCreatedSerializer(TokenSerializer):
    """A token just made, with the key shown this once."""

    key = StrictCharField(read_only=True, help_text="Send as `Authorization: Token <key>`.")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "key"]
        read_only_fields = fields


class LeaderboardEntrySerializer(StrictModelSerializer):
    """One row of a leaderboard."""

    rank = serializers.IntegerField(read_only=True)
    player = PlayerSerializer(source="user", read_only=True)
    provisional = serializers.BooleanField(read_only=True)

    class Meta:
        model = Rating
        fields = ["rank", "player", "value", "rated_matches", "provisional"]
        read_only_fields = fields


class RatingChangeSerializer(StrictModelSerializer):
    """One step of a rating history."""

    match = serializers.IntegerField(source="match_id", read_only=True)

    class Meta:
        model = RatingChange
        fields = ["match", "variant", "before", "after", "expected", "result", "created_at"]
        read_only_fields = fields
