"""A busy computer player's page: the time to draw `/players/<name>/` for an account with many
finished matches.

A computer player holds three seats of every match a person plays against the computer, so on
a live site its match count grows fastest of all, and its page (linked from the home page)
read every one of its seats to measure its latest 200: 5.0 s median at 20,000 matches (SQLite,
two idle cores), 0.18 s since the database picks the latest (0.67 s at 100,000).
Run: `python bench/player_page.py --matches 20000` (SQLite in a temporary folder unless
DATABASE_URL names another database; the matches are copies of one played to its target).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from config.embedded_redis import EmbeddedRedis  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        # The bots' match tells its viewers over the channel layer: a Redis of its own.
        redis = EmbeddedRedis(Path(folder) / "redis.sock").start()
        try:
            os.environ.update(VAR_DIR=folder, REDIS_URL=redis.url)
            os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
            import django

            django.setup()
            from django.core.management import call_command

            call_command("migrate", verbosity=0)
            print(f"{args.matches} matches: {measure(args.matches, args.repeats)}")
        finally:
            redis.stop()


def measure(count: int, repeats: int) -> str:
    """Copy one bots' match `count` times, then time its computer player's page."""
    from django.test import Client

    from games.models import Match, MatchPlayer, Table
    from games.services import table_bot_act, table_create

    table = table_create(creator=None, variant="belote", bot_seats=(0, 1, 2, 3), bot_delay_ms=0)
    while table_bot_act(table_id=table.pk, version=Table.objects.get(pk=table.pk).version):
        pass
    played = Match.objects.get(table=table)
    bot = played.seated.get(seat=1).user
    copies = Table.objects.bulk_create(
        Table(variant="belote", status=Table.Status.FINISHED, house_rules=table.house_rules)
        for _ in range(count)
    )
    matches = Match.objects.bulk_create(
        Match(
            table=copy,
            variant="belote",
            engine=played.engine,
            score=played.score,
            hanging=played.hanging,
            winner_team=played.winner_team,
            hands_played=played.hands_played,
            finished_at=played.finished_at,
        )
        for copy in copies
    )
    MatchPlayer.objects.bulk_create(
        MatchPlayer(match=match, seat=seat, user=bot) for match in matches for seat in (1, 2, 3)
    )
    client = Client(HTTP_HOST="localhost")
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        response = client.get(f"/players/{bot.username}/")
        seconds.append(time.perf_counter() - start)
        if response.status_code != 200:
            raise SystemExit(f"the page answered {response.status_code}")
    return f"median {statistics.median(seconds):.2f} s, slowest {max(seconds):.2f} s"


if __name__ == "__main__":
    main()
