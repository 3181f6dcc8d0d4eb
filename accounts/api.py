"""REST endpoints for accounts, profiles, ratings, leaderboards and API tokens (thin: parse, call
a service or query, shape the answer)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import login, logout, update_session_auth_hash
from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, generics, permissions, serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import queries, services
from accounts.login_guard import InvalidCredentials, LoginThrottled, login_authenticate
from accounts.models import ApiToken, Rating, RatingChange, User
from accounts.notifications import recheck_sockets, sign_out
from accounts.serializers import (
    AccountCloseSerializer,
    LeaderboardEntrySerializer,
    LoginSerializer,
    PasswordChangeSerializer,
    ProfileSerializer,
    RatingChangeSerializer,
    RegisterSerializer,
    TokenCreatedSerializer,
    TokenObtainSerializer,
    TokenSerializer,
)
from config.api import ErrorSerializer
from config.registry_fields import RegistryChoiceField
from config.signed_in import signed_in_user
from games.choices import Variant, variant_choices, variant_names


class LoginRefused(exceptions.APIException):
    """Too many failed sign-ins: 429 with Retry-After, like any throttled request."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "login_throttled"

    def __init__(self, error: LoginThrottled) -> None:
        super().__init__(error.message, error.code)
        self.wait = error.retry_after


def _authenticate(request: Request, username: str, password: str) -> User:
    """Check credentials through the login guard, as API errors."""
    try:
        return login_authenticate(request=request._request, username=username, password=password)
    except LoginThrottled as error:
        raise LoginRefused(error) from None
    except InvalidCredentials as error:
        raise exceptions.AuthenticationFailed(error.message, error.code) from None


class IsSelfOrReadOnly(permissions.BasePermission):
    """Anyone reads a profile; only its owner changes it."""

    message = gettext_noop("Only the owner of this account may change it.")

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        """Reads pass; writes need the account's own user."""
        return request.method in permissions.SAFE_METHODS or obj == request.user


class IsPerson(permissions.BasePermission):
    """A person's own account: a guest's has no password, tokens or profile to close."""

    message = gettext_noop(
        "A guest's account has no password or API tokens: create an account first."
    )

    def has_permission(self, request: Request, view: APIView) -> bool:
        """Signed in, and not as a guest."""
        return isinstance(request.user, User) and not request.user.is_guest


LOGIN_ERRORS = {
    401: OpenApiResponse(ErrorSerializer, description="Wrong username or password."),
    429: OpenApiResponse(ErrorSerializer, description="Too many failed sign-ins."),
}


class RegisterView(generics.CreateAPIView):
    """Open an account; the answer is its profile (sign in or get a token next). From a guest's
    session, the guest's account becomes it, as on the sign-up page."""

    serializer_class = RegisterSerializer
    permission_classes = [permissions.AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "register"

    @extend_schema(responses={201: ProfileSerializer})
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Create the account."""
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = services.user_register(**serializer.validated_data, guest=request.user)
        return Response(ProfileSerializer(user).data, status=status.HTTP_201_CREATED)


class LoginView(APIView):
    """Sign in with a session cookie (for browser scripts); failures are throttled. From a
    guest's session the guest's games come along, as on the sign-in page."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=LoginSerializer, responses={200: ProfileSerializer, **LOGIN_ERRORS})
    def post(self, request: Request) -> Response:
        """Check the credentials and start a session."""
        serializer = LoginSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = _authenticate(request, **serializer.validated_data)
        guest = request.user
        login(request._request, user)
        taken_along = services.guest_sign_in(guest=guest, user=user)
        if taken_along is not None:
            recheck_sockets(taken_along.pk)  # a script reads no redirect: at once
        return Response(ProfileSerializer(user).data)


class LogoutView(APIView):
    """End the session."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        """Forget the session (a token stays valid until revoked); its sockets close."""
        sign_out(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PasswordChangeView(APIView):
    """Change one's own password; the current session stays signed in, others end."""

    permission_classes = [permissions.IsAuthenticated, IsPerson]

    @extend_schema(request=PasswordChangeSerializer, responses={204: None})
    def post(self, request: Request) -> Response:
        """Check the old password, set the new one."""
        serializer = PasswordChangeSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        user = signed_in_user(request)
        services.password_change(user=user, new_password=serializer.validated_data["new_password"])
        if isinstance(request.successful_authenticator, SessionAuthentication):
            update_session_auth_hash(request._request, user)
        recheck_sockets(user.pk)  # every session's sockets close (a script reads no redirect)
        return Response(status=status.HTTP_204_NO_CONTENT)


class AccountCloseView(APIView):
    """Close one's own account for good, as the profile page does (accounts.services)."""

    permission_classes = [permissions.IsAuthenticated, IsPerson]

    @extend_schema(request=AccountCloseSerializer, responses={204: None})
    def post(self, request: Request) -> Response:
        """Check the password, close the account, end the session."""
        serializer = AccountCloseSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = signed_in_user(request)
        services.account_close(user=user, password=serializer.validated_data["password"])
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenObtainView(APIView):
    """Trade a username and password for a named API token (for scripts and bots)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request=TokenObtainSerializer, responses={201: TokenCreatedSerializer, **LOGIN_ERRORS}
    )
    def post(self, request: Request) -> Response:
        """Check the credentials and make a token."""
        serializer = TokenObtainSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        user = _authenticate(request, data["username"], data["password"])
        token, key = services.token_create(user=user, name=data["name"])
        body = {**TokenSerializer(token).data, "key": key}
        return Response(body, status=status.HTTP_201_CREATED)


class TokenListView(generics.ListCreateAPIView):
    """The signed-in user's API tokens; POST makes a new one."""

    serializer_class = TokenSerializer
    permission_classes = [permissions.IsAuthenticated, IsPerson]

    def get_queryset(self) -> QuerySet[ApiToken]:
        """Only one's own tokens."""
        return ApiToken.objects.filter(user=signed_in_user(self.request))

    @extend_schema(responses={201: TokenCreatedSerializer})
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Make a token; its key is in this answer only."""
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token, key = services.token_create(
            user=signed_in_user(request), name=serializer.validated_data["name"]
        )
        body = {**TokenSerializer(token).data, "key": key}
        return Response(body, status=status.HTTP_201_CREATED)


class TokenRevokeView(APIView):
    """Revoke one of one's tokens."""

    permission_classes = [permissions.IsAuthenticated, IsPerson]

    @extend_schema(responses={204: None})
    def delete(self, request: Request, token_id: int) -> Response:
        """Delete the token; clients using it get 401 from now on."""
        try:
            services.token_revoke(user=signed_in_user(request), token_id=token_id)
        except ApiToken.DoesNotExist:
            raise Http404(_("No such token.")) from None
        return Response(status=status.HTTP_204_NO_CONTENT)


class UserListView(generics.ListAPIView):
    """Every player, people and bots."""

    serializer_class = ProfileSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self) -> QuerySet[User]:
        """Active accounts by username."""
        return queries.player_list()


class UserDetailView(generics.RetrieveUpdateAPIView[User]):
    """A player's profile; the owner may PATCH display name, country and preferred rule set."""

    serializer_class = ProfileSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsSelfOrReadOnly]
    lookup_field = "username__iexact"  # `/api/users/Ann/` is ann's profile
    lookup_url_kwarg = "username"
    http_method_names = ["get", "patch", "head", "options"]

    def get_queryset(self) -> QuerySet[User]:
        """Active accounts."""
        return queries.player_list()

    def perform_update(self, serializer: serializers.BaseSerializer[User]) -> None:
        """Save through the profile service."""
        user = serializer.instance
        if user is None:  # never: DRF's update serializes the user it looked up
            raise Http404
        serializer.instance = services.profile_update(
            user=user, changes=dict(serializer.validated_data)
        )


class MeView(APIView):
    """The signed-in user's own profile."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ProfileSerializer})
    def get(self, request: Request) -> Response:
        """Who am I."""
        return Response(ProfileSerializer(request.user).data)


class VariantQuerySerializer(serializers.Serializer):
    """The optional rule-set filter of a rating history."""

    variant = RegistryChoiceField(variant_choices, required=False)


class RatingHistoryView(generics.ListAPIView):
    """A player's rating changes, oldest first: before, after, expected and actual result."""

    serializer_class = RatingChangeSerializer
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("variant", OpenApiTypes.STR, enum=Variant.values, required=False)
        ]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the changes."""
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> QuerySet[RatingChange]:
        """The player's changes, in one rule set if asked."""
        user = get_object_or_404(queries.player_list(), username__iexact=self.kwargs["username"])
        query = VariantQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        return queries.rating_history(user=user, variant=query.validated_data.get("variant"))


class LeaderboardView(generics.ListAPIView):
    """A rule set's ratings, best first; provisional ratings are marked."""

    serializer_class = LeaderboardEntrySerializer
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "variant", OpenApiTypes.STR, OpenApiParameter.PATH, enum=Variant.values
            ),
            OpenApiParameter(
                "show",
                OpenApiTypes.STR,
                enum=["all"],
                required=False,
                description="`all`: computer players and people with few rated matches too "
                "(by default: people with at least 3 rated matches).",
            ),
        ]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List a page of the leaderboard."""
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> QuerySet[Rating]:
        """The ranked ratings of the rule set in the URL."""
        variant = self.kwargs["variant"]
        if variant not in variant_names():
            raise Http404(_("No rule set %(name)r.") % {"name": variant})
        show = self.request.query_params.get("show")
        if show not in (None, "all"):
            raise exceptions.ValidationError({"show": [_('Leave it out, or "all".')]})
        everyone = show == "all"
        return queries.leaderboard(variant=variant, everyone=everyone)
