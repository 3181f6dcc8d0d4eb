"""The lobby's forms: a rule set, its house rules, the bots' strength."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games import rules
from games.choices import BotLevel, Variant, bot_level_choices, variant_choices, variant_offered


def house_rule_field_name(variant: str, rule: str) -> str:
    """One field per rule set and house rule, so a single form serves all four."""
    return f"{variant}__{rule}"


# The engine's house rules (games.rules variants' house_rule_choices), as players name them.
HOUSE_RULE_LABELS = {
    "target": _("Target"),
    "undertrump": _("Undertrump"),
    "litige_fails": _("Equal points fail"),
    "announcements": _("Announcements"),
}


class NewTableForm(forms.Form):
    """Rule set, house rules and bot strength of a new table."""

    variant = forms.ChoiceField(choices=variant_choices, initial=Variant.BELA, label=_("Rule set"))
    bot_level = forms.ChoiceField(
        choices=bot_level_choices, initial=BotLevel.EASY, label=_("Computer strength")
    )
    # How long a finished trick stays on the felt before the next card lands.
    trick_pause_ms = forms.TypedChoiceField(
        choices=[(500, _("Quick")), (1500, _("Normal")), (3000, _("Slow"))],
        coerce=int,
        initial=1500,
        required=False,
        empty_value=None,
        label=_("Pace of the tricks"),
    )

    @classmethod
    def offered_to(cls, user: object, language: str | None) -> NewTableForm:
        """The blank form, with the rule set this viewer would pick first already chosen
        (their profile's, else their language's, else the field's own)."""
        fallback = str(cls.base_fields["variant"].initial)
        return cls(initial={"variant": variant_offered(user, language, fallback)})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, variant in rules.VARIANTS.items():
            for rule, values in variant.house_rule_choices.items():
                self.fields[house_rule_field_name(name, rule)] = forms.TypedChoiceField(
                    choices=[(str(v), _label(v)) for v in values],
                    coerce=str,
                    required=False,
                    label=HOUSE_RULE_LABELS.get(rule, rule),
                )

    def house_rule_fields(self) -> list[tuple[str, str | Promise, list[forms.BoundField]]]:
        """(value, label, fields) per rule set, for the template's fieldsets."""
        return [
            (
                value,
                label,
                [
                    self[house_rule_field_name(value, rule)]
                    for rule in rules.VARIANTS[value].house_rule_choices
                ],
            )
            for value, label in variant_choices()
        ]

    def chosen_house_rules(self) -> dict[str, object]:
        """The chosen rule set's house rules, typed as the engine expects."""
        variant = self.cleaned_data["variant"]
        chosen: dict[str, object] = {}
        for rule, values in rules.VARIANTS[variant].house_rule_choices.items():
            text = self.cleaned_data.get(house_rule_field_name(variant, rule))
            match = [v for v in values if str(v) == text]
            if match:
                chosen[rule] = match[0]
        return chosen


def _label(value: object) -> str | Promise:
    if isinstance(value, bool):
        return _("On") if value else _("Off")
    return str(value)
