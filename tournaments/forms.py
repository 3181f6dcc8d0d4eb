"""The organizer's form: a tournament's settings."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import rules
from games.choices import variant_label, variant_names
from tournaments.models import Tournament

SETTINGS = [
    "name", "description", "variant", "format", "entry_type", "match_deals", "swiss_rounds",
    "third_place", "ranking", "registration_opens_at", "registration_closes_at",
    "check_in_opens_at", "check_in_closes_at", "starts_at", "round_minutes",
    "absent_grace_seconds", "bots_allowed", "bot_level", "rated",
]  # fmt: skip
# What a tournament is can't change once people enter it.
FIXED_SETTINGS = ("variant", "format", "entry_type")
WHEN = (
    "registration_opens_at", "registration_closes_at", "check_in_opens_at",
    "check_in_closes_at", "starts_at",
)  # fmt: skip


class LocalDateTimeInput(forms.DateTimeInput):
    """The browser's own date-time picker, in the viewer's time zone."""

    input_type = "datetime-local"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m-%dT%H:%M")


class TournamentForm(forms.ModelForm):
    """Create or edit a tournament; rule set, format and entry type are fixed once created."""

    target = forms.IntegerField(
        required=False,
        min_value=1,
        label=_("Target"),
        help_text=_("Score that ends a match (empty: the rule set's)."),
    )

    class Meta:
        model = Tournament
        fields = SETTINGS
        widgets = {
            **{field: LocalDateTimeInput() for field in WHEN},
            "description": forms.Textarea(attrs={"rows": 4}),
        }
        labels = {
            "name": _("Name"),
            "description": _("Description"),
            "variant": _("Rule set"),
            "format": _("Format"),
            "entry_type": _("Entry type"),
            "match_deals": _("Deals per match"),
            "swiss_rounds": _("Swiss rounds"),
            "third_place": _("Third place"),
            "ranking": _("Ranking"),
            "registration_opens_at": _("Registration opens at"),
            "registration_closes_at": _("Registration closes at"),
            "check_in_opens_at": _("Check-in opens at"),
            "check_in_closes_at": _("Check-in closes at"),
            "starts_at": _("Starts at"),
            "round_minutes": _("Minutes per round"),
            "absent_grace_seconds": _("Seconds to come to the table"),
            "bots_allowed": _("Bots allowed"),
            "bot_level": _("Bot strength"),
            "rated": _("Rated"),
        }
        help_texts = {
            "ranking": _(
                "Buchholz: the opponents' scores. Points difference: points scored minus "
                "conceded. Duplicate always ranks by matchpoints; a knockout by the bracket."
            ),
            "match_deals": _("Every match is exactly this many deals (empty: to the target)."),
            "description": _("What players should know: prizes, schedule, house customs."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Scripts and old forms that leave it out enter fixed pairs, the model's default.
        self.fields["entry_type"].required = False
        self.fields["ranking"].required = False
        self.fields["absent_grace_seconds"].required = False
        zone = timezone.get_current_timezone_name()
        for field in WHEN:
            self.fields[field].help_text = _("In your time zone (%(zone)s).") % {"zone": zone}

    def clean(self) -> dict[str, Any]:
        """A target the rule set offers (a free number reached the engine, which refused it
        in English by the rule set's code: "bulgarian has no house rule 'target'")."""
        cleaned: dict[str, Any] = super().clean() or {}
        variant, target = cleaned.get("variant"), cleaned.get("target")
        if not target or variant not in variant_names():
            return cleaned
        offered = rules.VARIANTS[variant].house_rule_choices.get("target")
        words = {"rules": variant_label(variant)}
        if offered is None:
            refusal = _("%(rules)s has a target of its own: leave this empty.") % words
        elif target not in offered:
            targets = ", ".join(str(value) for value in offered)
            refusal = _("%(rules)s plays to one of: %(targets)s.") % {**words, "targets": targets}
        else:
            return cleaned
        self.add_error("target", refusal)
        return cleaned

    def settings(self) -> dict[str, object]:
        """The cleaned settings as services take them, the target as a house rule."""
        values = {field: self.cleaned_data[field] for field in SETTINGS if field in self.fields}
        if not values.get("entry_type"):
            values["entry_type"] = Tournament.EntryType.PAIRS
        if not values.get("ranking"):
            values["ranking"] = Tournament.Ranking.WINS
        if values.get("absent_grace_seconds") is None:
            values.pop("absent_grace_seconds", None)
        target = self.cleaned_data.get("target")
        values["house_rules"] = {"target": target} if target else {}
        return values
