"""REST API of tournaments: the public list and page, entering, and the organizer's actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, generics, permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from config.api import ErrorSerializer, StrictCharField
from config.registry_fields import RegistryChoiceField
from config.signed_in import signed_in_user
from games.api import AccuracySerializer
from games.choices import BotLevel, bot_level_choices, variant_choices
from tournaments import director, queries, services
from tournaments.accuracy import entrant_accuracy
from tournaments.models import Entry, Round, RoundTable, Standing, Tournament

ERRORS = {
    code: OpenApiResponse(ErrorSerializer, description=description)
    for code, description in (
        (400, "Refused: invalid input, or outside the registration or check-in window."),
        (401, "Not signed in."),
        (403, "Only the organizer or staff may do this."),
        (404, "No such tournament or entry."),
        (409, "Not in this status: the message says what the tournament can do now."),
    )
}


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament's settings and status."""

    organizer = serializers.CharField(source="organizer.username")
    house_rules = serializers.DictField()
    paused = serializers.BooleanField(source="is_paused")

    class Meta:
        model = Tournament
        fields = [
            "id", "name", "variant", "house_rules", "format", "entry_type", "status",
            "organizer", "match_deals", "swiss_rounds", "third_place", "registration_opens_at",
            "registration_closes_at", "check_in_opens_at", "check_in_closes_at", "starts_at",
            "round_minutes", "bots_allowed", "bot_level", "rated", "paused", "created_at",
            "started_at", "finished_at", "description", "ranking", "problem",
            "absent_grace_seconds",
        ]  # fmt: skip


class EntrySerializer(serializers.ModelSerializer):
    """An entry and its players."""

    name = serializers.SerializerMethodField()
    players = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = [
            "id", "name", "players", "seed_rating", "checked_in", "no_show", "filler",
            "partner_accepted",
        ]  # fmt: skip

    def get_name(self, entry: Entry) -> str:
        """Its team name, or its players' names as they are now, in the reader's language."""
        return str(entry)

    def get_players(self, entry: Entry) -> list[str]:
        """Usernames, first player first."""
        return [player.username for player in entry.players()]


class RoundTableSerializer(serializers.ModelSerializer):
    """One pairing of a round and its result (`away` is null for a bye)."""

    class Meta:
        model = RoundTable
        fields = [
            "id", "number", "table", "home", "away", "home_partner", "away_partner",
            "bracket_match", "home_points", "away_points",
            "winner", "finished", "adjudicated", "note",
        ]  # fmt: skip


class RoundSerializer(serializers.ModelSerializer):
    """A round, its deadline and its tables."""

    tables = RoundTableSerializer(many=True)

    class Meta:
        model = Round
        fields = ["number", "status", "started_at", "deadline", "finished_at", "tables"]


class StandingSerializer(serializers.ModelSerializer):
    """One line of the standings."""

    class Meta:
        model = Standing
        fields = [
            "rank", "entry", "score", "buchholz", "sonneborn_berger", "points_difference",
            "points_for", "rounds_played",
        ]  # fmt: skip


class TournamentDetailSerializer(TournamentSerializer):
    """A tournament with its entries, rounds and standings."""

    entries = EntrySerializer(many=True)
    rounds = RoundSerializer(many=True)
    standings = StandingSerializer(many=True)

    class Meta(TournamentSerializer.Meta):
        fields = [*TournamentSerializer.Meta.fields, "entries", "rounds", "standings"]


class SettingsSerializer(serializers.Serializer):
    """What an organizer may change before the event starts."""

    name = StrictCharField(max_length=120)
    house_rules = serializers.DictField(default=dict)
    match_deals = serializers.IntegerField(
        min_value=1, max_value=100, allow_null=True, default=None
    )
    swiss_rounds = serializers.IntegerField(
        min_value=1, max_value=30, allow_null=True, default=None
    )
    third_place = serializers.BooleanField(default=False)
    # Not trimmed here, so what the schema's maxLength counts is what is checked.
    description = StrictCharField(
        max_length=4000, allow_blank=True, default="", trim_whitespace=False
    )
    ranking = serializers.ChoiceField(
        choices=Tournament.Ranking.choices, default=Tournament.Ranking.WINS
    )
    registration_opens_at = serializers.DateTimeField(allow_null=True, default=None)
    registration_closes_at = serializers.DateTimeField(allow_null=True, default=None)
    check_in_opens_at = serializers.DateTimeField(allow_null=True, default=None)
    check_in_closes_at = serializers.DateTimeField(allow_null=True, default=None)
    # The event starts itself then, as Start would (and opens registration and check-in at
    # their opening times).
    starts_at = serializers.DateTimeField(allow_null=True, default=None)
    round_minutes = serializers.IntegerField(min_value=1, max_value=1440, default=60)
    absent_grace_seconds = serializers.IntegerField(min_value=10, max_value=600, default=60)
    bots_allowed = serializers.BooleanField(default=True)
    bot_level = RegistryChoiceField(bot_level_choices, default=BotLevel.MEDIUM)
    rated = serializers.BooleanField(default=True)


class CreateSerializer(SettingsSerializer):
    """A new tournament: its settings, rule set, format and kind of entries."""

    variant = RegistryChoiceField(variant_choices)
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    entry_type = serializers.ChoiceField(
        choices=Tournament.EntryType.choices, default=Tournament.EntryType.PAIRS
    )


class EntryRegisterSerializer(serializers.Serializer):
    """Who enters, by usernames (a pair, or one player in an individuals event), and a name."""

    players = serializers.ListField(child=StrictCharField(), min_length=1, max_length=2)
    name = StrictCharField(max_length=120, required=False, default="")


class ReplaceSerializer(serializers.Serializer):
    """The player to take out and who replaces them (null: a bot)."""

    player = StrictCharField()
    replacement = StrictCharField(allow_null=True, default=None)


def _user(username: str, field: str) -> User:
    """An account by username, or a 400 naming the field."""
    user = User.objects.filter(username__iexact=username).first()
    if user is None:
        raise exceptions.ValidationError(
            {field: [_("No player named %(name)r.") % {"name": username}]}
        )
    return user


def _detail(tournament_id: int, viewer: Any) -> Response:
    tournament = queries.tournament_detail(tournament_id=tournament_id, viewer=viewer)
    return Response(TournamentDetailSerializer(tournament).data)


class TournamentListView(generics.ListCreateAPIView):
    """Tournaments past draft, newest first; POST creates one (you organize it)."""

    serializer_class = TournamentSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[Tournament]:
        return queries.tournament_list()

    @extend_schema(request=CreateSerializer, responses={201: TournamentDetailSerializer, **ERRORS})
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Create a tournament in draft."""
        data = CreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = services.tournament_create(
            organizer=signed_in_user(request), **data.validated_data
        )
        body = TournamentDetailSerializer(
            queries.tournament_detail(tournament_id=tournament.pk, viewer=request.user)
        )
        return Response(body.data, status=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    """One tournament: settings, entries, rounds with their tables, standings."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: TournamentDetailSerializer, 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        """Read the tournament."""
        return _detail(tournament_id, request.user)

    @extend_schema(
        request=SettingsSerializer(partial=True),
        responses={200: TournamentDetailSerializer, **ERRORS},
    )
    def patch(self, request: Request, tournament_id: int) -> Response:
        """Change settings (organizer, before the start)."""
        data = SettingsSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        changes = dict(data.validated_data)  # partial: only the fields sent
        services.tournament_edit(
            tournament_id=tournament_id,
            user=signed_in_user(request),
            changes=changes,
        )
        return _detail(tournament_id, request.user)


def _action_view(service: Callable[..., object], doc: str, summary: str) -> type[APIView]:
    """An organizer's action without input: POST runs it and answers the tournament."""

    class ActionView(APIView):
        permission_classes = [permissions.IsAuthenticated]

        @extend_schema(request=None, responses={200: TournamentDetailSerializer, **ERRORS})
        def post(self, request: Request, tournament_id: int) -> Response:
            service(tournament_id=tournament_id, user=request.user)
            return _detail(tournament_id, request.user)

    ActionView.__doc__ = doc
    ActionView.post.__doc__ = summary
    return ActionView


OpenRegistrationView = _action_view(
    services.tournament_open_registration, "Open registration.", "Open registration."
)
OpenCheckInView = _action_view(
    services.tournament_open_check_in, "Close entries and open check-in.", "Open check-in."
)
StartView = _action_view(
    services.tournament_start, "Seed the entries and start round 1.", "Start the tournament."
)
PauseView = _action_view(
    services.tournament_pause,
    "Stop play at every live table and the round's clock; no new round starts.",
    "Pause.",
)
ResumeView = _action_view(
    services.tournament_resume,
    "Play on: tables resume, the deadline moves by the pause, a pending round starts.",
    "Resume.",
)
CancelView = _action_view(services.tournament_cancel, "Call the event off.", "Cancel.")


class EntryListView(APIView):
    """Enter a pair: yourself and a partner; the organizer may enter others and bots."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=EntryRegisterSerializer, responses={201: EntrySerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        """Register an entry."""
        data = EntryRegisterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        players = [_user(name, "players") for name in data.validated_data["players"]]
        entry = services.entry_register(
            tournament_id=tournament_id,
            user=signed_in_user(request),
            players=players,
            name=data.validated_data["name"],
        )
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class CheckInView(APIView):
    """Check an entry in (its players, or the organizer)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: EntrySerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        """Check in."""
        _entry(tournament_id, entry_id)
        services.entry_check_in(entry_id=entry_id, user=signed_in_user(request))
        return Response(EntrySerializer(_entry(tournament_id, entry_id)).data)


class AcceptView(APIView):
    """The invited partner accepts: the pair is registered."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: EntrySerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        """Accept an invitation."""
        _entry(tournament_id, entry_id)
        services.entry_accept(entry_id=entry_id, user=signed_in_user(request))
        return Response(EntrySerializer(_entry(tournament_id, entry_id)).data)


class EntryView(APIView):
    """One entry: DELETE withdraws it (its players, or the organizer); once the event runs, as
    its format has it (tournaments.withdrawal)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={204: None, **ERRORS})
    def delete(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        """Withdraw an entry (an invited partner declines this way too)."""
        _entry(tournament_id, entry_id)
        services.entry_withdraw(entry_id=entry_id, user=signed_in_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class AdjustSerializer(serializers.Serializer):
    """A corrected result and why."""

    home_points = serializers.IntegerField(min_value=0, max_value=100_000)
    away_points = serializers.IntegerField(min_value=0, max_value=100_000)
    reason = StrictCharField(max_length=200, trim_whitespace=False)


class AdjustView(APIView):
    """Correct a finished table's result with a reason (logged, shown; standings recomputed)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=AdjustSerializer, responses={200: RoundTableSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int, table_id: int) -> Response:
        """Adjust a result."""
        table = RoundTable.objects.filter(pk=table_id, round__tournament_id=tournament_id).first()
        if table is None:
            raise exceptions.NotFound(_("No such table."))
        data = AdjustSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        adjusted = director.result_adjust(
            round_table_id=table_id,
            user=signed_in_user(request),
            **data.validated_data,
        )
        return Response(RoundTableSerializer(adjusted).data)


class ReplaceView(APIView):
    """Replace a player of an entry by another player or, with null, by a bot."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ReplaceSerializer, responses={200: EntrySerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        """Replace a player."""
        _entry(tournament_id, entry_id)
        data = ReplaceSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = _user(data.validated_data["player"], "player")
        wanted = data.validated_data["replacement"]
        replacement = None if wanted is None else _user(wanted, "replacement")
        services.entry_replace_player(
            entry_id=entry_id,
            user=signed_in_user(request),
            player=player,
            replacement=replacement,
        )
        return Response(EntrySerializer(_entry(tournament_id, entry_id)).data)


def _entry(tournament_id: int, entry_id: int) -> Entry:
    """The tournament's entry, or a 404."""
    entry = Entry.objects.filter(pk=entry_id, tournament_id=tournament_id).first()
    if entry is None:
        raise exceptions.NotFound(_("No such entry."))
    return entry


class EntrantAccuracySerializer(serializers.Serializer):
    player = serializers.CharField()
    accuracy = AccuracySerializer(many=True)


class TournamentAccuracyView(APIView):
    """Each entrant's accuracy in this event's matches (mean loss per card decision)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: EntrantAccuracySerializer(many=True), 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = queries.tournament_detail(tournament_id=tournament_id, viewer=request.user)
        return Response(EntrantAccuracySerializer(entrant_accuracy(tournament), many=True).data)
