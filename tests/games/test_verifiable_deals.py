"""Verifiable deals: every hand's deck comes from a committed seed, shown only afterwards."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from games import verify
from games.deal_seeds import derived_seed, new_seed, seeded_step
from games.models import DealSeed, Table, TableEvent
from games.outbox import _public_event as public_event
from games.queries import table_snapshot
from games.rules.cards import CODES
from games.services import table_create, table_take_seat
from tests.games.duplicate_tables import GROUP, play_hands
from tests.games.factories import people_table, person, play_bots_to_end
from tests.games.sockets import leaks

ROOT = Path(__file__).resolve().parents[2]


def proofs(table: Table, client: APIClient | None = None) -> dict[str, Any]:
    response = (client or APIClient()).get(f"/api/tables/{table.pk}/deals/")
    assert response.status_code == 200, response.content
    return response.json()


def bot_match(**options: Any) -> Table:
    return table_create(
        creator=None, variant=options.pop("variant", "bela"), bot_seats=(0, 1, 2, 3),
        bot_delay_ms=0, max_hands=options.pop("max_hands", 2), **options,
    )  # fmt: skip


def test_the_documented_order_is_the_engines_card_order() -> None:
    assert verify.CARD_ORDER == CODES


def test_the_shuffle_is_a_fixed_function_of_seed_and_deal() -> None:
    seed = "00" * 32
    # Known answers: the algorithm must never change under published proofs.
    assert " ".join(verify.deck_from_seed(seed, "table-1/hand-1")) == (
        "7c Td 8d 8s 8h Qd 8c Ts Qc Jd 7h Qs 9d Ah Jc 7s "
        "Kc Js 9s Kd 9h As Ad 7d 9c Jh Qh Th Ac Kh Ks Tc"
    )
    assert verify.commitment(seed, "table-1/hand-1") == (
        "89471190ed9b49ff61c81546739bae25085630b232af6425dff9c7f4ef25ed57"
    )
    deck = verify.deck_from_seed(seed, "table-1/hand-1")
    assert deck != verify.deck_from_seed(seed, "table-1/hand-2")
    assert deck != verify.deck_from_seed("00" * 31 + "01", "table-1/hand-1")


def test_every_card_lands_everywhere_about_equally_often() -> None:
    counts = [[0] * 32 for _ in range(32)]
    for n in range(3200):
        for place, code in enumerate(verify.deck_from_seed(f"{n:064x}", "d")):
            counts[verify.CARD_ORDER.index(code)][place] += 1
    # 100 expected per cell; a biased shuffle (e.g. swap with any index) misses this band.
    assert all(50 < c < 160 for row in counts for c in row)


@pytest.mark.django_db
def test_a_finished_match_reveals_seeds_that_recompute_the_cards_played() -> None:
    table = play_bots_to_end(bot_match())
    data = proofs(table)
    assert data["revealed"] and len(data["deals"]) == 2
    for deal in data["deals"]:
        assert deal["seed"] and verify.check_deal(deal) == []
        assert len(deal["plays"]) == 32
        dealt = TableEvent.objects.get(table=table, hand=deal["hand"], kind="deal")
        assert dealt.payload["hand"]["deck"] == deal["deck"]


@pytest.mark.django_db
def test_a_tampered_deck_seed_or_commitment_is_detected() -> None:
    deal = proofs(play_bots_to_end(bot_match()))["deals"][0]
    swapped = [*deal["deck"][1:2], deal["deck"][0], *deal["deck"][2:]]
    assert verify.check_deal({**deal, "deck": swapped}) == [
        "the deck dealt is not the deck of this seed"
    ]
    other = new_seed()
    assert "the seed does not match the commitment" in verify.check_deal({**deal, "seed": other})
    forged = {**deal, "commitment": verify.commitment(other, deal["deal_id"])}
    assert verify.check_deal(forged) == ["the seed does not match the commitment"]
    seat, card = deal["plays"][0]
    moved = [[seat ^ 1, card], *deal["plays"][1:]]
    assert verify.check_deal({**deal, "plays": moved}) == [
        f"{card} was played by seat {seat ^ 1}, who was not dealt it"
    ]


@pytest.mark.django_db
def test_the_command_line_verifier_checks_a_saved_file(tmp_path: Path) -> None:
    data = proofs(play_bots_to_end(bot_match()))
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(data))
    data["deals"][1]["seed"] = new_seed()
    bad.write_text(json.dumps(data))

    # A copy of the one file, run isolated (no site-packages, no project): stdlib only.
    alone = tmp_path / "verify.py"
    alone.write_text((ROOT / "games" / "verify.py").read_text())

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(  # noqa: S603
            [sys.executable, "-I", str(alone), *args], capture_output=True, text=True, check=False
        )

    as_module = subprocess.run(  # noqa: S603
        [sys.executable, "-S", "-m", "games.verify", str(good)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert as_module.returncode == 0, as_module.stderr
    ok = run(str(good))
    assert ok.returncode == 0 and ok.stdout.count("ok ") == 2
    failed = run(str(bad))
    assert failed.returncode == 1 and "does not match the commitment" in failed.stdout
    assert run(str(tmp_path / "missing.json")).returncode == 2
    assert run("--seed", "xyz", "--deal-id", "d").returncode == 2


@pytest.mark.django_db
def test_a_live_hands_seed_is_never_shown_nor_its_cards_derivable() -> None:
    table, people = people_table()
    seat = DealSeed.objects.get(table=table)
    for client_user in (None, *people):
        client = APIClient()
        if client_user is not None:
            client.force_authenticate(client_user)
        data = proofs(table, client)
        assert not data["revealed"]
        assert data["deals"] == [
            {
                "hand": 1, "deal_id": f"table-{table.pk}/hand-1", "chosen": False,
                "commitment": seat.commitment, "seed": None,
            }
        ]  # fmt: skip
        for url in (f"/api/tables/{table.pk}/", f"/tables/{table.pk}/"):
            assert seat.seed not in client.get(url).content.decode()
    assert verify.commitment(seat.seed, seat.deal_id) == seat.commitment


@pytest.mark.django_db
def test_a_duplicate_rounds_tables_share_commitments_and_reveal_only_when_all_finish() -> None:
    seeds = [new_seed(), new_seed()]

    def deals(turned: int) -> list[dict[str, Any]]:
        return [
            seeded_step(seed=seed, deal_id=f"{GROUP}/deal-{n + 1}", dealer=(n + turned) % 4)
            for n, seed in enumerate(seeds)
        ]

    first = bot_match(deals=deals(0), watch_group=GROUP)
    people = [person() for _ in range(4)]
    second = table_create(
        creator=people[0], variant="bela", turn_seconds=3600, max_hands=2, deals=deals(1),
        watch_group=GROUP,
    )  # fmt: skip
    for user in people[1:]:
        table_take_seat(table_id=second.pk, user=user)
    play_bots_to_end(first)
    play_hands(second, 1)
    early = proofs(first)
    assert not early["revealed"] and all(d["seed"] is None for d in early["deals"])
    play_bots_to_end(second)
    done = [proofs(t)["deals"] for t in (first, second)]
    assert [d["commitment"] for d in done[0]] == [d["commitment"] for d in done[1]]
    assert [d["deck"] for d in done[0]] == [d["deck"] for d in done[1]]
    assert all(verify.check_deal(d) == [] for table_deals in done for d in table_deals)


@pytest.mark.django_db
def test_a_chosen_deck_without_seed_says_so() -> None:
    deck = verify.deck_from_seed(derived_seed(1, "x"), "x")
    table = play_bots_to_end(bot_match(max_hands=1, deals=[{"deck": deck, "dealer": 0}]))
    (deal,) = proofs(table)["deals"]
    assert deal["chosen"] and deal["seed"] is None and deal["commitment"] is None


@pytest.mark.django_db
def test_a_missing_table_is_a_json_404() -> None:
    response = APIClient().get("/api/tables/999999/deals/")
    assert response.status_code == 404 and "error" in response.json()


def test_the_socket_leak_scan_catches_a_seed() -> None:
    seed = new_seed()
    assert "a deal seed" in leaks({"type": "event", "note": seed}, seat=None)
    assert "a deal seed" in leaks({"type": "event", "seed": 1}, seat=0)


@pytest.mark.django_db
def test_the_table_page_links_to_its_deals_commitments() -> None:
    table, _ = people_table()
    page = APIClient().get(f"/tables/{table.pk}/").content.decode()
    assert f'href="/tables/{table.pk}/deals/"' in page
    assert 'id="deal-commitment"' in page and 'id="deal-hash"' in page  # filled by table.js
    deals = APIClient().get(f"/tables/{table.pk}/deals/").content.decode()
    assert DealSeed.objects.get(table=table).commitment in deals


@pytest.mark.django_db
def test_the_current_deals_commitment_is_in_every_viewers_snapshot_and_the_table_api() -> None:
    table, people = people_table()
    row = DealSeed.objects.get(table=table)
    public = {"hand": 1, "deal_id": row.deal_id, "chosen": False, "commitment": row.commitment}
    for user in (None, person(), *people):
        snapshot = table_snapshot(table_id=table.pk, user=user)
        seat = snapshot["seat"]
        assert snapshot["deal"] == public and leaks(snapshot, seat=seat) == []
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        response = client.get(f"/api/tables/{table.pk}/")
        assert response.json()["snapshot"]["deal"] == public
        assert row.seed not in response.content.decode()


@pytest.mark.django_db
def test_each_deal_event_tells_everyone_the_new_deals_commitment() -> None:
    table, _ = people_table()
    play_hands(table, 1)
    second = DealSeed.objects.get(table=table, hand=2)
    event = TableEvent.objects.get(table=table, hand=2, kind="deal")
    told = public_event(event)
    assert told["deal"] == {
        "hand": 2, "deal_id": second.deal_id, "chosen": False, "commitment": second.commitment
    }  # fmt: skip
    assert leaks({"type": "event", "event": told}, seat=None) == []
    assert second.seed not in json.dumps(told)


def test_the_leak_scan_allows_a_commitment_only_where_it_belongs() -> None:
    hex64 = new_seed()
    assert leaks({"type": "snapshot", "deal": {"commitment": hex64}}, seat=None) == []
    assert "a deal seed" in leaks({"type": "snapshot", "deal": {"deal_id": hex64}}, seat=None)
    assert "a deal seed" in leaks({"type": "snapshot", "table": {"commitment": hex64}}, seat=1)
