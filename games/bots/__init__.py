"""Computer players of several strengths, deciding from one seat's view (no Django)."""

from games.bots.base import Bot, RandomBot
from games.bots.easy import EasyBot
from games.bots.hard import HardBot
from games.bots.medium import MediumBot
from games.bots.policy import warm_up

BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, EasyBot, MediumBot, HardBot)}


def get_bot(name: str) -> Bot:
    """A bot by level name: random, easy, medium or hard."""
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return cls()


__all__ = ["BOTS", "Bot", "get_bot", "warm_up"]
