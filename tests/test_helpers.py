"""The tests' own waiting: it outlasts a slow machine, and still ends on a hung process."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from tests.helpers import wait_while_working


def test_a_process_that_works_longer_than_the_idle_limit_is_waited_for() -> None:
    busy = subprocess.Popen(
        [sys.executable, "-c", "import time\nend = time.time() + 3\nwhile time.time() < end: pass"]
    )
    started = time.monotonic()
    status = wait_while_working(busy.poll, pids=lambda: [busy.pid], idle=1, what="the busy one")
    assert status == 0
    assert time.monotonic() - started > 1


def test_a_process_that_sits_still_is_given_up_on() -> None:
    still = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        with pytest.raises(pytest.fail.Exception, match="did nothing for 1 s"):
            wait_while_working(still.poll, pids=lambda: [still.pid], idle=1, what="the still one")
    finally:
        still.kill()
        still.wait()
