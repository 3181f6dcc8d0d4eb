"""The registry of rule sets by name."""

from collections.abc import Mapping

from games.rules.errors import InvalidInputError
from games.rules.variants.base import Variant
from games.rules.variants.bela import Bela
from games.rules.variants.belote import Belote
from games.rules.variants.bulgarian import Bulgarian
from games.rules.variants.coinche import Coinche

VARIANTS: dict[str, type[Variant]] = {cls.name: cls for cls in (Bulgarian, Bela, Belote, Coinche)}


def get_variant(name: str, house_rules: Mapping[str, object] | None = None) -> Variant:
    """A rule set by name, configured with house rules (unknown name or rule: an error)."""
    cls = VARIANTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise InvalidInputError(f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
    return cls(house_rules)
