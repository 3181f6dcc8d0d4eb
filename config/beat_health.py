"""Beat's health check: its schedule file was written recently (beat writes it at start and
about every 3 minutes). Exit 0 when fresh, else 1 saying why.

python -m config.beat_health [SCHEDULE]   (default: $VAR_DIR/celerybeat-schedule)
"""

from __future__ import annotations

import glob
import os
import sys
import time

# Seconds without a write after which beat counts as stuck.
MAX_AGE = float(os.environ.get("BEAT_HEALTH_MAX_AGE", "300"))


def schedule_age(schedule: str) -> float | None:
    """Seconds since beat last wrote its schedule (dbm may add suffixes), None if never."""
    files = glob.glob(glob.escape(schedule) + "*")
    if not files:
        return None
    return time.time() - max(os.path.getmtime(name) for name in files)


def main(argv: list[str]) -> int:
    """Check the schedule named on the command line, or the one the entrypoint's beat writes."""
    default = os.path.join(os.environ.get("VAR_DIR", "/app/var"), "celerybeat-schedule")
    schedule = argv[0] if argv else default
    age = schedule_age(schedule)
    if age is None:
        print(f"beat has written no schedule at {schedule}")
        return 1
    if age > MAX_AGE:
        print(f"beat last wrote {schedule} {age:.0f} s ago (more than {MAX_AGE:g} s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
