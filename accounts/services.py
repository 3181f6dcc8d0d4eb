"""Writes about accounts: sign-up, profiles, API tokens and rating a finished match."""

from __future__ import annotations

import hashlib
import secrets
from functools import partial

from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction

from accounts import elo
from accounts.models import ApiToken, KnownAddress, LoginFailure, Rating, RatingChange, User
from accounts.notifications import recheck_sockets
from accounts.usernames import CLOSED_PREFIX
from config.account_events import account_closed, account_closing, guest_signed_in
from config.errors import ServiceError
from config.text import visible_text
from games.models import Match


@transaction.atomic
def user_ensure(
    *, username: str, display_name: str, password: str | None, is_admin: bool = False
) -> User:
    """Create a person's account once; a password is set only when the account is created."""
    user, created = User.objects.get_or_create(
        username=username,
        defaults={"display_name": display_name, "is_staff": is_admin, "is_superuser": is_admin},
    )
    if created:
        if password is None:
            user.set_unusable_password()
        else:
            user.set_password(password)
        user.save(update_fields=["password"])
    return user


def user_register(
    *,
    username: str,
    password: str,
    display_name: str = "",
    email: str = "",
    guest: User | AnonymousUser | None = None,
) -> User:
    """Open a person's account (inputs already validated by the form or serializer).

    `guest` is whoever signs up (the request's user): a guest's account becomes the new one,
    their seats, tables and matches theirs under the new name (the match end offers a guest to
    "keep your games"); anyone else gets a new account. A name taken meanwhile in another case
    (two sign-ups racing) is refused, not a 500.
    """
    try:
        with transaction.atomic():
            if not isinstance(guest, User) or not guest.is_guest:
                return User.objects.create_user(
                    username=username,
                    password=password,
                    display_name=visible_text(display_name),
                    email=email,
                )
            guest.username = username
            guest.display_name = visible_text(display_name)
            guest.email = User.objects.normalize_email(email)
            guest.set_password(password)
            guest.save(update_fields=["username", "display_name", "email", "password"])
            return guest
    except IntegrityError:
        raise ServiceError("username_taken", "A user with that username already exists.") from None


def guest_sign_in(*, guest: User | AnonymousUser, user: User) -> User | None:
    """Whoever signed in (`user`) from a guest's session (`guest`, the request's user before)
    takes along the guest's games, as opening an account from it would; anyone else's sign-in
    changes nothing here. The guest taken along, if one was: the caller has their sockets
    check their sign-in."""
    if not (isinstance(guest, User) and guest.is_guest and guest != user):
        return None
    guest_signed_in.send(sender=User, guest=guest, user=user)
    return guest


def profile_update(*, user: User, changes: dict[str, str]) -> User:
    """Save the profile fields a player may change about themselves."""
    editable = {"display_name", "email", "country", "preferred_variant", "language", "time_zone"}
    unknown = set(changes) - editable
    if unknown:
        raise ValueError(f"not editable: {', '.join(sorted(unknown))}")
    tidy = {"display_name": visible_text, "email": User.objects.normalize_email}
    for field, value in changes.items():
        setattr(user, field, tidy[field](value) if field in tidy else value)
    user.save(update_fields=list(changes))
    return user


def user_language_set(*, user: User, language: str) -> None:
    """Remember the language a player picked with the switch."""
    User.objects.filter(pk=user.pk).update(language=language)
    user.language = language


def password_change(*, user: User, new_password: str) -> None:
    """Set a new (already validated) password; other sessions of the user are signed out
    (the caller keeps its own, then has the sockets check theirs: accounts.notifications)."""
    user.set_password(new_password)
    user.save(update_fields=["password"])


def token_digest(key: str) -> str:
    """What is stored for a key: a leaked database row must not work as a key."""
    return hashlib.sha256(key.encode()).hexdigest()


def token_create(*, user: User, name: str) -> tuple[ApiToken, str]:
    """Make an API token; the key is returned this once and never stored."""
    key = secrets.token_urlsafe(32)
    token = ApiToken.objects.create(user=user, name=name, prefix=key[:8], digest=token_digest(key))
    return token, key


def token_revoke(*, user: User, token_id: int) -> None:
    """Delete one of the user's tokens; someone else's is as unknown as a missing one."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise ApiToken.DoesNotExist(f"no token {token_id} for {user.username}")


def _locked_ratings(variant: str, user_ids: list[int]) -> dict[int, Rating]:
    """The players' ratings in a rule set, created at 1500 where missing, locked in id order."""
    for user_id in user_ids:
        Rating.objects.get_or_create(user_id=user_id, variant=variant)
    rows = Rating.objects.select_for_update().filter(variant=variant, user_id__in=user_ids)
    return {rating.user_id: rating for rating in rows.order_by("user_id")}


@transaction.atomic
def match_rate(*, match_id: int) -> list[RatingChange]:
    """Move the ratings of a finished rated match's players; a second call changes nothing.

    Called (by accounts.receivers) inside the transaction that stores the result: the match
    row lock serialises raters and the unique (match, user) change is the backstop.
    """
    match = Match.objects.select_for_update().get(pk=match_id)
    if not match.rated or match.finished_at is None or match.winner_team is None:
        return []
    if RatingChange.objects.filter(match=match).exists():
        return []
    seated = list(match.seated.all())
    if sorted(player.seat for player in seated) != [0, 1, 2, 3]:
        raise ValueError(f"match {match_id} does not have four seated players")
    ratings = _locked_ratings(match.variant, [player.user_id for player in seated])
    teams = tuple(
        [
            elo.PlayerBefore(
                user_id=p.user_id,
                rating=ratings[p.user_id].value,
                rated_matches=ratings[p.user_id].rated_matches,
            )
            for p in seated
            if p.team == team
        ]
        for team in (0, 1)
    )
    moves = elo.match_changes((teams[0], teams[1]), 1.0 if match.winner_team == 0 else 0.0)
    for move in moves:
        rating = ratings[move.user_id]
        rating.value = move.after
        rating.rated_matches += 1
        rating.save(update_fields=["value", "rated_matches"])
    return RatingChange.objects.bulk_create(
        RatingChange(
            user_id=move.user_id,
            variant=match.variant,
            match=match,
            before=move.before,
            after=move.after,
            expected=move.expected,
            result=move.result,
        )
        for move in moves
    )


def account_close(*, user: User, password: str) -> None:
    """Close a person's account for good, at their asking: their name, address and profile go,
    and nobody can sign in to it again; the matches they played stay in their opponents'
    histories under "Former player". Each app may refuse first (an event they play in or
    organize), then lets go of what is theirs (a seat in play passes to a computer player)."""
    if not user.check_password(password):  # a guest or a computer player has none
        raise ServiceError("wrong_password", "The password is not right.")
    for _receiver, refusal in account_closing.send(sender=User, user=user):
        if isinstance(refusal, ServiceError):
            raise refusal
    with transaction.atomic():
        account_closed.send(sender=User, user=user)
        ApiToken.objects.filter(user=user).delete()
        KnownAddress.objects.filter(username__iexact=user.username).delete()
        LoginFailure.objects.filter(username__iexact=user.username).delete()
        user.username = f"{CLOSED_PREFIX}{user.pk}"
        user.display_name = user.email = user.country = user.time_zone = ""
        user.language = user.preferred_variant = ""
        user.is_active = False
        user.set_unusable_password()
        user.save()
        # Every session and token of it ends: each socket opened with one closes.
        transaction.on_commit(partial(recheck_sockets, user.pk))
