"""Web forms of accounts: sign-up, throttled sign-in, profile, API tokens."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from django import forms
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts.login_guard import LoginError, LoginThrottled, login_authenticate
from accounts.models import User
from accounts.usernames import username_check_not_reserved
from config.viewer_time import zone_named, zone_names


class RegisterForm(UserCreationForm):
    """Username, optional display name and email, and the password twice."""

    class Meta:
        model = User
        fields = ("username", "display_name", "email")
        labels = {"display_name": _("Display name"), "email": _("E-mail")}

    def clean_username(self) -> str:
        """A free name (in any case) that does not pass for a guest or a computer player."""
        username = super().clean_username()
        if username:  # None when taken: Django has set that error already
            username_check_not_reserved(username)
        return username


class SignInForm(AuthenticationForm):
    """Django's sign-in form, checked through the login guard (throttled per name and address)."""

    throttled = False

    def clean(self) -> dict[str, Any]:
        """Authenticate through the guard; its refusal is the form's error."""
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            try:
                self.user_cache = login_authenticate(
                    request=self.request, username=username, password=password
                )
            except LoginError as error:
                self.throttled = isinstance(error, LoginThrottled)
                raise ValidationError(error.message, code=error.code) from None
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


class PasswordResetByMailForm(PasswordResetForm):
    """Django's, its field named as the site's other forms name it."""

    email = forms.EmailField(
        label=_("E-mail"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email", "autofocus": True}),
    )


class ZoneInput(forms.TextInput):
    """A zone's name, the zones offered as the player types: "Unknown time zone." was all a
    mistyped "Europe/Sofia" got."""

    template_name = "accounts/zone_input.html"

    def __init__(self) -> None:
        super().__init__(attrs={"list": "time-zones", "autocomplete": "off"})

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["zones"] = zone_names()
        return context


class ProfileForm(forms.ModelForm):
    """What a player may change about themselves."""

    class Meta:
        model = User
        fields = ("display_name", "email", "country", "preferred_variant", "language", "time_zone")
        widgets = {"time_zone": ZoneInput()}
        labels = {
            "display_name": _("Display name"),
            "email": _("E-mail"),
            "country": _("Country"),
            "preferred_variant": _("Preferred rule set"),
            "language": _("Language"),
            "time_zone": _("Time zone"),
        }
        help_texts = {
            "email": _("Where a link to a new password goes if you forget yours; never shown."),
            "country": _("Two letters, e.g. BG, HR, FR."),
            "time_zone": _("For example Europe/Sofia. Blank: your browser's time zone."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The blank choice says what it means: the lists opened on "---------".
        for name, blank in (
            ("preferred_variant", _("No preference")),
            ("language", _("Your browser's language")),
        ):
            field = cast(forms.ChoiceField, self.fields[name])
            offered = cast(Iterable[tuple[str, Any]], field.choices)
            field.choices = [("", blank), *(choice for choice in offered if choice[0])]

    def clean_time_zone(self) -> str:
        """Only a zone the time-zone database knows."""
        name = str(self.cleaned_data["time_zone"]).strip()
        if name and zone_named(name) is None:
            raise ValidationError(_("Unknown time zone."), code="invalid")
        return name

    def clean_country(self) -> str:
        """Accept "bg" for "BG"."""
        return str(self.cleaned_data["country"]).upper()


class CloseAccountForm(forms.Form):
    """The password again: closing an account cannot be undone."""

    password = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )


class TokenForm(forms.Form):
    """A name that says where a new API token will be used."""

    name = forms.CharField(max_length=64, label=_("Name"))
