"""REST API of live tables (list, create, read your own view, join, act) and their matches."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import exceptions, generics, permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from config.api import ErrorSerializer, StrictCharField
from config.errors import ServiceError
from config.registry_fields import RegistryChoiceField
from config.signed_in import signed_in_user
from games import queries, services
from games.analyses import hand_analysis_read, player_accuracy
from games.choices import BotLevel, Variant, bot_level_choices, variant_choices, variant_names
from games.deal_seeds import deal_proofs
from games.models import Match, Table
from games.watching import live_groups, watch_refusal

ERRORS = {
    code: OpenApiResponse(ErrorSerializer, description=description)
    for code, description in (
        (400, "Refused: invalid input or against the rules (code says which)."),
        (401, "Not signed in."),
        (403, "Not your seat, or another table of your duplicate round."),
        (404, "No such table."),
        (409, "The table moved on: read it again and retry."),
    )
}


class SeatSerializer(serializers.Serializer):
    """One seat as everyone may see it."""

    number = serializers.IntegerField()
    name = serializers.CharField(allow_null=True)
    bot = serializers.BooleanField()
    held_by_bot = serializers.BooleanField()


class TableSerializer(serializers.ModelSerializer):
    """A table, its seats and its version."""

    seats = serializers.SerializerMethodField()
    house_rules = serializers.DictField()

    class Meta:
        model = Table
        fields = [
            "id", "variant", "house_rules", "status", "bot_level", "rated", "turn_seconds",
            "trick_pause_ms", "version", "created_at", "seats",
        ]  # fmt: skip

    @extend_schema_field(SeatSerializer(many=True))
    def get_seats(self, table: Table) -> list[dict[str, Any]]:
        """Who sits where (people by name, bots marked)."""
        return [
            {
                "number": seat.number,
                "name": str(seat.user) if seat.user is not None else None,
                "bot": bool(seat.user is not None and seat.user.is_bot),
                "held_by_bot": seat.bot_holding,
            }
            for seat in table.seats.all()
        ]


class TableDetailSerializer(TableSerializer):
    """A table with the caller's snapshot: their seat's view, or the public one."""

    snapshot = serializers.SerializerMethodField()

    class Meta(TableSerializer.Meta):
        fields = [*TableSerializer.Meta.fields, "snapshot"]

    @extend_schema_field(serializers.JSONField())
    def get_snapshot(self, table: Table) -> dict[str, Any]:
        """The same `snapshot` message the table's socket sends."""
        return queries.table_snapshot(table_id=table.pk, user=self.context["request"].user)


class TableCreateSerializer(serializers.Serializer):
    """A new table: against the computer (dealt at once; an account's match to the rule set's
    target is rated) or open for people."""

    variant = RegistryChoiceField(variant_choices)
    house_rules = serializers.DictField(required=False, default=dict)
    bot_level = RegistryChoiceField(bot_level_choices, default=BotLevel.EASY)
    opponents = serializers.ChoiceField(choices=services.LOBBY_OPPONENTS, default="computer")
    max_hands = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=services.MAX_HANDS_LIMIT,
        help_text="A match of exactly this many deals; empty: play to the rule set's target.",
    )
    trick_pause_ms = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=0,
        max_value=services.MAX_TRICK_PAUSE_MS,
        help_text="How long a finished trick stays on players' screens; empty: the default.",
    )


class ActionSerializer(serializers.Serializer):
    """A bid or a card, against the version the client saw."""

    bid = StrictCharField(required=False, help_text='A bid word, e.g. "pass", "hearts".')
    play = StrictCharField(required=False, help_text='A card code, e.g. "Js".')
    declare = serializers.BooleanField(required=False, help_text="Announce declarations.")
    belot = serializers.BooleanField(required=False, help_text="Announce a belot with it.")
    version = serializers.IntegerField(required=False, min_value=0)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """Exactly one of bid and play."""
        if ("bid" in attrs) == ("play" in attrs):
            raise serializers.ValidationError(_("Give exactly one of bid and play."))
        return attrs


class VersionSerializer(serializers.Serializer):
    """The table's version after the action."""

    version = serializers.IntegerField()


def _choice(request: Request, name: str, allowed: list[str]) -> str | None:
    """A query filter's value, refused (400) when it is not one of `allowed`."""
    wanted = request.query_params.get(name)
    if wanted is not None and wanted not in allowed:
        choices = ", ".join(allowed)
        raise exceptions.ValidationError({name: [_("One of: %(choices)s.") % {"choices": choices}]})
    return wanted


def _tables() -> QuerySet[Table]:
    return Table.objects.prefetch_related("seats__user").order_by("-created_at")


class TableListView(generics.ListCreateAPIView):
    """Tables, newest first (filter by status); POST creates one."""

    serializer_class = TableSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[Table]:
        wanted = _choice(self.request, "status", Table.Status.values)
        tables = _tables()
        return tables.filter(status=wanted) if wanted is not None else tables

    @extend_schema(
        parameters=[OpenApiParameter("status", enum=Table.Status.values, required=False)]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=TableCreateSerializer,
        responses={201: TableDetailSerializer, 400: ERRORS[400], 401: ERRORS[401]},
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = TableCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        options = data.validated_data
        table = services.table_create_in_lobby(user=signed_in_user(request), **options)
        body = TableDetailSerializer(_tables().get(pk=table.pk), context={"request": request})
        return Response(body.data, status=status.HTTP_201_CREATED)


class TableDetailView(generics.RetrieveAPIView[Table]):
    """One table with your view of it (spectators get the public view).

    A duplicate round's table: its players' rivals at other tables are refused (403), and
    onlookers see its deals once every table of the round has finished them.
    """

    serializer_class = TableDetailSerializer
    permission_classes = [permissions.AllowAny]
    lookup_url_kwarg = "table_id"

    def get_queryset(self) -> QuerySet[Table]:
        return _tables()

    def get_object(self) -> Table:
        table = super().get_object()
        refusal = watch_refusal(table=table, user=self.request.user)
        if refusal is not None:
            raise ServiceError("watch_refused", refusal)
        return table

    @extend_schema(responses={200: TableDetailSerializer, 403: ERRORS[403], 404: ERRORS[404]})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class TableJoinView(APIView):
    """Take a free seat at an open table."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: TableDetailSerializer, 400: ERRORS[400], 401: ERRORS[401],
                   404: ERRORS[404]},
    )  # fmt: skip
    def post(self, request: Request, table_id: int) -> Response:
        services.table_take_seat(table_id=table_id, user=signed_in_user(request))
        body = TableDetailSerializer(_tables().get(pk=table_id), context={"request": request})
        return Response(body.data)


class TableComputerSeatView(APIView):
    """The host of an open table seats a computer player in a free seat (POST) or takes its
    seat back for a person (DELETE); the fourth seat taken deals."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: TableDetailSerializer, 400: ERRORS[400], 401: ERRORS[401],
                   403: ERRORS[403], 404: ERRORS[404]},
    )  # fmt: skip
    def post(self, request: Request, table_id: int, seat: int) -> Response:
        services.table_seat_computer(table_id=table_id, user=signed_in_user(request), seat=seat)
        return self._table(request, table_id)

    @extend_schema(
        request=None,
        responses={200: TableDetailSerializer, 400: ERRORS[400], 401: ERRORS[401],
                   403: ERRORS[403], 404: ERRORS[404]},
    )  # fmt: skip
    def delete(self, request: Request, table_id: int, seat: int) -> Response:
        services.table_seat_free(table_id=table_id, user=signed_in_user(request), seat=seat)
        return self._table(request, table_id)

    def _table(self, request: Request, table_id: int) -> Response:
        body = TableDetailSerializer(_tables().get(pk=table_id), context={"request": request})
        return Response(body.data)


class TableActionView(APIView):
    """Bid or play at your seat; refused moves change nothing. A hand's last card plays
    itself: sending it is allowed, and refused once it has played."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ActionSerializer, responses={200: VersionSerializer, **ERRORS})
    def post(self, request: Request, table_id: int) -> Response:
        data = ActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        action = dict(data.validated_data)
        version = action.pop("version", None)
        new_version = services.table_act(
            table_id=table_id,
            user=signed_in_user(request),
            action=action,
            version=version,
        )
        return Response({"version": new_version})


class MatchPlayerSerializer(serializers.Serializer):
    """Who held a seat, and on which team."""

    seat = serializers.IntegerField()
    team = serializers.IntegerField()
    username = serializers.CharField()
    bot = serializers.BooleanField()


class RatingMoveSerializer(serializers.Serializer):
    """One player's rating move after the match."""

    username = serializers.CharField()
    before = serializers.FloatField()
    after = serializers.FloatField()
    expected = serializers.FloatField()
    result = serializers.FloatField()


class MatchSerializer(serializers.ModelSerializer):
    """A finished match: players, score, rating moves and where to replay it."""

    table = serializers.IntegerField(source="table_id")
    score = serializers.ListField(child=serializers.IntegerField())
    players = serializers.SerializerMethodField()
    rating_changes = serializers.SerializerMethodField()
    replay_url = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id", "table", "variant", "rated", "score", "hands_played", "winner_team",
            "started_at", "finished_at", "players", "rating_changes", "replay_url",
        ]  # fmt: skip

    @extend_schema_field(MatchPlayerSerializer(many=True))
    def get_players(self, match: Match) -> list[dict[str, Any]]:
        """The four seats in order (team 0: seats 0 and 2)."""
        return [
            {"seat": p.seat, "team": p.team, "username": p.user.username, "bot": p.user.is_bot}
            for p in match.seated.all()
        ]

    @extend_schema_field(RatingMoveSerializer(many=True))
    def get_rating_changes(self, match: Match) -> list[dict[str, Any]]:
        """Empty for an unrated match."""
        return [
            {
                "username": change.user.username,
                "before": change.before,
                "after": change.after,
                "expected": change.expected,
                "result": change.result,
            }
            for change in match.rating_changes.all()
        ]

    def get_replay_url(self, match: Match) -> str:
        """The hand history page, from which every hand replays step by step."""
        return reverse("games:hands", kwargs={"table_id": match.table_id})


def _finished_matches() -> QuerySet[Match]:
    """Finished matches; a duplicate round's once every table of it has finished."""
    return (
        Match.objects.filter(finished_at__isnull=False)
        .exclude(table__watch_group__in=live_groups())
        .prefetch_related("seated__user", "rating_changes__user")
        .order_by("-finished_at", "-id")
    )


# A table's number as a query filter: a whole number a table's id can be (ids are 64-bit).
TABLE_NUMBER = serializers.IntegerField(min_value=1, max_value=2**63 - 1)


class MatchListView(generics.ListAPIView):
    """Finished matches, newest first; filter by rule set, by player and by table."""

    serializer_class = MatchSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self) -> QuerySet[Match]:
        matches = _finished_matches()
        variant = _choice(self.request, "variant", variant_names())
        if variant is not None:
            matches = matches.filter(variant=variant)
        player = self.request.query_params.get("player")
        if player is not None:
            matches = matches.filter(seated__user__username__iexact=player).distinct()
        table = self.request.query_params.get("table")
        if table is not None:
            try:
                number = TABLE_NUMBER.run_validation(table)
            except exceptions.ValidationError as error:
                raise exceptions.ValidationError({"table": error.detail}) from error
            matches = matches.filter(table_id=number)
        return matches

    @extend_schema(
        parameters=[
            OpenApiParameter("variant", enum=Variant.values, required=False),
            OpenApiParameter("player", str, required=False, description="A username."),
            OpenApiParameter("table", int, required=False, description="A table's number."),
        ],
        responses={
            200: MatchSerializer(many=True),
            400: OpenApiResponse(ErrorSerializer, description="An unknown rule set or page."),
        },
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class MatchDetailView(generics.RetrieveAPIView):
    """One finished match."""

    serializer_class = MatchSerializer
    permission_classes = [permissions.AllowAny]
    lookup_url_kwarg = "match_id"

    def get_queryset(self) -> QuerySet[Match]:
        return _finished_matches()

    @extend_schema(
        responses={
            200: MatchSerializer,
            404: OpenApiResponse(ErrorSerializer, description="No such finished match."),
        }
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class DealProofSerializer(serializers.Serializer):
    """One hand's commitment and, once revealed, what anyone needs to check it."""

    hand = serializers.IntegerField()
    deal_id = serializers.CharField()
    chosen = serializers.BooleanField(help_text="A deck chosen by the table's creator: no seed.")
    commitment = serializers.CharField(allow_null=True, help_text="SHA-256, hex.")
    seed = serializers.CharField(allow_null=True, help_text="Null until revealed.")
    deck = serializers.ListField(child=serializers.CharField(), required=False, allow_null=True)
    dealer = serializers.IntegerField(required=False, allow_null=True)
    hands = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), required=False, allow_null=True
    )
    plays = serializers.ListField(child=serializers.ListField(), required=False)


class DealProofsSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    algorithm = serializers.CharField()
    revealed = serializers.BooleanField(
        help_text="Seeds are shown once the match is over (a duplicate round: all its tables)."
    )
    deals = DealProofSerializer(many=True)


class TableDealsView(APIView):
    """Each hand's commitment, published when it is dealt; the seeds once the match is over.

    Recompute the decks with `python -m games.verify <saved file>` (algorithm in its source).
    """

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: DealProofsSerializer, 403: ERRORS[403], 404: ERRORS[404]})
    def get(self, request: Request, table_id: int) -> Response:
        table = _tables().filter(pk=table_id).first()
        if table is None:
            raise exceptions.NotFound(_("No such table."))
        refusal = watch_refusal(table=table, user=request.user)
        if refusal is not None:
            raise ServiceError("watch_refused", refusal)
        return Response(deal_proofs(table=table))


class CardValueSerializer(serializers.Serializer):
    card = serializers.CharField()
    perfect = serializers.FloatField(help_text="Hand points for the seat's team, every card known.")
    view = serializers.FloatField(help_text="The same from the seat's own view (sampled worlds).")


class StandInSerializer(serializers.Serializer):
    name = serializers.CharField(
        allow_null=True, help_text="The person the seat was handed to; null: the computer."
    )


STAND_IN_HELP = (
    "Who chose this for the player the hand names at the seat: null when they did; the computer"
    " (their time ran out, or it held their seat) or whoever took their seat over."
)


class DecisionSerializer(serializers.Serializer):
    action = serializers.IntegerField(help_text="Index of the play in the hand's action log.")
    seat = serializers.IntegerField()
    trick = serializers.IntegerField(help_text="Tricks complete before this card (0-7).")
    card = serializers.CharField(help_text="The card played.")
    cards = CardValueSerializer(many=True)
    best_perfect = serializers.ListField(child=serializers.CharField())
    best_view = serializers.ListField(child=serializers.CharField())
    loss_perfect = serializers.FloatField()
    loss_view = serializers.FloatField()
    exact = serializers.BooleanField(help_text="Whether the perfect value was solved exactly.")
    stand_in = StandInSerializer(allow_null=True, help_text=STAND_IN_HELP)


class SeatSummarySerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    mean_loss_view = serializers.FloatField(allow_null=True)
    mean_loss_perfect = serializers.FloatField(allow_null=True)
    decisions = serializers.IntegerField(
        help_text="Cards its player chose (not those played for them)."
    )
    best_view = serializers.IntegerField(help_text="Decisions where it played its view's best.")


class CallValueSerializer(serializers.Serializer):
    call = serializers.CharField()
    value = serializers.FloatField(help_text="Expected hand points for the caller's team.")


class CallSerializer(serializers.Serializer):
    """A call of the auction valued from the caller's view: the deal played on naturally."""

    action = serializers.IntegerField(help_text="Index of the call in the hand's action log.")
    seat = serializers.IntegerField()
    call = serializers.CharField(help_text="The call made.")
    calls = CallValueSerializer(many=True, help_text="The call made first, then those weighed.")
    best = serializers.ListField(child=serializers.CharField())
    value = serializers.FloatField(help_text="Expected score of the call made.")
    passing = serializers.FloatField(allow_null=True, help_text="Expected score of passing.")
    loss = serializers.FloatField(help_text="The best call's expected score minus the call's.")
    stand_in = StandInSerializer(allow_null=True, help_text=STAND_IN_HELP)


class HandAnalysisSerializer(serializers.Serializer):
    hand = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "ready"])
    exact_cards = serializers.IntegerField(required=False)
    decisions = DecisionSerializer(many=True)
    auction = CallSerializer(many=True)
    mistakes = DecisionSerializer(many=True, required=False)
    players = SeatSummarySerializer(many=True, required=False)


class HandAnalysisView(APIView):
    """A finished hand valued card by card: each legal card's worth, the best, the losses.

    `pending` until the analysis task has run (seconds after the hand). Refused as the replay
    is: a hand in progress (404) or one some table of a duplicate round still plays (403).
    """

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: HandAnalysisSerializer, 403: ERRORS[403], 404: ERRORS[404]})
    def get(self, request: Request, table_id: int, number: int) -> Response:
        table = _tables().filter(pk=table_id).first()
        if table is None:
            raise exceptions.NotFound(_("No such table."))
        return Response(hand_analysis_read(table=table, number=number, user=request.user))


class AccuracyMatchSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    decisions = serializers.IntegerField()
    mean_loss_view = serializers.FloatField()


class AccuracySerializer(serializers.Serializer):
    """A player's accuracy in one rule set: mean loss per card decision, in hand points."""

    variant = RegistryChoiceField(variant_choices)
    decisions = serializers.IntegerField()
    mean_loss_view = serializers.FloatField(help_text="From the player's own view: the fair one.")
    mean_loss_perfect = serializers.FloatField(help_text="With every card known.")
    trend = AccuracyMatchSerializer(many=True, help_text="Per match, the latest last (up to 10).")


class UserAccuracyView(APIView):
    """A player's accuracy per rule set over their finished matches, with its trend."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: AccuracySerializer(many=True), 404: ERRORS[404]})
    def get(self, request: Request, username: str) -> Response:
        user = User.objects.filter(username__iexact=username).first()
        if user is None:
            raise exceptions.NotFound(_("No such player."))
        return Response(AccuracySerializer(player_accuracy(user=user), many=True).data)
