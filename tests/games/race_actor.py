"""One racer for the two-process race test: wait for the start time, act once, print the outcome.

python -m tests.games.race_actor TABLE_ID USER_ID CARD VERSION START_AT (epoch seconds)
"""

from __future__ import annotations

import json
import sys
import time

import django


def main(argv: list[str]) -> None:
    """Act at exactly the agreed moment so both processes hit the table together."""
    django.setup()
    from accounts.models import User
    from config.errors import ServiceError
    from games.services import table_act

    table_id, user_id, card, version, start_at = argv
    user = User.objects.get(pk=int(user_id))
    time.sleep(max(0.0, float(start_at) - time.time()))
    try:
        new_version = table_act(
            table_id=int(table_id), user=user, action={"play": card}, version=int(version)
        )
    except ServiceError as error:
        print(json.dumps({"error": error.code}))
        return
    print(json.dumps({"version": new_version}))


if __name__ == "__main__":
    main(sys.argv[1:])
