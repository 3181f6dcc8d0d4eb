"""Reactions to accounts' signals: a person whose account closes leaves every table they sit
at, as the table page's "Leave" would have them, and their chat lines go with their name; a
guest who signs in to their account takes along the games they played against the computer."""

from __future__ import annotations

from django.dispatch import receiver

from accounts.models import User
from config.account_events import account_closed, guest_signed_in
from games.guests import guest_games_hand_over
from games.models import ChatMessage, Table
from games.services import table_quit


@receiver(account_closed, dispatch_uid="games.leave_on_account_closed")
def leave_every_table(sender: object, *, user: User, **kwargs: object) -> None:
    """In play a computer player takes the seat (the last person concedes); a table still
    waiting frees it."""
    unfinished = Table.objects.filter(seats__user=user).exclude(status=Table.Status.FINISHED)
    for table_id in unfinished.values_list("pk", flat=True).distinct():
        table_quit(table_id=table_id, user=user)
    ChatMessage.objects.filter(user=user).delete()


@receiver(guest_signed_in, dispatch_uid="games.hand_over_on_guest_signed_in")
def take_along_the_guests_games(
    sender: object, *, guest: User, user: User, **kwargs: object
) -> None:
    """The guest's unfinished match against the computer goes on as the account's."""
    guest_games_hand_over(guest=guest, to=user)
