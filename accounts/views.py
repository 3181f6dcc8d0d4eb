"""Web pages of accounts: sign-up and sign-in, profile editing, players' pages, leaderboards."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    PasswordResetForm,
    SetPasswordForm,
)
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.decorators.http import require_POST

from accounts import queries, services
from accounts.charts import rating_chart
from accounts.forms import (
    CloseAccountForm,
    PasswordResetByMailForm,
    ProfileForm,
    RegisterForm,
    SignInForm,
    TokenForm,
)
from accounts.login_guard import client_ip
from accounts.models import INITIAL_RATING, ApiToken
from accounts.notifications import recheck_sockets_at_next_request, sign_out
from accounts.person_required import is_guest, person_required
from accounts.reset_brake import reset_allowed
from config.errors import ServiceError
from config.signed_in import signed_in_user
from games.analyses import accuracy_lines, player_accuracy
from games.choices import variant_choices, variant_label, variant_names, variant_offered

LEADERBOARD_PAGE_SIZE = 50


def register(request: HttpRequest) -> HttpResponse:
    """Open an account and sign straight in; a guest's games come with them."""
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user = services.user_register(
                username=data["username"],
                password=data["password1"],
                display_name=data["display_name"],
                email=data["email"],
                guest=request.user,
            )
        except ServiceError as error:
            form.add_error("username", error.message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome! Your account is open."))
            return redirect("profile-edit")
    return render(request, "accounts/register.html", {"form": form})


class SignInView(auth_views.LoginView):
    """Django's sign-in page with the throttled form; a throttled attempt answers 429. Someone
    signed in is sent on, but not a guest: they may hold an account to sign in to."""

    form_class = SignInForm
    template_name = "accounts/login.html"

    @property
    def redirect_authenticated_user(self) -> bool:  # type: ignore[override]
        """Sent on when signed in as a person."""
        return not is_guest(self.request)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        """The way to a new password, where the site can send one."""
        return {**super().get_context_data(**kwargs), "password_reset": settings.PASSWORD_RESET}

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        """Sign in; from a guest's session, the guest's games come along, and the guest's
        pages open again as the person's."""
        guest = self.request.user
        response = super().form_valid(form)
        taken_along = services.guest_sign_in(guest=guest, user=form.get_user())
        if taken_along is not None:
            recheck_sockets_at_next_request(self.request, taken_along.pk)
        return response

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        """Show the form again, with 429 when the guard refused to even check."""
        response = super().form_invalid(form)
        if isinstance(form, SignInForm) and form.throttled:
            response.status_code = 429
        return response


class SignOutView(auth_views.LogoutView):
    """Sign out (POST only) and go home; the session's sockets close."""

    next_page = "home"  # a URL name: resolved as the redirect is made

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """Django's sign-out, its own part done by accounts.notifications.sign_out."""
        sign_out(request)
        return HttpResponseRedirect(self.get_success_url())


@method_decorator(person_required, name="dispatch")
class PasswordChangeView(auth_views.PasswordChangeView):
    """Change one's password; back to the profile with a note."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("profile-edit")

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        """Say it worked; every socket of the account closes: the other sessions are signed
        out, and this one has a new key (its pages open theirs again)."""
        response = super().form_valid(form)
        recheck_sockets_at_next_request(self.request, form.user.pk)
        messages.success(self.request, _("Your password is changed."))
        return response


class ResetOffered(View):
    """A page of the password reset, which exists only where the site can send mail."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not settings.PASSWORD_RESET:
            raise Http404(_("This site sends no mail: ask its administrator for a new password."))
        return super().dispatch(request, *args, **kwargs)


class PasswordResetView(ResetOffered, auth_views.PasswordResetView):
    """Ask for a link to choose a new password, by e-mail; whether an account has that address
    is never said. Braked per address and per client (429 once over)."""

    form_class = PasswordResetByMailForm
    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("password-reset-done")

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        """Send the link, unless the brake says this address or client had enough."""
        email = form.cleaned_data["email"]
        if not reset_allowed(ip=client_ip(self.request), email=email):
            form.add_error(None, _("Too many requests for a new password; try again in an hour."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().form_valid(form)


class PasswordResetDoneView(ResetOffered, auth_views.PasswordResetDoneView):
    """Says to look for the mail."""

    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(ResetOffered, auth_views.PasswordResetConfirmView):
    """The mail's link: choose the new password, and be signed in with it."""

    template_name = "accounts/password_reset_confirm.html"
    post_reset_login = True
    success_url = reverse_lazy("games:lobby")

    def form_valid(self, form: SetPasswordForm) -> HttpResponse:
        """Say it worked; the sockets of every earlier session, signed out, close."""
        response = super().form_valid(form)
        recheck_sockets_at_next_request(self.request, form.user.pk)
        messages.success(self.request, _("Your password is changed; you are signed in."))
        return response


def _profile_page(
    request: HttpRequest, form: ProfileForm, token_form: TokenForm, new_key: str | None = None
) -> HttpResponse:
    """The profile editing page, with the user's API tokens."""
    tokens = ApiToken.objects.filter(user=signed_in_user(request))
    context = {"form": form, "token_form": token_form, "tokens": tokens, "new_key": new_key}
    return render(request, "accounts/profile_edit.html", context)


@person_required
def account_close(request: HttpRequest) -> HttpResponse:
    """Close one's account for good, with the password; signed out, back at the home page."""
    user = signed_in_user(request)
    form = CloseAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.account_close(user=user, password=form.cleaned_data["password"])
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            logout(request)
            messages.success(request, _("Your account is closed. Thank you for the games."))
            return redirect("home")
    return render(request, "accounts/account_close.html", {"form": form})


@person_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    """Change display name, country and preferred rule set."""
    user = signed_in_user(request)
    form = ProfileForm(request.POST or None, instance=user)
    if request.method == "POST" and form.is_valid():
        services.profile_update(user=user, changes=form.cleaned_data)
        messages.success(request, _("Profile saved."))
        return redirect("profile-edit")
    return _profile_page(request, form, TokenForm())


@person_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    """Make an API token and show its key on this one page."""
    user = signed_in_user(request)
    token_form = TokenForm(request.POST)
    new_key = None
    if token_form.is_valid():
        _, new_key = services.token_create(user=user, name=token_form.cleaned_data["name"])
        token_form = TokenForm()
    return _profile_page(request, ProfileForm(instance=user), token_form, new_key)


@person_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponseBase:
    """Revoke one of one's API tokens."""
    try:
        services.token_revoke(user=signed_in_user(request), token_id=token_id)
    except ApiToken.DoesNotExist:
        raise Http404(_("No such token.")) from None
    messages.success(request, _("Token revoked."))
    return redirect("profile-edit")


def player(request: HttpRequest, username: str) -> HttpResponse:
    """A player's page: ratings per rule set with their history drawn, and recent matches."""
    user = get_object_or_404(queries.player_list(), username__iexact=username)
    if user.username != username:
        return redirect("player", username=user.username)  # one address per player
    ratings = []
    for rating in user.ratings.all():
        changes = list(queries.rating_history(user=user, variant=rating.variant))
        chart = None
        if changes:
            values = [changes[0].before, *(change.after for change in changes)]
            label = ngettext(
                "%(variant)s rating of %(player)s over %(count)s match",
                "%(variant)s rating of %(player)s over %(count)s matches",
                len(changes),
            ) % {"variant": rating.get_variant_display(), "player": user, "count": len(changes)}
            chart = rating_chart(values, label=label)
        ratings.append({"rating": rating, "chart": chart})
    context = {
        "player": user,
        "initial_rating": INITIAL_RATING,
        "ratings": ratings,
        "matches": queries.recent_matches(user=user),
        "accuracy": accuracy_lines(player_accuracy(user=user)),
    }
    return render(request, "accounts/player.html", context)


def leaderboard_index(request: HttpRequest) -> HttpResponseBase:
    """The leaderboard of the visitor's preferred rule set, else their language's, else the
    first one."""
    offered = variant_offered(request.user, request.LANGUAGE_CODE, variant_names()[0])
    return redirect("leaderboard", variant=offered)


def leaderboard(request: HttpRequest, variant: str) -> HttpResponse:
    """One rule set's ratings, best first, a page at a time."""
    if variant not in variant_names():
        raise Http404(_("No rule set %(name)r.") % {"name": variant})
    everyone = request.GET.get("show") == "all"
    ratings = queries.leaderboard(variant=variant, everyone=everyone)
    page = Paginator(ratings, LEADERBOARD_PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "variant": {"value": variant, "label": variant_label(variant)},
        "variants": variant_choices(),
        "page": page,
        "everyone": everyone,
        "min_matches": queries.LEADERBOARD_MIN_MATCHES,
    }
    return render(request, "accounts/leaderboard.html", context)
