"""A new table's page on a slow phone line: from the click on "Play" to the dealt cards.

Brings up the embedded default (a fresh SQLite file, an embedded Redis, the ASGI server and a
Celery worker), signs a player in with Debian's chromium, and times, on a line of the given
latency and bandwidth (Chrome's own throttling), the click that opens a table against the
computer to "Connected." and the player's cards on screen: each run in a fresh browser
context (a first visit, nothing cached), then the same again with the page's files cached.

Run: `python bench/page_load.py [--runs 5] [--latency-ms 300] [--kbps 1600]`
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from live_tables import free_port, start, stop  # noqa: E402 (bench/, the script's own folder)

from config.embedded_redis import EmbeddedRedis  # noqa: E402
from config.stack import wait_until_healthy  # noqa: E402

PASSWORD = "bench-only-pw-41"  # noqa: S105 (a throwaway account in a throwaway database)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads per case")
    parser.add_argument("--latency-ms", type=float, default=300, help="round trip added")
    parser.add_argument("--kbps", type=float, default=1600, help="download bandwidth")
    return parser.parse_args(argv)


def timed_loads(url: str, username: str, args: argparse.Namespace) -> dict[str, list[float]]:
    """Seconds from the click to the dealt cards, per case (first visit, files cached)."""
    from playwright.sync_api import expect, sync_playwright

    line = {
        "offline": False,
        "latency": args.latency_ms,
        "downloadThroughput": args.kbps * 1000 / 8,
        "uploadThroughput": args.kbps * 1000 / 16,
    }
    times: dict[str, list[float]] = {"first visit": [], "files cached": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
        for _ in range(args.runs):
            context = browser.new_context()
            page = context.new_page()
            page.goto(f"{url}/accounts/login/")
            page.fill("#id_username", username)
            page.fill("#id_password", PASSWORD)
            page.locator("main form button[type=submit]").click()
            page.wait_for_url(lambda address: "/login/" not in address)
            page.context.new_cdp_session(page).send("Network.emulateNetworkConditions", line)
            for case in times:
                if case == "first visit":
                    page.context.new_cdp_session(page).send("Network.clearBrowserCache")
                page.goto(f"{url}/tables/")
                began = time.monotonic()
                page.locator("#new-table button[type=submit]").first.click()
                expect(page.locator("#hand .card").first).to_be_visible(timeout=60_000)
                expect(page.locator("#connection")).to_have_text("Connected.")
                times[case].append(time.monotonic() - began)
            context.close()
        browser.close()
    return times


def main(argv: list[str]) -> int:
    """Bring the stack up, time the page loads, print, tear it all down."""
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-page-") as folder:
        redis = EmbeddedRedis(Path(folder) / "redis.sock").start()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "VAR_DIR": folder,
            "REDIS_URL": redis.url,
            "CELERY_QUEUE": f"bench-{uuid.uuid4().hex[:8]}",
            "LOG_LEVEL": "WARNING",
        }
        os.environ.update(env)
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)  # noqa: S603
        username = f"bench{uuid.uuid4().hex[:6]}"
        make_user = (
            "from accounts.models import User; "
            f"User.objects.create_user(username={username!r}, password={PASSWORD!r})"
        )
        subprocess.run([*manage, "shell", "-c", make_user], cwd=ROOT, env=env, check=True)  # noqa: S603
        port = free_port()
        command = ["uvicorn", "config.asgi:application", "--port", str(port), "--lifespan", "off"]
        worker = ["celery", "-A", "config", "worker", "--loglevel", "WARNING", "--concurrency", "1"]
        children = [start([*command, "--log-level", "warning"], env), start(worker, env)]
        try:
            if not wait_until_healthy(f"http://127.0.0.1:{port}", children):
                raise SystemExit("the stack did not come up")
            times = timed_loads(f"http://127.0.0.1:{port}", username, args)
        finally:
            for child in children:
                stop(child)
            redis.stop()
    line = f"{args.latency_ms:.0f} ms round trip, {args.kbps:.0f} kbit/s"
    print(f"click to dealt cards, {args.runs} runs each, on a line of {line}:")
    for case, seconds in times.items():
        print(
            f"  {case:>12}: median {statistics.median(seconds):.2f} s "
            f"(min {min(seconds):.2f}, max {max(seconds):.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
