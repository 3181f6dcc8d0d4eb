"""Writes about tournaments: the organizer's actions, registration, check-in and the clock.

Each action checks who asks (the organizer or staff), then the status machine:
draft -> registration -> (check_in, optional) -> running -> finished, and cancelled from any
state before finished. Anything else is refused with a ServiceError that says, in words, where
the event stands; a start that could not run is refused before anything starts.

The clock takes the same steps on its own once their times come (`tournaments_advance_due`,
run by the beat sweep): `registration_opens_at` opens a draft's registration (setting it is how
an organizer schedules the event), `check_in_opens_at` opens check-in, `starts_at` starts it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from accounts.models import INITIAL_RATING, Rating, User
from config.errors import ServiceError
from config.text import visible_paragraphs, visible_text
from games import rules
from games.choices import BotLevel, Variant, bot_level_names, variant_names
from games.models import Table
from games.services import table_pause, table_resume, table_seat_hand_over
from tournaments import live
from tournaments.access import may_run
from tournaments.models import Entry, Round, RoundTable, Tournament, with_players
from tournaments.policies import policy_for
from tournaments.rounds import deadline_schedule, round_create
from tournaments.tables import stand_in, table_filler
from tournaments.withdrawal import entry_leave

Status = Tournament.Status
logger = logging.getLogger(__name__)

# Where each status may go next.
TRANSITIONS: dict[str, frozenset[str]] = {
    Status.DRAFT: frozenset({Status.REGISTRATION, Status.CANCELLED}),
    # Check-in is optional: registration may go straight to the start (everyone entered plays).
    Status.REGISTRATION: frozenset({Status.CHECK_IN, Status.RUNNING, Status.CANCELLED}),
    Status.CHECK_IN: frozenset({Status.RUNNING, Status.CANCELLED}),
    Status.RUNNING: frozenset({Status.FINISHED, Status.CANCELLED}),
    Status.FINISHED: frozenset(),
    Status.CANCELLED: frozenset(),
}
# What an organizer may change, and until when.
EDITABLE = {
    "name", "house_rules", "match_deals", "swiss_rounds", "third_place", "round_minutes",
    "registration_opens_at", "registration_closes_at", "check_in_opens_at",
    "check_in_closes_at", "starts_at", "bots_allowed", "bot_level", "rated", "description",
    "ranking", "absent_grace_seconds",
}  # fmt: skip
# Before the event starts; its settings may change until then.
NOT_STARTED = {Status.DRAFT, Status.REGISTRATION, Status.CHECK_IN}
EDITABLE_WHILE = NOT_STARTED
REGISTERING = {Status.DRAFT, Status.REGISTRATION}
DESCRIPTION_LIMIT = 4000
# Entries may be added or withdrawn until the event starts.
ENTRIES_OPEN = {Status.REGISTRATION, Status.CHECK_IN}


def tournament_ensure(
    *,
    name: str,
    variant: Variant,
    tournament_format: Tournament.Format,
    organizer: User,
    status: Tournament.Status,
) -> Tournament:
    """Create a tournament of that name and organizer once (demo data)."""
    tournament, _ = Tournament.objects.get_or_create(
        name=name,
        organizer=organizer,
        defaults={"variant": variant, "format": tournament_format, "status": status},
    )
    return tournament


def _locked(tournament_id: int, user: User | Any) -> Tournament:
    """The tournament, locked, if this user may run it; refusals say why."""
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError("not_found", _("No such tournament."))
    if not may_run(user, tournament):
        raise ServiceError("forbidden", _("Only the organizer or staff can do this."))
    return tournament


def _where_it_stands(status: str) -> str:
    """The event's state in words, with the next step an organizer can take."""
    return {
        Status.DRAFT: _("The event is still a draft: open registration first."),
        Status.REGISTRATION: _("Registration is open: open check-in, or start the event."),
        Status.CHECK_IN: _("Check-in is open: start the event when everyone is here."),
        Status.RUNNING: _("The event is already running."),
        Status.FINISHED: _("The event is over."),
        Status.CANCELLED: _("The event was cancelled: it is over."),
    }[Status(status)]


def _check_move(tournament: Tournament, to: Tournament.Status) -> None:
    """Refuse a status change the machine does not allow, saying where the event stands."""
    if to not in TRANSITIONS[tournament.status]:
        raise ServiceError(
            "illegal_transition",
            _("That is not possible now. %(state)s")
            % {"state": _where_it_stands(tournament.status)},
        )


def tournament_possible_actions(tournament: Tournament) -> set[str]:
    """The organizer's actions the event's state allows now (pages show only these)."""
    status = Status(tournament.status)
    possible = {name for name, to in ACTION_TARGETS.items() if to in TRANSITIONS[status]}
    if status == Status.RUNNING:
        possible.add("resume" if tournament.is_paused else "pause")
    return possible


# The organizer's status actions and where each takes the event.
ACTION_TARGETS = {
    "open-registration": Status.REGISTRATION,
    "open-check-in": Status.CHECK_IN,
    "start": Status.RUNNING,
    "cancel": Status.CANCELLED,
}


def _move(tournament: Tournament, to: Tournament.Status) -> None:
    """Change status along the machine."""
    _check_move(tournament, to)
    tournament.status = to
    tournament.save(update_fields=["status"])
    live.tournament_changed(tournament=tournament)


def _validate(values: Mapping[str, Any]) -> None:
    """Refuse settings the event could not run with."""
    policy_for(values["format"]).check_settings(values)
    if values.get("variant") not in variant_names():
        raise ServiceError(
            "invalid", _("Unknown rule set %(name)r.") % {"name": values.get("variant")}
        )
    try:
        rules.get_variant(values["variant"], values.get("house_rules") or {})
    except rules.InvalidInputError as error:
        raise ServiceError("invalid", error.message) from error
    if values.get("bot_level", BotLevel.MEDIUM) not in bot_level_names():
        raise ServiceError("invalid", _("Unknown bot strength."))
    if not 10 <= values.get("absent_grace_seconds", 60) <= 600:
        raise ServiceError("invalid", _("Players get 10 to 600 seconds to come to their table."))
    if values.get("ranking", Tournament.Ranking.WINS) not in Tournament.Ranking.values:
        raise ServiceError("invalid", _("Unknown ranking."))
    if len(str(values.get("description") or "")) > DESCRIPTION_LIMIT:
        raise ServiceError(
            "invalid",
            _("Keep the description under %(limit)d characters.") % {"limit": DESCRIPTION_LIMIT},
        )
    deals = values.get("match_deals")
    if deals is not None and not 1 <= deals <= 100:
        raise ServiceError("invalid", _("A match of a fixed length has 1 to 100 deals."))
    if not 1 <= values.get("round_minutes", 60) <= 1440:
        raise ServiceError("invalid", _("A round lasts 1 to 1440 minutes."))
    for opens, closes in (
        ("registration_opens_at", "registration_closes_at"),
        ("check_in_opens_at", "check_in_closes_at"),
        ("registration_opens_at", "check_in_opens_at"),
        ("check_in_opens_at", "starts_at"),
    ):
        start, end = values.get(opens), values.get(closes)
        if start is not None and end is not None and end <= start:
            raise ServiceError(
                "invalid",
                _("%(closes)s must come after %(opens)s.") % {"closes": closes, "opens": opens},
            )
    starts, check_in_closes = values.get("starts_at"), values.get("check_in_closes_at")
    if starts is not None and check_in_closes is not None and starts < check_in_closes:
        raise ServiceError("invalid", "starts_at must not come before check_in_closes_at.")


def tournament_create(*, organizer: User, **settings: Any) -> Tournament:
    """A new tournament in draft; `settings` are the model's fields (name, variant, format...)."""
    if not organizer.is_authenticated:
        raise ServiceError("forbidden", _("Sign in to organize a tournament."))
    if organizer.is_guest:
        raise ServiceError("forbidden", _("Create an account to organize a tournament."))
    unknown = set(settings) - EDITABLE - {"variant", "format", "entry_type"}
    if unknown:
        raise ServiceError(
            "invalid", _("Unknown settings: %(names)s.") % {"names": ", ".join(sorted(unknown))}
        )
    settings = _visible(settings)
    if not settings.get("name"):
        raise ServiceError("invalid", _("Give the tournament a name."))
    if settings.get("format") not in Tournament.Format.values:
        raise ServiceError("invalid", _("Choose a format."))
    _validate(settings)
    return Tournament.objects.create(organizer=organizer, **settings)


@transaction.atomic
def tournament_edit(*, tournament_id: int, user: User, changes: Mapping[str, Any]) -> Tournament:
    """Change settings before the event starts."""
    tournament = _locked(tournament_id, user)
    if tournament.status not in EDITABLE_WHILE:
        raise ServiceError("not_editable", _("A tournament can be edited only before it starts."))
    unknown = set(changes) - EDITABLE
    if unknown:
        raise ServiceError(
            "invalid",
            _("These cannot be changed: %(names)s.") % {"names": ", ".join(sorted(unknown))},
        )
    fixed = ("variant", "format", "entry_type")
    values = {field: getattr(tournament, field) for field in (*EDITABLE, *fixed)}
    changes = _visible(changes)
    if "name" in changes and not changes["name"]:
        raise ServiceError("invalid", _("Give the tournament a name."))
    values.update(changes)
    _validate(values)
    for field, value in changes.items():
        setattr(tournament, field, value)
    tournament.save()
    return tournament


def _visible(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings with the name and description stripped of characters nobody sees."""
    cleaned = dict(settings)
    if isinstance(cleaned.get("name"), str):
        cleaned["name"] = visible_text(cleaned["name"])
    if isinstance(cleaned.get("description"), str):
        cleaned["description"] = visible_paragraphs(cleaned["description"])
    return cleaned


@transaction.atomic
def tournament_open_registration(*, tournament_id: int, user: User) -> Tournament:
    """Let players enter."""
    tournament = _locked(tournament_id, user)
    _move(tournament, Status.REGISTRATION)
    return tournament


@transaction.atomic
def tournament_open_check_in(*, tournament_id: int, user: User) -> Tournament:
    """Close entries; entrants now confirm they are here."""
    tournament = _locked(tournament_id, user)
    _open_check_in(tournament)
    return tournament


def _open_check_in(tournament: Tournament) -> None:
    """Move to check-in; bots' entries are checked in (computer players are always there)."""
    _move(tournament, Status.CHECK_IN)
    for entry in tournament.entries.select_related(*with_players()):
        if all(player.is_bot for player in entry.players()):
            entry.checked_in = True
            entry.save(update_fields=["checked_in"])


# A window's refusals: before it opens, after it closed.
WINDOW_TEXT = {
    "registration": (
        gettext_noop("Registration opens at %(at)s UTC."),
        gettext_noop("Registration closed at %(at)s UTC."),
    ),
    "check-in": (
        gettext_noop("Check-In opens at %(at)s UTC."),
        gettext_noop("Check-In closed at %(at)s UTC."),
    ),
}


def _window(opens: datetime | None, closes: datetime | None, what: str) -> None:
    """Refuse outside a window, saying when it opens or closed."""
    now = timezone.now()
    before, after = WINDOW_TEXT[what]
    if opens is not None and now < opens:
        raise ServiceError(f"{what}_not_open", before, values={"at": _minute(opens)})
    if closes is not None and now > closes:
        raise ServiceError(f"{what}_closed", after, values={"at": _minute(closes)})


def _minute(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")


def _rating(user: User, variant: str) -> float:
    rating = Rating.objects.filter(user=user, variant=variant).values_list("value", flat=True)
    return float(rating.first() or INITIAL_RATING)


@transaction.atomic
def entry_register(*, tournament_id: int, user: User, players: list[User], name: str = "") -> Entry:
    """Enter a pair. People enter themselves; the organizer may also enter others and bots."""
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError("not_found", _("No such tournament."))
    if not user.is_authenticated:
        raise ServiceError("sign_in", _("Sign in to enter."))
    if user.is_guest:
        raise ServiceError("forbidden", _("Create an account to enter an event."))
    if tournament.status != Status.REGISTRATION:
        raise ServiceError("registration_closed", _("This tournament is not taking entries."))
    _window(tournament.registration_opens_at, tournament.registration_closes_at, "registration")
    if tournament.entry_type == Tournament.EntryType.INDIVIDUALS:
        if len(players) != 1:
            raise ServiceError("invalid", _("In this event each player enters alone."))
    elif len(players) != 2 or players[0].pk == players[1].pk:
        raise ServiceError("invalid", _("A pair is two different players."))
    guest = next((player for player in players if player.is_guest), None)
    if guest is not None:
        raise ServiceError(
            "invalid",
            _("%(player)s plays as a guest: an event's players have accounts.")
            % {"player": guest.username},
        )
    organizing = may_run(user, tournament)
    if not organizing and user.pk not in {p.pk for p in players}:
        raise ServiceError("forbidden", _("You can enter only a pair you play in."))
    if any(p.is_bot for p in players) and not (organizing and tournament.bots_allowed):
        raise ServiceError(
            "no_bots", _("Only the organizer can enter bots, where bots are allowed.")
        )
    entered = Entry.objects.filter(tournament=tournament)
    for player in players:
        if entered.filter(player_one=player).exists() or entered.filter(player_two=player).exists():
            raise ServiceError(
                "already_entered", _("%(player)s is already entered.") % {"player": player}
            )
    if not organizing and len(players) == 2 and players[1].pk == user.pk:
        players = [players[1], players[0]]  # the one who enters first, the invited partner next
    invited = not organizing and len(players) == 2 and not players[1].is_bot
    entry = Entry.objects.create(
        tournament=tournament,
        name=visible_text(name),
        player_one=players[0],
        player_two=players[1] if len(players) > 1 else None,
        partner_accepted=not invited,
    )
    if invited:
        live.partner_invited(entry=entry)
    live.tournament_changed(tournament=tournament)
    return entry


@transaction.atomic
def entry_accept(*, entry_id: int, user: User) -> Entry:
    """The invited partner agrees to play: the pair is registered."""
    entry = _entry_locked(entry_id)
    if user.pk != entry.player_two_id:
        raise ServiceError("forbidden", _("Only the invited partner can accept."))
    if entry.tournament.status not in ENTRIES_OPEN:
        raise ServiceError("registration_closed", _("Entries have closed for this event."))
    entry.partner_accepted = True
    entry.save(update_fields=["partner_accepted"])
    live.tournament_changed(tournament=entry.tournament)
    return entry


@transaction.atomic
def entry_withdraw(*, entry_id: int, user: User) -> None:
    """Take an entry out: its players, or the organizer. Before the start it is gone (an
    invited partner who declines withdraws the pair the same way); from a running event it
    leaves as its format has it (tournaments.withdrawal), keeping its results and place."""
    tournament_id = Entry.objects.filter(pk=entry_id).values_list("tournament_id", flat=True)
    tournament = Tournament.objects.select_for_update().filter(pk__in=tournament_id).first()
    entry = _entry_locked(entry_id)
    assert tournament is not None  # noqa: S101 (the entry exists, so does its event)
    refusal = entry_withdraw_refusal(tournament=tournament, entry=entry, user=user)
    if refusal is not None:
        raise refusal
    if tournament.status in ENTRIES_OPEN:
        entry.delete()
    else:
        entry_leave(tournament=tournament, entry=entry)
    live.tournament_changed(tournament=tournament)


def entry_withdraw_refusal(
    *, tournament: Tournament, entry: Entry, user: User
) -> ServiceError | None:
    """Why this user may not withdraw the entry now, if they may not: the page that asks
    first says so at once instead of offering a button that fails."""
    if user.pk not in {entry.player_one_id, entry.player_two_id} and not may_run(user, tournament):
        refusal = _("Only the entry's players or the organizer can do this.")
        return ServiceError("forbidden", refusal)
    if tournament.status not in ENTRIES_OPEN and tournament.status != Status.RUNNING:
        return ServiceError("entries_closed", _("Entries cannot be withdrawn now."))
    return None


def _entry_locked(entry_id: int) -> Entry:
    entry = (
        Entry.objects.select_for_update().select_related("tournament").filter(pk=entry_id).first()
    )
    if entry is None:
        raise ServiceError("not_found", _("No such entry."))
    return entry


@transaction.atomic
def entry_check_in(*, entry_id: int, user: User) -> Entry:
    """A player of the entry (or the organizer) confirms it will play."""
    entry = (
        Entry.objects.select_for_update().select_related("tournament").filter(pk=entry_id).first()
    )
    if entry is None:
        raise ServiceError("not_found", _("No such entry."))
    tournament = entry.tournament
    if user.pk not in {entry.player_one_id, entry.player_two_id} and not may_run(user, tournament):
        raise ServiceError(
            "forbidden", _("Only the entry's players or the organizer can check in.")
        )
    if tournament.status != Status.CHECK_IN:
        raise ServiceError("check_in_closed", _("Check-in is not open."))
    if not entry.partner_accepted:
        raise ServiceError(
            "partner_pending", _("The invited partner has not accepted yet: nothing to check in.")
        )
    _window(tournament.check_in_opens_at, tournament.check_in_closes_at, "check-in")
    entry.checked_in = True
    entry.save(update_fields=["checked_in"])
    live.tournament_changed(tournament=tournament)
    return entry


@transaction.atomic
def tournament_start(*, tournament_id: int, user: User) -> Tournament:
    """Seed the entries and start round 1; entries not checked in are played by bots."""
    tournament = _locked(tournament_id, user)
    _start(tournament, now=timezone.now())
    return tournament


def _start(tournament: Tournament, *, now: datetime) -> None:
    """Seed and start round 1 (the organizer's Start and the clock's); refusals say why."""
    _check_move(tournament, Status.RUNNING)
    if tournament.status == Status.REGISTRATION:
        # Started without a check-in: everyone entered is taken to be here.
        tournament.entries.update(checked_in=True)
    policy = policy_for(tournament)
    pending = tournament.entries.filter(partner_accepted=False)
    entries = list(tournament.entries.filter(partner_accepted=True).select_related(*with_players()))
    absent = [entry for entry in entries if not entry.checked_in]
    if absent and not tournament.bots_allowed:
        entries = [entry for entry in entries if entry.checked_in]
    individuals = tournament.entry_type == Tournament.EntryType.INDIVIDUALS
    missing = -len(entries) % 4 if individuals else 0
    if missing and not tournament.bots_allowed:
        raise ServiceError(
            "table_of_four",
            ngettext(
                "Individuals sit four to a table: %(players)d players leave %(count)d seat "
                "empty, and this event allows no bots to fill it.",
                "Individuals sit four to a table: %(players)d players leave %(count)d seats "
                "empty, and this event allows no bots to fill them.",
                missing,
            )
            % {"players": len(entries), "count": missing},
        )
    policy.check_start(tournament, len(entries) + missing)
    # Pairs whose partner never accepted were never registered.
    pending.delete()
    if absent and not tournament.bots_allowed:
        Entry.objects.filter(pk__in=[e.pk for e in absent]).delete()
    if missing:
        entries += _table_fillers(tournament, missing=missing)
    _move(tournament, Status.RUNNING)
    for entry in entries:
        entry.no_show = not entry.checked_in
        ratings = [_rating(player, tournament.variant) for player in entry.players()]
        entry.seed_rating = sum(ratings) / len(ratings)
        entry.save(update_fields=["no_show", "seed_rating"])
    tournament.started_at = now
    tournament.problem = ""
    tournament.save(update_fields=["started_at", "problem"])
    try:
        policy.pair_round(tournament, 1)
    except ValueError as error:
        # A last check that round 1 can be drawn: a refusal now beats a stuck event later.
        raise ServiceError(
            "cannot_start", _("Round 1 cannot be paired: %(error)s.") % {"error": error}
        ) from error
    round_create(tournament=tournament, number=1)
    live.tournament_changed(tournament=tournament)


def _table_fillers(tournament: Tournament, *, missing: int) -> list[Entry]:
    """Individuals sit four to a table: computer players fill the last one (and never rank)."""
    fillers = [table_filler(level=tournament.bot_level, number=n) for n in range(1, missing + 1)]
    return [
        Entry.objects.create(tournament=tournament, player_one=bot, checked_in=True, filler=True)
        for bot in fillers
    ]


def _live_tables(tournament: Tournament) -> list[int]:
    """The live tables of the running round (their matches are being played)."""
    tables = RoundTable.objects.filter(
        round__tournament=tournament,
        round__status=Round.Status.RUNNING,
        finished=False,
        table__isnull=False,
    )
    return list(tables.order_by("pk").values_list("table_id", flat=True))


def _paused_tables(tournament: Tournament) -> list[int]:
    """Every table of the event still paused (a table decided meanwhile is not)."""
    tables = Table.objects.filter(
        tournament_table__round__tournament=tournament, paused_at__isnull=False
    )
    return list(tables.order_by("pk").values_list("pk", flat=True))


@transaction.atomic
def tournament_pause(*, tournament_id: int, user: User) -> Tournament:
    """Stop play: the live tables pause, the round's deadline waits, no new round starts."""
    tournament = _locked(tournament_id, user)
    if tournament.status != Status.RUNNING or tournament.is_paused:
        raise ServiceError("not_running", _("Only a running, unpaused tournament can pause."))
    tournament.paused_at = timezone.now()
    tournament.save(update_fields=["paused_at"])
    for table_id in _live_tables(tournament):
        table_pause(table_id=table_id)
    live.tournament_changed(tournament=tournament)
    return tournament


@transaction.atomic
def tournament_resume(*, tournament_id: int, user: User) -> Tournament:
    """Play on: tables resume, the round's deadline moves by the pause, a pending round starts.

    The deadline moves rather than only waiting: a round's minutes are playing time, and the
    tables could not play while paused (round_finalize ignores the deadline meanwhile).
    """
    tournament = _locked(tournament_id, user)
    if tournament.status != Status.RUNNING or tournament.paused_at is None:
        raise ServiceError("not_paused", _("The tournament is not paused."))
    paused_for = timezone.now() - tournament.paused_at
    tournament.paused_at = None
    tournament.problem = ""
    tournament.save(update_fields=["paused_at", "problem"])
    for table_id in _paused_tables(tournament):
        table_resume(table_id=table_id)
    for round_ in tournament.rounds.exclude(status=Round.Status.FINISHED):
        if round_.deadline is not None:
            round_.deadline += paused_for
            round_.save(update_fields=["deadline"])
            deadline_schedule(round_)
        if round_.status == Round.Status.PENDING:
            round_create(tournament=tournament, number=round_.number)
        else:
            # Its tables may all have ended meanwhile, or it failed to finish: look again.
            _on_commit_finalize(round_.pk)
    live.tournament_changed(tournament=tournament)
    return tournament


def _on_commit_finalize(round_id: int) -> None:
    from tournaments import tasks  # tasks call the services: import late.

    transaction.on_commit(lambda: tasks.finalize_round.delay(round_id))


@transaction.atomic
def entry_replace_player(
    *, entry_id: int, user: User, player: User, replacement: User | None
) -> Entry:
    """Swap a player out for the rest of the event: for another player, or for a bot (None).

    At a table being played now the seat is the replacement's at once and for good: a bot
    plays on; a person takes over on opening the table, a bot holding the seat till then.
    """
    entry = Entry.objects.select_related("tournament").filter(pk=entry_id).first()
    if entry is None:
        raise ServiceError("not_found", _("No such entry."))
    tournament = _locked(entry.tournament_id, user)
    if tournament.status in (Status.FINISHED, Status.CANCELLED):
        raise ServiceError("over", _("The tournament is over."))
    slot = {entry.player_one_id: "player_one", entry.player_two_id: "player_two"}.get(player.pk)
    if slot is None:
        raise ServiceError(
            "invalid",
            _("%(player)s does not play in %(entry)s.") % {"player": player, "entry": entry},
        )
    if replacement is None:
        replacement = stand_in(level=tournament.bot_level, seat=0 if slot == "player_one" else 1)
    elif Entry.objects.filter(tournament=tournament, player_one=replacement).exists() or (
        Entry.objects.filter(tournament=tournament, player_two=replacement).exists()
    ):
        raise ServiceError(
            "already_entered",
            _("%(player)s already plays in this event.") % {"player": replacement},
        )
    setattr(entry, slot, replacement)
    entry.save(update_fields=[slot])
    live = RoundTable.objects.filter(
        Q(home=entry) | Q(away=entry), round__status=Round.Status.RUNNING, finished=False
    )
    for table in live:
        if table.table_id is not None and not player.is_bot:
            table_seat_hand_over(table_id=table.table_id, user=player, to=replacement)
    return entry


@transaction.atomic
def tournament_cancel(*, tournament_id: int, user: User) -> Tournament:
    """Call the event off; tables being played finish on their own (paused ones play on)."""
    tournament = _locked(tournament_id, user)
    _move(tournament, Status.CANCELLED)
    tournament.finished_at = timezone.now()
    tournament.paused_at = None
    tournament.problem = ""
    tournament.save(update_fields=["finished_at", "paused_at", "problem"])
    for table_id in _paused_tables(tournament):
        table_resume(table_id=table_id)
    return tournament


# ----- the clock -------------------------------------------------------------------------


# The clock's steps: from a status, the time field that moves the event on, and where to.
SCHEDULE = {
    Status.DRAFT: ("registration_opens_at", Status.REGISTRATION),
    Status.REGISTRATION: ("check_in_opens_at", Status.CHECK_IN),
    Status.CHECK_IN: ("starts_at", Status.RUNNING),
}


def _due(tournament: Tournament, now: datetime) -> Tournament.Status | None:
    """The step the tournament's schedule calls for now, if any."""
    status = Status(tournament.status)
    if status == Status.REGISTRATION and tournament.check_in_opens_at is None:
        # No check-in scheduled: registration goes straight to the start.
        starts = tournament.starts_at
        return Status.RUNNING if starts is not None and starts <= now else None
    step = SCHEDULE.get(status)
    if step is None:
        return None
    at = getattr(tournament, step[0])
    return step[1] if at is not None and at <= now else None


def tournament_advance(*, tournament_id: int, now: datetime) -> int:
    """Take every step of the schedule that is due (a late sweep catches up); steps taken.

    The tournament row is locked and its status read again, so two sweeps, or a sweep and
    the organizer, take each step once. A start that is refused (too few entries) leaves the
    event in check-in for the organizer, and is tried again by the next sweep.
    """
    steps = 0
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        while tournament is not None and (step := _due(tournament, now)) is not None:
            if step == Status.REGISTRATION:
                _move(tournament, Status.REGISTRATION)
            elif step == Status.CHECK_IN:
                _open_check_in(tournament)
            else:
                try:
                    with transaction.atomic():
                        _start(tournament, now=now)
                except ServiceError as error:
                    logger.warning("%s did not start at %s: %s", tournament, now, error.message)
                    tournament.problem = (
                        _("The scheduled start was refused: %(reason)s") % {"reason": error.message}
                    )[:300]
                    tournament.save(update_fields=["problem"])
                    break
            steps += 1
    return steps


def tournaments_advance_due(*, now: datetime) -> int:
    """Beat: every tournament whose scheduled step has come takes it; the steps taken."""
    when = Q()
    for status, (field, _step) in SCHEDULE.items():
        when |= Q(status=status, **{f"{field}__lte": now})
    when |= Q(status=Status.REGISTRATION, check_in_opens_at__isnull=True, starts_at__lte=now)
    due = Tournament.objects.filter(when)
    return sum(
        tournament_advance(tournament_id=pk, now=now) for pk in due.values_list("pk", flat=True)
    )
