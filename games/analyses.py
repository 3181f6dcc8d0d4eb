"""Analyses of finished hands: computed off the live path (a task on its own queue), shown
with the replay's own rules (a hand in progress, or a duplicate deal some table still plays,
is never analysed for anyone to see)."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Exists, F, OuterRef, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from config.errors import ServiceError
from games import outbox
from games.analysis import ANALYSIS_VERSION, analyse_hand
from games.choices import variant_label
from games.models import HandAnalysis, MatchPlayer, Table, TableEvent
from games.own_moves import StandIn, cards_played_by_others, hand_stand_ins, stand_in_json
from games.queries import hand_rebuild, hands_finished, hands_visible
from games.watching import WITHHELD, watch_refusal


def hand_analyse(*, table_id: int, number: int) -> HandAnalysis | None:
    """Analyse the table's finished hand `number` and store it (again: the same result).

    None when there is no such finished hand (a match ended mid-hand, a table deleted).
    """
    done = HandAnalysis.objects.filter(table_id=table_id, hand=number).first()
    if done is not None and done.data.get("version") == ANALYSIS_VERSION:
        return done  # queued twice (a catch-up beside a slow worker): nothing to redo
    state = hand_rebuild(table_id=table_id, number=number)
    if state is None or not state.is_over:
        return None
    started = time.process_time()
    data = analyse_hand(state.to_json(), seed=table_id * 1_000 + number)
    seconds = round(time.process_time() - started, 3)
    with transaction.atomic():
        if not Table.objects.filter(pk=table_id).exists():
            return None
        analysis, _ = HandAnalysis.objects.update_or_create(
            table_id=table_id, hand=number, defaults={"data": data, "seconds": seconds}
        )
    return analysis


def hands_analysis_catch_up(*, grace_seconds: float, window_seconds: float, limit: int) -> int:
    """Queue again the analysis of hands that ended over `grace_seconds` ago (but within
    `window_seconds`) and have none: their message was refused by a broker, or lost.

    The newest first, at most `limit` a run; returns how many were queued.
    """
    now = timezone.now()
    analysed = HandAnalysis.objects.filter(table_id=OuterRef("table_id"), hand=OuterRef("hand"))
    missed = (
        TableEvent.objects.filter(
            kind=TableEvent.Kind.HAND_END,
            created_at__lt=now - timedelta(seconds=grace_seconds),
            created_at__gte=now - timedelta(seconds=window_seconds),
        )
        .exclude(Exists(analysed))
        .order_by("-created_at")
        .values_list("table_id", "hand")[:limit]
    )
    return sum(outbox.queue_analysis(table_id, number) for table_id, number in missed)


def hand_analysis_read(
    *, table: Table, number: int, user: Any, stand_ins: dict[int, StandIn] | None = None
) -> dict[str, Any]:
    """The analysis of a finished hand as this viewer may see it (`pending` until computed);
    `stand_ins`: the hand's, where the caller has read them already (the replay page).

    Refused as the replay is: a rival of a duplicate round (403), a hand not yet finished at
    every table of the round (403), a hand not finished (404).
    """
    refusal = watch_refusal(table=table, user=user)
    if refusal is not None:
        raise ServiceError("watch_refused", refusal)
    if not any(e.hand == number for e in hands_finished(table_id=table.pk)):
        raise ServiceError("not_found", "No finished hand with that number.")
    visible = hands_visible(table=table, user=user)
    if visible is not None and number > visible:
        raise ServiceError("withheld", WITHHELD, status=403)
    row = HandAnalysis.objects.filter(table=table, hand=number).first()
    if row is None or row.data.get("version") != ANALYSIS_VERSION:
        return {"hand": number, "status": "pending", "decisions": [], "auction": []}
    if stand_ins is None:
        stand_ins = hand_stand_ins(table=table, number=number)

    def chooser(move: dict[str, Any]) -> dict[str, Any]:
        return {**move, "stand_in": stand_in_json(stand_ins.get(move["action"]))}

    decisions = [chooser(d) for d in row.data["decisions"]]
    return {
        "hand": number,
        "status": "ready",
        "exact_cards": row.data["exact_cards"],
        "decisions": decisions,
        "auction": [chooser(call) for call in row.data["auction"]],
        "mistakes": mistakes(decisions),
        "players": seat_summaries(decisions),
    }


# How many of a player's latest finished matches their accuracy counts, and the trend lists.
ACCURACY_MATCHES = 200
TREND_MATCHES = 10


def player_accuracy(*, user: Any, table_ids: Iterable[int] | None = None) -> list[dict[str, Any]]:
    """Per rule set, over the player's finished matches (`table_ids`: only those tables'): the
    decisions analysed, the mean loss per decision from their own view (the fair measure) and
    with every card known, and the trend: that mean per match, the latest last. Only the cards
    they chose count: not a computer's on their timed-out turn or in their seat after they left."""
    return players_accuracy(users=[user], table_ids=table_ids)[user.pk]


def players_accuracy(
    *, users: Sequence[Any], table_ids: Iterable[int] | None = None
) -> dict[int, list[dict[str, Any]]]:
    """player_accuracy for each of `users`, by id, read in the same few queries however many
    they are (an event's page measures every entrant)."""
    seats = MatchPlayer.objects.filter(user__in=users, match__finished_at__isnull=False)
    if table_ids is not None:
        seats = seats.filter(match__table_id__in=list(table_ids))
    newest_first = (F("match__finished_at").desc(), F("match_id").desc())
    # Each player's latest seats only, chosen by the database: a computer player holds three
    # seats of every match against the computer, and reading them all took its page seconds.
    latest = seats.annotate(
        rank=Window(RowNumber(), partition_by=F("user_id"), order_by=newest_first)
    ).filter(rank__lte=ACCURACY_MATCHES)
    chosen = MatchPlayer.objects.filter(pk__in=list(latest.values_list("pk", flat=True)))
    played: dict[int, list[MatchPlayer]] = defaultdict(list)
    for seat in (
        chosen.select_related("match", "user").defer("match__engine").order_by(*newest_first)
    ):
        played[seat.user_id].insert(0, seat)  # oldest first
    every_seat = [seat for theirs in played.values() for seat in theirs]
    rows = HandAnalysis.objects.filter(table_id__in={s.match.table_id for s in every_seat})
    others = cards_played_by_others(every_seat)
    by_table: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table_id, hand, data in rows.values_list("table_id", "hand", "data"):
        by_table[table_id].extend(
            d for d in data["decisions"] if (table_id, hand, d["card"]) not in others
        )
    return {user.pk: _accuracy(played.get(user.pk, []), by_table) for user in users}


def _accuracy(
    played: list[MatchPlayer], by_table: dict[int, list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """One player's lines from their seats, oldest first, and their tables' own decisions."""
    found: dict[str, dict[str, Any]] = {}
    for seat in played:
        mine = [d for d in by_table[seat.match.table_id] if d["seat"] == seat.seat]
        if not mine:
            continue
        entry = found.setdefault(seat.match.variant, {"view": [], "perfect": [], "trend": []})
        entry["view"] += [d["loss_view"] for d in mine]
        entry["perfect"] += [d["loss_perfect"] for d in mine]
        entry["trend"].append(
            {
                "match": seat.match_id,
                "finished_at": seat.match.finished_at,
                "decisions": len(mine),
                "mean_loss_view": _mean([d["loss_view"] for d in mine]),
            }
        )
    return [
        {
            "variant": variant,
            "decisions": len(entry["view"]),
            "mean_loss_view": _mean(entry["view"]),
            "mean_loss_perfect": _mean(entry["perfect"]),
            "trend": entry["trend"][-TREND_MATCHES:],
        }
        for variant, entry in sorted(found.items())
    ]


def accuracy_lines(accuracy: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """player_accuracy's lines with each rule set's name, for pages."""
    return [{**line, "label": variant_label(line["variant"])} for line in accuracy]


def mistakes(decisions: list[dict[str, Any]], *, limit: int = 5) -> list[dict[str, Any]]:
    """The hand's costliest cards, by the seat's own view first (the fair measure)."""
    costly = [d for d in decisions if d["loss_view"] > 0 or d["loss_perfect"] > 0]
    costly.sort(key=lambda d: (-d["loss_view"], -d["loss_perfect"], d["action"]))
    return costly[:limit]


def seat_summaries(decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per seat: decisions, mean loss by each measure, and how many were its view's best; only
    the cards its player chose (not those someone played for them)."""
    out = []
    for seat in range(4):
        mine = [d for d in decisions if d["seat"] == seat and d.get("stand_in") is None]
        out.append(
            {
                "seat": seat,
                "decisions": len(mine),
                "mean_loss_view": _mean([d["loss_view"] for d in mine]),
                "mean_loss_perfect": _mean([d["loss_perfect"] for d in mine]),
                "best_view": sum(d["card"] in d["best_view"] for d in mine),
            }
        )
    return out


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None
