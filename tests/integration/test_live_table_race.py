"""Two processes act on one table at the same instant: exactly one action is applied."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from games.models import Match, TableEvent
from games.services import table_act
from tests.games.factories import people_table, stack_hand
from tests.helpers import ROOT

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# Bela, dealer 0: seat 1 names hearts and leads; every card of its is then legal.
HANDS = [
    "7c 8c 9c 7d 8d 9d 7h 8h",
    "Ac Kc Qc Ad Kd Ah Kh Qh",
    "Jc Tc Jd Td Qd Jh Th 9h",
    "As Ks Qs Js Ts 9s 8s 7s",
]


def test_two_processes_racing_apply_exactly_one_action(stack_env: dict[str, str]) -> None:
    table, users = people_table("bela")
    stack_hand(table, HANDS, dealer=0)
    table_act(table_id=table.pk, user=users[1], action={"bid": "hearts"}, version=None)
    table.refresh_from_db()
    version = table.version
    start_at = time.time() + 4  # both interpreters are up and waiting by then
    racers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.games.race_actor",
                str(table.pk),
                str(users[1].pk),
                card,
                str(version),
                str(start_at),
            ],
            cwd=ROOT,
            env=stack_env,
            stdout=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        for card in ("Ac", "Ad")
    ]
    outcomes = [json.loads(racer.communicate(timeout=60)[0]) for racer in racers]
    assert sorted(outcomes, key=str) == sorted(
        [{"version": version + 1}, {"error": "stale_version"}], key=str
    )
    table.refresh_from_db()
    assert table.version == version + 1
    events = list(TableEvent.objects.filter(table=table).order_by("version"))
    assert [e.version for e in events] == list(range(1, version + 2))
    played = [e for e in events if e.kind == TableEvent.Kind.PLAY]
    assert len(played) == 1
    hand = Match.objects.get(table=table).engine["hand"]
    assert hand["actions"][-1] == {"seat": 1, "play": played[0].payload["play"]}
