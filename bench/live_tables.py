"""Live-table load: N bot-only tables at full speed through the real stack, watched over sockets.

Brings up the ASGI server (uvicorn) and a Celery worker on either the embedded default (a
fresh SQLite file and an embedded Redis, the default) or PostgreSQL and Redis (--database-url,
--redis-url: the database is dropped and created afresh, so name one of its own); opens one
spectator socket per table; deals every table at once; then, for a fixed time, counts the
events and finished hands the sockets saw, and each event's latency from the commit that made
it (the `at` stamp every message carries) to its arrival at the socket.

Run: `python bench/live_tables.py --tables 200 [--seconds 60] [--concurrency 2]`
     `python bench/live_tables.py --tables 200 --database-url postgres://postgres@127.0.0.1/bench
      --redis-url redis://127.0.0.1:6379/5`
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from config.embedded_redis import EmbeddedRedis  # noqa: E402
from config.lifetime import die_with_parent  # noqa: E402


@dataclass
class Tally:
    """What the spectator sockets saw, and the CPU seconds each part of the stack used."""

    table_ids: list[int] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    hands_by_table: Counter[int] = field(default_factory=Counter)
    # Tables whose match ended, at any time (they deal no more hands).
    matches_over: set[int] = field(default_factory=set)
    events: int = 0
    # Snapshots sent after the first: each heals a gap (a message the layer lost).
    heals: int = 0
    elapsed: float = 0.0
    measuring: bool = False
    cpu_seconds: dict[str, float] = field(default_factory=dict)


def cpu_seconds(pid: int, *, descendants: bool = True) -> float:
    """User and system CPU seconds of a process (and its descendants), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
        if descendants:
            pending += [int(child) for child in children]
    return total


def stack_cpu(roles: dict[str, int]) -> dict[str, float]:
    """CPU seconds so far of each role's processes (the sockets: this process alone)."""
    return {role: cpu_seconds(pid, descendants=pid != os.getpid()) for role, pid in roles.items()}


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Read the table count, the measuring time, the worker's concurrency and the stack."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=50, help="concurrent bot-only tables")
    parser.add_argument("--seconds", type=float, default=30.0, help="measuring time")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--level", default="easy", help="bot strength (easy, medium, hard)")
    parser.add_argument("--variant", default="bela", help="rule set of every table")
    parser.add_argument(
        "--hands",
        type=int,
        default=100,
        help="deals per match: enough that no table ends its match while measured",
    )
    parser.add_argument("--database-url", help="PostgreSQL to use (dropped and created afresh)")
    parser.add_argument("--redis-url", help="Redis to use (default: an embedded one)")
    return parser.parse_args(argv)


def start(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    """A child in its own process group that dies with us."""
    return subprocess.Popen(  # noqa: S603 (our own programs)
        [sys.executable, "-m", *command],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        preexec_fn=die_with_parent,
    )


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM the child's group, then SIGKILL what lingers."""
    for signum, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, signum)
            process.wait(timeout=grace)
            return
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue


def free_port() -> int:
    """A TCP port nobody listens on."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fresh_postgres(url: str) -> None:
    """Drop and create the database the URL names, so every run starts from nothing."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = urlunsplit(parts._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


async def watch(url: str, origin: str, tally: Tally, ready: asyncio.Event, until: float) -> None:
    """Spectate one table, recording each event's commit-to-arrival latency."""
    from websockets.asyncio.client import connect
    from websockets.typing import Origin

    async with connect(url, origin=Origin(origin), open_timeout=60) as socket:
        await socket.recv()  # the snapshot
        ready.set()
        while (left := until - time.time()) > 0:
            try:
                raw = await asyncio.wait_for(socket.recv(), timeout=left)
            except TimeoutError:
                return
            arrived = time.time()
            message = json.loads(raw)
            if message.get("type") == "snapshot":
                tally.heals += 1
            if message.get("type") != "event":
                continue
            if message["event"]["kind"] == "match_end":
                tally.matches_over.add(message["table"]["id"])
            if not tally.measuring:
                continue
            tally.events += 1
            tally.latencies_ms.append((arrived - message["at"]) * 1000)
            if message["event"]["kind"] == "hand_end":
                tally.hands_by_table[message["table"]["id"]] += 1


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(
    args: argparse.Namespace, ws_url: str, origin: str, roles: dict[str, int]
) -> Tally:
    """Open the tables, watch them all, seat the fourth bot everywhere, measure."""
    from asgiref.sync import sync_to_async

    from accounts.models import User
    from games.choices import BotLevel
    from games.services import table_create, table_take_seat

    level = BotLevel(args.level)

    def open_tables() -> list[int]:
        return [
            table_create(
                creator=None, variant=args.variant, bot_level=level, bot_seats=(0, 1, 2),
                bot_delay_ms=0, max_hands=args.hands,
            ).pk
            for _ in range(args.tables)
        ]  # fmt: skip

    table_ids = await sync_to_async(open_tables)()
    tally = Tally(table_ids=table_ids)
    until = time.time() + 120 + args.warmup + args.seconds
    readies = [asyncio.Event() for _ in table_ids]
    watchers = [
        asyncio.create_task(watch(f"{ws_url}/ws/tables/{t}/", origin, tally, r, until))
        for t, r in zip(table_ids, readies, strict=True)
    ]
    await asyncio.gather(*(r.wait() for r in readies))
    bot = await sync_to_async(User.bot_account)(level=level)

    def deal_everywhere() -> None:
        for table_id in table_ids:
            table_take_seat(table_id=table_id, user=bot)

    await sync_to_async(deal_everywhere)()
    # Measure only the steady state.
    await asyncio.sleep(args.warmup)
    tally.measuring = True
    start_at = time.time()
    before = stack_cpu(roles)
    await asyncio.sleep(args.seconds)
    tally.measuring = False
    tally.elapsed = time.time() - start_at
    after = stack_cpu(roles)
    tally.cpu_seconds = {role: after[role] - before[role] for role in roles}
    for watcher in watchers:
        watcher.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    return tally


def report(args: argparse.Namespace, stack: str, tally: Tally) -> None:
    """Print the figures, one per line."""
    print(
        f"stack={stack} tables={args.tables} variant={args.variant} bots={args.level} "
        f"worker concurrency={args.concurrency} cpus={os.cpu_count()} seconds={args.seconds:g}"
    )
    print(f"events per second: {tally.events / tally.elapsed:.1f}")
    print(f"hands per minute: {sum(tally.hands_by_table.values()) / tally.elapsed * 60:.1f}")
    print(f"tables that finished a hand: {len(tally.hands_by_table)} of {args.tables}")
    idle = set(tally.table_ids) - set(tally.hands_by_table) - tally.matches_over
    print(
        f"tables whose match ended: {len(tally.matches_over)}; still playing, no hand: {len(idle)}"
    )
    print(f"snapshots healing a lost message: {tally.heals}")
    if tally.latencies_ms:
        figures = ", ".join(
            f"p{round(share * 100)} {percentile(tally.latencies_ms, share):.1f} ms"
            for share in (0.5, 0.95, 0.99)
        )
        print(f"commit-to-viewer latency: {figures}")
    if tally.events:
        shares = ", ".join(
            f"{role} {seconds / tally.events * 1000:.2f}"
            for role, seconds in tally.cpu_seconds.items()
        )
        print(f"CPU ms per event: {shares}")


def main(argv: list[str]) -> int:
    """Bring the stack up, measure, print, tear it all down."""
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-live-") as folder:
        redis = None if args.redis_url else EmbeddedRedis(Path(folder) / "redis.sock").start()
        if args.database_url:
            fresh_postgres(args.database_url)
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "VAR_DIR": folder,
            "REDIS_URL": args.redis_url if redis is None else redis.url,
            "CELERY_QUEUE": f"bench-{uuid.uuid4().hex[:8]}",
            "LOG_LEVEL": "WARNING",
        }
        if args.database_url:
            # The production shape: its database, and DEBUG off as production runs it.
            env.update(DATABASE_URL=args.database_url, DEBUG="false")
            env.setdefault("SECRET_KEY", "bench-only-" + uuid.uuid4().hex)
        os.environ.update(env)
        children: list[subprocess.Popen[bytes]] = []
        try:
            subprocess.run(  # noqa: S603 (our own program)
                [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True
            )
            port = free_port()
            children.append(
                start(
                    [
                        "uvicorn",
                        "config.asgi:application",
                        "--port",
                        str(port),
                        "--lifespan",
                        "off",
                        "--log-level",
                        "warning",
                    ],
                    env,
                )  # fmt: skip
            )
            children.append(
                start(
                    [
                        "celery",
                        "-A",
                        "config",
                        "worker",
                        "--loglevel",
                        "WARNING",
                        "--concurrency",
                        str(args.concurrency),
                        "--without-mingle",
                        "--without-gossip",
                    ],
                    env,
                )  # fmt: skip
            )
            import django

            django.setup()
            from config.celery import ping

            ping.apply_async(expires=60).get(timeout=60)
            time.sleep(1)  # uvicorn is up by the time the worker answers; a margin anyway
            roles = {"worker": children[1].pid, "web": children[0].pid, "sockets": os.getpid()}
            if redis is not None and redis.process is not None:
                roles["redis"] = redis.process.pid
            tally = asyncio.run(
                measure(args, f"ws://127.0.0.1:{port}", f"http://127.0.0.1:{port}", roles)
            )
        finally:
            for child in children:
                stop(child)
            if redis is not None:
                redis.stop()
    report(args, "postgresql+redis" if args.database_url else "embedded", tally)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
