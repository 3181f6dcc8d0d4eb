"""The "how to play" page of each rule set, in the viewer's language and the game's own words."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games import rules
from games.choices import Variant
from games.glossary import glossary


def how_to_play(request: HttpRequest, variant: str) -> HttpResponse:
    """The deal, bidding, play, declarations, scoring and house rules of one rule set."""
    if variant not in Variant.values:
        raise Http404(variant)
    context = {
        "variant": variant,
        "variant_name": Variant(variant).label,
        "words": glossary(variant),
        "house_rules": {
            rule: list(choices)
            for rule, choices in rules.VARIANTS[variant].house_rule_choices.items()
        },
    }
    return render(request, f"games/how_to_play/{variant}.html", context)
